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

CHOOSER="Import a Game Record"

# Whether a window named $1 is shown and has the keyboard focus, within
# $2 seconds (checked every 0.1 s).
focused_within () {
  i=0
  while [ "$i" -lt $(($2 * 10)) ]; do
    shown=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1)
    [ -n "$shown" ] && [ "$(xdotool getwindowfocus -f 2>/dev/null)" = "$shown" ] && return 0
    sleep 0.1
    i=$((i + 1))
  done
  return 1
}

# Whether no window named $1 is shown, within $2 seconds.
gone_within () {
  i=0
  while [ "$i" -lt $(($2 * 10)) ]; do
    xdotool search --onlyvisible --name "$1" >/dev/null 2>&1 || return 0
    sleep 0.1
    i=$((i + 1))
  done
  return 1
}

# One run of the app: Ctrl+O, $2 (keys before the path, or none), the
# path $1 typed, Enter. Prints how many games are stored then.
import_path () {
  db=$tmp/import-$3.sqlite3
  "$app" --db "$db" 2>/dev/null &
  pid=$!
  timeout 30 xdotool search --sync --onlyvisible --name "Little Wolf" >/dev/null
  # Ctrl+O, then the chooser shown with the focus (about 1.5 s on a
  # loaded machine); should the key have come before the window took
  # keys, it is sent again after 10 s, 3 times at the most.
  for _ in 1 2 3; do
    xdotool key ctrl+o
    focused_within "$CHOOSER" 10 && break
  done
  # The chooser's keys go in order: $2's shortcut shows the location
  # field before the path is typed into it.
  [ -z "$2" ] || xdotool key "$2"
  xdotool type --delay 40 "$1"
  # (The location field's completion reads the folder meanwhile.)
  sleep 2
  xdotool key Return
  # The chooser closes, then the import runs on the main loop: a few
  # seconds on a busy machine, 30 s at the most.
  gone_within "$CHOOSER" 30 || true
  for _ in $(seq 1 30); do
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
