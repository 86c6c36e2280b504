// Owns an HDF5 identifier and closes it with the right H5*close, also on exceptions.
#pragma once

#include <hdf5.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace trainscope {

// HDF5 prints its whole error stack to stderr on every failure (thousands of lines on
// a full disk). The engine reports failures itself, as one line naming the file, so
// the printing is turned off; the setting is per thread in a thread-safe HDF5.
inline void quietHdf5Errors() {
  thread_local bool quiet = false;
  if (!quiet) quiet = H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr) >= 0;
}

// HDF5's own account of the last failure on this thread (its error stack as text),
// kept when the engine turns a failure into an exception: the user gets one line,
// log.txt gets this.
inline std::string& lastHdf5Detail() {
  thread_local std::string detail;
  return detail;
}

inline void keepHdf5Detail() {
  std::string text;
  H5Ewalk2(
      H5E_DEFAULT, H5E_WALK_DOWNWARD,
      [](unsigned n, const H5E_error2_t* e, void* out) -> herr_t {
        *static_cast<std::string*>(out) += "  #" + std::to_string(n) + " " + (e->func_name ? e->func_name : "") + ": " +
                                           (e->desc ? e->desc : "") + "\n";
        return 0;
      },
      &text);
  lastHdf5Detail() = text;
}

// The path of the file an HDF5 object lives in, for messages that name it.
inline std::string h5FileName(hid_t object) {
  char name[4096] = {0};
  return H5Fget_name(object, name, sizeof name - 1) > 0 ? std::string(name) : std::string("an HDF5 file");
}

// A failed write, as the user reads it: "cannot write FILE (what failed)"; HDF5's own
// account of it is kept for log.txt.
[[noreturn]] inline void throwHdf5WriteError(hid_t object, const std::string& what) {
  keepHdf5Detail();
  throw std::runtime_error("cannot write " + h5FileName(object) + " (" + what + ")");
}

// Flushes a file to disk, or throws naming it: a full disk shows here first, since
// HDF5 caches the writes before.
inline void h5FlushOrThrow(hid_t file) {
  if (H5Fflush(file, H5F_SCOPE_LOCAL) < 0) throwHdf5WriteError(file, "HDF5 could not flush it: disk full or I/O error");
}

class H5Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  H5Handle() = default;
  // Throws std::runtime_error("HDF5: <what> failed") when id is invalid.
  H5Handle(hid_t id, Closer close, const std::string& what) : id_(id), close_(close) {
    quietHdf5Errors();
    if (id_ < 0) {
      keepHdf5Detail();
      throw std::runtime_error("HDF5: " + what + " failed");
    }
  }
  ~H5Handle() { reset(); }
  H5Handle(H5Handle&& o) noexcept : id_(std::exchange(o.id_, -1)), close_(o.close_) {}
  H5Handle& operator=(H5Handle&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, -1);
      close_ = o.close_;
    }
    return *this;
  }
  H5Handle(const H5Handle&) = delete;
  H5Handle& operator=(const H5Handle&) = delete;

  hid_t get() const { return id_; }
  void reset() {
    if (id_ >= 0 && close_) close_(id_);
    id_ = -1;
  }

 private:
  hid_t id_ = -1;
  Closer close_ = nullptr;
};

}  // namespace trainscope
