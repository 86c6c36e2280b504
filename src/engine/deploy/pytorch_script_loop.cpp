// The script's training: the optimizer, the learning-rate schedule as the engine sets
// it, the loop, validation and checkpoints, and main().
#include "engine/config/config_fields.h"
#include "engine/deploy/pytorch_script_parts.h"

namespace trainscope::script {

namespace {

constexpr const char* kOptimizer = R"PY(

# ---- Optimizer and learning-rate schedule ----


def make_optimizer(model):
    return {{optimizer}}


def lr_factor(step, steps_per_epoch, total_steps):
    """The learning rate at an optimizer step, as a share of LR:
    {{schedule_doc}}.
    The engine sets it before each step; here a LambdaLR steps after each."""
    warmup = math.floor(WARMUP_EPOCHS * steps_per_epoch + 0.5)
    factor = 1.0
    if warmup > 0 and step < warmup:  # linear warmup from WARMUP_START_FACTOR * LR
        factor = WARMUP_START_FACTOR + (1 - WARMUP_START_FACTOR) * step / warmup
{{schedule}}
)PY";

constexpr const char* kTrainOneEpoch = R"PY(

# ---- The loop ----


def train_one_epoch(model, loader, optimizer, scheduler, steps_done):
    """One pass over the training data. Returns the mean loss, the accuracy and the
    optimizer steps done so far."""
    model.train()  # Dropout on, BatchNorm normalises with each batch's statistics
    total_loss = correct = seen = 0
    for i, (x, y) in enumerate(loader):
{{loop}}
        total_loss += loss.item() * len(y)
        correct += (logits.argmax(1) == y).sum().item()
        seen += len(y)
    return total_loss / max(seen, 1), correct / max(seen, 1), steps_done


@torch.no_grad()  # validation builds no autograd graph: faster, and nothing to backpropagate
def evaluate(model, loader):
    """The loss and accuracy on data the model never trains on."""
{{eval_mode}}
    total_loss = correct = seen = 0
    for x, y in loader:
        logits = model(x)
        total_loss += F.cross_entropy(logits, y, reduction="sum").item()
        correct += (logits.argmax(1) == y).sum().item()
        seen += len(y)
    if not seen:  # no validation data: no numbers, and no best epoch
        return math.nan, math.nan
    return total_loss / seen, correct / seen
)PY";

constexpr const char* kRegressionEpoch = R"PY(

# ---- The loop ----

LOSS = {{loss_function}}  # of the standardised target

def train_one_epoch(model, loader, optimizer, scheduler, steps_done):
    """One pass over the training data. Returns the mean loss (on the standardised
    target) and the optimizer steps done so far."""
    model.train()  # Dropout on, BatchNorm normalises with each batch's statistics
    total_loss = seen = 0
    for i, (x, y) in enumerate(loader):
{{loop}}
        total_loss += loss.item() * len(y)
        seen += len(y)
    return total_loss / max(seen, 1), steps_done


@torch.no_grad()  # validation builds no autograd graph: faster, and nothing to backpropagate
def evaluate(model, loader, target_std):
    """The loss, and the errors in the target's own units: the mean absolute error, the
    root mean square error, and R² (1 - the squared error / the targets' own spread)."""
{{eval_mode}}
    total_loss = abs_sum = sq_sum = y_sum = y_sq_sum = seen = 0
    for x, y in loader:
        prediction = model(x).squeeze(1)
        total_loss += LOSS(prediction, y, reduction="sum").item()
        error = prediction - y
        abs_sum += error.abs().sum().item()
        sq_sum += error.square().sum().item()
        y_sum, y_sq_sum, seen = y_sum + y.sum().item(), y_sq_sum + y.square().sum().item(), seen + len(y)
    if not seen:  # no validation data: no numbers, and no best epoch
        return math.nan, math.nan, math.nan, math.nan
    spread = y_sq_sum - y_sum * y_sum / seen  # about the validation mean
    r2 = 1 - sq_sum / spread if spread > 0 else math.nan
    return total_loss / seen, abs_sum / seen * target_std, math.sqrt(sq_sum / seen) * target_std, r2
)PY";

constexpr const char* kSave = R"PY(

def save(obj, path):
    """torch.save to a temporary file, then a rename: a checkpoint is whole or absent."""
    torch.save(obj, path + ".partial")
    os.replace(path + ".partial", path)
)PY";

constexpr const char* kMain = R"PY(

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--workers", type=int, default=NUM_WORKERS, help="DataLoader worker processes")
    parser.add_argument("--out", default="pytorch-run", help="the folder for the state_dict checkpoints")
    args = parser.parse_args()
{{settings}}
    {{make_datasets}}
{{subsets}}{{before_loaders}}    train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle={{shuffle}}, drop_last={{drop_last}},
                              num_workers=args.workers{{collate}})
    val_loader = DataLoader(val_set, batch_size=BATCH_SIZE, shuffle=False, num_workers=args.workers{{collate}})

{{make_model}}    optimizer = make_optimizer(model)
    steps_per_epoch = max(1, math.ceil(len(train_loader) / ACCUMULATE))
    total_steps = steps_per_epoch * args.epochs
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: lr_factor(step, steps_per_epoch, total_steps))

    os.makedirs(os.path.join(args.out, "checkpoints"), exist_ok=True)
    best, steps_done = -1.0, 0
    for epoch in range(1, args.epochs + 1):
{{epoch}}        # A state_dict is the model's tensors by layer name: reload with model.load_state_dict().
        save({"epoch": epoch, "model": model.state_dict(), "optimizer": optimizer.state_dict(),
              "scheduler": scheduler.state_dict()}, os.path.join(args.out, "checkpoints", "last.pt"))
        if {{best}} > best:
            best = {{best}}
            save(model.state_dict(), os.path.join(args.out, "checkpoints", "best.pt"))
{{max_steps_stop}}

if __name__ == "__main__":
    main()
)PY";

std::string optimizerCall(const OptimizerConfig& o) {
  const std::string decay = "weight_decay=" + number(o.weight_decay);
  if (o.name == "adam" || o.name == "adamw") {
    const std::string betas =
        o.betas.size() == 2 ? "(" + number(o.betas[0]) + ", " + number(o.betas[1]) + ")" : "(0.9, 0.999)";
    return std::string("torch.optim.") + (o.name == "adam" ? "Adam" : "AdamW") +
           "(model.parameters(), lr=LR, betas=" + betas + ", eps=" + number(o.eps) + ", " + decay + ")";
  }
  return "torch.optim.SGD(model.parameters(), lr=LR, momentum=" + number(o.momentum) +
         ", nesterov=" + (o.nesterov ? "True" : "False") + ", " + decay + ")";
}

std::string scheduleBody(const SchedulerConfig& s, std::string& doc) {
  if (s.name == "step") {
    doc = "times GAMMA every STEP_SIZE epochs (StepLR)";
    return "    epoch = step // steps_per_epoch\n    return factor * GAMMA ** math.floor(epoch / STEP_SIZE)";
  }
  if (s.name == "multistep") {
    doc = "times GAMMA at each of the MILESTONES epochs (MultiStepLR)";
    return "    epoch = step // steps_per_epoch\n    return factor * GAMMA ** sum(epoch >= m for m in MILESTONES)";
  }
  if (s.name == "cosine") {
    doc = "annealed along a cosine to ETA_MIN over the steps after warmup";
    return "    if step < warmup:\n        return factor\n"
           "    t = min(1.0, (step - warmup) / max(1, total_steps - warmup))\n"
           "    return (ETA_MIN + (LR - ETA_MIN) * 0.5 * (1 + math.cos(math.pi * t))) / LR";
  }
  doc = "constant after the warmup";
  return "    return factor";
}

// The body of the loop over batches: zero_grad, forward, loss, backward, step. A
// classification's output is `logits`, a regression's `prediction`.
std::string loopBody(const ExperimentConfig& c, bool regression) {
  const TrainingConfig& t = c.training;
  const bool accumulate = t.grad_accum_steps > 1;
  std::string in = "        ", body;
  if (t.max_steps > 0) body += in + "if MAX_STEPS and steps_done >= MAX_STEPS:\n" + in + "    break\n";
  const std::string zero = c.pitfalls.skip_zero_grad
                               ? "# optimizer.zero_grad() left out: the experiment's pitfall, gradients add up\n"
                               : "optimizer.zero_grad(set_to_none=True)  # drop the last step's gradients\n";
  body += accumulate && !c.pitfalls.skip_zero_grad ? in + "if i % ACCUMULATE == 0:\n" + in + "    " + zero : in + zero;
  const std::string loss =
      regression ? "loss = LOSS(prediction, y)  # loss\n"
                 : "loss = F.cross_entropy(logits, y" +
                       std::string(t.label_smoothing > 0 ? ", label_smoothing=LABEL_SMOOTHING" : "") + ")  # loss\n";
  const std::string output = regression ? "prediction" : "logits";
  const std::string forward = regression ? "prediction = model(x).squeeze(1)  # forward: one value per row\n"
                                         : "logits = model(x)  # forward\n";
  if (t.precision == "bf16")
    body += in + "with torch.autocast(\"cpu\", dtype=torch.bfloat16):  # bf16 where it is safe\n" + in + "    " +
            forward + in + output + " = " + output + ".float()\n";
  else
    body += in + forward;
  body += in + loss;
  if (accumulate) {
    body += in + "(loss / ACCUMULATE).backward()  # backward: gradients add up over ACCUMULATE batches\n";
    body += in + "if (i + 1) % ACCUMULATE == 0 or i + 1 == len(loader):  # then one step\n";
  } else {
    body += in + "loss.backward()  # backward: each parameter's .grad\n";
  }
  const std::string step = accumulate ? in + "    " : in;  // the step's lines, inside the if when accumulating
  if (t.clip_grad_norm > 0)
    body += step + "torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=CLIP_GRAD_NORM)  # clipping\n";
  body += step + "optimizer.step()  # step: the optimizer moves the weights\n";
  body += step + "scheduler.step()  # the next step's learning rate\n";
  body += step + "steps_done += 1";
  return body;
}

}  // namespace

std::string constantsSection(const ExperimentConfig& c) {
  std::string out = "SEED = " + std::to_string(c.seed) + "\nEPOCHS = " + std::to_string(c.epochs) +
                    "\nBATCH_SIZE = " + std::to_string(c.loader.batch_size) +
                    "\nNUM_WORKERS = " + std::to_string(c.loader.num_workers) + "\nLR = " + number(c.optimizer.lr) +
                    "\nACCUMULATE = " + std::to_string(std::max(1, c.training.grad_accum_steps)) +
                    "  # batches per optimizer step" + "\nWARMUP_EPOCHS = " + number(c.scheduler.warmup_epochs) +
                    "\nWARMUP_START_FACTOR = " + number(c.scheduler.warmup_start_factor) + "\n";
  const SchedulerConfig& s = c.scheduler;
  if (s.name == "step") out += "STEP_SIZE = " + number(s.step_size) + "  # epochs\nGAMMA = " + number(s.gamma) + "\n";
  if (s.name == "multistep") {
    out += "MILESTONES = [";
    for (size_t i = 0; i < s.milestones.size(); ++i) out += (i ? ", " : "") + number(s.milestones[i]);
    out += "]  # epochs\nGAMMA = " + number(s.gamma) + "\n";
  }
  if (s.name == "cosine") out += "ETA_MIN = " + number(s.eta_min) + "\n";
  if (c.training.label_smoothing > 0) out += "LABEL_SMOOTHING = " + number(c.training.label_smoothing) + "\n";
  if (c.training.clip_grad_norm > 0) out += "CLIP_GRAD_NORM = " + number(c.training.clip_grad_norm) + "\n";
  if (c.training.max_steps > 0) out += "MAX_STEPS = " + std::to_string(c.training.max_steps) + "\n";
  return out;
}

namespace {

std::string settings(const ExperimentConfig& c) {
  std::string out;
  if (c.deterministic) out += "    torch.use_deterministic_algorithms(True)  # the same numbers on every run\n";
  if (c.threads > 0) out += "    torch.set_num_threads(" + std::to_string(c.threads) + ")\n";
  if (c.training.anomaly_detection)
    out += "    torch.autograd.set_detect_anomaly(True)  # names the backward op that made a NaN; slower\n";
  return out;
}

void noteOmitted(const ExperimentConfig& c, std::vector<std::string>& omitted) {
  const TrainingConfig& t = c.training;
  auto key = [](auto member) { return configField(&ExperimentConfig::training, member).key; };
  if (t.mixup_alpha > 0) omitted.push_back(key(&TrainingConfig::mixup_alpha));
  if (t.cutmix_alpha > 0) omitted.push_back(key(&TrainingConfig::cutmix_alpha));
  if (t.ema_decay > 0) omitted.push_back(key(&TrainingConfig::ema_decay));
  if (t.early_stopping.patience > 0)
    omitted.push_back(
        configField(&ExperimentConfig::training, &TrainingConfig::early_stopping, &EarlyStoppingConfig::patience).key);
}

}  // namespace

namespace {

// main()'s lines that differ by the kind of data: the datasets, the model, the epoch.
std::vector<std::pair<std::string, std::string>> mainParts(const ExperimentConfig& c, DataFamily kind,
                                                           bool regression) {
  std::string datasets = "train_set, val_set, classes = make_datasets(train_transform, val_transform)", before, collate,
              model = "    channels, height, width = train_set[0][0].shape\n",
              drop = c.loader.drop_last ? "True" : "False";
  std::string build = "MODEL(channels, height, width, len(classes))";
  if (kind == DataFamily::Table) {
    datasets = "train_set, val_set, encoding = make_datasets()", model.clear();
    build = "MODEL(encoding.numbers_width(), encoding.category_sizes(), " +
            std::string(regression ? "1)  # one value" : "len(CLASSES))");
    if (c.model.batch_norm && !c.loader.drop_last)  // as the engine: BatchNorm1d cannot normalise one row
      drop = "len(train_set) % BATCH_SIZE == 1";
  } else if (kind == DataFamily::Text) {
    datasets = "train_set, val_set, classes, vocabulary = make_datasets()", model.clear();
    build = "MODEL(len(vocabulary), len(classes))";
    before = std::string("    collate = partial(pad_batch, pad_to=") +
             (c.loader.padding == "dataset-longest" ? "train_set.longest())  # to the dataset's longest\n"
                                                    : "0)  # each batch to its own longest\n");
    collate = ", collate_fn=collate";
  }
  model += "    torch.manual_seed(SEED)  # the seed: the initial weights, then the shuffling" +
           std::string(kind == DataFamily::Images ? " and the random transforms" : "") + "\n    model = " + build +
           "\n";
  const std::string epoch =
      regression ? "        loss, steps_done = train_one_epoch(model, train_loader, optimizer, scheduler, steps_done)\n"
                   "        val_loss, val_mae, val_rmse, val_r2 = evaluate(model, val_loader, encoding.target_std)\n"
                   "        print(f\"epoch {epoch}: loss {loss:.4f} val_loss {val_loss:.4f} val_mae {val_mae:.6g} \"\n"
                   "              f\"val_rmse {val_rmse:.6g} val_r2 {val_r2:.4f}\", flush=True)\n"
                 : "        loss, accuracy, steps_done = train_one_epoch(model, train_loader, optimizer, scheduler, "
                   "steps_done)\n"
                   "        val_loss, val_accuracy = evaluate(model, val_loader)\n"
                   "        print(f\"epoch {epoch}: loss {loss:.4f} accuracy {accuracy:.4f} \"\n"
                   "              f\"val_loss {val_loss:.4f} val_accuracy {val_accuracy:.4f}\", flush=True)\n";
  return {{"make_datasets", datasets},
          {"before_loaders", before},
          {"collate", collate},
          {"drop_last", drop},
          {"make_model", model},
          {"epoch", epoch},
          {"best", regression ? "val_r2" : "val_accuracy"}};
}

// The loss a config asks for, checked against its task as the trainer checks it.
Section checkLoss(const ExperimentConfig& c, bool regression) {
  Section s;
  s.error = lossMismatch(c.training.loss, regression);
  if (!s.error.empty()) s.field = configField(&ExperimentConfig::training, &TrainingConfig::loss).key;
  return s;
}

}  // namespace

Section loopSection(const ExperimentConfig& c, DataFamily kind, bool regression) {
  Section s = checkLoss(c, regression);
  if (!s.error.empty()) return s;
  std::string doc;
  const std::string schedule = scheduleBody(c.scheduler, doc);
  s.text = fill(kOptimizer, {{"optimizer", optimizerCall(c.optimizer)}, {"schedule_doc", doc}, {"schedule", schedule}});
  const std::string evalMode =
      c.pitfalls.skip_eval ? "    model.train()  # the experiment's pitfall: eval() left out, Dropout and BatchNorm "
                             "stay in training mode"
                           : "    model.eval()  # Dropout off, BatchNorm uses its running statistics";
  s.text +=
      fill(regression ? kRegressionEpoch : kTrainOneEpoch,
           {{"loop", loopBody(c, regression)},
            {"eval_mode", evalMode},
            {"loss_function", c.training.loss == "huber" ? "F.huber_loss  # delta 1: squared near 0, linear beyond"
                                                         : "F.mse_loss  # the mean squared error"}});
  s.text += kSave;
  std::string subsets;
  if (c.dataset.train_subset > 0)
    subsets += "    train_set = shuffled_subset(train_set, " + std::to_string(c.dataset.train_subset) + ", SEED + 1)\n";
  if (c.dataset.val_subset > 0)
    subsets += "    val_set = shuffled_subset(val_set, " + std::to_string(c.dataset.val_subset) + ", SEED + 2)\n";
  const std::string stop = c.training.max_steps > 0 ? "        if steps_done >= MAX_STEPS:\n            break\n" : "";
  auto values = mainParts(c, kind, regression);
  values.insert(values.begin(), {{"settings", settings(c)},
                                 {"subsets", subsets},
                                 {"shuffle", c.loader.shuffle ? "True" : "False"},
                                 {"max_steps_stop", stop}});
  s.text += fill(kMain, values);
  noteOmitted(c, s.omitted);
  return s;
}

}  // namespace trainscope::script
