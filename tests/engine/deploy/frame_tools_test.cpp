// Trying a model on a camera or a video: frames read from a video file, classified by a
// trained image run, saved into a class folder; a camera or file that is not there is
// refused with the reason.
#include "engine/deploy/frame_predictor.h"
#include "engine/deploy/frame_source.h"
#include "engine/session.h"
#include "test_fixtures.h"

#include <gtest/gtest.h>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <fstream>
#include <thread>

using namespace trainscope;
namespace fs = std::filesystem;

namespace {

// `red` solid red frames then `green` solid green ones (BGR), as an MJPG .avi.
fs::path writeVideo(const fs::path& path, int red, int green) {
  cv::VideoWriter writer(path.string(), cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 10, cv::Size(64, 48));
  EXPECT_TRUE(writer.isOpened());
  for (int i = 0; i < red + green; ++i)
    writer.write(cv::Mat(48, 64, CV_8UC3, i < red ? cv::Scalar(30, 30, 220) : cv::Scalar(30, 220, 30)));
  return path;
}

// A two-class image run (red, green) that learns its colours in a few seconds.
std::string trainColours(const fs::path& where) {
  auto config = test::smallFashionExperiment((where / "runs").string(), 0, 0);
  config.dataset.kind = "image-folder";
  for (const auto& [name, rgb] : {std::pair<std::string, cv::Vec3b>{"green", {30, 220, 30}}, {"red", {220, 30, 30}}})
    for (int i = 0; i < 12; ++i)
      test::writeImage(where / "colours" / name / (std::to_string(i) + ".png"), test::solidImage(16, 16, rgb));
  config.dataset.root = (where / "colours").string();
  config.dataset.val_fraction = 0.25;
  config.loader.batch_size = 4;
  config.loader.num_workers = 0;
  config.model.name = "mlp";
  config.epochs = 3;
  TransformSpec resize, toTensor;
  resize.name = "Resize";
  resize.size = {16, 16};
  toTensor.name = "ToTensor";
  config.train_transforms = config.val_transforms = {resize, toTensor};
  auto session = TrainingSession::start(config);
  const test::RunEvents r = test::followRun(*session);
  EXPECT_EQ(r.finalState(), RunState::Finished) << (r.errors.empty() ? "" : r.errors[0]);
  return session->runDir();
}

}  // namespace

TEST(FrameSource, ReadsEveryFrameOfAVideoFile) {
  test::TempDir tmp;
  const fs::path video = writeVideo(tmp.path() / "clip.avi", 5, 7);
  std::string error;
  auto source = FrameSource::open(video.string(), &error);
  ASSERT_TRUE(source) << error;
  EXPECT_FALSE(source->camera());
  EXPECT_NEAR(source->fps(), 10, 0.5);
  cv::Mat frame;
  int frames = 0;
  while (source->read(frame)) {
    EXPECT_EQ(frame.type(), CV_8UC3);
    EXPECT_EQ(frame.cols, 64);
    ++frames;
  }
  EXPECT_EQ(frames, 12);
  EXPECT_EQ(source->position(), 12);
}

TEST(FrameSource, RefusesWhatIsNotThereWithTheReason) {
  test::TempDir tmp;
  std::string error;
  EXPECT_FALSE(FrameSource::open((tmp.path() / "none.mp4").string(), &error));
  EXPECT_NE(error.find("no such video file"), std::string::npos) << error;
  std::ofstream(tmp.path() / "notes.mp4") << "not a video";
  error.clear();
  EXPECT_FALSE(FrameSource::open((tmp.path() / "notes.mp4").string(), &error));
  EXPECT_NE(error.find("cannot read this video"), std::string::npos) << error;
  error.clear();
  EXPECT_FALSE(FrameSource::open("camera:97", &error));  // no such camera on any test machine
  EXPECT_NE(error.find("camera 97"), std::string::npos) << error;
}

TEST(FrameSource, SavesAFrameIntoAClassFolder) {
  test::TempDir tmp;
  fs::create_directories(tmp.path() / "cat");
  const cv::Mat frame(48, 64, CV_8UC3, cv::Scalar(10, 20, 30));
  std::string error;
  const std::string first = saveFrameToClass(frame, (tmp.path() / "cat").string(), &error);
  const std::string second = saveFrameToClass(frame, (tmp.path() / "cat").string(), &error);
  ASSERT_FALSE(first.empty()) << error;
  EXPECT_NE(first, second);  // never over another frame
  // Saves racing in the same second (S held down, two windows) each get their own file.
  std::vector<std::string> raced(8);
  std::vector<std::thread> savers;
  for (auto& path : raced)
    savers.emplace_back([&path, &frame, &tmp] {
      std::string why;
      path = saveFrameToClass(frame, (tmp.path() / "cat").string(), &why);
    });
  for (auto& t : savers) t.join();
  std::sort(raced.begin(), raced.end());
  EXPECT_EQ(std::unique(raced.begin(), raced.end()), raced.end());
  EXPECT_TRUE(std::none_of(raced.begin(), raced.end(), [](const std::string& p) { return p.empty(); }));
  size_t files = 0;
  for (const auto& e : fs::directory_iterator(tmp.path() / "cat")) files += e.path().extension() == ".png";
  EXPECT_EQ(files, 10u);  // no temporary left beside them either
  const cv::Mat back = cv::imread(first, cv::IMREAD_UNCHANGED);
  ASSERT_FALSE(back.empty());
  EXPECT_EQ(back.at<cv::Vec3b>(0, 0), cv::Vec3b(10, 20, 30));
  EXPECT_TRUE(saveFrameToClass(frame, (tmp.path() / "dog").string(), &error).empty());
  EXPECT_NE(error.find("not a folder of the dataset"), std::string::npos) << error;
  EXPECT_FALSE(fs::exists(tmp.path() / "dog"));
  // A folder with train/ and val/: new images are training images.
  fs::create_directories(tmp.path() / "split" / "train" / "cat");
  fs::create_directories(tmp.path() / "split" / "val" / "cat");
  const auto folders = trainingClassFolders((tmp.path() / "split").string(), {"cat", "dog"});
  ASSERT_EQ(folders.size(), 1u);
  EXPECT_EQ(folders[0].second, (tmp.path() / "split" / "train" / "cat").string());
}

TEST(FramePredictor, ClassifiesAVideoFrameByFrame) {
  test::TempDir tmp;
  const std::string run = trainColours(tmp.path());
  const FramePredictor predictor(run);
  ASSERT_TRUE(predictor.ok()) << predictor.error();
  EXPECT_EQ(predictor.classes(), (std::vector<std::string>{"green", "red"}));
  EXPECT_EQ(predictor.datasetRoot(), (tmp.path() / "colours").string());
  const auto folders = trainingClassFolders(predictor.datasetRoot(), predictor.classes());
  ASSERT_EQ(folders.size(), 2u);
  EXPECT_EQ(folders[1], std::make_pair(std::string("red"), (tmp.path() / "colours" / "red").string()));
  std::string error;
  auto source = FrameSource::open(writeVideo(tmp.path() / "clip.avi", 4, 4).string(), &error);
  ASSERT_TRUE(source) << error;
  cv::Mat frame;
  std::vector<std::string> seen;
  while (source->read(frame)) {
    const FramePrediction p = predictor.predict(frame);
    ASSERT_TRUE(p.ok) << p.error;
    ASSERT_EQ(p.classes.size(), 2u);
    EXPECT_GE(p.classes[0].probability, p.classes[1].probability);
    seen.push_back(p.classes[0].label);
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"red", "red", "red", "red", "green", "green", "green", "green"}));

  const FramePredictor notARun((tmp.path() / "nothing").string());
  EXPECT_FALSE(notARun.ok());
  EXPECT_FALSE(notARun.predict(frame).ok);
}
