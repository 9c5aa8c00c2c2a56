#!/usr/bin/python3
"""Another client on the bus in DBUS_SESSION_BUS_ADDRESS that forges notification signals.

Usage: forge_signal.py ID KEY [UNIQUE_NAME …]

Emits, from its own unique name (not the owner of org.freedesktop.Notifications), the signals a
notification server sends when the user acts: ActionInvoked(ID, KEY) and NotificationClosed(ID, 2)
on /org/freedesktop/Notifications, broadcast, then ActionInvoked(ID, KEY) addressed to each
UNIQUE_NAME. Prints its unique name, flushes and exits. A client must ignore all of them: only the
name that owns the service speaks for it (https://specifications.freedesktop.org/notification-spec/latest/).
"""
import sys

import dbus
import dbus.lowlevel

IFACE = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


def signal(member, signature, *args, destination=None):
    message = dbus.lowlevel.SignalMessage(PATH, IFACE, member)
    message.append(*args, signature=signature)
    if destination:
        message.set_destination(destination)
    return message


def main():
    nid, key, targets = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    bus = dbus.SessionBus()
    bus.send_message(signal("ActionInvoked", "us", dbus.UInt32(nid), key))
    bus.send_message(signal("NotificationClosed", "uu", dbus.UInt32(nid), dbus.UInt32(2)))
    for name in targets:
        bus.send_message(signal("ActionInvoked", "us", dbus.UInt32(nid), key, destination=name))
    bus.flush()
    print(bus.get_unique_name())


main()
