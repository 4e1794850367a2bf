#!/bin/sh
# tests/test-translations.sh SRCDIR BUILDDIR — checks every translation
# listed in po/LINGUAS:
#
#  1. msgfmt --check (format strings, plural forms, header) passes;
#  2. every message of a template generated now from po/POTFILES.in is
#     translated, and not fuzzy: a string added to the code without a
#     translation fails the test, named with its file and line;
#  3. the app's window, run under Xvfb with LANG=de_DE.UTF-8 and the
#     translations of the build folder (LW_LOCALEDIR=BUILDDIR/po), shows
#     German labels (the program LW_I18N_WINDOW names). The de_DE.UTF-8
#     locale is made in a temporary folder with localedef (LOCPATH), so
#     no root is needed; this part is skipped without localedef, the
#     locale's source (Debian package `locales`) or xvfb-run.
set -eu

src=${1:?usage: test-translations.sh SRCDIR BUILDDIR}
build=${2:?usage: test-translations.sh SRCDIR BUILDDIR}
status=0

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lw-translations-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# The template, as `meson compile little-wolf-pot` makes it (i18n's glib
# preset), but in the temporary folder
(
  cd "$src"
  xgettext --package-name=little-wolf --from-code=UTF-8 --add-comments \
    --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
    --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
    --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
    --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
    --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
    --files-from=po/POTFILES.in -o "$tmp/little-wolf.pot"
)
echo "template: $(grep -c '^msgid ' "$tmp/little-wolf.pot") messages (with the header)"

languages=$(sed 's/#.*//' "$src/po/LINGUAS" | tr -s ' \t' '\n\n' | sed '/^$/d')
[ -n "$languages" ] || { echo "po/LINGUAS lists no language"; exit 1; }

for lang in $languages; do
  po="$src/po/$lang.po"
  if [ ! -f "$po" ]; then
    echo "FAIL $lang: po/$lang.po is missing"
    status=1
    continue
  fi
  if ! msgfmt --check --statistics -o /dev/null "$po" 2>"$tmp/msgfmt"; then
    cat "$tmp/msgfmt"
    echo "FAIL $lang: msgfmt --check"
    status=1
    continue
  fi
  echo "$lang: $(cat "$tmp/msgfmt")"
  # msgcmp names each message of the template that the translation lacks,
  # leaves untranslated or marks fuzzy
  if ! msgcmp "$po" "$tmp/little-wolf.pot" 2>"$tmp/msgcmp"; then
    cat "$tmp/msgcmp"
    msgmerge --quiet --no-fuzzy-matching -o "$tmp/$lang.po" "$po" "$tmp/little-wolf.pot"
    msgattrib --untranslated --no-obsolete --no-wrap "$tmp/$lang.po" |
      grep '^msgid ' | grep -vx 'msgid ""' | sed "s/^msgid /  untranslated in $lang: /" || true
    msgattrib --only-fuzzy --no-obsolete --no-wrap "$tmp/$lang.po" |
      grep '^msgid ' | grep -vx 'msgid ""' | sed "s/^msgid /  fuzzy in $lang: /" || true
    echo "FAIL $lang: messages above are missing, untranslated or fuzzy in po/$lang.po" \
         "(msgmerge --update po/$lang.po po/little-wolf.pot, then translate them)"
    status=1
  fi
  # a message that is in the translation but no longer in the code
  if [ -n "$(msgattrib --only-obsolete "$po")" ]; then
    echo "note $lang: po/$lang.po keeps obsolete messages (#~)"
  fi
done

# The window in German
if [ -z "${LW_I18N_WINDOW:-}" ]; then
  echo "skip window: built without the UI tests"
elif ! command -v localedef >/dev/null || ! command -v xvfb-run >/dev/null; then
  echo "skip window: localedef or xvfb-run missing"
elif ! localedef -i de_DE -f UTF-8 "$tmp/de_DE.UTF-8" >"$tmp/localedef" 2>&1 &&
     [ ! -f "$tmp/de_DE.UTF-8/LC_CTYPE" ]; then
  cat "$tmp/localedef"
  echo "skip window: localedef could not make de_DE.UTF-8 (Debian: the package locales)"
elif ! echo "$languages" | grep -qx de; then
  echo "skip window: no German translation"
else
  # A GTK window: under AddressSanitizer without leak checks, as the UI
  # tests run (GTK and fontconfig keep caches for the life of the process).
  asan_options=$(printf '%s' "${ASAN_OPTIONS:-}" | sed 's/detect_leaks=1/detect_leaks=0/')
  if env -u LANGUAGE -u LC_MESSAGES LANG=de_DE.UTF-8 LC_ALL=de_DE.UTF-8 LOCPATH="$tmp" \
       LW_LOCALEDIR="$build/po" GSETTINGS_BACKEND=memory GSK_RENDERER=cairo \
       GTK_A11Y=none NO_AT_BRIDGE=1 ASAN_OPTIONS="${asan_options:-detect_leaks=0}" \
       xvfb-run -a -s '-screen 0 1280x800x24' "$LW_I18N_WINDOW" >"$tmp/window" 2>&1; then
    echo "window: German labels shown"
  else
    cat "$tmp/window"
    echo "FAIL window: the window does not show German (LW_LOCALEDIR=$build/po)"
    status=1
  fi
fi

exit $status
