#include "cli/local_launcher.h"

#include "cli/cli_support.h"
#include "engine/train/distributed/process_group.h"

#include <sys/wait.h>
#include <unistd.h>
#include <csignal>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>

extern char** environ;

namespace trainscope::cli {

namespace {

std::atomic<int> interrupts{0};
void onLauncherSignal(int) {
  if (isNewSignalRequest()) ++interrupts;
}

std::string describeStatus(int status) {
  if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const char* name = strsignal(WTERMSIG(status));
    return "was killed by signal " + std::to_string(WTERMSIG(status)) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended";
}

pid_t startRank(int rank, int nproc, int port, const std::vector<std::string>& args) {
  // Everything the child needs is built before fork(): only async-signal-safe calls after.
  const std::string n = std::to_string(nproc), r = std::to_string(rank);
  const std::vector<std::pair<std::string, std::string>> torchrunVariables = {
      {"RANK", r},
      {"LOCAL_RANK", r},
      {"WORLD_SIZE", n},
      {"LOCAL_WORLD_SIZE", n},
      {"MASTER_ADDR", "127.0.0.1"},
      {"MASTER_PORT", std::to_string(port)},
      {"TORCHELASTIC_USE_AGENT_STORE", "True"},
      {"TORCHELASTIC_RESTART_COUNT", "0"},
      {"TRAINSCOPE_LAUNCHER", "trainscope-cli --nproc"}};
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    bool replaced = false;
    for (const auto& [name, value] : torchrunVariables) replaced = replaced || entry.rfind(name + "=", 0) == 0;
    if (!replaced) env.push_back(entry);
  }
  for (const auto& [name, value] : torchrunVariables) env.push_back(name + "=" + value);
  std::vector<char*> argv, envp;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  const pid_t pid = fork();
  if (pid != 0) return pid;
  // Its own process group: a terminal's Ctrl+C reaches the launcher only, which
  // forwards it once (a second one would make a rank quit at once).
  setpgid(0, 0);
  execve("/proc/self/exe", argv.data(), envp.data());
  static const char message[] = "trainscope-cli: cannot start a rank\n";
  (void)!write(2, message, sizeof message - 1);
  _exit(127);
}

}  // namespace

std::vector<std::string> withoutNproc(int argc, char** argv, int* nproc) {
  std::vector<std::string> out;
  *nproc = 1;
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--nproc" && i + 1 < argc) {
      *nproc = std::atoi(argv[++i]);
    } else if (a.rfind("--nproc=", 0) == 0) {
      *nproc = std::atoi(a.c_str() + 8);
    } else {
      out.push_back(a);
    }
  }
  return out;
}

int launchLocalRanks(int nproc, const std::vector<std::string>& args, double timeoutSeconds) {
  std::unique_ptr<StoreServer> store;
  try {
    store = StoreServer::start(/*port=*/0, nproc, timeoutSeconds);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "trainscope-cli: cannot open the ranks' store on 127.0.0.1: %s\n", e.what());
    return 1;
  }
  auto previousInt = std::signal(SIGINT, onLauncherSignal);
  auto previousTerm = std::signal(SIGTERM, onLauncherSignal);
  std::vector<pid_t> pids;
  for (int r = 0; r < nproc; ++r) pids.push_back(startRank(r, nproc, store->port(), args));

  using Clock = std::chrono::steady_clock;
  std::vector<int> status(static_cast<size_t>(nproc), -1);
  int running = nproc, forwarded = 0, firstFailure = -1;
  std::string failure;
  Clock::time_point deadline = Clock::time_point::max();
  bool termSent = false;
  std::vector<bool> ended(static_cast<size_t>(nproc), false);  // by the launcher, after the deadline
  auto signalAll = [&](int sig) {
    for (int r = 0; r < nproc; ++r)
      if (status[static_cast<size_t>(r)] < 0) kill(pids[static_cast<size_t>(r)], sig);
  };
  while (running > 0) {
    int st = 0;
    const pid_t pid = waitpid(-1, &st, WNOHANG);
    if (pid > 0) {
      for (int r = 0; r < nproc; ++r)
        if (pids[static_cast<size_t>(r)] == pid) {
          status[static_cast<size_t>(r)] = st;
          --running;
          if (exitCodeOf(st) != 0 && firstFailure < 0 && forwarded == 0) {
            firstFailure = r;
            failure = "rank " + std::to_string(r) + " " + describeStatus(st);
            // The others notice within distributed.timeout_seconds and stop by themselves.
            deadline = Clock::now() + std::chrono::milliseconds(static_cast<int64_t>(timeoutSeconds * 1000) + 5000);
          }
        }
      continue;
    }
    if (interrupts > forwarded) {
      if (forwarded == 0) {
        std::fprintf(stderr, "trainscope-cli: stopping all %d ranks after the current step...\n", nproc);
        signalAll(SIGINT);
        deadline = std::min(deadline, Clock::now() + std::chrono::seconds(600));
      } else {
        std::fprintf(stderr, "trainscope-cli: ending every rank now\n");
        signalAll(SIGKILL);
      }
      forwarded = interrupts;
    }
    if (Clock::now() > deadline) {
      if (!termSent)
        std::fprintf(stderr, "trainscope-cli: %d rank(s) did not stop by themselves; ending them\n", running);
      for (int r = 0; r < nproc; ++r)
        ended[static_cast<size_t>(r)] = ended[static_cast<size_t>(r)] || status[static_cast<size_t>(r)] < 0;
      signalAll(termSent ? SIGKILL : SIGTERM);
      deadline = Clock::now() + std::chrono::seconds(5);
      termSent = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::signal(SIGINT, previousInt);
  std::signal(SIGTERM, previousTerm);
  for (int r = 0; r < nproc; ++r)
    if (ended[static_cast<size_t>(r)]) failure += "; rank " + std::to_string(r) + " was ended by the launcher";
  if (!failure.empty()) std::fprintf(stderr, "trainscope-cli: %s\n", failure.c_str());
  const int rank0 = exitCodeOf(status[0]);
  if (rank0 != 0) return rank0;
  for (int r = 0; r < nproc; ++r)
    if (exitCodeOf(status[static_cast<size_t>(r)]) != 0) return exitCodeOf(status[static_cast<size_t>(r)]);
  return 0;
}

}  // namespace trainscope::cli
