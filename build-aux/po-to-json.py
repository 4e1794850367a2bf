#!/usr/bin/python3
# build-aux/po-to-json.py OUTPUT SCRIPT… PO… — a phone page's translations
# (data/web/play.js, data/web/entry.js): writes OUTPUT as the SCRIPTs one
# after the other (web-i18n.js, then the page's) with, in front of them,
# `const LW_CATALOGS = {"fr": {msgid: msgstr, …}, …};` holding, for each
# PO file (its language is its name: fr.po → "fr"), the messages the
# SCRIPTs mark with _( ), N_( ) or C_( ) and the file translates (not
# fuzzy, not empty). A message with a context is keyed as gettext keys it,
# "context\u0004msgid". Run by meson (data/web/meson.build); Python's
# standard library only.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import re
import sys

STRING = r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\''


def js_string(match, first):
    text = match.group(first) if match.group(first) is not None else match.group(first + 1)
    return json.loads('"' + text.replace('\\\'', '\'') + '"')


def wanted(script):
    """The keys SCRIPT marks for translation."""
    keys = set()
    for m in re.finditer(r'\b(?:_|N_)\(\s*(?:' + STRING + r')\s*\)', script):
        keys.add(js_string(m, 1))
    for m in re.finditer(r'\bC_\(\s*(?:' + STRING + r')\s*,\s*(?:' + STRING + r')\s*\)', script):
        keys.add(js_string(m, 1) + '\u0004' + js_string(m, 3))
    return keys


def po_string(rest):
    return json.loads(rest.strip())


def read_po(path):
    """{key: msgstr} of PO file PATH's translated messages, not fuzzy."""
    messages = {}
    entry = {}
    field = None
    fuzzy = False

    def flush():
        nonlocal entry, fuzzy
        if 'msgid' in entry and entry.get('msgstr') and not fuzzy and entry['msgid']:
            key = entry['msgid']
            if 'msgctxt' in entry:
                key = entry['msgctxt'] + '\u0004' + key
            messages[key] = entry['msgstr']
        entry = {}
        fuzzy = False

    with open(path, encoding='utf-8') as po:
        for line in po:
            line = line.rstrip('\n')
            if line.startswith('#,') and 'fuzzy' in line:
                if 'msgid' in entry:
                    flush()
                fuzzy = True
            elif line.startswith('#~') or line.startswith('#'):
                continue
            elif not line.strip():
                flush()
                field = None
            elif line.startswith('"'):
                if field is not None:
                    entry[field] += po_string(line)
            else:
                name, _, rest = line.partition(' ')
                if name == 'msgctxt' or (name == 'msgid' and 'msgid' in entry):
                    if 'msgid' in entry:
                        flush()
                if name.startswith('msgstr['):
                    name = 'msgstr' if name == 'msgstr[0]' else None
                if name in ('msgctxt', 'msgid', 'msgstr'):
                    field = name
                    entry[name] = po_string(rest)
                else:
                    field = None
        flush()
    return messages


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: po-to-json.py OUTPUT SCRIPT… PO…')
    output, paths = sys.argv[1], sys.argv[2:]
    scripts = [p for p in paths if not p.endswith('.po')]
    pos = [p for p in paths if p.endswith('.po')]
    texts = []
    for path in scripts:
        with open(path, encoding='utf-8') as f:
            texts.append(f.read())
    script = '\n'.join(texts)
    keys = wanted(script)
    catalogs = {}
    for path in pos:
        lang = os.path.splitext(os.path.basename(path))[0]
        translated = read_po(path)
        catalogs[lang] = {k: translated[k] for k in sorted(keys) if k in translated}
    with open(output, 'w', encoding='utf-8') as out:
        out.write('// Generated from ' + ', '.join(os.path.basename(p) for p in scripts)
                  + ' and the translations; do not edit.\n')
        out.write('const LW_CATALOGS = ' + json.dumps(catalogs, ensure_ascii=False, sort_keys=True) + ';\n')
        out.write(script)


if __name__ == '__main__':
    main()
