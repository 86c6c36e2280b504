// Where the app finds the files it ships beside itself (lessons): share/trainscope/
// next to the binary, in an installed tree (/usr/bin/../share/trainscope) and in the
// build tree alike (the build stages them into build/<preset>/share/trainscope).
#pragma once

#include <QString>

namespace trainscope::ui {

// The folder share/trainscope/<name> nearest to the running binary, or "" when none.
QString sharedResourceDir(const QString& name);

}  // namespace trainscope::ui
