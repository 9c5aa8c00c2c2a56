#!/usr/bin/python3
"""A minimal org.freedesktop.Notifications server for tests, on the bus in DBUS_SESSION_BUS_ADDRESS.

Usage: notification_server.py LOG CONTROL_DIR

Every Notify and CloseNotification call is appended to LOG as one JSON object per line (with the
wall-clock time it arrived). A file CONTROL_DIR/invoke-* containing "ID KEY" makes the server emit
ActionInvoked(ID, KEY), as a desktop does when the user clicks an action; the file is then removed.
Signature and semantics: https://specifications.freedesktop.org/notification-spec/latest/
"""
import json
import os
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

IFACE = "org.freedesktop.Notifications"
log_path, control_dir = sys.argv[1], sys.argv[2]


def record(event):
    event["time"] = time.time()
    with open(log_path, "a", encoding="utf-8") as f:
        f.write(json.dumps(event, ensure_ascii=False) + "\n")
        f.flush()


def plain(value):
    if isinstance(value, (dbus.Byte, dbus.UInt32, dbus.Int32, dbus.Boolean)):
        return int(value)
    return str(value)


class Server(dbus.service.Object):
    def __init__(self, bus):
        self.bus_name = dbus.service.BusName(IFACE, bus, do_not_queue=True)
        super().__init__(self.bus_name, "/org/freedesktop/Notifications")
        self.next_id = 1

    @dbus.service.method(IFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        # NOTIFY_TEST_CAPS (comma-separated) lets a test play a server with body-markup.
        return os.environ.get("NOTIFY_TEST_CAPS", "actions,body").split(",")

    @dbus.service.method(IFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("tasktile-test-server", "tasktile", "1.0", "1.2")

    @dbus.service.method(IFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        nid = self.next_id
        self.next_id += 1
        record({"event": "notify", "id": nid, "app": str(app), "replaces": int(replaces), "icon": str(icon),
                "summary": str(summary), "body": str(body), "actions": [str(a) for a in actions],
                "hints": {str(k): plain(v) for k, v in hints.items()}, "timeout": int(timeout)})
        return dbus.UInt32(nid)

    @dbus.service.method(IFACE, in_signature="u", out_signature="")
    def CloseNotification(self, nid):
        record({"event": "close", "id": int(nid)})
        self.NotificationClosed(nid, dbus.UInt32(3))

    @dbus.service.signal(IFACE, signature="us")
    def ActionInvoked(self, nid, key):
        pass

    @dbus.service.signal(IFACE, signature="uu")
    def NotificationClosed(self, nid, reason):
        pass


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    server = Server(dbus.SessionBus())

    def poll():
        for name in sorted(os.listdir(control_dir)):
            if not name.startswith("invoke-"):
                continue
            path = os.path.join(control_dir, name)
            with open(path, encoding="utf-8") as f:
                nid, key = f.read().split()
            os.remove(path)
            record({"event": "invoke", "id": int(nid), "key": key})
            server.ActionInvoked(dbus.UInt32(int(nid)), key)
        return True

    GLib.timeout_add(50, poll)
    record({"event": "ready"})
    GLib.MainLoop().run()


main()
