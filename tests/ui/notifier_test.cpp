// Desktop notifications: when the window is not in front, a run's finish, failure and
// NaN guard trip reach the desktop; a stop, a window in front, or notifications turned
// off send nothing; and the freedesktop call reaches a notification service on the
// session bus (a stand-in registered here, when the test has a bus).
#include "ui/run/breakpoint_report.h"
#include "ui/shell/desktop_notifier.h"

#include <QCoreApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QVariantMap>

using namespace trainscope;
using namespace trainscope::ui;

// org.freedesktop.Notifications as a desktop would offer it: records what it was asked.
class StandInNotifications : public QObject {
  Q_OBJECT
  Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
 public:
  QStringList summaries, bodies;

 public slots:
  uint Notify(const QString&, uint, const QString&, const QString& summary, const QString& body, const QStringList&,
              const QVariantMap&, int) {
    summaries << summary, bodies << body;
    return static_cast<uint>(summaries.size());
  }
};

class NotifierTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("trainscope-notifier-test");
    QSettings().clear();
  }

  void aRunEndingBehindTheWindowsIsSaid() {
    QWidget window;  // never shown: not in front
    DesktopNotifier notifier(&window);
    QStringList sent;
    notifier.setSender([&](const QString& summary, const QString& body) {
      sent << summary + " | " + body;
      return true;
    });
    notifier.runStateChanged(RunState::Running, {}, "/runs/lenet-1");
    notifier.runStateChanged(RunState::Stopped, "stopped by the user", "/runs/lenet-1");
    QVERIFY2(sent.isEmpty(), qPrintable(sent.join("; ")));
    notifier.runStateChanged(RunState::Finished, "reached training.max_steps (15)", "/runs/lenet-1");
    notifier.runStateChanged(RunState::Failed, "out of memory", "/runs/lenet-2");
    notifier.guardTripped("/runs/lenet-3", "the loss is NaN at step 7");
    notifier.breakpointHit("/runs/lenet-5", BreakpointReport::text({412, 2, "loss_spike", "", 2.31, 0.55, 3}));
    QCOMPARE(sent, (QStringList{"Run finished: lenet-1 | reached training.max_steps (15)",
                                "Run failed: lenet-2 | out of memory",
                                "NaN guard tripped: lenet-3 | the loss is NaN at step 7",
                                "Breakpoint: lenet-5 is paused | At step 412 the loss (2.3100) rose to 4.2 times its "
                                "running mean (0.5500); the limit is 3.0."}));
    DesktopNotifier::setEnabled(false);
    notifier.runStateChanged(RunState::Finished, {}, "/runs/lenet-4");
    DesktopNotifier::setEnabled(true);
    QCOMPARE(sent.size(), 4);
  }

  void aWindowInFrontIsNotInterrupted() {
    QWidget window;
    window.show();
    window.activateWindow();
    if (!QTest::qWaitForWindowActive(&window)) QSKIP("this platform does not activate windows");
    DesktopNotifier notifier(&window);
    int sent = 0;
    notifier.setSender([&](const QString&, const QString&) { return ++sent, true; });
    notifier.runStateChanged(RunState::Finished, {}, "/runs/lenet-1");
    QCOMPARE(sent, 0);
    window.showMinimized();
    QTRY_VERIFY(window.isMinimized() || !window.isActiveWindow());
    notifier.runStateChanged(RunState::Finished, {}, "/runs/lenet-1");
    QCOMPARE(sent, 1);
  }

  void theFreedesktopCallReachesTheService() {
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected()) {
      QVERIFY(!sendFreedesktopNotification("summary", "body"));  // no bus: false, no crash
      QSKIP("no session bus (run under dbus-run-session for the service's half)");
    }
    // A private bus with no notification service, running or startable: nothing to send to.
    if (!bus.interface()->isServiceRegistered("org.freedesktop.Notifications").value() &&
        !bus.interface()->activatableServiceNames().value().contains("org.freedesktop.Notifications"))
      QVERIFY(!sendFreedesktopNotification("summary", "body"));
    StandInNotifications service;
    QVERIFY(bus.registerObject("/org/freedesktop/Notifications", &service, QDBusConnection::ExportAllSlots));
    if (!bus.registerService("org.freedesktop.Notifications")) QSKIP("another notification service owns the name");
    QVERIFY(sendFreedesktopNotification("Run finished: lenet-1", "reached training.max_steps (15)"));
    // Sent without waiting for the reply: it arrives through the event loop.
    QTRY_COMPARE(service.summaries, QStringList{"Run finished: lenet-1"});
    QCOMPARE(service.bodies, QStringList{"reached training.max_steps (15)"});
    bus.unregisterService("org.freedesktop.Notifications");
  }
};

QTEST_MAIN(NotifierTest)
#include "notifier_test.moc"
