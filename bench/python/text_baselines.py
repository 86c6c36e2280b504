"""bench/text_baselines.sh's comparisons: DIR RUN.

Reads the trainscope run's last validation accuracy (metrics.h5) and its training
throughput, fits TF-IDF (words and word pairs) + LogisticRegression on the same files,
and times text_cnn's own architecture in a plain PyTorch loop (a per-document Dataset,
a DataLoader whose collate_fn pads each batch with pad_sequence) on one thread.
"""
import csv
import json
import re
import sys
import time

import h5py
import numpy as np
import torch
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score

out, run = sys.argv[1:3]


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [r["text"] for r in rows], [r["topic"] for r in rows]


train_x, train_y = read(f"{out}/train.csv")
val_x, val_y = read(f"{out}/val.csv")
with h5py.File(f"{run}/metrics.h5") as f:
    ours = float(f["epochs"]["val_accuracy"][-1])
    ours_rate = float(np.median(f["steps"]["samples_per_sec"][:]))
tfidf = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True)
logreg = LogisticRegression(max_iter=2000, C=10)
logreg.fit(tfidf.fit_transform(train_x), train_y)
theirs = accuracy_score(val_y, logreg.predict(tfidf.transform(val_x)))
print(f"text_cnn {100 * ours:.2f}%  TF-IDF+LogisticRegression {100 * theirs:.2f}%  "
      f"difference {100 * (ours - theirs):+.2f} points")

# The same model in plain PyTorch: vocabulary and tokens as the run's (lower-cased words).
torch.set_num_threads(1)
vocab = {t: i for i, t in enumerate(json.load(open(f"{run}/run.json"))["text"]["vocabulary"]["tokens"])}
classes = sorted(set(train_y))
docs = [torch.tensor([vocab.get(w, 1) for w in re.findall(r"\w+", x.lower())][:400]) for x in train_x]
labels = torch.tensor([classes.index(y) for y in train_y])


class Documents(torch.utils.data.Dataset):
    def __len__(self):
        return len(docs)

    def __getitem__(self, i):
        return docs[i], labels[i]


def collate(batch):
    ids = torch.nn.utils.rnn.pad_sequence([d for d, _ in batch], batch_first=True)
    return ids, torch.stack([y for _, y in batch])


class TextCnn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = torch.nn.Embedding(len(vocab), 64, padding_idx=0)
        self.convs = torch.nn.ModuleList(torch.nn.Conv1d(64, 100, w) for w in (3, 4, 5))
        self.dropout = torch.nn.Dropout(0.3)
        self.fc = torch.nn.Linear(300, len(classes))

    def forward(self, ids):
        x = self.embedding(ids).transpose(1, 2)
        x = torch.nn.functional.pad(x, (0, max(0, 5 - x.size(2))))
        return self.fc(self.dropout(torch.cat([torch.relu(c(x)).amax(2) for c in self.convs], 1)))


model = TextCnn()
optimizer = torch.optim.Adam(model.parameters(), lr=0.002)
loader = torch.utils.data.DataLoader(Documents(), batch_size=64, shuffle=True, collate_fn=collate)
seen, start = 0, time.perf_counter()
for ids, y in loader:
    optimizer.zero_grad()
    torch.nn.functional.cross_entropy(model(ids), y).backward()
    optimizer.step()
    seen += len(y)
plain_rate = seen / (time.perf_counter() - start)
print(f"throughput: trainscope {ours_rate:.0f} documents/s, plain PyTorch loop {plain_rate:.0f} documents/s "
      f"({ours_rate / plain_rate:.2f}x), one thread each")
