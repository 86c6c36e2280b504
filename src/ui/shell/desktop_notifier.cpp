#include "ui/shell/desktop_notifier.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDir>
#include <QSettings>
#include <QSystemTrayIcon>
#include <QVariantMap>

namespace trainscope::ui {

namespace {

constexpr const char* kService = "org.freedesktop.Notifications";
constexpr const char* kSettingsKey = "desktopNotifications";

// The tray's message where no notification service runs (a bare window manager).
bool sendTrayMessage(const QString& summary, const QString& body) {
  if (!QSystemTrayIcon::isSystemTrayAvailable() || !QSystemTrayIcon::supportsMessages()) return false;
  static QSystemTrayIcon* tray = nullptr;
  if (!tray) {
    tray = new QSystemTrayIcon(QApplication::windowIcon(), qApp);
    tray->show();
  }
  tray->showMessage(summary, body);
  return true;
}

QString runName(const QString& runDir) { return QDir(runDir).dirName(); }

}  // namespace

bool sendFreedesktopNotification(const QString& summary, const QString& body) {
  QDBusConnection bus = QDBusConnection::sessionBus();
  if (!bus.isConnected() || !bus.interface()) return false;
  // Running, or started by D-Bus on the first call (mako, dunst, xfce4-notifyd).
  if (!bus.interface()->isServiceRegistered(kService).value() &&
      !bus.interface()->activatableServiceNames().value().contains(kService))
    return false;
  QDBusMessage call = QDBusMessage::createMethodCall(kService, "/org/freedesktop/Notifications", kService, "Notify");
  // app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout (-1: the server's)
  call << QStringLiteral("Trainscope") << 0u << QStringLiteral("trainscope") << summary << body << QStringList()
       << QVariantMap() << -1;
  return bus.send(call);  // asynchronous: the GUI never waits on the desktop
}

DesktopNotifier::DesktopNotifier(QWidget* window)
    : QObject(window), window_(window), send_([](const QString& summary, const QString& body) {
        return sendFreedesktopNotification(summary, body) || sendTrayMessage(summary, body);
      }) {}

bool DesktopNotifier::enabled() { return QSettings().value(kSettingsKey, true).toBool(); }

void DesktopNotifier::setEnabled(bool on) { QSettings().setValue(kSettingsKey, on); }

bool DesktopNotifier::windowInFront() const {
  return window_ && window_->isVisible() && !window_->isMinimized() && window_->isActiveWindow();
}

void DesktopNotifier::notify(const QString& summary, const QString& body) {
  if (!enabled() || windowInFront() || !send_) return;
  send_(summary, body);
}

void DesktopNotifier::runStateChanged(RunState state, const QString& reason, const QString& runDir) {
  if (state == RunState::Finished)
    notify(tr("Run finished: %1").arg(runName(runDir)),
           reason.isEmpty() ? tr("Its curves are on the Train page, its results on the Compare page.") : reason);
  else if (state == RunState::Failed)
    notify(tr("Run failed: %1").arg(runName(runDir)), reason);
}

void DesktopNotifier::guardTripped(const QString& runDir, const QString& what) {
  notify(tr("NaN guard tripped: %1").arg(runName(runDir)), what);
}

void DesktopNotifier::breakpointHit(const QString& runDir, const QString& what) {
  notify(tr("Breakpoint: %1 is paused").arg(runName(runDir)), what);
}

}  // namespace trainscope::ui
