// Reading a run's HDF5 files as untrusted input. A run folder may hold a file cut short
// by a full disk, bit flips, or datasets of another shape than ours; readers open files
// through h5OpenForReading and read datasets through h5ReadChecked, which check rank,
// shape and size before a byte is read. A mismatch is a BadInput naming the file and
// the dataset: nothing trusts a declared size, nothing waits forever.
#pragma once

#include "engine/config/file_input.h"
#include "engine/record/h5_handle.h"

#include <string>
#include <vector>

namespace trainscope {

// Opens a regular file read-only; `live` for a file a running writer may be appending
// to (SWMR). HDF5 re-reads metadata whose checksum fails (a live writer may be midway),
// sleeping twice as long each time: its default of 100 tries never ends on a damaged
// file, so the tries are bounded here (about 17 ms of sleeps per metadata object). Throws
// BadInput "FILE is damaged or still locked ..." when HDF5 cannot open it.
H5Handle h5OpenForReading(const std::string& path, bool live);

// The most elements one dataset of a run may hold (a billion: 8 GB of doubles).
constexpr hsize_t kMaxH5Elements = hsize_t{1} << 30;

// Opens dataset `name` of `file`; BadInput "FILE: NAME is missing or unreadable".
H5Handle h5OpenDataset(hid_t file, const std::string& name);

// The dataset's dimensions, checked: `rank` of them (any rank when rank < 0), their
// product within kMaxH5Elements and within what the whole file's bytes can hold. Throws BadInput "FILE: NAME is ...".
std::vector<hsize_t> h5CheckedDims(hid_t dataset, const std::string& name, int rank);

// Reads dataset `name` of `file` whole (row-major) as `memType`, after checking its rank
// (rank < 0: any) and that its stored type is numeric (a string where numbers belong is
// damage, not something to convert). Throws BadInput naming file and dataset.
template <typename T>
std::vector<T> h5ReadChecked(hid_t file, const std::string& name, hid_t memType, int rank, std::vector<hsize_t>* dims);

// A 1-D dataset of short fixed-length strings (names of tensors, of scalars), checked.
std::vector<std::string> h5ReadFixedStrings(hid_t file, const char* path);

// The message for a dataset that is not what the run format says.
[[noreturn]] void throwDamaged(hid_t object, const std::string& name, const std::string& what);

}  // namespace trainscope
