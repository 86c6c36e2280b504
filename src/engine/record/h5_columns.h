// A group of equally long, extendible 1-D HDF5 datasets ("columns") appended row by
// row. Rows are buffered in memory and written on flush(); each flush makes them
// visible to SWMR readers.
#pragma once

#include "engine/record/h5_handle.h"

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
  using Row = std::vector<double>;  // one value per column; integers exact up to 2^53

  // Creates the group and its datasets (before SWMR writing starts).
  static void create(hid_t file, const std::string& group, const std::vector<Column>& columns);
  // Reads every row of an existing group; a column the file lacks (written by an older
  // build) reads as NaN.
  static std::vector<Row> readRows(hid_t file, const std::string& group, const std::vector<Column>& columns);

  // Opens existing columns for appending.
  H5Columns(hid_t file, const std::string& group, const std::vector<Column>& columns);
  ~H5Columns();
  H5Columns(const H5Columns&) = delete;
  H5Columns& operator=(const H5Columns&) = delete;

  void append(Row row);
  void flush();
  int64_t rows() const { return written_ + static_cast<int64_t>(pending_.size()); }

 private:
  std::vector<Column> columns_;
  std::vector<H5Handle> datasets_;
  std::vector<Row> pending_;
  int64_t written_ = 0;
};

// An extendible 1-D dataset of fixed-length strings (names written as they first come;
// h5py reads them as bytes). Created before SWMR writing starts, appended to after.
class H5Names {
 public:
  static constexpr size_t kWidth = 256;  // bytes, the terminating zero included
  static void create(hid_t file, const std::string& path, const std::string& description);
  H5Names(hid_t file, const std::string& path);
  ~H5Names() {
    try {
      flush();
    } catch (...) {  // a destructor must not throw; the last flush is best effort
    }
  }
  void append(const std::string& name);  // longer names are refused by the caller
  void flush();

 private:
  H5Handle dataset_;
  std::vector<std::string> pending_;
  hsize_t written_ = 0;
};

void h5WriteAttribute(hid_t object, const char* name, const std::string& value);
// File access properties for SWMR files (they need the latest file format).
H5Handle h5SwmrFileAccess();
// A 1-D dataset of a file opened for SWMR reading (a live run's), as doubles.
std::vector<double> h5ReadDoubles(const std::string& file, const std::string& dataset);
void h5WriteAttribute(hid_t object, const char* name, int64_t value);
// A string attribute (variable or fixed length); "" when there is none.
std::string h5ReadStringAttribute(hid_t object, const char* name);

}  // namespace trainscope
