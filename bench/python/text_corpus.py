"""A generated text corpus for issue 31's text benchmarks, tests and the variable-length
lesson: documents of four topics whose lengths spread from a few words to hundreds (a
log-normal, as real sentences and reviews are), each word a topic word (15%), a word of
another topic (5%) or one of 400 shared filler words; 3% of the labels are wrong. Short
documents may hold no topic word: the best accuracy is below 100%.

Usage: text_corpus.py csv OUT.csv DOCS [SEED]       (columns: text, topic)
       text_corpus.py folder OUT_DIR DOCS [SEED]    (OUT_DIR/<topic>/<n>.txt)
       text_corpus.py split OUT_DIR DOCS [SEED]     (OUT_DIR/train.csv, OUT_DIR/val.csv: 80/20)
"""
import csv
import math
import os
import random
import sys

TOPICS = {
    "sports": "match goal team coach season score player league win referee stadium penalty striker keeper "
              "tournament final sprint medal race champion",
    "cooking": "recipe oven flour butter sugar bake simmer garlic onion salt pepper dough knife sauce roast "
               "kitchen spoon taste boil fry",
    "weather": "rain cloud storm wind forecast sunny snow frost humid thunder breeze temperature fog drizzle "
               "degrees pressure gust hail mild chilly",
    "music": "guitar song melody chord drum concert band singer album rhythm piano tune lyrics stage verse "
             "chorus bass violin note tempo",
}
SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "be", "da", "fu", "go", "hi", "je", "pa", "zu"]


def filler_words(rng):
    words = set()
    while len(words) < 400:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))))
    return sorted(words)


def documents(n, seed):
    rng = random.Random(seed)
    filler = filler_words(rng)
    topics = sorted(TOPICS)
    words = {t: TOPICS[t].split() for t in topics}
    for _ in range(n):
        topic = rng.choice(topics)
        length = max(3, min(400, int(math.exp(rng.gauss(math.log(30), 0.9)))))
        doc = []
        for _ in range(length):
            r = rng.random()
            if r < 0.15:
                doc.append(rng.choice(words[topic]))
            elif r < 0.20:
                doc.append(rng.choice(words[rng.choice(topics)]))
            else:
                doc.append(rng.choice(filler))
        label = rng.choice(topics) if rng.random() < 0.03 else topic
        text = " ".join(doc)
        yield text[0].upper() + text[1:] + ".", label


def write_csv(path, docs):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["text", "topic"])
        w.writerows(docs)


def main():
    kind, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 7
    docs = list(documents(n, seed))
    if kind == "csv":
        write_csv(out, docs)
    elif kind == "split":
        os.makedirs(out, exist_ok=True)
        cut = n * 4 // 5
        write_csv(os.path.join(out, "train.csv"), docs[:cut])
        write_csv(os.path.join(out, "val.csv"), docs[cut:])
    else:
        for i, (text, label) in enumerate(docs):
            os.makedirs(os.path.join(out, label), exist_ok=True)
            with open(os.path.join(out, label, f"{i:06d}.txt"), "w", encoding="utf-8") as f:
                f.write(text + "\n")


if __name__ == "__main__":
    main()
