#!/usr/bin/python3
# test-web-translations.py — every message the phone pages mark for
# translation (data/web/entry.js and play.js, and web-i18n.js in front of
# them: _( ), N_( ), C_( )) has a French and a German translation in the
# catalogs the build puts in front of them (build-aux/po-to-json.py), and
# each translation keeps the {placeholders} of its message. TAP output.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import importlib.util
import json
import os
import re
import sys

web = os.environ["LW_WEB_DIR"]
built = {"entry": os.environ["LW_ENTRY_JS"], "play": os.environ["LW_PLAY_JS"]}
here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "po_to_json", os.path.join(here, "..", "..", "build-aux", "po-to-json.py"))
po_to_json = importlib.util.module_from_spec(spec)
spec.loader.exec_module(po_to_json)

n = 0
failed = False


def check(ok, what):
    global n, failed
    n += 1
    print(("ok" if ok else "not ok") + f" {n} {what}")
    failed = failed or not ok


for page, path in built.items():
    with open(os.path.join(web, page + ".js"), encoding="utf-8") as f:
        keys = po_to_json.wanted(f.read())
    with open(path, encoding="utf-8") as f:
        first, second = f.readline(), f.readline()
    check(second.startswith("const LW_CATALOGS = "), f"{page}.js as built starts with its catalogs")
    catalogs = json.loads(second[len("const LW_CATALOGS = "):].rstrip().rstrip(";"))
    check(len(keys) > 20, f"{page}.js marks its words ({len(keys)} messages)")
    for lang in ("fr", "de"):
        catalog = catalogs.get(lang, {})
        missing = sorted(k for k in keys if k not in catalog)
        check(not missing, f"{page}.js: every message has a {lang} translation (missing: {missing})")
        changed = sorted(k for k in keys if k in catalog
                         and set(re.findall(r"\{\w+\}", k)) != set(re.findall(r"\{\w+\}", catalog[k])))
        check(not changed, f"{page}.js: the {lang} translations keep the placeholders (not: {changed})")

# Nothing on the entry page is left in English outside _( ): a quoted
# sentence in entry.js that is not marked fails.
with open(os.path.join(web, "entry.js"), encoding="utf-8") as f:
    script = f.read()
plain = [m.group(0) for m in re.finditer(r"(?<![_N(\w])'([A-Z][a-z]+ [^']*)'", script)
         if not re.search(r"(?:_|N_)\(\s*$", script[:m.start()])]
check(not plain, f"entry.js holds no unmarked sentence ({plain})")
print(f"1..{n}")
sys.exit(1 if failed else 0)
