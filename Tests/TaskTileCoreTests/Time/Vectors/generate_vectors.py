#!/usr/bin/env python3
"""Differential test vectors for tasktile's recurrence engine, computed by python-dateutil.

Regenerate (from the repository root) with Debian's python3-dateutil:

    /usr/bin/python3 Tests/TaskTileCoreTests/Time/Vectors/generate_vectors.py

It writes recurrence-vectors.json beside this file. The output depends only on the seed below,
dateutil's rrule and the system's tz database (/usr/share/zoneinfo, read through zoneinfo), so a
regeneration on the same tzdata is byte-identical.

How our semantics (docs/cycles.md "Computing cycles") are put to dateutil, which implements RFC 5545 §3.3.10:
- Month ends clamp where the RFC drops invalid dates; the anchor day is expressed in the RRULE
  forms from docs/cycles.md "iCalendar forms": monthly day 31 -> BYMONTHDAY=-1; 30 -> BYMONTHDAY=28,29,30;BYSETPOS=-1;
  29 -> BYMONTHDAY=28,29;BYSETPOS=-1; yearly Feb 29 -> BYMONTH=2;BYMONTHDAY=-1.
- Weekly: DTSTART is occurrence 0, the first selected weekday on or after the anchor (WKST=MO), so
  RFC week counting from DTSTART equals ours. An empty weekday set means the anchor's weekday.
- `until` covers the whole calendar day: UNTIL is that day at 23:59:59 (naive local wall-clock).
- Expansion happens on naive local wall-clock times (dateutil does no zone arithmetic); each result
  is then resolved in each zone with zoneinfo and fold=0, which (PEP 495) uses the offset before a
  spring-forward gap (02:30 -> 03:30) and the first instant of an autumn overlap, as ZonedClock does.
- A date-only anchor gives dates; its instant is the deadline, the start of the next local day.
- Monthly and yearly on the Nth weekday (BYDAY=3TH, -1FR; yearly with BYMONTH = the anchor's month): a
  second batch of NTH_RULES vectors from its own seed, appended after the first so the first stays
  byte-identical. DTSTART is occurrence 0, the first such day on or after the anchor (months searched one
  by one for monthly, year by year for yearly), since we count every-N months from occurrence 0's month
  where the RFC counts from DTSTART's. A month without a 5th weekday has no instance in both.
- Skip versus clamp (a third batch, SKIP_RULES rules from SKIP_SEED, each written twice): monthly rules from the
  29th-31st and yearly ones from Feb 29. The "skipShortMonths" vector is the RFC meaning a rule imported from another
  app keeps: the plain RRULE (FREQ=MONTHLY, FREQ=YEARLY), which dateutil expands by dropping the months (common years)
  without the day. Its twin without the key is tasktile's clamping, in the month-end forms above.
- UNTIL as an instant (a fourth batch, UNTIL_RULES rules from UNTIL_SEED): timed rules whose "untilTime" is an RFC
  5545 UNTIL moment near one occurrence (before it on its day, exactly at it, or after it): UTC ("...Z", dateutil
  compares it with the zone-aware occurrences as instants) or floating (compared with the naive wall-clock times).
  A UTC UNTIL gives each zone its own series, so these vectors carry the one "zone" they were expanded in.
"""

import json
import os
import random
import sys
from datetime import date, datetime, time, timedelta, timezone
from itertools import islice
from zoneinfo import ZoneInfo

from dateutil import rrule as du

SEED = 20270131
RULES = 2000
NTH_SEED = 20271125
NTH_RULES = 600
SKIP_SEED = 20270331
SKIP_RULES = 200
UNTIL_SEED = 20270329
UNTIL_RULES = 240
OCCURRENCES = 12
ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Tokyo"]
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]  # ISO order, our raw values
DU_WEEKDAYS = [du.MO, du.TU, du.WE, du.TH, du.FR, du.SA, du.SU]
FREQS = {"daily": du.DAILY, "weekly": du.WEEKLY, "monthly": du.MONTHLY, "yearly": du.YEARLY}
HERE = os.path.dirname(os.path.abspath(__file__))


def nth_sunday(year, month, n):
    """The n-th Sunday of a month (n = -1: the last)."""
    if n > 0:
        d = date(year, month, 1)
        d += timedelta(days=(6 - d.weekday()) % 7)
        return d + timedelta(weeks=n - 1)
    d = date(year, month + 1, 1) - timedelta(days=1) if month < 12 else date(year, 12, 31)
    return d - timedelta(days=(d.weekday() - 6) % 7)


def transition_days(year):
    """DST change days of the test zones (current rules)."""
    return [
        nth_sunday(year, 3, -1), nth_sunday(year, 10, -1),  # Europe/Berlin
        nth_sunday(year, 3, 2), nth_sunday(year, 11, 1),    # America/New_York
        nth_sunday(year, 4, 1), nth_sunday(year, 10, 1),    # Australia/Lord_Howe (30-minute change:
        nth_sunday(year, 4, 1), nth_sunday(year, 10, 1),    # listed twice to be drawn more often)
    ]


def random_anchor_date(rng):
    kind = rng.random()
    year = rng.randint(2000, 2035)
    if kind < 0.12:  # Feb 29
        year = rng.choice([y for y in range(2000, 2036) if y % 4 == 0])
        return date(year, 2, 29)
    if kind < 0.50:  # the 29th-31st
        while True:
            month, day = rng.randint(1, 12), rng.choice([29, 30, 31, 31])
            try:
                return date(year, month, day)
            except ValueError:
                continue
    if kind < 0.80:  # a few days before a DST change in one of the zones
        return rng.choice(transition_days(year)) - timedelta(days=rng.randint(0, 8))
    return date(year, 1, 1) + timedelta(days=rng.randint(0, 364))


def random_time(rng):
    """Mostly times inside some zone's gap or overlap: Berlin 02:00-03:00 both ways, New York gap
    02:00-03:00 and overlap 01:00-02:00, Lord Howe gap 02:00-02:30 and overlap 01:30-02:00."""
    kind = rng.random()
    if kind < 0.10:
        return None  # date-only
    if kind < 0.35:
        return time(2, 30)
    if kind < 0.50:
        return time(2, 15)  # in all three gaps
    if kind < 0.60:
        return time(1, 45)  # in the New York and Lord Howe overlaps
    if kind < 0.67:
        return time(rng.choice([1, 2]), rng.choice([0, 30, 59]))
    if kind < 0.72:
        return time(0, 0)
    if kind < 0.77:
        return time(23, 59, 59)
    return time(rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))


def random_interval(rng, freq):
    kind = rng.random()
    if kind < 0.45:
        return 1
    if kind < 0.80:
        return rng.randint(2, 4)
    big = {"daily": 999, "weekly": 150, "monthly": 60, "yearly": 30}[freq]
    return rng.randint(5, big)


def random_rule(rng, anchor):
    freq = rng.choices(["daily", "weekly", "monthly", "yearly"], [30, 30, 27, 13])[0]
    interval = random_interval(rng, freq)
    weekdays = []
    if freq == "weekly":
        r = rng.random()
        if r < 0.10:
            weekdays = []
        elif r < 0.15:
            weekdays = list(WEEKDAYS)
        else:
            weekdays = rng.sample(WEEKDAYS, rng.randint(1, 4))
            if rng.random() < 0.4 and "sun" not in weekdays:
                weekdays.append("sun")  # every DST change in these zones is on a Sunday
            weekdays = sorted(weekdays, key=WEEKDAYS.index)
    end = {}
    r = rng.random()
    if r < 0.15:
        end = {"count": rng.randint(1, 15)}
    elif r < 0.30:
        nominal = {"daily": 1, "weekly": 7, "monthly": 30, "yearly": 365}[freq] * interval
        end = {"until": (anchor + timedelta(days=rng.randint(0, nominal * 10))).isoformat()}
    return freq, interval, weekdays, end


def rule_forms(anchor_dt, freq, interval, weekdays):
    """(dtstart, RRULE parts, rrule keyword arguments) expressing our semantics for dateutil, without an end."""
    parts = [f"FREQ={freq.upper()}"]
    if interval != 1:
        parts.append(f"INTERVAL={interval}")
    kwargs = {"interval": interval, "wkst": du.MO}
    dtstart = anchor_dt
    day = anchor_dt.day
    if freq == "weekly":
        selected = weekdays or [WEEKDAYS[anchor_dt.weekday()]]
        indexes = [WEEKDAYS.index(w) for w in selected]
        while dtstart.weekday() not in indexes:  # occurrence 0: first selected day on/after the anchor
            dtstart += timedelta(days=1)
        kwargs["byweekday"] = [DU_WEEKDAYS[i] for i in indexes]
        parts.append("BYDAY=" + ",".join(w[:2].upper() for w in selected))
        parts.append("WKST=MO")
    elif freq == "monthly" and day >= 29:
        if day == 31:
            kwargs["bymonthday"] = [-1]
            parts.append("BYMONTHDAY=-1")
        else:
            days = list(range(28, day + 1))
            kwargs["bymonthday"] = days
            kwargs["bysetpos"] = [-1]
            parts.append("BYMONTHDAY=" + ",".join(map(str, days)) + ";BYSETPOS=-1")
    elif freq == "yearly" and (anchor_dt.month, day) == (2, 29):
        kwargs["bymonth"] = [2]
        kwargs["bymonthday"] = [-1]
        parts.append("BYMONTH=2;BYMONTHDAY=-1")
    return dtstart, parts, kwargs


def dateutil_rule(anchor_dt, freq, interval, weekdays, end):
    """(dtstart, RRULE text, rrule object) expressing our semantics for dateutil."""
    dtstart, parts, kwargs = rule_forms(anchor_dt, freq, interval, weekdays)
    if "count" in end:
        kwargs["count"] = end["count"]
        parts.append(f"COUNT={end['count']}")
    if "until" in end:
        until = datetime.combine(date.fromisoformat(end["until"]), time(23, 59, 59))
        kwargs["until"] = until
        parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
    return dtstart, ";".join(parts), du.rrule(FREQS[freq], dtstart=dtstart, **kwargs)


def nth_weekday(year, month, ordinal, weekday):
    """The ordinal-th weekday (0 = Monday) of a month, counted from its end when ordinal < 0; None when absent."""
    first = date(year, month, 1)
    length = ((date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)) - first).days
    if ordinal > 0:
        day = 1 + (weekday - first.weekday()) % 7 + (ordinal - 1) * 7
    else:
        last = first + timedelta(days=length - 1)
        day = length - (last.weekday() - weekday) % 7 - (-ordinal - 1) * 7
    return date(year, month, day) if 1 <= day <= length else None


def random_nth_rule(rng):
    """(anchor date, freq, interval, ordinal, weekday index, end) for the Nth-weekday batch."""
    freq = rng.choices(["monthly", "yearly"], [75, 25])[0]
    ordinal = rng.choices([1, 2, 3, 4, 5, -1, -2, -4, -5], [12, 10, 14, 12, 16, 20, 6, 4, 6])[0]
    weekday = 6 if rng.random() < 0.35 else rng.randint(0, 6)  # Sundays: every DST change in these zones
    year = rng.randint(2000, 2035)
    if rng.random() < 0.4:
        anchor = rng.choice(transition_days(year)) - timedelta(days=rng.randint(0, 40))
    elif rng.random() < 0.3:
        anchor = date(year, 2, rng.randint(1, 29 if year % 4 == 0 else 28))  # leap and common Februaries
    else:
        anchor = date(year, 1, 1) + timedelta(days=rng.randint(0, 364))
    kind = rng.random()
    interval = 1 if kind < 0.55 else rng.randint(2, 4) if kind < 0.85 else rng.randint(5, 40 if freq == "monthly" else 12)
    end = {}
    r = rng.random()
    if r < 0.15:
        end = {"count": rng.randint(1, 15)}
    elif r < 0.30:
        nominal = {"monthly": 30, "yearly": 365}[freq] * interval
        end = {"until": (anchor + timedelta(days=rng.randint(0, nominal * 10))).isoformat()}
    return anchor, freq, interval, ordinal, weekday, end


def dateutil_nth_rule(anchor_dt, freq, interval, ordinal, weekday, end):
    """(dtstart, RRULE text, rrule object) for the Nth-weekday semantics."""
    step = 1 if freq == "monthly" else 12
    y, m = anchor_dt.year, anchor_dt.month
    while True:  # occurrence 0: the first such day on or after the anchor date
        d = nth_weekday(y, m, ordinal, weekday)
        if d is not None and d >= anchor_dt.date():
            break
        m += step
        y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
    dtstart = datetime.combine(d, anchor_dt.time())
    parts = [f"FREQ={freq.upper()}"]
    if interval != 1:
        parts.append(f"INTERVAL={interval}")
    kwargs = {"interval": interval, "byweekday": [DU_WEEKDAYS[weekday](ordinal)]}
    if freq == "yearly":
        kwargs["bymonth"] = [dtstart.month]
        parts.append(f"BYMONTH={dtstart.month}")
    parts.append(f"BYDAY={ordinal}{WEEKDAYS[weekday][:2].upper()}")
    if "count" in end:
        kwargs["count"] = end["count"]
        parts.append(f"COUNT={end['count']}")
    if "until" in end:
        until = datetime.combine(date.fromisoformat(end["until"]), time(23, 59, 59))
        kwargs["until"] = until
        parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
    return dtstart, ";".join(parts), du.rrule(FREQS[freq], dtstart=dtstart, **kwargs)


def random_skip_rule(rng):
    """(anchor date, freq, interval, end) for the skip-versus-clamp batch: monthly from the 29th-31st, yearly from Feb 29."""
    if rng.random() < 0.7:
        freq = "monthly"
        while True:
            year, month, day = rng.randint(2000, 2035), rng.randint(1, 12), rng.choice([29, 30, 31, 31])
            try:
                anchor = date(year, month, day)
                break
            except ValueError:
                continue
        kind = rng.random()
        interval = 1 if kind < 0.5 else rng.randint(2, 6) if kind < 0.85 else rng.randint(7, 40)
    else:
        freq = "yearly"
        anchor = date(rng.choice([y for y in range(2000, 2036) if y % 4 == 0]), 2, 29)
        kind = rng.random()
        interval = 1 if kind < 0.5 else rng.randint(2, 8) if kind < 0.85 else rng.randint(9, 30)
    end = {}
    r = rng.random()
    if r < 0.2:
        end = {"count": rng.randint(1, 15)}
    elif r < 0.4:
        nominal = {"monthly": 30, "yearly": 365}[freq] * interval
        end = {"until": (anchor + timedelta(days=rng.randint(0, nominal * 12))).isoformat()}
    return anchor, freq, interval, end


def dateutil_skip_rule(anchor_dt, freq, interval, end):
    """(dtstart, RRULE text, rrule object) for the RFC meaning: the plain rule from DTSTART = the anchor."""
    parts = [f"FREQ={freq.upper()}"]
    if interval != 1:
        parts.append(f"INTERVAL={interval}")
    kwargs = {"interval": interval}
    if "count" in end:
        kwargs["count"] = end["count"]
        parts.append(f"COUNT={end['count']}")
    if "until" in end:
        until = datetime.combine(date.fromisoformat(end["until"]), time(23, 59, 59))
        kwargs["until"] = until
        parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
    return anchor_dt, ";".join(parts), du.rrule(FREQS[freq], dtstart=anchor_dt, **kwargs)


def until_vector(rng):
    """A timed rule with an RFC 5545 UNTIL moment near one of its occurrences, expanded in one zone."""
    zone_id = rng.choice(ZONES)
    zone = ZoneInfo(zone_id)
    while True:
        anchor_date = random_anchor_date(rng)
        anchor_time = random_time(rng)
        if anchor_time is not None:
            break
    freq, interval, weekdays, _ = random_rule(rng, anchor_date)
    anchor_dt = datetime.combine(anchor_date, anchor_time)
    dtstart, parts, kwargs = rule_forms(anchor_dt, freq, interval, weekdays)
    unbounded = list(islice(iter(du.rrule(FREQS[freq], dtstart=dtstart, **kwargs)), OCCURRENCES))
    target = unbounded[rng.randint(0, len(unbounded) - 1)]
    # Before the occurrence on its own day (the case that must lose that day), exactly at it (inclusive), or after.
    shift = rng.choice([0, -1, 1, -rng.randint(60, 6 * 3600), -rng.randint(60, 6 * 3600), rng.randint(60, 6 * 3600)])
    if rng.random() < 0.75:
        until = datetime.fromtimestamp(instant(target, zone_id) + shift, tz=timezone.utc)
        until_text = until.strftime("%Y-%m-%dT%H:%M:%S") + "Z"
        parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%SZ"))
        # An aware DTSTART: dateutil compares each occurrence with the UTC UNTIL as an instant.
        rule = du.rrule(FREQS[freq], dtstart=dtstart.replace(tzinfo=zone), until=until, **kwargs)
        results = [r.replace(tzinfo=None) for r in islice(iter(rule), OCCURRENCES)]
    else:
        until = target + timedelta(seconds=shift)
        until_text = until.strftime("%Y-%m-%dT%H:%M:%S")
        parts.append("UNTIL=" + until.strftime("%Y%m%dT%H%M%S"))
        rule = du.rrule(FREQS[freq], dtstart=dtstart, until=until, **kwargs)
        results = list(islice(iter(rule), OCCURRENCES))
    return {"anchor": anchor_dt.isoformat(), "freq": freq, "interval": interval, "weekdays": weekdays,
            "rrule": ";".join(parts), "dtstart": dtstart.isoformat(), "zone": zone_id, "untilTime": until_text,
            "local": [r.isoformat() for r in results], "utc": {zone_id: [instant(r, zone_id) for r in results]}}


def instant(naive, zone_id):
    """Epoch seconds of a naive wall-clock in a zone: gap -> offset before it, overlap -> first."""
    return int(naive.replace(tzinfo=ZoneInfo(zone_id), fold=0).timestamp())


def tzdata_version():
    try:
        with open("/usr/share/zoneinfo/tzdata.zi") as f:
            return f.readline().strip().removeprefix("# version ")
    except OSError:
        return "unknown"


def main():
    rng = random.Random(SEED)
    vectors = []
    nth_rng = random.Random(NTH_SEED)
    for index in range(RULES + NTH_RULES):
        nth = None
        if index < RULES:
            anchor_date = random_anchor_date(rng)
            anchor_time = random_time(rng)
            freq, interval, weekdays, end = random_rule(rng, anchor_date)
        else:
            anchor_date, freq, interval, ordinal, weekday, end = random_nth_rule(nth_rng)
            anchor_time = time(9, 0) if nth_rng.random() < 0.3 else random_time(nth_rng)
            weekdays = []
            nth = {"nthOrdinal": ordinal, "nthWeekday": WEEKDAYS[weekday]}
        anchor_dt = datetime.combine(anchor_date, anchor_time or time(0, 0))
        if nth is None:
            dtstart, rrule_text, rule = dateutil_rule(anchor_dt, freq, interval, weekdays, end)
        else:
            dtstart, rrule_text, rule = dateutil_nth_rule(anchor_dt, freq, interval, ordinal, weekday, end)
        results = list(islice(iter(rule), OCCURRENCES))
        if anchor_time is None:
            local = [r.date().isoformat() for r in results]
            # Deadline of a date-only due: the start of the next day in the user's zone.
            utc = {z: [instant(datetime.combine(r.date() + timedelta(days=1), time(0, 0)), z) for r in results]
                   for z in ZONES}
            anchor_text = anchor_date.isoformat()
        else:
            local = [r.isoformat() for r in results]
            utc = {z: [instant(r, z) for r in results] for z in ZONES}
            anchor_text = anchor_dt.isoformat()
        vector = {"anchor": anchor_text, "freq": freq, "interval": interval, "weekdays": weekdays,
                  "rrule": rrule_text, "dtstart": dtstart.isoformat(), "local": local, "utc": utc}
        vector.update(end)
        if nth is not None:
            vector.update(nth)
        vectors.append(vector)

    skip_rng = random.Random(SKIP_SEED)
    for _ in range(SKIP_RULES):
        anchor_date, freq, interval, end = random_skip_rule(skip_rng)
        anchor_time = random_time(skip_rng)
        anchor_dt = datetime.combine(anchor_date, anchor_time or time(0, 0))
        for skip in (True, False):
            if skip:
                dtstart, rrule_text, rule = dateutil_skip_rule(anchor_dt, freq, interval, end)
            else:
                dtstart, rrule_text, rule = dateutil_rule(anchor_dt, freq, interval, [], end)
            results = list(islice(iter(rule), OCCURRENCES))
            if anchor_time is None:
                local = [r.date().isoformat() for r in results]
                utc = {z: [instant(datetime.combine(r.date() + timedelta(days=1), time(0, 0)), z) for r in results]
                       for z in ZONES}
                anchor_text = anchor_date.isoformat()
            else:
                local = [r.isoformat() for r in results]
                utc = {z: [instant(r, z) for r in results] for z in ZONES}
                anchor_text = anchor_dt.isoformat()
            vector = {"anchor": anchor_text, "freq": freq, "interval": interval, "weekdays": [],
                      "rrule": rrule_text, "dtstart": dtstart.isoformat(), "local": local, "utc": utc}
            vector.update(end)
            if skip:
                vector["skipShortMonths"] = True
            vectors.append(vector)

    until_rng = random.Random(UNTIL_SEED)
    for _ in range(UNTIL_RULES):
        vectors.append(until_vector(until_rng))

    out_path = os.path.join(HERE, "recurrence-vectors.json")
    with open(out_path, "w") as out:
        header = {"seed": SEED, "occurrences": OCCURRENCES, "zones": ZONES, "tzdata": tzdata_version(),
                  "generator": "Tests/TaskTileCoreTests/Time/Vectors/generate_vectors.py"}
        out.write("{\n" + ",\n".join(f'"{k}": {json.dumps(v)}' for k, v in header.items()))
        out.write(',\n"vectors": [\n')
        out.write(",\n".join(json.dumps(v, separators=(",", ":")) for v in vectors))
        out.write("\n]}\n")
    print(f"wrote {len(vectors)} rules x {len(ZONES)} zones to {os.path.relpath(out_path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
