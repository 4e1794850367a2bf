#!/usr/bin/env bash
# test-hacking-paths.sh SOURCE_ROOT — the map of the code names what is there.
#
# docs/HACKING.md, every src/*/README.md and tests/README.md:
#  - every file or folder they name exists: a path in backquotes (`record/lw-record.{c,h}`,
#    `lw-store-db.c`, `src/web/`), a path of the tree in the text (tests/ui/, docs/rules/CLI.md)
#    and a Markdown link's target. A path is read from the source root or from the document's
#    folder; a bare file name in a README from anywhere under its folder, in docs/ from
#    anywhere in the tree; `{c,h}` names both files;
#  - every function they name (`lw_standings_compute()`, main()) and every type or constant in
#    backquotes (`LwTableSession`, `LW_STORE_ERROR`) occurs in the code of src/, tests/, fuzz/
#    or data/ (C, Python, JavaScript and shell files).
# And every file under src/ is the file of exactly one line of its folder's README ("- `a.c`,
# `b.{c,h}`: what they do"), or of none and starts with a comment of its own ("/* a.c — …" for C,
# "#" for the others); a file directly in src/ is named in HACKING.md.
# Needs nothing outside the repository.
set -u

root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 1
failed=0

fail () {
  echo "test-hacking-paths: $*" >&2
  failed=1
}

[ -f docs/HACKING.md ] && [ -d src ] || { echo "test-hacking-paths: $root is not the source root" >&2; exit 1; }

docs=(docs/HACKING.md docs/GLOSSARY.md src/*/README.md tests/README.md)

# Every file of the tree (not the build folders), and every identifier of the code.
declare -A in_tree ident
while IFS= read -r file; do
  # Each file under every folder that holds it: "src/engine lw-score.c", …, ". lw-score.c".
  base=${file##*/}
  dir=$file
  while [ "$dir" != "${dir%/*}" ]; do
    dir=${dir%/*}
    in_tree["$dir $base"]=1
  done
  in_tree[". $base"]=1
done < <(find . \( -path ./.git -o -path ./build -o \( -path './build-*' ! -path './build-aux*' \) \) -prune \
           -o -type f -print | sed 's|^\./||')
while IFS= read -r name; do
  ident["$name"]=1
done < <(grep -rhoE --include='*.[ch]' --include='*.py' --include='*.js' --include='*.sh' \
           '\b[A-Za-z_][A-Za-z0-9_]*\b' src tests fuzz data 2>/dev/null | sort -u)

# "a.{c,h}" → "a.c a.h"; anything else as it is.
expand () {
  case "$1" in
    *'{'*'}'*)
      local pre=${1%%\{*} rest=${1#*\{}
      local alts=${rest%%\}*} post=${rest#*\}} alt
      local IFS=,
      for alt in $alts; do expand "$pre$alt$post"; done ;;
    *) printf '%s\n' "$1" ;;
  esac
}

# exists DOC PATH: PATH names a file or folder from the root or DOC's folder; a bare file
# name, anywhere under DOC's folder (a README) or the tree (HACKING.md).
exists () {
  local doc=$1 path=$2 dir
  dir=$(dirname "$doc")
  [ -e "$path" ] || [ -e "$dir/$path" ] && return 0
  case "$path" in
    */*) return 1 ;;
  esac
  case "$doc" in docs/*) dir=. ;; esac
  [ -n "${in_tree["$dir $path"]+set}" ]
}

n_paths=0
n_names=0
for doc in "${docs[@]}"; do
  # The text outside fenced code blocks, with its line numbers.
  text=$(awk '/^```/ { fenced = !fenced; next } !fenced { print NR ": " $0 }' "$doc")

  # Paths in backquotes: a word of path characters with a folder or a file name's ending.
  paths=$( {
    printf '%s\n' "$text" | grep -oE '`[A-Za-z0-9_.{},/-]+`' | tr -d '`' |
      grep -E '/|[^/]\.(c|h|py|sh|md|ui|xml|css|js|html|json|supp|mjs|dict|in|po)$' | grep -vE '^\.\./|^-|foo|NAME'
    printf '%s\n' "$text" | grep -oE '(^|[^A-Za-z0-9_./-])(src|tests|docs|data|ui|po|fuzz|build-aux|\.ci)/[A-Za-z0-9_.{},/-]*' |
      sed -E 's/^[^a-z.]//; s/[.,]+$//'
    printf '%s\n' "$text" | grep -oE '\]\([^)#]+' | sed 's/^](//' | grep -v '^[a-z]*://'
  } | sort -u)
  while IFS= read -r token; do
    [ -n "$token" ] || continue
    while IFS= read -r path; do
      n_paths=$((n_paths + 1))
      exists "$doc" "$path" || fail "$doc names $path, which does not exist"
    done < <(expand "$token")
  done <<< "$paths"

  # Functions anywhere in the text; types and constants in backquotes.
  names=$( {
    printf '%s\n' "$text" | grep -oE '\b[a-z_][a-z0-9_]*\(\)' | sed 's/()$//'
    printf '%s\n' "$text" | grep -oE '`(Lw[A-Z][A-Za-z0-9]*|LW_[A-Z0-9_]+)`' | tr -d '`'
  } | sort -u)
  while IFS= read -r name; do
    [ -n "$name" ] || continue
    n_names=$((n_names + 1))
    [ -n "${ident["$name"]+set}" ] || fail "$doc names $name, which the code does not have"
  done <<< "$names"
done

# Each file under src/: one README line, or a comment of its own at its top. A line's files
# are the backquoted names before its first ":" outside backquotes.
declare -A lines_of
for readme in src/*/README.md; do
  folder=${readme%/README.md}
  while IFS= read -r token; do
    while IFS= read -r name; do
      lines_of["$folder/$name"]=$(( ${lines_of["$folder/$name"]:-0} + 1 ))
    done < <(expand "$token")
  done < <(grep -E '^- `' "$readme" | sed -E 's/^- //; s/^((`[^`]*`|[^`:])*):.*/\1/' |
           grep -oE '`[^`]+`' | tr -d '`')
done
n_lines=0
n_comments=0
while IFS= read -r file; do
  if [ "${file%/*}" = src ]; then
    grep -qF "$file" docs/HACKING.md || fail "$file is not named in docs/HACKING.md"
    continue
  fi
  folder=$(printf '%s\n' "$file" | cut -d/ -f1-2)
  count=${lines_of["$file"]:-0}
  if [ "$count" -gt 1 ]; then
    fail "$file has $count lines in $folder/README.md"
  elif [ "$count" -eq 1 ]; then
    n_lines=$((n_lines + 1))
  else
    first=$(grep -m1 -vE '^\s*$' "$file")
    case "$file" in
      *.c|*.h) expected="/* ${file##*/} — " ;;
      *) expected="#" ;;
    esac
    case "$first" in
      "$expected"*) n_comments=$((n_comments + 1)) ;;
      *) fail "$file has no line in $folder/README.md and no comment at its top" ;;
    esac
  fi
done < <(find src -type f ! -name README.md | sort)

if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "test-hacking-paths: ${#docs[@]} documents, $n_paths paths and $n_names names checked;" \
     "files in src/: $n_lines with their README line, $n_comments with only their own comment"
