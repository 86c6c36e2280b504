// "Try it" for a table's model: one field per column the model reads (a number, or a
// category from its levels), filled from a row of the table, and the model's answer
// as the fields change: the predicted value, or each class's probability.
#pragma once

#include <QDialog>
#include <QString>

#include <map>
#include <memory>
#include <string>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace trainscope {
class TablePredictor;
}

namespace trainscope::ui {

class TryTableDialog : public QDialog {
  Q_OBJECT
 public:
  // `row`: column -> text to start from (a row of the table; may be empty).
  TryTableDialog(const QString& runDir, std::map<std::string, std::string> row, QWidget* parent = nullptr);
  ~TryTableDialog() override;

  // For tests.
  QLabel* answer() const { return answer_; }
  QLineEdit* numberField(const QString& column) const;
  QComboBox* categoryField(const QString& column) const;
  bool ready() const { return predictor_ != nullptr; }

 signals:
  void answered();  // a prediction is shown

 private:
  void buildFields();
  std::map<std::string, std::string> values() const;
  void predict();

  QString runDir_;
  std::map<std::string, std::string> row_;
  std::shared_ptr<const TablePredictor> predictor_;
  QFormLayout* form_;
  QLabel *answer_, *truth_;
  std::vector<std::pair<std::string, QLineEdit*>> numbers_;
  std::vector<std::pair<std::string, QComboBox*>> categories_;
  quint64 asked_ = 0;  // answers to older fields are dropped
};

}  // namespace trainscope::ui
