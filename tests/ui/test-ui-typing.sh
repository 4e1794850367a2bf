#!/bin/sh
# tests/ui/test-ui-typing.sh UI_DEMO CLI — names typed with real key
# presses (xdotool, under an Xvfb of its own: with-xvfb.sh) into an event's Enter
# Players box, a key each 40 ms and 12 ms, then Enter: each is stored as
# typed. A completion in place once turned a known "Ann" into "Annn" and
# "Eve" into "Evee" when typed this quickly; names are now only offered
# in a list. Skipped without xdotool.
set -eu

demo=${1:?usage: test-ui-typing.sh UI_DEMO CLI}
cli=${2:?usage: test-ui-typing.sh UI_DEMO CLI}
command -v xdotool >/dev/null 2>&1 || { echo "1..0 # SKIP xdotool is not installed"; exit 0; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lw-typing-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
db=$tmp/typing.sqlite3
echo "1..3"

# One run of the app on the event's players: Ann and Eve typed, Enter
# after each.
type_names () {
  "$demo" event-players "$db" 1280x800 2>/dev/null &
  pid=$!
  # The window, then a moment for its first frames (a busy machine)
  timeout 30 xdotool search --sync --onlyvisible --name "Little Wolf" >/dev/null
  sleep 5
  xdotool mousemove 600 190 click 1
  sleep 1
  for name in Ann Eve; do
    xdotool type --delay "$1" "$name"
    sleep 1
    xdotool key Return
    sleep 1
  done
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}

type_names 150
type_names 40
type_names 12

n=1
for name in Ann Eve; do
  line=$("$cli" --db "$db" player list | grep "^$name	" || true)
  # Entered once in each of the three events (a run whose click came
  # before the window could take it enters nothing, which a loaded
  # machine may cause: at least one run must have reached the box).
  if [ "$line" = "$name	0	3" ] || [ "$line" = "$name	0	2" ] || [ "$line" = "$name	0	1" ]; then
    echo "ok $n $name entered as typed (events: ${line##*	})"
  else
    echo "not ok $n $name: \"$line\""
    "$cli" --db "$db" player list | sed 's/^/# /'
  fi
  n=$((n + 1))
done
if "$cli" --db "$db" player list | awk -F '\t' '$1 ~ /^(Ann|Eve)./ { found = 1 } END { exit !found }'; then
  echo "not ok 3 a name with letters added"
  "$cli" --db "$db" player list | sed 's/^/# /'
else
  echo "ok 3 no name with letters added"
fi
