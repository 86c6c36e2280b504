// Text from a file, a record or a user, quoted for each language Trainscope writes
// (system/quoting.h): Python reads each literal back as the same bytes, a comment stays
// one comment, a shell word stays one argument, HTML and DOT keep no markup, and a
// terminal is shown escapes, never sent them. Also the output paths the CLI refuses
// (config/file_input.h) and the run folder names (record/run_record.h).
#include "engine/system/quoting.h"
#include "engine/config/file_input.h"
#include "engine/record/run_record.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace trainscope {
namespace {

const std::vector<std::string>& hostileNames() {
  static const std::vector<std::string> names = {"plain",
                                                 "a\"b",
                                                 "c'd",
                                                 "\"\"\"",
                                                 "'''",
                                                 "e\\",
                                                 "\\",
                                                 "{{numbers}}",
                                                 "f\rg",
                                                 "h\ni",
                                                 "tab\there",
                                                 std::string("nul\0byte", 8),
                                                 "j\u2028k",
                                                 "l\u2029m",
                                                 "nel\u0085",
                                                 "\x1b]0;title\x07",
                                                 "o\u202ep",
                                                 "caf\xe9",
                                                 "\xff\xfe",
                                                 "\xed\xa0\x80",  // a surrogate's UTF-8: not UTF-8
                                                 "张三",
                                                 "+str(__import__('os').system('true'))+",
                                                 "$(touch x)`id`",
                                                 "-rf",
                                                 ""};
  return names;
}

// What a command printed to stdout.
std::string outputOf(const std::string& command) {
  std::string out;
  if (std::FILE* p = popen(command.c_str(), "r")) {
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, p)) > 0;) out.append(buffer, n);
    pclose(p);
  }
  return out;
}

TEST(Quoting, PythonReadsEachLiteralBackAsTheSameBytes) {
  test::TempDir dir;
  const std::string script = dir.str() + "/literals.py";
  std::ofstream py(script, std::ios::binary);
  py << "import os, sys\n";
  for (const auto& name : hostileNames()) {
    py << "sys.stdout.buffer.write(os.fsencode(" << pythonString(name) << ") + b'\\0')  # " << pythonComment(name)
       << "\n";
    py << "\"\"\"" << pythonStringBody(name) << "\"\"\"\n";  // a docstring holding it
  }
  py.close();
  const std::string out = outputOf(std::string(TRAINSCOPE_PYTHON) + " " + script);
  std::vector<std::string> back;
  for (size_t from = 0, at; (at = out.find('\0', from)) != std::string::npos; from = at + 1)
    back.push_back(out.substr(from, at - from));
  const std::vector<std::string>& names = hostileNames();
  // A name with NUL is a name os.fsencode keeps whole; every other byte comes back as it was.
  ASSERT_EQ(back.size(), names.size() + 1) << out;  // the name holding NUL comes back in two pieces
  for (size_t i = 0, j = 0; i < names.size(); ++i) {
    if (names[i].find('\0') != std::string::npos) {
      EXPECT_EQ(back[j] + std::string(1, '\0') + back[j + 1], names[i]);
      j += 2;
      continue;
    }
    EXPECT_EQ(back[j++], names[i]) << "name " << i;
  }
}

TEST(Quoting, CodeQuotedTextHoldsNoLineBreakNorControlCharacter) {
  for (const auto& name : hostileNames()) {
    for (const std::string& quoted : {pythonString(name), pythonComment(name), terminalText(name)}) {
      EXPECT_TRUE(isUtf8(quoted)) << quoted;
      for (char c : quoted) EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 || c == 0x7f) << quoted;
      for (const char* breaker : {"\u2028", "\u2029", "\u0085", "\u202e"})
        EXPECT_EQ(quoted.find(breaker), std::string::npos) << quoted;
    }
  }
  EXPECT_EQ(pythonString("a\"b\\"), "\"a\\\"b\\\\\"");
  EXPECT_EQ(pythonString("caf\xe9"), "\"caf\\udce9\"");  // os.fsdecode's surrogateescape
  EXPECT_EQ(terminalText("\x1b[2J\x07ok"), "\\x1b[2J\\x07ok");
  EXPECT_EQ(terminalText("a\nb\tc", true), "a\nb\tc");
  EXPECT_EQ(terminalText("a\nb"), "a\\x0ab");
}

TEST(Quoting, ShellWordIsOneArgument) {
  for (const auto& name : hostileNames()) {
    if (name.find('\0') != std::string::npos) continue;  // no argument holds NUL
    const std::string out = outputOf("printf '%s|' " + shellWord(name));
    EXPECT_EQ(out, name + "|") << shellWord(name);
  }
}

TEST(Quoting, HtmlAndDotKeepNoMarkup) {
  for (const auto& name : hostileNames()) {
    const std::string html = htmlEscape(name), dot = dotString(name);
    EXPECT_TRUE(isUtf8(html) && isUtf8(dot));
    EXPECT_EQ(html.find_first_of("<>\"'"), std::string::npos) << html;
    // Inside DOT's quotes every quote is escaped and no raw line break is left.
    for (size_t i = 1; i + 1 < dot.size(); ++i)
      if (dot[i] == '"') EXPECT_EQ(dot[i - 1], '\\') << dot;
    EXPECT_EQ(dot.find('\n'), std::string::npos) << dot;
  }
  EXPECT_EQ(htmlEscape("<script>&'\""), "&lt;script&gt;&amp;&#39;&quot;");
}

TEST(Quoting, StreamFiltersHoldBackACutUtf8Sequence) {
  EXPECT_EQ(incompleteUtf8Tail("ab"), 0u);
  EXPECT_EQ(incompleteUtf8Tail("a\xe5"), 1u);
  EXPECT_EQ(incompleteUtf8Tail("a\xe5\xbc"), 2u);
  EXPECT_EQ(incompleteUtf8Tail("a\xe5\xbc\xa0"), 0u);  // 张: whole
  EXPECT_EQ(incompleteUtf8Tail("a\xf0\x9f\x98"), 3u);
  EXPECT_EQ(toValidUtf8("a\xffz"), "a\xEF\xBF\xBDz");
}

TEST(RunFolderName, KeepsLettersOfAnyScriptAndNeverHidesOrEscapes) {
  EXPECT_EQ(runFolderName("训练"), "训练");
  EXPECT_EQ(runFolderName("..x"), "_..x");
  EXPECT_EQ(runFolderName(".."), "_..");
  EXPECT_EQ(runFolderName("a/b c"), "a_b_c");
  EXPECT_EQ(runFolderName("\x1b]0;t\x07"), "__0_t_");
  EXPECT_EQ(runFolderName("o\u202ep"), "o_p");
  EXPECT_EQ(runFolderName("caf\xe9"), "caf_");
  EXPECT_EQ(runFolderName(""), "run");
  const std::string longName = runFolderName(std::string(5000, 'n'));
  EXPECT_EQ(longName.size(), kMaxFolderNameBytes);
  std::string chinese;
  for (int i = 0; i < 100; ++i) chinese += "张";
  EXPECT_TRUE(isUtf8(runFolderName(chinese)));  // cut on a character's boundary
  EXPECT_LE(runFolderName(chinese).size(), kMaxFolderNameBytes);
}

TEST(OutputFile, ARunsOwnFilesLinksAndDevicesAreRefused) {
  test::TempDir dir;
  const auto run = dir.path() / "run";
  std::filesystem::create_directories(run / "checkpoints");
  std::ofstream(run / "run.json") << "{}";
  std::ofstream(run / "checkpoints" / "best.pt") << "x";
  EXPECT_NE(whyNotOutputFile(run / "run.json").find("inside the run folder"), std::string::npos);
  EXPECT_NE(whyNotOutputFile(run / "checkpoints" / "best.pt").find("inside the run folder"), std::string::npos);
  EXPECT_NE(whyNotOutputFile(run / "new.html").find("inside the run folder"), std::string::npos);
  EXPECT_NE(whyNotOutputFile(run / "checkpoints" / ".." / "log.txt").find("inside the run folder"), std::string::npos);
  EXPECT_NE(whyNotOutputFile("/dev/null").find("device"), std::string::npos);
  EXPECT_NE(whyNotOutputFile(dir.path()).find("folder"), std::string::npos);
  std::filesystem::create_symlink(run / "run.json", dir.path() / "link.html");
  EXPECT_NE(whyNotOutputFile(dir.path() / "link.html").find("symbolic link"), std::string::npos);
  EXPECT_EQ(whyNotOutputFile(dir.path() / "report.html"), "");
  std::ofstream(dir.path() / "old.html") << "old";
  EXPECT_EQ(whyNotOutputFile(dir.path() / "old.html"), "");
}

TEST(SystemTree, ProcSysAndDevAreNeverData) {
  EXPECT_TRUE(isSystemTree("/proc/self"));
  EXPECT_TRUE(isSystemTree("/proc"));
  EXPECT_TRUE(isSystemTree("/sys/class"));
  EXPECT_TRUE(isSystemTree("/dev"));
  EXPECT_FALSE(isSystemTree("/"));
  EXPECT_FALSE(isSystemTree("/tmp"));
  EXPECT_FALSE(isSystemTree("/usr/share/proc"));
  test::TempDir dir;
  std::filesystem::create_directory_symlink("/proc/self", dir.path() / "innocent");
  EXPECT_TRUE(isSystemTree(dir.path() / "innocent"));
  const auto root = std::filesystem::canonical(dir.path());
  std::filesystem::create_directories(root / "inside");
  std::filesystem::create_directory_symlink(root / "inside", root / "here");
  EXPECT_TRUE(staysWithin(root, root / "here"));
  EXPECT_FALSE(staysWithin(root, root / "innocent"));
}

}  // namespace
}  // namespace trainscope
