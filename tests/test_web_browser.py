"""The web table in a real browser: Playwright driving the distribution's Chromium
(/usr/bin/chromium, `apt-get install chromium`; nothing is downloaded). A person opens the start
page, starts a table of one person and bots for each family, plays a whole round by clicking,
reads the scores, tries an illegal move, looks from another seat, and uploads a bad variant.
Screenshots of a table of each family are taken every run; with UPDATE_SCREENSHOTS=1 they
replace docs/screenshots/ (the README shows one), else they go to a temporary directory."""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, Route, sync_playwright

from cardrules.web.server import create_app

CHROMIUM = Path("/usr/bin/chromium")
DOCS_SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

if not CHROMIUM.exists():
    pytest.fail("the browser tests need the distribution's Chromium at /usr/bin/chromium: "
                "apt-get install chromium", pytrace=False)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield b
        b.close()


def start_table(page: Page, base_url: str, game: str, seed: str = "7") -> str:
    """Pick the game on the start page, keep the default seats (one person, bots), start,
    and return the person's link."""
    page.goto(base_url + "/")
    page.select_option("#game", game)
    page.fill("#seed", seed)
    page.click("#create")
    link = page.locator("a.seatlink").first
    link.wait_for()
    href = link.get_attribute("href")
    assert href is not None and "token=" in href
    return href


def play_by_clicking(page: Page) -> None:
    """Click through a whole round: pass when following is optional, else the first legal
    move's button, else the lowest card and 'Play selected' (a single card leads)."""
    for _ in range(2000):
        page.wait_for_function("document.querySelector('#status').textContent.length > 0")
        if page.locator("#end").is_visible():
            return
        status = page.locator("#status").inner_text()
        if "Your turn" not in status:
            page.wait_for_timeout(50)
            continue
        before = page.evaluate("document.body.dataset.version")
        on_table = page.locator("#table").inner_text()
        if page.locator("#pass").count() and "to beat" in on_table:
            page.click("#pass")
        elif page.locator("button.legalmove").count():
            page.locator("button.legalmove").first.click()
        else:
            page.locator("#hand .card").first.click()
            page.click("#play")
        page.wait_for_function("([b]) => document.body.dataset.version !== b", arg=[before])
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("game", ["big_two", "doudizhu", "tractor", "blackjack_casino"])
@pytest.mark.parametrize("seed", ["7", "8"])
def test_a_person_plays_a_whole_round_by_clicking(browser: Browser, base_url: str,
                                                  game: str, seed: str, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    link = start_table(page, base_url, game, seed)
    page.goto(base_url + link)
    page.locator("#title").wait_for()
    page.wait_for_function("document.querySelector('#status').textContent.length > 0")
    assert page.locator("#practice").inner_text() == (  # a chosen seed: marked for every seat
        f"Practice table: its creator chose the seed ({seed}), from which every hand is "
        "dealt, so any seat can know every hand.")
    shots = DOCS_SHOTS if os.environ.get("UPDATE_SCREENSHOTS") == "1" else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"{game}.png"), full_page=True)
    assert (shots / f"{game}.png").stat().st_size > 10_000  # a page was drawn
    play_by_clicking(page)
    scores = page.locator("#end .scores").inner_text()
    assert scores.startswith("scores: seat 0: ")
    values = [int(v) for _, v in re.findall(r"seat (\d+): ([+-]?\d+)", scores)]
    if game != "tractor":
        assert sum(values) == 0
    assert page.locator("#end").inner_text().count("seat ") >= 2 * len(values)  # all hands
    page.close()


def test_a_table_without_a_chosen_seed_is_no_practice_table(browser: Browser,
                                                             base_url: str) -> None:
    page = browser.new_page()
    link = start_table(page, base_url, "big_two", seed="")
    page.goto(base_url + link)
    page.wait_for_function("document.querySelector('#status').textContent.length > 0")
    assert page.locator("#practice").is_hidden()
    assert "seed" not in page.locator("body").inner_text()
    page.close()


def test_an_illegal_move_shows_the_rules_sentence(browser: Browser, base_url: str) -> None:
    page = browser.new_page()
    link = start_table(page, base_url, "big_two")
    page.goto(base_url + link)
    page.wait_for_selector("#play")  # the person's turn (bots moved first)
    cards = page.locator("#hand .card")
    cards.nth(0).click()
    cards.nth(cards.count() - 1).click()  # the lowest and the highest: no combination
    page.click("#play")
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    error = page.locator("#error").inner_text()
    assert "is not a combination of this game" in error or "must contain" in error \
        or "does not beat" in error
    page.close()


def test_another_seat_sees_only_its_own_hand(browser: Browser, base_url: str) -> None:
    page = browser.new_page()
    page.goto(base_url + "/")
    page.select_option("#game", "big_two")
    page.select_option("select.seatkind[data-seat='1']", "human")
    page.click("#create")
    page.locator("a.seatlink").nth(1).wait_for()
    links = [page.locator("a.seatlink").nth(i).get_attribute("href") for i in range(2)]
    other = browser.new_context()  # another person's browser
    seat0, seat1 = page, other.new_page()
    seat0.goto(base_url + str(links[0]))
    seat1.goto(base_url + str(links[1]))
    hands = []
    for p in (seat0, seat1):
        p.locator("#hand .card").first.wait_for()
        hands.append(set(p.locator("#hand .card").all_inner_texts()))
        assert "You are seat" in p.locator("#status").inner_text()
    assert hands[0] and hands[1] and not hands[0] & hands[1]
    assert not hands[1] & set(seat0.content().split())
    other.close()
    page.close()


def test_the_start_page_buttons_wait_for_the_games(browser: Browser, base_url: str) -> None:
    """The start page's buttons are disabled until its list of games has come and their
    handlers are set: a click made earlier would have done nothing at all (the flaky CI
    run of test_a_bad_variant_shows_its_diagnostic: Check clicked before the list came, no
    answer, a 30 s timeout). The list is held back here until the buttons were looked at."""
    page = browser.new_page()
    held: list[Route] = []
    page.route("**/api/games", lambda route: held.append(route))
    page.goto(base_url + "/")
    page.wait_for_function("!document.querySelector('#start').hidden")
    while not held:  # the page asked for the list: it has not come yet
        page.wait_for_timeout(20)
    for button in ("#create", "#check", "#createRules", "#diff"):
        assert page.locator(button).is_disabled(), button
    held[0].continue_()
    page.locator("#game option").first.wait_for(state="attached")
    for button in ("#create", "#check", "#createRules", "#diff"):
        assert page.locator(button).is_enabled(), button
    page.close()


def test_a_failed_request_says_so(browser: Browser, base_url: str) -> None:
    """A request that gets no answer at all shows why, where its answer would be shown."""
    page = browser.new_page()
    page.goto(base_url + "/")
    page.route("**/api/check", lambda route: route.abort())
    page.fill("#rules", "game x extends big_two\n")
    page.click("#check")
    page.wait_for_function("!document.querySelector('#diagnostics').hidden")
    assert "the server did not answer" in page.locator("#diagnostics").inner_text()
    page.close()


def test_a_bad_variant_shows_its_diagnostic(browser: Browser, base_url: str) -> None:
    page = browser.new_page()
    page.goto(base_url + "/")
    page.fill("#rules", "game x extends big_two\noverride deal 14 each\n")
    page.click("#check")
    page.wait_for_function("!document.querySelector('#diagnostics').hidden")
    shown = page.locator("#diagnostics").inner_text()
    assert "upload.rules:2:15: error: 4 x 14 cards + kitty 0 is more than the 52 cards" in shown
    assert "^~" in shown
    page.fill("#rules", "game low2 extends big_two\noverride ranks 2 3 4 5 6 7 8 9 10 J Q K A\n")
    page.click("#diff")
    page.wait_for_function("document.querySelector('#diagnostics').textContent.includes('+++')")
    assert "rank 2: highest -> lowest" in page.locator("#diagnostics").inner_text()
    page.close()


def test_the_check_shows_the_command_lines_warnings_and_ok_line(browser: Browser,
                                                                base_url: str) -> None:
    page = browser.new_page()
    page.goto(base_url + "/")
    page.fill("#rules", 'game five_run extends big_two\ntitle "x"\ncombination five_run "五顺" '
                        '{\n  run 1 min 5 max 5 within 3 4 5 6 7 8 9 10 J Q K A\n  key rank\n}\n')
    page.click("#check")
    page.wait_for_function("document.querySelector('#diagnostics').textContent.includes('ok:')")
    shown = page.locator("#diagnostics").inner_text().splitlines()
    assert shown[0].startswith("upload.rules:3:1: warning: combination five_run never names")
    assert shown[-1] == "upload.rules: ok: five_run, 9 combinations, 0 worked examples hold, " \
                        "1 warning"
    page.fill("#rules", 'game x extends big_two\ntitle "x"\nexample "S3" beats "S2"\n')
    page.click("#createRules")
    page.wait_for_function("document.querySelector('#diagnostics').textContent"
                           ".includes('example fails')")
    assert page.locator("#diagnostics").inner_text().splitlines()[0] == \
        "upload.rules:3:1: error: example fails: S3 does not beat S2"
    assert page.locator("a.seatlink").count() == 0  # no table
    page.close()


# ------------------------------------------------------------------ replay files
def test_a_finished_round_is_saved_opened_and_stepped_through(browser: Browser, base_url: str,
                                                              tmp_path: Path) -> None:
    import json

    page = browser.new_page(viewport={"width": 1100, "height": 900})
    link = start_table(page, base_url, "doudizhu", "7")
    page.goto(base_url + link)
    page.locator("#title").wait_for()
    assert page.locator("#saveBox").is_hidden()  # the match is not over: nothing to save
    play_by_clicking(page)
    page.wait_for_selector("#saveReplay", state="visible")
    assert page.locator("#saveNote").inner_text() == "(1 round)"  # 斗地主's match: one round
    with page.expect_download() as info:
        page.click("#saveReplay")
    saved = tmp_path / "saved.jsonl"
    info.value.save_as(saved)
    assert info.value.suggested_filename == "doudizhu-7.jsonl"
    lines = [json.loads(x) for x in saved.read_text(encoding="utf-8").splitlines()]
    dealt = next(x for x in lines if x["type"] == "round")["hands"]
    actions = [x for x in lines if x["type"] == "action"]
    result = next(x for x in lines if x["type"] == "result")

    page.goto(base_url + "/")
    page.click("#toReplay")
    page.set_input_files("#replayFile", str(saved))
    page.click("#openReplay")
    page.wait_for_function("document.body.dataset.step === '1.0.0'")
    head = page.locator("#replayHead").inner_text()
    assert head.startswith("斗地主 Dou Dizhu (doudizhu.rules), seed 7, seats 0: human")
    assert page.locator("#stepCount").inner_text() == f"step 1 of {len(actions) + 1}"
    # seat 0's view (the person's seat): its own dealt hand, nobody else's
    assert page.locator("#hand .card").all_inner_texts() == dealt[0].split()
    assert page.locator("#openBox").is_hidden()
    assert page.locator("#said").inner_text() == \
        f"next: seat {actions[0]['seat']} [{lines[0]['seats'][actions[0]['seat']]}]: " \
        f"{actions[0]['action']}"
    for step in (1, 2):
        page.click("#forward")
        page.wait_for_function(f"document.body.dataset.step === '1.{step}.0'")
    assert page.locator("#said").inner_text().endswith(f": {actions[2]['action']}")
    page.click("#back")
    page.wait_for_function("document.body.dataset.step === '1.1.0'")
    assert page.locator("#said").inner_text().endswith(f": {actions[1]['action']}")
    page.select_option("#replayView", "open")  # every hand open
    page.wait_for_function("document.body.dataset.step === '1.1.open'")
    assert page.locator("#openHands .opened").count() == 3
    page.click("#first")  # before the first action: every hand as dealt
    page.wait_for_function("document.body.dataset.step === '1.0.open'")
    assert page.locator("#openHands .opened").all_inner_texts() == [
        f"seat {s} [{kind}]: {dealt[s]}" for s, kind in enumerate(lines[0]["seats"])]
    for step in range(1, 21):  # into the play, for the screenshot
        page.click("#forward")
        page.wait_for_function(f"document.body.dataset.step === '1.{step}.open'")
    assert page.locator("#log div").count() >= 20
    shots = DOCS_SHOTS if os.environ.get("UPDATE_SCREENSHOTS") == "1" else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "replay.png"), full_page=True)
    page.click("#last")  # the round's end: its scores, as recorded
    page.wait_for_function(f"document.body.dataset.step === '1.{len(actions)}.open'")
    scores = page.locator("#end .scores").inner_text()
    assert [int(v) for _, v in re.findall(r"seat (\d+): ([+-]?\d+)", scores)] == \
        result["scores"]
    assert page.locator("#forward").is_disabled() and page.locator("#last").is_disabled()
    page.close()


def test_a_broken_or_mismatched_replay_shows_its_message(browser: Browser, base_url: str,
                                                         tmp_path: Path) -> None:
    import json

    from cardrules.game import load
    from cardrules.replay import record_match

    good = tmp_path / "good.jsonl"
    record_match(load("big_two"), seed=3, seats=["random"] * 4, path=good)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("this is not a replay\n", encoding="utf-8")
    lines = [json.loads(x) for x in good.read_text(encoding="utf-8").splitlines()]
    lines[0]["rules_sha256"] = "0" * 64
    other = tmp_path / "other.jsonl"
    other.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    page = browser.new_page()
    page.goto(base_url + "/replay")
    page.click("#openReplay")
    page.wait_for_selector("#replayError", state="visible")
    assert page.locator("#replayError").inner_text() == "choose a replay file (.jsonl) first"
    for path, said in [(broken, "the replay file:1: not a JSON object: Expecting value"),
                       (other, "the rules no longer match the recording: big_two.rules (with "
                               "its bases) has sha256 ")]:
        page.set_input_files("#replayFile", str(path))
        page.click("#openReplay")
        page.wait_for_function("([s]) => document.querySelector('#replayError').textContent"
                               ".startsWith(s)", arg=[said])
        assert page.locator("#replayShown").is_hidden()
    page.set_input_files("#replayFile", str(good))  # the server still opens a good one
    page.click("#openReplay")
    page.wait_for_function("document.body.dataset.step === '1.0.0'")
    assert page.locator("#replayError").is_hidden()
    page.close()
