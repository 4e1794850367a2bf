#!/usr/bin/python3
# test-entry-lang.py — table entry's phone page in French and German:
# headless Chromium with --lang=fr and --lang=de opens a table's page
# served by lw-entry-serve and shows the page's labels in that language
# (the app's translations, build-aux/po-to-json.py), and the server's
# answers to it in that language too (its Accept-Language): a round
# whose cards do not add up is refused in the engine's words, and another
# table's secret in the server's. English stays the fallback.
#
# The server's French and German need the locales fr_FR.UTF-8 and
# de_DE.UTF-8: they are made with localedef in a temporary folder
# (LOCPATH); without localedef that part is skipped.
# With LW_SCREENSHOT_DIR set, the pages are saved there (entry-fr, entry-de).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import shutil
import subprocess
import tempfile

from lw_browser import Tap, clean_up, phone, program, screenshot, set_width, state

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

serve = program("LW_ENTRY_SERVE")
tap = Tap()
check = tap.check

WORDS = {
    "fr": {"board-title": "Tableau des scores", "history-title": "Manches", "submit": "Envoyer la manche 1",
           "declarer": "Déclarant", "total": "Cartes à saisir", "bad-link": "n’est pas valable pour la table",
           "sum": "26"},
    "de": {"board-title": "Spielstand", "history-title": "Runden", "submit": "Runde 1 senden",
           "declarer": "Ansager", "total": "Einzugebende Karten", "bad-link": "gilt nicht für Tisch",
           "sum": "26"},
    "en": {"board-title": "Board", "history-title": "Rounds", "submit": "Send round 1",
           "declarer": "Declarer", "total": "Cards to enter", "bad-link": "not valid for table",
           "sum": "26"},
}


def make_locales(folder):
    """fr_FR.UTF-8 and de_DE.UTF-8 in @folder; whether both were made."""
    if shutil.which("localedef") is None:
        return False
    for name in ("fr_FR", "de_DE"):
        subprocess.run(["localedef", "-i", name, "-f", "UTF-8", os.path.join(folder, name + ".UTF-8")],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not os.path.exists(os.path.join(folder, name + ".UTF-8", "LC_MESSAGES")):
            return False
    return True


def main():
    tmp = tempfile.mkdtemp(prefix="lw-entry-lang-")
    db = os.path.join(tmp, "entry.sqlite3")
    env = dict(os.environ)
    locales = make_locales(tmp)
    if locales:
        env["LOCPATH"] = tmp
    server = subprocess.Popen([serve, "--db", db, "--tables", "2", "--players", "4"],
                              stdout=subprocess.PIPE, text=True, env=env)
    drivers = []
    shots = os.environ.get("LW_SCREENSHOT_DIR")
    try:
        lines = [server.stdout.readline().split()[:2] for _ in range(2)]
        (game1, url1), (game2, url2) = lines
        total = state(url1)["total_cards"]
        for lang in ("fr", "de", "en"):
            words = WORDS[lang]
            driver = phone(lang=lang)
            drivers.append(driver)
            wait = WebDriverWait(driver, 15)
            driver.get(url1)
            wait.until(lambda d: d.find_element(By.ID, "form-section").is_displayed())
            shown = {
                "board-title": driver.find_element(By.ID, "board-title").text,
                "submit": driver.find_element(By.ID, "submit-button").text,
                "declarer": driver.find_element(By.CSS_SELECTOR, "label[for=declarer]").text,
            }
            check(driver.execute_script("return document.documentElement.lang") == lang,
                  f"{lang}: the page says it is in {lang}")
            check(all(shown[k] == words[k] for k in shown), f"{lang}: the labels are translated ({shown})")
            check(words["total"] in driver.find_element(By.ID, "cards-total").text,
                  f"{lang}: the cards' total is translated ({driver.find_element(By.ID, 'cards-total').text!r})")
            if shots:
                for width in (360, 1280):
                    set_width(driver, width)
                    screenshot(driver, shots, f"web-entry-{lang}-{width}")
                set_width(driver, 360)

            # A round whose cards do not add up: refused in the engine's words.
            inputs = driver.find_elements(By.CSS_SELECTOR, "input[name^='cards-']")
            for field in inputs:
                field.send_keys("1")
            driver.find_element(By.ID, "submit-button").click()
            wait.until(lambda d: d.find_element(By.ID, "form-message").is_displayed()
                       or d.find_element(By.ID, "message").is_displayed())
            refused = (driver.find_element(By.ID, "form-message").text
                       + driver.find_element(By.ID, "message").text)
            check(str(total) in refused and state(url1)["rounds"] == [],
                  f"{lang}: the round is refused and nothing stored ({refused!r})")

            # Another table's secret: the server's refusal in the reader's language.
            secret2 = url2.split("#")[1]
            driver.get(url1.split("#")[0] + "#" + secret2)
            driver.refresh()
            wait.until(lambda d: d.find_element(By.ID, "message").is_displayed())
            message = driver.find_element(By.ID, "message").text
            if locales or lang == "en":
                check(words["bad-link"] in message, f"{lang}: the server refuses another table's secret in {lang} ({message!r})")
            else:
                check(True, f"{lang}: the server's words # SKIP localedef could not make the locales")
    finally:
        clean_up(drivers, server, tmp)

    tap.finish()


if __name__ == "__main__":
    main()
