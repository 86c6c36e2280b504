// The Mistakes page as a user meets it after a real run: the confusion matrix sums to
// the validation size, a click on a cell shows exactly its images, the most confused
// classes can sit side by side, the CSV holds the matrix and the scores; any image shows
// Grad-CAM and its history; relabel, exclude and undo write the corrections file that
// the next run of the experiment uses; the data map and the suspect labels are there;
// the Data page's health check finds a leak and a conflicting label planted in a folder.
#include "app_under_test.h"
#include "engine/data/label_corrections.h"
#include "engine/session.h"
#include "ui/data/data_page.h"
#include "ui/data/health_panel.h"
#include "ui/mistakes/correction_book.h"
#include "ui/mistakes/feature_map_view.h"
#include "ui/mistakes/mistakes_page.h"
#include "ui/mistakes/sample_detail.h"
#include "ui/train/train_page.h"
#include "widgets/confusion_matrix_view.h"
#include "widgets/data_map_plot.h"
#include "widgets/image_grid.h"
#include "widgets/point_map.h"

#include <qcustomplot.h>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QListView>
#include <QProcess>
#include <QPushButton>
#include <QSlider>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace trainscope;
using namespace trainscope::ui;

class MistakesTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    if (builtInDatasetDir().empty()) QSKIP("dataset-fashion-mnist is not installed");
    QVERIFY(tmp_.isValid());
    const QString error = app_.create(this, "TrainscopeMistakesTests", tmp_.path() + "/runs");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window_ = app_.window;
    window_->show();
    window_->importLastOrDefaultDataset(QString());
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset() != nullptr, 30000);
    app_.doc->set(field("dataset.train_subset"), 2048);
    app_.doc->set(field("dataset.val_subset"), 500);
    app_.doc->set(field("dataset.label_noise"), 0.1);
    app_.doc->set(field("epochs"), 2);
    page_ = window_->mistakesPage();
    window_->trainPage()->start();
    QVERIFY(app_.controller->isActive());
    QTRY_VERIFY_WITH_TIMEOUT(!app_.controller->isActive() && app_.controller->state() == RunState::Finished, 120000);
    QTRY_VERIFY2_WITH_TIMEOUT(page_->diagnosis() && page_->diagnosis()->predictions.epochs() == 2,
                              qPrintable(page_->statusLabel()->text()), 20000);
    window_->showPage(MainWindow::Mistakes);
  }

  void cleanupTestCase() { delete window_; }

  void theMatrixSumsToTheValidationSize() {
    QCOMPARE(page_->matrix()->classCount(), 10);
    QCOMPARE(page_->epochChoice()->value(), 2);
    int64_t images = 0;
    for (int row = 0; row < page_->scores()->rowCount(); ++row)
      images += page_->scores()->item(row, 4)->text().toLongLong();
    QCOMPARE(images, int64_t{500});
    // The first epoch's matrix too.
    page_->epochChoice()->setValue(1);
    int64_t first = 0;
    for (int row = 0; row < page_->scores()->rowCount(); ++row)
      first += page_->scores()->item(row, 4)->text().toLongLong();
    QCOMPARE(first, int64_t{500});
    page_->epochChoice()->setValue(2);
  }

  void aCellClickShowsExactlyItsImages() {
    QTableWidgetItem* top = page_->pairs()->item(0, 0);
    QVERIFY(top);
    const int truth = top->data(Qt::UserRole).toInt(), predicted = top->data(Qt::UserRole + 1).toInt();
    const int count = page_->pairs()->item(0, 1)->text().toInt();
    QVERIFY(count > 0);
    QTest::mouseClick(page_->matrix(), Qt::LeftButton, {}, page_->matrix()->cellRect(truth, predicted).center());
    QCOMPARE(page_->tabs()->currentIndex(), int(MistakesPage::GalleryTab));
    QCOMPARE(static_cast<int>(page_->galleryItems().size()), count);
    QCOMPARE(page_->gallery()->itemCount(), count);
    for (const auto& s : page_->galleryItems()) {
      QCOMPARE(s.label, int64_t{truth});
      QCOMPARE(s.predicted, int64_t{predicted});
      QVERIFY(!s.training);
    }
    QVERIFY(page_->matrix()->cellText(truth, predicted).contains(QString("%1 image").arg(count)));
  }

  void theMostConfusedClassesSitSideBySide() {
    QTableWidgetItem* top = page_->pairs()->item(0, 0);
    const int a = top->data(Qt::UserRole).toInt(), b = top->data(Qt::UserRole + 1).toInt();
    page_->orderChoice()->setCurrentIndex(1);
    const int cell = page_->matrix()->cellSize();
    QCOMPARE(std::abs(page_->matrix()->cellRect(a, a).x() - page_->matrix()->cellRect(b, b).x()), cell);
    int t = -1, p = -1;
    QVERIFY(page_->matrix()->cellAt(page_->matrix()->cellRect(a, b).center(), &t, &p));
    QCOMPARE(t, a);
    QCOMPARE(p, b);
    // Zoom keeps every cell reachable.
    page_->matrix()->zoomBy(-1);
    QVERIFY(page_->matrix()->cellSize() < cell);
    page_->orderChoice()->setCurrentIndex(0);
  }

  void csvHasTheMatrixAndTheScores() {
    const QString path = tmp_.path() + "/confusion.csv";
    QString error;
    QVERIFY2(page_->exportCsv(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).trimmed().split('\n');
    QCOMPARE(lines.size(), 11);
    QVERIFY(lines[0].startsWith("true \\ predicted,T-shirt/top,Trouser"));
    QVERIFY(lines[0].endsWith("support,precision,recall,f1"));
    QCOMPARE(lines[10].split(',').size(), 1 + 10 + 4);
  }

  void anImageShowsGradCamAndItsHistory() {
    page_->gallerySplit()->setCurrentIndex(1);  // training
    page_->galleryFilter()->setCurrentIndex(0);
    QVERIFY(!page_->galleryItems().empty());
    for (const auto& s : page_->galleryItems()) QVERIFY(s.training && s.label != s.predicted);
    QListView* view = page_->gallery()->view();
    view->setCurrentIndex(view->model()->index(0, 0));
    SampleDetail* detail = page_->detail();
    QTRY_VERIFY_WITH_TIMEOUT(detail->explanationShown(), 20000);
    QVERIFY2(detail->explanationText().contains("Grad-CAM of"), qPrintable(detail->explanationText()));
    QVERIFY(detail->historyPlot()->isVisible());
    QCOMPARE(detail->historyPlot()->graph(0)->dataCount(), 2);  // one point an epoch
  }

  void relabelExcludeAndUndoWriteTheFileTheNextRunUses() {
    SampleDetail* detail = page_->detail();
    CorrectionBook* book = page_->corrections();
    const GallerySample first = page_->galleryItems()[0];
    detail->relabelChoice()->setCurrentIndex(static_cast<int>(first.predicted));
    QTest::mouseClick(detail->relabelButton(), Qt::LeftButton);
    QVERIFY(QFile::exists(book->path()));
    QCOMPARE(QString::fromStdString(app_.doc->value(field("dataset.corrections")).get<std::string>()), book->path());
    LabelCorrections saved = readLabelCorrections(book->path().toStdString());
    QCOMPARE(saved.items.size(), size_t{1});
    QCOMPARE(QString::fromStdString(saved.items[0].label),
             QString::fromStdString(page_->diagnosis()->splits->train->classes()[first.predicted]));
    QVERIFY(detail->correctionLabel()->text().startsWith("Relabelled to"));
    QVERIFY(detail->undoButton()->isEnabled());

    QListView* view = page_->gallery()->view();
    view->setCurrentIndex(view->model()->index(1, 0));
    QTest::mouseClick(detail->excludeButton(), Qt::LeftButton);
    saved = readLabelCorrections(book->path().toStdString());
    QCOMPARE(saved.items.size(), size_t{2});
    QVERIFY(saved.items[1].excluded());
    QTest::mouseClick(detail->undoButton(), Qt::LeftButton);
    QCOMPARE(readLabelCorrections(book->path().toStdString()).items.size(), size_t{1});
    QVERIFY(view->model()->index(0, 0).data(Qt::DisplayRole).toString().startsWith("✎"));

    // The next run trains on the corrected labels: its log says so.
    QString error;
    QVERIFY2(app_.controller->start(*app_.doc->config(), &error), qPrintable(error));
    bool logged = false;
    connect(app_.controller, &TrainingController::logLine, this,
            [&](const LogLine& l) { logged |= l.text.find("label corrections from") != std::string::npos; });
    QTRY_VERIFY_WITH_TIMEOUT(logged, 60000);
    app_.controller->stopAndWait(60000);
  }

  void theDataMapAndTheSuspectsAreThere() {
    // The run the last test started and stopped may be the one on the page: open the first.
    page_->openRun(QString::fromStdString(firstRun()));
    QTRY_VERIFY_WITH_TIMEOUT(page_->diagnosis() && page_->diagnosis()->run_dir == firstRun(), 20000);
    QVERIFY(page_->diagnosis()->has_dynamics);
    QCOMPARE(page_->dataMap()->pointCount(), 2048);
    QCOMPARE(static_cast<int>(page_->suspectItems().size()), 100);
    int flippedFound = 0;
    const auto& flipped = page_->diagnosis()->dynamics.flipped;
    for (const auto& s : page_->suspectItems())
      flippedFound += std::binary_search(flipped.begin(), flipped.end(), s.index);
    QVERIFY2(flippedFound >= 60, qPrintable(QString("%1 of the top 100 suspects were flipped").arg(flippedFound)));
  }

  // The feature map (issue 34): both epochs laid out, coloured three ways; the classes
  // apart in the last epoch's map; a lasso's training images relabelled together in the
  // corrections file; a click lists the point's most similar images.
  void theFeatureMapSeparatesClassesAndALassoRelabels() {
    FeatureMapView* view = page_->featureMap();
    window_->showPage(MainWindow::Mistakes);
    window_->resize(1400, 1000);  // room for the map and the gallery under it
    page_->tabs()->setCurrentIndex(MistakesPage::FeatureMapTab);
    QTRY_VERIFY_WITH_TIMEOUT(view->layoutsReady() == 2, 120000);
    const EmbeddingRecord* record = view->record();
    QCOMPARE(record->points(), qint64{500 + 1000});
    QCOMPARE(view->epochSlider()->maximum(), 2);
    widgets::PointMap* map = view->map();
    QCOMPARE(map->pointCount(), 1500);
    QVERIFY2(!view->note()->text().contains("Laying out"), qPrintable(view->note()->text()));
    // In the map a point's nearest neighbours mostly share its class (LeNet after 2
    // epochs of 2,048 images: about 70% right on validation).
    int same = 0;
    for (int i = 0; i < 1500; i += 15) {
      const QPointF at = map->pixelOf(i);
      std::vector<std::pair<double, int>> near;
      for (int j = 0; j < 1500; ++j)
        if (j != i) near.emplace_back(std::hypot(map->pixelOf(j).x() - at.x(), map->pixelOf(j).y() - at.y()), j);
      std::partial_sort(near.begin(), near.begin() + 5, near.end());
      for (int k = 0; k < 5; ++k) same += record->labels[near[k].second] == record->labels[i];
    }
    QVERIFY2(same > 0.5 * 100 * 5, qPrintable(QString("%1 of 500 neighbours share the class").arg(same)));
    view->colouring()->setCurrentIndex(FeatureMapView::ByCorrectness);
    view->epochSlider()->setValue(1);
    QCOMPARE(map->pointCount(), 1500);

    // A lasso around a class's training points: one write relabels them all.
    std::vector<int> cluster;
    for (int i = 0; i < 1500 && cluster.size() < 40; ++i)
      if (record->split[i] == 1 && record->labels[i] == 1) cluster.push_back(i);
    QPolygonF lasso;
    const QRectF everything(QPointF(-1, -1), QSizeF(map->width() + 2, map->height() + 2));
    lasso << everything.topLeft() << everything.topRight() << everything.bottomRight() << everything.bottomLeft();
    int inView = 0;  // the view fits the middle 99% of the points: a few strays lie outside
    for (int i = 0; i < 1500; ++i) inView += everything.contains(map->pixelOf(i));
    QCOMPARE(static_cast<int>(map->pointsInside(lasso).size()), inView);
    QVERIFY(inView >= 1400);
    view->selectPoints(cluster);
    QCOMPARE(view->galleryPoints().size(), cluster.size());
    QString error;
    QVERIFY2(view->relabelSelection("Dress", &error), qPrintable(error));
    const LabelCorrections saved = readLabelCorrections(page_->corrections()->path().toStdString());
    int dresses = 0;
    for (int i : cluster)
      if (const auto* c = saved.find(record->paths[i])) dresses += c->label == "Dress";
    QCOMPARE(dresses, static_cast<int>(cluster.size()));
    QString clearError;
    page_->corrections()->clear(&clearError);

    // Similar images: the point first, then its nearest in feature space.
    view->showSimilar(0);
    QCOMPARE(view->galleryPoints().front(), 0);
    QCOMPARE(view->galleryPoints().size(), size_t{25});
    QVERIFY(view->gallery()->isVisible() && view->gallery()->height() > 40);
    QTRY_VERIFY_WITH_TIMEOUT(view->gallery()->model()->loadedCount() > 0, 10000);

    // From any gallery image: the detail panel's "Similar images" opens the map on it.
    QVERIFY(!page_->galleryItems().empty());
    GallerySample any{};
    bool recorded = false;  // a gallery image the map holds (1,000 of the 2,048 training images)
    for (const GallerySample& g : page_->galleryItems())
      for (int64_t p = 0; p < record->points() && !recorded; ++p)
        if (record->split[p] == (g.training ? 1 : 0) && record->index[p] == g.index) any = g, recorded = true;
    QVERIFY(recorded);
    page_->detail()->showSample(any);
    QTest::mouseClick(page_->detail()->similarButton(), Qt::LeftButton);
    QCOMPARE(page_->tabs()->currentIndex(), static_cast<int>(MistakesPage::FeatureMapTab));
    const int first = view->galleryPoints().front();
    QCOMPARE(record->split[first], any.training ? 1 : 0);
    QCOMPARE(record->index[first], any.index);
  }

  // A new epoch of a live run never reshuffles the images under the pointer (issue 28):
  // they wait behind a button.
  void theGalleryHoldsStillWhileARunGoesOn() {
    app_.doc->set(field("epochs"), 3);
    window_->trainPage()->start();
    QTRY_VERIFY_WITH_TIMEOUT(
        page_->diagnosis() && page_->diagnosis()->run_dir == app_.controller->runDir().toStdString(), 30000);
    window_->showPage(MainWindow::Mistakes);
    page_->tabs()->setCurrentIndex(MistakesPage::GalleryTab);
    page_->galleryFilter()->setCurrentIndex(1);  // every image by its loss: never empty
    QTRY_VERIFY_WITH_TIMEOUT(page_->diagnosis()->predictions.epochs() == 1, 60000);
    QTRY_VERIFY(!page_->galleryItems().empty());
    const auto shown = page_->galleryItems();
    QTRY_VERIFY_WITH_TIMEOUT(page_->diagnosis()->predictions.epochs() == 2, 60000);
    QVERIFY(page_->newerImagesButton()->isVisible());
    QCOMPARE(page_->galleryItems().size(), shown.size());
    for (size_t i = 0; i < shown.size(); ++i) QCOMPARE(page_->galleryItems()[i].index, shown[i].index);
    page_->newerImagesButton()->click();
    QVERIFY(!page_->newerImagesButton()->isVisible());
    bool reordered = false;  // the loss ranking of another epoch
    for (size_t i = 0; i < shown.size(); ++i) reordered |= page_->galleryItems()[i].index != shown[i].index;
    QVERIFY(reordered);
    QTRY_VERIFY_WITH_TIMEOUT(!app_.controller->isActive(), 120000);
  }

  void theDataPageChecksAFolderForLeaksAndConflicts() {
    // Noise images in train/ and val/; one training image copied into val/ (a leak) and
    // one copied under another class (a conflicting label).
    cv::RNG rng(7);
    auto noise = [&] {
      cv::Mat m(32, 32, CV_8UC3);
      rng.fill(m, cv::RNG::UNIFORM, 0, 255);
      return m;
    };
    const QString root = tmp_.path() + "/leaky";
    for (const char* split : {"train", "val"})
      for (const char* c : {"cat", "dog"}) {
        QDir().mkpath(root + "/" + split + "/" + c);
        for (int i = 0; i < 6; ++i)
          cv::imwrite(QString("%1/%2/%3/%4.png").arg(root, split, c).arg(i).toStdString(), noise());
      }
    QFile::copy(root + "/train/cat/0.png", root + "/val/cat/leak.png");
    QFile::copy(root + "/train/cat/1.png", root + "/train/dog/twin.png");
    DataPage* data = window_->dataPage();
    data->importFolder(root);
    QTRY_VERIFY_WITH_TIMEOUT(!data->importing() && app_.doc->datasetRoot() == root.toStdString(), 20000);
    HealthPanel* health = data->healthPanel();
    QTest::mouseClick(health->findChild<QPushButton*>(), Qt::LeftButton);  // "Check the dataset"
    QTRY_VERIFY_WITH_TIMEOUT(health->result() != nullptr, 20000);
    QCOMPARE(health->result()->exact.count, int64_t{2});
    QCOMPARE(health->result()->exact_across_splits, int64_t{1});
    QCOMPARE(health->result()->conflicting_labels, int64_t{1});
    QTreeWidgetItem* exact = health->findings()->topLevelItem(0);
    QVERIFY2(exact->text(0).contains("2 groups, 1 across"), qPrintable(exact->text(0)));
    QCOMPARE(exact->childCount(), 2);
    QVERIFY(health->findings()->topLevelItem(2)->text(0).contains(": 1 groups"));
    // A finding chosen shows its images below; a file's row shows its group's.
    window_->showPage(MainWindow::Data);
    data->tabs()->setCurrentWidget(health);
    health->findings()->setCurrentItem(exact);
    QCOMPARE(health->gallery()->shownCount(), 4);
    health->findings()->setCurrentItem(exact->child(0)->child(0));
    QCOMPARE(health->gallery()->shownCount(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(health->gallery()->grid()->model()->loadedCount() >= 2, 10000);
    // Noise is neither blurry nor flat: the quality findings are listed, and empty.
    bool listed = false;
    for (int i = 0; i < health->findings()->topLevelItemCount(); ++i)
      if (health->findings()->topLevelItem(i)->text(0).startsWith("Blurry: ")) {
        listed = true;
        QCOMPARE(health->findings()->topLevelItem(i)->text(0), QString("Blurry: 0"));
      }
    QVERIFY(listed);
  }

  // A damaged record never crashes or freezes the page: it names the file and shows
  // what still reads (issue 29; tests/cli/damage_run.py makes each case).
  void aDamagedRecordIsNamedNeverACrash() {
    const QString good = QString::fromStdString(firstRun());
    for (const char* damage : {"predictions-labels-range", "predictions-short", "predictions-fifo",
                               "samples-margin-short", "samples-margin-huge", "run-json-deep"}) {
      const QString copy = tmp_.path() + "/damaged/" + damage;
      QDir().mkpath(copy);
      QVERIFY(QProcess::execute("cp", {"-r", good + "/.", copy}) == 0);
      QCOMPARE(QProcess::execute(TRAINSCOPE_PYTHON, {TRAINSCOPE_SOURCE_DIR "/tests/cli/damage_run.py", copy, damage}),
               0);
      page_->openRun(copy);
      QTRY_VERIFY_WITH_TIMEOUT(page_->statusLabel()->text().contains(QString(damage).startsWith("run-json")
                                                                         ? "run.json"
                                                                         : QString(damage).section('-', 0, 0) + ".h5"),
                               20000);
    }
    page_->openRun(good);  // and the good run shows again
    QTRY_VERIFY_WITH_TIMEOUT(page_->diagnosis() && page_->diagnosis()->predictions.epochs() == 2, 20000);
  }

 private:
  std::string firstRun() const {
    QDir runs(tmp_.path() + "/runs");
    const QStringList names = runs.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    return names.isEmpty() ? std::string() : runs.filePath(names.front()).toStdString();
  }

  QTemporaryDir tmp_;
  test::AppUnderTest app_;
  MainWindow* window_ = nullptr;
  MistakesPage* page_ = nullptr;
};

QTEST_MAIN(MistakesTest)
#include "mistakes_test.moc"
