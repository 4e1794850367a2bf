#!/bin/sh
# tests/ui/with-xvfb.sh WIDTHxHEIGHTxDEPTH COMMAND [ARG…] — runs COMMAND
# under an Xvfb of its own. Xvfb picks a free display number itself
# (-displayfd), so two test runs on one machine never take the same one,
# as xvfb-run -a can when they start together; the tests that send real
# key presses need a display nothing else draws on. -noreset: by default
# an X server resets when its last client leaves, and refuses the
# connections that come while it does, which is what happens between two
# runs of the app in one test (xdotool: "Can't open display").
set -eu

screen=${1:?usage: with-xvfb.sh WIDTHxHEIGHTxDEPTH COMMAND [ARG…]}
shift
dir=$(mktemp -d "${TMPDIR:-/tmp}/lw-xvfb-XXXXXX")
Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp -noreset 3>"$dir/display" 2>"$dir/log" &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; rm -rf "$dir"' EXIT INT TERM

# Xvfb writes the number once it takes connections: 10 s at most.
n=0
while [ ! -s "$dir/display" ]; do
  n=$((n + 1))
  if [ "$n" -gt 100 ] || ! kill -0 "$xvfb" 2>/dev/null; then
    echo "Bail out! Xvfb did not start" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  sleep 0.1
done
DISPLAY=:$(cat "$dir/display")
export DISPLAY
status=0
"$@" || status=$?
exit "$status"
