#!/bin/sh
# Removes exactly what scripts/install.sh installed into $DESTDIR$PREFIX, as listed in its
# manifest, then the directories install created ("dir D" lines) once they are empty — never a
# directory that existed before, nor one that still holds something else.
# Usage: scripts/uninstall.sh PREFIX [DESTDIR]
set -eu
ROOT="${2:-}$1"
MANIFEST="$ROOT/share/tasktile/install-manifest.txt"
if [ ! -f "$MANIFEST" ]; then
  echo "uninstall: $MANIFEST does not exist: nothing was installed under $ROOT by make install" >&2
  exit 1
fi
DIRS=$(mktemp)
trap 'rm -f "$DIRS"' EXIT
while IFS= read -r rel; do
  case $rel in ''|/*|*..*|'dir /'*|'dir '*..*) echo "uninstall: skipping a suspicious manifest entry: $rel" >&2; continue ;; esac
  case $rel in
    'dir '*) echo "${rel#dir }" >> "$DIRS" ;;
    *) rm -f "$ROOT/$rel" ;;
  esac
done < "$MANIFEST"
# Deepest first; rmdir refuses a directory that is not empty.
sort -u "$DIRS" | awk '{ print length($0) " " $0 }' | sort -rn | cut -d' ' -f2- | while IFS= read -r d; do
  rmdir "$ROOT/$d" 2>/dev/null || true
done
echo "removed what make install put under $ROOT"
