#include "engine/config/config_checks.h"

#include "engine/config/config_fields.h"
#include "engine/config/image_size.h"

namespace trainscope {

namespace {
using C = ExperimentConfig;

template <class S, class T>
void problem(Problems& problems, S C::*section, T S::*member, std::string message) {
  problems.push_back({configField(section, member).key, std::move(message)});
}

// A table needs its file, its target and the tabular model; image-only options refuse it.
void checkTable(const ExperimentConfig& c, Problems& problems) {
  const DatasetConfig& d = c.dataset;
  const bool table = d.kind == "csv";
  if (table && d.path.empty())
    problem(problems, &C::dataset, &DatasetConfig::path, "missing: a csv dataset needs the table's file");
  if (table && d.target.empty())
    problem(problems, &C::dataset, &DatasetConfig::target, "missing: the name of the column to predict");
  if (table != (c.model.name == "tabular_mlp"))
    problem(problems, &C::model, &ModelConfig::name,
            table ? "a csv table trains tabular_mlp, got " + c.model.name
                  : "tabular_mlp trains on a csv table (" + configField(&C::dataset, &DatasetConfig::kind).key +
                        " \"csv\")");
  if (table && d.label_noise > 0)
    problem(problems, &C::dataset, &DatasetConfig::label_noise, "is for image datasets, not tables");
  if (table && !d.corrections.empty())
    problem(problems, &C::dataset, &DatasetConfig::corrections, "is for image datasets, not tables");
  if (table && c.training.cutmix_alpha > 0)
    problem(problems, &C::training, &TrainingConfig::cutmix_alpha, "cuts image patches: not for tables");
  const bool regressionLoss = c.training.loss == "mse" || c.training.loss == "huber";
  if (d.task == "classification" && regressionLoss)
    problem(problems, &C::training, &TrainingConfig::loss, c.training.loss + " is a regression loss");
  if (table && d.task == "regression" && c.training.loss == "cross_entropy")
    problem(problems, &C::training, &TrainingConfig::loss, "cross_entropy is a classification loss");
  if (!table && regressionLoss)
    problem(problems, &C::training, &TrainingConfig::loss, "image datasets classify: use cross_entropy or auto");
}

void checkDataset(const DatasetConfig& d, Problems& problems) {
  if (d.channels == 2)
    problem(problems, &C::dataset, &DatasetConfig::channels, "must be 1 (grayscale) or 3 (RGB), got 2");
  if (d.kind == "image-folder" && d.root.empty())
    problem(problems, &C::dataset, &DatasetConfig::root,
            "missing: an image folder needs the path of its root (root/<class>/<image>)");
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

void checkTensors(const TensorDumpConfig& t, const nlohmann::json& j, Problems& problems) {
  const ConfigField& kinds = configField(&C::tensors, &TensorDumpConfig::kinds);
  if (kinds.in(j) && t.kinds.empty()) problems.push_back({kinds.key, "must name at least one kind"});
}
}  // namespace

void checkConfigRules(const ExperimentConfig& c, const nlohmann::json& j, Problems& problems) {
  checkDataset(c.dataset, problems);
  checkTable(c, problems);
  checkModel(c.model, problems);
  checkOptimizer(c.optimizer, problems);
  checkScheduler(c.scheduler, problems);
  checkTensors(c.tensors, j, problems);
}

}  // namespace trainscope
