// Reads a JSON object field by field, collecting one message per bad field with
// its full path, and flags keys nobody asked for (typos are the common mistake).
#pragma once

#include "engine/config/problem.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace trainscope {

class JsonFields {
 public:
  JsonFields(const nlohmann::json& object, std::string path, Problems& problems);

  // Each reads `key` into `out` when present; `out` keeps its default otherwise.
  void read(const std::string& key, std::string& out, const std::vector<std::string>& choices = {});
  void read(const std::string& key, bool& out);
  void read(const std::string& key, int& out, double min, double max);
  void read(const std::string& key, int64_t& out, double min, double max);
  void read(const std::string& key, uint64_t& out);
  void read(const std::string& key, double& out, double min, double max, bool minExclusive = false);
  void read(const std::string& key, std::vector<int>& out, double min, double max);
  void read(const std::string& key, std::vector<double>& out, double min, double max);
  // An array of strings (or one string), each one of `choices` when given.
  void read(const std::string& key, std::vector<std::string>& out, const std::vector<std::string>& choices = {});

  bool has(const std::string& key) const;
  const nlohmann::json* child(const std::string& key);  // marks key as known
  std::string pathOf(const std::string& key) const;
  void problem(const std::string& key, const std::string& message);

  // Reports keys that no read() asked for, suggesting the closest known key.
  void rejectUnknown(const std::vector<std::string>& alsoKnown = {});

 private:
  const nlohmann::json* numberField(const std::string& key);
  bool checkRange(const std::string& key, double v, double min, double max, bool minExclusive);

  const nlohmann::json& object_;
  std::string path_;
  Problems& problems_;
  std::set<std::string> known_;
};

std::string describeJsonType(const nlohmann::json& v);
std::string formatNumber(double v);

}  // namespace trainscope
