// The experiment config's fields, each declared once: key (from the member's name),
// range or choices, the app's form row, and the docs/config.md text. A new field is a
// member in config.h plus one declaration here or in config_declarations_training.cpp
// (and its translation); the parser, toJson, the form and the docs follow. Cross-field
// rules live in config_checks.cpp.
#include "engine/config/config_declare.h"
#include "engine/config/image_size.h"

namespace trainscope {

namespace {

void declareTop(std::vector<ConfigField>& fields) {
  TS_TOP_FIELD(name).describesOnly().describe("the experiment's name, kept in `run.json` as `experiment`");
  TS_TOP_FIELD(run_name).describesOnly().describe(
      "the run's name in the run list, legends, CSV columns and its folder (`runs/<run_name>-<date>-<time>`). Empty: "
      "model, dataset and start time, e.g. `lenet-fashion-mnist 14:32:07` (folder "
      "`lenet-fashion-mnist-20261201-143207`); a grid adds what it changed, a lesson its variant. At most 4,096 bytes; "
      "the folder keeps letters of any script, digits, `-`, `_` and `.` of its first 120");
  TS_TOP_FIELD(description).describesOnly().describe("free text");
  TS_TOP_FIELD(seed)
      .fixedOnResume()
      .inGrid()
      .onForm(FormGroup::Resources, 23, QT_TRANSLATE_NOOP("trainscope::Config", "Seed"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Seeds weight initialisation, shuffling and augmentation. Same seed, same run."))
      .describe("seeds weight initialisation, shuffling, augmentation and the train/val split");
  TS_TOP_FIELD(deterministic)
      .onForm(FormGroup::Resources, 24, QT_TRANSLATE_NOOP("trainscope::Config", "Deterministic"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Only deterministic kernels: bit-identical reruns at some speed cost. On the CPU, "
                                "the same seed and thread count already repeat exactly."))
      .describe(
          "`torch.use_deterministic_algorithms(True)`: only deterministic kernels (on CUDA also "
          "`CUBLAS_WORKSPACE_CONFIG=:4096:8`; the few ops without one warn). On the CPU, runs with the same seed and "
          "thread count are already identical");
  TS_TOP_FIELD(device).oneOf({{"auto"}, {"cpu"}, {"cuda"}}).describe("`auto` (CUDA when available), `cpu`, `cuda`");
  TS_TOP_FIELD(threads)
      .range(0, 1024)
      .onForm(
          FormGroup::Resources, 26, QT_TRANSLATE_NOOP("trainscope::Config", "Threads"),
          QT_TRANSLATE_NOOP("trainscope::Config", "LibTorch compute threads; 0 uses every core this process may use."))
      .describe(
          "LibTorch intra-op threads; 0 = the cores this process may really use: its CPU affinity (taskset, "
          "Slurm) and its cgroup's CPU quota (Docker's --cpus, systemd), rounded down, not the host's count; "
          "`doctor` and the run's log say which and why (the app uses them all: its GUI needs under a tenth "
          "of one, see docs/benchmarks.md). While it trains, 0 also fits the count to other work on the "
          "machine: fewer threads while other processes hold the CPUs, back when they free up, each change "
          "in the log (a different count sums in a different order, so such a run repeats within "
          "floating-point tolerance, not bit for bit). A set count (or deterministic: true, where the count changes "
          "the results) is kept; "
          "its threads then wait asleep instead of spinning while the machine is busy");
  TS_TOP_FIELD(epochs)
      .inGrid()
      .range(1, 1e6)
      .onForm(
          FormGroup::Training, 10, QT_TRANSLATE_NOOP("trainscope::Config", "Epochs"),
          QT_TRANSLATE_NOOP("trainscope::Config",
                            "Passes over the training set. Watch the validation curve to see when more stop helping."))
      .describe("passes over the training set");
  TS_TOP_FIELD(runs_dir).describesOnly().filePath().describe(
      "where run folders go; empty: `~/Trainscope/runs`, the user's runs folder; a relative path is relative to the "
      "working folder. `--out` overrides it. A folder, never in `/proc`, `/sys` or `/dev`");
}

// How documents become tokens: a text folder's, or a csv's text column.
void declareText(std::vector<ConfigField>& fields) {
  TS_FIELD(dataset, text_column)
      .fixedOnResume()
      .describe(
          "`csv`: a column of documents; the table becomes a text dataset classifying them by `target` (its other "
          "columns are not used)");
  TS_FIELD(dataset, tokenizer)
      .fixedOnResume()
      .oneOf({{"words", QT_TRANSLATE_NOOP("trainscope::Config", "words")},
              {"characters", QT_TRANSLATE_NOOP("trainscope::Config", "characters")}})
      .describe(
          "text: `words` (ICU's word break iterator, lower-cased, punctuation dropped; Chinese and Japanese "
          "segmented by ICU's dictionaries) or `characters`");
  TS_FIELD(dataset, vocab_size)
      .fixedOnResume()
      .range(0, 1e8)
      .describe(
          "text: the vocabulary's size, `<pad>` and `<unk>` included, most frequent training tokens first; 0 = all");
  TS_FIELD(dataset, min_freq)
      .fixedOnResume()
      .range(1, 1e9)
      .describe("text: a token seen fewer times in the training split reads as `<unk>`");
  TS_FIELD(dataset, max_tokens)
      .fixedOnResume()
      .range(0, 1e7)
      .describe("text: only the first tokens of each document; 0 = all");
}

void declareDataset(std::vector<ConfigField>& fields) {
  TS_FIELD(dataset, kind)
      .fixedOnResume()
      .oneOf({{"fashion-mnist"}, {"image-folder"}, {"csv"}, {"text-folder"}})
      .describe(
          "`fashion-mnist` (built in), `image-folder`, `csv` (a table: docs/tables.md) or `text-folder` "
          "(`root/<class>/*.txt`, one document per file: docs/text.md)");
  TS_FIELD(dataset, root)
      .fixedOnResume()
      .filePath()
      .describe(
          "image folder: `root/<class>/<image>`; text folder: `root/<class>/*.txt`; `root/val/<class>/` (or "
          "`root/train` + `root/val`) is the validation set when present");
  TS_FIELD(dataset, path)
      .fixedOnResume()
      .filePath()
      .describe(
          "`csv`: the table, a header row of column names first; `,` `;` or tab separated (the header's most common), "
          "quoted fields may hold separators and newlines, UTF-8 with or without a BOM");
  TS_FIELD(dataset, val_path)
      .fixedOnResume()
      .filePath()
      .describe(
          "`csv`: a validation table with the same columns (a text column's too); empty: `val_fraction` of the rows");
  TS_FIELD(dataset, target).fixedOnResume().describe("`csv`: the column to predict");
  TS_FIELD(dataset, task)
      .fixedOnResume()
      .oneOf({{"auto"}, {"classification"}, {"regression"}})
      .describe(
          "`csv`: `auto` classifies a text target, or whole numbers with at most 20 distinct values, and regresses "
          "any other number");
  TS_FIELD(dataset, columns)
      .fixedOnResume()
      .describe("`csv`: only these columns feed the model; empty: every column but the target");
  TS_FIELD(dataset, exclude_columns).fixedOnResume().describe("`csv`: columns that never feed the model");
  declareText(fields);
  TS_FIELD(dataset, val_fraction)
      .fixedOnResume()
      .range(0, 0.9)
      .describe(
          "without a val folder or `val_path`: this share of each class (of the rows, for regression), chosen with "
          "the seed");
  TS_FIELD(dataset, channels)
      .fixedOnResume()
      .range(1, 3)
      .describe("image folder: 3 = RGB (as torchvision's ImageFolder), 1 = grayscale");
  TS_FIELD(dataset, train_subset)
      .fixedOnResume()
      .range(0, 1e12)
      .describe("use only this many samples (a seeded random subset); 0 = all");
  TS_FIELD(dataset, val_subset)
      .fixedOnResume()
      .range(0, 1e12)
      .describe("use only this many samples (a seeded random subset); 0 = all");
  TS_FIELD(dataset, max_image_pixels)
      .fixedOnResume()
      .range(1e4, 1e10)
      .describe(
          "image-folder: an image larger than this (width x height, read from its header, never decoded) is skipped "
          "as \"too large (WxH, …)\": a 20000x20000 PNG would need 1.2 GB to decode. Truncated files (no PNG `IEND`, "
          "no JPEG end marker) are skipped at the scan too, so `datasets`, the app and training count the same "
          "images. As in torchvision's ImageFolder, images in sub-folders of a class folder belong to that class");
  TS_FIELD(dataset, label_noise)
      .fixedOnResume()
      .range(0, 0.9)
      .describe(
          "a benchmark of the suspect-label finder: this share of the training labels (0 to 0.9) is flipped to "
          "another class, chosen with the seed; the flipped indices are recorded in `samples.h5` at "
          "`/label_noise/flipped`");
  TS_FIELD(dataset, corrections)
      .fixedOnResume()
      .filePath()
      .describe(
          "a label-corrections file, applied last to the training split: each entry relabels one sample "
          "(`{\"sample\": \"<path or IDX position>\", \"label\": \"<class>\"}`) or leaves it out (`{\"sample\": …, "
          "\"exclude\": true}`). The app writes it from its Suspect labels view; samples are named as the run record "
          "names them, so a correction holds across subsets and seeds. The run's log says how many were relabelled "
          "and excluded, and warns about any that match no sample");
}

void declareLoader(std::vector<ConfigField>& fields) {
  TS_FIELD(loader, batch_size)
      .fixedOnResume()
      .inGrid()
      .range(1, 65536)
      .onForm(FormGroup::Training, 11, QT_TRANSLATE_NOOP("trainscope::Config", "Batch size"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Images per step. Larger batches are faster per image but need more memory and often "
                                "a larger learning rate."))
      .describe("samples per batch, as DataLoader's `batch_size`");
  TS_FIELD(loader, num_workers)
      .range(0, 64)
      .onForm(FormGroup::Resources, 25, QT_TRANSLATE_NOOP("trainscope::Config", "Loader workers"),
              QT_TRANSLATE_NOOP(
                  "trainscope::Config",
                  "Threads preparing batches while the model trains. Raise it when the data-wait share is high."))
      .describe("loader threads; 0 loads in the training thread");
  TS_FIELD(loader, prefetch_factor).range(1, 64).describe("batches in flight per worker");
  TS_FIELD(loader, shuffle).fixedOnResume().describe("reshuffled every epoch, from the seed");
  TS_FIELD(loader, drop_last).fixedOnResume().describe("drop the last, smaller batch");
  TS_FIELD(loader, pin_memory).describe("page-locked batches and non-blocking copies; only on CUDA");
  TS_FIELD(loader, padding)
      .oneOf({{"batch-longest", QT_TRANSLATE_NOOP("trainscope::Config", "to the batch's longest")},
              {"dataset-longest", QT_TRANSLATE_NOOP("trainscope::Config", "to the dataset's longest")}})
      .describe(
          "text: each batch padded with `<pad>` to its own longest document (as `pad_sequence` in a `collate_fn`), "
          "or every batch to the training split's longest. Metrics record the padding share of every step");
  TS_FIELD(loader, bucket_by_length)
      .describe(
          "text: after the shuffle, documents are sorted by length within windows of 50 batches and the batches "
          "shuffled again, so a batch holds documents of similar length and little padding");
}

void declareModelArchitectures(std::vector<ConfigField>& fields);

void declareModel(std::vector<ConfigField>& fields) {
  TS_FIELD(model, name)
      .oneOf({{"mlp"},
              {"lenet"},
              {"vgg"},
              {"resnet18"},
              {"fastcnn"},
              {"tabular_mlp"},
              {"text_cnn"},
              {"text_gru"},
              {"torchscript"}})
      .describe(
          "`mlp`, `lenet`, `vgg` (3 stages of conv-BN-ReLU, Dropout), `resnet18` (a 3x3 stem without max pool for "
          "inputs up to 64 px), `fastcnn` (the Fast CNN for photos: a strided 3x3 stem, three stages of 3x3 "
          "conv-BN-ReLU and a strided 3x3 conv-BN-ReLU doubling the width, global average pooling, Dropout, Linear; "
          "0.5 M parameters, 45 M multiply-adds at 64 px), `tabular_mlp` (for `csv` tables: an embedding or one-hot "
          "code per category column beside the numbers, then Linear-BatchNorm-ReLU-Dropout per `hidden` width), "
          "`text_cnn` (text: an `Embedding`, `Conv1d` of widths 3, 4 and 5 with `hidden[0]` channels each, ReLU, "
          "max over time ignoring the padding, Dropout, Linear), `text_gru` (text: an `Embedding`, a `GRU` of "
          "`hidden[0]` units over the documents, its state after each document's last token, Dropout, Linear), "
          "`torchscript` (your own model, below)");
  TS_FIELD(model, path).filePath().describe("`torchscript`: the file `torch.jit.save` wrote");
  TS_FIELD(model, head)
      .oneOf({{"auto"}, {"replace"}, {"keep"}})
      .describe(
          "`torchscript`: replace the module's last Linear layer (the last 2-D `weight` with one row per output) "
          "with a new one for the dataset's classes: `auto` when the counts differ, `replace` always, `keep` never");
  TS_FIELD(model, freeze)
      .describe(
          "parameters that do not train: `\"backbone\"` (every parameter but the head's, the head being the module "
          "owning the last 2-D weight with one row per class: `fc3` of LeNet, `fc` of ResNet-18), or names and name "
          "prefixes from the summary (`\"conv1\"`, `\"layer1\"`; a prefix matches at a `.`). Any model. BatchNorm "
          "layers keep updating their running statistics, as in PyTorch");
  TS_FIELD(model, unfreeze_epoch)
      .range(0, 1 << 20)
      .onForm(FormGroup::Training, 17, QT_TRANSLATE_NOOP("trainscope::Config", "Unfreeze at epoch"),
              QT_TRANSLATE_NOOP(
                  "trainscope::Config",
                  "Fine-tuning: from this epoch on, the frozen layers (Model page) train too. 0 keeps them frozen."))
      .describe("from this epoch (1-based) on, the frozen parameters train too; 0 = never");
  TS_FIELD(model, backbone_lr_factor)
      .range(0, 1e6)
      .onForm(FormGroup::Training, 18, QT_TRANSLATE_NOOP("trainscope::Config", "Backbone LR factor"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Fine-tuning: the learning rate of every layer but the classifier head, as a share "
                                "of the rate (0.1 is common). 1 trains all alike."))
      .describe(
          "the learning rate of every parameter but the head's, as a factor of the scheduled rate (a second "
          "parameter group, as `optimizer.param_groups[0]`)");
  TS_FIELD(model, image_size)
      .range(0, kMaximumImageSize)
      .describe(
          "the side of the square images the model sees: every `RandomResizedCrop`/`CenterCrop` of both pipelines "
          "takes it, a `Resize` before a crop keeps its ratio to the crop (256/224 stays 8/7), a last `Resize` "
          "becomes `[size, size]`, and a pipeline without one gets `Resize [size, size]` before `ToTensor`. 0 = the "
          "transforms decide. Checked against the model's smallest input (`lenet` 12, `vgg` 8, `resnet18` 8, "
          "`fastcnn` 16) and at most 1024");
  declareModelArchitectures(fields);
}

// The fields of particular architectures, and how any model is run (checkpointing).
void declareModelArchitectures(std::vector<ConfigField>& fields) {
  TS_FIELD(model, hidden).range(1, 1 << 20).describe("MLP layer widths; text models: `hidden[0]` channels or units");
  TS_FIELD(model, activation).oneOf({{"relu"}, {"sigmoid"}, {"tanh"}}).describe("MLP: `relu`, `sigmoid`, `tanh`");
  TS_FIELD(model, dropout).inGrid().range(0, 0.99).describe("MLP (before the last layer) and VGG classifier; 0 = none");
  TS_FIELD(model, residual).describe("MLP: hidden layers of equal width become `x + activation(Linear(x))` (lesson 5)");
  TS_FIELD(model, batch_norm).describe("`tabular_mlp`: `BatchNorm1d` after each hidden `Linear`");
  TS_FIELD(model, categorical)
      .oneOf({{"embed", QT_TRANSLATE_NOOP("trainscope::Config", "embedding")},
              {"onehot", QT_TRANSLATE_NOOP("trainscope::Config", "one-hot")}})
      .describe(
          "`tabular_mlp`: each category column as a learned `Embedding` or a one-hot vector (code 0 is missing or "
          "unseen in training)");
  TS_FIELD(model, embedding_dim)
      .range(0, 4096)
      .describe(
          "`tabular_mlp`: the width of each category's embedding; 0 = min(16, (levels + 1) / 2). Text models: the "
          "token embedding's width; 0 = 64");
  TS_FIELD(model, packed)
      .describe(
          "`text_gru`: the GRU runs over packed sequences (`pack_padded_sequence`) and never steps through the "
          "padding; off, it runs over the padded batch and reads each document's state at its last token");
  TS_FIELD(model, activation_checkpointing)
      .range(0, 1 << 20)
      .onForm(FormGroup::Training, 24, QT_TRANSLATE_NOOP("trainscope::Config", "Activation checkpointing (segments)"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Trades compute for memory: the layers are cut into this many segments and all but "
                                "the last keep no activations; backward recomputes them. Start near the square root "
                                "of the layer count, and measure. 0 is off."))
      .describe(
          "trade compute for memory, as `torch.utils.checkpoint.checkpoint_sequential(model, segments, x)`: the "
          "layers are cut into this many segments of equal layer counts; in training, every segment but the last runs "
          "without keeping its activations and is run again in backward, with the random state it first had "
          "(dropout draws alike) and BatchNorm's running statistics updated once. The last runs normally, since "
          "backward would recompute it at once. Start near the square root of the layer count (as PyTorch advises) and "
          "measure; more "
          "segments than layers count as one per layer. 0 or 1 = off. Gradients equal the plain run's; the "
          "gradients of activations inside a recomputed segment are not probed (its last layer's are)");
}

void declareOptimizer(std::vector<ConfigField>& fields) {
  TS_FIELD(optimizer, name)
      .inGrid()
      .oneOf({{"sgd", "SGD"}, {"adam", "Adam"}, {"adamw", "AdamW"}})
      .onForm(
          FormGroup::Optimizer, 0, QT_TRANSLATE_NOOP("trainscope::Config", "Optimizer"),
          QT_TRANSLATE_NOOP(
              "trainscope::Config",
              "How the weights move. SGD with momentum is the classic and generalises well; Adam adapts a step size "
              "per weight and is forgiving of the learning rate; AdamW is Adam with weight decay done right."))
      .describe("`sgd`, `adam`, `adamw`");
  TS_FIELD(optimizer, lr)
      .inGrid()
      .above(0, 1e6)
      .onForm(FormGroup::Optimizer, 1, QT_TRANSLATE_NOOP("trainscope::Config", "Learning rate"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "The size of each step. Too high and the loss jumps or becomes NaN; too low and "
                                "nothing happens. Typical: 0.1-0.01 for SGD, 1e-3 to 3e-4 for Adam."))
      .describe("base learning rate");
  TS_FIELD(optimizer, momentum)
      .inGrid()
      .range(0, 1)
      .onForm(FormGroup::Optimizer, 1, QT_TRANSLATE_NOOP("trainscope::Config", "Momentum"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "SGD only: how much of the previous step carries over, smoothing noisy gradients. 0.9 "
                                "is the usual choice."))
      .describe("SGD");
  TS_FIELD(optimizer, nesterov)
      .onForm(FormGroup::Optimizer, 2, QT_TRANSLATE_NOOP("trainscope::Config", "Nesterov"),
              QT_TRANSLATE_NOOP(
                  "trainscope::Config",
                  "SGD only: looks ahead along the momentum before computing the gradient; often slightly better."))
      .describe("SGD");
  TS_FIELD(optimizer, weight_decay)
      .inGrid()
      .range(0, 1e3)
      .onForm(FormGroup::Optimizer, 3, QT_TRANSLATE_NOOP("trainscope::Config", "Weight decay"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Pulls weights towards zero each step, a brake on overfitting. Try 1e-4 to 5e-4; "
                                "raise it when the validation loss climbs while the training loss falls."))
      .describe("L2 for SGD and Adam, decoupled for AdamW");
  TS_FIELD(optimizer, betas).range(0, 0.999999).describe("Adam, AdamW");
  TS_FIELD(optimizer, eps).above(0, 1).describe("Adam, AdamW");
}

void declareScheduler(std::vector<ConfigField>& fields) {
  TS_FIELD(scheduler, name)
      .inGrid()
      .oneOf({{"constant", QT_TRANSLATE_NOOP("trainscope::Config", "constant")},
              {"step", "StepLR"},
              {"multistep", "MultiStepLR"},
              {"cosine", QT_TRANSLATE_NOOP("trainscope::Config", "cosine")}})
      .onForm(FormGroup::Schedule, 4, QT_TRANSLATE_NOOP("trainscope::Config", "Schedule"),
              QT_TRANSLATE_NOOP(
                  "trainscope::Config",
                  "How the learning rate changes during training. Lowering it late lets the model settle into a "
                  "minimum: step drops it by gamma every step_size epochs, cosine glides it down smoothly."))
      .describe(
          "`constant`, `step` (StepLR), `multistep` (MultiStepLR), `cosine` (annealed per step to `eta_min` over the "
          "run)");
  TS_FIELD(scheduler, step_size)
      .above(0, 1e6)
      .onForm(FormGroup::Schedule, 5, QT_TRANSLATE_NOOP("trainscope::Config", "Step size (epochs)"),
              QT_TRANSLATE_NOOP("trainscope::Config", "StepLR: epochs between two drops."))
      .describe("StepLR period in epochs");
  TS_FIELD(scheduler, gamma)
      .above(0, 1e3)
      .onForm(FormGroup::Schedule, 6, QT_TRANSLATE_NOOP("trainscope::Config", "Gamma"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "StepLR / MultiStepLR: the factor of each drop (0.1 = ten times smaller)."))
      .describe("StepLR / MultiStepLR factor");
  TS_FIELD(scheduler, milestones)
      .range(0, 1e6)
      .onForm(FormGroup::Schedule, 7, QT_TRANSLATE_NOOP("trainscope::Config", "Milestones (epochs)"),
              QT_TRANSLATE_NOOP("trainscope::Config", "MultiStepLR: the epochs at which to drop, e.g. 30, 60."))
      .describe("MultiStepLR epochs");
  TS_FIELD(scheduler, eta_min)
      .range(0, 1e6)
      .onForm(FormGroup::Schedule, 8, QT_TRANSLATE_NOOP("trainscope::Config", "Minimum rate"),
              QT_TRANSLATE_NOOP("trainscope::Config", "Cosine: the learning rate it ends at."))
      .describe("cosine floor");
  TS_FIELD(scheduler, warmup_epochs)
      .range(0, 1e6)
      .onForm(FormGroup::Schedule, 9, QT_TRANSLATE_NOOP("trainscope::Config", "Warmup (epochs)"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Start small and ramp up linearly over this many epochs: large models and large "
                                "batches are unstable in their first steps. May be fractional, e.g. 0.5."))
      .describe("linear warmup (may be fractional) from `warmup_start_factor * lr`");
  TS_FIELD(scheduler, warmup_start_factor).above(0, 1).describe("the share of `lr` the warmup starts from");
}

void declareDistributed(std::vector<ConfigField>& fields) {
  TS_FIELD(distributed, timeout_seconds)
      .range(1, 86400)
      .describe(
          "how long a rank waits for the others: to meet at the start, and in any collective. A rank that dies or "
          "hangs makes the others fail after at most this long, naming it");
  TS_FIELD(distributed, bucket_mb)
      .range(0.001, 4096)
      .describe(
          "gradients are all-reduced in buckets of about this many MB, each launched as soon as the backward pass "
          "has filled it");
}

void declareProbes(std::vector<ConfigField>& fields) {
  TS_FIELD(probes, enabled)
      .onForm(FormGroup::Debugging, 21, QT_TRANSLATE_NOOP("trainscope::Config", "Probes"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Statistics of every layer's output and gradient each step, and histograms, for the "
                                "Inspect page and probes.h5. Within 3% of a step's time."))
      .describe(
          "every step: statistics of each layer's output and its gradient, and of each parameter and its gradient, "
          "into `probes.h5`");
  TS_FIELD(probes, histogram_every)
      .range(0, 1e9)
      .onForm(FormGroup::Debugging, 22, QT_TRANSLATE_NOOP("trainscope::Config", "Histogram every (steps)"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Steps between full histograms and update-to-weight ratios (0 = none). Each costs a "
                                "pass over every activation and gradient."))
      .describe("steps between full histograms (and update-to-weight ratios); 0 = none");
  TS_FIELD(probes, bins).range(2, 4096).describe("histogram bins");
  TS_FIELD(probes, sample)
      .range(16, 1 << 24)
      .describe("values per tensor for the per-step statistics (an evenly strided sample)");
}

void declareRecord(std::vector<ConfigField>& fields) {
  TS_FIELD(record, tensorboard)
      .onForm(FormGroup::Debugging, 23, QT_TRANSLATE_NOOP("trainscope::Config", "TensorBoard events"),
              QT_TRANSLATE_NOOP("trainscope::Config",
                                "Also write TensorBoard event files in the run's tensorboard folder while it trains, "
                                "so tensorboard --logdir shows it live."))
      .describe(
          "also write TensorBoard event files in `<run>/tensorboard/` while training (scalars, histograms; flushed "
          "every 5 s), so `tensorboard --logdir` shows the run as it trains");
}

void declarePitfalls(std::vector<ConfigField>& fields) {
  TS_FIELD(pitfalls, skip_zero_grad).describe("never clears the gradients: each `backward()` adds to the last step's");
  TS_FIELD(pitfalls, skip_eval)
      .describe(
          "validates in `train()` mode: Dropout stays on, BatchNorm uses batch statistics (and updates its running "
          "ones)");
  TS_FIELD(pitfalls, skip_normalize).describe("leaves `Normalize` out of both pipelines");
}

void declareTensors(std::vector<ConfigField>& fields) {
  TS_FIELD(tensors, steps).range(1, 1e9).describe("optimizer steps (1-based) at which to save");
  TS_FIELD(tensors, every)
      .range(0, 1e9)
      .describe("also every N steps; 0 = never (each save holds whole activations: mind the disk)");
  TS_FIELD(tensors, layers)
      .describe(
          "layer names as the model summary shows them (`conv1`, `fc1`); empty = every layer. An unknown name fails "
          "the run at start, listing the model's layers");
  TS_FIELD(tensors, kinds)
      .oneOfValues(tensorKinds())
      .describe(
          "any of `activation` (the layer's output), `activation_grad` (the loss's gradient with respect to it), "
          "`weight` (the layer's parameters), `weight_grad` (their gradients)");
}

}  // namespace

const std::vector<ConfigField>& configFields() {
  static const std::vector<ConfigField> declared = [] {
    std::vector<ConfigField> fields;
    declareTop(fields);
    declareDataset(fields);
    declareLoader(fields);
    declareModel(fields);
    declareOptimizer(fields);
    declareScheduler(fields);
    declareTrainingFields(fields);
    declareDistributed(fields);
    declareProbes(fields);
    declareRecord(fields);
    declarePitfalls(fields);
    declareTensors(fields);
    return fields;
  }();
  return declared;
}

}  // namespace trainscope
