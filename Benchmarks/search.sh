#!/bin/sh
# Search on a 100,000-todo store (SPEC §8: "answers in milliseconds"), measured with hyperfine.
# Usage: Benchmarks/search.sh [BIN_DIR]   (default: the release build, built when missing)
# The store is filled once with the sqlite3 shell (20 lists × 5,000 todos, mixed Latin and
# Japanese titles); the keys are then filled by tasktile's own v2 migration (the same code that
# upgrades a real store), which this script also times once.
set -eu
cd "$(dirname "$0")/.."
BIN="${1:-$(swift build -c release --show-bin-path)}"
[ -x "$BIN/tasktile" ] || swift build -c release
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)"; exit 1; }
DATA="$(mktemp -d)"
trap 'rm -rf "$DATA"' EXIT
export TASKTILE_DATA_DIR="$DATA"

# A v1 store: create it with tasktile, then drop the v2 bookkeeping so the migration runs again.
"$BIN/tasktile" list ls >/dev/null
sqlite3 "$DATA/tasktile.sqlite" <<'SQL'
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19)
INSERT INTO lists (id, title, sort_order, created_at) SELECT printf('l%02d', i), 'List ' || i, i, 0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
INSERT INTO todos (id, list_id, title, sort_order, created_at)
SELECT printf('%08x-0000-4000-8000-000000000000', i), printf('l%02d', i % 20),
       CASE i % 4 WHEN 0 THEN 'Buy milk ' || i WHEN 1 THEN 'ﾊﾟｽﾀを買う ' || i
                  WHEN 2 THEN 'Report for Q' || (i % 7) WHEN 3 THEN 'データ整理 ' || i END,
       i / 20, 0 FROM n;
UPDATE todos SET is_completed = 1, completed_at = 0 WHERE (rowid % 3) = 0;
UPDATE lists SET search_key = NULL; UPDATE todos SET search_key = NULL;
DELETE FROM tasktile_migrations WHERE identifier = 'v2-search-keys';
DROP TRIGGER lists_search_key_stale; DROP TRIGGER todos_search_key_stale;
ALTER TABLE lists DROP COLUMN search_key; ALTER TABLE todos DROP COLUMN search_key;
COMMIT;
SQL
echo "v2 migration over 100,000 todos (one run):"
hyperfine --runs 1 --style basic "$BIN/tasktile list ls"

echo "search (one hit, ~3,600 hits, a miss, --json with 1 hit):"
hyperfine --warmup 3 --style basic \
  "$BIN/tasktile search 'buy milk 99996'" \
  "$BIN/tasktile search 'report for q6'" \
  "$BIN/tasktile search 'no such thing' || true" \
  "$BIN/tasktile search --json 'データ整理 12347'"
echo "baseline (opening the store, no search):"
hyperfine --warmup 3 --style basic "$BIN/tasktile settings get sound.name"
