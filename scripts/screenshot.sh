#!/usr/bin/env bash
# The README's screenshot (docs/images/desktop.png): the demo data on a headless sway, three live
# widgets from `tasktile-render desktop`, taken with grim. Needs `make deps` (sway, swaybg, grim).
# sway refuses root, so as root the compositor and the widgets run as the user tasktile-test
# (created when missing, as the desktop tests do).
# Usage: BIN=.build/debug scripts/screenshot.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-$(swift build --show-bin-path)}
OUT=${1:-docs/images/desktop.png}
WORK=$(mktemp -d /tmp/tasktile-shot.XXXXXX)
# runuser does not pass SIGTERM on, so the compositor and the widgets are found by their paths.
cleanup() {
  pkill -f -- "$WORK" 2>/dev/null || true
  kill $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

as_user() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  id tasktile-test >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent tasktile-test
  as_user() { runuser -u tasktile-test -- env "$@"; }
  chmod 755 "$WORK"
fi

# The demo data (todos, a challenge, themes), the three specs the screenshot shows.
DEMO_DIR="$WORK/data" BIN="$BIN" ./scripts/demo.sh >/dev/null
rm -f "$WORK/data/widgets/"*.json
cat > "$WORK/data/widgets/shopping.json" <<'EOF'
{ "version": 1, "name": "shopping", "family": "large", "list": "買い物", "theme": "Sakura", "lang": "ja",
  "mode": "interactive", "scale": 1, "anchor": "top-left", "margin": [40, 40] }
EOF
cat > "$WORK/data/widgets/work.json" <<'EOF'
{ "version": 1, "name": "work", "family": "medium", "list": "Work", "sort": "due", "mode": "interactive",
  "scale": 1, "anchor": "top-right", "margin": [40, 40] }
EOF
cat > "$WORK/data/widgets/habits.json" <<'EOF'
{ "version": 1, "name": "habits", "family": "grid", "list": "Fifty", "theme": "Midnight", "scale": 1,
  "width": 560, "height": 220, "anchor": "bottom-right", "margin": [40, 40] }
EOF
[ "$(id -u)" = 0 ] && chown -R tasktile-test "$WORK"

mkdir -p "$WORK/run" && chmod 700 "$WORK/run"
[ "$(id -u)" = 0 ] && chown tasktile-test "$WORK/run"
cat > "$WORK/sway.conf" <<'EOF'
xwayland disable
default_border none
output HEADLESS-1 resolution 1280x800 position 0 0 scale 1 bg #2d4a5e solid_color
EOF
as_user XDG_RUNTIME_DIR="$WORK/run" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
  WLR_HEADLESS_OUTPUTS=1 /usr/bin/sway -c "$WORK/sway.conf" >"$WORK/sway.log" 2>&1 &
for _ in $(seq 100); do ls "$WORK/run" | grep -q '^wayland-[0-9]*$' && break; sleep 0.1; done
WAYLAND=$(ls "$WORK/run" | grep '^wayland-[0-9]*$' | head -1)
[ -n "$WAYLAND" ] || { echo "screenshot: sway did not start: $(cat "$WORK/sway.log")" >&2; exit 69; }

as_user XDG_RUNTIME_DIR="$WORK/run" WAYLAND_DISPLAY="$WAYLAND" TASKTILE_DATA_DIR="$WORK/data" \
  "$BIN/tasktile-render" desktop >"$WORK/desktop.log" 2>&1 &
sleep 4
mkdir -p "$(dirname "$OUT")"
as_user XDG_RUNTIME_DIR="$WORK/run" WAYLAND_DISPLAY="$WAYLAND" /usr/bin/grim -o HEADLESS-1 "$WORK/shot.png"
cp "$WORK/shot.png" "$OUT"
echo "wrote $OUT"
