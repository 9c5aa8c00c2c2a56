#!/usr/bin/python3
"""The second CalDAV client of the sync tests (python3-caldav, Debian 12).

    caldav_client.py URL USER PASSWORD list                 -> JSON [{calendar, href, uid, data}]
    caldav_client.py URL USER PASSWORD put CALENDAR FILE    -> stores FILE's VCALENDAR (a VTODO or a VEVENT) in CALENDAR (by name)
    caldav_client.py URL USER PASSWORD set UID PROP VALUE   -> replaces PROP's line(s) in the VTODO with PROP:VALUE
                                                               (VALUE may carry parameters: ';VALUE=DATE:20270110')
    caldav_client.py URL USER PASSWORD replace UID FILE     -> the item's text becomes FILE's (same href)
    caldav_client.py URL USER PASSWORD delete UID
    caldav_client.py URL USER PASSWORD mkcal NAME [ID]      -> a calendar for VTODOs (ID: its last path segment)
    caldav_client.py URL USER PASSWORD mkmixed NAME         -> a calendar for VEVENTs and VTODOs
    caldav_client.py URL USER PASSWORD fill CALENDAR COUNT  -> COUNT todos "item 0" … in CALENDAR (by name), UIDs item-0 …

Edits work on the raw text so that every other line stays exactly as it was.
"""
import json
import re
import sys

import caldav


def todos(principal):
    for cal in principal.calendars():
        for t in cal.todos(include_completed=True):
            uid = re.search(r"^UID:(.*?)\r?$", t.data, re.M).group(1)
            yield cal, t, uid


def find(principal, uid):
    for cal, t, u in todos(principal):
        if u == uid:
            return t
    sys.exit(f"no todo with UID {uid}")


def main():
    url, user, password, command, *args = sys.argv[1:]
    client = caldav.DAVClient(url, username=user, password=password)
    principal = client.principal()
    if command == "list":
        out = [{"calendar": cal.name, "href": str(t.url), "uid": uid, "data": t.data} for cal, t, uid in todos(principal)]
        print(json.dumps(out))
    elif command == "put":
        name, path = args
        cal = next(c for c in principal.calendars() if c.name == name)
        text = open(path, encoding="utf-8").read()
        (cal.save_event if "BEGIN:VEVENT" in text else cal.save_todo)(text)
    elif command == "set":
        uid, prop, value = args
        t = find(principal, uid)
        line = prop + (value if value[:1] in ";:" else ":" + value)
        data = t.data.replace("\r\n", "\n")
        # Only inside the VTODO (a VTIMEZONE the server added has DTSTART lines of its own).
        start, end = data.index("BEGIN:VTODO\n"), data.index("END:VTODO")
        todo = data[start:end]
        pattern = re.compile(r"^" + re.escape(prop) + r"[;:].*(?:\n[ \t].*)*\n", re.M)
        if pattern.search(todo):
            todo = pattern.sub(lambda m, done=[False]: "" if done[0] else (done.__setitem__(0, True) or line + "\n"), todo)
        else:
            todo = todo + line + "\n"
        t.data = (data[:start] + todo + data[end:]).replace("\n", "\r\n")
        t.save()
    elif command == "replace":
        uid, path = args
        t = find(principal, uid)
        t.data = open(path, encoding="utf-8").read()
        t.save()
    elif command == "delete":
        find(principal, args[0]).delete()
    elif command == "mkcal":
        principal.make_calendar(name=args[0], cal_id=args[1] if len(args) > 1 else None,
                                supported_calendar_component_set=["VTODO"])
    elif command == "mkmixed":
        principal.make_calendar(name=args[0], supported_calendar_component_set=["VEVENT", "VTODO"])
    elif command == "fill":
        name, count = args
        cal = next(c for c in principal.calendars() if c.name == name)
        for i in range(int(count)):
            cal.save_todo("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//python3-caldav//EN\r\nBEGIN:VTODO\r\n"
                          f"UID:item-{i}\r\nDTSTAMP:20270101T000000Z\r\nSUMMARY:item {i}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
