#!/bin/sh
# tasktile-pick: choose a pending todo in a menu and complete it.
#
# Used by the waybar, polybar and i3blocks examples on a left click. Install it on your PATH:
#   install -m 755 tasktile-pick.sh ~/.local/bin/tasktile-pick   (make install does this)
# Arguments are passed to `tasktile status` (e.g. `tasktile-pick --list Work`).
#
# The menu follows the session: on Wayland (WAYLAND_DISPLAY) the first installed of fuzzel, wofi,
# bemenu; on X11 (DISPLAY) rofi, then dmenu. So a Wayland-only menu is never picked under X11,
# where it would fail without a window. TASKTILE_MENU overrides: any command that reads lines on
# stdin and prints the chosen one (e.g. "bemenu -p Complete"; run by sh -c).
#
# A menu that fails (exits non-zero with an error on stderr) is reported on stderr and, since a
# bar click has no terminal, with notify-send when installed; exit 69. Cancelling (Escape: exit
# non-zero, nothing on stderr) exits 0. After completing, the bars are refreshed:
# TASKTILE_PICK_REFRESH is run by sh -c (default: signal waybar with SIGRTMIN+8 and i3blocks with
# SIGRTMIN+10, the signals the polled examples listen to; streaming bars update by themselves);
# set it empty to refresh nothing.
set -eu

report() {
    echo "tasktile-pick: $1" >&2
    if command -v notify-send >/dev/null 2>&1; then notify-send -a tasktile "tasktile-pick" "$1" || true; fi
}

if [ -n "${TASKTILE_MENU:-}" ]; then
    MENU=custom
else
    if [ -n "${WAYLAND_DISPLAY:-}" ]; then CANDIDATES="fuzzel wofi bemenu"
    elif [ -n "${DISPLAY:-}" ]; then CANDIDATES="rofi dmenu"
    else
        report "no graphical session: neither WAYLAND_DISPLAY nor DISPLAY is set (or set TASKTILE_MENU)"
        exit 69
    fi
    MENU=
    for m in $CANDIDATES; do
        if command -v "$m" >/dev/null 2>&1; then MENU=$m; break; fi
    done
    if [ -z "$MENU" ]; then
        report "install one of: $CANDIDATES (or set TASKTILE_MENU)"
        exit 69
    fi
fi

run_menu() {
    case $MENU in
        fuzzel) fuzzel --dmenu --prompt 'Complete: ' ;;
        wofi) wofi --dmenu --prompt Complete ;;
        bemenu) bemenu -p Complete ;;
        rofi) rofi -dmenu -p Complete ;;
        dmenu) dmenu -p Complete ;;
        custom) sh -c "$TASKTILE_MENU" ;;
    esac
}

# `status --format plain` prints one line per pending todo: "○ <short id>  <title> (<due>)".
items=$(tasktile status --format plain "$@" | grep '^○ ' || true)
[ -n "$items" ] || exit 0
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
status=0
choice=$(printf '%s\n' "$items" | run_menu 2>"$errors") || status=$?
if [ "$status" -ne 0 ]; then
    if [ -s "$errors" ]; then
        report "the menu ($MENU) failed with exit $status: $(head -c 300 "$errors")"
        exit 69
    fi
    exit 0 # cancelled
fi
id=$(printf '%s\n' "$choice" | awk '{ print $2 }')
[ -n "$id" ] || exit 0
tasktile intent complete --id "$id"
REFRESH=${TASKTILE_PICK_REFRESH-"pkill -RTMIN+8 -u $(id -u) -x waybar; pkill -RTMIN+10 -u $(id -u) -x i3blocks"}
if [ -n "$REFRESH" ]; then sh -c "$REFRESH" || true; fi
