#include "engine/deploy/run_report.h"

#include "engine/config/config.h"
#include "engine/data/dataset_source.h"
#include "engine/deploy/report_svg.h"
#include "engine/inspect/sample_ranking.h"
#include "engine/record/metrics_file.h"
#include "engine/record/prediction_file.h"
#include "engine/record/run_record.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace trainscope {

namespace fs = std::filesystem;

namespace {

constexpr const char* kStyle = R"CSS(<style>
body { font-family: sans-serif; max-width: 980px; margin: 24px auto; padding: 0 12px; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 28px; border-bottom: 1px solid #ddd; }
table.facts td { padding: 2px 14px 2px 0; } table.facts td:first-child { color: #666; }
table.confusion { border-collapse: collapse; font-size: 12px; }
table.confusion td, table.confusion th { border: 1px solid #ddd; padding: 3px 6px; text-align: right; }
table.confusion th { background: #f4f4f4; font-weight: normal; }
.mistakes { display: flex; flex-wrap: wrap; gap: 10px; }
.mistake { width: 110px; font-size: 11px; text-align: center; }
.mistake img { width: 72px; height: 72px; object-fit: contain; image-rendering: pixelated; border: 1px solid #ccc; }
pre { background: #f7f7f7; padding: 10px; overflow-x: auto; font-size: 12px; }
.note { color: #8a5a00; }
</style>
)CSS";

std::string base64(const std::vector<uchar>& bytes) {
  static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const uint32_t n = (uint32_t(bytes[i]) << 16) | (i + 1 < bytes.size() ? uint32_t(bytes[i + 1]) << 8 : 0) |
                       (i + 2 < bytes.size() ? uint32_t(bytes[i + 2]) : 0);
    out += table[(n >> 18) & 63];
    out += table[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? table[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? table[n & 63] : '=';
  }
  return out;
}

std::string percent(double share) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f%%", share * 100);
  return buffer;
}

std::string factsSection(const nlohmann::json& info) {
  const nlohmann::json config = info.value("config", nlohmann::json::object());
  const nlohmann::json dataset = info.value("dataset", nlohmann::json::object());
  std::string rows;
  auto row = [&](const std::string& key, const std::string& value) {
    if (!value.empty()) rows += "<tr><td>" + htmlEscape(key) + "</td><td>" + htmlEscape(value) + "</td></tr>\n";
  };
  auto text = [](const nlohmann::json& j, const char* key) {
    if (!j.contains(key)) return std::string();
    return j[key].is_string() ? j[key].get<std::string>()
                              : j[key].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  row("status", text(info, "status"));
  row("model", config.contains("model") ? text(config["model"], "name") : "");
  row("dataset", text(dataset, "description"));
  row("samples", text(dataset, "train_samples") + " training, " + text(dataset, "val_samples") + " validation");
  row("epochs completed", text(info, "epochs_completed"));
  if (info.contains("best_val_accuracy") && info["best_val_accuracy"].is_number())
    row("best validation accuracy",
        percent(info["best_val_accuracy"].get<double>()) + " (epoch " + text(info, "best_epoch") + ")");
  row("seed", text(info, "seed"));
  row("device", text(info, "device"));
  row("started", text(info, "start_time"));
  const nlohmann::json versions = info.value("versions", nlohmann::json::object());  // kept: items() refers to it
  for (const auto& [library, version] : versions.items())
    row(library, version.is_string() ? version.get<std::string>()
                                     : version.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  return "<table class=\"facts\">\n" + rows + "</table>\n";
}

// The column `name` of metrics rows as a vector (empty when the file has none).
std::vector<double> column(const std::vector<std::string>& names, const std::vector<std::vector<double>>& rows,
                           const std::string& name) {
  const auto at = std::find(names.begin(), names.end(), name);
  std::vector<double> out;
  if (at == names.end()) return out;
  const size_t k = static_cast<size_t>(at - names.begin());
  for (const auto& r : rows) out.push_back(k < r.size() ? r[k] : std::nan(""));
  return out;
}

std::string curvesSection(const std::string& runDir, std::vector<std::string>& notes) {
  MetricsFile::Contents m;
  try {
    m = MetricsFile::read((fs::path(runDir) / "metrics.h5").string());
  } catch (const std::exception& e) {
    notes.push_back(std::string("no curves: ") + e.what());
    return "<p class=\"note\">No curves: metrics.h5 cannot be read.</p>\n";
  }
  const std::vector<double> steps = column(m.step_columns, m.steps, "step");
  const std::vector<double> epochs = column(m.epoch_columns, m.epochs, "epoch");
  std::string out =
      svgLineChart({{"training loss (per step)", "#1f77b4", steps, column(m.step_columns, m.steps, "loss")},
                    {"validation loss", "#ff7f0e", column(m.epoch_columns, m.epochs, "step"),
                     column(m.epoch_columns, m.epochs, "val_loss"), true}},
                   "step", "loss");
  out += svgLineChart(
      {{"training accuracy", "#1f77b4", epochs, column(m.epoch_columns, m.epochs, "train_accuracy"), true},
       {"validation accuracy", "#ff7f0e", epochs, column(m.epoch_columns, m.epochs, "val_accuracy"), true}},
      "epoch", "accuracy", 640, 220);
  out += svgLineChart({{"learning rate", "#2ca02c", steps, column(m.step_columns, m.steps, "lr")}}, "step",
                      "learning rate", 640, 180);
  return out;
}

// Past 40 classes a k x k table is too large to read (or to mail): the most frequent
// confusions instead.
std::string confusedPairs(const ValidationPredictions& p) {
  const std::vector<int64_t>& last = p.confusion.back();
  const size_t k = p.class_names.size();
  std::vector<std::pair<int64_t, size_t>> cells;
  for (size_t i = 0; i < last.size() && i < k * k; ++i)
    if (i / k != i % k && last[i] > 0) cells.emplace_back(last[i], i);
  std::sort(cells.begin(), cells.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string out = "<p>" + std::to_string(k) +
                    " classes: the 30 most frequent confusions at the last epoch.</p>\n"
                    "<table class=\"confusion\">\n<tr><th>true</th><th>predicted</th><th>images</th></tr>\n";
  for (size_t i = 0; i < cells.size() && i < 30; ++i)
    out += "<tr><td>" + htmlEscape(p.class_names[cells[i].second / k]) + "</td><td>" +
           htmlEscape(p.class_names[cells[i].second % k]) + "</td><td>" + std::to_string(cells[i].first) +
           "</td></tr>\n";
  return out + "</table>\n";
}

std::string confusionSection(const ValidationPredictions& p) {
  if (p.confusion.empty() || p.class_names.empty()) return "<p class=\"note\">No confusion matrix recorded.</p>\n";
  const std::vector<int64_t>& last = p.confusion.back();
  const size_t k = p.class_names.size();
  if (k > 40) return confusedPairs(p);
  int64_t most = 1;
  for (int64_t v : last) most = std::max(most, v);
  std::string out = "<table class=\"confusion\">\n<tr><th>true \\ predicted</th>";
  for (const auto& name : p.class_names) out += "<th>" + htmlEscape(name) + "</th>";
  out += "</tr>\n";
  for (size_t t = 0; t < k; ++t) {
    out += "<tr><th>" + htmlEscape(p.class_names[t]) + "</th>";
    for (size_t c = 0; c < k && t * k + c < last.size(); ++c) {
      const int64_t v = last[t * k + c];
      const int shade = 255 - static_cast<int>(std::lround(150.0 * static_cast<double>(v) / static_cast<double>(most)));
      const std::string color = t == c ? "rgb(" + std::to_string(shade) + ",255," + std::to_string(shade) + ")"
                                       : "rgb(255," + std::to_string(shade) + "," + std::to_string(shade) + ")";
      out += "<td style=\"background:" + (v ? color : std::string("#fff")) + "\">" + std::to_string(v) + "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</table>\n<p>Rows are the true classes, columns what the model predicted, at the last epoch.</p>\n";
}

std::string thumbnail(const Dataset& data, int64_t index) {
  std::string error;
  cv::Mat image = data.load(index, &error);
  if (image.empty()) return {};
  if (image.channels() == 3)
    cv::cvtColor(image, image, cv::COLOR_RGB2BGR);  // datasets give RGB; PNG encoding takes BGR
  const double scale = 72.0 / std::max(image.cols, image.rows);
  if (scale < 1) cv::resize(image, image, cv::Size(), scale, scale, cv::INTER_AREA);
  std::vector<uchar> png;
  if (!cv::imencode(".png", image, png)) return {};
  return "data:image/png;base64," + base64(png);
}

std::string mistakesSection(const nlohmann::json& info, const ValidationPredictions& p, int count,
                            std::vector<std::string>& notes) {
  const std::vector<SampleVerdict> wrong = rankValidationSamples(p, /*misclassifiedOnly=*/true);
  const std::string kind = info.value("config", nlohmann::json::object())
                               .value("dataset", nlohmann::json::object())
                               .value("kind", std::string("fashion-mnist"));
  if (wrong.empty()) return "<p>No validation mistakes at the last epoch.</p>\n";
  std::shared_ptr<const Dataset> val;
  try {
    val = openDataset(parseConfig(info.value("config", nlohmann::json::object()))).val;
  } catch (const std::exception& e) {
    notes.push_back(std::string("mistakes without images: the dataset cannot be opened: ") + e.what());
  }
  auto name = [&](int64_t c) {
    return c >= 0 && c < static_cast<int64_t>(p.class_names.size()) ? p.class_names[static_cast<size_t>(c)]
                                                                    : std::to_string(c);
  };
  std::string out = "<div class=\"mistakes\">\n";
  for (size_t i = 0; i < wrong.size() && static_cast<int>(i) < count; ++i) {
    const SampleVerdict& v = wrong[i];
    const bool there = val && v.index < val->size();
    const bool picture = kind != "csv" && kind != "text-folder";  // a table row or a document has no thumbnail
    const std::string src = there && picture ? thumbnail(*val, v.index) : "";
    const std::string what = there ? val->describe(v.index) : "validation sample " + std::to_string(v.index);
    out += "<div class=\"mistake\" title=\"" + htmlEscape(what) + "\">";
    if (!src.empty()) out += "<img alt=\"" + htmlEscape(what) + "\" src=\"" + src + "\"><br>";
    out += htmlEscape(name(v.label)) + " &rarr; <b>" + htmlEscape(name(v.predicted)) + "</b><br>p(label) " +
           percent(v.p_label) + "</div>\n";
  }
  return out +
         "</div>\n<p>The validation images the model got wrong with the highest loss (most confidently "
         "wrong) first: true class &rarr; predicted.</p>\n";
}

}  // namespace

RunReport runReport(const std::string& runDir, int mistakes) {
  RunReport r;
  nlohmann::json info;
  try {
    info = RunRecord::open(runDir).info();
  } catch (const std::exception& e) {
    r.error = e.what();
    return r;
  }
  const std::string name = info.value("name", fs::path(runDir).filename().string());
  std::string body = "<h1>" + htmlEscape(name) + "</h1>\n" + factsSection(info);
  body += "<h2>Curves</h2>\n" + curvesSection(runDir, r.notes);
  const fs::path predictions = fs::path(runDir) / "predictions.h5";
  if (fs::exists(predictions)) {
    try {
      const ValidationPredictions p = readPredictionFile(predictions.string());
      body += "<h2>Confusion matrix</h2>\n" + confusionSection(p);
      body += "<h2>Top mistakes</h2>\n" + mistakesSection(info, p, mistakes, r.notes);
    } catch (const std::exception& e) {
      r.notes.push_back(std::string("no confusion matrix or mistakes: ") + e.what());
    }
  } else {
    r.notes.push_back("no confusion matrix or mistakes: the run recorded no validation predictions");
  }
  body += "<h2>Experiment</h2>\n<pre>" +
          htmlEscape(info.value("config", nlohmann::json::object())
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)) +
          "</pre>\n";
  for (const auto& note : r.notes) body += "<p class=\"note\">Left out: " + htmlEscape(note) + "</p>\n";
  r.html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + htmlEscape(name) +
           " - Trainscope report</title>\n" + kStyle + "</head>\n<body>\n" + body +
           "<p style=\"color:#888;font-size:11px\">Written by Trainscope from " + htmlEscape(runDir) +
           ". Self-contained: nothing is fetched from the network.</p>\n</body>\n</html>\n";
  r.ok = true;
  return r;
}

}  // namespace trainscope
