// A sentence the engine shows to a user, kept translatable: the English source with
// %1, %2, ... placeholders and its arguments apart. The CLI prints `english()`; the
// app translates `text` under `context` (QCoreApplication::translate) and then fills
// the same arguments. Sources are marked with QT_TRANSLATE_NOOP so lupdate collects
// them into the .ts files, although the engine never includes Qt.
#pragma once

#include "engine/config/translatable.h"

#include <string>
#include <vector>

namespace trainscope {

struct Message {
  const char* context = "";
  const char* text = "";  // English, with %1..%9
  std::vector<std::string> args;
  // Arguments that are sentences themselves (a reason inside "run stopped: %1"):
  // nested[i], when its text is set, is args[i] in translatable form.
  std::vector<Message> nested = {};

  std::string english() const;
  // No sentence: the engine had no translatable form for the text at hand.
  bool empty() const { return !text || !*text; }
};

// Sentences one part of the engine can write, to find the Message behind an English
// text it wrote earlier (a run record, a reason passed along as a string).
class MessageCatalogue {
 public:
  // `patterns`: English sources with %1..%9, marked with QT_TRANSLATE_NOOP(context, ...);
  // the first that matches wins, so list longer ones first.
  MessageCatalogue(const char* context, std::vector<const char*> patterns);
  ~MessageCatalogue();
  // The Message whose english() is `text`, or one with an empty text.
  Message recognise(const std::string& text) const;

 private:
  struct Compiled;
  const char* context_;
  std::vector<const char*> patterns_;
  std::vector<Compiled> compiled_;
};

// Replaces %1..%9 in `pattern` by args[0..8] in one pass (an argument that itself
// holds "%2" stays as it is). A placeholder without an argument is kept.
std::string fillPlaceholders(const std::string& pattern, const std::vector<std::string>& args);

}  // namespace trainscope
