#!/usr/bin/python3
# test-host-three.py — a 3-player game with three browsers: `littlewolf-cli
# host` with three remote seats (no pause, no trick hold), each played from
# its own headless Chromium (English, French, German) by scripted taps of
# the cards the page outlines, for ROUNDS whole rounds (a whole 3-player
# game is some 40 rounds, over half an hour of browser time on a loaded
# machine: the rounds are bounded instead), then the host is stopped (it
# exits 1 with the finished rounds stored). Then the stored game is read:
# each finished round stored with its log, every page saw each of them,
# and every card a page ever showed in its hand is one that its own seat
# played or put away in that round's stored log — no page ever showed
# another seat's card.
#
# Skipped (exit 77) without chromium, chromedriver or python3-selenium.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import importlib.util
import json
import os
import random
import sqlite3
import subprocess
import tempfile
import time

from lw_browser import Tap, clean_up, phone, program

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

# The pages' scripted player: test-host-play.py's.
_spec = importlib.util.spec_from_file_location(
    "host_play", os.path.join(os.path.dirname(os.path.abspath(__file__)), "test-host-play.py"))
host_play = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(host_play)

cli = program("LW_CLI")
tap = Tap()
check = tap.check

NAMES = ["Ann", "Ben", "Cleo"]
ROUNDS = 3
GAME_SECONDS = 300


def look_at(driver):
    """The page's state and the cards its hand shows, in one call."""
    return driver.execute_script(
        "return [page.state, [...document.querySelectorAll('#hand .card')].map(b => b.dataset.card)]")


def stored_rounds(db):
    try:
        with sqlite3.connect(db, timeout=1) as con:
            return con.execute("SELECT count(*) FROM virtual_round_logs").fetchone()[0]
    except sqlite3.Error:
        return 0


def main():
    tmp = tempfile.mkdtemp(prefix="lw-host-three-")
    db = os.path.join(tmp, "host.sqlite3")
    host = subprocess.Popen([cli, "host", "--players", "3", "--names", ",".join(NAMES),
                             "--seats", "remote,remote,remote", "--seed", "23", "--port", "0",
                             "--database", db, "--pause", "0", "--hold", "0"],
                            stdout=subprocess.PIPE, text=True)
    drivers = []
    rng = random.Random(3)
    # Per seat: the rounds it saw, in order, each {"key": …, "shown": set of cards}.
    seen = {seat: [] for seat in range(3)}
    try:
        links = {}
        for _ in range(3):
            line = host.stdout.readline()
            seat = int(line.split()[1])
            links[seat] = line.split(": ", 1)[1].strip()
        check(sorted(links) == [0, 1, 2], f"the host prints a link for each of the three seats ({sorted(links)})")
        pages = {seat: phone(lang=lang) for seat, lang in ((0, "en"), (1, "fr"), (2, "de"))}
        drivers.extend(pages.values())
        for seat, driver in pages.items():
            driver.get(links[seat])
        for seat, driver in pages.items():
            WebDriverWait(driver, 15).until(lambda d: host_play.state_of(d) is not None)
        check(all(host_play.state_of(d)["seat"] == s and host_play.state_of(d)["n_players"] == 3
                  for s, d in pages.items()), "each page plays its own seat of three")

        def look(seat, driver):
            """Notes the cards the page shows in its hand, by round."""
            state, shown = look_at(driver)
            if not state or state["phase"] not in ("bid", "exchange", "play"):
                return state
            key = json.dumps([state["dealer"], state["scores"]])
            rounds = seen[seat]
            if not rounds or rounds[-1]["key"] != key:
                rounds.append({"key": key, "shown": set()})
            rounds[-1]["shown"].update(shown)
            return state

        start = time.monotonic()
        actions = 0
        done = 0
        checked = start
        while time.monotonic() - start < GAME_SECONDS and done < ROUNDS:
            if time.monotonic() - checked > 1:
                checked = time.monotonic()
                done = stored_rounds(db)
            for seat, driver in pages.items():
                state = look(seat, driver)
                if not state or not state["you"]["to_act"] or host_play.pending(driver):
                    continue
                tries = 0
                while not host_play.act_once(driver, state, rng, tries):
                    tries += 1
                    if tries > 40:
                        raise RuntimeError(f"seat {seat}: no play taken after 40 tries")
                    state = look(seat, driver)
                    if not state or not state["you"]["to_act"]:
                        break
                actions += 1
            time.sleep(0.02)
        elapsed = time.monotonic() - start
        check(done >= ROUNDS, f"{ROUNDS} whole rounds were played through the three pages "
                              f"({done} stored, {actions} actions, {elapsed:.0f} s)")
        host.terminate()
        status = host.wait(timeout=30)
        check(status == 1, f"the host stopped by a signal exits 1, its finished rounds stored ({status})")
        host = None

        with sqlite3.connect(db) as con:
            game = con.execute("SELECT id FROM games ORDER BY id DESC LIMIT 1").fetchone()[0]
            n_rounds = con.execute("SELECT count(*) FROM rounds WHERE game = ?", (game,)).fetchone()[0]
            logs = [json.loads(log) for (log,) in con.execute(
                "SELECT log FROM virtual_round_logs WHERE game = ? ORDER BY number", (game,))]
        played = [len(seen[s]) for s in range(3)]
        # The round dealt after the last stored one may have begun too.
        check(n_rounds >= ROUNDS and len(logs) == n_rounds and all(n in (n_rounds, n_rounds + 1) for n in played),
              f"every round the pages played is stored with its log ({n_rounds} rounds, {len(logs)} logs, "
              f"seen by the pages {played})")
        leaks = []
        for number, log in enumerate(logs, 1):
            check(log.get("players") == 3, f"round {number}'s log is of three seats")
            own = {s: set() for s in range(3)}
            for action in log.get("actions", []):
                # "9S 9C B=9": the cards, a wildcard's meaning after "=".
                own[action["seat"]].update(c.split("=")[0] for c in (action.get("cards") or "").split())
            for seat in range(3):
                if number <= len(seen[seat]):
                    other = seen[seat][number - 1]["shown"] - own[seat]
                    if other:
                        leaks.append((number, seat, sorted(other)))
        sizes = [[len(r["shown"]) for r in seen[s][:n_rounds]] for s in range(3)]
        check(all(n >= 5 for row in sizes for n in row),
              f"each page showed its hand in every round (cards shown per round: {sizes})")
        check(not leaks, f"no page ever showed a card that is not its own seat's ({leaks[:5]})")
    finally:
        clean_up(drivers, host, tmp)
    tap.finish()


if __name__ == "__main__":
    main()
