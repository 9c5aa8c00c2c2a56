#!/bin/sh
# Builds a Debian package of tasktile with dpkg-deb (called by `make deb`).
# Usage: scripts/deb.sh BUILT OUTDIR
#
# The files are what `make install PREFIX=/usr` installs (scripts/install.sh), without its
# manifest: dpkg tracks the files. Depends is computed from the binaries' shared libraries
# (ldd, then dpkg -S for the package owning each), so it names exactly what the build links.
# A library no Debian package owns (a Swift runtime under /opt) is refused: `make deb` links the
# Swift standard library statically; TASKTILE_DEB_ALLOW_UNPACKAGED=1 lets a test package a
# debug build for this machine only.
set -eu
BUILT=$1
OUT=$2
ROOT_SRC=$(cd "$(dirname "$0")/.." && pwd)
VERSION=$("$BUILT/tasktile" --version | awk '{ print $2 }')
ARCH=$(dpkg --print-architecture)
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
chmod 0755 "$STAGE"
sh "$ROOT_SRC/scripts/install.sh" "$BUILT" /usr "$STAGE" >/dev/null
rm -f "$STAGE/usr/share/tasktile/install-manifest.txt"
install -D -m 0644 "$ROOT_SRC/README.md" "$STAGE/usr/share/doc/tasktile/README.md"
printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: tasktile\nFiles: *\nCopyright: the tasktile authors\nLicense: see the project repository\n' \
  > "$STAGE/usr/share/doc/tasktile/copyright"

packages=""
for b in tasktile tasktile-render tasktile-desktop tasktile-notify tasktile-sync; do
  # The libraries each binary names itself (NEEDED), where the loader finds them.
  for needed in $(readelf -d "$BUILT/$b" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    lib=$(ldd "$BUILT/$b" | awk -v n="$needed" '$1 == n && $3 ~ /^\// { print $3 }')
    [ -n "$lib" ] || continue
    real=$(readlink -f "$lib")
    owner=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$real" 2>/dev/null || true)
    if [ -z "$owner" ]; then
      if [ "${TASKTILE_DEB_ALLOW_UNPACKAGED:-}" = 1 ]; then continue; fi
      echo "deb: $b links $lib, which no Debian package provides (build with --static-swift-stdlib: make deb does)" >&2
      exit 1
    fi
    packages="$packages ${owner%%:*}"
  done
done
# dpkg -S may answer "pkg1, pkg2: path"; keep the first, drop the arch qualifier.
DEPENDS=$(for p in $packages; do echo "$p"; done | sed 's/,$//; s/:.*//' | sort -u | paste -sd, - | sed 's/,/, /g')
SIZE=$(du -sk "$STAGE/usr" | cut -f1)
mkdir -p "$STAGE/DEBIAN"
cat > "$STAGE/DEBIAN/control" <<CONTROL
Package: tasktile
Version: $VERSION
Architecture: $ARCH
Maintainer: tasktile developers <tasktile@localhost>
Installed-Size: $SIZE
Depends: $DEPENDS
Recommends: fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, dbus-user-session
Suggests: dunst | mako-notifier, swaybg | feh, fuzzel | wofi | rofi, waybar | polybar | i3blocks
Section: utils
Priority: optional
Homepage: https://github.com/tasktile/tasktile
Description: todo lists with desktop widgets, status bars and notifications
 tasktile keeps todo lists with repeats and reminders in one SQLite store; tasktile-render
 draws them as wallpaper widgets (PNG with click maps, or desktop windows); status-bar
 output for waybar, polybar, i3blocks and xbar; desktop notifications with a Complete action.
CONTROL
mkdir -p "$OUT"
DEB="$OUT/tasktile_${VERSION}_${ARCH}.deb"
# TASKTILE_DEB_COMPRESSION=gzip for a quick test package (default xz, as Debian builds them).
dpkg-deb --root-owner-group -Z"${TASKTILE_DEB_COMPRESSION:-xz}" --build "$STAGE" "$DEB" >/dev/null
echo "$DEB"
