// The folder index: an unchanged folder re-opens from the user's cache with the same
// datasets; any change a folder's time shows (a file added, removed or renamed, a class
// added) is read again; a damaged or unwritable cache is never an error.
#include "engine/data/folder_index.h"
#include "engine/data/image_folder.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include <fstream>

namespace fs = std::filesystem;
using namespace trainscope;

namespace {

// Every folder's time an hour back: a folder changed within the last two seconds is
// read again on every open (its clock may not show the next change).
void settle(const fs::path& root) {
  const auto past = fs::file_time_type::clock::now() - std::chrono::hours(1);
  fs::last_write_time(root, past);
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_directory()) fs::last_write_time(e.path(), past);
}

fs::path makeFolder(const fs::path& dir) {
  const fs::path root = dir / "photos";
  for (int i = 0; i < 6; ++i)
    test::writeImage(root / "cat" / ("c" + std::to_string(i) + ".png"), test::solidImage(40 + i, 30, {9, 9, 9}));
  for (int i = 0; i < 4; ++i)
    test::writeImage(root / "dog" / ("d" + std::to_string(i) + ".jpg"), test::solidImage(50, 60, {200, 10, 0}));
  test::writeImage(root / "dog" / "2024" / "deep.jpg", test::solidImage(50, 60, {1, 2, 3}));
  std::ofstream(root / "dog" / "notes.txt") << "not an image";
  settle(root);
  return root;
}

std::vector<std::string> listing(const DatasetSplits& s) {
  std::vector<std::string> out;
  for (const auto* d : {s.train.get(), s.val.get()})
    for (int64_t i = 0; i < d->size(); ++i) out.push_back(d->describe(i) + " " + std::to_string(d->label(i)));
  for (const auto& k : s.skipped) out.push_back(k.path + ": " + k.reason);
  return out;
}

ImageFolderOptions cachedIn(const fs::path& cache) {
  ImageFolderOptions o;
  o.index_cache = cache.string();
  return o;
}

}  // namespace

TEST(FolderIndex, AnUnchangedFolderReopensFromItsIndexWithTheSameDatasets) {
  test::TempDir dir;
  const fs::path root = makeFolder(dir.path()), cache = dir.path() / "cache";
  const DatasetSplits first = openImageFolder(root.string(), cachedIn(cache));
  EXPECT_FALSE(first.from_index);
  ASSERT_TRUE(fs::is_regular_file(first.index_file)) << "kept in the cache folder";
  EXPECT_EQ(fs::path(first.index_file).parent_path(), cache / "folder-index");
  const DatasetSplits again = openImageFolder(root.string(), cachedIn(cache));
  EXPECT_TRUE(again.from_index);
  EXPECT_EQ(listing(again), listing(first)) << "same files, labels, split and skips";
  EXPECT_EQ(again.train->classes(), first.train->classes());
  EXPECT_EQ(again.sizes.median_width, first.sizes.median_width);
  EXPECT_EQ(again.sizes.measured, 11);
  EXPECT_GT(again.list_bytes, 0);
  for (const auto& e : fs::recursive_directory_iterator(root))  // nothing written beside the data
    EXPECT_TRUE(e.is_directory() || e.path().extension() != ".index") << e.path();
  // A relative root keeps relative paths: it has an index of its own.
  EXPECT_NE(folderIndexFile(cache.string(), "photos", kDefaultMaxImagePixels),
            folderIndexFile(cache.string(), fs::absolute("photos"), kDefaultMaxImagePixels));
  ImageFolderOptions rescan = cachedIn(cache);
  rescan.rescan = true;
  EXPECT_FALSE(openImageFolder(root.string(), rescan).from_index);
}

TEST(FolderIndex, AFileAddedRemovedOrRenamedOrAClassAddedIsReadAgain) {
  test::TempDir dir;
  const fs::path root = makeFolder(dir.path()), cache = dir.path() / "cache";
  openImageFolder(root.string(), cachedIn(cache));
  const auto count = [&] {
    const DatasetSplits s = openImageFolder(root.string(), cachedIn(cache));
    EXPECT_FALSE(s.from_index);
    settle(root);
    return s.train->size() + s.val->size();
  };
  test::writeImage(root / "cat" / "new.png", test::solidImage(40, 30, {5, 5, 5}));
  EXPECT_EQ(count(), 12) << "added";
  fs::remove(root / "cat" / "c0.png");
  EXPECT_EQ(count(), 11) << "removed";
  fs::rename(root / "dog" / "2024" / "deep.jpg", root / "dog" / "2024" / "deep.txt");
  EXPECT_EQ(count(), 10) << "renamed in a sub-folder";
  test::writeImage(root / "bird" / "b.png", test::solidImage(40, 30, {5, 5, 5}));
  const DatasetSplits s = openImageFolder(root.string(), cachedIn(cache));
  EXPECT_EQ(s.train->classes(), (std::vector<std::string>{"bird", "cat", "dog"})) << "a class added";
  EXPECT_FALSE(s.from_index) << "changed moments ago: read again until it settles";
  EXPECT_FALSE(openImageFolder(root.string(), cachedIn(cache)).from_index);
  settle(root);
  openImageFolder(root.string(), cachedIn(cache));
  EXPECT_TRUE(openImageFolder(root.string(), cachedIn(cache)).from_index);
}

TEST(FolderIndex, ADamagedOrUnwritableCacheIsNeverAnError) {
  test::TempDir dir;
  const fs::path root = makeFolder(dir.path()), cache = dir.path() / "cache";
  const DatasetSplits first = openImageFolder(root.string(), cachedIn(cache));
  const std::string index = first.index_file;
  const auto whole = fs::file_size(index);
  for (const uintmax_t keep : {uintmax_t{0}, uintmax_t{7}, whole / 2, whole - 1}) {
    fs::resize_file(index, keep);
    const DatasetSplits s = openImageFolder(root.string(), cachedIn(cache));
    EXPECT_FALSE(s.from_index) << "cut to " << keep;
    EXPECT_EQ(listing(s), listing(first));
  }
  {  // the right length, wrong bytes inside
    std::fstream f(index, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(whole / 2));
    const std::string junk(64, '\xFF');
    f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  }
  EXPECT_EQ(listing(openImageFolder(root.string(), cachedIn(cache))), listing(first));
  ImageFolderOptions otherLimit = cachedIn(cache);
  otherLimit.max_pixels = 2000;  // another limit skips other files: an index of its own
  const DatasetSplits limited = openImageFolder(root.string(), otherLimit);
  EXPECT_NE(limited.index_file, index);
  EXPECT_LT(limited.train->size() + limited.val->size(), 11);
  const fs::path blocked = dir.path() / "blocked";
  std::ofstream(blocked) << "a file where the cache folder would be";
  const DatasetSplits s = openImageFolder(root.string(), cachedIn(blocked));
  EXPECT_TRUE(s.index_file.empty());
  EXPECT_EQ(listing(s), listing(first));
}

TEST(FolderIndex, SizesAndChannelsComeFromTheHeaders) {
  test::TempDir dir;
  const fs::path root = dir.path() / "photos";
  test::writeImage(root / "a" / "grey.png", cv::Mat(20, 30, CV_8UC1, cv::Scalar(7)));
  test::writeImage(root / "a" / "colour.jpg", test::solidImage(40, 50, {1, 2, 3}));
  test::writeImage(root / "b" / "colour.png", test::solidImage(60, 70, {1, 2, 3}));
  cv::imwrite((root / "b" / "alpha.png").string(), cv::Mat(10, 10, CV_8UC4, cv::Scalar(1, 2, 3, 4)));
  ImageFolderOptions o;
  o.val_fraction = 0;
  const ImageSizeStats z = openImageFolder(root.string(), o).sizes;
  EXPECT_EQ(z.measured, 4);
  EXPECT_EQ(z.grayscale, 1);
  EXPECT_EQ(z.rgb, 2);
  EXPECT_EQ(z.rgba, 1);
  EXPECT_EQ(z.min_width, 10);
  EXPECT_EQ(z.max_width, 70);
  EXPECT_EQ(z.max_height, 60);
  o.verify = true;  // decoding measures the same
  const ImageSizeStats decoded = openImageFolder(root.string(), o).sizes;
  EXPECT_EQ(decoded.rgba, z.rgba);
  EXPECT_EQ(decoded.grayscale, z.grayscale);
  EXPECT_EQ(decoded.median_width, z.median_width);
}
