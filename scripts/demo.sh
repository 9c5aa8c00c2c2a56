#!/usr/bin/env bash
# Fills a fresh demo data directory with realistic todos, renders the WidgetSpecs/ widgets,
# completes one todo through the intent command (as a status bar would), and renders again.
# Usage: DEMO_DIR=./demo-data BIN=.build/release scripts/demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DEMO_DIR=${DEMO_DIR:-$PWD/demo-data}
BIN=${BIN:-$(swift build -c release --show-bin-path)}
T="$BIN/tasktile"
R="$BIN/tasktile-render"
export TASKTILE_DATA_DIR="$DEMO_DIR"

# Only ever replace a directory this script made (it carries a marker): nothing else is deleted.
if [ -e "$DEMO_DIR" ]; then
  if [ -f "$DEMO_DIR/.tasktile-demo" ]; then
    rm -rf "$DEMO_DIR"
  else
    echo "demo: $DEMO_DIR exists and was not made by the demo; choose another DEMO_DIR" >&2
    exit 73
  fi
fi
mkdir -p "$DEMO_DIR"
chmod 700 "$DEMO_DIR"
touch "$DEMO_DIR/.tasktile-demo"

q() { "$T" "$@" >/dev/null; }

q list add "買い物"
q add "クレンジングオイル" --list "買い物"
q add "牛乳" --list "買い物" --due "today 18:00"
q add "卵 (10個入り)" --list "買い物"
q add "食パン" --list "買い物"
q add "トイレットペーパー" --list "買い物" --due tomorrow

q list add "Work"
q add "Review the quarterly roadmap with the design team before Friday's all-hands meeting" --list Work --due "+2d"
q add "Ship release notes 🚀" --list Work --due "today 17:00"
q add "Reply to Keiko about the Osaka offsite" --list Work
q add "Expense report" --list Work --due "$(date -d yesterday +%F)"

q list add "Home"
for t in "Water the plants 🌿" "Take out the recycling" "Call the dentist" "Fix the squeaky door" \
         "Book train tickets to Kyoto" "Clean the gutters" "Return library books 📚" "Order new filters" \
         "Defrost the freezer" "Sort the winter clothes" "Replace smoke alarm battery" "Plan Sunday dinner"; do
  q add "$t" --list Home
done
q done "Take out the recycling" --list Home
q done "Call the dentist" --list Home

# A challenge for the grid widgets (challenge-grid*.json), a few days in, some days backdated.
q challenge start "Fifty" --days 50 --habit "Stretch" --habit "Read 20 pages" --habit "No sugar" --start "$(date -d '-4 days' +%F)"
for d in 4 3 1; do q done Stretch --list Fifty --on "$(date -d "-$d days" +%F)"; done
for d in 3 2; do q done "Read 20 pages" --list Fifty --on "$(date -d "-$d days" +%F)"; done

mkdir -p "$DEMO_DIR/widgets"
cp WidgetSpecs/*.json "$DEMO_DIR/widgets/"
# Some specs name preset themes; a spec naming a theme missing from themes.json fails (exit 65).
q theme import Themes/midnight.json
q theme import Themes/sakura.json

echo "== Rendering widgets"
"$R" once
echo "== Completing 牛乳 through the intent command (what a status-bar click runs)"
"$T" intent complete --list "買い物" --todo "牛乳"
echo "== Rendering again"
"$R" once
echo
"$T" show
echo
echo "Widgets:"
ls -1 "$DEMO_DIR"/widgets/out/*.png
echo
echo "To see these widgets on your desktop (Wayland with layer-shell, or X11), clickable:"
echo "  \"$R\" --data-dir \"$DEMO_DIR\" desktop"
