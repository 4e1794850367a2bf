#!/usr/bin/env bash
# test-rules-docs.sh SOURCE_ROOT — the rulings cited in the code are in docs/rules/.
#
# Every ruling number that src/, tests/, fuzz/, the README or docs/*.md cite (R15, R20a, G3, T22,
# E24, D4) has its heading in docs/rules/ ("### R15. …"; a worked example
# its row "|E24|…" in TRICKS.md), and docs/rules/ holds exactly the rulings
# the project's rule texts define, each once: R1–R25 and R20a, G1–G3,
# T1–T30, E1–E49, D1–D10. Needs nothing outside the repository.
set -u

root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
rules="$root/docs/rules"
failed=0

fail () {
  echo "test-rules-docs: $*" >&2
  failed=1
}

for page in README.md SCORING.md TRICKS.md DUPLICATE.md GAME-RECORD.md CLI.md; do
  [ -f "$rules/$page" ] || fail "docs/rules/$page is missing"
done
[ "$failed" -eq 0 ] || exit 1

# The rulings docs/rules/ defines: headings "### R15." and example rows "|E24|".
defined=$( {
  grep -hoE '^### [RGTD][1-9][0-9]?a?\.' "$rules"/*.md | sed -E 's/^### //; s/\.$//'
  grep -hoE '^\|E[1-9][0-9]?\|' "$rules"/TRICKS.md | tr -d '|'
} | sort)

# Each defined once.
dups=$(printf '%s\n' "$defined" | uniq -d)
[ -z "$dups" ] || fail "defined more than once in docs/rules/: $(echo $dups)"

# Exactly the rulings of the rule texts, contiguous.
expected=$( {
  for n in $(seq 1 25); do echo "R$n"; done; echo R20a
  for n in $(seq 1 3); do echo "G$n"; done
  for n in $(seq 1 30); do echo "T$n"; done
  for n in $(seq 1 49); do echo "E$n"; done
  for n in $(seq 1 10); do echo "D$n"; done
} | sort)
missing=$(comm -23 <(printf '%s\n' "$expected") <(printf '%s\n' "$defined" | uniq))
extra=$(comm -13 <(printf '%s\n' "$expected") <(printf '%s\n' "$defined" | uniq))
[ -z "$missing" ] || fail "rulings with no heading in docs/rules/: $(echo $missing)"
[ -z "$extra" ] || fail "headings in docs/rules/ that no rule text defines: $(echo $extra)"

# Every ruling the code and the documents cite, where they cite it. A number in the form the
# code uses: a word of its own, no leading zero (R02-… names a case file).
cited=$(cd "$root" && grep -rnoE --include='*.c' --include='*.h' --include='*.py' \
          --include='*.sh' --include='meson.build' \
          '\b[RGTED][1-9][0-9]?a?\b' src tests fuzz 2>/dev/null
        grep -noE '\b[RGTED][1-9][0-9]?a?\b' README.md docs/*.md 2>/dev/null)
[ -n "$cited" ] || fail "no ruling cited in src/, tests/ or fuzz/ (is $root the source root?)"
n_cited=$(printf '%s\n' "$cited" | wc -l)
undefined=$(printf '%s\n' "$cited" |
            awk -F: 'NR == FNR { known[$0] = 1; next }
                     !($NF in known) { print $1 ":" $2 ": cites " $NF ", which docs/rules/ does not define" }' \
                <(printf '%s\n' "$defined") -)
[ -z "$undefined" ] || fail "$undefined"

if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "test-rules-docs: $(printf '%s\n' "$defined" | wc -l) rulings in docs/rules/, $n_cited citations checked"
