#!/bin/sh
# <xbar.title>tasktile</xbar.title>
# <xbar.desc>Pending todos from tasktile, updated the moment they change; click one to complete it.</xbar.desc>
# <xbar.dependencies>tasktile</xbar.dependencies>
# <swiftbar.type>streamable</swiftbar.type>
# <swiftbar.hideAbout>true</swiftbar.hideAbout>
# <swiftbar.hideRunInTerminal>true</swiftbar.hideRunInTerminal>
#
# A streamable plugin for SwiftBar: copy it into the plugin folder and make it executable.
# SwiftBar keeps it running; tasktile prints the whole menu again, after a "~~~" line, only when
# the status changes (a commit from any program, a due passing, midnight). No refresh interval,
# no polling. xbar and Argos do not stream: use tasktile.1s.sh there.
#
# Each pending todo's line runs "<absolute path of tasktile> intent complete --id <id>
# --data-dir <dir>" as shell=/bash= with param1…param6 (no shell string), terminal=false.
#
# Plugins run with a minimal PATH: add where tasktile is installed.
PATH="$HOME/.local/bin:/usr/local/bin:/opt/homebrew/bin:$PATH"
export PATH
exec tasktile status --format xbar --follow
