// Where the engine's face ends: runs `fn` and returns "" or the reason it failed, as
// one readable line (LibTorch's errors without their C++ backtrace). With `badInput`,
// says whether the input was at fault (a config error, a damaged or special file: the
// CLI's exit code 2) rather than the work itself.
#pragma once

#include "engine/config/file_input.h"
#include "engine/config/problem.h"
#include "engine/system/device.h"

#include <c10/util/Exception.h>

#include <exception>
#include <string>

namespace trainscope {

template <typename Fn>
std::string failureOf(Fn&& fn, bool* badInput = nullptr) {
  try {
    fn();
    return {};
  } catch (const ConfigError& e) {
    if (badInput) *badInput = true;
    return e.what();
  } catch (const BadInput& e) {
    if (badInput) *badInput = true;
    return e.what();
  } catch (const c10::Error& e) {
    return readableTorchError(e);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown error inside the engine";
  }
}

}  // namespace trainscope
