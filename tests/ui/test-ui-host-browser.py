#!/usr/bin/python3
# test-ui-host-browser.py UI_DEMO CLI — a person at the app and a person in
# a browser play a whole game together against two computers
# (docs/REMOTE-PLAY.md "Hosting from the app"): the app hosts it
# (ui-demo table-hosted-play: Ann's seat played through the table page's
# actions), a headless Chromium plays Ben's seat through the link's page
# (data/web/play.html), to the game's end; the game is then stored
# (littlewolf-cli games). Run under an Xvfb of its own (with-xvfb.sh).
#
# Skipped (exit 77) without chromium, chromedriver or python3-selenium.
# With LW_SCREENSHOT_DIR set, the app's screen and the page are saved there
# at the same moment, mid-trick (app-browser-host.png,
# app-browser-remote.png).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import importlib.util
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web"))
from lw_browser import Tap, clean_up, phone, screenshot

from selenium.webdriver.support.ui import WebDriverWait

demo, cli = sys.argv[1], sys.argv[2]
os.environ.setdefault("LW_CLI", cli)
# The page's moves are test-host-play.py's: the marked cards first.
_spec = importlib.util.spec_from_file_location("host_play", os.path.join(sys.path[0], "test-host-play.py"))
host_play = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(host_play)

tap = Tap()
check = tap.check
GAME_SECONDS = 720


def main():
    tmp = tempfile.mkdtemp(prefix="lw-ui-host-browser-")
    db = os.path.join(tmp, "app.sqlite3")
    env = dict(os.environ, GSK_RENDERER="cairo")
    app = subprocess.Popen([demo, "table-hosted-play", db, "1280x800"], stdout=subprocess.PIPE, text=True, env=env)
    drivers = []
    rng = random.Random(18)
    try:
        link = app.stdout.readline().strip()
        check(link.startswith("http://127.0.0.1:") and "/play#t=" in link,
              f"the app prints Ben's link ({link[:40]}…)")
        page = phone()
        drivers.append(page)
        page.get(link)
        WebDriverWait(page, 15).until(lambda d: host_play.state_of(d) is not None)
        first = host_play.state_of(page)
        check(first["seat"] == 1 and first["names"][:2] == ["Ann", "Ben"],
              f"the page plays seat 2, Ben ({first['seat']}, {first['names']})")
        shots = os.environ.get("LW_SCREENSHOT_DIR")
        shot = False
        actions = 0
        start = time.monotonic()
        state = first
        while time.monotonic() - start < GAME_SECONDS:
            state = host_play.state_of(page)
            if state and state["phase"] == "game-over":
                break
            if not state or not state["you"]["to_act"] or host_play.pending(page):
                time.sleep(0.05)
                continue
            trick = state["trick"]
            if shots and not shot and state["phase"] == "play" and trick["plays"] and trick["winner"] is None:
                shot = True
                subprocess.run(["import", "-window", "root", os.path.join(shots, "app-browser-host.png")],
                               check=False, timeout=30)
                screenshot(page, shots, "app-browser-remote")
            tries = 0
            while not host_play.act_once(page, state, rng, tries):
                tries += 1
                if tries > 40:
                    raise RuntimeError("Ben: no play taken after 40 tries")
                state = host_play.state_of(page)
                if not state["you"]["to_act"]:
                    break
            actions += 1
        check(state is not None and state["phase"] == "game-over",
              f"the game was played to its end, Ben through the page ({actions} actions, "
              f"{time.monotonic() - start:.0f} s)")
        status = app.wait(timeout=30)
        rest = app.stdout.read()
        check(status == 0 and "game over" in rest, f"the app saw the game's end ({status}, {rest.strip()!r})")
        app = None
        games = subprocess.run([cli, "--db", db, "games"], capture_output=True, text=True, timeout=60)
        check(games.returncode == 0 and "Ann" in games.stdout and "Ben" in games.stdout,
              f"the game is in the store ({games.stdout.strip()[:120]!r})")
    finally:
        if app is not None:
            app.terminate()
            app.wait(timeout=10)
        clean_up(drivers, None, tmp)
    tap.finish()


if __name__ == "__main__":
    main()
