#include "cli/trial_process.h"

#include "cli/cli_support.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace trainscope::cli {

std::unique_ptr<TrialProcess> TrialProcess::start(const std::vector<std::string>& args, const std::string& logPath,
                                                  std::string* error) {
  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0) {
    *error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return nullptr;
  }
  const int log = open(logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log < 0) {
    *error = logPath + ": " + std::strerror(errno);
    close(pipeFds[0]), close(pipeFds[1]);
    return nullptr;
  }
  // Everything the child needs is built before fork(): only async-signal-safe calls after.
  std::vector<std::string> all = {"trainscope-cli"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    // Its own process group: a terminal's Ctrl+C reaches the search, which stops each
    // trial once; the search's death (even kill -9) stops the trial.
    setpgid(0, 0);
    signal(SIGINT, SIG_DFL);  // the search's handlers are not the trial's, until exec
    signal(SIGTERM, SIG_DFL);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(130);
    dup2(pipeFds[1], 1);
    dup2(log, 2);
    execv("/proc/self/exe", argv.data());
    static const char message[] = "trainscope-cli: cannot start a trial\n";
    (void)!write(2, message, sizeof message - 1);
    _exit(127);
  }
  close(pipeFds[1]);
  close(log);
  if (pid < 0) {
    *error = std::string("cannot start a process: ") + std::strerror(errno);
    close(pipeFds[0]);
    return nullptr;
  }
  fcntl(pipeFds[0], F_SETFL, fcntl(pipeFds[0], F_GETFL) | O_NONBLOCK);
  return std::unique_ptr<TrialProcess>(new TrialProcess(pid, pipeFds[0]));
}

TrialProcess::~TrialProcess() {
  if (!reaped_) {
    stop();
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  if (out_ >= 0) close(out_);
}

std::vector<std::string> TrialProcess::readLines() {
  char buffer[65536];
  for (;;) {
    const ssize_t n = read(out_, buffer, sizeof buffer);
    if (n > 0) {
      partial_.append(buffer, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    break;  // EAGAIN: nothing more for now; 0: the child closed it
  }
  std::vector<std::string> lines;
  size_t from = 0;
  for (size_t nl; (nl = partial_.find('\n', from)) != std::string::npos; from = nl + 1)
    lines.push_back(partial_.substr(from, nl - from));
  partial_.erase(0, from);
  return lines;
}

// Once: a second SIGTERM a second later makes trainscope-cli quit at once, mid-write.
void TrialProcess::stop() {
  if (!reaped_ && !stopSent_) kill(pid_, SIGTERM);
  stopSent_ = true;
}

bool TrialProcess::ended(int* exitCode) {
  if (!reaped_) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
    reaped_ = true;
    exitCode_ = exitCodeOf(status);
  }
  *exitCode = exitCode_;
  return true;
}

}  // namespace trainscope::cli
