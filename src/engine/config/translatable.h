// QT_TRANSLATE_NOOP for the engine, which never includes Qt: it marks a sentence for
// lupdate (packaging/update_translations.py) and leaves the English text in the code.
// The app translates it under the context given (QCoreApplication::translate).
#pragma once

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x
#endif
