// The interface in Chinese, every page, after a real run (issue 12, point 5): no
// user-visible English sentence is left, whether written by the app, the widgets, the
// engine (log lines, dataset descriptions, run statuses) or Qt itself.
#include "app_under_test.h"
#include "readability.h"
#include "ui/compare/compare_page.h"
#include "ui/data/data_page.h"
#include "ui/inspect/inspect_page.h"
#include "ui/system/system_page.h"
#include "ui/train/train_page.h"
#include "ui/translation.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QTreeWidget>
#include <QtTest>

using namespace trainscope;
using namespace trainscope::ui;

namespace {
// English: a word of four letters or more, once the names that stay as they are
// (products, PyTorch's own terms, config keys, paths, layer types, class names) are
// taken out.
bool looksEnglish(QString text) {
  static const QRegularExpression kept(
      "(`[^`]*`|(?<!\\w)[.~]?/[^\\s，。；）)]*|\\w+/<[^\\s，。；）)]*|\\w+/\\w+/[^\\s，。；）)]*|"
      "\\w+\\([^)]*\\)|torchvision|[\\w.-]+\\.(json|h5|pt|png|csv|onnx)|\\b\\w+[._]\\w+[\\w._]*|"
      "Fashion-MNIST|Trainscope|LibTorch|"
      "PyTorch|TorchScript|torchscript|TensorBoard|ImageNet|Python|h5py|autograd|Nesterov|Gamma|gamma|alpha|epochs?|"
      "backbone|"
      "NVML|nvidia-smi|lib[\\w-]+\\.so[\\w.]*|Ctrl|Shift|runs|CLI|RGBA|RGB|GFLOP|cuDNN|ONNX|OpenCV|HDF5|Qt|CUDA|GPU|"
      "CPU|RAM|"
      "JSON|CSV|PNG|SVG|PDF|LeNet|ResNet-18|"
      "ResNet|"
      "VGG|MLP|Gloo|torchrun|"
      "Fast CNN|CNN|SGD|AdamW|Adam|StepLR|MultiStepLR|ReLU|Conv2d|BatchNorm2d|Linear|Dropout|Flatten|MaxPool2d|"
      "AdaptiveAvgPool2d|Sequential|Sigmoid|Tanh|MixUp|CutMix|Grad-CAM|DataLoader|Dataset|ImageFolder|"
      "RandomResizedCrop|"
      "RandomHorizontalFlip|CenterCrop|Resize|Normalize|ColorJitter|Grayscale|ToTensor|EMA|ETA|OpenBLAS|OpenMP|Gloo|"
      "T-shirt/top|Trouser|Pullover|Dress|Coat|Sandal|Shirt|Sneaker|Bag|Ankle boot|lenet|fastcnn|resnet18|vgg|mlp|sgd|"
      "adamw|adam|cosine|constant|step|multistep|relu|sigmoid|tanh|auto|cpu|cuda|lesson\\w*|fashion\\w*|conv\\w*|bn\\w*"
      "|"
      "fc\\w*|pool\\w*|avgpool|flatten|dropout|bars|circles|stripes|\\w+\\s\\d\\d:\\d\\d:\\d\\d)");
  text.remove(kept);
  // Any English word of four letters or more left over: "运行 running" counts too.
  static const QRegularExpression word("\\b[A-Za-z]{4,}\\b");
  return text.contains(word);
}

QStringList visibleTexts(QWidget* root) {
  QStringList out;
  auto add = [&](const QString& t) {
    if (!t.trimmed().isEmpty()) out << t;
  };
  for (QWidget* w : root->findChildren<QWidget*>()) {
    if (!w->isVisible()) continue;
    add(w->toolTip());
    if (auto* l = qobject_cast<QLabel*>(w)) add(QTextDocumentFragment::fromHtml(l->text()).toPlainText());
    if (auto* b = qobject_cast<QAbstractButton*>(w)) add(b->text());
    if (auto* g = qobject_cast<QGroupBox*>(w)) add(g->title());
    if (auto* e = qobject_cast<QLineEdit*>(w)) add(e->placeholderText());
    if (auto* c = qobject_cast<QComboBox*>(w))
      for (int i = 0; i < c->count(); ++i) add(c->itemText(i));
    if (auto* t = qobject_cast<QTabBar*>(w))
      for (int i = 0; i < t->count(); ++i) add(t->tabText(i));
    if (auto* p = qobject_cast<QPlainTextEdit*>(w)) {
      // The environment check ends with LibTorch's own report (at::get_parallel_info()),
      // quoted as LibTorch writes it.
      const QString text = p->toPlainText();
      const QString quoted = QCoreApplication::translate("trainscope::Doctor", "LibTorch parallel settings:");
      add(text.contains(quoted) ? text.left(text.indexOf(quoted)) : text);
    }
    if (auto* p = qobject_cast<QTextEdit*>(w)) add(p->toPlainText());
    if (auto* list = qobject_cast<QListWidget*>(w))
      for (int i = 0; i < list->count(); ++i) add(list->item(i)->text());
    if (auto* table = qobject_cast<QTableWidget*>(w))
      for (int c = 0; c < table->columnCount(); ++c) {
        if (auto* h = table->horizontalHeaderItem(c)) add(h->text());
        for (int r = 0; r < table->rowCount(); ++r)
          if (auto* item = table->item(r, c)) add(item->text());
      }
    if (auto* tree = qobject_cast<QTreeWidget*>(w)) add(tree->headerItem()->text(0));
  }
  return out;
}
}  // namespace

class ChineseTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(installTranslation(*qApp, "zh_CN"));
    QVERIFY(tmp_.isValid());
    const QString error = app_.create(this, "TrainscopeChineseTests", tmp_.path() + "/runs");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    app_.doc->set(field("dataset.train_subset"), 640);
    app_.doc->set(field("dataset.val_subset"), 200);
    app_.doc->set(field("epochs"), 1);
    app_.window->importLastOrDefaultDataset(QString());
    QTRY_VERIFY_WITH_TIMEOUT(app_.doc->dataset() != nullptr, 30000);
    app_.window->resize(1024, 740);
    app_.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(app_.window));
  }

  void cleanupTestCase() {
    delete app_.window;
    installTranslation(*qApp, "en");
  }

  void theDetectorFindsEnglishProse() {
    QVERIFY(looksEnglish("training lenet on Fashion-MNIST (640 train / 200 val)"));
    QVERIFY(looksEnglish("run finished: completed 1 epochs"));
    QVERIFY(looksEnglish(QString::fromUtf8("运行 running")));
    QVERIFY(looksEnglish(QString::fromUtf8("12,666 samples/s")));  // a unit is not a path
    QVERIFY(!looksEnglish(QString::fromUtf8("运行文件夹：/tmp/runs/lenet-fashion-mnist 03:22:51 · cpu")));
    QVERIFY(!looksEnglish(QString::fromUtf8("优化器 optimizer.lr：SGD")));
  }

  void qtsOwnDialogsSpeakChineseToo() {
    // qtbase's translations (Debian's qt6-translations-l10n): OK, Cancel, the file dialog.
    const QString cancel = QCoreApplication::translate("QPlatformTheme", "Cancel");
    if (cancel == "Cancel") QSKIP("qt6-translations-l10n is not installed");
    QVERIFY(!looksEnglish(cancel + " " + cancel));
  }

  void noPageShowsEnglishAfterARun() {
    app_.window->showPage(MainWindow::Train);
    // Said while the dataset loaded; gone once it has (it stayed in Chinese).
    QVERIFY2(app_.window->trainPage()->messageLabel()->text().isEmpty(),
             qPrintable(app_.window->trainPage()->messageLabel()->text()));
    app_.window->trainPage()->start();
    QTRY_VERIFY_WITH_TIMEOUT(app_.controller->state() == RunState::Finished, 120000);
    QTest::qWait(300);
    QStringList english;
    for (int p = 0; p < MainWindow::PageCount; ++p) {
      app_.window->showPage(static_cast<MainWindow::Page>(p));
      if (p == MainWindow::Compare) app_.window->comparePage()->selectRuns({app_.controller->runDir()});
      QTest::qWait(p == MainWindow::System ? 4000 : 500);  // the System page runs its environment check
      // Every tab of the page too (skipped files, augmentation preview, health, ...).
      QList<QTabWidget*> tabs = app_.window->page(static_cast<MainWindow::Page>(p))->findChildren<QTabWidget*>();
      for (int round = 0, most = 1; round < most; ++round) {
        for (QTabWidget* t : tabs) {
          most = std::max(most, t->count());
          if (round < t->count()) t->setCurrentIndex(round);
        }
        QTest::qWait(round == 0 ? 0 : 300);
        for (const QString& t : visibleTexts(app_.window))
          if (looksEnglish(t) && !english.contains(t)) english << t;
      }
    }
    for (QAction* menu : app_.window->menuBar()->actions())
      for (QAction* a : menu->menu()->actions())
        if (looksEnglish(a->text()) && !english.contains(a->text())) english << a->text();
    for (const QString& t : english) qWarning().noquote() << "English left:" << t;
    QVERIFY2(english.isEmpty(),
             qPrintable(QString("%1 strings with English words (listed above)").arg(english.size())));
  }

  // In Chinese on a projector: nothing cut, no plot squeezed (issue 28), as in English.
  void presentationModeLeavesEveryPageReadable() {
    app_.window->setPresentationMode(true);
    QStringList problems;
    for (int p = 0; p < MainWindow::PageCount; ++p) {
      app_.window->showPage(static_cast<MainWindow::Page>(p));
      QTest::qWait(400);
      for (const QString& problem : test::unreadable(app_.window->page(static_cast<MainWindow::Page>(p)), 140))
        problems << QString("page %1: %2").arg(p).arg(problem);
      if (const QString shots = qEnvironmentVariable("TRAINSCOPE_TEST_SHOTS"); !shots.isEmpty())
        app_.window->grab().save(QString("%1/zh-presentation-%2.png").arg(shots).arg(p));
    }
    app_.window->setPresentationMode(false);
    for (const QString& problem : problems) qWarning("%s", qPrintable(problem));
    QVERIFY2(problems.isEmpty(), qPrintable(QString("%1 unreadable places (above)").arg(problems.size())));
  }

 private:
  test::AppUnderTest app_;
  QTemporaryDir tmp_;
};

QTEST_MAIN(ChineseTest)
#include "chinese_test.moc"
