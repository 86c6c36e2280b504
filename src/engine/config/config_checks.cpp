#include "engine/config/config_checks.h"

#include "engine/config/config_fields.h"
#include "engine/config/image_size.h"

namespace trainscope {

DataFamily dataFamilyOf(const DatasetConfig& d) {
  if (d.kind == "text-folder" || (d.kind == "csv" && !d.text_column.empty())) return DataFamily::Text;
  return d.kind == "csv" ? DataFamily::Table : DataFamily::Images;
}

std::string lossMismatch(const std::string& loss, bool regression) {
  const std::string resolved = loss != "auto" ? loss : regression ? "mse" : "cross_entropy";
  if (regression && resolved == "cross_entropy") return "the target is a number (a regression): use mse, huber or auto";
  if (!regression && resolved != "cross_entropy")
    return "the target is a class (a classification): use cross_entropy or auto";
  return "";
}

DataFamily modelFamilyOf(const std::string& name) {
  if (name == "text_cnn" || name == "text_gru") return DataFamily::Text;
  return name == "tabular_mlp" ? DataFamily::Table : DataFamily::Images;
}

namespace {
using C = ExperimentConfig;

template <class S, class T>
void problem(Problems& problems, S C::*section, T S::*member, std::string message) {
  problems.push_back({configField(section, member).key, std::move(message)});
}

const char* familyName(DataFamily f) {
  return f == DataFamily::Table ? "a csv table" : f == DataFamily::Text ? "text" : "images";
}

const char* familyModels(DataFamily f) {
  return f == DataFamily::Table ? "tabular_mlp" : f == DataFamily::Text ? "text_cnn or text_gru" : "an image model";
}

// A model for the data's family; options of another family refused.
void checkFamilies(const ExperimentConfig& c, Problems& problems) {
  const DataFamily data = dataFamilyOf(c.dataset), model = modelFamilyOf(c.model.name);
  if (data != model)
    problem(problems, &C::model, &ModelConfig::name,
            std::string(familyName(data)) + " trains " + familyModels(data) + ", got " + c.model.name);
  if (data == DataFamily::Images) return;
  const std::string notFor = std::string("is for image datasets, not ") + familyName(data);
  if (c.dataset.label_noise > 0) problem(problems, &C::dataset, &DatasetConfig::label_noise, notFor);
  if (!c.dataset.corrections.empty()) problem(problems, &C::dataset, &DatasetConfig::corrections, notFor);
  if (c.training.cutmix_alpha > 0)
    problem(problems, &C::training, &TrainingConfig::cutmix_alpha,
            "cuts image patches: not for " + std::string(familyName(data)));
  if (data == DataFamily::Text && c.training.mixup_alpha > 0)
    problem(problems, &C::training, &TrainingConfig::mixup_alpha, "blends inputs: token ids do not blend");
}

// A table needs its file and its target; a regression loss needs a regression.
void checkTable(const ExperimentConfig& c, Problems& problems) {
  const DatasetConfig& d = c.dataset;
  const bool csv = d.kind == "csv", table = dataFamilyOf(d) == DataFamily::Table;
  if (csv && d.path.empty())
    problem(problems, &C::dataset, &DatasetConfig::path, "missing: a csv dataset needs the table's file");
  if (csv && d.target.empty())
    problem(problems, &C::dataset, &DatasetConfig::target, "missing: the name of the column to predict");
  if (!csv && !d.text_column.empty())
    problem(problems, &C::dataset, &DatasetConfig::text_column, "is a column of a csv dataset");
  const bool regressionLoss = c.training.loss == "mse" || c.training.loss == "huber";
  if (d.task == "classification" && regressionLoss)
    problem(problems, &C::training, &TrainingConfig::loss, c.training.loss + " is a regression loss");
  if (table && d.task == "regression" && c.training.loss == "cross_entropy")
    problem(problems, &C::training, &TrainingConfig::loss, "cross_entropy is a classification loss");
  if (!table && d.task == "regression")
    problem(problems, &C::dataset, &DatasetConfig::task, "a text column trains a classifier");
  if (!table && regressionLoss)
    problem(problems, &C::training, &TrainingConfig::loss,
            std::string(familyName(dataFamilyOf(d))) + " classify: use cross_entropy or auto");
}

void checkDataset(const DatasetConfig& d, Problems& problems) {
  if (d.channels == 2)
    problem(problems, &C::dataset, &DatasetConfig::channels, "must be 1 (grayscale) or 3 (RGB), got 2");
  if (d.kind == "image-folder" && d.root.empty())
    problem(problems, &C::dataset, &DatasetConfig::root,
            "missing: an image folder needs the path of its root (root/<class>/<image>)");
  if (d.kind == "text-folder" && d.root.empty())
    problem(problems, &C::dataset, &DatasetConfig::root,
            "missing: a text folder needs the path of its root (root/<class>/*.txt)");
}

void checkModel(const ModelConfig& m, Problems& problems) {
  if (m.name == "torchscript" && m.path.empty())
    problem(problems, &C::model, &ModelConfig::path,
            "a TorchScript model needs the file saved by torch.jit.save (\"path\": \"model.pt\")");
  const int minimum = minimumImageSize(m.name);
  if (m.image_size > 0 && m.image_size < minimum)
    problem(
        problems, &C::model, &ModelConfig::image_size,
        m.name + " needs images of at least " + std::to_string(minimum) + " px, got " + std::to_string(m.image_size));
  if (m.hidden.empty()) problem(problems, &C::model, &ModelConfig::hidden, "needs at least one layer width");
}

void checkOptimizer(const OptimizerConfig& o, Problems& problems) {
  if (o.betas.size() != 2) problem(problems, &C::optimizer, &OptimizerConfig::betas, "must be [beta1, beta2]");
  if (o.nesterov && o.momentum <= 0)
    problem(problems, &C::optimizer, &OptimizerConfig::nesterov, "needs momentum > 0 (as torch.optim.SGD)");
}

void checkScheduler(const SchedulerConfig& s, Problems& problems) {
  if (s.name == "multistep" && s.milestones.empty())
    problem(problems, &C::scheduler, &SchedulerConfig::milestones,
            "MultiStepLR needs at least one milestone (in epochs)");
  for (size_t i = 1; i < s.milestones.size(); ++i)
    if (s.milestones[i] <= s.milestones[i - 1])
      problem(problems, &C::scheduler, &SchedulerConfig::milestones, "must increase");
}

// A loss spike is a multiple of the running mean: a factor up to 1 would fire on every
// step that is not better than the average.
void checkBreakpoints(const BreakpointConfig& b, bool probesOn, Problems& problems) {
  if (b.dead_share > 0 && !probesOn)
    problems.push_back(
        {configField(&C::training, &TrainingConfig::breakpoints, &BreakpointConfig::dead_share).key,
         "needs " + configField(&C::probes, &ProbeConfig::enabled).key + ": the zero shares come from the probes"});
  if (b.loss_spike > 0 && b.loss_spike <= 1)
    problems.push_back({configField(&C::training, &TrainingConfig::breakpoints, &BreakpointConfig::loss_spike).key,
                        "must be 0 (off) or above 1: a multiple of the loss's running mean, e.g. 3"});
}

void checkTensors(const TensorDumpConfig& t, const nlohmann::json& j, Problems& problems) {
  const ConfigField& kinds = configField(&C::tensors, &TensorDumpConfig::kinds);
  if (kinds.in(j) && t.kinds.empty()) problems.push_back({kinds.key, "must name at least one kind"});
}
}  // namespace

void checkConfigRules(const ExperimentConfig& c, const nlohmann::json& j, Problems& problems) {
  checkDataset(c.dataset, problems);
  checkFamilies(c, problems);
  checkTable(c, problems);
  checkModel(c.model, problems);
  checkOptimizer(c.optimizer, problems);
  checkScheduler(c.scheduler, problems);
  checkBreakpoints(c.training.breakpoints, c.probes.enabled, problems);
  checkTensors(c.tensors, j, problems);
}

}  // namespace trainscope
