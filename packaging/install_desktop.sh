#!/usr/bin/env bash
# Register Table Inspector with the desktop for one user: menu entry, "Open with" for PDFs,
# icon and AppStream metadata, under $XDG_DATA_HOME (default ~/.local/share).
#
#   packaging/install_desktop.sh [--exec COMMAND] [--data-dir DIR] [--uninstall]
#
# --exec      absolute path of the table-inspector to launch (a venv's or a bundle's); by default
#             the entry runs `table-inspector` from PATH.
# --data-dir  install under DIR instead of $XDG_DATA_HOME (DIR/applications, DIR/icons, ...).
# --uninstall remove what an earlier run installed.
set -euo pipefail

APP_ID="io.github.tableinspector.TableInspector"
ICON_NAME="table-inspector"
SIZES="16 32 48 64 128 256"
HERE="$(cd "$(dirname "$0")" && pwd)"
RES="$HERE/../resources"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
EXEC=""
UNINSTALL=0

die() { echo "install-desktop: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --exec) [ $# -ge 2 ] || die "--exec needs a path"; EXEC="$2"; shift 2 ;;
    --data-dir) [ $# -ge 2 ] || die "--data-dir needs a folder"; DATA="$2"; shift 2 ;;
    --uninstall) UNINSTALL=1; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done

DESKTOP_DEST="$DATA/applications/$APP_ID.desktop"
META_DEST="$DATA/metainfo/$APP_ID.metainfo.xml"
icon_dest() { echo "$DATA/icons/hicolor/$1/apps/$ICON_NAME.$2"; }

refresh_caches() {
  # Menus and icon themes pick the change up without a new login where these tools exist.
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$DATA/applications" 2>/dev/null || true
  fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$DATA/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$DATA/icons/hicolor" 2>/dev/null || true
  fi
}

if [ "$UNINSTALL" -eq 1 ]; then
  rm -f "$DESKTOP_DEST" "$META_DEST" "$(icon_dest scalable svg)"
  for s in $SIZES; do rm -f "$(icon_dest "${s}x${s}" png)"; done
  refresh_caches
  echo "install-desktop: removed $APP_ID from $DATA"
  exit 0
fi

[ -f "$RES/$APP_ID.desktop" ] || die "missing $RES/$APP_ID.desktop"
if [ -n "$EXEC" ]; then
  [ -x "$EXEC" ] || die "--exec $EXEC is not an executable file"
  EXEC="$(cd "$(dirname "$EXEC")" && pwd)/$(basename "$EXEC")"
  case "$EXEC" in *'"'*|*'\'*|*'`'*|*'$'*|*'|'*|*'&'*) die "--exec path has characters a desktop entry cannot quote: $EXEC" ;; esac
elif ! command -v table-inspector >/dev/null 2>&1; then
  echo "install-desktop: note: table-inspector is not on PATH; the menu entry will not start (use --exec)" >&2
fi

mkdir -p "$DATA/applications" "$DATA/metainfo"
if [ -n "$EXEC" ]; then
  # Quoted so that folders with spaces still work (Desktop Entry spec, "The Exec key").
  sed -e "s|^Exec=table-inspector|Exec=\"$EXEC\"|" -e "s|^TryExec=.*|TryExec=$EXEC|" \
    "$RES/$APP_ID.desktop" > "$DESKTOP_DEST"
else
  cp "$RES/$APP_ID.desktop" "$DESKTOP_DEST"
fi
cp "$RES/$APP_ID.metainfo.xml" "$META_DEST"
for s in $SIZES; do
  install -D -m 644 "$RES/icons/$ICON_NAME-$s.png" "$(icon_dest "${s}x${s}" png)"
done
install -D -m 644 "$RES/icons/$ICON_NAME.svg" "$(icon_dest scalable svg)"
refresh_caches
echo "install-desktop: installed $APP_ID under $DATA (Exec: ${EXEC:-table-inspector})"
