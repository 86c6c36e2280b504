#include "engine/data/image_folder.h"

#include "engine/data/data_messages.h"

#include "test_fixtures.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>

#include <fstream>

namespace fs = std::filesystem;

namespace trainscope {
namespace {

void writeBytes(const fs::path& p, const std::string& bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << bytes;
}

::testing::AssertionResult hasSkip(const std::vector<SkippedItem>& skipped, const std::string& pathPart,
                                   const std::string& reasonPart) {
  std::string listed;
  for (const auto& s : skipped) {
    if (s.path.find(pathPart) != std::string::npos && s.reason.find(reasonPart) != std::string::npos)
      return ::testing::AssertionSuccess();
    listed += "\n  " + s.path + ": " + s.reason;
  }
  return ::testing::AssertionFailure() << "no skip of " << pathPart << " for \"" << reasonPart << "\" in:" << listed;
}

// Every reason the data layer gives is in the translatable catalogue, arguments and all.
void expectEveryReasonTranslatable(const std::vector<SkippedItem>& skipped) {
  for (const auto& s : skipped) {
    const Message m = skipReasonMessage(s.reason);
    EXPECT_FALSE(m.empty()) << "not in engine/data/data_messages.cpp: " << s.reason;
    EXPECT_EQ(m.english(), s.reason);
  }
}

// cat: 4 good images of mixed formats, modes and sizes (one with a non-ASCII name with
// spaces); dog: 3 good, a JPEG cut short after its first bytes, a text file named .png, a .txt, a dangling link;
// bird: no images; empty: nothing.
class ImageFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path r = dir_.path() / "my photos";
    root_ = r.string();
    test::writeImage(r / "cat" / "a.png", test::solidImage(30, 40, {200, 10, 10}));
    test::writeImage(r / "cat" / "b.jpg", test::solidImage(80, 60, {10, 200, 10}));
    test::writeImage(r / "cat" / "photo one.bmp", cv::Mat(20, 20, CV_8UC1, cv::Scalar(128)));
    cv::Mat rgba(16, 24, CV_8UC4, cv::Scalar(10, 20, 30, 0));
    test::writeImage(r / "cat" / "ñandú été.png", rgba);
    test::writeImage(r / "dog" / "d1.png", test::solidImage(32, 32, {1, 2, 3}));
    test::writeImage(r / "dog" / "d2.jpg", test::solidImage(50, 70, {9, 9, 9}));
    test::writeImage(r / "dog" / "d3.png", test::solidImage(10, 90, {50, 60, 70}));
    writeBytes(r / "dog" / "broken.jpg", std::string("\xFF\xD8\xFF\xE0", 4) + std::string(100, 'x'));
    writeBytes(r / "dog" / "fake.png", "this is not a picture");
    writeBytes(r / "dog" / "notes.txt", "labels are folder names");
    fs::create_symlink(r / "dog" / "nowhere.jpg", r / "dog" / "gone.jpg");
    writeBytes(r / "bird" / "readme.md", "no images yet");
    fs::create_directories(r / "empty");
  }
  test::TempDir dir_;
  std::string root_;
};

TEST_F(ImageFolderTest, ListsClassesAndSkipsWhatIsNotUsable) {
  ImageFolderOptions o;
  o.val_fraction = 0.0;
  const DatasetSplits s = openImageFolder(root_, o);
  EXPECT_EQ(s.train->classes(), (std::vector<std::string>{"cat", "dog"}));
  // broken.jpg starts like a JPEG but has no frame header: the scan already says so,
  // so training counts what `datasets` and the app (which decode everything) count.
  EXPECT_EQ(s.train->size(), 7);
  EXPECT_TRUE(hasSkip(s.skipped, "broken.jpg", "malformed JPEG header"));
  EXPECT_TRUE(hasSkip(s.skipped, "fake.png", "not a recognised image"));
  EXPECT_TRUE(hasSkip(s.skipped, "notes.txt", "not an image file extension"));
  EXPECT_TRUE(hasSkip(s.skipped, "gone.jpg", "broken symbolic link"));
  EXPECT_TRUE(hasSkip(s.skipped, "bird", "empty class folder"));
  EXPECT_TRUE(hasSkip(s.skipped, "empty", "empty class folder"));
  expectEveryReasonTranslatable(s.skipped);
  // The description, in translatable form: a share in percent, not "0.000000".
  ImageFolderOptions split;
  split.val_fraction = 0.25;
  const DatasetSplits held = openImageFolder(root_, split);
  EXPECT_EQ(held.label.english(), held.description);
  EXPECT_NE(held.description.find("(25% held out for validation)"), std::string::npos) << held.description;
}

TEST_F(ImageFolderTest, VerifyDecodesEverythingAndReportsCorruptFiles) {
  ImageFolderOptions o;
  o.val_fraction = 0.0;
  o.verify = true;
  int64_t lastDone = 0, lastTotal = 0;
  std::string lastFile;
  o.progress = [&](int64_t done, int64_t total, const std::string& file) {
    lastFile = file;
    lastDone = done, lastTotal = total;
    return true;
  };
  const DatasetSplits s = openImageFolder(root_, o);
  EXPECT_EQ(s.train->size(), 7);
  EXPECT_TRUE(hasSkip(s.skipped, "broken.jpg", "malformed JPEG header"));
  EXPECT_EQ(lastDone, 7);
  EXPECT_EQ(lastTotal, 7);
  EXPECT_EQ(lastFile.rfind(root_, 0), 0u) << "names the file it is on: " << lastFile;
  // Sizes of the 7 decodable images: widths 40 60 20 24 32 70 90, heights 30 80 20 16 32 50 10.
  EXPECT_EQ(s.sizes.measured, 7);
  EXPECT_EQ(s.sizes.min_width, 20);
  EXPECT_EQ(s.sizes.median_width, 40);
  EXPECT_EQ(s.sizes.max_width, 90);
  EXPECT_EQ(s.sizes.min_height, 10);
  EXPECT_EQ(s.sizes.median_height, 30);
  EXPECT_EQ(s.sizes.max_height, 80);
  EXPECT_EQ(s.sizes.grayscale, 1);
  EXPECT_EQ(s.sizes.rgba, 1);
  EXPECT_EQ(s.sizes.rgb, 5);
}

TEST_F(ImageFolderTest, DecodesEveryModeToRgbWithClassLabels) {
  ImageFolderOptions o;
  o.val_fraction = 0.0;
  o.verify = true;
  const DatasetSplits s = openImageFolder(root_, o);
  for (int64_t i = 0; i < s.train->size(); ++i) {
    std::string error;
    const cv::Mat m = s.train->load(i, &error);
    ASSERT_FALSE(m.empty()) << s.train->describe(i) << ": " << error;
    EXPECT_EQ(m.channels(), 3) << s.train->describe(i);
    if (s.train->describe(i).find("a.png") != std::string::npos) {
      EXPECT_EQ(m.at<cv::Vec3b>(0, 0), cv::Vec3b(200, 10, 10)) << "RGB order, as PIL";
      EXPECT_EQ(s.train->label(i), 0);
    }
    if (s.train->describe(i).find("ñandú été.png") != std::string::npos) {
      EXPECT_EQ(m.size(), cv::Size(24, 16));
    }
  }
}

TEST_F(ImageFolderTest, GrayscaleWhenOneChannelIsAsked) {
  ImageFolderOptions o;
  o.channels = 1;
  o.val_fraction = 0.0;
  const DatasetSplits s = openImageFolder(root_, o);
  std::string error;
  EXPECT_EQ(s.train->load(0, &error).channels(), 1);
}

TEST_F(ImageFolderTest, UsesAValFolderWithTrainsClassIndices) {
  const fs::path r = root_;
  test::writeImage(r / "val" / "dog" / "v1.png", test::solidImage(8, 8, {0, 0, 0}));
  test::writeImage(r / "val" / "cat" / "v2.png", test::solidImage(8, 8, {0, 0, 0}));
  test::writeImage(r / "val" / "cow" / "v3.png", test::solidImage(8, 8, {0, 0, 0}));
  const DatasetSplits s = openImageFolder(root_, {});
  EXPECT_EQ(s.train->classes(), (std::vector<std::string>{"cat", "dog"})) << "val/ is not a class";
  ASSERT_EQ(s.val->size(), 2);
  EXPECT_EQ(s.val->label(0), 0);  // val/cat
  EXPECT_EQ(s.val->label(1), 1);  // val/dog
  EXPECT_TRUE(hasSkip(s.skipped, "cow", "does not exist in the training set"));
}

TEST(ImageFolder, MissingOrImagelessRootIsAClearError) {
  EXPECT_THROW(openImageFolder("/nonexistent/folder", {}), std::runtime_error);
  test::TempDir dir;
  fs::create_directories(dir.path() / "a");
  try {
    openImageFolder(dir.str(), {});
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no images found"), std::string::npos);
  }
}

TEST(StratifiedSplit, TakesTheFractionFromEveryClassReproducibly) {
  std::vector<int64_t> labels;
  for (int i = 0; i < 100; ++i) labels.push_back(0);
  for (int i = 0; i < 30; ++i) labels.push_back(1);
  for (int i = 0; i < 3; ++i) labels.push_back(2);
  std::vector<int64_t> train, val, train2, val2;
  stratifiedSplit(labels, 0.2, 5, train, val);
  stratifiedSplit(labels, 0.2, 5, train2, val2);
  EXPECT_EQ(val, val2);
  int perClass[3] = {0, 0, 0};
  for (auto i : val) ++perClass[labels[i]];
  EXPECT_EQ(perClass[0], 20);
  EXPECT_EQ(perClass[1], 6);
  EXPECT_EQ(perClass[2], 1);
  EXPECT_EQ(train.size() + val.size(), labels.size());
  std::vector<int64_t> other, otherVal;
  stratifiedSplit(labels, 0.2, 6, other, otherVal);
  EXPECT_NE(val, otherVal) << "another seed, another split";
}

// A PNG whose header claims 20000x20000 (a decompression bomb's shape), with nothing
// behind it: the limit must act on the header, before anything is decoded.
void writeBombHeader(const fs::path& path) {
  const unsigned char png[] = {0x89, 'P', 'N', 'G',  0x0D, 0x0A, 0x1A, 0x0A, 0,    0,   0,   13,   'I',  'H',  'D',
                               'R',  0,   0,   0x4E, 0x20, 0,    0,    0x4E, 0x20, 8,   2,   0,    0,    0,    0,
                               0,    0,   0,   0,    0,    0,    0,    'I',  'E',  'N', 'D', 0xAE, 0x42, 0x60, 0x82};
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(png), sizeof png);
}

TEST(ImageFolderLimits, ImagesOverThePixelCapAreSkippedByTheirHeader) {
  test::TempDir dir;
  const fs::path root = dir.path() / "photos";
  test::writeImage(root / "a" / "small.png", test::solidImage(20, 20, {1, 2, 3}));
  test::writeImage(root / "a" / "big.png", test::solidImage(100, 100, {1, 2, 3}));  // 10,000 px
  writeBombHeader(root / "b" / "bomb.png");
  test::writeImage(root / "b" / "fine.jpg", test::solidImage(20, 30, {4, 5, 6}));
  ImageFolderOptions o;
  o.max_pixels = 5000;
  o.val_fraction = 0;
  const DatasetSplits s = openImageFolder(root.string(), o);
  EXPECT_EQ(s.train->size(), 2);
  std::map<std::string, std::string> why;
  for (const auto& k : s.skipped) why[fs::path(k.path).filename().string()] = k.reason;
  EXPECT_EQ(why["big.png"].rfind("too large (100x100", 0), 0u) << why["big.png"];
  EXPECT_EQ(why["bomb.png"].rfind("too large (20000x20000, 400 MP", 0), 0u) << why["bomb.png"];
  expectEveryReasonTranslatable(s.skipped);
  std::string error;
  EXPECT_TRUE(decodeImageFile(root / "b" / "bomb.png", 3, &error).empty());
  EXPECT_NE(error.find("too large (20000x20000"), std::string::npos) << "refused at decode time too: " << error;
}

// Found by fuzz_image: a header of 3607101452 x 4130144393 overflowed the pixel count.
TEST(ImageFolderLimits, AbsurdHeaderSizesDoNotOverflow) {
  ImageHeader h;
  h.width = 3607101452, h.height = 4130144393;
  EXPECT_TRUE(h.exceeds(kDefaultMaxImagePixels));
  h.width = 0;
  EXPECT_FALSE(h.exceeds(kDefaultMaxImagePixels)) << "unknown size: left to the decoder";
  h.width = 6000, h.height = 6000;
  EXPECT_FALSE(h.exceeds(40'000'000));
  h.height = 7000;
  EXPECT_TRUE(h.exceeds(40'000'000));
}

// Found by fuzz_image: a broken PNG signature reached OpenCV's DICOM decoder, which
// aborted the process. Only the signatures of the accepted formats reach a decoder now.
TEST(ImageFolderLimits, OnlyTheAcceptedFormatsReachADecoder) {
  test::TempDir dir;
  std::string dicom(128, '\0');
  dicom += "DICM";  // a DICOM preamble: OpenCV could decode it, a folder of images does not offer it
  const std::string brokenPng = std::string("\x89P\x89PNG\r\n\x1A\n", 10) + std::string(60, '\x01');
  for (const auto& [name, bytes] : {std::pair{"scan.png", dicom}, std::pair{"broken.png", brokenPng}}) {
    writeBytes(dir.path() / name, bytes);
    std::string error;
    EXPECT_TRUE(decodeImageFile(dir.path() / name, 3, &error).empty()) << name;
    EXPECT_EQ(error, "not a recognised image (unknown file header)") << name;
  }
  // The accepted ones still decode, by their bytes rather than their names.
  for (const char* name : {"a.png", "a.jpg", "a.bmp", "a.ppm", "a.tiff", "a.webp"}) {
    test::writeImage(dir.path() / name, test::solidImage(/*height=*/6, /*width=*/8, {10, 20, 30}));
    std::string error;
    const cv::Mat m = decodeImageFile(dir.path() / name, 3, &error);
    EXPECT_EQ(m.cols, 8) << name << ": " << error;
  }
}

TEST(ImageFolderLimits, PreviewsOfBigJpegsDecodeAtAReducedScaleKeepingTheShorterSide) {
  test::TempDir dir;
  const fs::path root = dir.path() / "photos";
  test::writeImage(root / "a" / "big.jpg", test::solidImage(1200, 1600, {200, 100, 50}));
  test::writeImage(root / "a" / "small.jpg", test::solidImage(150, 200, {1, 2, 3}));
  test::writeImage(root / "a" / "big.png", test::solidImage(600, 800, {9, 9, 9}));
  ImageFolderOptions o;
  o.val_fraction = 0;
  const DatasetSplits s = openImageFolder(root.string(), o);
  std::map<std::string, cv::Mat> preview;
  std::string error;
  for (int64_t i = 0; i < s.train->size(); ++i)
    preview[fs::path(s.train->describe(i)).filename().string()] = s.train->loadPreview(i, 96, &error);
  EXPECT_EQ(preview["big.jpg"].size(), cv::Size(200, 150)) << "1/8 scale: 150 px still >= 96";
  EXPECT_EQ(preview["big.jpg"].channels(), 3);
  const cv::Vec3b rgb = preview["big.jpg"].at<cv::Vec3b>(75, 100);
  EXPECT_NEAR(rgb[0], 200, 3) << "RGB order, as load() gives";
  EXPECT_EQ(preview["small.jpg"].size(), cv::Size(200, 150)) << "too small to reduce";
  EXPECT_EQ(preview["big.png"].size(), cv::Size(800, 600)) << "PNG has no reduced decode";
}

TEST(ImageFolderLimits, ASymbolicLinkLoopListsEachFolderOnce) {
  test::TempDir dir;
  const fs::path root = dir.path() / "photos";
  test::writeImage(root / "cat" / "a.png", test::solidImage(10, 10, {1, 1, 1}));
  test::writeImage(root / "dog" / "b.png", test::solidImage(10, 10, {2, 2, 2}));
  fs::create_directory_symlink(root / "cat", root / "cat" / "again");  // a loop
  fs::create_directory_symlink(root, root / "dog" / "everything");     // back to the root
  ImageFolderOptions o;
  o.val_fraction = 0;
  const DatasetSplits s = openImageFolder(root.string(), o);
  // cat: a.png once (cat/again loops back: listed once). dog: b.png, and cat's a.png
  // through the link to the root, once, as os.walk lists a linked folder; the scan ends.
  EXPECT_EQ(s.train->size(), 3);
  int loops = 0;
  for (const auto& k : s.skipped) loops += k.reason.find("already listed") != std::string::npos;
  EXPECT_GE(loops, 1);
}

TEST(ImageFolderLimits, ATruncatedFileIsSkippedAtScanSoEveryCountAgrees) {
  test::TempDir dir;
  const fs::path root = dir.path() / "photos";
  for (int i = 0; i < 3; ++i)
    test::writeImage(root / "a" / ("p" + std::to_string(i) + ".png"), test::solidImage(40, 40, {9, 9, 9}));
  test::writeImage(root / "b" / "whole.jpg", test::solidImage(64, 48, {200, 100, 0}));
  test::writeImage(root / "b" / "cut.jpg", cv::Mat(64, 48, CV_8UC3, cv::Scalar(1, 2, 3)));
  test::writeImage(root / "b" / "cut.png", test::solidImage(40, 40, {1, 1, 1}));
  for (const char* name : {"cut.jpg", "cut.png"}) {
    const fs::path p = root / "b" / name;
    fs::resize_file(p, fs::file_size(p) * 2 / 3);
  }
  ImageFolderOptions o;
  o.val_fraction = 0;
  const DatasetSplits scanned = openImageFolder(root.string(), o);
  o.verify = true;  // decode every image, as the health check does
  const DatasetSplits verified = openImageFolder(root.string(), o);
  EXPECT_EQ(scanned.train->size(), 4);
  EXPECT_EQ(verified.train->size(), scanned.train->size()) << "train, datasets and the app count alike";
  int truncated = 0;
  for (const auto& k : scanned.skipped) truncated += k.reason.rfind("truncated", 0) == 0;
  EXPECT_EQ(truncated, 2);
  expectEveryReasonTranslatable(verified.skipped);
}

TEST(ImageFolderLimits, ImagesInSubFoldersBelongToTheirClassAsInTorchvision) {
  test::TempDir dir;
  const fs::path root = dir.path() / "photos";
  test::writeImage(root / "cat" / "top.png", test::solidImage(10, 10, {1, 1, 1}));
  test::writeImage(root / "cat" / "2024" / "summer" / "deep.png", test::solidImage(10, 10, {2, 2, 2}));
  test::writeImage(root / "dog" / "album" / "d.png", test::solidImage(10, 10, {3, 3, 3}));
  ImageFolderOptions o;
  o.val_fraction = 0;
  const DatasetSplits s = openImageFolder(root.string(), o);
  ASSERT_EQ(s.train->classes(), (std::vector<std::string>{"cat", "dog"}));
  ASSERT_EQ(s.train->size(), 3);
  std::vector<std::string> order;
  for (int64_t i = 0; i < 3; ++i) order.push_back(fs::path(s.train->describe(i)).filename().string());
  EXPECT_EQ(order, (std::vector<std::string>{"top.png", "deep.png", "d.png"})) << "os.walk's order";
  EXPECT_EQ(s.train->label(1), 0);
  EXPECT_EQ(s.train->label(2), 1);
}

}  // namespace
}  // namespace trainscope
