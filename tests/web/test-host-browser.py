#!/usr/bin/python3
# test-host-browser.py — the remote player's page (data/web/play.*,
# docs/REMOTE-PLAY.md) in two headless Chromiums, the seats 1 and 3 of a
# four-player partners table whose seats 0 and 2 are computers, played
# through the pages to the game's end: the bids (Decline, Declare), the
# four discards, every trick (by tapping a card and Play, once by the
# keyboard: Space chooses, Enter plays), a reload in the middle of a
# trick that resumes it, a double tap on Play that plays once, a second
# tab of the same seat (the first is told, and takes it back), a stale
# action refused in words, the winner of a trick kept on screen at least
# 1.5 s (or until the next card), Last Trick, the partners marked, the
# bids announced, the labels in German for a German browser, and at 320,
# 360 and 1280 px no horizontal scroll and every name under the trick
# whole.
#
# The host is tests/web/lw_fake_host.py, which speaks the page's
# protocol with a scripted game (not the rules): the page's own
# behaviour is what is checked here.
#
# Skipped (exit 77) without chromium, chromedriver or python3-selenium.
# With LW_SCREENSHOT_DIR set, the page is saved there at 360 and 1280 px,
# light and dark, during the bids and in the middle of a trick.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import time

from lw_browser import Tap, clean_up, phone, program, set_width, screenshot
import lw_fake_host

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

tap = Tap()
check = tap.check

web = program("LW_WEB_DIR")
play_js = program("LW_PLAY_JS")
play_css = program("LW_PLAY_CSS")

LONG = "Maximiliane-Theodora von Hohenzollern-Sigmaringen"   # 49 characters
UNBROKEN = "W" * 40
NAMES = ["Ann", "Ben " + UNBROKEN, "Cleo", LONG]
HANDS = [
    ["2S", "5S", "9H", "KD", "3C"],
    ["KS", "3H", "7S", "QD", "L"],
    ["4S", "8S", "JH", "2D", "B"],
    ["6S", "9S", "QH", "L", "4C"],
]
PUPS = ["7C", "8C", "9C", "10C"]

# The trick's winner on the page, shown (from the arrival of the state
# that shows it: the message event's timeStamp, taken before the page
# handles it, so that a loaded machine running the page late does not
# shorten the measure) and gone again (when the page takes it away).
WATCH_WINNER = """
window.lwWinner = [];
window.lwArrival = null;
const socket = page.socket;
const handle = socket.onmessage;
socket.onmessage = (event) => { window.lwArrival = event.timeStamp; handle(event); };
const box = document.getElementById('trick');
const note = () => {
  const winner = !!box.querySelector('.play.winner');
  const last = window.lwWinner[window.lwWinner.length - 1];
  const t = winner && window.lwArrival !== null ? window.lwArrival : performance.now();
  if (!last || last.winner !== winner)
    window.lwWinner.push({t, winner, plays: box.querySelectorAll('.play').length});
};
new MutationObserver(note).observe(box, {childList: true, subtree: true});
note();
"""


def state_of(driver):
    return driver.execute_script("return page.state")


def wait_state(driver, what, timeout=15):
    """Waits until @what holds of the page's state; returns that state."""
    found = []

    def holds(d):
        state = state_of(d)
        if what(state):
            found.append(state)
            return True
        return False
    WebDriverWait(driver, timeout).until(holds)
    return found[-1]


def click(driver, element_id):
    driver.execute_script(f"document.getElementById('{element_id}').click()")


def tap_card(driver, place):
    """Taps the card at @place of the shown hand (the hand is drawn anew at
    every change, so elements are found afresh)."""
    driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-place="{place}"]').click()


def card_buttons(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#hand .card")


def hand_in_place(driver):
    """Waits until the page no longer holds a finished trick on screen:
    the trick above the hand then goes, and the hand moves up, which a
    tap aimed at a card before would miss (10 s at the most; the hold is
    1.5 s)."""
    WebDriverWait(driver, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#trick .play.winner"))


def play_one(driver, table, seat, keyboard=False):
    """Plays the first playable card of @seat's page; returns its token."""
    state = wait_state(driver, lambda s: s and s["you"]["to_act"] and "play" in s["you"]["can"])
    hand_in_place(driver)
    buttons = driver.find_elements(By.CSS_SELECTOR, "#hand .card.playable")
    token = buttons[0].get_attribute("data-card")
    if keyboard:
        buttons[0].send_keys(Keys.SPACE)
        WebDriverWait(driver, 5).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card.chosen"))
        driver.find_element(By.CSS_SELECTOR, "#hand .card.chosen").send_keys(Keys.ENTER)
    else:
        buttons[0].click()
        click(driver, "play-button")
    WebDriverWait(driver, 10).until(lambda d: state_of(d)["version"] > state["version"])
    return token


def names_whole(driver, width):
    """Each name under the trick is shown whole, inside the screen."""
    rows = driver.execute_script("""
      return [...document.querySelectorAll('#trick .play .who')].map(e => {
        const r = e.getBoundingClientRect();
        return [e.firstChild.textContent, e.scrollWidth <= e.clientWidth + 1, r.left >= 0, r.right <= arguments[0]];
      });""", width)
    return rows


def check_widths(driver, label):
    for width in (320, 360, 1280):
        set_width(driver, width)
        time.sleep(0.2)
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        check(scroll <= width, f"{label}: at {width} px no horizontal scroll (scroll width {scroll})")
        rows = names_whole(driver, width)
        check(rows and all(r[0] in NAMES and all(r[1:]) for r in rows),
              f"{label}: at {width} px every name under the trick is whole and on screen ({rows})")
    set_width(driver, 360)


def shots(driver, name):
    folder = os.environ.get("LW_SCREENSHOT_DIR")
    if not folder:
        return
    for width in (360, 1280):
        set_width(driver, width)
        time.sleep(0.2)
        screenshot(driver, folder, f"{name}-{width}")
    set_width(driver, 360)


def main():
    files = {"/play": os.path.join(web, "play.html"), "/play.css": play_css,
             "/play.js": play_js}
    table = lw_fake_host.FakeTable(NAMES, HANDS, PUPS, pause=0.3, hold=0.5)
    table.ping_ms = 250  # the heartbeat the welcome asks for, short
    server = lw_fake_host.serve(table, files)
    port = server.server_address[1]
    drivers = []
    try:
        ben = phone()
        drivers.append(ben)
        dev = phone(lang="de")
        drivers.append(dev)
        ben.get(table.link(port, 1))
        dev.get(table.link(port, 3))
        first = wait_state(ben, lambda s: s is not None)
        check(first["seat"] == 1 and first["phase"] == "bid", "Ben's page shows seat 1's state during the bids")
        wait_state(dev, lambda s: s is not None)
        WebDriverWait(ben, 10).until(lambda d: table.pings.get(1, 0) >= 3)
        check(table.pings.get(1, 0) >= 3, f"the page pings every ping_ms of the welcome ({table.pings})")
        check(dev.find_element(By.ID, "play-button").get_attribute("textContent") == "Spielen"
              and dev.find_element(By.ID, "hand-title").text == "Ihre Hand",
              "the German browser's labels are German (Spielen, Ihre Hand)")
        check(ben.find_element(By.ID, "play-button").get_attribute("textContent") == "Play",
              "the English browser's labels are English")
        partner = ben.execute_script(
            "return [...document.querySelectorAll('#seats li')].map(li => !!li.querySelector('.badge.partner'))")
        check(partner == [False, False, False, True], f"Ben's page marks Dev (seat 3) as his partner ({partner})")
        shown = [b.get_attribute("data-card") for b in card_buttons(ben)]
        check(shown == ["7S", "KS", "3H", "QD", "L"],
              f"the hand is sorted by suit, the Den card last ({shown})")
        click(ben, "sort-button")
        by_rank = [b.get_attribute("data-card") for b in card_buttons(ben)]
        check(by_rank == ["3H", "7S", "QD", "KS", "L"], f"By Suit off: the hand by rank ({by_rank})")
        click(ben, "sort-button")
        check(ben.find_element(By.ID, "declare-button").is_displayed()
              and ben.find_element(By.ID, "decline-button").is_displayed(),
              "Ben, first to bid, is offered Declare and Decline")
        shots(ben, "play-bidding")

        # A stale action is refused in words.
        ben.execute_script("page.socket.send(JSON.stringify({type: 'action', id: 'stale-1', "
                           "version: page.state.version - 1, do: 'decline'}))")
        WebDriverWait(ben, 10).until(lambda d: d.find_element(By.ID, "message").is_displayed())
        check("Another turn began" in ben.find_element(By.ID, "message").text,
              "a stale action's refusal shows the host's words")

        click(ben, "decline-button")
        wait_state(dev, lambda s: s["you"]["to_act"] and "declare" in s["you"]["can"])
        events = [e.text for e in dev.find_elements(By.CSS_SELECTOR, "#events li")]
        check(events == [f"{NAMES[1]} declines.", "Cleo declines."], f"the bids are announced ({events})")
        click(dev, "declare-button")
        wait_state(dev, lambda s: "discard" in s["you"]["can"])
        cards = card_buttons(dev)
        check(len(cards) == 9, f"the declarer's page shows 9 cards with the Pups ({len(cards)})")
        for place in range(3):
            tap_card(dev, place)
        check(not dev.find_element(By.ID, "discard-button").is_enabled(),
              "Discard waits for the fourth card")
        tap_card(dev, 3)
        tap_card(dev, 4)
        chosen = len(dev.find_elements(By.CSS_SELECTOR, "#hand .card.chosen"))
        check(chosen == 4, f"no more than 4 cards can be chosen to put away ({chosen})")
        click(dev, "discard-button")
        wait_state(dev, lambda s: s["phase"] == "play")
        check(len(table.hands[3]) == 5 and table.applied[3] == ["declare", "discard"],
              f"the four discards went to the host once ({table.applied[3]})")

        # A lead the host reads more than one way: the page asks for its
        # readings, offers exactly those and sends the chosen one's "as".
        wait_state(dev, lambda s: s["you"]["to_act"] and "play" in s["you"]["can"])
        shown = [b.get_attribute("data-card") for b in card_buttons(dev)]
        wolf, club = shown.index("L"), shown.index("7C")
        tap_card(dev, club)
        tap_card(dev, wolf)
        click(dev, "play-button")
        WebDriverWait(dev, 10).until(lambda d: d.find_element(By.ID, "as-row").is_displayed())
        offered = [b.text for b in dev.find_elements(By.CSS_SELECTOR, "#as-fields button")]
        check(table.readings_asked == [["7C", "L"]] and table.as_seen == [],
              f"the page asks the host for the readings before it plays ({table.readings_asked}, {table.as_seen})")
        check(offered == ["Kleiner Wolf als 7♠", "Kleiner Wolf als 8♣"],
              f"the question offers exactly the host's readings ({offered})")
        check(dev.find_element(By.ID, "as-hint").text == "Wofür steht der Joker?",
              "the question is asked in German")
        check(not dev.find_element(By.ID, "play-button").is_displayed(),
              "while it asks, the answers are the way to play")
        shots(dev, "play-wildcard-de")
        dev.find_elements(By.CSS_SELECTOR, "#as-fields button")[1].click()
        WebDriverWait(dev, 10).until(lambda d: len(table.as_seen) == 1)
        check(table.as_seen[0] == (["7C", "L"], ["8C"]),
              f"the play carries the chosen reading's meaning ({table.as_seen})")
        WebDriverWait(dev, 10).until(lambda d: not d.find_element(By.ID, "as-row").is_displayed())
        # One reading: played at once, nothing asked.
        table.refuse_wolf = True
        tap_card(dev, club)
        WebDriverWait(dev, 10).until(lambda d: d.find_element(By.ID, "play-button").is_enabled())
        click(dev, "play-button")
        WebDriverWait(dev, 10).until(lambda d: len(table.as_seen) == 2)
        check(table.readings_asked[-1] == ["L"] and table.as_seen[1] == (["L"], None),
              f"a lead of one reading is played as it is ({table.readings_asked}, {table.as_seen})")
        check(not dev.find_element(By.ID, "as-row").is_displayed(), "with one reading nothing is asked")
        table.refuse_wolf = False
        tap_card(dev, wolf)

        dev.execute_script(WATCH_WINNER)
        ben.execute_script(WATCH_WINNER)
        turns = 0
        reloaded = doubled = keyed = False
        while turns < 40:
            turns += 1
            state = wait_state(ben, lambda s: s["phase"] == "game-over"
                               or s["turn"] in (1, 3), timeout=20)
            if state["phase"] == "game-over":
                break
            seat = state["turn"]
            driver = ben if seat == 1 else dev
            st = wait_state(driver, lambda s: s["turn"] == seat and "play" in s["you"]["can"])
            if seat == 1 and len(st["trick"]["plays"]) > 0 and not reloaded:
                reloaded = True
                shots(ben, "play-mid-trick")
                check_widths(ben, "Ben mid-trick")
                plays = st["trick"]["plays"]
                ben.refresh()
                again = wait_state(ben, lambda s: s is not None)
                check(again["trick"]["plays"] == plays and again["hand"] == st["hand"]
                      and again["you"]["to_act"],
                      "a reload in the middle of a trick resumes it (the same plays, hand and turn)")
                shown_plays = len(ben.find_elements(By.CSS_SELECTOR, "#trick .play"))
                check(shown_plays == len(plays), f"the reloaded page shows the trick's plays ({shown_plays})")
                ben.execute_script(WATCH_WINNER)
            if seat == 3 and not doubled:
                doubled = True
                before = len(table.applied[3])
                hand_in_place(dev)
                dev.find_element(By.CSS_SELECTOR, "#hand .card.playable").click()
                dev.execute_script("const b = document.getElementById('play-button'); b.click(); b.click();")
                wait_state(dev, lambda s: s["version"] > st["version"])
                time.sleep(0.5)
                check(len(table.applied[3]) == before + 1,
                      f"a double tap on Play plays once ({len(table.applied[3]) - before} plays)")
                sent = [m for s, m in table.received if s == 3 and m.get("do") == "play"]
                check(len({m["id"] for m in sent}) == len(sent),
                      "every action the page sent carries a fresh id")
                continue
            if seat == 1 and not keyed:
                keyed = True
                play_one(ben, table, 1, keyboard=True)
                check(table.applied[1][-1] == "play", "Space chooses a card and Enter plays it")
                continue
            play_one(driver, table, seat)

        final = wait_state(ben, lambda s: s["phase"] == "game-over", timeout=20)
        check(final["phase"] == "game-over", "the game was played to its end through the pages")
        wait_state(dev, lambda s: s["phase"] == "game-over")
        for who, driver in (("Ben", ben), ("Dev", dev)):
            check(driver.find_element(By.ID, "end-section").is_displayed()
                  and driver.find_element(By.ID, "breakdown").text.strip() != ""
                  and "win." in driver.find_element(By.ID, "board").text,
                  f"{who}'s page shows the round's breakdown and the game's end")
        check(dev.find_element(By.ID, "end-title").text == "Partie vorbei",
              "the German page's end heading is German")
        time.sleep(2)
        holds = []
        for driver in (ben, dev):
            log = driver.execute_script("return window.lwWinner")
            for a, b in zip(log, log[1:]):
                if a["winner"] and not b["winner"] and b["plays"] == 0:
                    holds.append(b["t"] - a["t"])
        check(holds and min(holds) >= 1450,
              f"a trick's winner stays on screen at least 1.5 s when no card follows "
              f"(host hold 0.5 s; shown {[round(h) for h in holds]} ms)")
        click(ben, "last-button")
        last = len(ben.find_elements(By.CSS_SELECTOR, "#last-trick .play"))
        check(last == 4, f"Last Trick shows the four plays of the last trick ({last})")
        check(table.applied[1].count("play") == 5 and table.applied[3].count("play") == 5,
              f"each browser seat played its 5 cards, none lost or doubled "
              f"({table.applied[1].count('play')}, {table.applied[3].count('play')})")

        # The host drops the connection: the page says so and comes back
        # by itself.
        ben.execute_script("window.lwConnection = []; new MutationObserver(() => "
                           "window.lwConnection.push(document.getElementById('connection').textContent))"
                           ".observe(document.getElementById('connection'), {childList: true, subtree: true});")
        with table.lock:
            table.sockets[1].close(1012, "restarting")
        WebDriverWait(ben, 15).until(
            lambda d: d.execute_script("const c = window.lwConnection; return c.length >= 2 "
                                       "&& c[c.length - 1].startsWith('Playing as')"))
        seen = ben.execute_script("return window.lwConnection")
        check("Reconnecting…" in seen and state_of(ben)["phase"] == "game-over",
              f"a dropped connection shows Reconnecting… and comes back by itself ({seen[:3]})")

        # A second tab of the same seat takes it; the first is told and
        # takes it back.
        other = phone()
        drivers.append(other)
        other.get(table.link(port, 1))
        wait_state(other, lambda s: s is not None)
        WebDriverWait(ben, 10).until(lambda d: d.find_element(By.ID, "retake-button").is_displayed())
        check("another device" in ben.find_element(By.ID, "message").text,
              "the first tab is told that its seat was opened elsewhere")
        click(ben, "retake-button")
        # The seat is back when Ben's page plays again (the host's side of
        # the takeover, the older socket's 4003, is test-host-socket's).
        WebDriverWait(ben, 20).until(
            lambda d: d.find_element(By.ID, "connection").text.startswith("Playing as"))
        check(ben.find_element(By.ID, "message").is_displayed() is False,
              "Take the Seat Back reclaims the seat")

        # The link without its secret, or with a wrong one.
        other.get(f"http://127.0.0.1:{port}/play#t=7")
        WebDriverWait(other, 10).until(lambda d: d.find_element(By.ID, "message").is_displayed())
        check("incomplete" in other.find_element(By.ID, "message").text, "a link without its secret says so")
        other.get(f"http://127.0.0.1:{port}/play#t=7&s={'0' * 32}")
        WebDriverWait(other, 10).until(lambda d: "not valid" in d.find_element(By.ID, "message").text)
        check(other.execute_script("return page.state") is None, "a wrong secret sees no state")
    finally:
        table.stopping = True
        server.shutdown()
        clean_up(drivers, None, "/nonexistent")
    tap.finish()


if __name__ == "__main__":
    main()
