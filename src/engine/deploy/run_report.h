// A run as one HTML file to hand out (trainscope-cli report, File > Save Report): the
// curves as inline SVG, the last confusion matrix, the most confident mistakes as inline
// thumbnails, the config, the seed and the versions. Nothing is fetched from the
// network: it opens in a browser offline. Plain C++ (no torch, no Qt); errors come back
// as values.
#pragma once

#include <string>
#include <vector>

namespace trainscope {

struct RunReport {
  bool ok = false;
  std::string error;               // why there is no report (no run.json)
  std::string html;                // the page
  std::vector<std::string> notes;  // parts left out and why (no predictions yet, images not found)
};

// `mistakes`: how many of the most confident validation mistakes to show as thumbnails.
RunReport runReport(const std::string& runDir, int mistakes = 24);

}  // namespace trainscope
