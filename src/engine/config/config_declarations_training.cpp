// The training section's fields and the sections inside it, declared as in
// config_declarations.cpp (split from it to keep each file small).
#include "engine/config/config_declare.h"

namespace trainscope {

namespace {
void declareTraining(std::vector<ConfigField>& fields) {
  TS_FIELD(training, loss)
      .oneOf({{"auto"}, {"cross_entropy"}, {"mse"}, {"huber"}})
      .describe(
          "the criterion: `cross_entropy` (`nn.CrossEntropyLoss`, classification), `mse` (`nn.MSELoss`) or `huber` "
          "(`nn.HuberLoss`, delta 1; regression, on the target standardised with the training split's mean and "
          "standard deviation); `auto` picks `cross_entropy` or `mse` by the task");
  TS_FIELD(training, grad_accum_steps)
      .fixedOnResume()
      .range(1, 1 << 16)
      .onForm(FormGroup::Training, 12, QT_TRANSLATE_NOOP("trainscope::Config", "Gradient accumulation"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Sum the gradients of this many batches before one optimizer step: a large effective "
                                "batch when memory is short."))
      .describe("batches per optimizer step (the loss is divided by it)");
  TS_FIELD(training, clip_grad_norm)
      .inGrid()
      .range(0, 1e9)
      .onForm(FormGroup::Training, 13, QT_TRANSLATE_NOOP("trainscope::Config", "Clip gradient norm"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Scales gradients down when their overall norm exceeds this (0 = off). A seat belt "
                                "against exploding gradients; 1.0 to 5.0 is common."))
      .describe("clip the global gradient norm to this; 0 = off");
  TS_FIELD(training, label_smoothing)
      .range(0, 1)
      .onForm(FormGroup::Training, 14, QT_TRANSLATE_NOOP("trainscope::Config", "Label smoothing"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Trains towards 90% instead of 100% confidence (at 0.1), which calibrates the model "
                                "and often helps a little."))
      .describe("CrossEntropy label smoothing (training loss only)");
  TS_FIELD(training, mixup_alpha)
      .range(0, 100)
      .onForm(FormGroup::Training, 15, QT_TRANSLATE_NOOP("trainscope::Config", "MixUp alpha"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Blends each batch with a shuffled copy of itself, labels too (Beta(alpha, alpha) "
                                "weights): a brake on overfitting small datasets. Try 0.2; 0 is off."))
      .describe(
          "MixUp: each training batch becomes `lam * x + (1 - lam) * x[perm]` with `lam ~ Beta(alpha, alpha)`, and "
          "the loss `lam * CE(logits, y) + (1 - lam) * CE(logits, y[perm])` (timm, torchvision v2). 0 = off; 0.2 is "
          "usual");
  TS_FIELD(training, cutmix_alpha)
      .range(0, 100)
      .onForm(FormGroup::Training, 16, QT_TRANSLATE_NOOP("trainscope::Config", "CutMix alpha"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Pastes a box from another image of the batch, labels weighted by its area. Try 1.0; "
                                "0 is off. With MixUp on too, each batch gets one of the two."))
      .describe(
          "CutMix: a box of area `1 - lam` pasted from `x[perm]`, `lam` then the share of pixels kept; the same "
          "loss. 0 = off; 1.0 is usual. With both on, each batch gets one of the two, half and half. Training "
          "accuracy counts each target by its share");
  TS_FIELD(training, mix_prob)
      .range(0, 1)
      .describe(
          "the share of batches mixed when either is on. The draws are seeded by (seed, batch), so a resumed run "
          "mixes as the original did");
  TS_FIELD(training, precision)
      .oneOf({{"fp32", QT_TRANSLATE_NOOP("trainscope::Config", "float32")},
              {"bf16", QT_TRANSLATE_NOOP("trainscope::Config", "bfloat16 (mixed)")}})
      .onForm(FormGroup::Training, 23, QT_TRANSLATE_NOOP("trainscope::Config", "Precision"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "bfloat16 runs the forward pass's matrix products and convolutions in 16 bits "
                                "(autocast), the weights staying 32-bit. Faster only on CPUs with native bfloat16 "
                                "instructions (the System page's check says) and on recent GPUs."))
      .describe(
          "`fp32`, or `bf16`: mixed precision, the forward pass under LibTorch's autocast in bfloat16 (PyTorch's "
          "`torch.autocast(device_type, dtype=torch.bfloat16)`, on the CPU or a CUDA GPU): matmuls and "
          "convolutions in bfloat16, the weights, gradients and optimizer in float32, the loss on float32 logits, "
          "backward outside autocast; validation too. bfloat16 keeps float32's range, so no loss scaling. It pays "
          "on CPUs with native bfloat16 instructions (AVX512_BF16, AMX; `trainscope-cli doctor` says) and on "
          "Ampere or newer GPUs; elsewhere it is emulated and slower. fp16 (which needs a GradScaler) is not "
          "offered");
  TS_FIELD(training, max_steps)
      .range(0, 1e15)
      .describe(
          "end the run after this many optimizer steps, validating the partial epoch; resuming with a higher limit "
          "(or 0 = none) trains the rest of that epoch");
}

// What the run does when it goes wrong, and how often it saves itself.
void declareTrainingSafety(std::vector<ConfigField>& fields) {
  TS_FIELD(training, nan_guard)
      .oneOf({{"pause", QT_TRANSLATE_NOOP("trainscope::Config", "pause")},
              {"stop", QT_TRANSLATE_NOOP("trainscope::Config", "stop")},
              {"skip", QT_TRANSLATE_NOOP("trainscope::Config", "skip the batch")},
              {"off", QT_TRANSLATE_NOOP("trainscope::Config", "off")}})
      .onForm(FormGroup::Debugging, 19, QT_TRANSLATE_NOOP("trainscope::Config", "NaN guard"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "When the loss or a gradient becomes NaN or infinite: pause the run (and save the "
                                "batch and the first bad layer to HDF5), stop it, or skip that batch and go on. The "
                                "bad step is never applied. Its check costs about 1% of a step."))
      .describe(
          "when the loss or a gradient becomes NaN/Inf: `pause` (the app waits for you; `trainscope-cli` stops, as "
          "nobody can resume), `stop`, `skip` the batch and carry on, or `off`. The bad step is never applied; the "
          "batch and the first layer with a non-finite output are saved to `nan_guard/` in the run folder");
  TS_FIELD(training, anomaly_detection)
      .onForm(FormGroup::Debugging, 20, QT_TRANSLATE_NOOP("trainscope::Config", "Anomaly detection (slow)"),
              QT_TRANSLATE_NOOP(
                  "trainscope::Config",
                  "autograd's detect_anomaly: every backward op checks its output and the first one producing NaN is "
                  "named. Costs about half the speed: turn it on to chase a NaN, not to train."))
      .describe(
          "autograd anomaly mode: every backward op checks its result and the guard names the op that made the NaN. "
          "Expect about half the speed");
  TS_FIELD(training, checkpoint_every_steps)
      .range(0, 1e15)
      .describe(
          "also write `checkpoints/last.pt` every N optimizer steps inside an epoch (0: off). Epoch ends always "
          "save");
  TS_FIELD(training, checkpoint_every_seconds)
      .range(0, 1e9)
      .describe(
          "and every N seconds of training inside an epoch (0: off), so a crash loses at most about this much work "
          "on any model. A resume continues with the next batch and reproduces the uninterrupted losses exactly");
  TS_FIELD(training, checkpoint_ring)
      .range(0, 10000)
      .describe(
          "keep this many of the newest checkpoints (epoch ends and those inside epochs) in `checkpoints/ring/`, "
          "each named by its step, to rewind the run to one and fork it with other settings (`trainscope-cli fork "
          "RUN --at STEP --set ...`; docs/search.md). 0 keeps none. Each costs a checkpoint's size on disk (the "
          "weights and the optimizer's state)");
}

// Conditions that pause the run, as a debugger's breakpoints (engine/train/breakpoints.h).
void declareBreakpoints(std::vector<ConfigField>& fields) {
  TS_FIELD(training.breakpoints, loss_spike)
      .range(0, 1e6)
      .onForm(FormGroup::Debugging, 24, QT_TRANSLATE_NOOP("trainscope::Config", "Break on loss spike (× mean)"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Pause the run when a step's loss rises above this many times its running mean "
                                "(3 is a sharp spike); 0 is off. Then look, resume, or rewind and fork it."))
      .describe(
          "pause the run when a step's training loss is above this many times its running mean (an exponential "
          "average over about the last 50 steps, armed after 20 steps); 0 = off, otherwise above 1 (3 catches a "
          "sharp spike; a spike counts in the mean as the limit only). It fires again only once the loss has come "
          "back under the limit. In the app the run waits to be resumed or rewound and forked; `trainscope-cli` "
          "stops it and says how to fork it");
  TS_FIELD(training.breakpoints, val_accuracy_drop)
      .range(0, 1)
      .onForm(FormGroup::Debugging, 25, QT_TRANSLATE_NOOP("trainscope::Config", "Break on accuracy drop"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Pause when validation accuracy falls this far below its best so far (0.05 is 5 "
                                "points); 0 is off. A regression watches its R²."))
      .describe(
          "pause the run after an epoch whose validation accuracy (a regression's R²) is more than this below the "
          "best epoch's so far (0.05: 5 points); 0 = off. It fires again only after the metric has come back within "
          "the limit");
  TS_FIELD(training.breakpoints, dead_share)
      .range(0, 1)
      .onForm(FormGroup::Debugging, 26, QT_TRANSLATE_NOOP("trainscope::Config", "Break on dead layer (share)"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Pause when this share of a layer's outputs are exactly zero (0.9: nine in ten "
                                "ReLU units dead); 0 is off. Needs the probes."))
      .describe(
          "pause the run when at least this share of a ReLU's outputs (or a residual block's, which ends in one) "
          "are exact zeros in a probed step: dead units, 0.9 is nine in ten. Estimated from the probes' sample "
          "(`probes.sample` values per layer), so it needs `probes.enabled`; 0 = off. Looked at after 20 steps; it "
          "fires again for a layer only once its share has fallen 0.05 below the limit");
}

// Weight averaging: the moving average of the weights, validated beside them.
void declareWeightAveraging(std::vector<ConfigField>& fields) {
  TS_FIELD(training, ema_decay)
      .range(0, 0.999999)
      .onForm(FormGroup::Training, 19, QT_TRANSLATE_NOOP("trainscope::Config", "Weight averaging (EMA decay)"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Keeps an exponential moving average of the weights, validated each epoch beside "
                                "them; the average is then the model you export. 0.999 suits a few thousand steps; "
                                "0 is off. Validation takes twice as long."))
      .describe(
          "an exponential moving average of the weights (timm's ModelEmaV2, PyTorch's `AveragedModel` with "
          "`get_ema_multi_avg_fn`): after each optimizer step `ema = d * ema + (1 - d) * w` for every parameter "
          "and BatchNorm statistic, with `d = min(ema_decay, (1 + n) / (10 + n))` at the n-th update, as "
          "TensorFlow's `ExponentialMovingAverage`, so a short run is not averaged towards its initial weights. "
          "Validated after each epoch (`ema_val_loss`, `ema_val_accuracy`, a regression's `ema_val_r2`), kept in "
          "the checkpoints (`ema`), and the run's model unless `early_stopping.metric` names a metric of the "
          "trained weights. 0 = off; 0.999 suits a few thousand steps, 0.9999 longer runs");
}

// When to stop a run that no longer improves, and which epoch is its best.
void declareEarlyStopping(std::vector<ConfigField>& fields) {
  TS_FIELD(training.early_stopping, patience)
      .range(0, 1e6)
      .onForm(FormGroup::Training, 20, QT_TRANSLATE_NOOP("trainscope::Config", "Early stopping (patience)"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Stop when the validation metric has not improved for this many epochs (0 = off). "
                                "The run then keeps its best epoch's weights, not its last."))
      .describe(
          "stop the run when `metric` has not improved for this many epochs in a row; 0 = off. The run ends as "
          "finished, its log and `run.json`'s `early_stopping` saying when and why");
  TS_FIELD(training.early_stopping, metric)
      .oneOf({{"auto", QT_TRANSLATE_NOOP("trainscope::Config", "auto")},
              {"val_loss", QT_TRANSLATE_NOOP("trainscope::Config", "validation loss")},
              {"val_accuracy", QT_TRANSLATE_NOOP("trainscope::Config", "validation accuracy")},
              {"val_mae", QT_TRANSLATE_NOOP("trainscope::Config", "validation MAE")},
              {"val_rmse", QT_TRANSLATE_NOOP("trainscope::Config", "validation RMSE")},
              {"val_r2", QT_TRANSLATE_NOOP("trainscope::Config", "validation R²")},
              {"ema_val_loss", QT_TRANSLATE_NOOP("trainscope::Config", "EMA validation loss")},
              {"ema_val_accuracy", QT_TRANSLATE_NOOP("trainscope::Config", "EMA validation accuracy")},
              {"ema_val_r2", QT_TRANSLATE_NOOP("trainscope::Config", "EMA validation R²")}})
      .onForm(FormGroup::Training, 21, QT_TRANSLATE_NOOP("trainscope::Config", "Early stopping metric"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "What must keep improving, and what picks the best epoch (the model you export). "
                                "auto: validation accuracy, or R² for a regression; with weight averaging on, the "
                                "average's."))
      .describe(
          "the epoch metric (a `metrics.h5` column) that must improve, and that picks the run's best epoch, kept "
          "as `checkpoints/best.pt`, with early stopping off too. `auto`: `val_accuracy`, or `val_r2` for a "
          "regression, and with `ema_decay` on the average's (`ema_val_accuracy`, `ema_val_r2`); `val_mae`, "
          "`val_rmse` and the R²s are a regression's, the accuracies a classification's. An `ema_` metric makes "
          "the weights' moving average the run's model");
  TS_FIELD(training.early_stopping, mode)
      .oneOf({{"auto"}, {"min"}, {"max"}})
      .describe("`min` (a loss or an error improves downwards), `max`, or `auto`: by the metric");
  TS_FIELD(training.early_stopping, min_delta)
      .range(0, 1e9)
      .describe(
          "an epoch improves only when it beats the best by more than this, in the metric's units (0.001 of "
          "`val_accuracy` is 0.1 points)");
  TS_FIELD(training.early_stopping, restore_best)
      .onForm(FormGroup::Training, 22, QT_TRANSLATE_NOOP("trainscope::Config", "Restore best weights"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "With early stopping on: the trained model (export, predictions) is the best "
                                "epoch's. Off: the last epoch's."))
      .describe(
          "with early stopping on: the run's model (what `export`, `predict` and the app's exports take) is its best "
          "epoch's, `checkpoints/best.pt`; `false`: its last, `checkpoints/last.pt`. With early stopping off the "
          "best epoch's is taken, as before");
}

}  // namespace

void declareTrainingFields(std::vector<ConfigField>& fields) {
  declareTraining(fields);
  declareTrainingSafety(fields);
  declareWeightAveraging(fields);
  // Sections inside training come after its own fields (configSections()).
  declareEarlyStopping(fields);
  declareBreakpoints(fields);
}

}  // namespace trainscope
