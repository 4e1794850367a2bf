#!/bin/sh
# test-install.sh BUILDDIR — `meson install` into a temporary DESTDIR: the
# programs, desktop file, metainfo, settings schema, icons and translations
# land where the desktop looks for them, and the app starts from there.
set -eu
build=${1:?usage: test-install.sh BUILDDIR}
dest=$(mktemp -d "${TMPDIR:-/tmp}/lw-install-XXXXXX")
trap 'rm -rf "$dest"' EXIT INT TERM
app_id=io.github.littlewolf.LittleWolf

meson install -C "$build" --destdir "$dest" --no-rebuild --quiet >/dev/null
prefix=$(meson introspect "$build" --buildoptions |
         python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
datadir=$(meson introspect "$build" --buildoptions |
          python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "datadir"))')
root="$dest$prefix"
share="$root/$datadir"

status=0
for f in "$root/bin/littlewolf" "$root/bin/littlewolf-cli" \
         "$share/applications/$app_id.desktop" \
         "$share/metainfo/$app_id.metainfo.xml" \
         "$share/glib-2.0/schemas/$app_id.gschema.xml" \
         "$share/icons/hicolor/scalable/apps/$app_id.svg" \
         "$share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"; do
  if [ -e "$f" ]; then echo "ok: ${f#$dest}"; else echo "missing: ${f#$dest}"; status=1; fi
done
for lang in $(cat "$(dirname "$0")/../po/LINGUAS" 2>/dev/null | sed 's/#.*//'); do
  f="$share/locale/$lang/LC_MESSAGES/little-wolf.mo"
  if [ -e "$f" ]; then echo "ok: ${f#$dest}"; else echo "missing: ${f#$dest}"; status=1; fi
done
[ $status -eq 0 ] || exit 1

"$root/bin/littlewolf-cli" --help >/dev/null
"$root/bin/littlewolf" --version

# The installed app, on its installed schema and data, under Xvfb: it
# opens its window and makes its database.
glib-compile-schemas "$share/glib-2.0/schemas"
db="$dest/scores.sqlite3"
GSETTINGS_SCHEMA_DIR="$share/glib-2.0/schemas" XDG_DATA_DIRS="$share:/usr/share" \
  GSETTINGS_BACKEND=memory GSK_RENDERER=cairo NO_AT_BRIDGE=1 \
  xvfb-run -a sh -c '"$0" --db "$1" & pid=$!; sleep 3
    if kill -0 $pid; then kill $pid; wait $pid; exit 0; fi
    echo "the installed app did not keep running"; exit 1' \
  "$root/bin/littlewolf" "$db" || exit 1
if [ -s "$db" ]; then echo "ok: the installed app started and made its database"; else echo "the installed app made no database"; exit 1; fi
