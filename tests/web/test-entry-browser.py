#!/usr/bin/python3
# test-entry-browser.py — table entry end to end: lw-entry-serve runs the
# server on 127.0.0.1 with a temporary database, headless Chromium opens
# a table's page at phone width, enters a round through the form, and the
# database is checked:
#
# - a good round is stored with the facts typed (declarer, cards, Den
#   cards, a penalty) and the page shows the new board;
# - a round whose cards do not add up shows the engine's message and
#   nothing more is stored;
# - round 1 corrected from the page is stored; once the director locks it,
#   the page is told and shows it locked;
# - a round sent by another phone shows on the page within seconds,
#   without a reload; a half-filled form is left alone meanwhile; a lock
#   by the director shows too;
# - a round stored with a seat's gains not pegged in time (unpegged),
#   corrected from the page unchanged, keeps them unpegged and the same
#   scores; a round entered from the page with a seat not pegged stores
#   unpegged; each seat's box is a tap target of 44 px at 360 and 320 px;
# - another table's secret on this table's page reads nothing.
#
# Skipped (exit 77) without chromium, chromedriver or python3-selenium
# (Debian's /usr/bin/python3, where apt installs selenium).
# With LW_SCREENSHOT_DIR set, the page is saved there as PNGs, light and
# dark.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import sqlite3
import subprocess
import tempfile
import time

from lw_browser import Tap, clean_up, cut_texts, phone, post_round, program, screenshot, set_width, state

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

serve = program("LW_ENTRY_SERVE")
tap = Tap()
check = tap.check


def main():
    tmp = tempfile.mkdtemp(prefix="lw-entry-browser-")
    db = os.path.join(tmp, "entry.sqlite3")
    server = subprocess.Popen([serve, "--db", db, "--tables", "2", "--players", "4"],
                              stdout=subprocess.PIPE, text=True)
    driver = None
    try:
        lines = [server.stdout.readline().split()[:2] for _ in range(2)]
        (game1, url1), (game2, url2) = lines
        total = state(url1)["total_cards"]

        driver = phone()
        wait = WebDriverWait(driver, 15)
        shots = os.environ.get("LW_SCREENSHOT_DIR")

        driver.get(url1)
        wait.until(lambda d: d.find_element(By.ID, "form-section").is_displayed())
        check(driver.find_element(By.ID, "title").text == "Table 1", "the page names the table")
        check("Ann deals" in driver.find_element(By.ID, "board-note").text, "the board names the dealer")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        check(width <= 360, f"nothing is wider than the phone (scroll width {width})")

        # Round 1: Ben declares and takes most of the cards; Ann has a Worm,
        # Cleo played out of turn.
        Select(driver.find_element(By.ID, "declarer")).select_by_visible_text("Ben")
        check(driver.find_element(By.ID, "all-but-last-row").is_displayed(),
              "with a declarer, all but last is offered")
        cards = [2, total - 6, 2, 2]
        inputs = driver.find_elements(By.CSS_SELECTOR, "input[name^='cards-']")
        for field, n in zip(inputs, cards[:3]):
            field.send_keys(str(n))
        check("missing" in driver.find_element(By.ID, "cards-total").text,
              "the total shows the cards still missing")
        inputs[3].send_keys(str(cards[3]))
        check("✓" in driver.find_element(By.ID, "cards-total").text, "the total adds up")
        driver.find_element(By.NAME, "worms-0").send_keys("1")
        driver.find_element(By.ID, "add-penalty").click()
        row = driver.find_elements(By.CSS_SELECTOR, "#penalties .penalty")[0]
        Select(row.find_elements(By.TAG_NAME, "select")[0]).select_by_visible_text("Cleo")
        # The longest words the form shows (a second penalty, looking at
        # the discards) fit at 360 and at 320 px; then the second penalty
        # is removed.
        driver.find_element(By.ID, "add-penalty").click()
        extra = driver.find_elements(By.CSS_SELECTOR, "#penalties .penalty")[1]
        Select(extra.find_elements(By.TAG_NAME, "select")[1]).select_by_visible_text("Looked at discards or Pups")
        for width in (360, 320):
            set_width(driver, width)
            cut = cut_texts(driver)
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            check(not cut and scroll <= width, f"at {width} px no text of the form is cut ({cut}), "
                  f"nothing is wider than the screen ({scroll})")
            boxes = [label.rect for label in driver.find_elements(By.CSS_SELECTOR, "#unpegged label")]
            check(len(boxes) == 4 and all(b["height"] >= 44 and b["width"] >= 44 for b in boxes),
                  f"at {width} px each seat's not pegged box is a tap target of 44 px ({boxes})")
            if shots and width == 320:
                screenshot(driver, shots, "entry-phone-form-320")
        set_width(driver, 360)
        extra.find_element(By.CSS_SELECTOR, "button[aria-label='Remove penalty']").click()
        check(len(driver.find_elements(By.CSS_SELECTOR, "#penalties .penalty")) == 1, "a penalty row is removed")
        if shots:
            screenshot(driver, shots, "entry-phone-form")
        driver.find_element(By.ID, "submit-button").click()
        wait.until(lambda d: "stored" in d.find_element(By.ID, "message").text)
        if shots:
            driver.execute_script("window.scrollTo(0, 0)")
            screenshot(driver, shots, "entry-phone-board")

        with sqlite3.connect(db) as con:
            rounds = con.execute("SELECT id, number, declarer FROM rounds WHERE game = ?", (game1,)).fetchall()
            check(len(rounds) == 1 and rounds[0][1] == 1 and rounds[0][2] == 1,
                  f"round 1 is stored with Ben declaring ({rounds})")
            seats = con.execute("SELECT seat, cards, worms FROM round_seats WHERE round = ? ORDER BY seat",
                                (rounds[0][0],)).fetchall() if rounds else []
            check([s[1] for s in seats] == cards and seats[0][2] == 1,
                  f"its cards and Den cards are the ones typed ({seats})")
            penalties = con.execute("SELECT seat, kind FROM penalties WHERE round = ?",
                                    (rounds[0][0],)).fetchall() if rounds else []
            check(penalties == [(2, "out_of_turn")], f"Cleo's penalty is stored ({penalties})")
            other = con.execute("SELECT count(*) FROM rounds WHERE game = ?", (game2,)).fetchone()[0]
            check(other == 0, "the other table has no round")
        check("Round 2" in driver.find_element(By.ID, "form-title").text, "the form moves on to round 2")
        line = driver.find_element(By.ID, "history").text.split("\n")[0]
        check(line == f"Round 1: Ben declared · cards 2–{total - 6}–2–2 · Ann: 1 Worm · Cleo: out of turn",
              f"the history shows the round with its Den cards and penalty ({line!r})")
        board = driver.find_element(By.ID, "board").text
        check(str(state(url1)["scores"][1]) in board, "the board shows the engine's score")

        # A round whose cards do not add up: the engine's words, nothing stored.
        inputs = driver.find_elements(By.CSS_SELECTOR, "input[name^='cards-']")
        inputs[0].send_keys(str(total - 1))
        driver.find_element(By.ID, "submit-button").click()
        wait.until(lambda d: d.find_element(By.ID, "form-message").is_displayed())
        message = driver.find_element(By.ID, "form-message").text
        check(message == f"round 2: cards sum to {total - 1}, expected {total} (4 players × {total // 4})",
              f"the engine's message is shown by the Send button ({message!r})")
        button = driver.find_element(By.ID, "submit-button").rect
        box = driver.find_element(By.ID, "form-message").rect
        view = driver.execute_script("return [window.scrollY, window.innerHeight]")
        check(box["y"] < button["y"] and view[0] <= box["y"] + 1
              and button["y"] + button["height"] <= sum(view) + 1,
              f"the message and the button are both on the screen (message at {box['y']:.1f}, "
              f"button at {button['y']:.1f}–{button['y'] + button['height']:.1f}, screen {view[0]}–{sum(view)})")
        check(driver.find_element(By.NAME, "cards-0").get_attribute("value") == str(total - 1),
              "the form keeps what was typed")
        if shots:
            screenshot(driver, shots, "entry-phone-error")
        with sqlite3.connect(db) as con:
            n = con.execute("SELECT count(*) FROM rounds WHERE game = ?", (game1,)).fetchone()[0]
            check(n == 1, "nothing more is stored")

        # A correction of round 1 from the page: Ann and Dev swap cards.
        driver.find_element(By.CSS_SELECTOR, "button[aria-label='Correct round 1']").click()
        wait.until(lambda d: d.find_element(By.ID, "form-title").text == "Correct round 1")
        check(driver.find_element(By.NAME, "cards-1").get_attribute("value") == str(total - 6),
              "the correction starts from the stored facts")
        field = driver.find_element(By.NAME, "cards-0")
        field.clear()
        field.send_keys("3")
        field = driver.find_element(By.NAME, "cards-3")
        field.clear()
        field.send_keys("1")
        driver.find_element(By.ID, "submit-button").click()
        wait.until(lambda d: d.find_element(By.ID, "message").text == "Correction of round 1 stored."
                   or d.find_element(By.ID, "form-message").is_displayed())
        message = driver.find_element(By.ID, "message").text
        check(message == "Correction of round 1 stored.", f"the page says the correction is stored ({message!r})")
        with sqlite3.connect(db) as con:
            cards_now = [row[0] for row in con.execute(
                "SELECT s.cards FROM round_seats s JOIN rounds r ON r.id = s.round"
                " WHERE r.game = ? AND r.number = 1 ORDER BY s.seat", (game1,))]
            check(cards_now == [3, total - 6, 2, 1], f"the correction is stored ({cards_now})")
        # A phone opens round 1's correction; meanwhile the director locks
        # round 1: the page can no longer correct it.
        driver.find_element(By.CSS_SELECTOR, "button[aria-label='Correct round 1']").click()
        with sqlite3.connect(db) as con:
            con.execute("INSERT INTO round_locks (game, number, locked_at) VALUES (?, 1, 0)", (game1,))
        driver.find_element(By.ID, "submit-button").click()
        # The message shows at once; the board read again follows it.
        wait.until(lambda d: "locked by the director" in d.find_element(By.ID, "message").text
                   and not d.find_elements(By.CSS_SELECTOR, "button[aria-label='Correct round 1']"))
        check(not driver.find_elements(By.CSS_SELECTOR, "button[aria-label='Correct round 1']"),
              "the locked round is shown as locked, without its Correct button")
        check(driver.find_element(By.ID, "form-title").text == "Round 2", "the form is back at round 2")

        # Another phone at the table sends round 2: the page shows it by
        # itself, without a reload, and its form moves on to round 3.
        driver.execute_script("window.notReloaded = true")
        stored = post_round(url1, {"declarer": None, "cards": [total - 3, 1, 1, 1]})
        try:
            WebDriverWait(driver, 12).until(lambda d: d.find_element(By.ID, "form-title").text == "Round 3")
        except Exception:
            pass
        message = driver.find_element(By.ID, "message").text
        check(stored == 201 and driver.find_element(By.ID, "form-title").text == "Round 3"
              and "Round 2: Nobody declared" in driver.find_element(By.ID, "history").text,
              f"a round sent by another phone shows within seconds ({message!r})")
        check(message == "Round 2 was entered at another phone or in the app.", "the page says what changed")
        check(driver.execute_script("return window.notReloaded === true"), "the page was not reloaded")
        check(str(state(url1)["scores"][0]) == driver.find_elements(By.CSS_SELECTOR, "#board td.num")[0].text,
              "the board shows the new scores")

        # While something is typed in the form, the page leaves it alone:
        # round 3 from another phone is not shown, the typed value stays.
        driver.find_element(By.NAME, "cards-0").send_keys("5")
        stored = post_round(url1, {"declarer": None, "cards": [1, total - 3, 1, 1]})
        time.sleep(6)
        check(stored == 201 and driver.find_element(By.ID, "form-title").text == "Round 3"
              and driver.find_element(By.NAME, "cards-0").get_attribute("value") == "5",
              "a half-filled form is not wiped by the polling")
        # Emptied again, the form follows the board.
        driver.find_element(By.NAME, "cards-0").clear()
        try:
            WebDriverWait(driver, 12).until(lambda d: d.find_element(By.ID, "form-title").text == "Round 4")
        except Exception:
            pass
        check(driver.find_element(By.ID, "form-title").text == "Round 4",
              "once the form is empty, the page catches up with round 3")

        # The director locks round 2: the page shows it locked.
        with sqlite3.connect(db) as con:
            con.execute("INSERT INTO round_locks (game, number, locked_at) VALUES (?, 2, 0)", (game1,))
        try:
            WebDriverWait(driver, 12).until(
                lambda d: not d.find_elements(By.CSS_SELECTOR, "button[aria-label='Correct round 2']"))
        except Exception:
            pass
        message = driver.find_element(By.ID, "message").text
        check(not driver.find_elements(By.CSS_SELECTOR, "button[aria-label='Correct round 2']")
              and message == "Round 2 was locked by the director.",
              f"a lock by the director shows without a reload ({message!r})")
        check(driver.execute_script("return window.notReloaded === true"), "still the same page")

        # Table 2: round 1 is stored by another phone with Ben's gains not
        # pegged in time; corrected from the page unchanged, it keeps them.
        stored = post_round(url2, {"declarer": 1, "cards": [2, total - 6, 2, 2], "unpegged": [1]})
        before = state(url2)
        check(stored == 201 and before["rounds"][0]["round"].get("unpegged") == [1]
              and before["rounds"][0]["deltas"][1] <= 0,
              f"Ben's gains are forfeited, not pegged in time ({before['rounds'][0]})")
        driver.get(url2)
        wait.until(lambda d: d.find_element(By.ID, "history-section").is_displayed())
        line = driver.find_element(By.ID, "history").text.split("\n")[0]
        check(line == f"Round 1: Ben declared · cards 2–{total - 6}–2–2 · Ben: not pegged",
              f"the history shows the seat not pegged ({line!r})")
        driver.find_element(By.CSS_SELECTOR, "button[aria-label='Correct round 1']").click()
        wait.until(lambda d: d.find_element(By.ID, "form-title").text == "Correct round 1")
        ticked = [driver.find_element(By.NAME, f"unpegged-{seat}").is_selected() for seat in range(4)]
        check(ticked == [False, True, False, False], f"the correction starts with Ben not pegged ({ticked})")
        if shots:
            screenshot(driver, shots, "entry-phone-unpegged")
        driver.find_element(By.ID, "submit-button").click()
        wait.until(lambda d: d.find_element(By.ID, "message").text == "Correction of round 1 stored."
                   or d.find_element(By.ID, "form-message").is_displayed())
        message = driver.find_element(By.ID, "message").text
        check(message == "Correction of round 1 stored.", f"the unchanged correction is stored ({message!r})")

        def unpegged(number):
            with sqlite3.connect(db) as con:
                return [row[0] for row in con.execute(
                    "SELECT s.unpegged FROM round_seats s JOIN rounds r ON r.id = s.round"
                    " WHERE r.game = ? AND r.number = ? ORDER BY s.seat", (game2, number))]

        after = state(url2)
        check(unpegged(1) == [0, 1, 0, 0], f"the database keeps Ben not pegged ({unpegged(1)})")
        check(after["version"] > before["version"] and after["scores"] == before["scores"]
              and after["rounds"][0]["round"] == before["rounds"][0]["round"],
              f"the round and the scores are the same ({before['scores']} → {after['scores']})")

        # Round 2 from the page: Ann declares and wins, her gains not
        # pegged in time (her box tapped by its name).
        Select(driver.find_element(By.ID, "declarer")).select_by_visible_text("Ann")
        for seat, n in enumerate([total - 6, 2, 2, 2]):
            driver.find_element(By.NAME, f"cards-{seat}").send_keys(str(n))
        driver.find_element(By.CSS_SELECTOR, "#unpegged label:first-child span").click()
        check(driver.find_element(By.NAME, "unpegged-0").is_selected(), "tapping Ann's name ticks her box")
        driver.find_element(By.ID, "submit-button").click()
        # The message still says the correction was stored until round 2 is.
        wait.until(lambda d: d.find_element(By.ID, "message").text == "Round 2 stored."
                   or d.find_element(By.ID, "form-message").is_displayed())
        message = driver.find_element(By.ID, "message").text
        now = state(url2)
        check(message == "Round 2 stored." and unpegged(2) == [1, 0, 0, 0]
              and now["rounds"][1]["round"].get("unpegged") == [0] and now["rounds"][1]["deltas"][0] <= 0,
              f"round 2 is stored with Ann not pegged ({message!r}, {unpegged(2)}, {now['rounds'][-1]})")
        line = driver.find_element(By.ID, "history").text.split("\n")[0]
        check(line == f"Round 2: Ann declared · cards {total - 6}–2–2–2 · Ann: not pegged",
              f"the history shows Ann not pegged ({line!r})")
        ticked = [driver.find_element(By.NAME, f"unpegged-{seat}").is_selected() for seat in range(4)]
        check(ticked == [False] * 4, "the form of round 3 starts with no box ticked")

        # Table 2's secret on table 1's page.
        secret2 = url2.split("#")[1]
        driver.get(url1.split("#")[0] + "#" + secret2)
        driver.refresh()
        wait.until(lambda d: d.find_element(By.ID, "message").is_displayed())
        message = driver.find_element(By.ID, "message").text
        check("not valid for table" in message and not driver.find_element(By.ID, "board-section").is_displayed(),
              f"another table's secret reads nothing ({message!r})")
    finally:
        clean_up([driver] if driver is not None else [], server, tmp)

    tap.finish()


if __name__ == "__main__":
    main()
