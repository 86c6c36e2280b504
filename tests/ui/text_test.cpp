// Text as a user brings it to the app: a folder of .txt files per class, dropped on the
// window (or opened from the Data page), is read in the background and browsed: every
// document, as its file holds it and as the model reads it, the lengths, the vocabulary's
// coverage. The experiment switches to text_cnn; the Model page lists only text models;
// the Train page plots the padding share; the Mistakes page lists the misclassified
// documents with each token shaded.
#include "app_under_test.h"
#include "engine/data/text_encoding.h"
#include "ui/data/data_page.h"
#include "ui/data/table_browser.h"
#include "ui/data/text_browser.h"
#include "ui/data/try_text_dialog.h"
#include "ui/mistakes/mistakes_page.h"
#include "ui/mistakes/text_mistakes_view.h"
#include "ui/model/model_page.h"
#include "ui/train/train_page.h"
#include "widgets/live_curve_plot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

#include <random>

using namespace trainscope;
using namespace trainscope::ui;

namespace {
// Two topics, told apart by a third of their words; lengths 3 to 60 words.
void writeCorpus(const QString& root) {
  std::mt19937 rng(5);
  const QStringList filler{"the", "a", "of", "and", "then", "we", "so", "it"};
  const QList<QStringList> topics{{"goal", "team", "match", "coach"}, {"rain", "storm", "cloud", "wind"}};
  const QStringList names{"sports", "weather"};
  for (int c = 0; c < 2; ++c) {
    QVERIFY(QDir().mkpath(root + "/" + names[c]));
    for (int i = 0; i < 80; ++i) {
      QStringList words;
      const int n = 3 + static_cast<int>(rng() % 58);
      for (int w = 0; w < n; ++w) words << (rng() % 3 == 0 ? topics[c][rng() % 4] : filler[rng() % 8]);
      QFile f(QString("%1/%2/%3.txt").arg(root, names[c]).arg(i));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(words.join(' ').toUtf8());
    }
  }
  QFile binary(root + "/sports/blob.txt");
  QVERIFY(binary.open(QIODevice::WriteOnly));
  binary.write(QByteArray("\x00\x01\x02", 3));
}
}  // namespace

class TextTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    const QString error = app_.create(this, "TrainscopeTextTests", tmp_.path() + "/runs");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window_ = app_.window;
    window_->show();
    root_ = tmp_.path() + "/topics";
    writeCorpus(root_);
    window_->dataPage()->importPath(root_);  // as a drop does: a folder of .txt files is text
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset() && app_.doc->datasetKind() == "text-folder", 30000);
  }

  void cleanupTestCase() { delete window_; }

  void theDocumentsAreBrowsed() {
    TextBrowser* browser = window_->dataPage()->textBrowser();
    QVERIFY(browser->isVisible());
    QCOMPARE(browser->view()->model()->rowCount(), 160);
    QVERIFY(browser->summaryLabel()->text().contains("160 documents"));
    QVERIFY(browser->summaryLabel()->text().contains("2 classes"));
    browser->selectDocument(3);
    QVERIFY(browser->documentView()->toPlainText().contains("What the model reads"));
    bool skippedBinary = false;
    for (const auto& s : app_.doc->dataset()->skipped) skippedBinary |= s.reason == "a binary file, not text";
    QVERIFY(skippedBinary);
  }

  void theExperimentBecomesATextOne() {
    QCOMPARE(QString::fromStdString(app_.doc->config()->model.name), QString("text_cnn"));
    QComboBox* models = window_->modelPage()->modelChoice();
    QStringList listed;
    for (int i = 0; i < models->count(); ++i) listed << models->itemText(i);
    QCOMPARE(listed, (QStringList{"text_cnn", "text_gru"}));
  }

  void itTrainsAndExplainsItsMistakes() {
    app_.doc->set(field("epochs"), 2);
    window_->trainPage()->start();
    QTRY_VERIFY_WITH_TIMEOUT(!app_.controller->isActive() && app_.controller->state() == RunState::Finished, 120000);
    QCOMPARE(window_->trainPage()->findChildren<widgets::LiveCurvePlot*>().size() >= 3, true);
    bool padding = false;
    for (auto* plot : window_->trainPage()->findChildren<widgets::LiveCurvePlot*>())
      padding |= plot->plot()->yAxis->label() == "padding share";
    QVERIFY(padding);
    MistakesPage* mistakes = window_->mistakesPage();
    QTRY_VERIFY_WITH_TIMEOUT(mistakes->diagnosis() && mistakes->diagnosis()->has_saliency, 30000);
    window_->showPage(MainWindow::Mistakes);
    TextMistakesView* view = mistakes->textMistakesView();
    QVERIFY(view->isVisible());
    QCOMPARE(view->list()->rowCount(), static_cast<int>(mistakes->diagnosis()->saliency.documents()));
    if (view->list()->rowCount() > 0) {
      view->selectDocument(0);
      QVERIFY(view->document()->toHtml().contains("background-color:rgba"));
    }
  }

  void tryItClassifiesADocumentTypedIn() {
    window_->dataPage()->textBrowser()->tryButton()->click();
    TryTextDialog* dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window_->findChild<TryTextDialog*>()) != nullptr, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->ready(), 30000);
    dialog->editor()->setPlainText("storm rain cloud wind storm rain");
    QTRY_VERIFY_WITH_TIMEOUT(dialog->answer()->text().startsWith("Predicted: weather"), 10000);
    dialog->editor()->setPlainText("  ...  ");
    QTRY_VERIFY_WITH_TIMEOUT(dialog->answer()->text().contains("empty document"), 10000);
    dialog->close();
  }

  // A CSV whose column holds documents: picked in the table browser, it becomes text.
  void aCsvTextColumnIsClassifiedFromTheTableBrowser() {
    const QString csv = tmp_.path() + "/reviews.csv";
    QFile file(csv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    std::mt19937 rng(3);
    const QStringList good{"great", "lovely", "superb", "fine"}, bad{"awful", "dull", "poor", "broken"};
    file.write("id,review,stars,verdict\n");  // stars: a number, so the file is a usable table too
    for (int i = 0; i < 120; ++i) {
      const bool positive = i % 2 == 0;
      QStringList words{"the", "film", QString::number(i)};
      for (int w = 0; w < 6; ++w) words << (positive ? good : bad)[static_cast<int>(rng() % 4)] << "and";
      file.write(
          QString("%1,\"%2\",%3,%4\n").arg(i).arg(words.join(' ')).arg(i % 5).arg(positive ? "up" : "down").toUtf8());
    }
    file.close();
    window_->dataPage()->importPath(csv);
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset() && app_.doc->dataset()->table, 30000);
    TableBrowser* table = window_->dataPage()->tableBrowser();
    QTRY_VERIFY_WITH_TIMEOUT(table->profiled(), 10000);
    table->selectColumn(1);
    QVERIFY(table->textButton()->isEnabled());
    table->textButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset() && app_.doc->dataset()->text, 30000);
    QVERIFY(app_.doc->datasetIsText());
    QCOMPARE(QString::fromStdString(app_.doc->config()->model.name), QString("text_cnn"));
    QCOMPARE(window_->dataPage()->textBrowser()->view()->model()->rowCount(), 120);
  }

 private:
  QTemporaryDir tmp_;
  test::AppUnderTest app_;
  MainWindow* window_ = nullptr;
  QString root_;
};

QTEST_MAIN(TextTest)
#include "text_test.moc"
