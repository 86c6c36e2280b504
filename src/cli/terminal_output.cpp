#include "cli/terminal_output.h"

#include "engine/system/quoting.h"

#include <unistd.h>
#include <cerrno>
#include <iostream>
#include <streambuf>
#include <string>

namespace trainscope::cli {

namespace {

struct Filter {
  int fd = -1;
  std::FILE* raw = nullptr;       // the stream the process started with
  std::FILE* filtered = nullptr;  // the one put in its place
  std::string pending;            // the start of a UTF-8 sequence the next write finishes
};
Filter outFilter, errFilter;

// False, with errno kept, when the terminal is gone (EIO: a closed pty): the caller's
// fflush then fails as it would on the plain stream.
bool writeAll(int fd, const std::string& text) {
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

ssize_t filteredWrite(void* cookie, const char* data, size_t size) {
  auto* f = static_cast<Filter*>(cookie);
  std::string text = std::move(f->pending);
  text.append(data, size);
  const size_t hold = incompleteUtf8Tail(text);
  f->pending.assign(text, text.size() - hold, hold);
  text.resize(text.size() - hold);
  return writeAll(f->fd, terminalText(text, true)) ? static_cast<ssize_t>(size) : -1;
}

int filteredClose(void* cookie) {
  auto* f = static_cast<Filter*>(cookie);
  if (!f->pending.empty()) writeAll(f->fd, terminalText(f->pending, true));  // a cut sequence: shown as bytes
  f->pending.clear();
  return 0;
}

// std::cout's own buffer writes to stdio's stdout as it was at start-up; this one writes
// to the filtered FILE, in order with printf.
class FileBuffer : public std::streambuf {
 public:
  explicit FileBuffer(std::FILE* file) : file_(file) {}

 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    return std::fputc(c, file_) == EOF ? traits_type::eof() : c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<size_t>(n), file_));
  }
  int sync() override { return std::fflush(file_) == 0 ? 0 : -1; }

 private:
  std::FILE* file_;
};

std::FILE* install(Filter& f, std::FILE* raw, int fd, int mode) {
  f.fd = fd;
  f.raw = raw;
  cookie_io_functions_t io{};
  io.write = filteredWrite;
  io.close = filteredClose;
  f.filtered = fopencookie(&f, "w", io);
  if (!f.filtered) return raw;
  setvbuf(f.filtered, nullptr, mode, mode == _IONBF ? 0 : BUFSIZ);
  return f.filtered;
}

}  // namespace

void filterStandardStreams() {
  // Only a terminal obeys escapes: output to a file or a pipe (a predicted CSV, a
  // report, JSON Lines) stays byte for byte what the command wrote.
  std::fflush(stdout);
  std::fflush(stderr);
  if (isatty(STDOUT_FILENO) == 1) {
    stdout = install(outFilter, stdout, STDOUT_FILENO, _IOLBF);  // each line as it comes
    static FileBuffer out(stdout);
    std::cout.rdbuf(&out);
  }
  if (isatty(STDERR_FILENO) == 1) {
    stderr = install(errFilter, stderr, STDERR_FILENO, _IONBF);
    static FileBuffer err(stderr);
    std::cerr.rdbuf(&err);
    std::clog.rdbuf(&err);
  }
}

std::FILE* rawStream(std::FILE* filtered) {
  for (const Filter* f : {&outFilter, &errFilter})
    if (f->filtered && filtered == f->filtered) {
      std::fflush(f->filtered);  // what was printed before stays before
      return f->raw;
    }
  return filtered;
}

bool isTerminal(std::FILE* stream) {
  for (const Filter* f : {&outFilter, &errFilter})
    if (f->filtered && stream == f->filtered) return isatty(f->fd) == 1;
  const int fd = fileno(stream);
  return fd >= 0 && isatty(fd) == 1;
}

}  // namespace trainscope::cli
