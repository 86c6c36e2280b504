// The script's table: the CSV read with Python's csv module, its columns encoded as the
// engine encodes them (fitted on the training rows: numbers standardised, a missing one
// replaced by the median with a flag, categories as codes), and tabular_mlp as an
// nn.Module with the engine's layer names.
#include "engine/config/config_fields.h"
#include "engine/deploy/pytorch_script_parts.h"
#include "engine/system/quoting.h"

namespace trainscope::script {

const char* const kReadRows = R"PY(
MISSING = {"", "NA", "N/A", "NaN", "nan", "null", "NULL", "None", "?"}  # cells that are missing


def read_rows(path):
    """A CSV file's rows as dicts by column name. The separator (, ; or tab) is the one
    the header line uses most outside quotes, as the engine reads it. Spaces around a cell
    are dropped where it is read (the engine keeps those inside quotes: " red")."""
    with open(path, newline="", encoding="utf-8-sig") as f:
        header = re.sub(r'"[^"]*"', "", f.readline())
        tab, semicolon, comma = header.count("\t"), header.count(";"), header.count(",")
        delimiter = "\t" if tab > comma and tab >= semicolon else ";" if semicolon > comma else ","
        f.seek(0)
        reader = csv.reader(f, delimiter=delimiter)
        names = [name.strip(" \t") for name in next(reader)]
        return [dict(zip(names, cells)) for cells in reader if any(cells)]


def number(cell):
    """A cell as a number; NaN when it is missing or not a number."""
    cell = cell.strip(" \t")
    if cell in MISSING or "_" in cell:
        return math.nan
    try:
        x = float(cell)
    except ValueError:
        return math.nan
    return x if math.isfinite(x) else math.nan


def level_order(level):
    """Category levels sort numbers first, by value, then text."""
    x = number(level)
    return (math.isnan(x), 0.0 if math.isnan(x) else x, level)
)PY";

namespace {

constexpr const char* kTable = R"PY(

# ---- Data: a Dataset gives one (features, target) pair; a DataLoader batches them ----

TABLE = {{path}}
VAL_TABLE = {{val_path}}  # a validation file with the same columns; None: VAL_FRACTION of TABLE's rows
VAL_FRACTION = {{validation_share}}  # of each class (a classification) or of all rows (a regression)
TARGET = {{target}}  # the column to predict
TASK = {{task}}
CLASSES = [{{classes}}]  # the target's classes, as the engine found them
# The columns the model reads, as the engine typed them:
NUMBER_COLUMNS = [{{numbers}}]
CATEGORY_COLUMNS = [{{categories}}]
{{left_out}}CLASS_INDEX = {name: k for k, name in enumerate(CLASSES)}
{{read_rows}}

def class_index(cell):
    """A target cell's class (its index in CLASSES), or None: missing or not a class."""
    cell = cell.strip(" \t")
    if cell in CLASS_INDEX:
        return CLASS_INDEX[cell]
    x = number(cell)  # a number written otherwise: "1.0" for the class "1"
    if math.isnan(x):
        return None
    return CLASS_INDEX.get(str(int(x)) if x.is_integer() else str(np.float32(x)))


def mean_and_std(values):
    """The mean and the sample standard deviation (1 for a constant, which stays 0)."""
    if not values:
        return 0.0, 1.0
    mean = sum(values) / len(values)
    var = sum((x - mean) ** 2 for x in values) / (len(values) - 1) if len(values) > 1 else 0.0
    return mean, math.sqrt(var) if var > 1e-24 else 1.0


class TableEncoding:
    """How a row becomes the model's input, fitted on the training rows only (as
    scikit-learn's fit, then transform): each number standardised with the training mean
    and standard deviation, a missing one replaced by the training median with a
    was-missing flag beside it; each category as its level's code (0: missing, or a level
    training never saw). A row is [numbers | flags | codes], as the engine lays it out."""

    def __init__(self, rows):
        self.numbers = []  # (column, median, mean, std, has a was-missing flag)
        for name in NUMBER_COLUMNS:
            values = [x for x in (number(row[name]) for row in rows) if not math.isnan(x)]
            median = sorted(values)[len(values) // 2] if values else 0.0
            self.numbers.append((name, median, *mean_and_std(values), len(values) < len(rows)))
        self.codes = []  # (column, {level: code})
        for name in CATEGORY_COLUMNS:
            levels = sorted({row[name].strip(" \t") for row in rows} - MISSING, key=level_order)
            self.codes.append((name, {level: k + 1 for k, level in enumerate(levels)}))
        # A regression learns the standardised target: its loss does not depend on the units.
        targets = [number(row[TARGET]) for row in rows] if TASK == "regression" else []
        self.target_mean, self.target_std = mean_and_std([y for y in targets if not math.isnan(y)])

    def numbers_width(self):
        """The numbers and their flags: the columns before the codes."""
        return len(self.numbers) + sum(flag for *_, flag in self.numbers)

    def category_sizes(self):
        return [len(codes) + 1 for _, codes in self.codes]

    def encode(self, row):
        values, flags = [], []
        for name, median, mean, std, flag in self.numbers:
            x = number(row[name])
            if flag:
                flags.append(1.0 if math.isnan(x) else 0.0)
            values.append(((median if math.isnan(x) else x) - mean) / std)
        return values + flags + [float(codes.get(row[name].strip(" \t"), 0)) for name, codes in self.codes]

    def target(self, row):
        """The class index, or the standardised value; None when there is none."""
        if TASK == "classification":
            return class_index(row[TARGET])
        y = number(row[TARGET])
        return None if math.isnan(y) else (y - self.target_mean) / self.target_std


class TableRows(Dataset):
    """A table's rows as (features, target) tensors, encoded once."""

    def __init__(self, rows, encoding):
        self.features = torch.tensor([encoding.encode(row) for row in rows], dtype=torch.float32)
        dtype = torch.long if TASK == "classification" else torch.float32
        self.targets = torch.tensor([encoding.target(row) for row in rows], dtype=dtype)

    def __len__(self):
        return len(self.targets)

    def __getitem__(self, i):
        return self.features[i], self.targets[i]


def with_target(rows, path):
    """The rows whose target can be learnt from; the others are skipped, and said."""
    kept = [row for row in rows
            if (class_index(row[TARGET]) is not None if TASK == "classification"
                else not math.isnan(number(row[TARGET])))]
    if len(kept) < len(rows):
        print(f"skipped {len(rows) - len(kept)} rows of {path}: no usable {TARGET}", file=sys.stderr)
    return kept


def make_datasets():
    rows = read_rows(TABLE)
    if VAL_TABLE:
        train, val = rows, read_rows(VAL_TABLE)
    else:
        # A classification splits each class alike; a regression all rows as one.
        keys = [row[TARGET].strip(" \t") if TASK == "classification" else 0 for row in rows]
        train_rows, val_rows = stratified_split(keys, VAL_FRACTION, SEED)
        train, val = [rows[i] for i in train_rows], [rows[i] for i in val_rows]
    train, val = with_target(train, TABLE), with_target(val, VAL_TABLE or TABLE)
    encoding = TableEncoding(train)  # fitted on the training rows only
    return TableRows(train, encoding), TableRows(val, encoding), encoding
)PY";

constexpr const char* kTabularInput = R"PY(

class TabularInput(nn.Module):
    """The numbers as they are, beside each category's code {{how}}: what the
    Linear layers read."""

    def __init__(self, numbers, category_sizes):
        super().__init__()
        self.numbers, self.category_sizes = numbers, category_sizes
        self.width = numbers
        for k, size in enumerate(category_sizes):
{{per_category}}

    def forward(self, x):
        parts = [x[:, :self.numbers]]
        for k, size in enumerate(self.category_sizes):
            code = x[:, self.numbers + k].long().clamp(0, size - 1)  # codes travel as floats
            parts.append({{part}})
        return torch.cat(parts, 1)
)PY";

std::string stringList(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + quoted(names[i]);
  return out;
}

std::string leftOutComment(const TableEncoding& table) {
  std::string out;
  for (const auto& left : table.left_out)
    out += "# Left out: " + quoted(left.column) + ", " + pythonComment(left.reason) + "\n";
  return out;
}

}  // namespace

Section tableDataSection(const ExperimentConfig& config, const TableEncoding& table) {
  Section s;
  const DatasetConfig& d = config.dataset;
  std::vector<std::string> numbers, categories;
  for (const auto& n : table.numbers) numbers.push_back(n.name);
  for (const auto& c : table.categories) categories.push_back(c.name);
  s.text = fill(kTable, {{"path", quoted(d.path)},
                         {"val_path", d.val_path.empty() ? "None" : quoted(d.val_path)},
                         {"validation_share", number(d.val_fraction)},
                         {"target", quoted(table.target)},
                         {"task", quoted(table.task)},
                         {"classes", stringList(table.classes)},
                         {"numbers", stringList(numbers)},
                         {"categories", stringList(categories)},
                         {"left_out", leftOutComment(table)},
                         {"read_rows", kReadRows}});
  s.text += kStratifiedSplit;
  return s;
}

Model tabularMlp(const ModelConfig& c) {
  Model m{"TabularMLP",
          "A table's MLP: each category embedded (or one-hot) beside the standardised\n"
          "    numbers, then Linear, BatchNorm1d, the activation and Dropout per hidden width,\n"
          "    and a Linear head: one output per class, or one value for a regression.",
          "", ""};
  m.arguments = "numbers, category_sizes, outputs";
  const bool embed = c.categorical == "embed";
  const std::string width = c.embedding_dim > 0 ? std::to_string(c.embedding_dim) : "min(16, (size + 1) // 2)";
  m.helpers = fill(kTabularInput,
                   {{"how", embed ? "embedded (nn.Embedding: a learned\n    vector per level)" : "one-hot"},
                    {"per_category", embed ? "            setattr(self, f\"embed{k + 1}\", nn.Embedding(size, " +
                                                 width + "))\n            self.width += " + width
                                           : "            self.width += size"},
                    {"part", embed ? "getattr(self, f\"embed{k + 1}\")(code)" : "F.one_hot(code, size).to(x.dtype)"}});
  m.layers.push_back({"input", "TabularInput(numbers, category_sizes)", "", ""});
  std::string features = "self.input.width";
  for (size_t i = 0; i < c.hidden.size(); ++i) {
    const std::string n = std::to_string(i + 1), hidden = std::to_string(c.hidden[i]);
    m.layers.push_back({"fc" + n, "nn.Linear(" + features + ", " + hidden + (c.batch_norm ? ", bias=False)" : ")"),
                        i == 0 && c.batch_norm ? "        # no bias before BatchNorm1d: its shift is one\n" : "", ""});
    if (c.batch_norm) m.layers.push_back({"bn" + n, "nn.BatchNorm1d(" + hidden + ")", "", ""});
    m.layers.push_back({"act" + n,
                        c.activation == "sigmoid" ? "nn.Sigmoid()"
                        : c.activation == "tanh"  ? "nn.Tanh()"
                                                  : "nn.ReLU()",
                        "", ""});
    if (c.dropout > 0) m.layers.push_back({"dropout" + n, "nn.Dropout(" + number(c.dropout) + ")", "", ""});
    features = hidden;
  }
  m.layers.push_back({"head", "nn.Linear(" + features + ", outputs)", "", ""});
  return m;
}

}  // namespace trainscope::script
