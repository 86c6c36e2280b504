// Where the engine's face ends: runs `fn` and returns "" or the reason it failed, as
// one readable line (LibTorch's errors without their C++ backtrace).
#pragma once

#include "engine/system/device.h"

#include <c10/util/Exception.h>

#include <exception>
#include <string>

namespace trainscope {

template <typename Fn>
std::string failureOf(Fn&& fn) {
  try {
    fn();
    return {};
  } catch (const c10::Error& e) {
    return readableTorchError(e);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown error inside the engine";
  }
}

}  // namespace trainscope
