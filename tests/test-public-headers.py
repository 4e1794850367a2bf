#!/usr/bin/env python3
# test-public-headers.py — a public header of the app (src/app/**/lw-*.h, not
# -private.h) declares only what another file of src/ calls: a function that
# only the tests call belongs in the widget's -private.h, which the tests
# include (docs/HACKING.md "Conventions", src/app/README.md).
#
#   test-public-headers.py SOURCE_ROOT
#
# Prints each test-only function with its header and fails when there is one.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."


def code_of(path):
    """The file's C without comments and with empty strings."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def sources(top):
    for folder, _, names in os.walk(os.path.join(root, top)):
        for name in names:
            if name.endswith((".c", ".h")):
                path = os.path.join(folder, name)
                yield path, code_of(path)


src = dict(sources("src"))
tests = dict(sources("tests"))
declared = re.compile(r"\b(lw_[a-z0-9_]+)\s*\(")
app = os.path.join(root, "src", "app") + os.sep
found = []
for header in sorted(p for p in src if p.startswith(app) and p.endswith(".h")
                     and not p.endswith("-private.h")):
    for name in sorted(set(declared.findall(src[header]))):
        if name.endswith("_get_type"):
            continue
        used = re.compile(r"\b" + name + r"\b")
        defined = re.compile(r"^" + name + r"\s*\(", re.M)
        homes = [p for p in src if p.endswith(".c") and defined.search(src[p])] or [header[:-2] + ".c"]
        callers = [p for p in src if p != header and p not in homes and used.search(src[p])]
        if not callers and any(used.search(t) for t in tests.values()):
            found.append((os.path.relpath(header, root), name))

for header, name in found:
    print(f"{header}: {name}() is called by the tests only: declare it in the -private.h")
print(f"{len(found)} test-only functions in public app headers")
sys.exit(1 if found else 0)
