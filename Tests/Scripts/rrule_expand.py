#!/usr/bin/python3
"""Independent oracle for tasktile's iCalendar export (docs/cycles.md "iCalendar forms"): expands each VTODO's
DTSTART + RRULE with python-dateutil and prints, per VTODO, the UID and the first N instances as
wall-clock text (YYYY-MM-DD for DATE values, YYYY-MM-DDTHH:MM:SS otherwise), tab-separated.

Usage: rrule_expand.py FILE.ics N    Exit 3 when python-dateutil is missing.
"""
import sys
from datetime import datetime, timezone
try:
    from dateutil.rrule import rrulestr
except ImportError:
    sys.stderr.write("python3-dateutil is not installed\n")
    sys.exit(3)
from zoneinfo import ZoneInfo


def unfold(data):
    lines = []
    for raw in data.split(b"\n"):
        raw = raw.rstrip(b"\r")
        if raw[:1] in (b" ", b"\t") and lines:
            lines[-1] += raw[1:]
        elif raw:
            lines.append(raw)
    return [l.decode("utf-8") for l in lines]


def parse_value(prop):
    """(datetime, is_date, tzinfo) for a DTSTART content line."""
    head, value = prop.split(":", 1)
    params = dict(p.split("=", 1) for p in head.split(";")[1:])
    if params.get("VALUE") == "DATE" or len(value) == 8:
        return datetime.strptime(value, "%Y%m%d"), True, None
    if value.endswith("Z"):
        return datetime.strptime(value[:-1], "%Y%m%dT%H%M%S").replace(tzinfo=timezone.utc), False, timezone.utc
    tz = ZoneInfo(params["TZID"]) if "TZID" in params else None
    return datetime.strptime(value, "%Y%m%dT%H%M%S").replace(tzinfo=tz), False, tz


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    todo = None
    for line in unfold(open(path, "rb").read()):
        if line == "BEGIN:VTODO":
            todo = {}
        elif line == "END:VTODO":
            if todo and "RRULE" in todo and "DTSTART" in todo:
                start, is_date, tz = parse_value(todo["DTSTART"])
                rule = todo["RRULE"]
                if is_date:
                    # A DATE UNTIL compares with midnight DTSTARTs: inclusive of that day.
                    pass
                r = rrulestr(rule, dtstart=start)
                out = []
                for i, d in enumerate(r):
                    if i >= count:
                        break
                    out.append(d.strftime("%Y-%m-%d") if is_date else d.strftime("%Y-%m-%dT%H:%M:%S"))
                print(todo["UID"] + "\t" + " ".join(out))
            todo = None
        elif todo is not None:
            name = line.split(":", 1)[0].split(";", 1)[0]
            todo[name] = line if name == "DTSTART" else line.split(":", 1)[1]


if __name__ == "__main__":
    main()
