#!/bin/sh
# tests/test-include-cycles.sh SRCDIR — no include cycle among the app's
# files: each lw-foo.c + lw-foo.h (+ lw-foo-private.h) is one node, an #include "lw-bar.h"
# of either (lw-bar.h anywhere under src/app, whose feature folders
# are all on the include path) an edge foo → bar; a cycle (window →
# game page → window) fails, printed as the path that closes it. Pages
# reach their window only through signals and actions, never its header.
set -eu

src=${1:?usage: test-include-cycles.sh SRCDIR}
app="$src/src/app"

[ -d "$app" ] || { echo "test-include-cycles: $app: no such folder" >&2; exit 1; }

headers=$(find "$app" -name 'lw-*.h' -exec basename {} \; | sort)

find "$app" -name '*.[ch]' | sort | while read -r file; do
  from=$(basename "$file"); from=${from%.*}; from=${from%-private}
  sed -n 's/^#include "\(lw-[a-z0-9-]*\)\.h".*/\1/p' "$file" | while read -r to; do
    if printf '%s\n' "$headers" | grep -qx "$to.h" && [ "${to%-private}" != "$from" ]; then
      echo "$from ${to%-private}"
    fi
  done
done | sort -u | awk '
  { edges[$1] = edges[$1] " " $2; nodes[$1] = 1; nodes[$2] = 1 }
  function visit(node, path,    n, next_nodes, i, found) {
    if (state[node] == 1) { print "include cycle: " path; return 1 }
    if (state[node] == 2) return 0
    state[node] = 1
    n = split(edges[node], next_nodes, " ")
    found = 0
    for (i = 1; i <= n; i++)
      if (visit(next_nodes[i], path " -> " next_nodes[i])) found = 1
    state[node] = 2
    return found
  }
  END {
    bad = 0
    count = 0
    for (node in nodes) { count++; if (visit(node, node)) bad = 1 }
    if (!bad) print "test-include-cycles: " count " app files, no cycle"
    exit bad
  }'
