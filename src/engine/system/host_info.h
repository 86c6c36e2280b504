// What names this machine in records: its host name and CPU model (floating-point
// results can differ between CPUs, so a reproducibility bundle records both).
#pragma once

#include <string>
#include <vector>

namespace trainscope {

// gethostname(), or "unknown" when the system gives none.
std::string hostName();
// /proc/cpuinfo's first "model name", or "" when it has none (not x86, say).
std::string cpuModel();

// The CPU's native bfloat16 instructions named in a /proc/cpuinfo "flags" line
// (avx512_bf16, amx_bf16, ARM's bf16); empty when it has none.
std::vector<std::string> bf16InstructionsIn(const std::string& flags);
// The same for this machine's first CPU; empty when /proc/cpuinfo has no flags.
std::vector<std::string> nativeBf16Instructions();

}  // namespace trainscope
