#include "engine/train/guard_trip.h"

#include "engine/inspect/nan_guard.h"

#include <filesystem>

namespace trainscope {

GuardTripped recordGuardTrip(const GuardTripFacts& f, LayerStack& model, const torch::Tensor& x, const torch::Tensor& y,
                             RunRecord& record, const std::function<void(const std::string& warning)>& log) {
  GuardTripped g{f.step, f.what, "", "", f.action};
  // Evidence for the first few trips (skip mode can trip on every step).
  if (f.trip <= 5 && f.writeEvidence) {
    const auto dir = record.dir() / "nan_guard";
    std::filesystem::create_directories(dir);
    try {
      const NanDiagnosis d = investigateNonFinite(
          model, x, y, f.what, f.step, f.epoch + 1,
          (dir / ("trip" + std::to_string(f.trip) + "_step" + std::to_string(f.step) + ".h5")).string());
      g.layer = d.layer;
      g.dump_path = d.dump_path;
    } catch (const std::exception& e) {
      log(std::string("the NaN guard could not write its evidence: ") + e.what());
    }
  }
  if (f.trip <= 20 || f.trip % 100 == 0) {
    std::string line = "NaN guard at step " + std::to_string(f.step) + ": " + f.what;
    line += g.layer.empty() ? "; the forward pass is finite" : "; first non-finite output: layer " + g.layer;
    if (!g.dump_path.empty()) line += "; evidence in " + g.dump_path;
    line += f.action == "pause" ? "; pausing" : f.action == "stop" ? "; stopping" : "; skipping the batch";
    log(line);
  }
  record.info()["nan_guard_trips"] = f.trip;
  if (f.trip <= 20)
    record.info()["nan_guard"].push_back(
        {{"step", f.step}, {"what", f.what}, {"layer", g.layer}, {"dump", g.dump_path}});
  return g;
}

}  // namespace trainscope
