#!/bin/sh
# tests/ui/test-ui-import-path.sh APP CLI RECORD — Import… (Ctrl+O), a path
# typed into the chooser ("/" opens its location field, or Ctrl+L first),
# then Enter: the record is imported, as in other GNOME apps. Real key
# presses (xdotool, under an Xvfb of its own: with-xvfb.sh). Skipped without xdotool.
set -eu

app=${1:?usage: test-ui-import-path.sh APP CLI RECORD}
cli=${2:?usage: test-ui-import-path.sh APP CLI RECORD}
record=${3:?usage: test-ui-import-path.sh APP CLI RECORD}
command -v xdotool >/dev/null 2>&1 || { echo "1..0 # SKIP xdotool is not installed"; exit 0; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lw-import-path-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
echo "1..2"

# One run of the app: Ctrl+O, $2 (keys before the path, or none), the
# path $1 typed, Enter. Prints how many games are stored then.
import_path () {
  db=$tmp/import-$3.sqlite3
  "$app" --db "$db" 2>/dev/null &
  pid=$!
  timeout 30 xdotool search --sync --onlyvisible --name "Little Wolf" >/dev/null
  sleep 4
  xdotool key ctrl+o
  # Keys go to the chooser once it is shown (on a busy machine it can
  # take longer than any fixed wait)
  timeout 30 xdotool search --sync --onlyvisible --name "Import a Game Record" >/dev/null
  sleep 2
  [ -z "$2" ] || { xdotool key "$2"; sleep 2; }
  xdotool type --delay 60 "$1"
  sleep 3
  xdotool key Return
  # The import runs on the main loop: a few seconds on a busy machine
  for _ in $(seq 1 20); do
    [ "$("$cli" --db "$db" games 2>/dev/null | wc -l)" -gt 0 ] && break
    sleep 1
  done
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  "$cli" --db "$db" games 2>/dev/null | wc -l
}

# A path typed from "/" (the location field opens with it)
n=$(import_path "$record" "" slash)
if [ "$n" -eq 1 ]; then echo "ok 1 a path typed from / and Enter imports it"; else echo "not ok 1 a path typed from / and Enter: $n games stored"; fi

# Ctrl+L, then a record whose name is not .json (the chooser's filter
# shows JSON only; a typed path still opens)
cp "$record" "$tmp/record.txt"
n=$(import_path "$tmp/record.txt" ctrl+l ctrl-l)
if [ "$n" -eq 1 ]; then echo "ok 2 Ctrl+L, a path and Enter imports it"; else echo "not ok 2 Ctrl+L, a path and Enter: $n games stored"; fi
