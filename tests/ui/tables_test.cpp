// A table as a user brings one to the app: a CSV file opened on the Data page is shown
// row by row with each column's type, use and chart, its target guessed; choosing
// another target or unticking a column reads it again; the experiment switches to
// tabular_mlp; a regression trains, its Train page plots R², its Mistakes page plots
// predicted against true with the largest residuals and each row's values; "Try the
// model" answers for a row typed in; a ragged file is refused with its line.
#include "app_under_test.h"
#include "engine/data/table_encoding.h"
#include "ui/data/data_page.h"
#include "ui/data/table_browser.h"
#include "ui/data/try_table_dialog.h"
#include "ui/mistakes/mistakes_page.h"
#include "ui/mistakes/residuals_view.h"
#include "ui/model/model_page.h"
#include "ui/train/train_page.h"
#include "widgets/class_chart.h"
#include "widgets/histogram_plot.h"
#include "widgets/live_curve_plot.h"
#include "widgets/residual_plot.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextStream>
#include <QtTest>

#include <random>

using namespace trainscope;
using namespace trainscope::ui;

namespace {
// Houses: an id, two numbers (age 10% missing), a district, and a price that depends
// on all three but the id.
void writeHouses(const QString& path, int rows) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  QTextStream out(&file);
  std::mt19937 rng(7);
  std::normal_distribution<double> normal;
  out << "id,area,age,district,price\n";
  for (int i = 0; i < rows; ++i) {
    const double area = normal(rng), age = normal(rng);
    const int district = i % 4;
    const bool missing = i % 10 == 3;
    const double price = 200 + 30 * area - 10 * (missing ? 0 : age) + 15 * district + 2 * normal(rng);
    out << i + 1 << "," << area << "," << (missing ? QString() : QString::number(age)) << ",d" << district << ","
        << price << "\n";
  }
}
}  // namespace

class TablesTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(tmp_.isValid());
    const QString error = app_.create(this, "TrainscopeTablesTests", tmp_.path() + "/runs");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window_ = app_.window;
    window_->show();
    csv_ = tmp_.path() + "/houses.csv";
    writeHouses(csv_, 600);
    window_->dataPage()->importPath(csv_);
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset() && app_.doc->datasetKind() == "csv", 30000);
    browser_ = window_->dataPage()->tableBrowser();
  }

  void cleanupTestCase() { delete window_; }

  void theTableIsShownWithItsTargetGuessed() {
    QVERIFY(window_->dataPage()->showsTable());
    QCOMPARE(app_.doc->config()->dataset.target, std::string("price"));    // the last column
    QCOMPARE(app_.doc->config()->model.name, std::string("tabular_mlp"));  // the table recipe
    QVERIFY2(app_.doc->isValid(), qPrintable(app_.doc->problemText()));
    QCOMPARE(window_->modelPage()->modelChoice()->count(), 1);  // only the table's model is offered
    QCOMPARE(browser_->view()->model()->rowCount(), 600);
    QCOMPARE(browser_->view()->model()->columnCount(), 5);
    QCOMPARE(browser_->view()->model()->headerData(0, Qt::Vertical).toString(), QString("2"));  // the file's line
    QCOMPARE(browser_->view()->model()->index(3, 2).data().toString(), QString("—"));           // age missing on row 4
    QTRY_VERIFY_WITH_TIMEOUT(browser_->profiled(), 10000);
    QTableWidget* columns = browser_->columnTable();
    QCOMPARE(columns->rowCount(), 5);
    const auto cell = [columns](int row, int column) { return columns->item(row, column)->text(); };
    QCOMPARE(cell(0, 1), QString("identifier"));
    QCOMPARE(cell(0, 2), QString("left out"));
    QCOMPARE(cell(2, 3), QString("10.0%"));  // age: 60 of 600 missing
    QCOMPARE(cell(3, 1), QString("category"));
    QCOMPARE(cell(4, 2), QString("target"));
    // The target is selected first: a regression's distribution.
    QVERIFY(browser_->chartTitle()->text().startsWith("price"));
    QVERIFY(browser_->histogram()->barCount() > 5);
  }

  void aColumnShowsItsChart() {
    browser_->selectColumn(3);  // district: its levels
    QCOMPARE(browser_->bars()->classes().size(), 4);
    QCOMPARE(browser_->bars()->trainCounts().value(0), qint64{150});
  }

  void anotherTargetReadsTheTableAgain() {
    QComboBox* target = browser_->targetBox();
    target->setCurrentText("district");
    emit target->activated(target->currentIndex());
    QTRY_VERIFY_WITH_TIMEOUT(
        app_.doc->dataset() && app_.doc->dataset()->table && app_.doc->dataset()->table->target == "district", 30000);
    QCOMPARE(app_.doc->dataset()->table->task, std::string("classification"));
    QTRY_VERIFY_WITH_TIMEOUT(browser_->profiled(), 10000);
    QCOMPARE(browser_->bars()->classes().size(), 4);  // the target's classes per split
    QVERIFY(!browser_->bars()->valCounts().isEmpty());
    target->setCurrentText("price");
    emit target->activated(target->currentIndex());
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset()->table->target == "price", 30000);
    QTRY_VERIFY_WITH_TIMEOUT(browser_->profiled(), 10000);
  }

  void untickingAColumnLeavesItOut() {
    QTableWidgetItem* use = browser_->columnTable()->item(1, 2);  // area
    QCOMPARE(use->checkState(), Qt::Checked);
    use->setCheckState(Qt::Unchecked);
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->config()->dataset.exclude_columns == std::vector<std::string>{"area"}, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset()->table->numbers.size() == 1, 30000);  // age only
    QTRY_VERIFY_WITH_TIMEOUT(browser_->profiled(), 10000);
    browser_->columnTable()->item(1, 2)->setCheckState(Qt::Checked);
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset()->table->numbers.size() == 2, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(browser_->profiled(), 10000);
  }

  void aRegressionTrainsAndShowsItsResiduals() {
    app_.doc->set(field("epochs"), 3);
    window_->trainPage()->start();
    QVERIFY(app_.controller->isActive());
    QTRY_VERIFY_WITH_TIMEOUT(!app_.controller->isActive() && app_.controller->state() == RunState::Finished, 120000);
    QTRY_COMPARE_WITH_TIMEOUT(window_->trainPage()->accuracyPlot()->plot()->yAxis->label(), QString("R²"), 5000);
    MistakesPage* mistakes = window_->mistakesPage();
    QTRY_VERIFY_WITH_TIMEOUT(mistakes->diagnosis() && mistakes->diagnosis()->has_residuals, 30000);
    window_->showPage(MainWindow::Mistakes);
    QVERIFY(mistakes->showsResiduals());
    ResidualsView* view = mistakes->residualsView();
    QCOMPARE(view->plot()->pointCount(), 60);  // every validation row
    QVERIFY(view->largest()->rowCount() > 0);
    QVERIFY(view->summary()->text().contains("R²"));
    // The worst row is picked: its values, the target first.
    QCOMPARE(view->values()->item(0, 0)->text(), QString("price"));
    QCOMPARE(view->values()->rowCount(), 5);
    // Rows are ordered by the size of their residual.
    const double first = std::abs(view->largest()->item(0, 3)->text().toDouble());
    const double second = std::abs(view->largest()->item(1, 3)->text().toDouble());
    QVERIFY(first >= second);
  }

  void tryItAnswersForARowTypedIn() {
    window_->tryTableModel(browser_->rowValues(0));
    TryTableDialog* dialog = nullptr;
    for (QWidget* w : QApplication::topLevelWidgets())
      if (auto* d = qobject_cast<TryTableDialog*>(w)) dialog = d;
    QVERIFY(dialog);
    QSignalSpy answered(dialog, &TryTableDialog::answered);
    QTRY_VERIFY_WITH_TIMEOUT(answered.count() >= 1, 20000);
    QVERIFY2(dialog->answer()->text().startsWith("Predicted price: "), qPrintable(dialog->answer()->text()));
    const QString before = dialog->answer()->text();
    QLineEdit* area = dialog->numberField("area");
    QVERIFY(area);
    area->setText("3");  // a much larger house
    emit area->textEdited(area->text());
    QTRY_VERIFY_WITH_TIMEOUT(answered.count() >= 2, 20000);
    const double low = before.section(": ", 1).toDouble(), high = dialog->answer()->text().section(": ", 1).toDouble();
    QVERIFY2(high > low + 20, qPrintable(QString("%1 -> %2").arg(low).arg(high)));
    area->setText("big");
    emit area->textEdited(area->text());
    QTRY_VERIFY_WITH_TIMEOUT(dialog->answer()->text().contains("not a number"), 20000);
    delete dialog;
  }

  void aRaggedFileIsRefusedWithItsLine() {
    const QString bad = tmp_.path() + "/ragged.csv";
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("a,b,c\n1,2,3\n4,5\n");
    file.close();
    QSignalSpy failed(window_->dataPage(), &DataPage::importFailed);
    window_->dataPage()->importPath(bad);
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
    QVERIFY2(failed.at(0).at(0).toString().contains("line 3"), qPrintable(failed.at(0).at(0).toString()));
  }

 private:
  QTemporaryDir tmp_;
  test::AppUnderTest app_;
  MainWindow* window_ = nullptr;
  TableBrowser* browser_ = nullptr;
  QString csv_;
};

QTEST_MAIN(TablesTest)
#include "tables_test.moc"
