#include "engine/deploy/run_family.h"

#include "engine/record/run_record.h"

namespace trainscope {

DataFamily trainedDataFamily(const std::string& runDir) {
  try {
    const auto info = RunRecord::open(runDir).info();
    return info.contains("table") ? DataFamily::Table : info.contains("text") ? DataFamily::Text : DataFamily::Images;
  } catch (const std::exception&) {
    return DataFamily::Images;
  }
}

}  // namespace trainscope
