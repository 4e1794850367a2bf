#!/bin/sh
# valgrind memcheck over littlewolf-cli: `score` on every shared case (valid
# and BAD-), and on one case in eight also score --text, import, show,
# show --text and export on a temporary database, then games. Any memcheck error or definite
# leak fails the test; skipped (77) when valgrind is not installed.
#
# Environment: LW_CLI (the program), LW_CASES_DIR (the shared cases).
set -u

command -v valgrind >/dev/null 2>&1 || { echo "valgrind not found: skipped"; exit 77; }
[ -x "${LW_CLI:-}" ] || { echo "LW_CLI is not set or not a program" >&2; exit 1; }
[ -d "${LW_CASES_DIR:-}" ] || { echo "LW_CASES_DIR is not a folder" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lw-valgrind-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
db="$tmp/valgrind.sqlite3"
failures=0
runs=0

# Runs littlewolf-cli ARGS… under memcheck; statuses 0-2 are the CLI's own.
check() {
  runs=$((runs + 1))
  # Without LOCPATH: glibc keeps the path list it parses from it for
  # good (a definite leak of 58 bytes in newlocale(), reached through
  # p11-kit's start), which memcheck would blame on every run.
  env -u LOCPATH G_SLICE=always-malloc G_DEBUG=gc-friendly \
    valgrind --quiet --error-exitcode=99 --leak-check=full \
      --errors-for-leak-kinds=definite --show-leak-kinds=definite \
      --log-file="$tmp/log" "$LW_CLI" "$@" >"$tmp/out" 2>/dev/null
  status=$?
  if [ "$status" -gt 2 ]; then
    echo "FAIL (status $status): littlewolf-cli $*"
    cat "$tmp/log"
    failures=$((failures + 1))
  fi
}

n=0
for f in "$LW_CASES_DIR"/*/*.json; do
  case "$f" in *.expected.json) continue ;; esac
  n=$((n + 1))
  check score "$f"
  # Every command on one case in eight (a run under memcheck takes seconds)
  [ $((n % 8)) -eq 1 ] || continue
  check score --text "$f"
  check --db "$db" import "$f"
  id=$(cat "$tmp/out")
  if [ -n "$id" ]; then
    check --db "$db" show "$id"
    check --db "$db" show --text "$id"
    check --db "$db" export "$id"
  fi
done
check --db "$db" games

echo "$runs runs of littlewolf-cli under memcheck, $failures with errors or definite leaks"
[ "$failures" -eq 0 ]
