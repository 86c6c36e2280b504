// What the data layer says, in translatable form: why a file or folder was skipped, and
// a dataset's description. Both are written in English (run records keep them so);
// these recognise a sentence against the catalogue of those the data layer can write,
// with their arguments, for the app to translate (records written earlier too).
#pragma once

#include "engine/run/message.h"

#include <string>
#include <vector>

namespace trainscope {

// The reason as a Message; its text is empty when the reason is not in the catalogue
// (then show the English as it is).
Message skipReasonMessage(const std::string& reason);

// A dataset description (DatasetSplits::description, run.json's "dataset").
Message datasetLabelMessage(const std::string& description);

}  // namespace trainscope
