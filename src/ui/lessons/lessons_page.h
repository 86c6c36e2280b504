// Lessons: the classic lessons of PyTorch practice, one click each. Lists the lessons
// with their explanation (in the interface language), runs a lesson's variants through
// the run queue, and opens the comparison with the curves that show its point.
#pragma once

#include "engine/run/lesson.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTextBrowser;

namespace trainscope::ui {

class RunQueue;

class LessonsPage : public QWidget {
  Q_OBJECT
 public:
  LessonsPage(RunQueue* queue, QWidget* parent = nullptr);

  // The folder the lessons are read from; "" finds resources/lessons by itself.
  void loadLessons(const QString& folder = {});
  void setRunsDir(const QString& dir) { runsDir_ = dir; }
  // "en" or "zh_CN": the language of the lesson texts.
  void setLanguage(const QString& language);
  const std::vector<Lesson>& lessons() const { return lessons_; }
  QListWidget* list() const { return list_; }
  QTextBrowser* explanation() const { return text_; }
  QPushButton* runButton() const { return run_; }
  // Queues the lesson's runs (the current one when -1).
  void runLesson(int index = -1);
  static QString defaultLessonsFolder();

 signals:
  // A lesson's runs were queued: open the comparison of its runs.
  void lessonStarted(const trainscope::Lesson& lesson);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void showLesson(int row);
  void fillGraphMenu(const Lesson& lesson);
  void retranslate();

  RunQueue* queue_;
  std::vector<Lesson> lessons_;
  QString runsDir_, language_ = "en";  // runsDir_ set by the main window
  QListWidget* list_;
  QTextBrowser* text_;
  QPushButton *run_, *cancel_, *graph_;
  QCheckBox* parallel_;
  QLabel *status_, *heading_;
};

}  // namespace trainscope::ui
