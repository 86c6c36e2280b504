// A document's tokens as HTML, for the Data page's text browser and the Mistakes page's
// text mistakes.
#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace trainscope::ui {

// Each token shaded by `shade` (-1..1: red against, green for; empty: unshaded), <unk>
// greyed; `vocabulary` names the ids.
QString tokensHtml(const std::vector<int32_t>& ids, const std::vector<std::string>& vocabulary,
                   const std::vector<float>& shade = {});

}  // namespace trainscope::ui
