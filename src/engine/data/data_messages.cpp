#include "engine/data/data_messages.h"

namespace trainscope {

namespace {
constexpr const char* kContext = "trainscope::SkipReason";

// Longer patterns first: "cannot decode: %1" before "cannot decode".
const std::vector<const char*> kPatterns = {
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot open file (permission denied or vanished)"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot decode (corrupt or unsupported image)"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "folder already listed (a symbolic link back into the data)"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "truncated (the file ends before the image does)"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "malformed JPEG header (no frame header)"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "too large (%1x%2, %3 MP; the limit is %4, %5 MP)"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "class \"%1\" does not exist in the training set"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "empty class folder: no usable images"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "malformed BMP header (width %1)"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "unsupported channel count %1"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "not an image file extension"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "not a recognised image (unknown file header)"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "malformed PNG header"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "broken symbolic link"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot read folder: %1"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot list folder: %1"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot decode: %1"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot read: %1"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot open file"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot decode"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "cannot load"),
    QT_TRANSLATE_NOOP("trainscope::SkipReason", "empty file"),
};

}  // namespace

Message skipReasonMessage(const std::string& reason) {
  static const MessageCatalogue catalogue(kContext, kPatterns);
  return catalogue.recognise(reason);
}

Message datasetLabelMessage(const std::string& description) {
  static const MessageCatalogue catalogue(
      "trainscope::Data", {QT_TRANSLATE_NOOP("trainscope::Data", "Fashion-MNIST (%1)"),
                           QT_TRANSLATE_NOOP("trainscope::Data", "image folder %1 (val/ for validation)"),
                           QT_TRANSLATE_NOOP("trainscope::Data", "image folder %1 (%2% held out for validation)")});
  return catalogue.recognise(description);
}

}  // namespace trainscope
