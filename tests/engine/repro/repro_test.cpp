// The building blocks of bundles and TensorBoard export: SHA-256 and CRC-32C against
// their published test vectors, tar archives that Python's tarfile reads, TFRecord
// framing, and where installed files are found.
#include "engine/record/tfevent_writer.h"
#include "engine/repro/sha256.h"
#include "engine/repro/tar_archive.h"
#include "engine/system/install_paths.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>

namespace trainscope {
namespace {

TEST(Sha256, MatchesThePublishedTestVectors) {
  EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // A million 'a', fed in uneven pieces: the buffering across update() calls.
  Sha256 h;
  const std::string piece(997, 'a');
  size_t left = 1'000'000;
  while (left) {
    const size_t n = std::min(left, piece.size());
    h.update(piece.data(), n);
    left -= n;
  }
  EXPECT_EQ(h.hexDigest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Crc32c, MatchesTheCastagnoliCheckValue) {
  EXPECT_EQ(crc32c("123456789", 9), 0xE3069283u);
  EXPECT_EQ(crc32c("", 0), 0u);
}

TEST(TarArchive, RoundTripsAndPythonsTarfileReadsIt) {
  test::TempDir dir;
  const std::string big(100'000, 'x');
  const std::string longName = std::string(120, 'd') + "/checkpoints/last.pt";  // ustar's prefix field
  {
    std::ofstream(dir.path() / "big.bin", std::ios::binary) << big;
    TarWriter tar((dir.path() / "a.tar").string());
    tar.addBytes("bundle.json", "{\"x\": 1}\n");
    tar.addFile(longName, (dir.path() / "big.bin").string());
    tar.addBytes("empty", "");
    tar.close();
  }
  TarReader reader((dir.path() / "a.tar").string());
  ASSERT_EQ(reader.entries().size(), 3u);
  EXPECT_EQ(reader.readBytes(*reader.find("bundle.json")), "{\"x\": 1}\n");
  ASSERT_NE(reader.find(longName), nullptr);
  EXPECT_EQ(reader.readBytes(*reader.find(longName)), big);
  EXPECT_EQ(reader.find("empty")->size, 0u);
  const std::string command =
      std::string(TRAINSCOPE_PYTHON) + " -c \"import tarfile,sys; t=tarfile.open(sys.argv[1]); " +
      "assert t.getnames()==['bundle.json','" + longName + "','empty'], t.getnames(); assert len(t.extractfile('" +
      longName + "').read())==100000\" " + (dir.path() / "a.tar").string();
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
}

TEST(TarArchive, AnUnfinishedArchiveLeavesNothingAndAForeignFileIsRefused) {
  test::TempDir dir;
  {
    TarWriter tar((dir.path() / "b.tar").string());
    tar.addBytes("x", "y");
  }  // no close(): an error on the way
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "b.tar"));
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));  // nor its partial file
  std::ofstream(dir.path() / "c.tar") << std::string(2048, 'z');
  EXPECT_THROW(TarReader((dir.path() / "c.tar").string()), std::runtime_error);
}

TEST(TfEventWriter, FramesEveryRecordWithMaskedCrcs) {
  test::TempDir dir;
  const std::string path = (dir.path() / "events.out.tfevents.1.test").string();
  TfEventWriter w(path, 1.5);
  w.writeScalars(3, 2.5, {{"steps/loss", 0.25}});
  w.writeHistograms(3, 2.5, {{"conv1/activation", {0, 1, 2}, {4, 6}}});
  w.close();
  EXPECT_EQ(w.events(), 3);
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t at = 0, records = 0;
  while (at < bytes.size()) {
    uint64_t length;
    uint32_t lengthCrc, dataCrc;
    std::memcpy(&length, bytes.data() + at, 8);
    std::memcpy(&lengthCrc, bytes.data() + at + 8, 4);
    EXPECT_EQ(lengthCrc, maskedCrc32c(bytes.data() + at, 8));
    std::memcpy(&dataCrc, bytes.data() + at + 12 + length, 4);
    EXPECT_EQ(dataCrc, maskedCrc32c(bytes.data() + at + 12, length));
    at += 16 + length;
    ++records;
  }
  EXPECT_EQ(at, bytes.size());
  EXPECT_EQ(records, 3u);
  EXPECT_NE(bytes.find("brain.Event:2"), std::string::npos);
}

TEST(InstallPaths, RunsGoToTheUsersTrainscopeFolderUnlessTheExperimentSaysOtherwise) {
  const char* home = std::getenv("HOME");
  ASSERT_NE(home, nullptr);
  EXPECT_EQ(runsFolder(""), std::string(home) + "/Trainscope/runs");
  EXPECT_EQ(runsFolder("~/elsewhere/runs"), std::string(home) + "/elsewhere/runs");
  EXPECT_EQ(runsFolder("relative/runs"), "relative/runs");
  EXPECT_EQ(runsFolder("/abs/runs"), "/abs/runs");
}

TEST(InstallPaths, ShippedFilesAreFoundByNameBesideTheBinary) {
  // The test binary's ../share/trainscope is the build tree's staged copy of resources/.
  const auto lessons = shippedNames("lessons");
  size_t inSources = 0;
  for (const auto& e : std::filesystem::directory_iterator(test::sourceDir() + "/resources/lessons"))
    inSources += e.path().extension() == ".json";
  EXPECT_EQ(lessons.size(), inSources);
  const std::string preset = resolveShippedFile("fashion_lenet", "experiments");
  EXPECT_TRUE(std::filesystem::is_regular_file(preset)) << preset;
  EXPECT_EQ(std::filesystem::path(preset).parent_path(), std::filesystem::path(sharedResourceDir("experiments")));
  EXPECT_EQ(resolveShippedFile("fashion_lenet.json", "experiments"), preset);
  EXPECT_EQ(resolveShippedFile("no_such_preset", "experiments"), "no_such_preset");
  EXPECT_EQ(resolveShippedFile("some/path.json", "experiments"), "some/path.json");  // paths stay paths
}

}  // namespace
}  // namespace trainscope
