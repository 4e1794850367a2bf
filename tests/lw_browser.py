# lw_browser.py — what the browser tests of table entry share
# (test-entry-browser.py, test-event-browser.py): the skip when Chromium,
# chromedriver or python3-selenium is missing, a headless Chromium at
# phone width, TAP lines, and the JSON API read and written as another
# phone would.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import shutil
import sys
import threading
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


def phone(dark=False):
    """A headless Chromium whose viewport is a phone's (360 × 740 CSS px)."""
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={PHONE_WIDTH},{PHONE_HEIGHT}", "--no-proxy-server"):
        options.add_argument(arg)
    # Headless windows are at least 500 px wide: a phone's viewport
    # comes from the device emulation.
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": PHONE_WIDTH, "height": PHONE_HEIGHT, "pixelRatio": 1.0}})
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    if dark:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    return driver


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
