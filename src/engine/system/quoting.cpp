#include "engine/system/quoting.h"

#include <cstdio>

namespace trainscope {

namespace {

std::string hexByte(const char* prefix, unsigned char byte) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%s%02x", prefix, byte);
  return buffer;
}

std::string codePointEscape(char32_t c) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
  return buffer;
}

// Code points that end a line for somebody reading the text (Python's str.splitlines,
// editors, terminals): NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
bool isUnicodeLineBreak(char32_t c) { return c == 0x85 || c == 0x2028 || c == 0x2029; }
bool isC1Control(char32_t c) { return c >= 0x80 && c <= 0x9f; }
// The bidirectional overrides and isolates that reorder what a reader sees ("Trojan
// Source"): shown as escapes in code and on a terminal.
bool isBidiControl(char32_t c) { return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069); }
// A code point past ASCII that code and terminals show as an escape.
bool isInvisibleControl(char32_t c) { return isUnicodeLineBreak(c) || isC1Control(c) || isBidiControl(c); }

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Walks `text` by UTF-8 sequences: ascii(byte) for each ASCII byte, wide(at, length, code
// point) for each valid longer sequence, invalid(byte) for each byte that is not UTF-8.
template <class Ascii, class Wide, class Invalid>
std::string transcribe(std::string_view text, Ascii ascii, Wide wide, Invalid invalid) {
  std::string out;
  out.reserve(text.size() + 2);
  for (size_t at = 0; at < text.size();) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte < 0x80) {
      out += ascii(byte);
      ++at;
      continue;
    }
    const int length = utf8SequenceLength(text, at);
    if (length == 0) {
      out += invalid(byte);
      ++at;
      continue;
    }
    out += wide(text.substr(at, length), utf8CodePoint(text, at, length));
    at += length;
  }
  return out;
}

std::string asIs(std::string_view sequence, char32_t) { return std::string(sequence); }

}  // namespace

int utf8SequenceLength(std::string_view text, size_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  if (at >= n) return 0;
  const unsigned char c = p[at];
  if (c < 0x80) return 1;
  const int length = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (length == 0 || at + length > n) return 0;
  for (int k = 1; k < length; ++k)
    if ((p[at + k] & 0xC0) != 0x80) return 0;
  const unsigned char second = p[at + 1];
  if (c == 0xE0 && second < 0xA0) return 0;   // overlong
  if (c == 0xED && second >= 0xA0) return 0;  // a surrogate
  if (c == 0xF0 && second < 0x90) return 0;   // overlong
  if (c == 0xF4 && second >= 0x90) return 0;  // past U+10FFFF
  return length;
}

char32_t utf8CodePoint(std::string_view text, size_t at, int length) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data()) + at;
  if (length == 1) return p[0];
  char32_t c = p[0] & (0xFF >> (length + 1));
  for (int k = 1; k < length; ++k) c = (c << 6) | (p[k] & 0x3F);
  return c;
}

bool isUtf8(std::string_view text) {
  for (size_t at = 0; at < text.size();) {
    const int length = utf8SequenceLength(text, at);
    if (length == 0) return false;
    at += length;
  }
  return true;
}

std::string toValidUtf8(std::string_view text) {
  if (isUtf8(text)) return std::string(text);
  return transcribe(
      text, [](unsigned char b) { return std::string(1, static_cast<char>(b)); }, asIs,
      [](unsigned char) { return std::string(kReplacement); });
}

std::string pythonStringBody(std::string_view text) {
  return transcribe(
      text,
      [](unsigned char b) -> std::string {
        switch (b) {
          case '\\': return "\\\\";
          case '"': return "\\\"";
          case '\'': return "\\'";
          case '\n': return "\\n";
          case '\r': return "\\r";
          case '\t': return "\\t";
          default: break;
        }
        if (b < 0x20 || b == 0x7f) return hexByte("\\x", b);
        return std::string(1, static_cast<char>(b));
      },
      [](std::string_view sequence, char32_t c) {
        return isInvisibleControl(c) ? codePointEscape(c) : std::string(sequence);
      },
      // os.fsdecode's surrogateescape: "\udcff" is the byte 0xff again in open() and os.listdir.
      [](unsigned char b) { return codePointEscape(0xDC00 + b); });
}

std::string pythonString(std::string_view text) { return "\"" + pythonStringBody(text) + "\""; }

std::string pythonComment(std::string_view text) {
  return transcribe(
      text,
      [](unsigned char b) { return b < 0x20 || b == 0x7f ? hexByte("\\x", b) : std::string(1, static_cast<char>(b)); },
      [](std::string_view sequence, char32_t c) {
        return isInvisibleControl(c) ? codePointEscape(c) : std::string(sequence);
      },
      [](unsigned char b) { return hexByte("\\x", b); });
}

std::string htmlEscape(std::string_view text) {
  return transcribe(
      text,
      [](unsigned char b) -> std::string {
        switch (b) {
          case '&': return "&amp;";
          case '<': return "&lt;";
          case '>': return "&gt;";
          case '"': return "&quot;";
          case '\'': return "&#39;";
          case '\t':
          case '\n': return std::string(1, static_cast<char>(b));
          default: break;
        }
        return b < 0x20 || b == 0x7f ? std::string(kReplacement) : std::string(1, static_cast<char>(b));
      },
      [](std::string_view sequence, char32_t c) {
        return isC1Control(c) ? std::string(kReplacement) : std::string(sequence);
      },
      [](unsigned char) { return std::string(kReplacement); });
}

std::string dotString(std::string_view text) {
  return "\"" +
         transcribe(
             text,
             [](unsigned char b) -> std::string {
               if (b == '\n') return "\\n";  // DOT's own line break: the label stays on one line of the file
               if (b == '"' || b == '\\') return std::string("\\") + static_cast<char>(b);
               return b < 0x20 || b == 0x7f ? std::string(kReplacement) : std::string(1, static_cast<char>(b));
             },
             [](std::string_view sequence, char32_t c) {
               return isC1Control(c) || isUnicodeLineBreak(c) ? std::string(kReplacement) : std::string(sequence);
             },
             [](unsigned char) { return std::string(kReplacement); }) +
         "\"";
}

std::string shellWord(std::string_view text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string terminalText(std::string_view text, bool keepLines) {
  return transcribe(
      text,
      [keepLines](unsigned char b) {
        if (keepLines && (b == '\n' || b == '\t')) return std::string(1, static_cast<char>(b));
        if (b == 0x7f) return codePointEscape(b);
        return b < 0x20 ? hexByte("\\x", b) : std::string(1, static_cast<char>(b));
      },
      [](std::string_view sequence, char32_t c) {
        return isInvisibleControl(c) ? codePointEscape(c) : std::string(sequence);
      },
      [](unsigned char b) { return hexByte("\\x", b); });
}

size_t incompleteUtf8Tail(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  for (size_t back = 1; back <= 3 && back <= n; ++back) {
    const unsigned char c = p[n - back];
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
    const size_t length = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    return length > back ? back : 0;
  }
  return 0;
}

}  // namespace trainscope
