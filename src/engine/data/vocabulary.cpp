#include "engine/data/vocabulary.h"

#include <algorithm>
#include <stdexcept>

namespace trainscope {

namespace {
Vocabulary withSpecials() {
  Vocabulary v;
  for (const char* special : {"<pad>", "<unk>"}) {
    v.ids.emplace(special, static_cast<int32_t>(v.tokens.size()));
    v.tokens.emplace_back(special);
  }
  return v;
}
}  // namespace

int32_t Vocabulary::id(const std::string& token) const {
  const auto it = ids.find(token);
  return it == ids.end() ? kUnk : it->second;
}

std::vector<int32_t> Vocabulary::encode(const std::vector<std::string>& doc) const {
  std::vector<int32_t> out;
  out.reserve(doc.size());
  for (const auto& token : doc) out.push_back(id(token));
  return out;
}

nlohmann::json Vocabulary::toJson() const { return {{"tokens", tokens}}; }

Vocabulary Vocabulary::fromJson(const nlohmann::json& j) {
  const auto tokens = j.at("tokens").get<std::vector<std::string>>();
  if (tokens.size() < 2 || tokens[0] != "<pad>" || tokens[1] != "<unk>")
    throw std::runtime_error("a vocabulary starts with <pad> and <unk>");
  Vocabulary v = withSpecials();
  for (size_t k = 2; k < tokens.size(); ++k)
    if (v.ids.emplace(tokens[k], static_cast<int32_t>(v.tokens.size())).second) v.tokens.push_back(tokens[k]);
  if (v.tokens.size() != tokens.size()) throw std::runtime_error("a vocabulary lists a token twice");
  return v;
}

Vocabulary vocabularyFromCounts(const std::vector<TokenCount>& seen, int64_t maxSize, int64_t minFreq) {
  std::vector<const TokenCount*> order;
  for (const TokenCount& t : seen)
    if (t.count >= std::max<int64_t>(1, minFreq) && t.token != "<pad>" && t.token != "<unk>") order.push_back(&t);
  // Stable: ties keep the order of first appearance.
  std::stable_sort(order.begin(), order.end(),
                   [](const TokenCount* a, const TokenCount* b) { return a->count > b->count; });
  Vocabulary v = withSpecials();
  for (const TokenCount* t : order) {
    if (maxSize > 0 && v.size() >= maxSize) break;
    v.ids.emplace(std::string(t->token), static_cast<int32_t>(v.tokens.size()));
    v.tokens.emplace_back(t->token);
  }
  return v;
}

Vocabulary buildVocabulary(const std::vector<std::vector<std::string>>& docs, int64_t maxSize, int64_t minFreq) {
  std::unordered_map<std::string_view, size_t> at;  // views of the docs' own strings
  std::vector<TokenCount> seen;
  for (const auto& doc : docs)
    for (const auto& token : doc) {
      const auto [it, added] = at.try_emplace(token, seen.size());
      if (added) seen.push_back({token, 0});
      ++seen[it->second].count;
    }
  return vocabularyFromCounts(seen, maxSize, minFreq);
}

double vocabularyCoverage(const Vocabulary& v, const std::vector<std::vector<std::string>>& docs) {
  int64_t known = 0, all = 0;
  for (const auto& doc : docs)
    for (const auto& token : doc) ++all, known += v.id(token) != Vocabulary::kUnk;
  return all == 0 ? 1.0 : static_cast<double>(known) / static_cast<double>(all);
}

}  // namespace trainscope
