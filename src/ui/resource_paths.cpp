#include "ui/resource_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace trainscope::ui {

QString sharedResourceDir(const QString& name) {
  // bin/../share (installed), src/ui/../../share and tests/../share (build tree).
  const QDir here(QCoreApplication::applicationDirPath());
  for (const QString& up : {QStringLiteral(".."), QStringLiteral("../..")}) {
    const QString candidate = here.filePath(up + "/share/trainscope/" + name);
    if (QFileInfo(candidate).isDir()) return QDir(candidate).absolutePath();
  }
  return {};
}

}  // namespace trainscope::ui
