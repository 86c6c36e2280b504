// A group of equally long, extendible 1-D HDF5 datasets ("columns") appended row by
// row. Rows are buffered in memory and written on flush(); each flush makes them
// visible to SWMR readers.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope {

class H5Columns {
 public:
  struct Column {
    std::string name;
    bool integer;  // int64, else float64
    std::string description;
  };

  // Creates the group and its datasets (before SWMR writing starts).
  static void create(hid_t file, const std::string& group, const std::vector<Column>& columns);
  // Opens existing columns for appending.
  H5Columns(hid_t file, const std::string& group, const std::vector<Column>& columns);
  ~H5Columns();
  H5Columns(const H5Columns&) = delete;
  H5Columns& operator=(const H5Columns&) = delete;

  // One value per column, in column order (integers passed as double; exact to 2^53).
  void append(const std::vector<double>& row);
  void flush();
  int64_t rows() const { return written_ + static_cast<int64_t>(pending_.size()); }

  // Number of leading rows whose integer column `key` is <= limit (rows are ordered).
  static int64_t countRowsUpTo(hid_t file, const std::string& group, const std::string& key, int64_t limit);
  // Shrinks every column of the group to n rows (not allowed under SWMR).
  static void truncate(hid_t file, const std::string& group, const std::vector<Column>& columns, int64_t n);

 private:
  std::vector<Column> columns_;
  std::vector<hid_t> datasets_;
  std::vector<std::vector<double>> pending_;
  int64_t written_ = 0;
};

// Throws std::runtime_error naming the call when an HDF5 call fails.
hid_t h5check(hid_t id, const char* what);

void h5WriteAttribute(hid_t object, const char* name, const std::string& value);
void h5WriteAttribute(hid_t object, const char* name, int64_t value);

}  // namespace trainscope
