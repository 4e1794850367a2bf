#!/usr/bin/python3
# test-duplicate-browser.py — a duplicate event (docs/rules/DUPLICATE.md)
# of 12 players at 3-seat tables over 4 event rounds, 2 boards a round,
# run with littlewolf-cli on a temporary database, every board's result
# entered from the phone page. For each event round:
#
# - `event pair` seats the round; `littlewolf-cli entry serve --event ID`
#   opens every table of the round for its boards (D9);
# - one headless Chromium per table, all at once, opens the table's link
#   at 360 px; before each board the page names it and its dealer (D2:
#   seat (k − 1) mod 3); the board's round is typed into the form and
#   sent; after the last board the page says the round is entered and
#   offers no form; a second result for a board sent again is refused in
#   words (D9).
#
# Then `event standings --json` is checked, every column, against the
# standings this test works out itself from D4–D7: each board's deltas
# (the four shapes of round below, scored by hand from SCORING.md as in
# tests/engine/test-duplicate.c), the nets (D5), the matchpoints and board
# percentages (D6), each player's average, the sum of nets and the boards
# (D7), the ranks.
#
# Skipped (exit 77) without chromium, chromedriver or python3-selenium.
# With LW_SCREENSHOT_DIR set, a table's page is saved there before its
# last board and at the end, light and dark.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import sqlite3
import subprocess
import tempfile
import time
from fractions import Fraction

from lw_browser import Tap, check_standings_order, clean_up, play_at_once, program, screenshot, state
from lw_browser import run_cli as run_cli_on

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

cli = program("LW_CLI")
tap = Tap()
check = tap.check

PLAYERS = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kai", "Lea"]
ROUNDS = 4
SEATS = 3
BOARDS = 2   # boards per round, the default (D8)

# Rounds of 3 seats and each seat's delta on a board (D4: every side
# starts at R3's 1; worked out by hand from SCORING.md, as the engine's
# /duplicate/traveller test does).
SHAPES = [
    ({"declarer": 1, "cards": [5, 20, 8]}, [0, 1, 0]),        # R10: seat 1 makes 20
    ({"declarer": None, "cards": [15, 10, 8]}, [-1, 0, 0]),   # R16: the most cards
    ({"declarer": 2, "cards": [10, 13, 10]}, [0, 2, 0]),
    ({"declarer": None, "cards": [11, 11, 11]}, [-1, -1, -1]),  # R16: equal, all −1
]


def run_cli(*args):
    return run_cli_on(cli, DB, *args)


def shape_for(round_number, table, board):
    return SHAPES[(round_number + 2 * table + board) % len(SHAPES)]


class Table:
    def __init__(self, round_number, number, players, url):
        self.round = round_number
        self.number = number
        self.players = players
        self.url = url
        self.entered = []     # (board, facts)
        self.error = None

    def name(self):
        return f"round {self.round}, table {self.number}"


def enter_board(driver, wait, table, board, facts):
    if facts.get("declarer") is not None:
        Select(driver.find_element(By.ID, "declarer")).select_by_value(str(facts["declarer"]))
    for seat, value in enumerate(facts["cards"]):
        driver.find_element(By.NAME, f"cards-{seat}").send_keys(str(value))
    driver.find_element(By.ID, "submit-button").click()
    want = f"Board {board} stored."
    wait.until(lambda d: d.find_element(By.ID, "message").text == want
               or d.find_element(By.ID, "message").get_attribute("class") == "error"
               or d.find_element(By.ID, "form-message").is_displayed())
    message = driver.find_element(By.ID, "message").text
    if message != want:
        refused = driver.find_element(By.ID, "form-message").text
        raise RuntimeError(f"{table.name()}: board {board} was not stored: {message or refused!r}")
    table.entered.append((board, facts))


def play_table(driver, table, shots):
    """Enters the table's boards of the round on its page."""
    try:
        wait = WebDriverWait(driver, 30)
        driver.get(table.url)
        wait.until(lambda d: d.find_element(By.ID, "form-section").is_displayed())
        mismatches = []
        first = (table.round - 1) * BOARDS + 1
        for board in range(first, first + BOARDS):
            dealer = table.players[(board - 1) % SEATS]
            note = driver.find_element(By.ID, "board-note").text
            if note != f"Next: board {board} · {dealer} deals":
                mismatches.append(f"before board {board} the page says {note!r}")
            title = driver.find_element(By.ID, "form-title").text
            if title != f"Board {board}":
                mismatches.append(f"the form is titled {title!r}, not Board {board}")
            if shots and table.number == 1 and table.round == 1 and board == first + BOARDS - 1:
                screenshot(driver, shots, "entry-duplicate-board")
            enter_board(driver, wait, table, board, shape_for(table.round, table.number, board)[0])
        note = driver.find_element(By.ID, "board-note").text
        if note != f"Every board of round {table.round} is entered. The director pairs the next round.":
            mismatches.append(f"at the end the page says {note!r}")
        if driver.find_element(By.ID, "form-section").is_displayed():
            mismatches.append("the form is still offered after the last board")
        if shots and table.number == 1 and table.round == 1:
            driver.execute_script("window.scrollTo(0, 0)")
            screenshot(driver, shots, "entry-duplicate-done")
        if mismatches:
            table.error = "; ".join(mismatches)
    except Exception as e:         # reported as the table's check
        table.error = f"{type(e).__name__}: {e}"


def post_board(url, board, facts):
    """Sends a board's result as another phone would: (status, answer)."""
    import urllib.error
    import urllib.request
    now = state(url)
    base, secret = url.split("#")
    host, key = base.split("/t/")
    body = json.dumps({"board": board, "version": now["version"], "round": facts}).encode()
    request = urllib.request.Request(f"{host}/api/tables/{key}/rounds", data=body, method="POST",
                                     headers={"X-Table-Secret": secret, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


# ---------------------------------------------------------------------
# D5–D7, worked out here

def expected_standings(tables):
    # board → position → [(table key, net)]
    results = {}
    for table in tables:
        for board, facts in table.entered:
            deltas = dict((tuple(f["cards"]), d) for f, d in SHAPES)[tuple(facts["cards"])]
            for seat in range(SEATS):
                others = [deltas[o] for o in range(SEATS) if o != seat]
                net = deltas[seat] - Fraction(sum(others), len(others))   # D5
                results.setdefault(board, {}).setdefault(seat, []).append((table.players[seat], net))
    rows = {name: {"pcts": [], "nets": Fraction(0), "mps": 0} for name in PLAYERS}
    for board, positions in results.items():
        for seat, entries in positions.items():
            top = 2 * (len(entries) - 1)                                   # D6
            for name, net in entries:
                mp = sum(2 if net > other else 1 if net == other else 0
                         for other_name, other in entries if other_name != name)
                rows[name]["pcts"].append(Fraction(mp, top) if top else Fraction(1, 2))
                rows[name]["nets"] += net
                rows[name]["mps"] += mp
    out = []
    for name, row in rows.items():
        score = sum(row["pcts"], Fraction(0)) / len(row["pcts"])            # D7
        out.append({"player": name, "score": score, "nets": row["nets"], "matchpoints": row["mps"],
                    "boards": len(row["pcts"])})
    key = lambda r: (r["score"], r["nets"], r["boards"])
    out.sort(key=lambda r: (tuple(-v for v in key(r)), r["player"]))
    for i, row in enumerate(out):
        row["rank"] = out[i - 1]["rank"] if i > 0 and key(out[i - 1]) == key(row) else i + 1
    return out


def two_decimals(value):
    """An exact fraction × 100 with two decimals, half away from zero."""
    hundredths = value * 100 * 100
    n = abs(hundredths)
    whole = int(n + Fraction(1, 2))
    text = f"{whole // 100}.{whole % 100:02d}"
    return ("-" if hundredths < 0 and whole else "") + text


# ---------------------------------------------------------------------

def read_seating(event, round_number):
    tables = {}
    for line in run_cli("event", "seating", event, "--round", round_number).splitlines():
        number, table, seat, player, dealer = line.split("\t")
        if table == "bye":
            continue
        tables.setdefault(int(table), []).append((int(seat), player))
    return {t: [p for _, p in sorted(seats)] for t, seats in tables.items()}


def open_entry(event, n_tables):
    """`littlewolf-cli entry serve --event ID` on 127.0.0.1, any free port:
    the process and {table: link} from its lines "KEY<TAB>TABLE<TAB>LINK"."""
    server = subprocess.Popen([cli, "--db", DB, "entry", "serve", "--event", str(event),
                               "--address", "127.0.0.1", "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    links = {}
    for line in server.stdout:
        key, table, url = line.split("\t")
        links[int(table)] = url.strip()
        if len(links) == n_tables:
            break
    return server, links


def main():
    global DB
    tmp = tempfile.mkdtemp(prefix="lw-duplicate-browser-")
    DB = os.path.join(tmp, "event.sqlite3")
    shots = os.environ.get("LW_SCREENSHOT_DIR")
    drivers = []
    server = None
    started = time.monotonic()
    all_tables = []
    try:
        event = int(run_cli("event", "new", "--name", "Duplicate night", "--format", "duplicate",
                            "--table-size", SEATS, "--rounds", ROUNDS, "--seed", 42).strip())
        run_cli("event", "add", event, *PLAYERS)

        for round_number in range(1, ROUNDS + 1):
            run_cli("event", "pair", event)
            seating = read_seating(event, round_number)
            check(sorted(len(p) for p in seating.values()) == [3, 3, 3, 3],
                  f"round {round_number}: 12 players at 4 tables of 3")
            server, links = open_entry(event, len(seating))
            check(sorted(links) == sorted(seating),
                  f"round {round_number}: table entry opens every table ({sorted(links)})")
            tables = []
            for number in sorted(links):
                now = state(links[number])
                first = (round_number - 1) * BOARDS + 1
                check(now["duplicate"] and now["players"] == seating[number]
                      and now["next_board"] == first and [b["board"] for b in now["boards"]] == [first, first + 1],
                      f"round {round_number}, table {number}: the page's table is the seating's, "
                      f"boards {first}–{first + 1}")
                tables.append(Table(round_number, number, seating[number], links[number]))

            seconds = play_at_once(drivers, tables, play_table, shots)
            for table in tables:
                check(table.error is None and len(table.entered) == BOARDS,
                      f"{table.name()}: {len(table.entered)} boards from the page"
                      + (f" — {table.error}" if table.error else ""))
            check(True, f"round {round_number}: {BOARDS * len(tables)} boards at {len(tables)} tables "
                        f"at once in {seconds:.1f} s")

            # D9: a second result for a board is refused in words.
            status, answer = post_board(tables[0].url, tables[0].entered[0][0], SHAPES[3][0])
            check(status == 409 and "a result is already entered (DUPLICATE D9)" in answer.get("error", ""),
                  f"round {round_number}: a second result for board {tables[0].entered[0][0]} "
                  f"is refused ({status}: {answer.get('error')!r})")
            server.terminate()
            server.wait(timeout=10)
            server = None
            all_tables += tables

        standings = json.loads(run_cli("event", "standings", event, "--json"))
        for want, row in check_standings_order(check, standings, expected_standings(all_tables), ROUNDS):
            diffs = []
            score = Fraction(row["score"]["numerator"], row["score"]["denominator"])
            nets = Fraction(row["nets"]["numerator"], row["nets"]["denominator"])
            for key, value in (("rank", row["rank"]), ("player", row["player"]), ("score", score),
                               ("nets", nets), ("matchpoints", row["matchpoints"]), ("boards", row["boards"])):
                if value != want[key]:
                    diffs.append(f"{key} {value} ≠ {want[key]}")
            if row["percentage"] != two_decimals(want["score"]):
                diffs.append(f"percentage {row['percentage']} ≠ {two_decimals(want['score'])}")
            check(not diffs, f"rank {row['rank']}, {row['player']}: {row['percentage']} %, nets "
                  f"{row['nets']['text']}, {row['matchpoints']} matchpoints, {row['boards']} boards"
                  + (" — " + "; ".join(diffs) if diffs else ""))

        with sqlite3.connect(DB) as con:
            n = con.execute("SELECT count(*) FROM event_board_results").fetchone()[0]
        check(n == ROUNDS * 4 * BOARDS, f"each board's result stored once ({n})")
        print(f"# {time.monotonic() - started:.1f} s in all")
    finally:
        clean_up(drivers, server, tmp)

    tap.finish()


if __name__ == "__main__":
    main()
