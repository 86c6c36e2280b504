#!/usr/bin/env bash
# A run's HTML report (trainscope-cli report): one self-contained file with the curves
# as inline SVG, the confusion matrix by class name, the top mistakes as inline PNG
# thumbnails, the config and the versions; nothing fetched from the network; parts a
# run lacks are left out and said; wrong input refused.
# Usage: report_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3

"$cli" train --config fashion_lenet --out "$tmp/runs" --set epochs=2 --set dataset.train_subset=2000 \
  --set dataset.val_subset=500 --set probes.enabled=false --quiet >"$tmp/train.log" 2>&1
check "a short run trains" test $? -eq 0
run=$(ls -d "$tmp/runs"/*/ | head -1)
"$cli" report "$run" --out "$tmp/run.html" --mistakes 12 2>"$tmp/report.err"
check "report writes the file" test $? -eq 0
check "and says it is self-contained" contains "$tmp/report.err" "self-contained"
"$py" - "$tmp/run.html" <<'PY' >"$tmp/parsed.txt" 2>&1
import sys
from html.parser import HTMLParser
class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.images, self.external = {}, [], []
    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name, value in attrs:
            if name in ("src", "href") and value and not value.startswith("data:"):
                self.external.append(value)
            if tag == "img" and name == "src":
                self.images.append(value)
page = Page()
page.feed(open(sys.argv[1], encoding="utf-8").read())
print("svg", page.tags.get("svg", 0))
print("polyline", page.tags.get("polyline", 0))
print("images", len(page.images), "png", sum(i.startswith("data:image/png;base64,") for i in page.images))
print("external", len(page.external), "script", page.tags.get("script", 0), "link", page.tags.get("link", 0))
PY
check "it parses as HTML" test $? -eq 0
check "three charts (loss, accuracy, learning rate)" contains "$tmp/parsed.txt" "svg 3"
check "the mistakes as inline PNG thumbnails" contains "$tmp/parsed.txt" "images 12 png 12"
check "nothing fetched from the network" contains "$tmp/parsed.txt" "external 0 script 0 link 0"
check "no address at all in the page" not_grep -q "http" "$tmp/run.html"
for text in "Confusion matrix" "Ankle boot" "Top mistakes" "best validation accuracy" "libtorch" "&quot;optimizer&quot;"; do
  check "the page has $text" contains "$tmp/run.html" "$text"
done
"$cli" report "$run" >"$tmp/printed.html" 2>/dev/null
check "without --out it is printed" contains "$tmp/printed.html" "<!DOCTYPE html>"

# A run without predictions (stopped before its first validation): the rest, and a note.
cp -r "$run" "$tmp/partial"
rm -f "$tmp/partial/predictions.h5"
"$cli" report "$tmp/partial" --out "$tmp/partial.html" 2>"$tmp/partial.err"
check "a run without predictions still reports" test $? -eq 0
check "saying what is left out" contains "$tmp/partial.html" "Left out"
check "on stderr too" contains "$tmp/partial.err" "left out"

# Wrong input.
"$cli" report "$tmp/nowhere" >/dev/null 2>&1
check "a missing folder: exit 2" test $? -eq 2
mkdir -p "$tmp/empty"
"$cli" report "$tmp/empty" >/dev/null 2>"$tmp/empty.err"
check "a folder without run.json: exit 2" test $? -eq 2
"$cli" report "$run" --out "$tmp/no/such/dir/r.html" >/dev/null 2>&1
check "an unwritable --out: exit 1" test $? -eq 1
"$cli" report "$run" --out "$tmp/twice.html" 2>/dev/null &
"$cli" report "$run" --out "$tmp/twice.html" 2>/dev/null
wait
check "two writers at once leave one whole page" contains "$tmp/twice.html" "</html>"

report
