// Desktop notifications for what happens to a run while the window is not in front:
// it finished, failed, or its NaN guard tripped. Sent to the freedesktop notification
// service (org.freedesktop.Notifications on the session bus, which GNOME, KDE and
// most desktops run) through Qt D-Bus, or as the system tray's message where no such
// service runs; nowhere to send is no error. View > Desktop notifications turns them off.
#pragma once

#include "engine/run/events.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QWidget>

#include <functional>

namespace trainscope::ui {

class DesktopNotifier : public QObject {
  Q_OBJECT
 public:
  // Delivers one notification; false when nothing could show it.
  using Sender = std::function<bool(const QString& summary, const QString& body)>;

  explicit DesktopNotifier(QWidget* window);
  void setSender(Sender sender) { send_ = std::move(sender); }  // tests: a stand-in for the desktop

  // The user's choice, kept in the settings; on unless turned off.
  static bool enabled();
  static void setEnabled(bool on);

  // A run's new state (only a finish or a failure notifies: a stop is the user's own).
  void runStateChanged(RunState state, const QString& reason, const QString& runDir);
  void guardTripped(const QString& runDir, const QString& what);
  void breakpointHit(const QString& runDir, const QString& what);  // the run waits, paused
  // Sent when enabled and the window is not in front (a queue's end, for example).
  void notify(const QString& summary, const QString& body);

 private:
  bool windowInFront() const;

  QPointer<QWidget> window_;
  Sender send_;
};

// org.freedesktop.Notifications' Notify on the session bus; false without the service.
bool sendFreedesktopNotification(const QString& summary, const QString& body);

}  // namespace trainscope::ui
