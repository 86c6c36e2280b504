// What a training run tells the outside world. Plain values only (no torch, no
// pointers into the engine), so the app and the CLI can hold them freely.
#pragma once

#include "engine/run/message.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace trainscope {

enum class RunState { Starting, Running, Paused, Finished, Stopped, Failed };
const char* toString(RunState s);
inline bool isFinal(RunState s) { return s == RunState::Finished || s == RunState::Stopped || s == RunState::Failed; }

// One optimizer step (after gradient accumulation).
struct StepMetrics {
  int64_t step = 0;      // 1-based global optimizer step
  double epoch = 0;      // fractional epoch, e.g. 2.5 = halfway through the third epoch
  double wall_time = 0;  // seconds since the Unix epoch
  double loss = 0;       // mean training loss of the step's batches
  double accuracy = 0;   // top-1 accuracy on the step's batches
  double lr = 0;
  double samples_per_sec = 0;
  double data_wait = 0;  // share of the step spent waiting for the data loader (0..1)
  double padding = 0;    // text: the share of the step's token slots that are padding (NaN otherwise)
};

struct EpochMetrics {
  int64_t epoch = 0;  // 1-based
  int64_t step = 0;   // global step at the end of the epoch
  double wall_time = 0;
  double train_loss = 0, train_accuracy = 0;
  double val_loss = 0, val_accuracy = 0;
  double lr = 0;
  double duration = 0;  // seconds spent in the epoch, pauses excluded
  bool best = false;    // the best epoch so far, by the early-stopping metric
  // A regression's validation errors, in the target's units; NaN for a classification.
  double val_mae = std::nan(""), val_rmse = std::nan(""), val_r2 = std::nan("");
  // The weights' moving average (training.ema_decay) validated; NaN when it is off.
  double ema_val_loss = std::nan(""), ema_val_accuracy = std::nan(""), ema_val_r2 = std::nan("");
};

struct Progress {
  int64_t epoch = 0, epochs = 0;  // epoch is 1-based
  int64_t step_in_epoch = 0, steps_per_epoch = 0;
  int64_t global_step = 0, total_steps = 0;
  double samples_per_sec = 0;
  double elapsed = 0, eta = 0;  // seconds
  bool validating = false;
  int threads = 0;             // intra-op threads now (fewer while other work holds the CPUs)
  bool passive_waits = false;  // they wait asleep between ops instead of spinning
};

enum class LogLevel { Info, Warning, Error };

struct LogLine {
  LogLevel level = LogLevel::Info;
  std::string text;  // English, as log.txt keeps it
  double wall_time = 0;
  Message message = {};  // the text in translatable form, when the engine has one
};

struct LayerInfo {
  std::string name;  // "conv1"
  std::string type;  // "Conv2d"
};

struct RunStarted {
  std::string run_dir;
  std::string name;
  std::string device;
  int threads = 0;
  std::string dataset;
  int64_t train_samples = 0, val_samples = 0;
  std::vector<std::string> classes;
  int64_t steps_per_epoch = 0, total_steps = 0;
  bool resumed = false;
  int64_t resumed_at_step = 0;
  std::vector<LayerInfo> layers;  // the model's named layers, in forward order
  bool probes = false;            // probes.enabled: ProbeSample and Histogram events follow
  int64_t histogram_every = 0;    // probes.histogram_every: steps between histograms (0 = none)
};

struct StateChanged {
  RunState state = RunState::Starting;
  std::string reason;           // English, as run.json keeps it
  Message reason_message = {};  // translatable, when set
};

// A failure inside the engine, as a message: the run is over, the program is not.
struct RunError {
  std::string message;
  // The run's settings or data are the problem, found before its first step (a
  // ConfigError): the CLI exits 2, and a new run's empty folder is not kept.
  bool config = false;
};

// The NaN guard saw a non-finite loss or gradient.
struct GuardTripped {
  int64_t step = 0;       // the optimizer step that went bad (not applied)
  std::string what;       // "loss is nan", "gradient of conv1.weight is inf", ...
  std::string layer;      // the first layer whose output is not finite ("" when none is)
  std::string dump_path;  // HDF5 file with the batch and that layer's input/output
  std::string action;     // pause, stop or skip
};

// A breakpoint (training.breakpoints) paused the run after `step`: what it saw and the
// limit it passed. The run waits, paused, to be resumed or rewound and forked.
struct BreakpointHit {
  int64_t step = 0;
  int64_t epoch = 0;     // epochs done when it fired (val_accuracy_drop: the epoch measured)
  std::string kind;      // loss_spike, val_accuracy_drop, dead_share
  std::string layer;     // dead_share's layer ("" otherwise)
  double value = 0;      // the loss / the accuracy / the zero share
  double reference = 0;  // the running mean / the best accuracy / (none: 0)
  double threshold = 0;  // the configured limit
};

// Statistics of one tensor: a layer's output ("activation"), the gradient of the loss
// with respect to it ("activation_grad"), a parameter ("weight") or its gradient
// ("weight_grad"). Per-step values are estimated from an evenly strided sample.
struct TensorStats {
  std::string name;  // layer or parameter name
  std::string kind;  // activation, activation_grad, weight, weight_grad
  double mean = 0, std = 0, min = 0, max = 0;
  double zero_fraction = 0;            // exact zeros: dead ReLU units
  double saturation_fraction = 0;      // outputs at the bounds of sigmoid (<0.01, >0.99) or tanh (|x| > 0.99)
  double norm = 0;                     // exact L2 norm: gradients every step; weights on histogram steps (else NaN)
  double update_ratio = std::nan("");  // ||step update|| / ||weight||, on histogram steps
};

// The share of the step time the probes may take (issue 4; bench/probe_overhead.sh).
inline constexpr double kProbeBudget = 0.03;

struct ProbeSample {
  int64_t step = 0;
  double grad_norm = 0;  // of all gradients together
  std::vector<TensorStats> tensors;
  // What probing cost: the probes' own time in this step (their forward observer and
  // gradient hooks, parameter statistics, histograms, recording), and the wall time
  // since the previous sample; NaN when unknown (a first sample, an older run).
  double cost_ms = std::nan(""), step_ms = std::nan("");
};

struct Histogram {
  int64_t step = 0;
  std::string name, kind;
  std::vector<double> edges;   // bins + 1 edges, min..max of the tensor
  std::vector<double> counts;  // elements per bin; they sum to the element count
};

// Tensors were saved to the run's tensors.h5 (or could not be: `error`).
struct TensorsSaved {
  int64_t step = 0;
  std::string path;   // the file
  std::string group;  // "/step_000123"
  int count = 0;      // datasets written
  std::string error;
};

// A small greyscale or RGB picture (8 bits per channel, rows top to bottom).
struct Picture {
  int width = 0, height = 0, channels = 1;
  std::vector<uint8_t> pixels;  // width * height * channels
};

// What one layer made of the batch's first image, in "step one batch".
struct LayerSnapshot {
  std::string name, type;
  std::vector<int64_t> shape;  // the whole batch's output shape, e.g. [64, 6, 24, 24]
  Picture picture;             // feature maps side by side (up to 16), or the features as a strip
  int channels_shown = 0, channels = 0;
};

// One batch stepped forward while paused: the first image, every layer's output for it,
// the loss of the step, and what the model predicted for that image.
struct BatchSnapshot {
  int64_t step = 0;
  double loss = 0;
  Picture input;
  std::string label, predicted;
  double confidence = 0;  // softmax probability of `predicted`
  std::vector<LayerSnapshot> layers;
  // The last layer's outputs for the image as each class's softmax probability, by
  // class name (the logits strip, named); empty for a regression.
  std::vector<std::string> classes;
  std::vector<double> probabilities;
};

using Event = std::variant<RunStarted, StateChanged, Progress, StepMetrics, EpochMetrics, LogLine, RunError,
                           GuardTripped, BreakpointHit, ProbeSample, Histogram, TensorsSaved, BatchSnapshot>;

}  // namespace trainscope
