// The script's text: documents from a folder of .txt files by class or from a CSV's
// text column, tokenised and mapped through a vocabulary fitted on the training
// documents, padded per batch by a collate_fn; text_cnn and text_gru as nn.Modules with
// the engine's layer names.
#include "engine/config/config_fields.h"
#include "engine/deploy/pytorch_script_parts.h"

namespace trainscope::script {

namespace {

constexpr const char* kTokens = R"PY(

# ---- Data: a Dataset gives one (token ids, label) pair; a DataLoader pads and batches them ----

TOKENIZER = {{tokenizer}}  # "words" or "characters"
MAX_TOKENS = {{max_tokens}}  # the first tokens of each document; 0: all
VOCAB_SIZE = {{vocab_size}}  # tokens kept, <pad> and <unk> included; 0: all
MIN_FREQ = {{min_freq}}  # a token seen fewer times in training is <unk>
VAL_FRACTION = {{validation_share}}  # of each class, when the documents bring no validation split
PAD, UNK = 0, 1  # the ids of <pad> and <unk>
# The engine finds words with ICU's word break iterator (Unicode's word boundaries,
# UAX #29). Here, its rules for alphabetic scripts: letters and digits run together,
# a ' . or · joins two letters ("don't", "u.s.a"), a , . ; or ' two digits ("3.14",
# "1,000"), and a handle keeps its @ ("@user").
# ICU splits Chinese, Japanese and Thai into dictionary words; here each of their
# characters is a token.
IDEOGRAPHIC = "\u0e00-\u0e7f\u3040-\u309f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
WORD = re.compile(rf"[{IDEOGRAPHIC}]|(?:(?<!\w)@(?=[^\W\d_]))?(?:(?![{IDEOGRAPHIC}])\w"
                  rf"|(?<=[^\W\d_])['’.·](?=[^\W\d_])|(?<=\d)[,.;'’](?=\d))+")


def tokenize(text):
    """A document's tokens, lower-cased: its words (spaces and punctuation dropped) or its
    characters (spaces dropped); the first MAX_TOKENS of them."""
    if TOKENIZER == "words":
        tokens = [word.lower() for word in WORD.findall(text)]
    else:
        tokens = [c.lower() for c in text if not c.isspace()]
    return tokens[:MAX_TOKENS] if MAX_TOKENS > 0 else tokens
)PY";

constexpr const char* kFolder = R"PY(
ROOT = {{root}}  # ROOT/<class>/*.txt, one document per file
MAX_DOCUMENT_BYTES = 64 << 20


def class_folders(folder):
    """The classes: the sub-folders, sorted; 'train' and 'val' are splits, not classes."""
    return sorted(d.name for d in os.scandir(folder)
                  if d.is_dir() and d.name not in ("train", "val") and utf8_name(d.name) and inside_root(d.path))


def read_document(path):
    """A .txt file's text, or None and why not, as the engine skips it."""
    if os.path.getsize(path) > MAX_DOCUMENT_BYTES:
        return None, "too large for one document"
    with open(path, "rb") as f:
        data = f.read()
    if b"\0" in data:
        return None, "a binary file, not text"
    try:
        return data.decode("utf-8-sig"), ""  # a UTF-8 byte order mark is dropped
    except UnicodeDecodeError as e:
        return None, f"not UTF-8 text (byte {e.start}); save it as UTF-8"


def read_corpus():
    """The classes, and (text, label, in ROOT/val) for each .txt file under ROOT/<class>/
    (or ROOT/train/<class>/), then under ROOT/val/<class>/, in path order."""
    train_dir = os.path.join(ROOT, "train") if os.path.isdir(os.path.join(ROOT, "train")) else ROOT
    classes = class_folders(train_dir)
    if not classes:
        sys.exit(f"{ROOT} has no class folders (ROOT/<class>/*.txt, one document per file)")
    label_of = {name: k for k, name in enumerate(classes)}

    def documents(folder, in_val):
        for name in class_folders(folder):
            if name not in label_of:
                print(f"skipped {os.path.join(folder, name)}: a class the training folder does not have",
                      file=sys.stderr)
                continue
            for path in sorted(p for p in Path(folder, name).rglob("*") if p.is_file() and inside_root(p)):
                text, why = read_document(path) if path.suffix.lower() == ".txt" else (None, "not a .txt file")
                if text is None:
                    print(f"skipped {path}: {why}", file=sys.stderr)
                    continue
                yield text, label_of[name], in_val

    def corpus():
        yield from documents(train_dir, False)
        if os.path.isdir(os.path.join(ROOT, "val")):
            yield from documents(os.path.join(ROOT, "val"), True)

    return classes, corpus()
)PY";

constexpr const char* kCsvColumn = R"PY(
TABLE = {{path}}
VAL_TABLE = {{val_path}}  # a validation file with the same columns; None: VAL_FRACTION of TABLE's rows
TEXT_COLUMN = {{text_column}}  # the documents, one per row
TARGET = {{target}}  # their classes
{{read_rows}}

def read_corpus():
    """The classes (TABLE's target values, sorted as the engine sorts them) and (text,
    label, from VAL_TABLE) for each row; rows without a target, or in VAL_TABLE with a
    class TABLE lacks, are skipped."""
    rows = read_rows(TABLE)
    classes = sorted({row[TARGET].strip(" \t") for row in rows} - MISSING, key=level_order)
    label_of = {name: k for k, name in enumerate(classes)}

    def documents(rows, in_val):
        for row in rows:
            label = row[TARGET].strip(" \t")
            if label in label_of:
                text = row[TEXT_COLUMN]
                yield ("" if text.strip(" \t") in MISSING else text), label_of[label], in_val

    def corpus():
        yield from documents(rows, False)
        if VAL_TABLE:
            yield from documents(read_rows(VAL_TABLE), True)

    return classes, corpus()
)PY";

constexpr const char* kDocuments = R"PY(

def build_vocabulary(documents):
    """The tokens the model knows, fitted on the training documents only (as torchtext's
    build_vocab_from_iterator): 0 is <pad>, 1 <unk>, then the tokens seen at least MIN_FREQ
    times, most frequent first (ties in order of appearance), VOCAB_SIZE in all."""
    counts = Counter(token for doc in documents for token in doc)  # in order of appearance
    kept = [token for token, n in sorted(counts.items(), key=lambda tn: -tn[1])
            if n >= max(1, MIN_FREQ) and token not in ("<pad>", "<unk>")]
    return ["<pad>", "<unk>"] + (kept[:max(0, VOCAB_SIZE - 2)] if VOCAB_SIZE > 0 else kept)


class Documents(Dataset):
    """Documents as tensors of token ids, with their labels."""

    def __init__(self, ids, labels):
        self.ids = [torch.tensor(doc, dtype=torch.long) for doc in ids]
        self.labels = labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.ids[i], self.labels[i]

    def longest(self):
        return max((len(doc) for doc in self.ids), default=1)


def pad_batch(batch, pad_to=0):
    """The DataLoader's collate_fn: the documents padded with <pad> to the batch's longest
    (or to pad_to), as an [N, L] tensor of ids, and their labels."""
    ids, labels = zip(*batch)
    x = nn.utils.rnn.pad_sequence(ids, batch_first=True, padding_value=PAD)
    if x.size(1) < pad_to:
        x = F.pad(x, (0, pad_to - x.size(1)), value=PAD)
    return x, torch.tensor(labels)


def make_datasets():
    """Each document tokenised as it is read (the text is not kept); an empty one is
    skipped. The vocabulary is fitted on the training split alone."""
    classes, corpus = read_corpus()
    tokens, labels, in_val, empty = [], [], [], 0
    for text, label, val in corpus:
        doc = tokenize(text)
        if not doc:
            empty += 1
            continue
        tokens.append(doc), labels.append(label), in_val.append(val)
    if empty:
        print(f"skipped {empty} empty documents (no {TOKENIZER})", file=sys.stderr)
    if not tokens:
        sys.exit(f"no document with any {TOKENIZER} in it")
    if any(in_val):
        train = [i for i, val in enumerate(in_val) if not val]
        val = [i for i, val in enumerate(in_val) if val]
    else:
        train, val = stratified_split(labels, VAL_FRACTION, SEED)
    vocabulary = build_vocabulary(tokens[i] for i in train)
    id_of = {token: i for i, token in enumerate(vocabulary)}

    def documents(which):
        return Documents([[id_of.get(t, UNK) for t in tokens[i]] for i in which], [labels[i] for i in which])

    return documents(train), documents(val), classes, vocabulary
)PY";

constexpr const char* kTokenEmbedding = R"PY(

class TokenEmbedding(nn.Module):
    """nn.Embedding with padding_idx 0: <pad> stays a zero vector that never learns."""

    def __init__(self, vocabulary, dim):
        super().__init__()
        self.embedding = nn.Embedding(vocabulary, dim, padding_idx=PAD)

    def forward(self, ids):
        return self.embedding(ids)
)PY";

constexpr const char* kTextConvolutions = R"PY(

class TextConvolutions(nn.Module):
    """Kim's CNN for sentences: a Conv1d of each width over the embedded tokens, ReLU, and
    the maximum over the windows that lie within the document (a window over padding
    never counts, so padding more changes nothing). [N, L, E] to [N, widths x channels]."""

    def __init__(self, dim, channels, widths):
        super().__init__()
        self.widths = widths
        for w in widths:
            setattr(self, f"conv{w}", nn.Conv1d(dim, channels, w))

    def forward(self, embedded, lengths):
        x = embedded.transpose(1, 2)  # [N, E, L]: Conv1d slides over the last dimension
        if x.size(2) < max(self.widths):
            x = F.pad(x, (0, max(self.widths) - x.size(2)))
        pooled = []
        for w in self.widths:
            y = torch.relu(getattr(self, f"conv{w}")(x))  # [N, C, L - w + 1]
            windows = (lengths - w + 1).clamp(min=1)  # a shorter document keeps its first window
            inside = torch.arange(y.size(2)).unsqueeze(0) < windows.unsqueeze(1)
            pooled.append(y.masked_fill(~inside.unsqueeze(1), 0).amax(2))  # ReLU's 0 never wins
        return torch.cat(pooled, 1)
)PY";

constexpr const char* kDocumentGru = R"PY(

class DocumentGRU(nn.Module):
    """A GRU reading each document: [N, L, E] to its state after the document's last
    token, [N, H]. Packed (pack_padded_sequence), it never steps through the padding;
    unpacked, it runs over the whole padded batch and the state is read at each end."""

    def __init__(self, dim, hidden, packed):
        super().__init__()
        self.gru = nn.GRU(dim, hidden, batch_first=True)
        self.packed = packed

    def forward(self, embedded, lengths):
        if self.packed:
            packed = nn.utils.rnn.pack_padded_sequence(embedded, lengths.cpu(), batch_first=True,
                                                       enforce_sorted=False)
            return self.gru(packed)[1][0]  # h_n of the one layer
        out = self.gru(embedded)[0]  # [N, L, H]
        return out[torch.arange(len(out)), lengths - 1]
)PY";

}  // namespace

Section textDataSection(const ExperimentConfig& config) {
  Section s;
  const DatasetConfig& d = config.dataset;
  s.text = fill(kTokens, {{"tokenizer", quoted(d.tokenizer)},
                          {"max_tokens", std::to_string(d.max_tokens)},
                          {"vocab_size", std::to_string(d.vocab_size)},
                          {"min_freq", std::to_string(d.min_freq)},
                          {"validation_share", number(d.val_fraction)}});
  if (d.kind == "csv")
    s.text += fill(kCsvColumn, {{"path", quoted(d.path)},
                                {"val_path", d.val_path.empty() ? "None" : quoted(d.val_path)},
                                {"text_column", quoted(d.text_column)},
                                {"target", quoted(d.target)},
                                {"read_rows", kReadRows}});
  else
    s.text += fill(kFolder, {{"root", quoted(d.root)}}) + kFolderRules;
  s.text += kStratifiedSplit;
  s.text += kDocuments;
  if (config.loader.bucket_by_length)
    s.omitted.push_back(configField(&ExperimentConfig::loader, &LoaderConfig::bucket_by_length).key);
  return s;
}

Model textModel(const ModelConfig& c) {
  const bool cnn = c.name == "text_cnn";
  const std::string dim = std::to_string(c.embedding_dim > 0 ? c.embedding_dim : 64),
                    width = std::to_string(c.hidden.empty() ? 100 : c.hidden.front());
  Model m{cnn ? "TextCNN" : "TextGRU",
          cnn ? "Documents to classes: token embeddings, Conv1d of widths 3, 4 and 5, the maximum\n"
                "    over time, Dropout and a Linear."
              : "Documents to classes: token embeddings read by a GRU, its last state through\n"
                "    Dropout and a Linear.",
          std::string(kTokenEmbedding) + (cnn ? kTextConvolutions : kDocumentGru), ""};
  m.arguments = "vocabulary, num_classes";
  m.prologue = "        lengths = x.ne(PAD).sum(1).clamp(min=1)  # each document's tokens\n";
  m.layers.push_back({"embedding", "TokenEmbedding(vocabulary, " + dim + ")", "", ""});
  if (cnn)
    m.layers.push_back(
        {"convs", "TextConvolutions(" + dim + ", " + width + ", (3, 4, 5))", "", "self.convs(x, lengths)"});
  else
    m.layers.push_back({"gru", "DocumentGRU(" + dim + ", " + width + ", packed=" + (c.packed ? "True" : "False") + ")",
                        "", "self.gru(x, lengths)"});
  if (c.dropout > 0) m.layers.push_back({"dropout", "nn.Dropout(" + number(c.dropout) + ")", "", ""});
  m.layers.push_back({"fc", "nn.Linear(" + (cnn ? "3 * " + width : width) + ", num_classes)", "", ""});
  return m;
}

}  // namespace trainscope::script
