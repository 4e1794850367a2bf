# lw_browser.py — what the browser tests of table entry share
# (test-entry-browser.py, test-event-browser.py, test-duplicate-browser.py,
# test-entry-names.py): the skip when Chromium, chromedriver or
# python3-selenium is missing, a headless Chromium at phone width,
# littlewolf-cli run on the test's database, the tables of an event round
# entered from one phone each at once, an event's final standings
# checked in order, TAP lines, the JSON API read and written as another
# phone would, and the clean-up at a test's end.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import base64
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

SKIP = 77
PHONE_WIDTH = 360
PHONE_HEIGHT = 740


def skip(why):
    print(f"1..0 # SKIP {why}")
    sys.exit(SKIP)


chromium = shutil.which("chromium") or shutil.which("chromium-browser")
chromedriver = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if chromium is None or chromedriver is None:
    skip("chromium and chromedriver are needed (apt-get install chromium chromium-driver)")
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:
    skip("python3-selenium is needed")


def program(variable):
    """The path of a program the build names in the environment."""
    path = os.environ.get(variable)
    if not path:
        print(f"Bail out! {variable} names no program")
        sys.exit(1)
    return path


def _save_page(driver, path):
    """The whole page, not only what the phone's screen shows."""
    width, height = driver.execute_script(
        "return [document.documentElement.clientWidth, document.documentElement.scrollHeight]")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    with open(path, "wb") as out:
        out.write(base64.b64decode(shot["data"]))


def screenshot(driver, folder, name):
    """Saves the whole page as NAME.png, and as NAME-dark.png with the
    system's dark style asked for (prefers-color-scheme: dark)."""
    _save_page(driver, os.path.join(folder, name + ".png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    _save_page(driver, os.path.join(folder, name + "-dark.png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def phone(lang=None):
    """A headless Chromium whose viewport is a phone's (360 × 740 CSS px);
    @lang (e.g. "de"): the language it asks pages for (navigator.language)."""
    options = webdriver.ChromeOptions()
    if lang:
        options.add_argument(f"--lang={lang}")
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    options.binary_location = chromium
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={PHONE_WIDTH},{PHONE_HEIGHT}", "--no-proxy-server"):
        options.add_argument(arg)
    # Headless windows are at least 500 px wide: a phone's viewport
    # comes from the device emulation.
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": PHONE_WIDTH, "height": PHONE_HEIGHT, "pixelRatio": 1.0}})
    return webdriver.Chrome(service=Service(chromedriver), options=options)


# The shown texts that do not fit their box: an element whose text is
# clipped or ellipsized, a select whose chosen option is wider than the
# room left by its padding and arrow.
_CUT_TEXTS = """
const cut = [];
const context = document.createElement('canvas').getContext('2d');
for (const e of document.querySelectorAll('h1, h2, p, label, th, td, button, li div, select, span')) {
  if (e.offsetParent === null)
    continue;
  if (e.tagName === 'SELECT') {
    const style = getComputedStyle(e);
    context.font = style.font;
    const option = e.options[e.selectedIndex];
    const text = option ? option.text : '';
    const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    if (context.measureText(text).width > room)
      cut.push(text);
  } else if (e.scrollWidth > e.clientWidth + 1) {
    cut.push(e.textContent.trim().slice(0, 40));
  }
}
return cut;
"""


def cut_texts(driver):
    """The texts on the page that do not fit their box (empty: none)."""
    return driver.execute_script(_CUT_TEXTS)


def set_width(driver, width):
    """Gives the phone's viewport another width in CSS px."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": PHONE_HEIGHT, "deviceScaleFactor": 1, "mobile": True})


def run_cli(cli, db, *args):
    """Runs littlewolf-cli @cli on the database @db with @args (each made
    a string); its standard output, or RuntimeError with its stderr."""
    result = subprocess.run([cli, "--db", db] + [str(a) for a in args],
                            capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(f"littlewolf-cli {' '.join(map(str, args))}: {result.stderr.strip()}")
    return result.stdout


def play_at_once(drivers, tables, play_table, shots):
    """Runs play_table(driver, table, shots) for each of @tables at the
    same time, one thread and one browser of @drivers each (phones added
    to @drivers as needed, kept for the next round); the seconds it took."""
    while len(drivers) < len(tables):
        drivers.append(phone())
    begun = time.monotonic()
    threads = [threading.Thread(target=play_table, args=(drivers[i], table, shots))
               for i, table in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.monotonic() - begun


def check_standings_order(check, standings, expected, rounds):
    """Checks (with @check, a Tap's) that the event of @standings (its
    `event standings --json`) is finished after @rounds rounds and ranks
    the players as @expected does (rows with "player"); the pairs of
    @expected's rows and the standings' rows, to compare row by row."""
    check(standings["finished"] and standings["rounds_paired"] == rounds,
          f"the event is finished after {standings['rounds_paired']} rounds")
    got = standings["standings"]
    check([row["player"] for row in got] == [row["player"] for row in expected],
          "the standings' order: " + ", ".join(row["player"] for row in got))
    return zip(expected, got)


def clean_up(drivers, server, tmp):
    """At a test's end, whatever failed: quits each browser of @drivers,
    stops the server (None: none was started) and removes the folder @tmp."""
    for driver in drivers:
        driver.quit()
    if server is not None:
        server.terminate()
        server.wait(timeout=10)
    shutil.rmtree(tmp, ignore_errors=True)


class Tap:
    """TAP lines, numbered in order; safe to call from several threads."""

    def __init__(self):
        self.tests = 0
        self.failed = 0
        self.lock = threading.Lock()

    def check(self, ok, what):
        with self.lock:
            self.tests += 1
            print(("ok" if ok else "not ok") + f" {self.tests} {what}", flush=True)
            if not ok:
                self.failed += 1
        return ok

    def finish(self):
        print(f"1..{self.tests}")
        sys.exit(1 if self.failed else 0)


def _split(url):
    base, secret = url.split("#")
    host, game = base.split("/t/")
    return host, game, secret


def state(url):
    """The table's state (GET /api/tables/GAME) for a page's link."""
    host, game, secret = _split(url)
    request = urllib.request.Request(f"{host}/api/tables/{game}", headers={"X-Table-Secret": secret})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def post_round(url, facts):
    """Sends the next round as another phone would; returns the status."""
    now = state(url)
    host, game, secret = _split(url)
    body = json.dumps({"number": now["next_round"], "version": now["version"], "round": facts}).encode()
    request = urllib.request.Request(f"{host}/api/tables/{game}/rounds", data=body, method="POST",
                                     headers={"X-Table-Secret": secret, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as e:
        return e.code
