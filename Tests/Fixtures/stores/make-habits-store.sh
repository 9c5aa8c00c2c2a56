#!/bin/sh
# Makes habits-before-date-only-windows.sqlite: a store written by a tasktile binary from before
# date-only cycles got their own overdue window (docs/cycles.md "Cycle semantics"), with habits,
# check-ins (plain `done` after a missed day, `done --on`, timed and date-only) and a challenge.
# StoreFixtureTests opens it with today's code and checks that every check-in stays on its day.
#
#   Tests/Fixtures/stores/make-habits-store.sh path/to/tasktile [out.sqlite]
#
# The binary used for the committed file: main at cbc51e7 (Dec 2026).
set -eu
bin=${1:?usage: make-habits-store.sh path/to/tasktile [out.sqlite]}
out=${2:-$(dirname "$0")/habits-before-date-only-windows.sqlite}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export TASKTILE_DATA_DIR="$dir" TZ=Europe/Berlin LANG=C.UTF-8
t() { at=$1; shift; TASKTILE_NOW="$at" "$bin" "$@" >/dev/null; }

t 2027-01-04T07:00 list add Habits
t 2027-01-04T07:00 add Stretch --list Habits --due 2027-01-04 --repeat daily
t 2027-01-04T07:00 add Run --list Habits --due 2027-01-04 --repeat weekly --on mon,wed,fri
t 2027-01-04T07:00 add Pill --list Habits --due "2027-01-04 08:00" --repeat daily
t 2027-01-04T07:00 add Rent --list Habits --due 2027-01-01 --repeat monthly
t 2027-01-04T07:00 challenge start January --days 30 --start 2027-01-04 --habit Read --habit Walk

# Stretch: Jan 4 on the day, Jan 5 missed, then plain `done` on Jan 6 in the morning and evening,
# Jan 7 missed, `done` on Jan 8, `done --on` Jan 9 on Jan 10.
t 2027-01-04T20:00 done Stretch --list Habits
t 2027-01-06T08:00 done Stretch --list Habits
t 2027-01-06T20:00 done Stretch --list Habits
t 2027-01-08T09:00 done Stretch --list Habits
t 2027-01-10T09:00 done Stretch --list Habits --on 2027-01-09
# Run (Mon/Wed/Fri): Mon on the day, Wed missed, `done` on Fri and on Sat.
t 2027-01-04T18:00 done Run --list Habits
t 2027-01-08T10:00 done Run --list Habits
t 2027-01-09T10:00 done Run --list Habits
# Pill (08:00 daily): on time twice, Jan 6 missed, `done` at 07:30 on Jan 7.
t 2027-01-04T08:05 done Pill --list Habits
t 2027-01-05T08:01 done Pill --list Habits
t 2027-01-07T07:30 done Pill --list Habits
# Rent: the January cycle (Jan 1), late.
t 2027-01-04T12:00 done Rent --list Habits
# The challenge: Read every evening Jan 4–10 but Jan 7; Walk by `done --on` and one undo.
for d in 04 05 06 08 09 10; do t 2027-01-${d}T21:00 done Read --list January; done
t 2027-01-06T12:00 done Walk --list January --on 2027-01-04
t 2027-01-06T12:01 done Walk --list January --on 2027-01-05
t 2027-01-06T12:02 done Walk --list January
t 2027-01-06T12:03 undo Walk --list January
t 2027-01-06T12:04 done Walk --list January --on 2027-01-06
t 2027-01-11T09:00 status

sqlite3 "$dir/tasktile.sqlite" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
sqlite3 "$dir/tasktile.sqlite" ".backup '$out'"
echo "wrote $out"
