// The interface language: English as written in the code, or a Qt Linguist
// translation compiled into the app (resources/translations/*.ts).
#pragma once

#include "engine/run/message.h"

#include <QString>

class QCoreApplication;

namespace trainscope::ui {

// Installs the translation for `language` ("zh_CN"; "en" or "" = none) on the
// application. Returns false when there is none for it.
bool installTranslation(QCoreApplication& app, const QString& language);

// The language installed for this start ("en" before any): `--lang` chooses it for one
// start only, the View menu for good (QSettings "language").
QString currentLanguage();

// An engine message in the interface language: its source translated under its
// context, then its arguments filled in.
QString translated(const Message& message);

// The message in the interface language, or `english` as it is when the message is
// empty (text the engine had no translatable form for).
QString translatedOr(const Message& message, const std::string& english);

// A run's status as users read it: RunState, or run.json's "status" ("running",
// "interrupted", ...), in the interface language.
QString statusName(const QString& status);

// Why the data layer skipped a file (SkippedItem::reason), in the interface language.
QString skipReason(const std::string& reason);
// A dataset description (DatasetSplits::description, run.json's "dataset"), likewise.
QString datasetText(const std::string& description);

}  // namespace trainscope::ui
