#!/usr/bin/python3
"""Prints mako's notifications (fr.emersion.Mako.ListNotifications) as one JSON array, or invokes
an action: mako_list.py [invoke ID ACTION]. Talks to the bus in DBUS_SESSION_BUS_ADDRESS; it is
what `makoctl list` / `makoctl invoke` do, without needing jq."""
import json
import sys

import dbus

mako = dbus.Interface(dbus.SessionBus().get_object("org.freedesktop.Notifications", "/fr/emersion/Mako"), "fr.emersion.Mako")
if len(sys.argv) > 1 and sys.argv[1] == "invoke":
    mako.InvokeAction(dbus.UInt32(int(sys.argv[2])), sys.argv[3])
else:
    def plain(v):
        if isinstance(v, (dbus.Byte, dbus.UInt32, dbus.Int32, dbus.Boolean)):
            return int(v)
        if isinstance(v, dbus.Dictionary):
            return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, dbus.Array):
            return [plain(x) for x in v]
        return str(v)
    print(json.dumps([plain(n) for n in mako.ListNotifications()], ensure_ascii=False))
