// The script's data: Fashion-MNIST or an image folder as a torch Dataset, and the
// transforms as torchvision's.
#include "engine/config/config_fields.h"
#include "engine/data/fashion_mnist.h"
#include "engine/deploy/pytorch_script_parts.h"
#include "engine/system/quoting.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace trainscope::script {

std::string number(double value) {
  if (std::isnan(value)) return "float(\"nan\")";
  if (std::isinf(value)) return value > 0 ? "float(\"inf\")" : "-float(\"inf\")";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, result.ptr);
  if (text.find_first_of(".einn") == std::string::npos) text += ".0";  // 3 -> 3.0: Python's float
  return text;
}

std::string quoted(const std::string& text) { return pythonString(text); }

std::string fill(const std::string& text, const std::vector<std::pair<std::string, std::string>>& values) {
  // One pass over the template: a value is written once and never scanned again, so a
  // name spelled "{{numbers}}" stays that text.
  std::string out;
  out.reserve(text.size());
  size_t at = 0;
  while (at < text.size()) {
    const size_t open = text.find("{{", at);
    if (open == std::string::npos) break;
    const size_t close = text.find("}}", open + 2);
    if (close == std::string::npos) break;
    const std::string_view key(text.data() + open + 2, close - open - 2);
    const auto value = std::find_if(values.begin(), values.end(), [&](const auto& kv) { return kv.first == key; });
    if (value == values.end()) {  // Python's own braces (an f-string's {{...}}): kept as written
      out.append(text, at, open + 2 - at);
      at = open + 2;
      continue;
    }
    out.append(text, at, open - at);
    out += value->second;
    at = close + 2;
  }
  out.append(text, at, std::string::npos);
  return out;
}

const char* const kFolderRules = R"PY(

def inside_root(path):
    """Whether path, its links resolved, lies in ROOT: as the engine, a link is followed
    inside the folder, never out of it."""
    root = os.path.realpath(ROOT)
    return os.path.commonpath([os.path.realpath(path), root]) == root


def utf8_name(name):
    """Whether a folder's name is UTF-8 (os.fsdecode keeps other bytes as surrogates):
    the engine skips a class it cannot record."""
    return not any(0xDC80 <= ord(c) <= 0xDCFF for c in name)
)PY";

const char* const kStratifiedSplit = R"PY(

def stratified_split(labels, val_fraction, seed):
    """The indices of the training and the validation samples: the same share of each
    class to validation, drawn with the seed. (The engine draws with C++'s generator: the
    same shares, other samples.)"""
    rng = random.Random(seed)
    by_class = {}
    for i, label in enumerate(labels):
        by_class.setdefault(label, []).append(i)
    train, val = [], []
    for label in sorted(by_class):
        indices = by_class[label]
        rng.shuffle(indices)
        n_val = round(val_fraction * len(indices))
        if val_fraction > 0 and len(indices) >= 2:
            n_val = min(max(n_val, 1), len(indices) - 1)
        val += indices[:n_val]
        train += indices[n_val:]
    return sorted(train), sorted(val)
)PY";

namespace {

constexpr const char* kFashionMnist = R"PY(

# ---- Data: a Dataset gives one (image, label) pair; a DataLoader batches them ----

FASHION_MNIST = {{dir}}  # the folder of the four IDX files
CLASSES = [{{classes}}]


def read_idx(name):
    """An IDX file of FASHION_MNIST (gzipped or not) as a numpy array."""
    for path in (os.path.join(FASHION_MNIST, name + ".gz"), os.path.join(FASHION_MNIST, name)):
        if os.path.exists(path):
            with (gzip.open if path.endswith(".gz") else open)(path, "rb") as f:
                data = f.read()
            dims = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(data[3])]
            return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * data[3]).reshape(dims)
    raise FileNotFoundError(f"{name}(.gz) is not in {FASHION_MNIST}")


class FashionMNIST(Dataset):
    """Fashion-MNIST as the engine reads it: training = the 60,000 training images,
    validation = the 10,000 test images. Each image is a 28x28 grayscale PIL image
    before its transform."""

    def __init__(self, train, transform):
        prefix = "train" if train else "t10k"
        self.images = read_idx(f"{prefix}-images-idx3-ubyte")
        self.labels = read_idx(f"{prefix}-labels-idx1-ubyte")
        self.transform = transform
        self.classes = CLASSES

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        image = Image.fromarray(self.images[i], mode="L")
        return self.transform(image), int(self.labels[i])


def make_datasets(train_transform, val_transform):
    return FashionMNIST(True, train_transform), FashionMNIST(False, val_transform), CLASSES
)PY";

constexpr const char* kImageFolder = R"PY(

# ---- Data: a Dataset gives one (image, label) pair; a DataLoader batches them ----

ROOT = {{root}}
CHANNELS = {{channels}}  # 3: RGB (as torchvision's ImageFolder); 1: grayscale
VAL_FRACTION = {{validation_share}}  # of each class, when ROOT has no val folder
IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".ppm", ".bmp", ".pgm", ".tif", ".tiff", ".webp")


def class_folders(folder):
    """The classes: the sub-folders holding an image, sorted (as ImageFolder); 'train'
    and 'val' are splits, not classes."""
    names = sorted(d.name for d in os.scandir(folder)
                   if d.is_dir() and not d.name.startswith(".") and d.name not in ("train", "val")
                   and utf8_name(d.name) and inside_root(d.path))
    return [name for name in names if list_images(folder, [name])]


def list_images(folder, classes):
    """(path, label) for every image under folder/<class>/, in sorted order."""
    samples = []
    for label, name in enumerate(classes):
        for path in sorted(Path(folder, name).rglob("*")):
            hidden = any(part.startswith(".") for part in path.relative_to(folder).parts)
            if path.suffix.lower() in IMAGE_EXTENSIONS and not hidden and path.is_file() and inside_root(path):
                samples.append((str(path), label))
    return samples


class ImageFiles(Dataset):
    """Images listed as (path, label), decoded when asked for, as ImageFolder does."""

    def __init__(self, samples, classes, transform):
        self.samples, self.classes, self.transform = samples, classes, transform

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        path, label = self.samples[i]
        with Image.open(path) as image:
            image = image.convert("L" if CHANNELS == 1 else "RGB")
        return self.transform(image), label


def make_datasets(train_transform, val_transform):
    """ROOT/train and ROOT/val; or ROOT/<class> and ROOT/val; or ROOT/<class> alone,
    split by class with VAL_FRACTION to validation."""
    split = os.path.isdir(os.path.join(ROOT, "train")) and os.path.isdir(os.path.join(ROOT, "val"))
    base = os.path.join(ROOT, "train") if split else ROOT
    classes = class_folders(base)
    samples = list_images(base, classes)
    if os.path.isdir(os.path.join(ROOT, "val")):
        train, val = samples, list_images(os.path.join(ROOT, "val"), classes)
    else:
        train_samples, val_samples = stratified_split([label for _, label in samples], VAL_FRACTION, SEED)
        train, val = [samples[i] for i in train_samples], [samples[i] for i in val_samples]
    return ImageFiles(train, classes, train_transform), ImageFiles(val, classes, val_transform), classes
)PY";

constexpr const char* kSubsets = R"PY(

def shuffled_subset(dataset, n, seed):
    """n samples drawn with the seed, in their order (train_subset / val_subset)."""
    if n <= 0 or n >= len(dataset):
        return dataset
    indices = list(range(len(dataset)))
    random.Random(seed).shuffle(indices)
    return Subset(dataset, sorted(indices[:n]))
)PY";

std::string classList(const std::vector<std::string>& classes) {
  std::string out;
  for (size_t i = 0; i < classes.size(); ++i) out += (i ? ", " : "") + quoted(classes[i]);
  return out;
}

std::string sizeArgument(const std::vector<int>& size) {
  if (size.size() == 1) return std::to_string(size[0]);
  if (size.size() == 2) return "(" + std::to_string(size[0]) + ", " + std::to_string(size[1]) + ")";
  return "224";
}

std::string pair(const std::vector<double>& v) {
  return v.size() == 2 ? "(" + number(v[0]) + ", " + number(v[1]) + ")" : "None";
}

std::string list(const std::vector<double>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + number(v[i]);
  return out + "]";
}

// One transform as torchvision writes it; empty when it has no torchvision name.
std::string torchvisionTransform(const TransformSpec& t) {
  if (t.name == "Resize") return "transforms.Resize(" + sizeArgument(t.size) + ")";
  if (t.name == "CenterCrop") return "transforms.CenterCrop(" + sizeArgument(t.size) + ")";
  if (t.name == "RandomResizedCrop")
    return "transforms.RandomResizedCrop(" + sizeArgument(t.size) + ", scale=" + pair(t.scale) +
           ", ratio=" + pair(t.ratio) + ")";
  if (t.name == "RandomHorizontalFlip") return "transforms.RandomHorizontalFlip(p=" + number(t.p) + ")";
  if (t.name == "ColorJitter")
    return "transforms.ColorJitter(brightness=" + number(t.brightness) + ", contrast=" + number(t.contrast) +
           ", saturation=" + number(t.saturation) + ", hue=" + number(t.hue) + ")";
  if (t.name == "Grayscale")
    return "transforms.Grayscale(num_output_channels=" + std::to_string(t.num_output_channels) + ")";
  if (t.name == "ToTensor") return "transforms.ToTensor()";
  if (t.name == "Normalize") return "transforms.Normalize(mean=" + list(t.mean) + ", std=" + list(t.std) + ")";
  return {};
}

std::string pipeline(const std::vector<TransformSpec>& specs, bool skipNormalize, std::vector<std::string>& unknown) {
  std::string out = "transforms.Compose([\n";
  for (const auto& t : specs) {
    if (t.name == "Normalize" && skipNormalize) {
      out += "    # transforms.Normalize(...) left out: the experiment's pitfall (" +
             configField(&ExperimentConfig::pitfalls, &PitfallConfig::skip_normalize).key + ")\n";
      continue;
    }
    const std::string line = torchvisionTransform(t);
    if (line.empty()) {
      unknown.push_back(t.name);
      continue;
    }
    out += "    " + line + ",\n";
  }
  return out + "])";
}

}  // namespace

bool isRegression(const ScriptSources& sources) { return sources.table && sources.table->task == "regression"; }

std::string importsFor(DataFamily kind) {
  const std::string common =
      "\nimport numpy as np\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n";
  if (kind == DataFamily::Images)
    return "import argparse\nimport gzip\nimport math\nimport os\nimport random\nfrom pathlib import Path\n" + common +
           "from PIL import Image\nfrom torch.utils.data import DataLoader, Dataset, Subset\n"
           "from torchvision import transforms\n";
  const std::string text = kind == DataFamily::Text ? "from collections import Counter\nfrom functools import partial\n"
                                                      "from pathlib import Path\n"
                                                    : "";
  return "import argparse\nimport csv\nimport math\nimport os\nimport random\nimport re\nimport sys\n" + text + common +
         "from torch.utils.data import DataLoader, Dataset, Subset\n";
}

Section dataSection(const ExperimentConfig& config, const ScriptSources& sources) {
  Section s;
  const DatasetConfig& d = config.dataset;
  if (dataFamilyOf(d) == DataFamily::Text) {
    s = textDataSection(config);
  } else if (d.kind == "csv") {
    if (!sources.table) {
      s.field = configField(&ExperimentConfig::dataset, &DatasetConfig::path).key;
      s.error = "the table " + d.path + " was not read";
      return s;
    }
    s = tableDataSection(config, *sources.table);
  } else if (d.kind == "fashion-mnist") {
    const std::string dir = !sources.fashion_mnist_dir.empty() ? sources.fashion_mnist_dir : findFashionMnistDir();
    s.text = fill(kFashionMnist, {{"dir", quoted(dir.empty() ? "/usr/share/datasets/fashion-mnist" : dir)},
                                  {"classes", classList(fashionMnistClasses())}});
  } else if (d.kind == "image-folder") {
    s.text = fill(kImageFolder, {{"root", quoted(d.root)},
                                 {"channels", std::to_string(d.channels)},
                                 {"validation_share", number(d.val_fraction)}}) +
             kFolderRules + kStratifiedSplit;
  } else {
    s.field = configField(&ExperimentConfig::dataset, &DatasetConfig::kind).key;
    s.error =
        "export-script writes fashion-mnist, image-folder, csv and text-folder experiments, not \"" + d.kind + "\"";
    return s;
  }
  if (d.train_subset > 0 || d.val_subset > 0) s.text += kSubsets;
  if (d.label_noise > 0) s.omitted.push_back(configField(&ExperimentConfig::dataset, &DatasetConfig::label_noise).key);
  if (!d.corrections.empty())
    s.omitted.push_back(configField(&ExperimentConfig::dataset, &DatasetConfig::corrections).key);
  return s;
}

Section transformSection(const ExperimentConfig& config) {
  Section s;
  if (dataFamilyOf(config.dataset) != DataFamily::Images) return s;  // rows and token ids need none
  std::vector<std::string> unknown;
  const bool skip = config.pitfalls.skip_normalize;
  s.text = "\n\n# ---- Transforms: torchvision's, in the experiment's order ----\n\ntrain_transform = " +
           pipeline(config.train_transforms, skip, unknown) +
           "\nval_transform = " + pipeline(config.val_transforms, skip, unknown) + "\n";
  if (!unknown.empty()) {
    s.field = "transforms";
    s.error = "the transform \"" + unknown.front() + "\" has no torchvision counterpart written yet";
  }
  return s;
}

}  // namespace trainscope::script
