#!/usr/bin/python3
"""Independent check of the VTIMEZONEs tasktile writes (RFC 5545 §3.2.19, §3.6.5), with python3-icalendar and
python3-recurring-ical-events.

Every TZID parameter must name a VTIMEZONE of the same object. Then each VTIMEZONE's TZID (an IANA name, which the
libraries would otherwise look up in their own tz database) is renamed to "Generated <name>" in the whole text, so
that only the VTIMEZONE's STANDARD/DAYLIGHT rules give the offsets. For each VTODO this prints its UID, its DUE in UTC
and, for a repeating one, the first N occurrences' starts in UTC as recurring-ical-events expands them, tab-separated;
and it compares them with the same text read with the real zone names (tzdata): any difference is an error.

Usage: vtimezone_check.py FILE.ics N    Exit 1 on a check that fails, 3 when a library is missing.
"""
import re
import sys
from datetime import datetime, timedelta, timezone

try:
    import icalendar
    import recurring_ical_events
except ImportError as e:
    sys.stderr.write("python3-icalendar and python3-recurring-ical-events are needed: %s\n" % e)
    sys.exit(3)


def unfold(text):
    return re.sub(r"\r?\n[ \t]", "", text)


def read(text, count):
    cal = icalendar.Calendar.from_ical(text)
    out = {}
    for todo in cal.walk("VTODO"):
        uid = str(todo["UID"])
        due = todo.decoded("DUE") if "DUE" in todo else None
        due_text = due.astimezone(timezone.utc).isoformat() if isinstance(due, datetime) and due.tzinfo else str(due)
        occurrences = []
        if "RRULE" in todo and isinstance(due, datetime) and due.tzinfo:
            one = icalendar.Calendar()
            for zone in cal.walk("VTIMEZONE"):
                one.add_component(zone)
            one.add_component(todo)
            start = todo.decoded("DTSTART")
            found = recurring_ical_events.of(one, components=["VTODO"]).between(
                start - timedelta(days=1), start + timedelta(days=400))
            starts = sorted(t.decoded("DTSTART").astimezone(timezone.utc) for t in found)
            occurrences = [s.isoformat() for s in starts[:count]]
        out[uid] = (due_text, occurrences)
    return out


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    text = unfold(open(path, encoding="utf-8").read())
    defined = set(re.findall(r"^TZID:(.*?)\r?$", text, re.M))
    used = {m.strip('"') for m in re.findall(r";TZID=(\"[^\"]*\"|[^;:]*)", text)}
    missing = used - defined
    if missing:
        sys.stderr.write("TZIDs without a VTIMEZONE: %s\n" % sorted(missing))
        return 1
    renamed = text
    for name in defined:
        renamed = renamed.replace("TZID:" + name + "\r", "TZID:Generated " + name + "\r")
        renamed = renamed.replace("TZID:" + name + "\n", "TZID:Generated " + name + "\n")
        renamed = renamed.replace("TZID=" + name + ":", "TZID=Generated " + name + ":")
        renamed = renamed.replace("X-LIC-LOCATION:" + name, "X-LIC-LOCATION:Generated " + name)
    generated = read(renamed, count)
    reference = read(text, count)
    status = 0
    for uid, (due, occurrences) in sorted(generated.items()):
        if reference[uid] != (due, occurrences):
            sys.stderr.write("%s: the VTIMEZONE gives %s %s, tzdata %s %s\n" % (uid, due, occurrences, *reference[uid]))
            status = 1
        print("%s\t%s\t%s" % (uid, due, " ".join(occurrences)))
    return status


sys.exit(main())
