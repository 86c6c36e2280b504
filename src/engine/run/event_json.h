// A run's events as JSON objects, one per line (JSON Lines): what
// `trainscope-cli train --events FILE` writes and the app's run queue reads back.
// Every object has "event" (run_folder, run_started, state, progress, step, epoch,
// log, error, guard, probe, histogram, tensors_saved) and the fields of that event
// under the names of events.h. docs/run-format.md lists them.
#pragma once

#include "engine/run/events.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace trainscope {

nlohmann::json eventToJson(const Event& event);
// The event a JSON object describes; nullopt for an unknown "event" or a malformed
// object (a newer CLI may add kinds: readers skip what they do not know).
std::optional<Event> eventFromJson(const nlohmann::json& object);
// One line of a stream; nullopt for a line that is not a JSON object of a known event.
std::optional<Event> parseEventLine(const std::string& line);

std::optional<RunState> runStateFromString(const std::string& text);

// The first line of a started run's stream, before the engine's first event: where
// its record is, so a reader knows the folder even of a run that fails while setting up.
nlohmann::json runFolderToJson(const std::string& runDir);
// The run folder a stream object names: "run_folder", or "run_started".
std::optional<std::string> runFolderFromJson(const nlohmann::json& object);

}  // namespace trainscope
