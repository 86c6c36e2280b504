// What names this machine in records: its host name and CPU model (floating-point
// results can differ between CPUs, so a reproducibility bundle records both).
#pragma once

#include <string>

namespace trainscope {

// gethostname(), or "unknown" when the system gives none.
std::string hostName();
// /proc/cpuinfo's first "model name", or "" when it has none (not x86, say).
std::string cpuModel();

}  // namespace trainscope
