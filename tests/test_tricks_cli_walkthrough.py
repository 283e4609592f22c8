"""Issue 7 §3-§6 from the command line, as a new user meets it: what a fresh-eyes walk
through found wrong, and the commands it ran, with exact output.

Found and fixed: `classify big_two S3 --trump S` ignored the trump state without a word;
the dealer burying at a human seat was not shown the kitty it took; the prompt offered
'pass' and 'done' in every phase (neither is a move while burying or following); a failed
throw was printed in the order its cards were chosen."""

from __future__ import annotations

import io

import pytest

import cardrules
from cardrules.cards import parse_cards
from cardrules.cli import main
from cardrules.families.tricks import cli as cli_tricks
from cardrules.families.tricks.game import TricksGame, TricksGameTable


def load(name: str) -> TricksGame:
    game = cardrules.load(name)
    assert isinstance(game, TricksGame)
    return game


@pytest.mark.parametrize(("args", "out", "code"), [
    (["tractor", "HK", "HK", "HQ", "HQ", "--trump", "S", "--level", "10"],
     "HQ HQ HK HK: tractor (拖拉机), key HK (trump S, level 10)\n", 0),
    (["tractor", "HJ", "HJ", "H10", "H10", "--trump", "S", "--level", "10"],
     "HJ HJ H10 H10: not a unit (trump S, level 10)\n", 1),
    (["tractor", "BJ", "BJ", "LJ", "LJ", "--level", "10"],  # --trump: none by default
     "LJ LJ BJ BJ: tractor (拖拉机), key BJ (trump none, level 10)\n", 0),
    (["tractor_2_trump", "S2", "S2", "H2", "H2", "--trump", "S", "--level", "10"],
     "H2 H2 S2 S2: tractor (拖拉机), key S2 (trump S, level 10)\n", 0),
    (["titanic", "H5", "H5", "H5", "S5", "S5", "S5", "--trump", "S", "--level", "5"],
     "H5 H5 H5 S5 S5 S5: titanic (泰坦尼克), key S5 (trump S, level 5)\n", 0),
    (["shengji", "HK", "HQ", "--trump", "S", "--level", "10"],
     "HQ HK: not a unit (trump S, level 10)\n", 1),
])
def test_classify_under_a_trump_state(capsys: pytest.CaptureFixture[str], args: list[str],
                                      out: str, code: int) -> None:
    assert main(["classify", *args]) == code
    assert capsys.readouterr().out == out


@pytest.mark.parametrize(("args", "err"), [
    (["tractor", "HK"], "a trick-taking game classifies under a trump state: give --trump "
                        "SUIT|none and --level RANK"),
    (["tractor", "HK", "--trump", "X", "--level", "10"],
     "trump 'X': give a suit S, H, C or D, or none"),
    (["tractor", "HK", "--level", "1"], "level '1': give a rank 2-10, J, Q, K or A"),
    # before: the trump state was ignored and S3 classified
    (["big_two", "S3", "--trump", "S"], "--trump and --level give a trump state, for a "
                                        "trick-taking game; big_two is of family climbing "
                                        "and has none"),
    (["big_two", "S3", "--level", "10"], "big_two is of family climbing and has none"),
])
def test_classify_refuses_a_wrong_trump_state(capsys: pytest.CaptureFixture[str],
                                              args: list[str], err: str) -> None:
    assert main(["classify", *args]) in (1, 2)
    assert err in capsys.readouterr().err


def _human_dealer_burying() -> TricksGameTable:
    game = load("tractor")
    table = TricksGameTable(game, seed=4, seats=["human", "random", "random", "random"],
                            hands=None, dealer=0, levels=[2, 0, 2, 0], round_number=2)
    while table.phase != "bury":
        table.apply("pass")
    return table


def test_the_dealer_sees_the_kitty_it_takes_while_burying(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = _human_dealer_burying()
    kitty = table.kitty
    order = table.order
    first = sorted(table.hand(0), key=order.strength)[0]
    monkeypatch.setattr("sys.stdin", io.StringIO(f"bury {table.game.format_cards([first])}\n"))
    out = io.StringIO()
    cli_tricks._ask(table, out)
    text = out.getvalue()
    shown = table.game.format_cards(sorted(kitty, key=order.strength))
    assert f"kitty taken: {shown}; buried so far: none\n" in text
    assert "your move (bury 8 more card(s): cards like S3; '?' for options): " in text
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("?\n"))
    with pytest.raises(ValueError, match="input ended"):
        cli_tricks._ask(table, out)
    text = out.getvalue()
    assert f"buried so far: {table.game.format_cards([first])}\n" in text
    assert "bury 7 more card(s)" in text
    # a seat that is not the dealer never sees the kitty
    assert table.view(1).kitty == ()


@pytest.mark.parametrize(("hand", "trick", "words"), [
    ("H3 H4 H4 C2 C3", (0, "H5 H5"), "follow with 2 card(s) of your hand"),
    ("H3 H4 H4 C2 C3", None, "lead: cards like S3 S3, all at once, or one at a time and "
                             "then 'done'"),
])
def test_the_prompt_says_what_may_be_typed_now(monkeypatch: pytest.MonkeyPatch, hand: str,
                                               trick: tuple[int, str] | None,
                                               words: str) -> None:
    from cardrules.runtime.tricks.table import _Play
    game = load("tractor")
    table = TricksGameTable(game, seed=0, seats=["random", "human", "random", "random"],
                            hands=None, dealer=0, levels=None, round_number=1)
    table.phase, table.state, table.seat = "play", game.state("S", "10"), 1
    table.hands[1] = list(parse_cards(hand))
    table.play = _Play(leader=0 if trick else 1,
                       plays=[(trick[0], tuple(parse_cards(trick[1])))] if trick else [])
    table._legal = table._follows = None
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    out = io.StringIO()
    with pytest.raises(ValueError, match="input ended"):
        cli_tricks._ask(table, out)
    assert f"your move ({words}; '?' for options): " in out.getvalue()


def test_the_deal_prompt_asks_for_a_bid_or_a_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load("tractor")
    table = TricksGameTable(game, seed=4, seats=["human", "random", "random", "random"],
                            hands=None, dealer=None, levels=None, round_number=1)
    while table.seat != 0:
        table.apply("pass")
    monkeypatch.setattr("sys.stdin", io.StringIO("pass\n"))
    out = io.StringIO()
    cli_tricks._ask(table, out)
    text = out.getvalue()
    # the example is a bid the seat can make (before, always 'bid H5': not a bid at rank 2)
    assert "your move (bid cards you hold, like 'bid S2', or 'pass'; '?' for options): " in text
    assert "defenders' points" not in text  # nothing is won while the cards are dealt


def test_the_deal_prompt_names_the_bid_to_beat(monkeypatch: pytest.MonkeyPatch) -> None:
    """While a bid stands, the prompt says which, and its example is a bid that beats it."""
    game = load("shengji")
    table = TricksGameTable(game, seed=7, seats=["human", "random", "random", "random"],
                            hands=None, dealer=None, levels=None, round_number=1)
    while table.seat != 0 or not table.bids:
        if table.seat == 0:
            table.apply("pass")
            continue
        bids = [a for a in table.legal_actions() if a.kind == "bid"]
        table.apply(bids[0] if bids else "pass")
    assert [(b.seat, str(b)) for b in table.bids] == [(2, "S2")]
    assert [str(a) for a in table.legal_actions()] == ["bid LJ BJ", "pass"]
    monkeypatch.setattr("sys.stdin", io.StringIO("pass\n"))
    out = io.StringIO()
    cli_tricks._ask(table, out)
    assert ("your move (bid cards you hold that beat seat 2's S2, like 'bid LJ BJ', or "
            "'pass'; '?' for options): ") in out.getvalue()


def test_a_failed_throw_is_printed_in_trump_order(capsys: pytest.CaptureFixture[str]) -> None:
    """Before, the cards tried were printed in the order chosen (a piped session of seed 4
    printed `throw CJ CA C7 CK CA C10 C10 failed`)."""
    assert main(["play", "tractor", "--seed", "3", "--seats",
                 "greedy,random,greedy,random"]) == 0
    game = load("tractor")
    state = None
    checked = 0
    for line in capsys.readouterr().out.splitlines():
        if line.startswith("dealer: seat "):  # dealer: seat 2; trumps suit D, rank 5
            suit, rank = line.split("trumps suit ")[1].split(", rank ")
            state = game.state(suit.split()[0], rank)
        if "failed)" in line:
            assert state is not None
            cards = game.parse_cards(line.split("(throw ")[1].split(" failed)")[0])
            order = game.order(state)
            assert [order.strength(c) for c in cards] == sorted(map(order.strength, cards))
            checked += 1
    assert checked > 100
