// The Data page's note on the photo recipe: what it chose for this folder, and why.
#include "engine/config/recipes.h"
#include "ui/data/data_page.h"

#include <QLocale>

namespace trainscope::ui {

QString DataPage::photoRecipeNote(const ExperimentConfig& c, int64_t trainImages) {
  QString note = tr("Your photos get the photo recipe, chosen by measurement on folders of several kinds: the Fast "
                    "CNN at %1 px, learning from scratch with random crops, flips and colour jitter, AdamW at %2, "
                    "for %3 epochs.")
                     .arg(c.model.image_size)
                     .arg(c.optimizer.lr)
                     .arg(c.epochs);
  // What the epochs amount to against the measured budget: the epochs are clamped, and
  // the user may have changed them.
  const qlonglong seen = c.epochs * trainImages, budget = photoSampleBudget().samples;
  if (trainImages > 0) {
    const bool under = seen < budget * 9 / 10;
    const bool over = seen > budget * 11 / 10;
    QString amount = under  ? tr("%1 epochs of %2 training images are %3 images seen, fewer than the %4 the "
                                  "measurements needed: more photos per class would help more than more epochs.")
                     : over ? tr("%1 epochs of %2 training images are %3 images seen, more than the %4 the "
                                 "measurements needed: a large folder learns in few passes, and fewer would do.")
                            : tr("A small folder needs many passes over its images and a large one few: %1 epochs "
                                 "of %2 training images are about %3 images seen, what the measurements needed.");
    const QLocale locale;
    amount = amount.arg(c.epochs).arg(trainImages).arg(locale.toString(seen));
    note += " " + (under || over ? amount.arg(locale.toString(budget)) : amount);
  }
  return note + " " + tr("Change the model, image size or epochs on the Model page.");
}

}  // namespace trainscope::ui
