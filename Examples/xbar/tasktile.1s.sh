#!/bin/sh
# <xbar.title>tasktile</xbar.title>
# <xbar.desc>Pending todos from tasktile; click one to complete it.</xbar.desc>
# <xbar.dependencies>tasktile</xbar.dependencies>
# <swiftbar.hideAbout>true</swiftbar.hideAbout>
# <swiftbar.hideRunInTerminal>true</swiftbar.hideRunInTerminal>
#
# A plugin for xbar and SwiftBar (macOS) and Argos (GNOME Shell): copy it into the plugin folder
# (Argos: ~/.config/argos/) and make it executable. The "1s" in the name is the refresh interval;
# rename it (tasktile.30s.sh) for less frequent refreshes.
#
# tasktile prints the summary for the bar, "---", then one line per pending todo whose action
# runs "<absolute path of tasktile> intent complete --id <id> --data-dir <dir>" as shell=/bash=
# with param1…param6 (no shell string), terminal=false refresh=true. A "|" in a title is printed
# as "¦"; every line has emojize=false ansi=false useMarkup=false unescape=false.
#
# Plugins run with a minimal PATH: add where tasktile is installed.
PATH="$HOME/.local/bin:/usr/local/bin:/opt/homebrew/bin:$PATH"
export PATH
exec tasktile status --format xbar
