#!/usr/bin/python3
# test-host-play.py — a whole game through the remote player's page
# against the real host: `littlewolf-cli host` with four partners seats,
# two of them computers and two played from headless Chromiums (one
# English, one German), to the game's end (the host exits 0). Along the
# way: a reload in the middle of a trick resumes it, a double tap on Play
# plays once, a refusal of the rules shows its words, and at 320, 360 and
# 1280 px nothing scrolls sideways and every name under the trick is whole.
# The game is then in the store (littlewolf-cli games).
#
# The pages choose their cards as a player would from what the page
# shows: the cards marked "must" first, then the other outlined ones; a
# refused follow is tried again with other outlined cards.
#
# Skipped (exit 77) without chromium, chromedriver or python3-selenium.
# With LW_SCREENSHOT_DIR set, the page is saved there mid-trick.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import random
import subprocess
import tempfile
import time

from lw_browser import Tap, clean_up, phone, program, screenshot, set_width

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

cli = program("LW_CLI")
tap = Tap()
check = tap.check

LONG = "Maximiliane-Theodora von Hohenzollern-Sigmaringen"
NAMES = ["Ann", "Ben", "Cleo", LONG]
# The whole game's bound: a stuck game fails rather than hang.
GAME_SECONDS = 420


def state_of(driver):
    return driver.execute_script("return page.state")


def pending(driver):
    return driver.execute_script("return page.pending")


def choose_tokens(driver, tokens):
    """Taps the shown cards that are @tokens (each copy once)."""
    shown = driver.execute_script("return page.shown")
    chosen = driver.execute_script("return [...page.chosen]")
    for place in chosen:
        driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-place="{place}"]').click()
    taken = set()
    for token in tokens:
        for place, t in enumerate(shown):
            if t == token and place not in taken:
                taken.add(place)
                driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-place="{place}"]').click()
                break


def act_once(driver, state, rng, tries, double=False):
    """Does what @state asks of the page's seat; returns True once the host
    took it (the version moved on), False after a refusal."""
    you = state["you"]
    version = state["version"]
    if "declare" in you["can"]:
        button = "declare-button" if state["seat"] == 3 else "decline-button"
        driver.execute_script(f"document.getElementById('{button}').click()")
    elif "discard" in you["can"]:
        choose_tokens(driver, state["hand"][:4])
        driver.execute_script("document.getElementById('discard-button').click()")
    else:
        trick = state["trick"]
        leading = not trick["plays"] or trick["winner"] is not None
        n = 1 if leading else len(trick["plays"][0]["cards"])
        playable = list(you["playable"])
        if leading:
            pick = [playable[0]] if tries == 0 else [rng.choice(playable)]
        else:
            rest = [c for c in state["hand"] if c in playable]
            for c in you["must"]:
                rest.remove(c)
            if tries > 0:
                rng.shuffle(rest)
            pick = list(you["must"]) + rest[:n - len(you["must"])]
        choose_tokens(driver, pick)
        if double:
            driver.execute_script("const b = document.getElementById('play-button'); b.click(); b.click();")
        else:
            driver.execute_script("document.getElementById('play-button').click()")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        now = state_of(driver)
        if now["version"] > version:
            return True
        if pending(driver) is None and driver.find_element(By.ID, "message").is_displayed():
            return False
        time.sleep(0.05)
    return False


def names_whole(driver, width):
    return driver.execute_script("""
      return [...document.querySelectorAll('#trick .play .who')].map(e => {
        const r = e.getBoundingClientRect();
        return [e.firstChild.textContent, e.scrollWidth <= e.clientWidth + 1, r.left >= 0, r.right <= arguments[0]];
      });""", width)


def main():
    tmp = tempfile.mkdtemp(prefix="lw-host-play-")
    db = os.path.join(tmp, "host.sqlite3")
    host = subprocess.Popen([cli, "host", "--players", "4", "--names", ",".join(NAMES),
                             "--seats", "computer:easy,remote,computer:easy,remote", "--partners",
                             "--seed", "11", "--port", "0", "--database", db,
                             "--pause", "30", "--hold", "100"],
                            stdout=subprocess.PIPE, text=True)
    drivers = []
    rng = random.Random(5)
    try:
        links = {}
        for _ in range(2):
            line = host.stdout.readline()
            seat = int(line.split()[1])
            links[seat] = line.split(": ", 1)[1].strip()
        check(sorted(links) == [1, 3], f"the host prints a link for each remote seat ({sorted(links)})")
        pages = {1: phone(), 3: phone(lang="de")}
        drivers.extend(pages.values())
        for seat, driver in pages.items():
            driver.get(links[seat])
        for seat, driver in pages.items():
            WebDriverWait(driver, 15).until(lambda d: state_of(d) is not None)
        check(pages[3].find_element(By.ID, "hand-title").text == "Ihre Hand"
              and "Partner" in pages[1].find_element(By.CSS_SELECTOR, '#seats li[data-seat="3"]').text,
              "the German page speaks German; Ben's page marks seat 3 as his partner")
        shots = os.environ.get("LW_SCREENSHOT_DIR")
        reloaded = doubled = refused_seen = widths = False
        actions = 0
        start = time.monotonic()
        over = False
        while time.monotonic() - start < GAME_SECONDS and not over:
            over = True
            for seat, driver in pages.items():
                state = state_of(driver)
                if state is None or state["phase"] != "game-over":
                    over = False
                if not state or not state["you"]["to_act"] or pending(driver):
                    continue
                trick = state["trick"]
                mid = state["phase"] == "play" and trick["plays"] and trick["winner"] is None
                if mid and seat == 1 and not widths:
                    widths = True
                    for width in (320, 360, 1280):
                        set_width(driver, width)
                        time.sleep(0.2)
                        scroll = driver.execute_script("return document.documentElement.scrollWidth")
                        rows = names_whole(driver, width)
                        check(scroll <= width and rows and all(r[0] in NAMES and all(r[1:]) for r in rows),
                              f"at {width} px no sideways scroll ({scroll}) and every name under "
                              f"the trick whole ({rows})")
                        if shots:
                            screenshot(driver, shots, f"play-host-mid-trick-{width}")
                    set_width(driver, 360)
                if mid and seat == 3 and not reloaded:
                    reloaded = True
                    driver.refresh()
                    WebDriverWait(driver, 15).until(lambda d: state_of(d) is not None)
                    again = state_of(driver)
                    check(again["trick"]["plays"] == trick["plays"] and sorted(again["hand"]) == sorted(state["hand"])
                          and again["you"]["to_act"],
                          "a reload in the middle of a trick resumes it (the same plays, hand and turn)")
                    state = again
                tries = 0
                double = state["phase"] == "play" and not doubled and seat == 1
                while not act_once(driver, state, rng, tries, double=double):
                    text = driver.find_element(By.ID, "message").text
                    if not refused_seen and text:
                        refused_seen = True
                        check(len(text) > 10 and "_" not in text,
                              f"a refused play shows the host's words ({text!r})")
                    tries += 1
                    if tries > 40:
                        raise RuntimeError(f"seat {seat}: no play taken after 40 tries")
                    state = state_of(driver)
                    if not state["you"]["to_act"]:
                        break
                actions += 1
                if double:
                    doubled = True
                    time.sleep(0.5)
                    after = state_of(driver)
                    before_n = len(state["hand"])
                    mine = [p for p in after["trick"]["plays"] if p["seat"] == 1] if after["trick"] else []
                    last = after["last_trick"] or {"plays": []}
                    mine += [p for p in last["plays"] if p["seat"] == 1] if not mine else []
                    check(len(after["hand"]) == before_n - len(mine[0]["cards"]) if mine else False,
                          f"a double tap on Play plays once (hand {before_n} → {len(after['hand'])})")
            time.sleep(0.05)
        check(over, f"the game was played to its end through the pages ({actions} actions, "
                    f"{time.monotonic() - start:.0f} s)")
        for seat, driver in pages.items():
            check(driver.find_element(By.ID, "end-section").is_displayed()
                  and driver.find_element(By.ID, "board").text.strip() != "",
                  f"seat {seat}'s page shows the game's end")
        check(pages[3].find_element(By.ID, "end-title").text == "Partie vorbei",
              "the German page's end heading is German")
        status = host.wait(timeout=30)
        check(status == 0, f"the host exits 0 once the game ended ({status})")
        host = None
        games = subprocess.run([cli, "--db", db, "games"], capture_output=True, text=True, timeout=60)
        check(games.returncode == 0 and LONG in games.stdout,
              f"the game is in the store ({games.stdout.strip()[:120]!r})")
    finally:
        clean_up(drivers, host, tmp)
    tap.finish()


if __name__ == "__main__":
    main()
