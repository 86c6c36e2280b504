#include "ui/token_html.h"

#include <algorithm>
#include <cmath>

namespace trainscope::ui {

QString tokensHtml(const std::vector<int32_t>& ids, const std::vector<std::string>& vocabulary,
                   const std::vector<float>& shade) {
  QString html;
  for (size_t k = 0; k < ids.size(); ++k) {
    const auto id = static_cast<size_t>(ids[k]);
    const QString word = id < vocabulary.size() ? QString::fromStdString(vocabulary[id]).toHtmlEscaped() : "?";
    QString style = id == 1 ? "color:#888888;" : "";
    if (k < shade.size()) {
      const double s = std::clamp<double>(shade[k], -1, 1);
      const int a = static_cast<int>(std::lround(std::abs(s) * 200));
      style +=
          s >= 0 ? QString("background:rgba(40,160,70,%1);").arg(a) : QString("background:rgba(210,60,50,%1);").arg(a);
    }
    html += QString("<span style=\"%1\">%2</span> ").arg(style, word);
  }
  return html;
}

}  // namespace trainscope::ui
