// `trainscope-cli train --nproc N`: torchrun for users without it. Hosts the ranks'
// store (as torchrun's agent does), starts N copies of this command with torchrun's
// environment, forwards Ctrl+C once (every rank stops at the same step, rank 0 saves a
// checkpoint), and when a rank dies gives the others distributed.timeout_seconds to stop
// by themselves before ending them: no process is left behind.
#pragma once

#include <string>
#include <vector>

namespace trainscope::cli {

// `args`: this command line without --nproc. Returns the exit code: 0 when every rank
// finished, else rank 0's, else the first failing rank's.
int launchLocalRanks(int nproc, const std::vector<std::string>& args, double timeoutSeconds);

// The command line without "--nproc N" / "--nproc=N"; nproc is set from it (1 when absent).
std::vector<std::string> withoutNproc(int argc, char** argv, int* nproc);

}  // namespace trainscope::cli
