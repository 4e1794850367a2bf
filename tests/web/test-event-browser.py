#!/usr/bin/python3
# test-event-browser.py — a whole event with every result entered from
# phones: a 13-player Swiss event at 4 seats (tables of 4, 3, 3 and 3)
# over 3 rounds, run with littlewolf-cli on a temporary database. For each
# round:
#
# - `event pair` seats the round; `lw-entry-serve --event ID` opens every
#   table of the current round as the director's window does (each table
#   gets its game, in seat order, its first dealer dealing first);
# - one headless Chromium per table, all at once, opens the table's link
#   at 360 px and enters rounds through the page's form until the game is
#   over, checking after each round the page's board against the scores
#   this test works out from docs/rules/SCORING.md;
# - each finished game is the table's result at once, with no step by the
#   director (the server links it when the last round comes in).
#
# Then `event standings --json` is checked, every column, against the
# standings this test computes from the games' final scores as EVENTS.md
# defines them (places, scaled points at the 3-seat tables, shared places,
# doubled skunks, Buchholz, head-to-head, margin), and the database holds
# each game's rounds exactly once, as typed.
#
# Skipped (exit 77) without chromium, chromedriver or python3-selenium.
# With LW_SCREENSHOT_DIR set, a finished table's page is saved there,
# light and dark.
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

serve = program("LW_ENTRY_SERVE")
cli = program("LW_CLI")
tap = Tap()
check = tap.check

PLAYERS = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kai", "Lea", "Max"]
ROUNDS = 3
TABLE_SIZE = 4
FULL_POINTS = [3, 1, 0, 0]   # the defaults: win 3, second 1, other 0
TARGET, SKUNK, START = 15, 11, 1   # SCORING R3
CARDS = {2: 13, 3: 11, 4: 9}   # SCORING R1: hand size by players


def run_cli(*args):
    return run_cli_on(cli, DB, *args)


# ---------------------------------------------------------------------
# The rounds a table plays, and the scores they must give (docs/rules/SCORING.md)

def plan_for(round_number, table_number, n):
    """How the game at a table goes: the winner, and one of three shapes:
    'target' (the winner sweeps until 15), 'second' (first a round where
    another player holds both Gongs, so that second place is not shared),
    'skunk' (a player plays out of turn at 1 and drops to 0, the winner
    sweeps to 11: a skunk)."""
    kind = ("second", "skunk", "target")[(round_number + table_number) % 3]
    winner = (round_number * 2 + table_number) % n
    other = (winner + 1 + round_number % (n - 1)) % n
    return kind, winner, other


def next_round(plan, number, n):
    """The facts of round @number (docs/rules/GAME-RECORD.md) for the plan."""
    kind, winner, other = plan
    total = n * CARDS[n]
    cards = [0] * n
    facts = {"declarer": winner}
    if kind == "second" and number == 1:
        # The winner makes the Pack without every trick; the other player
        # won two cards, both Gongs.
        cards[winner] = total - 2
        cards[other] = 2
        facts["gongs"] = [2 if s == other else 0 for s in range(n)]
    else:
        # The winner declares and wins every card, all eight Den cards
        # among them.
        cards[winner] = total
        for kind_ in ("worms", "gongs", "bears", "wolves"):
            facts[kind_] = [2 if s == winner else 0 for s in range(n)]
        if kind == "skunk" and number == 1:
            facts["penalties"] = [{"seat": other, "kind": "out_of_turn"}]
    facts["cards"] = cards
    return facts


def score_round(scores, facts, dealer):
    """The scores after a round of next_round()'s shapes, by the rulings:
    R19 (a penalty at once), R6–R8 (Den cards), R9/R10 (the Pack, the
    dealer's every trick), R18 (the zero floor)."""
    scores = list(scores)
    for penalty in facts.get("penalties", []):
        assert scores[penalty["seat"]] > 0
        scores[penalty["seat"]] -= 1                       # R19
    n = len(scores)
    total = n * CARDS[n]
    declarer = facts["declarer"]
    for seat in range(n):
        worms = facts.get("worms", [0] * n)[seat] // 2
        gongs = facts.get("gongs", [0] * n)[seat] // 2
        bears = facts.get("bears", [0] * n)[seat] // 2
        wolves = facts.get("wolves", [0] * n)[seat] // 2
        cancelled = min(worms, gongs)                          # R7
        sets = min(worms, gongs, bears, wolves)                # R8
        change = -(worms - cancelled) + (gongs - cancelled) + 2 * sets
        if seat == declarer:
            assert 2 * facts["cards"][seat] > total            # R9: the Pack is made
            change += 1                                        # R10
            if seat == dealer and facts["cards"][seat] == total:
                change += 1                                    # R10: the dealer's every trick
        scores[seat] = max(0, scores[seat] + change)           # R18
    return scores


def game_over(scores):
    """R23–R25: (over, skunk)."""
    top = max(scores)
    if scores.count(top) > 1:
        return False, False
    skunk = top >= SKUNK and any(s == 0 for s in scores)
    return skunk or top >= TARGET, skunk


# ---------------------------------------------------------------------
# One phone per table

class Table:
    def __init__(self, round_number, number, players, game, url):
        self.round = round_number
        self.number = number
        self.players = players          # seat order
        self.game = game
        self.url = url
        self.plan = plan_for(round_number, number, len(players))
        self.typed = []                 # the facts entered, in order
        self.expected = [START] * len(players)
        self.skunk = False
        self.board = None               # the scores the page shows at the end
        self.error = None

    def name(self):
        return f"round {self.round}, table {self.number}"


def enter_round(driver, wait, table, facts):
    n = len(table.players)
    number = len(table.typed) + 1
    if facts.get("declarer") is not None:
        Select(driver.find_element(By.ID, "declarer")).select_by_value(str(facts["declarer"]))
    for key in ("cards", "worms", "gongs", "bears", "wolves"):
        for seat, value in enumerate(facts.get(key, [0] * n)):
            if value:
                driver.find_element(By.NAME, f"{key}-{seat}").send_keys(str(value))
    for penalty in facts.get("penalties", []):
        driver.find_element(By.ID, "add-penalty").click()
        row = driver.find_elements(By.CSS_SELECTOR, "#penalties .penalty")[-1]
        Select(row.find_elements(By.TAG_NAME, "select")[0]).select_by_value(str(penalty["seat"]))
    driver.find_element(By.ID, "submit-button").click()
    wait.until(lambda d: d.find_element(By.ID, "message").text == f"Round {number} stored."
               or d.find_element(By.ID, "message").get_attribute("class") == "error"
               or d.find_element(By.ID, "form-message").is_displayed())
    message = driver.find_element(By.ID, "message").text
    if message != f"Round {number} stored.":
        refused = driver.find_element(By.ID, "form-message").text
        raise RuntimeError(f"{table.name()}: round {number} was not stored: {message or refused!r}")
    table.typed.append(facts)


def board_scores(driver):
    return [int(cell.text) for cell in driver.find_elements(By.CSS_SELECTOR, "#board td.num")]


def play_table(driver, table, shots):
    """Enters the table's rounds on its page until the game is over."""
    try:
        wait = WebDriverWait(driver, 30)
        driver.get(table.url)
        wait.until(lambda d: d.find_element(By.ID, "form-section").is_displayed())
        n = len(table.players)
        dealer = 0                      # seat 0 deals first (EVENTS.md)
        mismatches = []
        for number in range(1, 30):
            note = driver.find_element(By.ID, "board-note").text
            want = f"Round {number} · {table.players[dealer]} deals · playing to {TARGET}"
            if note != want:
                mismatches.append(f"before round {number} the page says {note!r}, not {want!r}")
            facts = next_round(table.plan, number, n)
            enter_round(driver, wait, table, facts)
            table.expected = score_round(table.expected, facts, dealer)
            shown = board_scores(driver)
            if shown != table.expected:
                mismatches.append(f"after round {number} the board shows {shown}, not {table.expected}")
            over, table.skunk = game_over(table.expected)
            if over:
                break
            dealer = (dealer + 1) % n   # R4
        table.board = board_scores(driver)
        note = driver.find_element(By.ID, "board-note").text
        winner = driver.find_elements(By.CSS_SELECTOR, "#board .badge")
        want = f"The game is over after {len(table.typed)} rounds" + (
            f": {table.players[table.plan[1]]} wins a skunk, worth double." if table.skunk else ".")
        if note != want:
            mismatches.append(f"at the end the page says {note!r}")
        if driver.find_element(By.ID, "form-section").is_displayed():
            mismatches.append("the form is still offered after the game")
        if len(winner) != 1 or not winner[0].find_element(By.XPATH, "..").text.startswith(
                table.players[table.plan[1]]):
            mismatches.append("the board does not name the winner")
        if shots and table.number == 1 and table.round == ROUNDS:
            driver.execute_script("window.scrollTo(0, 0)")
            screenshot(driver, shots, "entry-phone-over")
        if mismatches:
            table.error = "; ".join(mismatches)
    except Exception as e:         # reported as the table's check
        table.error = f"{type(e).__name__}: {e}"


# ---------------------------------------------------------------------
# Event points and standings, from EVENTS.md

def place_points(n_sides):
    """The points of each place at a table of @n_sides (EVENTS.md: a
    smaller table is scaled over the share of the field a place stands
    for)."""
    full = len(FULL_POINTS)
    points = []
    for p in range(n_sides):
        low, high = Fraction(p, n_sides), Fraction(p + 1, n_sides)
        value = Fraction(0)
        for j in range(full):
            overlap = min(high, Fraction(j + 1, full)) - max(low, Fraction(j, full))
            if overlap > 0:
                value += overlap * FULL_POINTS[j]
        points.append(n_sides * value)
    return points


def table_points(scores, skunk):
    """Each seat's event points for a table's final scores: places by
    score, levels below the top sharing their places' points, the skunk
    winner's points doubled."""
    n = len(scores)
    by_place = place_points(n)
    order = sorted(range(n), key=lambda s: -scores[s])
    points = [Fraction(0)] * n
    i = 0
    while i < n:
        j = i
        while j < n and scores[order[j]] == scores[order[i]]:
            j += 1
        share = sum(by_place[i:j], Fraction(0)) / (j - i)
        for k in range(i, j):
            points[order[k]] = share
        i = j
    winner = order[0]
    assert scores.count(scores[winner]) == 1
    if skunk:
        points[winner] *= 2
    return points


def expected_standings(tables):
    rows = {name: {"points": Fraction(0), "buchholz": Fraction(0), "head_to_head": 0, "margin": 0,
                   "skunks": 0, "games": 0, "wins": 0, "byes": 0} for name in PLAYERS}
    results = []
    for table in tables:
        scores = table.board
        points = table_points(scores, table.skunk)
        results.append((table, scores, points))
        for seat, name in enumerate(table.players):
            row = rows[name]
            others = [scores[o] for o in range(len(scores)) if o != seat]
            row["points"] += points[seat]
            row["games"] += 1
            row["margin"] += scores[seat] - max(others)
            if scores[seat] > max(others):
                # SCORING R23: a skunk is worth 2 wins in the standings
                row["wins"] += 2 if table.skunk else 1
                row["skunks"] += 1 if table.skunk else 0
    # Buchholz: over the player's games, the mean final event points of the
    # opponents at that table.
    for table, scores, points in results:
        for seat, name in enumerate(table.players):
            opponents = [rows[o]["points"] for o in table.players if o != name]
            rows[name]["buchholz"] += sum(opponents, Fraction(0)) / len(opponents)
    # Head-to-head among the players level on points and Buchholz.
    for table, scores, points in results:
        for a, name_a in enumerate(table.players):
            for b, name_b in enumerate(table.players):
                ra, rb = rows[name_a], rows[name_b]
                if a == b or (ra["points"], ra["buchholz"]) != (rb["points"], rb["buchholz"]):
                    continue
                if scores[a] > scores[b]:
                    ra["head_to_head"] += 1
                elif scores[a] < scores[b]:
                    ra["head_to_head"] -= 1
    key = lambda name: tuple(rows[name][k] for k in ("points", "buchholz", "head_to_head", "margin", "skunks"))
    order = sorted(PLAYERS, key=lambda name: (tuple(-v for v in key(name)), name))
    standings = []
    for i, name in enumerate(order):
        rank = standings[-1]["rank"] if i > 0 and key(order[i - 1]) == key(name) else i + 1
        standings.append(dict(rows[name], rank=rank, player=name))
    return standings


# ---------------------------------------------------------------------

def read_seating(event, round_number):
    tables = {}
    dealers = {}
    for line in run_cli("event", "seating", event, "--round", round_number).splitlines():
        number, table, seat, player, dealer = line.split("\t")
        if table == "bye":
            tables.setdefault("bye", []).append(player)
            continue
        tables.setdefault(int(table), []).append((int(seat), player))
        if dealer == "*":
            dealers[int(table)] = int(seat)
    return {t: [p for _, p in sorted(seats)] for t, seats in tables.items() if t != "bye"}, dealers, \
        tables.get("bye", [])


def open_entry(event):
    """Starts lw-entry-serve for the event's current round; returns the
    process and {table: (game, url)}."""
    server = subprocess.Popen([serve, "--db", DB, "--event", str(event)],
                              stdout=subprocess.PIPE, text=True)
    links = {}
    for line in server.stdout:
        if line.strip() == "ready":
            break
        game, url, table = line.split()
        links[int(table)] = (int(game), url)
    return server, links


def main():
    global DB
    tmp = tempfile.mkdtemp(prefix="lw-event-browser-")
    DB = os.path.join(tmp, "event.sqlite3")
    shots = os.environ.get("LW_SCREENSHOT_DIR")
    drivers = []
    server = None
    started = time.monotonic()
    all_tables = []
    try:
        event = int(run_cli("event", "new", "--name", "Club night", "--format", "swiss",
                            "--table-size", TABLE_SIZE, "--rounds", ROUNDS, "--seed", 13).strip())
        run_cli("event", "add", event, *PLAYERS)

        for round_number in range(1, ROUNDS + 1):
            run_cli("event", "pair", event)
            seating, dealers, byes = read_seating(event, round_number)
            sizes = [len(seating[t]) for t in sorted(seating)]
            check(sizes == [4, 3, 3, 3] and not byes,
                  f"round {round_number}: 13 players at tables of {sizes}, byes {byes}")

            server, links = open_entry(event)
            check(sorted(links) == sorted(seating),
                  f"round {round_number}: table entry opens every table ({sorted(links)})")
            tables = []
            for number in sorted(links):
                game, url = links[number]
                now = state(url)
                check(now["players"] == seating[number] and now["next_dealer"] == dealers[number] == 0
                      and now["label"] == f"Table {number}" and now["rounds"] == [],
                      f"round {round_number}, table {number}: game {game} is the table's players "
                      f"in seat order, {seating[number][0]} dealing first")
                tables.append(Table(round_number, number, seating[number], game, url))

            # The phones: one browser per table, started once, all entering
            # at the same time.
            seconds = play_at_once(drivers, tables, play_table, shots)

            for table in tables:
                kind, winner, other = table.plan
                check(table.error is None and table.board == table.expected,
                      f"{table.name()}: {len(table.typed)} rounds from the page, "
                      f"{table.players[winner]} wins {table.board}"
                      + (" (skunk)" if table.skunk else "")
                      + (f" — {table.error}" if table.error else ""))
                engine = state(table.url)
                check(engine["finished"] and engine["scores"] == table.board
                      and engine["winner"] == winner,
                      f"{table.name()}: the engine's replay agrees ({engine['scores']})")

            # Each finished game is its table's result, with no step by the
            # director.
            with sqlite3.connect(DB) as con:
                linked = dict(con.execute(
                    "SELECT number, game FROM event_tables WHERE event = ? AND round = ?",
                    (event, round_number)).fetchall())
            check(linked == {t.number: t.game for t in tables},
                  f"round {round_number}: every finished game is its table's result "
                  f"({seconds:.1f} s for {sum(len(t.typed) for t in tables)} rounds at "
                  f"{len(tables)} tables at once)")
            server.terminate()
            server.wait(timeout=10)
            server = None
            all_tables += tables

        # The final standings against EVENTS.md's arithmetic.
        standings = json.loads(run_cli("event", "standings", event, "--json"))
        for want, row in check_standings_order(check, standings, expected_standings(all_tables), ROUNDS):
            diffs = []
            for key in ("rank", "player", "head_to_head", "margin", "skunks", "games", "wins", "byes"):
                if row[key] != want[key]:
                    diffs.append(f"{key} {row[key]} ≠ {want[key]}")
            for key in ("points", "buchholz"):
                # The JSON gives 6 decimals.
                if abs(row[key] - float(want[key])) > 5e-7:
                    diffs.append(f"{key} {row[key]} ≠ {float(want[key]):.6f}")
            check(not diffs and not row["dropped"],
                  f"rank {row['rank']}, {row['player']}: points {row['points']:g}, Buchholz "
                  f"{row['buchholz']:.4g}, head-to-head {row['head_to_head']}, margin {row['margin']}, "
                  f"wins {row['wins']}, skunks {row['skunks']}" + (" — " + "; ".join(diffs) if diffs else ""))

        # Each game's rounds are in the database exactly once, as typed.
        with sqlite3.connect(DB) as con:
            for table in all_tables:
                rows = con.execute("SELECT id, number, declarer FROM rounds WHERE game = ? ORDER BY number",
                                   (table.game,)).fetchall()
                typed_ok = [r[1] for r in rows] == list(range(1, len(table.typed) + 1))
                for (round_id, number, declarer), facts in zip(rows, table.typed):
                    cards = [c for (c,) in con.execute(
                        "SELECT cards FROM round_seats WHERE round = ? ORDER BY seat", (round_id,))]
                    typed_ok = typed_ok and declarer == facts["declarer"] and cards == facts["cards"]
                check(typed_ok, f"{table.name()}: game {table.game} holds rounds "
                      f"{[r[1] for r in rows]} once each, as typed")
            games = con.execute("SELECT count(*) FROM games").fetchone()[0]
            check(games == len(all_tables), f"one game per table, no other ({games})")
        print(f"# {time.monotonic() - started:.1f} s in all")
    finally:
        clean_up(drivers, server, tmp)

    tap.finish()


if __name__ == "__main__":
    main()
