#!/usr/bin/python3
# test-entry-names.py — the phone page of table entry with the longest
# names (docs/rules/GAME-RECORD.md "Names"): an event whose name is 100 letters
# without a space, its players a 39-character e-mail address and a name of
# 100 letters. At 360 and 320 px nothing is wider than the phone and every
# score on the board ends inside the screen. A second table's player has a
# name that starts with U+202E (right-to-left override, a format character
# the names rule allows beside visible ones): it must not turn the rest of
# a line around ("Ann deals · playing to 15" read backwards), so every
# name shown within a line is isolated (U+2068 … U+2069). A third table's
# names leave an isolate open (U+2066) or close one they never opened
# (U+2069), each before an override: the isolation still holds them (an
# open isolate closed, a stray U+2069 dropped), so every line is balanced
# and its own words stay outside the names.
#
# Skipped (exit 77) without chromium, chromedriver or python3-selenium.
# With LW_SCREENSHOT_DIR set, the page is saved there as PNGs, light and
# dark.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import subprocess
import tempfile

from lw_browser import Tap, clean_up, phone, program, run_cli, screenshot, set_width

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

serve = program("LW_ENTRY_SERVE")
cli = program("LW_CLI")
tap = Tap()
check = tap.check

EMAIL = "annabelle.mcallister-fstone@example.org"   # 39 characters
LONG = "W" * 100
EVENT = "SpringOpenAtTheFoxInn" * 4 + "SpringOpenAtThe"   # 99 characters
OVERRIDE = "\u202eRight to left"
OPEN = "\u2066\u202eOpen"
STRAY = "\u2069\u202eStray"


def isolates_balanced(line):
    """Whether every U+2069 of @line closes an isolate it opened, and
    every one it opens is closed."""
    depth = 0
    for ch in line:
        if ch in "\u2066\u2067\u2068":
            depth += 1
        elif ch == "\u2069":
            if depth == 0:
                return False
            depth -= 1
    return depth == 0


def outside_isolates(line, words):
    """Whether @words of @line stand outside every isolate."""
    at = line.find(words)
    return at >= 0 and isolates_balanced(line[:at]) and isolates_balanced(line)


def event_lines(driver, wait, server, db, event):
    """@server stopped, event @event served instead and its page opened:
    the new server and the page's lines that name the players (its
    subtitle and the board's note)."""
    server.terminate()
    server.wait(timeout=10)
    server = subprocess.Popen([serve, "--db", db, "--event", str(event)], stdout=subprocess.PIPE, text=True)
    driver.get(server.stdout.readline().split()[1])
    wait.until(lambda d: d.find_element(By.ID, "form-section").is_displayed())
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board td.num")) == 2)
    return server, driver.execute_script(
        "return ['subtitle', 'board-note'].map(id => document.getElementById(id).textContent)")


def main():
    tmp = tempfile.mkdtemp(prefix="lw-entry-names-")
    db = os.path.join(tmp, "entry.sqlite3")
    run_cli(cli, db, "event", "new", "--name", EVENT, "--format", "swiss", "--table-size", "2")
    run_cli(cli, db, "event", "add", "1", EMAIL, LONG)
    run_cli(cli, db, "event", "pair", "1")
    run_cli(cli, db, "event", "new", "--name", "Bidi", "--format", "swiss", "--table-size", "2")
    run_cli(cli, db, "event", "add", "2", OVERRIDE, "Bo")
    run_cli(cli, db, "event", "pair", "2")
    run_cli(cli, db, "event", "new", "--name", "Open", "--format", "swiss", "--table-size", "2")
    run_cli(cli, db, "event", "add", "3", OPEN, STRAY)
    run_cli(cli, db, "event", "pair", "3")
    server = subprocess.Popen([serve, "--db", db, "--event", "1"], stdout=subprocess.PIPE, text=True)
    driver = None
    try:
        url = server.stdout.readline().split()[1]
        driver = phone()
        wait = WebDriverWait(driver, 15)
        shots = os.environ.get("LW_SCREENSHOT_DIR")

        driver.get(url)
        wait.until(lambda d: d.find_element(By.ID, "form-section").is_displayed())
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board td.num")) == 2)
        for width in (360, 320):
            set_width(driver, width)
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            check(scroll <= width, f"at {width} px nothing is wider than the phone (scroll width {scroll})")
            rights = driver.execute_script(
                "return [...document.querySelectorAll('#board td.num')]"
                ".map(e => e.getBoundingClientRect().right)")
            check(len(rights) == 2 and all(r <= width for r in rights),
                  f"at {width} px both scores end inside the screen (right edges {rights})")
            names = driver.execute_script(
                "return [...document.querySelectorAll('#board td:first-child')].map(e => e.textContent)")
            check(any(EMAIL in n for n in names) and any(LONG in n for n in names),
                  "the board shows both names whole")
            if shots:
                screenshot(driver, shots, f"entry-long-names-{width}")

        server, lines = event_lines(driver, wait, server, db, 2)
        check(all("\u2068" + OVERRIDE + "\u2069" in line for line in lines if OVERRIDE in line)
              and OVERRIDE in lines[0],
              f"a name with a right-to-left override is isolated in the lines that name it ({lines!r})")
        check("playing to" in lines[1] and lines[1].count("\u2068") == lines[1].count("\u2069"),
              "the board's note keeps its own words outside the isolated names")
        if shots:
            set_width(driver, 360)
            screenshot(driver, shots, "entry-override-name-360")

        server, lines = event_lines(driver, wait, server, db, 3)
        check(all(isolates_balanced(line) for line in lines),
              f"names that leave an isolate open or close one they never opened are held in theirs ({lines!r})")
        check(outside_isolates(lines[1], "playing to"),
              f"the board's note keeps its own words outside those names ({lines[1]!r})")
    finally:
        clean_up([driver] if driver is not None else [], server, tmp)
    tap.finish()


if __name__ == "__main__":
    main()
