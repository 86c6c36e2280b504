#include "ui/translation.h"

#include "engine/data/data_messages.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace trainscope::ui {

namespace {
QString& installedLanguage() {
  static QString language = "en";
  return language;
}
}  // namespace

QString currentLanguage() { return installedLanguage(); }

bool installTranslation(QCoreApplication& app, const QString& language) {
  installedLanguage() = language.isEmpty() ? QString("en") : language;
  static QTranslator* ours = nullptr;
  static QTranslator* qt = nullptr;
  for (QTranslator** t : {&ours, &qt})
    if (*t) {
      app.removeTranslator(*t);
      delete *t;
      *t = nullptr;
    }
  if (language.isEmpty() || language == "en") {
    // English is the source language; this file holds only its plural forms
    // ("%n thread(s)" -> "1 thread" / "2 threads").
    ours = new QTranslator(&app);
    if (ours->load(":/i18n/trainscope_en.qm"))
      app.installTranslator(ours);
    else
      delete ours, ours = nullptr;
    return true;
  }
  ours = new QTranslator(&app);
  if (!ours->load(":/i18n/trainscope_" + language + ".qm")) {
    delete ours;
    ours = nullptr;
    return false;
  }
  app.installTranslator(ours);
  // Qt's own dialogs (OK, Cancel, file dialogs), when Debian's Qt translations are installed.
  qt = new QTranslator(&app);
  if (qt->load("qtbase_" + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    app.installTranslator(qt);
  else {
    delete qt;
    qt = nullptr;
  }
  return true;
}

QString translated(const Message& message) {
  const QString pattern = QCoreApplication::translate(message.context, message.text);
  std::vector<std::string> args = message.args;
  for (size_t i = 0; i < message.nested.size() && i < args.size(); ++i)
    if (!message.nested[i].empty()) args[i] = translated(message.nested[i]).toStdString();
  return QString::fromStdString(fillPlaceholders(pattern.toStdString(), args));
}

QString translatedOr(const Message& message, const std::string& english) {
  return message.empty() ? QString::fromStdString(english) : translated(message);
}

QString skipReason(const std::string& reason) { return translatedOr(skipReasonMessage(reason), reason); }

QString datasetText(const std::string& description) {
  return translatedOr(datasetLabelMessage(description), description);
}

QString statusName(const QString& status) {
  static const char* const names[] = {QT_TRANSLATE_NOOP("trainscope::ui::RunStatus", "starting"),
                                      QT_TRANSLATE_NOOP("trainscope::ui::RunStatus", "running"),
                                      QT_TRANSLATE_NOOP("trainscope::ui::RunStatus", "paused"),
                                      QT_TRANSLATE_NOOP("trainscope::ui::RunStatus", "finished"),
                                      QT_TRANSLATE_NOOP("trainscope::ui::RunStatus", "stopped"),
                                      QT_TRANSLATE_NOOP("trainscope::ui::RunStatus", "failed"),
                                      QT_TRANSLATE_NOOP("trainscope::ui::RunStatus", "interrupted"),
                                      QT_TRANSLATE_NOOP("trainscope::ui::RunStatus", "damaged")};
  for (const char* name : names)
    if (status == QLatin1String(name)) return QCoreApplication::translate("trainscope::ui::RunStatus", name);
  return status;  // a status written by a newer version: shown as it is
}

}  // namespace trainscope::ui
