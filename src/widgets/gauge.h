// A compact gauge: a label, a bar filled to value / maximum, and the value as text.
// When the quantity does not exist here (no GPU) it says so instead of showing a
// made-up number.
#pragma once

#include <QString>
#include <QWidget>

namespace trainscope::widgets {

class Gauge : public QWidget {
  Q_OBJECT
 public:
  explicit Gauge(const QString& label, QWidget* parent = nullptr);

  // value and maximum in the same unit; `text` is what is written ("1.2 GB of 16 GB").
  void setValue(double value, double maximum, const QString& text);
  // The quantity is not available: the bar stays empty and `reason` is shown.
  void setUnavailable(const QString& reason);

  bool available() const { return available_; }
  double fraction() const { return fraction_; }
  QString text() const { return text_; }
  QString label() const { return label_; }
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QString label_, text_;
  double fraction_ = 0;
  bool available_ = false;
};

}  // namespace trainscope::widgets
