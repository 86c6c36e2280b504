#!/usr/bin/env python3
"""Refreshes resources/translations/*.ts from the sources, keeping the translations.

The engine's user-facing messages are read from src/engine files that mark them with
QT_TRANSLATE_NOOP (engine/run/message.h); their contexts are already qualified.
lupdate's built-in C++ parser does not follow C++17 nested namespaces
(`namespace trainscope::ui {`), so it names contexts `ComparePage` where Qt looks up
`trainscope::ui::ComparePage` at run time. This runs lupdate into a scratch file, puts
each class's context in its namespace (src/widgets -> trainscope::widgets, src/ui ->
trainscope::ui), and carries over every translation whose context and source match.
Usage: packaging/update_translations.py [LUPDATE]
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
lupdate = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/qt6/bin/lupdate"
widget_classes = set()
for name in os.listdir(os.path.join(root, "src/widgets")):
    if name.endswith(".h"):
        text = open(os.path.join(root, "src/widgets", name), encoding="utf-8").read()
        widget_classes.update(re.findall(r"^class (\w+) : public", text, re.M))


def qualified(context):
    # "main", Qt's own, and engine messages (QT_TRANSLATE_NOOP with a full context) stay.
    if context in ("main", "QObject") or "::" in context:
        return context
    return ("trainscope::widgets::" if context in widget_classes else "trainscope::ui::") + context


def engine_sources_with_messages():
    """The engine's files that mark user-facing messages (engine/run/message.h)."""
    found = []
    for base, _, names in os.walk(os.path.join(root, "src/engine")):
        for name in sorted(names):
            path = os.path.join(base, name)
            if name.endswith(".cpp") and "QT_TRANSLATE_NOOP(" in open(path, encoding="utf-8").read():
                found.append(path)
    return found


LANGUAGES = ["zh_CN"]  # a new language: add it here, run this, translate in Qt Linguist


def english_plurals(source):
    """English forms of a "%n thread(s)" source: ["%n thread", "%n threads"]."""
    return [re.sub(r"\((s)\)", "", source), re.sub(r"\((s)\)", "s", source)]


def write_english_plurals():
    """trainscope_en.ts: the source language's plural forms only (lupdate -pluralonly)."""
    path = os.path.join(root, "resources/translations/trainscope_en.ts")
    with tempfile.TemporaryDirectory() as tmp:
        scratch = os.path.join(tmp, "trainscope_en.ts")
        subprocess.run([lupdate, "-silent", "-locations", "none", "-pluralonly", "-target-language", "en",
                        os.path.join(root, "src/ui"), os.path.join(root, "src/widgets"),
                        *engine_sources_with_messages(), "-ts", scratch],
                       check=True, stderr=subprocess.DEVNULL)
        tree = ET.parse(scratch)
    for ctx in tree.getroot().iter("context"):
        name = ctx.find("name")
        name.text = qualified(name.text)
        for msg in ctx.iter("message"):
            t = msg.find("translation")
            for f in t.findall("numerusform"):
                t.remove(f)
            for text in english_plurals(msg.findtext("source")):
                ET.SubElement(t, "numerusform").text = text
            t.attrib.pop("type", None)
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)
    print("trainscope_en.ts: English plural forms")


write_english_plurals()

for ts in ["trainscope_%s.ts" % language for language in LANGUAGES]:
    path = os.path.join(root, "resources/translations", ts)
    old = {}
    if os.path.exists(path):
        for ctx in ET.parse(path).getroot().iter("context"):
            cname = ctx.findtext("name")
            for msg in ctx.iter("message"):
                t = msg.find("translation")
                if t is None or t.get("type") in ("unfinished", "obsolete", "vanished"):
                    continue
                forms = [f.text for f in t.findall("numerusform")]
                if forms and all(forms):
                    old[(cname, msg.findtext("source"))] = forms  # plural forms (%n)
                elif not forms and t.text and t.text.strip():
                    old[(cname, msg.findtext("source"))] = t.text
    with tempfile.TemporaryDirectory() as tmp:
        scratch = os.path.join(tmp, ts)
        language = ts[len("trainscope_"):-3]
        subprocess.run([lupdate, "-silent", "-locations", "none", "-target-language", language,
                        os.path.join(root, "src/ui"), os.path.join(root, "src/widgets"),
                        *engine_sources_with_messages(), "-ts", scratch],
                       check=True, stderr=subprocess.DEVNULL)
        tree = ET.parse(scratch)
    missing = 0
    for ctx in tree.getroot().iter("context"):
        name = ctx.find("name")
        name.text = qualified(name.text)
        for msg in ctx.iter("message"):
            t = msg.find("translation")
            found = old.get((name.text, msg.findtext("source")))
            if isinstance(found, list) and msg.get("numerus") == "yes":
                for f in t.findall("numerusform"):
                    t.remove(f)
                for text in found:
                    ET.SubElement(t, "numerusform").text = text
                t.attrib.pop("type", None)
            elif isinstance(found, str):
                t.text = found
                t.attrib.pop("type", None)
            else:
                missing += 1
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)
    print(f"{ts}: {missing} untranslated")
