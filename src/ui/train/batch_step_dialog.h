// "What the network sees": the batch stepped forward while paused (Run ▸ Step one batch,
// F7), layer by layer: the first image, each layer's output shape and a picture of its
// output for that image (feature maps for conv layers), the loss and the prediction.
#pragma once

#include "engine/run/events.h"

#include <QDialog>

class QGridLayout;
class QLabel;

namespace trainscope::ui {

class BatchStepDialog : public QDialog {
  Q_OBJECT
 public:
  explicit BatchStepDialog(QWidget* parent = nullptr);
  void show(const BatchSnapshot& snapshot);
  int layerRows() const { return rows_; }
  QLabel* summary() const { return summary_; }

 private:
  void addProbabilities(const BatchSnapshot& snapshot);
  QLabel *summary_, *input_;
  QGridLayout* layers_;
  int rows_ = 0;
};

}  // namespace trainscope::ui
