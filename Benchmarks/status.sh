#!/bin/sh
# Benchmark: `tasktile status --format waybar` on 10,000 todos in 200 lists, against the floor
# (the sqlite3 CLI running the equivalent count query on the same store) and a peer
# (taskwarrior's `task +PENDING count` on 10,000 pending tasks). Needs hyperfine, sqlite3, task.
#
#   Benchmarks/status.sh [path/to/tasktile]     (default: .build/release/tasktile, else debug)
#
# Not a test: prints hyperfine's table and ratios; nothing is asserted.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-}
if [ -z "$bin" ]; then
    if [ -x "$root/.build/release/tasktile" ]; then bin="$root/.build/release/tasktile"; else bin="$root/.build/debug/tasktile"; fi
fi
[ -x "$bin" ] || { echo "build tasktile first (swift build -c release)" >&2; exit 1; }
for tool in hyperfine sqlite3 task; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt install $tool)" >&2; exit 1; }
done

work=$(mktemp -d /tmp/tasktile-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
export TASKTILE_DATA_DIR="$work/data" TZ=UTC TASKTILE_NOW=2027-01-05T09:00:00Z

# The store with tasktile's own schema (creating one list migrates it), then bulk rows in SQL:
# 200 lists x 50 todos; every 5th completed, every 7th with a past date-only due, every 11th
# with a timed due ahead.
"$bin" list add seed >/dev/null
sqlite3 "$TASKTILE_DATA_DIR/tasktile.sqlite" <<'SQL'
DELETE FROM lists;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 199)
INSERT INTO lists (id, title, sort_order, created_at)
SELECT printf('%08x-0000-4000-8000-%012x', i, i), 'List ' || i, i, 1800000000 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
INSERT INTO todos (id, list_id, title, is_completed, completed_at, sort_order, created_at, due_local, due_zone, due_utc)
SELECT printf('%08x-1111-4000-8000-%012x', i, i), printf('%08x-0000-4000-8000-%012x', i / 50, i / 50),
       'Todo ' || i, i % 5 = 0, CASE WHEN i % 5 = 0 THEN 1800000000 END, i % 50, 1800000000 + i,
       CASE WHEN i % 7 = 0 THEN '2027-01-01' WHEN i % 11 = 0 THEN '2027-02-01T09:00:00' END,
       CASE WHEN i % 11 = 0 AND i % 7 <> 0 THEN 'UTC' END,
       CASE WHEN i % 11 = 0 AND i % 7 <> 0 THEN 1801386000 END
FROM n;
SQL
"$bin" status --format waybar

# The same counts straight from SQLite: the floor for "open the store, run one query, exit".
query="SELECT sum(is_completed = 0), sum(is_completed = 1), sum(is_completed = 0 AND ((due_utc IS NOT NULL AND due_utc <= 1799139600) OR (due_utc IS NULL AND due_local < '2027-01-05'))) FROM todos;"
sqlite3 "$TASKTILE_DATA_DIR/tasktile.sqlite" "$query"

# taskwarrior with 10,000 pending tasks.
export TASKDATA="$work/task" TASKRC="$work/taskrc"
mkdir -p "$TASKDATA"
printf 'data.location=%s\nconfirmation=off\nhooks=off\nverbose=nothing\n' "$TASKDATA" > "$TASKRC"
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "{\"description\":\"Todo %d\",\"status\":\"pending\",\"entry\":\"20270101T000000Z\",\"project\":\"List%d\"}\n", i, i / 50 }' > "$work/tasks.json"
task rc.hooks=off import "$work/tasks.json" >/dev/null 2>&1
task rc.hooks=off +PENDING count

hyperfine -N --warmup 5 --export-markdown "$work/result.md" \
    -n "tasktile status --format waybar" "$bin status --format waybar" \
    -n "sqlite3 count query" "sqlite3 $TASKTILE_DATA_DIR/tasktile.sqlite '$query'" \
    -n "task +PENDING count" "task rc.hooks=off +PENDING count"
cat "$work/result.md"
