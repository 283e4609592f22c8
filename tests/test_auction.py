"""Bidding for a role (`auction`, docs/language.md 3.5): the language, the table, the views,
passed-out deals, the stake read by `winning_bid()`, and the greedy bot's bids. 斗地主's 叫分 is
the real game (rules-digest §7)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.compiler import CompileError, compile_text, limits
from cardrules.families.climbing.game import ClimbingGame, ClimbingGameTable
from cardrules.game import from_ir
from cardrules.runtime.climbing.auction import Bid
from cardrules.runtime.core import IllegalMove
from cardrules.runtime.protocol import Play

BASE = """game g
players 3
deck 54
deal 17 each rest to leader shown
ranks 3 4 5 6 7 8 9 10 J Q K A 2 LJ BJ
teams: leader
combination single { group 1 key rank }
def score(p) = if side(p) == 0 then 2 * winning_bid() else 0 - winning_bid()
"""

AUCTION = """auction "叫分" {
  bids: 1 < 2 < 3
  first: random
  ends at: 3
  all pass: deal again
}
"""


def game_of(text: str, name: str = "g") -> ClimbingGame:
    g = from_ir(compile_text(text, f"{name}.rules"), Path(f"{name}.rules"))
    assert isinstance(g, ClimbingGame)
    return g


def errors(text: str) -> list[str]:
    with pytest.raises(CompileError) as info:
        compile_text(text, "bad.rules")
    return [d.message for d in info.value.diagnostics]


@pytest.fixture(scope="module")
def ddz() -> ClimbingGame:
    g = cardrules.load("doudizhu")
    assert isinstance(g, ClimbingGame)
    return g


# ---------------------------------------------------------------- the language
def test_an_auction_compiles_to_its_constants() -> None:
    m = game_of(BASE + AUCTION).module
    assert (m.AUCTION_BIDS, m.AUCTION_FIRST_CARD, m.AUCTION_ENDS_AT, m.AUCTION_ALL_PASS) == \
        ((1, 2, 3), -1, 3, "again")
    assert m.AUCTION_MAX_DEALS == limits.MAX_REDEALS and m.REST_SHOWN is True
    plain = game_of(BASE.replace("2 * winning_bid() else 0 - winning_bid()", "1 else 0")
                    .replace(" shown", "")).module
    assert plain.AUCTION_BIDS == () and plain.REST_SHOWN is False


@pytest.mark.parametrize(("change", "message"), [
    ("bids: 1 < 2 < 3", "bids: 1 < 3 < 2"),
    ("ends at: 3", "ends at: 4"),
    ("bids: 1 < 2 < 3", "bids: 0 < 2 < 3"),
])
def test_bids_are_checked(change: str, message: str) -> None:
    got = errors(BASE + AUCTION.replace(change, message))
    assert got == [{"bids: 1 < 3 < 2": "bids go low to high: 2 after 3",
                    "ends at: 4": "the auction ends at 4, which is not one of its bids (1 2 3)",
                    "bids: 0 < 2 < 3": "a bid must be between 1 and 1000, not 0"}[message]]


def test_too_many_bids_are_refused() -> None:
    bids = " < ".join(str(i) for i in range(1, limits.MAX_BIDS + 2))
    got = errors(BASE + AUCTION.replace("bids: 1 < 2 < 3", f"bids: {bids}")
                 .replace("ends at: 3", "ends at: 1"))
    assert got == [f"{limits.MAX_BIDS + 1} bids; an auction has at most {limits.MAX_BIDS}"]


def test_an_auction_decides_the_first_leader_alone() -> None:
    got = errors(BASE + AUCTION + "lead first: random\nlead next: winner\n")
    assert got == ["'lead first' with an auction: the auction's winner leads first in every "
                   "round", "'lead next' with an auction: the auction's winner leads first in "
                   "every round"]


def test_winning_bid_needs_an_auction() -> None:
    assert errors(BASE) == ["winning_bid() reads the auction, and this game has none"] * 2


def test_example_setups_are_checked() -> None:
    text = BASE + AUCTION + ("example scores places 1 0 0 plays 1 0 0 plays of single 2 0 0 "
                             "plays of pair 0 1 0 => 2 -1 -1\n")
    assert errors(text) == ["seat 0 makes 1 plays but 2 of named combinations",
                            "no combination named 'pair'"]
    no_auction = BASE.replace("2 * winning_bid() else 0 - winning_bid()", "1 else 0")
    assert errors(no_auction + "example scores places 1 0 0 bid 2 => 1 0 0\n") == \
        ["'bid' sets the auction's winning bid, and this game has no auction"]


@pytest.mark.parametrize("family", ["tricks", "banking"])
def test_an_auction_is_for_climbing_games(family: str) -> None:
    base = "tractor" if family == "tricks" else "blackjack"
    with pytest.raises(CompileError) as info:
        compile_text(f"game v extends {base}\n" + AUCTION, "v.rules")
    assert any("auction" in d.message for d in info.value.diagnostics)


# ---------------------------------------------------------------- the table
def test_each_seat_bids_once_and_the_highest_wins(ddz: ClimbingGame) -> None:
    t = ddz.new_table(seed=5)
    first = t.seat
    assert t.bidding and [str(b) for b in t.legal_actions()] == \
        ["bid 1", "bid 2", "bid 3", "pass"]
    t.apply("bid 1")
    assert t.seat == (first + 1) % 3
    assert [str(b) for b in t.legal_actions()] == ["bid 2", "bid 3", "pass"]
    t.apply(Bid(2))
    t.apply("pass")
    assert not t.bidding and t.leader == t.seat == (first + 1) % 3 and t.bid == 2
    assert t.view(0).history[:3] == ((first, "bid 1"), ((first + 1) % 3, "bid 2"),
                                     ((first + 2) % 3, "pass"))
    assert t.view(0).history[3] == (t.leader, "takes " + ddz.format_cards(t.given))
    assert all(isinstance(a, Play) for a in t.legal_actions())  # now the play


def test_a_bid_of_three_ends_the_auction_at_once(ddz: ClimbingGame) -> None:
    t = ddz.new_table(seed=6)
    first = t.seat
    t.apply("pass")
    t.apply("3")  # a bare number is a bid
    assert not t.bidding and t.leader == (first + 1) % 3 and t.bid == 3


@pytest.mark.parametrize(("move", "why"), [
    ("bid 4", "the bids are 1, 2, 3, or pass"),
    ("S3", "the auction is on: bid ('bid 1', 'bid 2', 'bid 3') or 'pass'"),
    ([0, 1], "the auction is on: bid ('bid 1', 'bid 2', 'bid 3') or 'pass'"),
])
def test_a_wrong_bid_is_refused_and_changes_nothing(ddz: ClimbingGame, move: object,
                                                    why: str) -> None:
    t = ddz.new_table(seed=7)
    seat = t.seat
    with pytest.raises(IllegalMove, match=None) as info:
        t.apply(move)  # type: ignore[arg-type]
    assert str(info.value) == why
    assert t.seat == seat and t.bidding and t.view(seat).history == ()


def test_a_bid_no_higher_than_the_standing_one_is_refused(ddz: ClimbingGame) -> None:
    t = ddz.new_table(seed=7)
    t.apply("bid 2")
    with pytest.raises(IllegalMove) as info:
        t.apply("bid 2")
    assert str(info.value) == "bid higher than 2, or pass"


def test_a_bid_after_the_auction_is_refused(ddz: ClimbingGame) -> None:
    t = ddz.new_table(seed=7)
    t.apply("bid 3")
    with pytest.raises(IllegalMove) as info:
        t.apply(Bid(1))
    assert str(info.value) == "the auction is over: play cards or pass"


def test_views_in_the_auction_hide_the_rest_and_the_sides(ddz: ClimbingGame) -> None:
    t = ddz.new_table(seed=8)
    for s in range(3):
        v = t.view(s)
        assert v.bidding and v.leader == -1 and v.shown == () and v.hand == t.hand(s)
        assert v.known_sides == (None, None, None) and v.hand_sizes == (17, 17, 17)
    t.apply("bid 1")
    assert t.view(0).bid == 1


def test_the_rest_is_hidden_when_not_shown(ddz: ClimbingGame) -> None:
    g = game_of(BASE.replace(" shown", "") + AUCTION)
    t = g.new_table(seed=3)
    t.apply("bid 3")
    assert len(t.given) == 3 and all(t.view(s).shown == () for s in range(3))
    assert all(not text.startswith("takes") for _, text in t.view(0).history)


def test_all_pass_deals_again_and_the_next_seat_bids_first(ddz: ClimbingGame) -> None:
    t = ddz.new_table(seed=9)
    first, hands = t.seat, [t.hand(s) for s in range(3)]
    for _ in range(3):
        t.apply("pass")
    assert t.bidding and t.deals == 2 and t.seat == (first + 1) % 3
    assert [t.hand(s) for s in range(3)] != hands  # a new shuffle
    assert all(len(t.hand(s)) == 17 for s in range(3))
    assert t.view(0).history[-1] == (-1, "all passed: a new deal")


def test_every_deal_passed_out_is_no_game(ddz: ClimbingGame) -> None:
    t = ddz.new_table(seed=10)
    for _ in range(3 * limits.MAX_REDEALS):
        t.apply("pass")
    assert t.over and t.no_game and t.deals == limits.MAX_REDEALS
    assert t.result().scores == (0, 0, 0)


def test_all_pass_may_make_the_first_bidder_take_the_lowest_bid() -> None:
    g = game_of(BASE + AUCTION.replace("first: random", "first: holder of D3")
                .replace("all pass: deal again", "all pass: first bidder"))
    t = g.new_table(hands=["D3 S4", "S5 S6", "S7 S8"])
    assert t.seat == 0  # the holder of D3 bids first
    for _ in range(3):
        t.apply("pass")
    assert not t.bidding and t.leader == 0 and t.bid == 1


def test_the_winning_bid_is_the_stake(ddz: ClimbingGame) -> None:
    # The same round, played the same way (the first legal move each turn), at bids 1, 2, 3.
    scores = []
    for bid in (1, 2, 3):
        t = ddz.new_table(seed=11)
        landlord = t.seat
        t.apply(f"bid {bid}")
        while t.bidding:  # a bid of 3 ends the auction at once
            t.apply("pass")
        assert t.leader == landlord
        while not t.over:
            t.apply(t.legal_actions()[0])
        scores.append(t.result().scores)
    assert scores[1] == tuple(2 * x for x in scores[0])
    assert scores[2] == tuple(3 * x for x in scores[0])


def independent_score(t: ClimbingGameTable) -> tuple[int, ...]:
    """斗地主's scoring, written again from the rules: the bid, doubled for each bomb or
    rocket and for a spring or anti-spring; the landlord wins or loses twice."""
    kinds = t.game.module.KINDS
    plays = [(s, kinds[mv.kind]) for s, mv in t.history if not mv.is_pass]
    landlord = t.leader
    won = t.places[0] == landlord
    doublings = sum(1 for _, k in plays if k in ("bomb", "rocket"))
    made = [sum(1 for s, _ in plays if s == q) for q in range(3)]
    spring = won and all(made[q] == 0 for q in range(3) if q != landlord)
    anti = not won and made[landlord] == 1
    stake = t.bid * 2 ** (doublings + (1 if spring or anti else 0))
    sign = 1 if won else -1
    return tuple(2 * sign * stake if q == landlord else -sign * stake for q in range(3))


def test_played_rounds_score_as_the_rules_say(ddz: ClimbingGame) -> None:
    bids, deals = set(), 0
    for seed in range(150):
        t = ddz.new_table(seed=seed, seats=["random", "greedy", "random"])
        while not t.over:
            action = t.bot_move()
            assert action in t.legal_actions()
            t.apply(action)
        deals += t.deals
        if t.no_game:
            continue
        bids.add(t.bid)
        assert t.result().scores == independent_score(t)
        assert sum(t.result().scores) == 0
    assert bids == {1, 2, 3} and deals >= 150


def test_the_same_seed_gives_the_same_round(ddz: ClimbingGame) -> None:
    def run() -> tuple[object, ...]:
        t = ddz.new_table(seed="s", seats=["greedy", "random", "random"])
        t.play_out()
        return (t.leader, t.bid, t.deals, t.view(0).history, t.result())
    assert run() == run()


def test_the_greedy_bot_bids_on_high_cards(ddz: ClimbingGame) -> None:
    bot = ddz.bots(["greedy"])[0]
    assert bot is not None
    # 17 cards: the four highest ranks (A, 2, LJ, BJ) hold 10 of 54 cards, 3.15 in a hand.
    strong = "SA HA CA DA S2 H2 C2 LJ BJ S3 H3 C3 S4 H4 C4 S5 H5"  # 9 high: 5 steps -> 3
    weak = "S3 H3 C3 S4 H4 C4 S5 H5 C5 S6 H6 C6 S7 H7 C7 S8 H8"  # none -> pass
    middling = "SA HA S2 H2 LJ S3 H3 C3 S4 H4 C4 S5 H5 C5 S6 H6 C6"  # 5 high: 1 step -> 1
    for hand, want in ((strong, "bid 3"), (weak, "pass"), (middling, "bid 1")):
        rest = [c for c in ddz.module.DECK if c not in ddz.parse_cards(hand)]
        t = ddz.new_table(hands=[hand, ddz.format_cards(rest[:17]),
                                 ddz.format_cards(rest[17:34])], seats=["greedy"] * 3)
        while t.seat != 0:
            t.apply("pass")
        assert str(t.bot_move()) == want


def test_a_match_of_auction_rounds(ddz: ClimbingGame) -> None:
    result = ddz.play_match(seed=3, seats=["greedy", "random", "random"])
    assert len(result.rounds) == 1 and sum(result.totals) == 0


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardrules.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_play_at_the_terminal_shows_the_auction() -> None:
    done = cli("play", "doudizhu", "--seed", "4", "--seats", "greedy,random,random")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    won = next(i for i, line in enumerate(lines) if "wins the auction at" in line)
    assert lines[won - 1].split(": ")[1].startswith("takes ")  # the 底牌, shown to all
    assert all(line.split(": ")[1] in ("bid 1", "bid 2", "bid 3", "pass")
               for line in lines[4:won - 1] if line.startswith("seat "))


def test_a_person_bids_at_the_terminal(ddz: ClimbingGame) -> None:
    # A seed whose first bidder is seat 0 (a match's first round is seeded "SEED:0").
    seed = next(s for s in range(100) if ddz.new_table(seed=f"{s}:0").seat == 0)
    done = cli("play", "doudizhu", "--seed", str(seed), "--seats", "human,random,random",
               stdin="?\nbid 9\n")
    assert "auction: no bid yet; your bid ('bid N', 'pass', '?' for options): " in done.stdout
    assert "legal: bid 1 | bid 2 | bid 3 | pass" in done.stdout
    assert "not allowed: the bids are 1, 2, 3, or pass" in done.stdout
    assert done.returncode == 1 and "input ended" in done.stderr


# ---------------------------------------------------------------- diff
def write(tmp_path: Path, name: str, auction: str, deal: str = "") -> str:
    path = tmp_path / f"{name}.rules"
    path.write_text(f"game {name} extends doudizhu\n{deal}override auction {{\n{auction}\n}}\n",
                    "utf-8")
    return str(path)


def test_diff_shows_an_auction_that_ends_differently(tmp_path: Path) -> None:
    other = write(tmp_path, "once_around", "bids: 1 < 2 < 3\nfirst: random\n"
                  "all pass: first bidder")
    done = cli("diff", "doudizhu", other)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[2:] == [
        "auction changed:",
        "  - bids 1 < 2 < 3, first bidder random, a bid of 3 ends it; all pass: deal again",
        "  + bids 1 < 2 < 3, first bidder random; all pass: the first bidder takes the lowest",
        "    witness: deal of seed 0, the first round: after bid 1, bid 3: seat 2 leads at 3 "
        "in doudizhu, seat 0 bids next in once_around"]


def test_diff_shows_who_bids_first_and_a_hidden_rest(tmp_path: Path) -> None:
    other = write(tmp_path, "d3_first", "bids: 1 < 2 < 3\nfirst: holder of D3\nends at: 3\n"
                  "all pass: deal again", deal="override deal 17 each rest to leader\n")
    done = cli("diff", "doudizhu", other)
    assert done.returncode == 1, done.stderr
    out = done.stdout
    assert "cards left over: to the leader, shown to all -> to the leader" in out
    assert "first bidder random, a bid of 3" in out and "first bidder holder of D3, a bid" in out
    assert "witness: deal of seed 0, the first round: seat 1 bids first in doudizhu, " \
        "seat 0 in d3_first" in out


def test_an_auction_added_by_a_variant_replaces_the_bases_leaders(tmp_path: Path) -> None:
    """big_two names its leaders (``lead first: holder of D3``, ``lead next: winner``); a
    variant that adds an auction replaces them, its winner leading (the hint to remove them
    could not be followed: 'lead' cannot be removed). A leader stated below the auction, in a
    variant of that variant, is still refused."""
    from cardrules.compiler import compile_path
    bidding = tmp_path / "bidding.rules"
    bidding.write_text('game bidding extends big_two\ntitle "big two with bids"\n'
                       "auction {\n  bids: 1 < 2 < 3\n  first: random\n  ends at: 3\n"
                       "  all pass: deal again\n}\n")
    game = cardrules.load(bidding)
    t = game.new_table(seed=4, seats=["random"] * 4)
    assert t.bidding
    t.play_out()
    assert t.over and t.result().scores
    again = tmp_path / "again.rules"
    again.write_text('game again extends bidding\ntitle "x"\noverride lead first: holder of D3\n')
    with pytest.raises(CompileError, match="'lead first' with an auction"):
        compile_path(again)
