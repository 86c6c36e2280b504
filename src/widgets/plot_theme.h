// The plots' look for presentation mode (a classroom projector at 1024x768, read from
// the back of the room): larger tick and label fonts, thicker axes and curves, darker
// grid lines on white. Applies to every QCustomPlot under a widget.
#pragma once

class QWidget;

namespace trainscope::widgets {

// Scale of fonts and line widths in presentation mode.
constexpr double kPresentationScale = 1.35;

// Sets (or resets) the presentation look of every plot under `root`, curves included,
// and applies every page's PresentationLayout (what it does without on a projector).
void applyPresentationLook(QWidget* root, bool presentation);

}  // namespace trainscope::widgets
