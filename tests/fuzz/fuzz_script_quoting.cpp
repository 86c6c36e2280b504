// The PyTorch script generator's quoting (docs/security.md): any bytes as the names a
// script carries (the experiment's name, the table's path, target, columns, classes and
// the reasons columns were left out, a text folder's root, an image folder's root).
// The script written from them must have the same code as the one written from plain
// names, string for string and comment for comment: a name that ended its string or
// its comment would add code. It is valid UTF-8 with no NUL, CR or Unicode line break
// outside an escape, and each string literal reads back as the name it carries.
#include "engine/deploy/pytorch_script.h"
#include "engine/system/quoting.h"
#include "engine/system/versions.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

// The script names the version that wrote it; versions.cpp reaches LibTorch, which the
// fuzz build leaves out.
namespace trainscope {
const char* trainscopeVersion() { return "fuzz"; }
}  // namespace trainscope

namespace {

using trainscope::ExperimentConfig;

// Python source with every string literal's contents and every comment taken out: what
// the interpreter would run. Literals are also collected, still escaped.
std::string codeOf(const std::string& py, std::vector<std::string>* literals) {
  std::string code;
  for (size_t i = 0; i < py.size();) {
    const char c = py[i];
    if (c == '#') {
      while (i < py.size() && py[i] != '\n') ++i;
      code += '#';
      continue;
    }
    if (c == '"' || c == '\'') {
      const bool triple = py.compare(i, 3, std::string(3, c)) == 0;
      const std::string close = triple ? std::string(3, c) : std::string(1, c);
      size_t j = i + close.size();
      std::string body;
      while (j < py.size() && py.compare(j, close.size(), close) != 0) {
        if (!triple && py[j] == '\n') std::abort();  // a one-line literal broken by a line: code after it
        if (py[j] == '\\' && j + 1 < py.size()) body += py[j++];
        body += py[j++];
      }
      if (j >= py.size()) std::abort();  // a literal never closed
      if (literals) literals->push_back(body);
      code += close + close;
      i = j + close.size();
      continue;
    }
    code += c;
    ++i;
  }
  return code;
}

// A Python escape sequence's value, for the literals this generator writes (no raw ones
// carry names): \\ \" \' \n \r \t \xNN \uNNNN.
std::string unescaped(const std::string& body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\\' || i + 1 >= body.size()) {
      out += body[i];
      continue;
    }
    const char e = body[++i];
    auto hex = [&](int n) {
      const unsigned v = static_cast<unsigned>(std::strtoul(body.substr(i + 1, n).c_str(), nullptr, 16));
      i += n;
      return v;
    };
    if (e == 'n')
      out += '\n';
    else if (e == 'r')
      out += '\r';
    else if (e == 't')
      out += '\t';
    else if (e == 'x')
      out += static_cast<char>(hex(2));
    else if (e == 'u') {
      const unsigned v = hex(4);
      if (v >= 0xDC80 && v <= 0xDCFF)
        out += static_cast<char>(v - 0xDC00);  // surrogateescape: the byte itself
      else if (v < 0x800)
        out += static_cast<char>(0xC0 | (v >> 6)), out += static_cast<char>(0x80 | (v & 0x3F));
      else
        out += static_cast<char>(0xE0 | (v >> 12)), out += static_cast<char>(0x80 | ((v >> 6) & 0x3F)),
            out += static_cast<char>(0x80 | (v & 0x3F));
    } else
      out += e;  // \\ \" \' (and \{ of an f-string's text, kept)
  }
  return out;
}

ExperimentConfig tableConfig(const std::vector<std::string>& names) {
  ExperimentConfig c;
  c.name = names[0];
  c.dataset.kind = "csv";
  c.dataset.path = names[1];
  c.dataset.target = names[2];
  c.model.name = "tabular_mlp";
  return c;
}

std::shared_ptr<trainscope::TableEncoding> encodingOf(const std::vector<std::string>& n) {
  auto e = std::make_shared<trainscope::TableEncoding>();
  e->target = n[2];
  e->task = "classification";
  e->classes = {n[3], n[4]};
  e->numbers.push_back({n[5], 0, 0, 1, false});
  e->categories.push_back({n[6], {n[7]}});
  e->left_out.push_back({n[8], n[9]});
  return e;
}

std::string scriptFor(const std::vector<std::string>& names, bool text) {
  ExperimentConfig c = tableConfig(names);
  trainscope::ScriptSources sources;
  sources.check_data = false;
  sources.origin = names[10];
  if (text) {
    c.dataset.kind = "text-folder";
    c.dataset.root = names[1];
    c.model.name = "text_cnn";
    c.train_transforms.clear(), c.val_transforms.clear();
  } else {
    sources.table = encodingOf(names);
  }
  const trainscope::PytorchScript s = trainscope::pytorchScript(c, sources);
  if (!s.ok) return {};
  return s.text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Eleven names, split at 0xFF 0xFE (any other byte, NUL included, is a name's).
  std::vector<std::string> names(11, "n");
  std::string input(reinterpret_cast<const char*>(data), size);
  size_t k = 0, from = 0;
  for (size_t at = input.find("\xFF\xFE"); k < names.size(); at = input.find("\xFF\xFE", from)) {
    names[k++] = input.substr(from, at == std::string::npos ? std::string::npos : at - from);
    if (at == std::string::npos) break;
    from = at + 2;
  }
  const std::vector<std::string> plain(11, "n");
  for (bool text : {false, true}) {
    const std::string hostile = scriptFor(names, text), neutral = scriptFor(plain, text);
    if (hostile.empty() || neutral.empty()) continue;
    if (!trainscope::isUtf8(hostile)) std::abort();
    if (hostile.find('\0') != std::string::npos) std::abort();
    for (const char* bad : {"\r", "\u2028", "\u2029", "\u0085"})
      if (hostile.find(bad) != std::string::npos) std::abort();
    std::vector<std::string> literals;
    if (codeOf(hostile, &literals) != codeOf(neutral, nullptr)) std::abort();  // a name became code
    // Each name a literal carries whole reads back as that name.
    for (const std::string& name : {names[2], names[3], names[5]})
      if (!text) {
        bool found = false;
        for (const auto& l : literals) found = found || unescaped(l) == name;
        if (!found) std::abort();
      }
  }
  return 0;
}
