#include "ui/pages/placeholder_page.h"

#include <QLabel>
#include <QVBoxLayout>

namespace trainscope::ui {

PlaceholderPage::PlaceholderPage(const QString& title, const QString& description, QWidget* parent) : QWidget(parent) {
  auto* heading = new QLabel(QString("<h2>%1</h2>").arg(title.toHtmlEscaped()), this);
  auto* text = new QLabel(description, this);
  text->setWordWrap(true);
  text->setMaximumWidth(640);
  auto* soon = new QLabel(tr("<i>Coming in a later version of Trainscope.</i>"), this);
  auto* layout = new QVBoxLayout(this);
  layout->addStretch(1);
  layout->addWidget(heading, 0, Qt::AlignHCenter);
  layout->addWidget(text, 0, Qt::AlignHCenter);
  layout->addWidget(soon, 0, Qt::AlignHCenter);
  layout->addStretch(2);
}

}  // namespace trainscope::ui
