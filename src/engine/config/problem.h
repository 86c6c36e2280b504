// What is wrong with a setting, as a value: the field it concerns and what to do.
// The engine's checks make them; the CLI prints text(), the app marks the field's
// editor with the message. Nobody splits a "field: message" string again.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace trainscope {

struct Problem {
  std::string field;    // "optimizer.lr", "transforms.train[2].size", a file's path; "" when none fits
  std::string message;  // what is wrong, and what to do about it
  std::string text() const { return field.empty() ? message : field + ": " + message; }
  bool operator==(const Problem& o) const { return field == o.field && message == o.message; }
};
using Problems = std::vector<Problem>;

// Thrown by parsing and validation; what() names every problem, one per line.
class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(Problems problems);
  ConfigError(std::string field, std::string message);
  const Problems& problems() const { return problems_; }

 private:
  Problems problems_;
};

// Every problem's text, one per line.
std::string problemLines(const Problems& problems);

}  // namespace trainscope
