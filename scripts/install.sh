#!/bin/sh
# Installs tasktile into $DESTDIR$PREFIX (called by `make install`, `make install-files` and
# `make deb`; see the Makefile). Writes a manifest of every installed file,
# $PREFIX/share/tasktile/install-manifest.txt, which `make uninstall` (scripts/uninstall.sh) reads
# to remove exactly what was installed. Never runs apt, never builds: BUILT names the directory
# with the two binaries.
#
# Usage: scripts/install.sh BUILT PREFIX [DESTDIR]
set -eu
BUILT=$1
PREFIX=$2
DESTDIR=${3:-}
ROOT="$DESTDIR$PREFIX"
ROOT_SRC=$(cd "$(dirname "$0")/.." && pwd)
for b in tasktile tasktile-render tasktile-desktop tasktile-notify tasktile-sync; do
  [ -x "$BUILT/$b" ] || { echo "install: $BUILT/$b is missing: build first (make release)" >&2; exit 1; }
done
MANIFEST_REL=share/tasktile/install-manifest.txt
LIST=$(mktemp)
trap 'rm -f "$LIST"' EXIT

# newdirs RELATIVE-TARGET: records the directories above it that do not exist yet ("dir D"), so
# uninstall removes the directories install created and no other (never /usr/local/bin itself).
newdirs() {
  d=$(dirname "$1")
  while [ "$d" != . ] && [ ! -d "$ROOT/$d" ]; do echo "dir $d" >> "$LIST"; d=$(dirname "$d"); done
}
# put MODE SOURCE RELATIVE-TARGET: installs one file and records it.
put() {
  newdirs "$3"
  install -D -m "$1" "$2" "$ROOT/$3"
  echo "$3" >> "$LIST"
}
# gen MODE RELATIVE-TARGET: installs standard input.
gen() {
  tmp=$(mktemp)
  cat > "$tmp"
  newdirs "$2"
  install -D -m "$1" "$tmp" "$ROOT/$2"
  rm -f "$tmp"
  echo "$2" >> "$LIST"
}

put 0755 "$BUILT/tasktile" bin/tasktile
put 0755 "$BUILT/tasktile-render" bin/tasktile-render
# `tasktile-render desktop` becomes this executable (the only one that links GTK).
put 0755 "$BUILT/tasktile-desktop" bin/tasktile-desktop
# `tasktile notify run` becomes this executable (execve of the sibling beside tasktile).
put 0755 "$BUILT/tasktile-notify" bin/tasktile-notify
# `tasktile sync …` becomes this one (the CalDAV/vdir client: networking and XML stay out of tasktile).
put 0755 "$BUILT/tasktile-sync" bin/tasktile-sync
put 0755 "$ROOT_SRC/Examples/tasktile-pick.sh" bin/tasktile-pick
put 0755 "$ROOT_SRC/Examples/wallpaper/tasktile-wallpaper" bin/tasktile-wallpaper

# Man pages and completions, generated from the programs' own help and command tables.
for b in tasktile tasktile-render; do
  "$BUILT/$b" --generate man | gzip -9n | gen 0644 "share/man/man1/$b.1.gz"
  "$BUILT/$b" --generate bash | gen 0644 "share/bash-completion/completions/$b"
  "$BUILT/$b" --generate zsh | gen 0644 "share/zsh/vendor-completions/_$b"
  "$BUILT/$b" --generate fish | gen 0644 "share/fish/vendor_completions.d/$b.fish"
done

# systemd user units with the installed paths (see the note in each unit about
# `systemctl --user import-environment DISPLAY WAYLAND_DISPLAY`).
for unit in "$ROOT_SRC"/Examples/systemd/*.service "$ROOT_SRC"/Examples/systemd/*.timer; do
  sed -e "s|%h/\.local/bin/|$PREFIX/bin/|g" -e "s|/usr/local/bin/|$PREFIX/bin/|g" "$unit" \
    | gen 0644 "lib/systemd/user/$(basename "$unit")"
done

put 0644 "$ROOT_SRC/Examples/desktop/tasktile.desktop" share/applications/tasktile.desktop
for f in "$ROOT_SRC"/Themes/*.json; do put 0644 "$f" "share/tasktile/Themes/$(basename "$f")"; done
for f in "$ROOT_SRC"/WidgetSpecs/*.json; do put 0644 "$f" "share/tasktile/WidgetSpecs/$(basename "$f")"; done
for f in "$ROOT_SRC"/Examples/routines/*.json; do put 0644 "$f" "share/tasktile/routines/$(basename "$f")"; done

echo "$MANIFEST_REL" >> "$LIST"
install -D -m 0644 "$LIST" "$ROOT/$MANIFEST_REL"
echo "installed $(grep -vc '^dir ' "$LIST") files under $ROOT (manifest: $ROOT/$MANIFEST_REL)"
