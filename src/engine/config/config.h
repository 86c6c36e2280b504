// The experiment config: one JSON format for the app, the CLI, presets and lessons.
// Plain C++ (no torch, no Qt) so every layer of the program can include it.
#pragma once

#include "engine/config/problem.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

// One torchvision transform. Only the fields of the named transform are used.
struct TransformSpec {
  std::string name;                                              // Resize, CenterCrop, RandomResizedCrop, ...
  std::vector<int> size;                                         // [s] (shorter edge / square) or [h, w]
  std::vector<double> scale{0.08, 1.0};                          // RandomResizedCrop
  std::vector<double> ratio{3.0 / 4.0, 4.0 / 3.0};               // RandomResizedCrop
  double p = 0.5;                                                // RandomHorizontalFlip
  double brightness = 0, contrast = 0, saturation = 0, hue = 0;  // ColorJitter
  int num_output_channels = 1;                                   // Grayscale
  std::vector<double> mean, std;                                 // Normalize
};

struct DatasetConfig {
  std::string kind = "fashion-mnist";        // fashion-mnist | image-folder | csv | text-folder
  std::string root;                          // image-folder: root/<class>/<image>; text-folder: root/<class>/*.txt
  std::string path;                          // csv: the table, a header row first
  std::string val_path;                      // csv: a validation table with the same columns (else val_fraction)
  std::string target;                        // csv: the column to predict
  std::string task = "auto";                 // csv: auto | classification | regression
  std::vector<std::string> columns;          // csv: only these columns feed the model (empty: all)
  std::vector<std::string> exclude_columns;  // csv: and never these
  std::string text_column;                   // csv: a column of documents; the table becomes a text dataset
  std::string tokenizer = "words";           // text: words (ICU word break) | characters
  int64_t vocab_size = 20000;                // text: tokens kept, <pad> and <unk> included; 0 = all
  int64_t min_freq = 2;                      // text: a token seen fewer times in training is <unk>
  int64_t max_tokens = 400;                  // text: the first tokens of each document; 0 = all
  double val_fraction = 0.1;                 // image-folder without root/val, csv without val_path
  int channels = 3;                          // image-folder: 3 (RGB, as ImageFolder) or 1
  int64_t train_subset = 0;                  // first N shuffled train samples; 0 = all
  int64_t val_subset = 0;
  int64_t max_image_pixels = 40'000'000;  // image-folder: larger images are skipped, never decoded
  double label_noise = 0;                 // this share of training labels flipped to another class (seeded)
  std::string corrections;                // a label-corrections file (relabel/exclude), applied last
};

struct LoaderConfig {
  int batch_size = 64;
  int num_workers = 2;
  int prefetch_factor = 2;  // batches in flight per worker
  bool shuffle = true;
  bool drop_last = false;
  bool pin_memory = true;                 // only takes effect on CUDA
  std::string padding = "batch-longest";  // text: batch-longest | dataset-longest
  bool bucket_by_length = false;          // text: batches of documents of similar length
};

struct ModelConfig {
  std::string name =
      "lenet";         // mlp | lenet | vgg | resnet18 | fastcnn | tabular_mlp | text_cnn | text_gru | torchscript
  int image_size = 0;  // square input side for both pipelines; 0 = the transforms decide
  std::string path;    // torchscript: a module saved by torch.jit.save
  std::string head = "auto";  // torchscript: auto | replace | keep (its last Linear)
  // Fine-tuning, any model: parameters frozen ("backbone" = all but the head, or name
  // prefixes like "layer1") until unfreeze_epoch (1-based; 0 = never), and the
  // backbone's learning rate as a factor of optimizer.lr.
  std::vector<std::string> freeze;
  int unfreeze_epoch = 0;
  double backbone_lr_factor = 1.0;
  std::vector<int> hidden{256, 128};  // mlp
  std::string activation = "relu";    // mlp: relu | sigmoid | tanh
  double dropout = 0.5;               // mlp, vgg
  bool residual = false;              // mlp: x + act(fc(x)) between hidden layers of equal width
  bool batch_norm = true;             // tabular_mlp: BatchNorm1d after each hidden Linear
  std::string categorical = "embed";  // tabular_mlp: embed | onehot (each category column)
  int embedding_dim = 0;              // tabular_mlp: 0 = min(16, (levels + 1) / 2) per column; text: 0 = 64
  bool packed = true;                 // text_gru: the GRU runs over packed sequences, skipping the padding
  // torch.utils.checkpoint.checkpoint_sequential's segments: all but the last are run
  // without keeping activations and recomputed in backward; 0 or 1 = off.
  int activation_checkpointing = 0;
};

struct OptimizerConfig {
  std::string name = "sgd";  // sgd | adam | adamw
  double lr = 0.01;
  double momentum = 0.9;
  bool nesterov = false;
  double weight_decay = 0.0;
  std::vector<double> betas{0.9, 0.999};
  double eps = 1e-8;
};

struct SchedulerConfig {
  std::string name = "constant";   // constant | step | multistep | cosine
  double step_size = 30;           // epochs (StepLR)
  double gamma = 0.1;              // StepLR, MultiStepLR
  std::vector<double> milestones;  // epochs (MultiStepLR)
  double eta_min = 0.0;            // cosine
  double warmup_epochs = 0.0;      // linear warmup from warmup_start_factor * lr
  double warmup_start_factor = 0.1;
};

// Stops a run whose validation metric has stopped improving (Keras' EarlyStopping,
// Lightning's): the same metric picks the best epoch, kept as checkpoints/best.pt.
struct EarlyStoppingConfig {
  int patience = 0;  // epochs without improvement before the run stops; 0 = off
  // auto (val_accuracy; a regression: val_r2; ema_ ones with ema_decay) | val_loss | val_accuracy | ...
  std::string metric = "auto";
  std::string mode = "auto";  // auto (by the metric) | min | max
  double min_delta = 0;       // an improvement must beat the best by more than this
  bool restore_best = true;   // the run's model (exports, predictions) is its best epoch's, not its last
};

// Breakpoints, as a debugger's: conditions that pause the run so it can be looked at,
// resumed, or rewound to a checkpoint of its ring and forked. 0 turns each off; a NaN
// pauses through nan_guard.
struct BreakpointConfig {
  double loss_spike = 0;         // a step's loss above this many times its running mean (e.g. 3)
  double val_accuracy_drop = 0;  // validation accuracy this far below its best (0.05: 5 points)
  double dead_share = 0;         // a layer whose outputs are at least this share exact zeros (0.9)
};

struct TrainingConfig {
  std::string loss = "auto";  // auto (cross_entropy or mse by the task) | cross_entropy | mse | huber
  int grad_accum_steps = 1;
  double clip_grad_norm = 0.0;  // 0 = off
  double label_smoothing = 0.0;
  // MixUp / CutMix: Beta(alpha, alpha) blends of a batch with a shuffled copy; 0 = off.
  double mixup_alpha = 0.0, cutmix_alpha = 0.0;
  double mix_prob = 1.0;  // the share of batches mixed when either is on
  int64_t max_steps = 0;  // stop after this many optimizer steps; 0 = no limit
  // When the loss or a gradient becomes NaN/Inf: pause, stop, skip (the batch) or off.
  std::string nan_guard = "pause";
  bool anomaly_detection = false;  // autograd anomaly mode: names the backward op, ~2x slower
  BreakpointConfig breakpoints;
  // Checkpoints inside an epoch too (checkpoints/last.pt, with the loader's position),
  // so a crash loses at most this much work; 0 turns either off. Epoch ends always save.
  int64_t checkpoint_every_steps = 0;
  double checkpoint_every_seconds = 120;
  // Every checkpoint is also kept in checkpoints/ring/ (the newest this many), so a run
  // can be rewound to one and forked (trainscope-cli fork); 0 keeps none.
  int checkpoint_ring = 3;
  EarlyStoppingConfig early_stopping;
  // Weight averaging: an exponential moving average of the weights, validated beside
  // them and, when on, the run's model; 0 = off.
  double ema_decay = 0.0;
  // Mixed precision: fp32, or bf16 (the forward pass under autocast in bfloat16).
  std::string precision = "fp32";
};

// Data-parallel training over processes (torchrun, Slurm, --nproc): docs/distributed.md.
// Only read when the process is one of several; a single process ignores it.
struct DistributedConfig {
  // A rank that dies or hangs makes the others fail after this long in a collective.
  double timeout_seconds = 300;
  double bucket_mb = 25;  // gradients are all-reduced in buckets of about this size
};

// Deliberate mistakes, for teaching only (the lessons): off by default, written to the
// run record, and announced in the log when on.
struct PitfallConfig {
  bool skip_zero_grad = false;  // gradients accumulate across steps
  bool skip_eval = false;       // validation in train() mode: Dropout on, BatchNorm on batch statistics
  bool skip_normalize = false;  // no Normalize in either pipeline
  bool any() const { return skip_zero_grad || skip_eval || skip_normalize; }
};

// What the engine measures inside the network while it trains (the Inspect page).
struct ProbeConfig {
  // On by default: within the 3% budget (docs/benchmarks.md).
  bool enabled = true;
  int64_t histogram_every = 50;  // steps between full histograms (0 = none)
  int bins = 64;
  int sample = 512;  // values per tensor for the per-step statistics
};

// What the run writes besides its own record.
struct RecordConfig {
  // TensorBoard event files in <run>/tensorboard/ while it trains (record/tensorboard_live.h).
  bool tensorboard = false;
};

// Tensors saved to the run's tensors.h5 (docs/run-format.md): chosen layers'
// activations, their gradients, and their parameters and parameter gradients, at
// chosen steps. The app and the CLI can also ask for a save at the next step.
struct TensorDumpConfig {
  std::vector<int> steps;           // optimizer steps (1-based) to save at
  int64_t every = 0;                // and every N steps; 0 = never
  std::vector<std::string> layers;  // layer names ("conv1"); empty = all layers
  std::vector<std::string> kinds = {"activation", "activation_grad", "weight", "weight_grad"};
};

// A save asked for while a run trains (app, CLI): honoured at the next step.
struct TensorDumpRequest {
  std::vector<std::string> layers;  // empty = every layer
  std::vector<std::string> kinds = {"activation", "activation_grad", "weight", "weight_grad"};
};

inline const std::vector<std::string>& tensorKinds() {
  static const std::vector<std::string> kinds = {"activation", "activation_grad", "weight", "weight_grad"};
  return kinds;
}

struct ExperimentConfig {
  std::string name = "experiment";
  std::string run_name;  // the run's name in lists and legends; empty = model, dataset and start time
  std::string description;
  uint64_t seed = 0;
  bool deterministic = false;
  std::string device = "auto";  // auto | cpu | cuda
  int threads = 0;              // 0 = the usable cores, fitted to other work while training
  int epochs = 10;
  std::string runs_dir;  // "" = the user's runs folder, ~/Trainscope/runs (system/install_paths.h)
  DatasetConfig dataset;
  std::vector<TransformSpec> train_transforms;
  std::vector<TransformSpec> val_transforms;
  LoaderConfig loader;
  ModelConfig model;
  OptimizerConfig optimizer;
  SchedulerConfig scheduler;
  TrainingConfig training;
  DistributedConfig distributed;
  ProbeConfig probes;
  RecordConfig record;
  TensorDumpConfig tensors;
  PitfallConfig pitfalls;
};

// Parses and validates (config_fields.h declares each field); throws ConfigError
// with one Problem per bad field ({"optimizer.lr", "must be > 0 ..."}).
ExperimentConfig parseConfig(const nlohmann::json& j);
ExperimentConfig loadConfigFile(const std::string& path);
// The JSON of a config file (comments allowed), unparsed; problems name `field`.
nlohmann::json readConfigJson(const std::string& path, const std::string& field = "config");
nlohmann::json toJson(const ExperimentConfig& c);
nlohmann::json toJson(const TransformSpec& t);
// A pipeline as its JSON array, each transform by toJson.
nlohmann::json pipelineJson(const std::vector<TransformSpec>& pipeline);

// Applies "a.b.c=value" overrides (value parsed as JSON, else taken as a string).
void applyOverride(nlohmann::json& j, const std::string& assignment);

// The transforms a dataset gets when the config names none.
std::vector<TransformSpec> defaultTransforms(const DatasetConfig& d, bool train);

}  // namespace trainscope
