// HDF5 1.10 decodes a global heap collection (where variable-length strings live) by
// walking its objects, each header giving the next one's place; in a damaged file an
// object of index 0 and size 0 never moves the walk on, and H5Aread spins for ever. Before
// a variable-length string is read, the file's collections are walked here the same way,
// once per version of the file (path, size, time).
#pragma once

#include <hdf5.h>

#include <string>

namespace trainscope {

// Throws BadInput "FILE: a global heap at byte N is damaged ..." for the file holding
// `object` when one of its collections would not end.
void requireSafeGlobalHeaps(hid_t object);

// The walk itself, for a collection's bytes from its "GCOL" signature: "" or what is wrong.
// `lengthBytes` is the file's size of lengths (8 unless its superblock says otherwise).
std::string whyGlobalHeapLoops(const std::string& collection, size_t lengthBytes);

}  // namespace trainscope
