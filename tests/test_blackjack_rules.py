"""21点 (rules-digest §6, seed 004): the folk game and the casino variant, rule by rule.

Hands are dealt from a given stock: the players' two cards in seat order (seat 1 first), then
the banker's two, then the cards drawn in play."""

from __future__ import annotations

import pytest

import cardrules
from cardrules.compiler import CompileError, compile_text
from cardrules.examples import check_examples
from cardrules.families.banking.game import BankingGame
from cardrules.runtime.core import IllegalMove


@pytest.fixture(scope="module")
def folk() -> BankingGame:
    g = cardrules.load("blackjack")
    assert isinstance(g, BankingGame)
    return g


@pytest.fixture(scope="module")
def casino() -> BankingGame:
    g = cardrules.load("blackjack_casino")
    assert isinstance(g, BankingGame)
    return g


def deal(game: BankingGame, seats: int, cards: str) -> object:
    """A table dealing these cards first, then the rest of the deck in a fixed order."""
    given = game.parse_cards(cards)
    rest = [c for c in game.module.DECK if c not in given]
    return game.new_table(seats=["random"] * seats, stock=[*given, *rest])


def names(table: object) -> list[str]:
    return [str(a) for a in table.legal_actions()]  # type: ignore[attr-defined]


# ------------------------------------------------------------------ values and totals
@pytest.mark.parametrize(("cards", "total", "soft"), [
    ("SA H8", 19, True),            # seed: (A, 8) is 19
    ("SA H7 SJ", 18, False),        # seed: (A, 7, J) is 18
    ("SA HA", 12, True),
    ("SA HA CA DA", 14, True),
    ("SA HA S9", 21, True),
    ("SK SQ", 20, False),
    ("SK SQ SJ", 30, False),
    ("S2 S3 S4 S5 S6", 20, False),
    ("SA S5 S5", 21, True),
    ("SA S5 S6", 12, False),
])
def test_hand_totals(folk: BankingGame, cards: str, total: int, soft: bool) -> None:
    h = folk.hand(cards)
    assert (h.total, h.soft) == (total, soft)


def test_the_worked_examples_of_both_files_hold(folk: BankingGame,
                                               casino: BankingGame) -> None:
    assert check_examples(folk) == []
    assert check_examples(casino) == []
    assert len(folk.ir.examples) >= 15


@pytest.mark.parametrize(("cards", "split", "natural"), [
    ("SA SK", False, True), ("SQ SA", False, True), ("SA S10", False, True),
    ("SA SK", True, False),          # 分牌后拿到 BlackJack 只算普通的 21 点
    ("S7 H7 SA", False, False),      # 21 with three cards
    ("SA S9", False, False),
])
def test_naturals(folk: BankingGame, cards: str, split: bool, natural: bool) -> None:
    assert folk.holds("natural", cards, split) is natural


@pytest.mark.parametrize(("hand", "banker", "bet", "payout"), [
    ("SK S9", "HK H8", 1, 1),        # higher total wins
    ("SK S8", "HK H9", 1, -1),
    ("SK S9", "HK H9", 3, 0),        # equal totals: a push
    ("SK S9 S5", "HK H6 H9", 2, -2),  # the player busts first and loses, the banker busting later
    ("SK S9", "HK H6 H9", 2, 2),     # a busted banker loses
    ("SA SK", "H7 H4 HK", 1, 1),     # BlackJack beats another 21
    ("S7 S4 SK", "HA HK", 1, -1),
    ("SA SK", "HA HQ", 5, 0),        # both BlackJack: a push
    ("S7 S4 SK", "H7 H4 HK", 1, 0),
])
def test_settlement_folk(folk: BankingGame, hand: str, banker: str, bet: int,
                         payout: int) -> None:
    assert folk.settle(hand, banker, bet=bet) == payout


@pytest.mark.parametrize(("hand", "banker", "bet", "payout"), [
    ("SA SK", "H10 H7", 2, 3),       # 3:2
    ("SA SK", "H10 H7", 10, 15),
    ("SA SK", "HA HK", 2, 0),
    ("SA SK", "H10 H7", 2, 2),
])
def test_settlement_casino(casino: BankingGame, hand: str, banker: str, bet: int,
                           payout: int) -> None:
    split = payout == 2  # the same cards after a split are a plain 21
    assert casino.settle(hand, banker, bet=bet, split=split) == payout


# ------------------------------------------------------------------ the API and the flow
def test_bets_then_actions_as_a_person_types_them(folk: BankingGame) -> None:
    t = deal(folk, 2, "SK SK HQ H7 D3 D4 D5")
    assert t.seat == 1 and names(t) == [f"bet {n}" for n in range(1, 11)]
    with pytest.raises(IllegalMove):
        t.apply("bet 11")
    with pytest.raises(IllegalMove):
        t.apply("hit")
    t.apply("bet 5")
    assert names(t) == ["hit", "stand", "double", "split"]
    t.apply("stand")
    assert t.seat == 0 and names(t) == ["hit", "stand"]  # the folk banker decides
    t.apply("stand")
    r = t.result()
    assert r.scores == (-5, 5) and r.bets == (0, 5)
    assert [(h.cards, h.bet, h.payout) for h in r.hands] == [(folk.parse_cards("SK SK"), 5, 5)]
    assert r.banker.cards == folk.parse_cards("HQ H7")


def test_double_twice_the_bet_one_card_then_stop(folk: BankingGame) -> None:
    t = deal(folk, 2, "S5 S6 HQ H7 D9 D2")
    t.apply("bet 3")
    t.apply("double")
    assert t.seat == 0  # exactly one card, then the hand stops
    t.apply("stand")
    r = t.result()
    assert r.hands[0].cards == folk.parse_cards("S5 S6 D9") and r.hands[0].bet == 6
    assert r.scores == (-6, 6)


def test_double_only_on_the_first_two_cards(folk: BankingGame) -> None:
    t = deal(folk, 2, "S2 S3 HQ H7 D2 D3")
    t.apply("bet 1")
    assert "double" in names(t)
    t.apply("hit")
    assert names(t) == ["hit", "stand"]


def test_split_only_equal_values_and_no_double_after(folk: BankingGame) -> None:
    t = deal(folk, 2, "SK SQ HQ H7 D2 D3")
    t.apply("bet 2")
    assert "split" in names(t)  # K and Q: both 10 points
    t.apply("split")
    hands = t.hands[1]
    assert [h.bet for h in hands] == [2, 2] and [len(h.cards) for h in hands] == [2, 2]
    assert "double" not in names(t) and "split" not in names(t)  # folk: one split
    t2 = deal(folk, 2, "S9 S8 HQ H7")
    t2.apply("bet 1")
    assert "split" not in names(t2)


def test_hit_until_21_and_bust_ends_the_hand(folk: BankingGame) -> None:
    t = deal(folk, 2, "SK S9 HQ H7 D2 D5")
    t.apply("bet 1")
    t.apply("hit")
    assert t.seat == 0  # 21: no more cards, the hand stands by itself
    assert [str(a) for _, a in t.history] == ["bet 1", "hit", "stand"]
    t.apply("hit")  # the banker: 17 + 5
    assert t.over and t.result().scores == (-1, 1)
    t = deal(folk, 2, "SK S9 HQ H7 D5")
    t.apply("bet 1")
    t.apply("hit")  # 24: bust, the hand is over
    assert t.seat == 0


def test_no_natural_after_a_split(folk: BankingGame) -> None:
    # split aces, each takes a K: two 21s, no BlackJack; the banker's 21 of three cards pushes
    t = deal(folk, 2, "SA HA S7 S4 SK HK DK")
    t.apply("bet 1")
    t.apply("split")  # each hand stands at 21 by itself
    t.apply("hit")
    r = t.result()
    assert [h.total for h in r.hands] == [21, 21] and r.banker.total == 21
    assert r.scores == (0, 0)


def test_casino_split_aces_take_one_card_and_resplits_to_four(casino: BankingGame) -> None:
    t = deal(casino, 2, "SA HA S7 S9 S5 D5")
    t.apply("bet 2")
    t.apply("split")  # split aces take no more cards: both stand by themselves
    assert t.over and [h.cards for h in t.result().hands] == [
        casino.parse_cards("SA S5"), casino.parse_cards("HA D5")]
    t = deal(casino, 2, "S8 H8 S7 S9 C8 D8 H2 H3 H4 H5 H6")
    t.apply("bet 2")
    t.apply("split")  # S8 H8 -> (S8 C8) (H8 D8)
    assert "split" in names(t)
    t.apply("split")  # (S8 H2) (C8 H3) (H8 D8)
    t.apply("stand")
    t.apply("stand")
    t.apply("split")  # (H8 H4) (D8 H5): four hands, no more splits
    assert len(t.hands[1]) == 4 and t.hand_index == 2 and "split" not in names(t)


def test_casino_banker_policy_and_early_natural(casino: BankingGame) -> None:
    t = deal(casino, 2, "S9 S8 H10 H6 D2 D3 D4")
    t.apply("bet 2")
    t.apply("stand")
    r = t.result()  # the house hits 16 (+2 = 18) and stands on 18
    assert r.banker.cards == casino.parse_cards("H10 H6 D2") and r.scores == (2, -2)
    t = deal(casino, 2, "S9 S8 HA HK")
    t.apply("bet 4")
    assert t.over and t.result().early and t.result().scores == (4, -4)
    t = deal(casino, 2, "SA SK HA HK")
    t.apply("bet 4")
    assert t.over and t.result().scores == (0, 0)


def test_folk_banker_natural_shows_only_at_the_end(folk: BankingGame) -> None:
    t = deal(folk, 2, "S9 S8 HA HK")
    t.apply("bet 1")
    assert not t.over and t.seat == 1


def test_views_hide_face_down_cards(folk: BankingGame) -> None:
    t = deal(folk, 3, "S9 S8 C2 C3 HA HK")
    t.apply("bet 1")
    t.apply("bet 1")
    v1 = t.view(1)
    assert v1.hands[1][0] == folk.parse_cards("S9 S8")
    assert v1.hands[2][0][0] == -1 and v1.hands[0][0][0] == -1
    assert v1.hands[0][0][1] == folk.parse_cards("HK")[0]
    assert v1.unseen == 52 - 6 + 2


def test_parse_errors_are_illegal_moves(folk: BankingGame) -> None:
    t = folk.new_table(seats=["random", "random"])
    for bad in ("bet x", "fold", "", "bet"):
        with pytest.raises(IllegalMove):
            t.apply(bad)
    assert t.phase == "bet" and not t.history


def test_table_sizes(folk: BankingGame) -> None:
    assert (folk.players, folk.players_max) == (2, 6)
    for n in (2, 6):
        t = folk.new_table(seed=1, seats=["threshold"] * n)
        t.play_out()
        assert len(t.result().scores) == n
    with pytest.raises(ValueError):
        folk.new_table(seats=["random"] * 7)


# ------------------------------------------------------------------ the language's checks
BASE = """game g
family banking
players 2 to 6
deck 52
deal 2 each hidden 1
banker seat 0
bet min 1 max 10
ranks 2 3 4 5 6 7 8 9 10 J Q K A
values { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 10, Q: 10, K: 10, A: 11 }
bust over 21
action stand(h) { stop }
banker plays: as seat
def payout(h: hand) = bet_of(h)
def score(p) = sum(h in hands_of(p): payout(h))
"""


def errors(text: str) -> str:
    with pytest.raises(CompileError) as err:
        compile_text(text, "g.rules")
    return err.value.render()


def test_a_minimal_banking_game_compiles() -> None:
    g = compile_text(BASE, "g.rules")
    assert g.banking is not None and g.banking.players_max == 6 and g.banking.hidden == 1


@pytest.mark.parametrize(("change", "message"), [
    ("{ stop }", "when 1 < 2 { stop }"),
    ("bet min 1 max 10", "the game states no bet"),
    ("bust over 21", "the game states no bust"),
    ("def payout(h: hand) = bet_of(h)", "the game states no def payout"),
    ("def payout(h: hand) = bet_of(h)", "unknown function 'payout'"),
])
def test_missing_statements(change: str, message: str) -> None:
    if change == "{ stop }":  # a stand that is not always allowed
        assert "action that always stops" in errors(BASE.replace(change, message))
        return
    assert message in errors(BASE.replace(change, ""))


@pytest.mark.parametrize(("extra", "message"), [
    ("combination single { group 1 key card }", "not a statement of the banking family"),
    ("action bump(h) { bet * 2 }", "neither draws, stops nor splits"),
    ("action s(h) { split stop }", "a split hand cannot stop"),
    ("action hit(h) when hand_total(h) { draw 1 }", "expected bool"),
    ("action hit(h) when cards_left(h) < 3 { draw 1 }", "unknown function 'cards_left'"),
    ("soft A: 12", "not below A's value 11"),
    ("def f(h: deck) = 1", "'deck' is not a parameter type"),
    ("def f(p) = hand_total(p)", "expected hand here, but this is seat"),
    ("example hand \"SA SK\" is nothing_known", "unknown def"),
    ("example hand \"SA SA\" totals 12", "SA is given 2 times"),
])
def test_banking_diagnostics(extra: str, message: str) -> None:
    assert message in errors(BASE + extra + "\n")


def test_banking_statements_in_a_climbing_game() -> None:
    text = cardrules.compiler.find_game("big_two")
    assert text is not None
    src = text.read_text() + "\nbust over 21\n"
    assert "a statement of the banking family" in errors(src.replace("game big_two", "game g"))


def test_the_policy_must_name_actions_that_stop() -> None:
    src = BASE.replace("banker plays: as seat", "banker plays: hit while 1 < 2 else hit") \
        + "action hit(h) { draw 1 }\n"
    assert "'hit' does not stop" in errors(src)
