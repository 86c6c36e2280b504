// Text that came from a file, a record or a user (a class, a column, a run's name, a
// path) quoted for each language Trainscope writes: it reads back as the same text and
// is never obeyed as code or markup. One function per target; docs/security.md lists
// where each is used. Bytes that are not UTF-8 are kept where the target can say them
// (Python) and shown as escapes or U+FFFD where it cannot.
#pragma once

#include <string>
#include <string_view>

namespace trainscope {

// A Python str literal, "…", that evaluates to `text`: backslash, quotes, every control
// character, U+0085/U+2028/U+2029, the bidirectional overrides and bytes that are not UTF-8 (as the lone surrogates
// \udcXX that os.fsdecode gives them, so a path still opens) are escapes. Safe anywhere
// an expression goes, and inside a non-raw """docstring""" without its quotes.
std::string pythonString(std::string_view text);
// The same without the enclosing quotes: the inside of a "…" or """…""" literal.
std::string pythonStringBody(std::string_view text);
// Text for a `# comment`: one line whatever it holds (line breaks, carriage returns,
// form feeds, NUL, separators and non-UTF-8 bytes shown as \xNN / \uNNNN).
std::string pythonComment(std::string_view text);
// Text for HTML and SVG (XML) content and attribute values: & < > " ' as entities;
// control characters (but tab and line feed) and non-UTF-8 bytes as U+FFFD.
std::string htmlEscape(std::string_view text);
// A DOT string, "…": quotes and backslashes escaped, line breaks as DOT's \n, other
// control characters as U+FFFD.
std::string dotString(std::string_view text);
// One POSIX shell word, '…' (a ' inside as '\''): pasted into a shell it is one argument.
std::string shellWord(std::string_view text);
// Text for a terminal: C0 control characters (ESC, BEL, CR, …) and bytes that are not
// UTF-8 shown as \xNN, DEL, C1 controls, line separators and bidirectional overrides as
// \uNNNN (so JSON Lines stay JSON), so a name can neither move the cursor, set the
// window title nor write the clipboard. Tab and line feed are escaped too (one name,
// one line) unless `keepLines`: a whole output's own lines.
std::string terminalText(std::string_view text, bool keepLines = false);
// How many bytes at the end of `text` begin a UTF-8 sequence that the next bytes may
// finish (0 to 3): a stream filter holds them back rather than call them broken.
size_t incompleteUtf8Tail(std::string_view text);

// The length in bytes of the UTF-8 sequence at text[at] (1 to 4), or 0 where the bytes
// there are not UTF-8 (a stray continuation, an overlong or surrogate form, a cut end).
int utf8SequenceLength(std::string_view text, size_t at);
// The code point of the valid sequence of `length` bytes at text[at].
char32_t utf8CodePoint(std::string_view text, size_t at, int length);
// Whether `text` is valid UTF-8 throughout.
bool isUtf8(std::string_view text);
// `text` with every byte that is not UTF-8 replaced by U+FFFD (for JSON, which holds UTF-8 alone).
std::string toValidUtf8(std::string_view text);

}  // namespace trainscope
