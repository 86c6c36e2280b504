#include "ui/shell/welcome_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace trainscope::ui {

WelcomeDialog::WelcomeDialog(const QString& runsDir, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Welcome to Trainscope"));
  auto* text = new QLabel(
      tr("<h3>Welcome to Trainscope</h3>"
         "<p>Trainscope trains neural networks with LibTorch and shows what happens inside them while they "
         "learn.</p>"
         "<p><b>Ready to go:</b> Fashion-MNIST is loaded and a LeNet is set up. Press <b>Start</b> (F5) on the "
         "Train page and watch the curves; the Inspect and Mistakes pages show the layers and the errors.</p>"
         "<p><b>New to PyTorch practice?</b> The <b>Lessons</b> page replays classic lessons of PyTorch practice "
         "(zero_grad, "
         "train() and eval(), learning rates, overfitting, seeds…), each in one click, and compares the runs "
         "side by side.</p>"
         "<p><b>Your own images:</b> File &gt; Open Image Folder (a folder per class), or drop a folder on the "
         "window.</p>"
         "<p>Runs are kept in <code>%1</code>.</p>")
          .arg(runsDir.toHtmlEscaped()),
      this);
  text->setWordWrap(true);
  text->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* buttons = new QDialogButtonBox(this);
  lessons_ = buttons->addButton(tr("Open the Lessons"), QDialogButtonBox::AcceptRole);
  start_ = buttons->addButton(tr("Start exploring"), QDialogButtonBox::RejectRole);
  start_->setDefault(true);
  connect(lessons_, &QPushButton::clicked, this, &WelcomeDialog::lessonsRequested);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text);
  layout->addWidget(buttons);
  // Narrow enough for a 1024x768 projector, wide enough to read in a few lines.
  setMinimumWidth(420);
  resize(560, sizeHint().height());
}

bool WelcomeDialog::firstStart() { return !QSettings().value("welcomed", false).toBool(); }

void WelcomeDialog::markShown() { QSettings().setValue("welcomed", true); }

}  // namespace trainscope::ui
