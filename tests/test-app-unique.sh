#!/bin/sh
# A second `littlewolf --db PATH` goes to the first (GtkApplication
# uniqueness on the session bus): it exits at once with status 0, the first
# stays, one process is left, and the database opened once is intact.
#
# Runs the built app ($LW_APP) on a private session bus (dbus-run-session)
# and X server (xvfb-run); skipped (77) when either is missing. Writes
# nothing outside a temporary folder.
set -u

for tool in dbus-run-session xvfb-run gdbus; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool not found: skipped"; exit 77; }
done
[ -x "${LW_APP:-}" ] || { echo "LW_APP is not set or not a program" >&2; exit 1; }

if [ "${1:-}" != --inside ]; then
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/lw-unique-XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  export LW_UNIQUE_TMP="$tmp" XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"
  export GSK_RENDERER=cairo GTK_A11Y=none GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
  exec dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" sh "$0" --inside
fi

tmp=$LW_UNIQUE_TMP
db="$tmp/unique.sqlite3"
app_id=io.github.littlewolf.LittleWolf

"$LW_APP" --db "$db" >"$tmp/first.log" 2>&1 &
first=$!

# The first instance owns the application's name on this bus.
if ! gdbus wait --session --timeout 60 "$app_id"; then
  echo "FAIL: the first instance never owned $app_id"; cat "$tmp/first.log"
  kill "$first" 2>/dev/null; exit 1
fi

start=$(date +%s)
timeout 60 "$LW_APP" --db "$db" >"$tmp/second.log" 2>&1
second_status=$?
elapsed=$(( $(date +%s) - start ))
echo "second instance: status $second_status after ${elapsed}s"
cat "$tmp/second.log"

failed=0
[ "$second_status" -eq 0 ] || { echo "FAIL: the second instance exited $second_status"; failed=1; }
kill -0 "$first" 2>/dev/null || { echo "FAIL: the first instance is gone"; failed=1; }

# One instance: the name has one owner, the first's process.
owner_pid=$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
  --method org.freedesktop.DBus.GetConnectionUnixProcessID "$app_id" | sed 's/[^0-9]*uint32 \([0-9]*\).*/\1/')
[ "$owner_pid" = "$first" ] || { echo "FAIL: $app_id is owned by $owner_pid, not $first"; failed=1; }

kill "$first" 2>/dev/null
wait "$first" 2>/dev/null
echo "--- first instance's output"; cat "$tmp/first.log"

[ -f "$db" ] || { echo "FAIL: no database at $db"; failed=1; }
[ "$failed" -eq 0 ] && echo "ok: one instance, the second went to the first"
exit "$failed"
