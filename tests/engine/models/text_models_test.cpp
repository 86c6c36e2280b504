// The text models and the text batches: padding never changes what a model computes
// (text_cnn masks it, text_gru packs it or reads each document's end), and the loader
// pads to the batch's longest, to a fixed length, or buckets by length.
#include "engine/data/data_loader.h"
#include "engine/data/text_dataset.h"
#include "engine/models/model_factory.h"

#include <gtest/gtest.h>

#include <numeric>
#include <set>

namespace trainscope {
namespace {

ModelConfig textModel(const std::string& name, bool packed = true) {
  ModelConfig c;
  c.name = name;
  c.hidden = {8};
  c.embedding_dim = 6;
  c.dropout = 0;
  c.packed = packed;
  return c;
}

// Documents of lengths 1, 3, 7 and 12, ids 2..29, padded to `width`.
torch::Tensor paddedDocuments(int64_t width) {
  const std::vector<int64_t> lengths{1, 3, 7, 12};
  torch::Tensor ids = torch::zeros({4, width}, torch::kInt64);
  for (int64_t d = 0; d < 4; ++d)
    for (int64_t t = 0; t < lengths[static_cast<size_t>(d)]; ++t) ids[d][t] = 2 + (d * 7 + t * 3) % 28;
  return ids;
}

TEST(TextModelsTest, MorePaddingChangesNothing) {
  for (const std::string name : {"text_cnn", "text_gru"}) {
    LayerStack model = buildSeededModel(textModel(name), {12}, 3, 5, true, {30});
    model->eval();
    torch::NoGradGuard noGrad;
    const torch::Tensor tight = model->forward(paddedDocuments(12)), loose = model->forward(paddedDocuments(40));
    EXPECT_TRUE(torch::allclose(tight, loose, 1e-5, 1e-6)) << name;
    EXPECT_EQ(tight.sizes(), (std::vector<int64_t>{4, 3}));
  }
}

TEST(TextModelsTest, PackedAndUnpackedGruAgree) {
  LayerStack packed = buildSeededModel(textModel("text_gru", true), {12}, 3, 9, true, {30});
  LayerStack unpacked = buildSeededModel(textModel("text_gru", false), {12}, 3, 9, true, {30});
  torch::NoGradGuard noGrad;
  EXPECT_TRUE(torch::allclose(packed->forward(paddedDocuments(20)), unpacked->forward(paddedDocuments(20)), 1e-5, 1e-6))
      << "same seed, same weights: packing only skips the padding";
}

std::shared_ptr<TextDataset> documentsOfLengths(const std::vector<int>& lengths) {
  std::vector<std::string> sources;
  std::vector<int64_t> labels;
  std::vector<std::vector<int32_t>> ids;
  for (size_t i = 0; i < lengths.size(); ++i) {
    sources.push_back("doc" + std::to_string(i));
    labels.push_back(static_cast<int64_t>(i % 2));
    ids.emplace_back(static_cast<size_t>(lengths[i]), static_cast<int32_t>(2 + i % 5));
  }
  return std::make_shared<TextDataset>(std::vector<std::string>{"a", "b"}, sources, labels, ids);
}

TEST(TextBatches, PadToTheBatchsLongestOrAFixedLength) {
  auto docs = documentsOfLengths({3, 9, 2, 5, 40, 1});
  DataLoaderOptions o;
  o.batch_size = 3, o.num_workers = 0, o.shuffle = false;
  DataLoader loader(docs, std::make_shared<Compose>(std::vector<TransformSpec>{}), o);
  loader.startEpoch(0);
  const Batch first = *loader.next();
  EXPECT_EQ(first.inputs.sizes(), (std::vector<int64_t>{3, 9}));
  EXPECT_EQ(first.inputs.scalar_type(), torch::kInt64);
  EXPECT_EQ(first.tokens, 14);
  EXPECT_EQ(first.slots, 27);
  EXPECT_EQ(first.inputs[2][2].item<int64_t>(), 0) << "<pad> after the document";
  EXPECT_EQ(loader.next()->inputs.size(1), 40);
  o.pad_to = 40;
  DataLoader fixed(docs, std::make_shared<Compose>(std::vector<TransformSpec>{}), o);
  fixed.startEpoch(0);
  EXPECT_EQ(fixed.next()->inputs.size(1), 40) << "dataset-longest: every batch as long as the longest document";
}

TEST(TextBatches, BucketingKeepsEveryDocumentAndCutsThePadding) {
  std::vector<int> lengths;
  std::mt19937 gen(4);
  for (int i = 0; i < 640; ++i) lengths.push_back(1 + static_cast<int>(gen() % 200));
  auto docs = documentsOfLengths(lengths);
  auto share = [&](bool bucket, std::multiset<int64_t>* seen) {
    DataLoaderOptions o;
    o.batch_size = 16, o.num_workers = 0, o.seed = 3, o.bucket_by_length = bucket;
    DataLoader loader(docs, std::make_shared<Compose>(std::vector<TransformSpec>{}), o);
    loader.startEpoch(1);
    double tokens = 0, slots = 0;
    while (auto b = loader.next()) {
      tokens += static_cast<double>(b->tokens), slots += static_cast<double>(b->slots);
      if (seen)
        for (int64_t k = 0; k < b->samples.size(0); ++k) seen->insert(b->samples[k].item<int64_t>());
    }
    return 1 - tokens / slots;
  };
  std::multiset<int64_t> seen;
  const double bucketed = share(true, &seen), plain = share(false, nullptr);
  EXPECT_EQ(seen.size(), 640u);
  EXPECT_EQ(std::set<int64_t>(seen.begin(), seen.end()).size(), 640u) << "each document once";
  EXPECT_GT(plain, 0.4);
  EXPECT_LT(bucketed, 0.05);
}

}  // namespace
}  // namespace trainscope
