#include "engine/deploy/table_tools.h"

#include "engine/config/file_input.h"
#include "engine/data/csv_scan.h"
#include "engine/deploy/trained_model.h"
#include "engine/system/atomic_file.h"
#include "engine/system/error_text.h"
#include "engine/system/threads.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace trainscope {

namespace {
constexpr int64_t kRowsPerBatch = 4096;

// A CSV cell: quoted when it holds the separator, a quote or a line end.
std::string csvCell(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// One row typed in, as a one-row table with the columns the encoding reads.
CsvTable tableOfRow(const TableEncoding& e, const std::map<std::string, std::string>& row) {
  CsvTable t;
  t.path = "the row";
  t.rows = 1;
  t.lines = {1};
  auto text = [&row](const std::string& name) {
    const auto it = row.find(name);
    return it == row.end() || isMissingValue(trimmed(it->second)) ? std::string() : std::string(trimmed(it->second));
  };
  for (const auto& n : e.numbers) {
    TableColumn c;
    c.name = n.name;
    double x = std::nan("");
    if (const std::string v = text(n.name); !v.empty() && !parseNumber(v, &x))
      throw CsvError(t.path, 0, n.name, "\"" + v + "\" is not a number");
    c.numbers = {static_cast<float>(x)};
    t.columns.push_back(std::move(c));
  }
  for (const auto& cat : e.categories) {
    TableColumn c;
    c.name = cat.name;
    c.type = ColumnType::Category;
    const std::string v = text(cat.name);
    c.codes = {v.empty() ? -1 : 0};
    if (!v.empty()) c.levels = {v};
    t.columns.push_back(std::move(c));
  }
  return t;
}
}  // namespace

struct TablePredictor::Impl {
  mutable TrainedModel m;  // forward() is not const in LibTorch
  std::string error;
  bool badInput = false;

  // The model's outputs for encoded rows [n, F]: logits, or a standardised value.
  torch::Tensor forward(std::vector<float>& features, int64_t rows) const {
    torch::NoGradGuard noGrad;
    const torch::Tensor x = torch::from_blob(features.data(), {rows, m.table->featureCount()}, torch::kFloat32);
    return m.model->forward(x).to(torch::kFloat32).contiguous();
  }
  bool regression() const { return m.table->task == "regression"; }
  double valueOf(float standardised) const { return standardised * m.table->target_std + m.table->target_mean; }
};

TablePredictor::TablePredictor(const std::string& runDir, const std::string& checkpoint, int threads)
    : impl_(std::make_unique<Impl>()) {
  impl_->error = failureOf(
      [&] {
        configureThreads(threads);
        impl_->m = loadTrainedModel(runDir, checkpoint);
        if (!impl_->m.table)
          throw ConfigError(runDir, "the run trained on images: trainscope-cli predict RUN IMAGE... takes images");
      },
      &impl_->badInput);
}

TablePredictor::~TablePredictor() = default;
bool TablePredictor::ok() const { return impl_->error.empty(); }
const std::string& TablePredictor::error() const { return impl_->error; }
bool TablePredictor::badInput() const { return impl_->badInput; }
const TableEncoding& TablePredictor::encoding() const { return *impl_->m.table; }

TablePrediction TablePredictor::predict(const std::map<std::string, std::string>& row) const {
  TablePrediction p;
  if (!ok()) {
    p.error = error();
    return p;
  }
  p.error = failureOf([&] {
    const CsvTable t = tableOfRow(encoding(), row);
    std::vector<float> features(static_cast<size_t>(encoding().featureCount()));
    TableEncoder(encoding(), t).encode(0, features.data());
    const torch::Tensor out = impl_->forward(features, 1);
    if (impl_->regression()) {
      p.value = impl_->valueOf(out.data_ptr<float>()[0]);
      p.predicted = numberText(static_cast<float>(p.value));
      return;
    }
    p.classes = classesByProbability(out[0], encoding().classes);
    p.predicted = p.classes.front().label;
  });
  p.ok = p.error.empty();
  return p;
}

namespace {
// Why the predictions may not go to `out` ("" when they may): the input itself, a run's
// own file, a link or a device.
std::string outputProblem(const std::string& csv, const std::string& out) {
  std::error_code same;
  if (out.empty()) return "";
  if (std::filesystem::exists(out) && std::filesystem::equivalent(csv, out, same))
    return "--out is the input file " + csv + ": it would be overwritten";
  const std::string no = whyNotOutputFile(out);
  return no.empty() ? "" : "--out " + out + " " + no;
}
}  // namespace

TablePredictionFile TablePredictor::predictFile(const std::string& csv, const std::string& out,
                                                std::ostream& console) const {
  TablePredictionFile r;
  if (!ok()) {
    r.error = error(), r.bad_input = badInput();
    return r;
  }
  namespace fs = std::filesystem;
  if (const std::string no = outputProblem(csv, out); !no.empty()) return {false, no, true, 0};
  const TableEncoding& e = encoding();
  const fs::path partial = out.empty() ? fs::path() : partialPathFor(out);
  r.error = failureOf(
      [&] {
        CsvReadOptions options;  // a category read as one, whatever its values look like
        for (const auto& c : e.categories) options.categorical.push_back(c.name);
        CsvTable table;
        std::unique_ptr<TableEncoder> reader;
        try {  // a file that cannot be read, or lacks a column the model needs, is the input's fault
          table = readCsvTable(csv, options);
          reader = std::make_unique<TableEncoder>(e, table);
        } catch (const CsvError& bad) {
          throw BadInput(bad.what());
        }
        const TableEncoder& encoder = *reader;
        std::ofstream file;
        if (!out.empty()) {
          file.open(partial, std::ios::binary | std::ios::trunc);
          if (!file) throw BadInput("cannot write " + out);
        }
        std::ostream& to = out.empty() ? console : file;
        // The columns that name a row (identifiers), and the target when the file has it.
        std::vector<int> carried;
        for (size_t c = 0; c < table.columns.size(); ++c)
          if (table.columns[c].type == ColumnType::Identifier || table.columns[c].name == e.target)
            carried.push_back(static_cast<int>(c));
        to << "line";
        for (int c : carried) to << "," << csvCell(table.columns[static_cast<size_t>(c)].name);
        to << "," << csvCell("predicted_" + e.target);
        if (!impl_->regression()) {
          to << ",probability";
          for (const auto& name : e.classes) to << "," << csvCell("p_" + name);
        }
        to << "\n";
        std::vector<float> features;
        for (int64_t first = 0; first < table.rows; first += kRowsPerBatch) {
          const int64_t n = std::min(kRowsPerBatch, table.rows - first);
          features.assign(static_cast<size_t>(n * e.featureCount()), 0.0f);
          for (int64_t k = 0; k < n; ++k) encoder.encode(first + k, features.data() + k * e.featureCount());
          const torch::Tensor outputs = impl_->forward(features, n);
          const torch::Tensor probabilities = impl_->regression() ? outputs : torch::softmax(outputs, 1).contiguous();
          const float* p = probabilities.data_ptr<float>();
          for (int64_t k = 0; k < n; ++k) {
            const int64_t row = first + k;
            to << table.lines[static_cast<size_t>(row)];
            for (int c : carried) to << "," << csvCell(table.columns[static_cast<size_t>(c)].display(row));
            if (impl_->regression()) {
              to << "," << numberText(static_cast<float>(impl_->valueOf(p[k]))) << "\n";
              continue;
            }
            const auto classes = static_cast<int64_t>(e.classes.size());
            const float* q = p + k * classes;
            const int64_t best = std::max_element(q, q + classes) - q;
            to << "," << csvCell(e.classes[static_cast<size_t>(best)]) << "," << numberText(q[best]);
            for (int64_t j = 0; j < classes; ++j) to << "," << numberText(q[j]);
            to << "\n";
          }
        }
        r.rows = table.rows;
        if (out.empty()) return;
        file.flush();
        if (!file) throw BadInput("cannot write " + out + " (disk full?)");
        file.close();
        fs::rename(partial, out);
      },
      &r.bad_input);
  std::error_code ignored;
  if (!r.error.empty() && !partial.empty()) fs::remove(partial, ignored);
  r.ok = r.error.empty();
  return r;
}

}  // namespace trainscope
