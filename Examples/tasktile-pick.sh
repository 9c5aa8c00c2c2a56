#!/bin/sh
# tasktile-pick: choose a pending todo in a menu and complete it.
#
# Used by the waybar, polybar and i3blocks examples on a left click. Install it on your PATH:
#   install -m 755 tasktile-pick.sh ~/.local/bin/tasktile-pick
# Arguments are passed to `tasktile status` (e.g. `tasktile-pick --list Work`).
# The menu is the first of wofi, fuzzel, rofi or dmenu that is installed; set TASKTILE_MENU to
# any command that reads lines on stdin and prints the chosen one (e.g. "bemenu -p Complete").
set -eu

menu() {
    if [ -n "${TASKTILE_MENU:-}" ]; then sh -c "$TASKTILE_MENU"
    elif command -v wofi >/dev/null 2>&1; then wofi --dmenu --prompt Complete
    elif command -v fuzzel >/dev/null 2>&1; then fuzzel --dmenu --prompt 'Complete: '
    elif command -v rofi >/dev/null 2>&1; then rofi -dmenu -p Complete
    elif command -v dmenu >/dev/null 2>&1; then dmenu -p Complete
    else
        echo "tasktile-pick: install wofi, fuzzel, rofi or dmenu, or set TASKTILE_MENU" >&2
        exit 1
    fi
}

# `status --format plain` prints one line per pending todo: "○ <short id>  <title> (<due>)".
choice=$(tasktile status --format plain "$@" | grep '^○ ' | menu) || exit 0
id=$(printf '%s\n' "$choice" | awk '{ print $2 }')
[ -n "$id" ] || exit 0
exec tasktile intent complete --id "$id"
