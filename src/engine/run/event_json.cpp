#include "engine/run/event_json.h"

#include "engine/run/metric_fields.h"

namespace trainscope {

namespace {
using nlohmann::json;

const char* levelName(LogLevel l) {
  return l == LogLevel::Error ? "error" : l == LogLevel::Warning ? "warning" : "info";
}
LogLevel levelFrom(const std::string& s) {
  return s == "error" ? LogLevel::Error : s == "warning" ? LogLevel::Warning : LogLevel::Info;
}

// JSON has no NaN or infinity: they are written as null and read back as NaN.
json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
json metricJson(double v) { return number(v); }
json metricJson(int64_t v) { return v; }
json metricJson(bool v) { return v; }
double number(const json& j, const char* key) {
  const auto it = j.find(key);
  return it == j.end() || !it->is_number() ? std::nan("") : it->get<double>();
}

json layersJson(const std::vector<LayerInfo>& layers) {
  json out = json::array();
  for (const auto& l : layers) out.push_back({{"name", l.name}, {"type", l.type}});
  return out;
}

json statsJson(const TensorStats& t) {
  return {{"name", t.name},
          {"kind", t.kind},
          {"mean", number(t.mean)},
          {"std", number(t.std)},
          {"min", number(t.min)},
          {"max", number(t.max)},
          {"zero_fraction", number(t.zero_fraction)},
          {"saturation_fraction", number(t.saturation_fraction)},
          {"norm", number(t.norm)},
          {"update_ratio", number(t.update_ratio)}};
}

TensorStats statsFrom(const json& j) {
  TensorStats t;
  t.name = j.value("name", "");
  t.kind = j.value("kind", "");
  t.mean = number(j, "mean"), t.std = number(j, "std"), t.min = number(j, "min"), t.max = number(j, "max");
  t.zero_fraction = number(j, "zero_fraction"), t.saturation_fraction = number(j, "saturation_fraction");
  t.norm = number(j, "norm"), t.update_ratio = number(j, "update_ratio");
  return t;
}

// A metrics event: each declared field under its key, integers and flags as such.
template <class Row>
json metricsJson(const char* event, const std::vector<MetricField<Row>>& fields, const Row& row) {
  json j{{"event", event}};
  for (const auto& f : fields) std::visit([&](auto m) { j[f.key] = metricJson(row.*m); }, f.member);
  return j;
}

// A metrics event's row: missing or non-numeric values are NaN (0 for integers and flags).
template <class Row>
Row metricsFrom(const json& j, const std::vector<MetricField<Row>>& fields) {
  Row row;
  for (const auto& f : fields) {
    const auto it = j.find(f.key);
    const bool given = it != j.end() && (it->is_number() || it->is_boolean());
    const double v =
        given ? (it->is_boolean() ? double(it->template get<bool>()) : it->template get<double>()) : std::nan("");
    f.set(row, f.integer() ? (given ? v : 0) : v);
  }
  return row;
}

struct ToJson {
  json operator()(const RunStarted& e) const {
    return {{"event", "run_started"},
            {"run_dir", e.run_dir},
            {"name", e.name},
            {"device", e.device},
            {"threads", e.threads},
            {"dataset", e.dataset},
            {"train_samples", e.train_samples},
            {"val_samples", e.val_samples},
            {"classes", e.classes},
            {"steps_per_epoch", e.steps_per_epoch},
            {"total_steps", e.total_steps},
            {"resumed", e.resumed},
            {"resumed_at_step", e.resumed_at_step},
            {"layers", layersJson(e.layers)},
            {"probes", e.probes},
            {"histogram_every", e.histogram_every}};
  }
  json operator()(const StateChanged& e) const {
    return {{"event", "state"}, {"state", toString(e.state)}, {"reason", e.reason}};
  }
  json operator()(const Progress& e) const {
    return {{"event", "progress"},
            {"epoch", e.epoch},
            {"epochs", e.epochs},
            {"step_in_epoch", e.step_in_epoch},
            {"steps_per_epoch", e.steps_per_epoch},
            {"global_step", e.global_step},
            {"total_steps", e.total_steps},
            {"samples_per_sec", number(e.samples_per_sec)},
            {"elapsed", number(e.elapsed)},
            {"eta", number(e.eta)},
            {"validating", e.validating},
            {"threads", e.threads},
            {"passive_waits", e.passive_waits}};
  }
  json operator()(const StepMetrics& e) const { return metricsJson("step", stepMetricFields(), e); }
  json operator()(const EpochMetrics& e) const { return metricsJson("epoch", epochMetricFields(), e); }
  json operator()(const LogLine& e) const {
    return {{"event", "log"}, {"level", levelName(e.level)}, {"text", e.text}, {"wall_time", number(e.wall_time)}};
  }
  json operator()(const RunError& e) const {
    return {{"event", "error"}, {"message", e.message}, {"config", e.config}};
  }
  json operator()(const GuardTripped& e) const {
    return {{"event", "guard"}, {"step", e.step},           {"what", e.what},
            {"layer", e.layer}, {"dump_path", e.dump_path}, {"action", e.action}};
  }
  json operator()(const BreakpointHit& e) const {
    return {{"event", "breakpoint"},
            {"step", e.step},
            {"epoch", e.epoch},
            {"kind", e.kind},
            {"layer", e.layer},
            {"value", number(e.value)},
            {"reference", number(e.reference)},
            {"threshold", number(e.threshold)}};
  }
  json operator()(const ProbeSample& e) const {
    json tensors = json::array();
    for (const auto& t : e.tensors) tensors.push_back(statsJson(t));
    return {{"event", "probe"},
            {"step", e.step},
            {"grad_norm", number(e.grad_norm)},
            {"cost_ms", number(e.cost_ms)},
            {"step_ms", number(e.step_ms)},
            {"tensors", std::move(tensors)}};
  }
  json operator()(const Histogram& e) const {
    return {{"event", "histogram"}, {"step", e.step},   {"name", e.name},
            {"kind", e.kind},       {"edges", e.edges}, {"counts", e.counts}};
  }
  json operator()(const BatchSnapshot& e) const {  // the pictures stay in the app
    json layers = json::array();
    for (const auto& l : e.layers) layers.push_back({{"name", l.name}, {"type", l.type}, {"shape", l.shape}});
    return {{"event", "batch_snapshot"},  {"step", e.step},           {"loss", number(e.loss)},
            {"label", e.label},           {"predicted", e.predicted}, {"confidence", number(e.confidence)},
            {"layers", std::move(layers)}};
  }
  json operator()(const TensorsSaved& e) const {
    return {{"event", "tensors_saved"}, {"step", e.step},   {"path", e.path},
            {"group", e.group},         {"count", e.count}, {"error", e.error}};
  }
};
}  // namespace

std::optional<RunState> runStateFromString(const std::string& text) {
  for (RunState s : {RunState::Starting, RunState::Running, RunState::Paused, RunState::Finished, RunState::Stopped,
                     RunState::Failed})
    if (text == toString(s)) return s;
  return std::nullopt;
}

json eventToJson(const Event& event) { return std::visit(ToJson{}, event); }

json runFolderToJson(const std::string& runDir) { return {{"event", "run_folder"}, {"run_dir", runDir}}; }

std::optional<std::string> runFolderFromJson(const json& j) {
  if (!j.is_object()) return std::nullopt;
  const std::string kind = j.value("event", "");
  const auto dir = j.find("run_dir");
  if ((kind != "run_folder" && kind != "run_started") || dir == j.end() || !dir->is_string()) return std::nullopt;
  return dir->get<std::string>();
}

std::optional<Event> eventFromJson(const json& j) {
  try {
    if (!j.is_object()) return std::nullopt;
    const std::string kind = j.value("event", "");
    if (kind == "run_started") {
      RunStarted e;
      e.run_dir = j.at("run_dir").get<std::string>();
      e.name = j.value("name", ""), e.device = j.value("device", ""), e.dataset = j.value("dataset", "");
      e.threads = j.value("threads", 0);
      e.train_samples = j.value("train_samples", int64_t{0}), e.val_samples = j.value("val_samples", int64_t{0});
      e.classes = j.value("classes", std::vector<std::string>{});
      e.steps_per_epoch = j.value("steps_per_epoch", int64_t{0}), e.total_steps = j.value("total_steps", int64_t{0});
      e.resumed = j.value("resumed", false), e.resumed_at_step = j.value("resumed_at_step", int64_t{0});
      for (const auto& l : j.value("layers", json::array()))
        e.layers.push_back({l.value("name", ""), l.value("type", "")});
      e.probes = j.value("probes", false);
      e.histogram_every = j.value("histogram_every", int64_t{0});
      return e;
    }
    if (kind == "state") {
      const auto state = runStateFromString(j.at("state").get<std::string>());
      if (!state) return std::nullopt;
      return StateChanged{*state, j.value("reason", "")};
    }
    if (kind == "progress") {
      Progress e;
      e.epoch = j.value("epoch", int64_t{0}), e.epochs = j.value("epochs", int64_t{0});
      e.step_in_epoch = j.value("step_in_epoch", int64_t{0}),
      e.steps_per_epoch = j.value("steps_per_epoch", int64_t{0});
      e.global_step = j.value("global_step", int64_t{0}), e.total_steps = j.value("total_steps", int64_t{0});
      e.samples_per_sec = number(j, "samples_per_sec"), e.elapsed = number(j, "elapsed"), e.eta = number(j, "eta");
      e.validating = j.value("validating", false);
      e.threads = j.value("threads", 0), e.passive_waits = j.value("passive_waits", false);
      return e;
    }
    // A metrics event needs its index (the first declared field: step, epoch).
    if (kind == "step" && j.at(stepMetricFields().front().key).is_number()) return metricsFrom(j, stepMetricFields());
    if (kind == "epoch" && j.at(epochMetricFields().front().key).is_number())
      return metricsFrom(j, epochMetricFields());
    if (kind == "log")
      return LogLine{levelFrom(j.value("level", "")), j.at("text").get<std::string>(), number(j, "wall_time")};
    if (kind == "error") return RunError{j.at("message").get<std::string>(), j.value("config", false)};
    if (kind == "guard")
      return GuardTripped{j.value("step", int64_t{0}), j.value("what", ""), j.value("layer", ""),
                          j.value("dump_path", ""), j.value("action", "")};
    if (kind == "breakpoint")
      return BreakpointHit{j.value("step", int64_t{0}), j.value("epoch", int64_t{0}), j.value("kind", ""),
                           j.value("layer", ""),        number(j, "value"),           number(j, "reference"),
                           number(j, "threshold")};
    if (kind == "probe") {
      ProbeSample e;
      e.step = j.at("step").get<int64_t>();
      e.grad_norm = number(j, "grad_norm");
      e.cost_ms = number(j, "cost_ms"), e.step_ms = number(j, "step_ms");
      for (const auto& t : j.value("tensors", json::array())) e.tensors.push_back(statsFrom(t));
      return e;
    }
    if (kind == "histogram") {
      Histogram e;
      e.step = j.at("step").get<int64_t>();
      e.name = j.value("name", ""), e.kind = j.value("kind", "");
      e.edges = j.value("edges", std::vector<double>{}), e.counts = j.value("counts", std::vector<double>{});
      return e;
    }
    if (kind == "tensors_saved")
      return TensorsSaved{j.value("step", int64_t{0}), j.value("path", ""), j.value("group", ""), j.value("count", 0),
                          j.value("error", "")};
  } catch (const json::exception&) {  // a field of the wrong type: not an event we can use
  }
  return std::nullopt;
}

std::optional<Event> parseEventLine(const std::string& line) {
  const json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return std::nullopt;
  return eventFromJson(j);
}

}  // namespace trainscope
