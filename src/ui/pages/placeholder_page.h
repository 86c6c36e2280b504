// A page whose content comes with a later milestone; it says what will be there.
#pragma once

#include <QWidget>

namespace trainscope::ui {

class PlaceholderPage : public QWidget {
  Q_OBJECT
 public:
  PlaceholderPage(const QString& title, const QString& description, QWidget* parent = nullptr);
};

}  // namespace trainscope::ui
