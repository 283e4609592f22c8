"""A compiled game of family tricks: what ``cardrules.load`` returns for one.

Its trick logic answers under a stated trump state (``trump="S", level="10"``): what unit some
cards make, who wins a trick, whether a follow is legal, how a throw fares, and what a round's
end changes. ``new_table`` plays a round (runtime/tricks/table.py), ``play_match`` a match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import (
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    CardError,
    card_name,
    check_given,
    format_cards,
    rank_index,
)
from ...game import Combination, Game
from ...runtime.core import BotSeats, Match, MatchResult, check_totals
from ...runtime.protocol import unclassified
from ...runtime.tricks import trick
from ...runtime.tricks.bots import BOTS
from ...runtime.tricks.protocol import TricksModule
from ...runtime.tricks.settle import Settled, Settlement, settle
from ...runtime.tricks.table import Action, TricksResult, TricksSeatView, TricksTable
from ...runtime.tricks.trick import Order, TrumpState, order_for

if TYPE_CHECKING:
    from ...compiler import ir

Cards = Sequence[int] | str


class TricksGame(Game):
    """A trick-taking game: its trick logic takes a trump state."""

    bot_kinds = BOTS
    module: TricksModule

    @property
    def tm(self) -> TricksModule:
        """The generated module (``module``, by the name the tricks code reads it)."""
        return self.module

    # ------------------------------------------------------------ trump states
    def state(self, trump: str | None = "none", level: str | int = "2") -> TrumpState:
        """A trump state from words: ``trump`` a suit letter (or ♠♥♣♦), or none / None for
        no-trump; ``level`` the trump rank (2-10, J, Q, K, A)."""
        suit = -1
        if trump is not None and trump.lower() != "none":
            letter = trump.upper()
            if len(trump) == 1 and trump in SUIT_SYMBOLS:
                letter = SUIT_LETTERS[SUIT_SYMBOLS.index(trump)]
            if len(letter) != 1 or letter not in SUIT_LETTERS:
                raise CardError(f"trump '{trump}': give a suit S, H, C or D, or none")
            suit = SUIT_LETTERS.index(letter)
        rank = rank_index(str(level))
        if rank is None:
            raise CardError(f"level '{level}': give a rank 2-10, J, Q, K or A")
        return TrumpState(suit, rank)

    def order(self, state: TrumpState) -> Order:
        return order_for(self.module, state)

    def cards(self, cards: Cards) -> tuple[int, ...]:
        codes = self.parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        check_given(codes, self.module.DECK, self.module.COPIES, self.name)
        return codes

    def sort_cards(self, cards: Sequence[int], state: TrumpState | None = None
                   ) -> tuple[int, ...]:
        order = self.order(state or TrumpState(-1, 0))
        return tuple(sorted(cards, key=lambda c: (order.cls[c] == trick.TRUMP, order.cls[c],
                                                  order.pos[c], c)))

    # ------------------------------------------------------------ trick logic
    def classify(self, cards: Cards, *, trump: str | None = "none",
                 level: str | int = "2") -> Combination | None:
        """The unit these cards make under the trump state, or None."""
        state = self.state(trump, level)
        codes = self.cards(cards)
        order = self.order(state)
        unit = trick.unit_of(codes, order, self.module)
        if unit is None:
            return None
        ordered = self.sort_cards(codes, state)
        top = max(codes, key=lambda c: order.pos[c])
        return Combination(name=self.module.UNITS[unit], label=self.module.UNIT_LABELS[unit],
                           key=(card_name(top),), cards=ordered, play=unclassified(ordered))

    def trick_winner(self, plays: Sequence[Cards], state: TrumpState) -> int:
        """Which play wins (0 = the lead)."""
        return trick.trick_winner([self.cards(p) for p in plays], self.order(state), self.module)

    def follow_problem(self, lead: Cards, hand: Cards, play: Cards,
                       state: TrumpState) -> str | None:
        return trick.follow_problem(self.cards(lead), self.cards(hand), self.cards(play),
                                    self.order(state), self.module)

    def throw_outcome(self, cards: Cards, others: Sequence[Cards],
                      state: TrumpState) -> tuple[int, ...]:
        return trick.throw_outcome(self.cards(cards), [self.cards(h) for h in others],
                                   self.order(state), self.module)

    def settle(self, *, dealer: int, points: int, kitty: int = 0, last: int = 0,
               levels: Sequence[int] | None = None) -> Settled:
        """What the end of a round changes: the defenders won ``points`` in tricks, the kitty
        holds ``kitty`` points, and ``last`` is the largest unit of the last trick if the
        defenders won it (0 if not)."""
        view = Settlement(self.module, dealer=dealer, trick_points=points, kitty_points=kitty,
                          last_unit=last, levels=levels or [0] * self.players)
        return settle(self.module, view)

    # ------------------------------------------------------------ tables and matches
    def new_table(self, *, seed: int | str | None = None,
                  seats: Sequence[str] | None = None,
                  hands: Sequence[Cards] | None = None, dealer: int | None = None,
                  levels: Sequence[int] | None = None,
                  round_number: int = 1) -> TricksGameTable:
        """A round at a table: dealt from ``seed``, or the given ``hands`` (one per seat, the
        kitty then being the rest of the deck). ``dealer`` None: the first round, whose dealer
        is the first bidder."""
        dealt = None
        if hands is not None:
            if isinstance(hands, str):
                raise CardError("hands: give one hand per seat")
            dealt = [self.cards(h) for h in hands]
        return TricksGameTable(self, seed=seed, seats=seats, hands=dealt, dealer=dealer,
                               levels=levels, round_number=round_number)

    def new_match(self, *, seed: int | str, seats: Sequence[str]) -> TricksMatch:
        return TricksMatch(self, seed=seed, seats=seats)

    def play_match(self, *, seed: int | str, seats: Sequence[str]) -> TricksMatchResult:
        """A whole match with bots only: rounds until the rules end it."""
        match = self.new_match(seed=seed, seats=seats)
        match.play_out()
        return match.result()

    # ------------------------------------------------------------ worked examples
    def example_problem(self, ex: ir.Example) -> tuple[str, str] | None:
        from ...compiler import ir
        assert isinstance(ex, (ir.ExampleTricks, ir.ExampleSettle)), \
            "the compiler admits tricks examples only"
        return tricks_problem(self, ex)


class TricksGameTable(TricksTable, BotSeats[TricksSeatView, Action]):
    """A tricks table that knows its game and which seats are bots."""

    def __init__(self, game: TricksGame, *, seed: int | str | None,
                 seats: Sequence[str] | None, hands: Sequence[Sequence[int]] | None,
                 dealer: int | None, levels: Sequence[int] | None, round_number: int) -> None:
        super().__init__(game.module, seed=seed, hands=hands, dealer=dealer, levels=levels,
                         round_number=round_number)
        self.game = game
        kinds = list(seats) if seats else ["random"] * game.players
        self.seat_bots(kinds, game.bots(kinds), seed)
        # Given hands: what else the table was made with, for a replay file to make it again.
        self.setup: dict[str, object] | None = None if hands is None else {
            "seed": seed, "dealer": -1 if dealer is None else dealer,
            "levels": list(self.levels), "round_number": round_number}


@dataclass(frozen=True, kw_only=True)
class TricksMatchResult(MatchResult[TricksResult]):
    """``totals``: the levels climbed by each seat's side at the end."""

    finished: bool  # False: stopped at MAX_ROUNDS before the rules ended it

    @property
    def levels(self) -> tuple[int, ...]:
        return self.totals


class TricksMatch(Match[TricksGameTable, TricksResult]):
    """Rounds until the rules end the match (``until``, or ``rounds N``): levels climb by
    ``level up``, the next dealer by ``dealer next``. Bounded: at most MAX_ROUNDS rounds."""

    MAX_ROUNDS = 300

    def __init__(self, game: TricksGame, *, seed: int | str, seats: Sequence[str]) -> None:
        super().__init__(seed=seed, seats=seats)
        self.game = game
        self.levels = [0] * game.players
        self.dealer: int | None = None

    def new_round(self) -> TricksGameTable:
        return self.game.new_table(seed=f"{self.seed}:{len(self.rounds)}", seats=self.seats,
                                   dealer=self.dealer, levels=self.levels,
                                   round_number=len(self.rounds) + 1)

    def end_round(self, table: TricksTable) -> TricksResult:
        m = self.game.module
        result = table.result()
        self.rounds.append(result)
        check_totals(result.scores, result.levels, len(self.rounds))
        self.levels = list(result.levels)
        self.dealer = result.next_dealer
        after = table.settlement(0, result.kitty, levels=self.levels)  # `until` reads them
        self.over = (m.MATCH_ROUNDS > 0 and len(self.rounds) >= m.MATCH_ROUNDS) \
            or m.ends_match(after) or len(self.rounds) >= self.MAX_ROUNDS
        return result

    def result(self) -> TricksMatchResult:
        m = self.game.module
        finished = len(self.rounds) < self.MAX_ROUNDS or m.ends_match(
            Settlement(m, dealer=0, trick_points=0, kitty_points=0, last_unit=0,
                       levels=self.levels))
        return TricksMatchResult(rounds=tuple(self.rounds), totals=tuple(self.levels),
                                 finished=finished)


# ------------------------------------------------------------------ worked examples
def tricks_problem(game: TricksGame, ex: ir.ExampleTricks | ir.ExampleSettle
                   ) -> tuple[str, str] | None:
    """Why the compiled rules contradict a tricks example, or None."""
    from ...compiler import ir
    if isinstance(ex, ir.ExampleSettle):
        return _settle_problem(game, ex)
    state = TrumpState(ex.trump_suit, ex.level)
    shown = f"with trump {SUIT_LETTERS[ex.trump_suit] if ex.trump_suit >= 0 else 'none'}"
    if ex.case == "is":
        got = trick.unit_of(ex.cards[0], game.order(state), game.module)
        name = None if got is None else game.module.UNITS[got]
        if name != ex.kind:
            return (f"example fails: {ex.text} is {name or 'nothing'} {shown}, not "
                    f"{ex.kind or 'nothing'}", "")
        return None
    if ex.case == "trick":
        won = game.trick_winner(ex.cards, state) + 1
        if won != ex.winner:
            return (f"example fails: play {won} wins the trick {ex.text} {shown}, not play "
                    f"{ex.winner}", "")
        return None
    if ex.case == "follow":
        lead, hand, play = ex.cards
        problem = game.follow_problem(lead, hand, play, state)
        if (problem is None) != ex.legal:
            why = problem or "the rules allow it"
            return (f"example fails: {format_cards(play)} is "
                    f"{'legal' if problem is None else 'illegal'} {shown}", why)
        return None
    throw, *others, expect = ex.cards
    played = game.throw_outcome(throw, others, state)
    if sorted(played) != sorted(expect):
        return (f"example fails: the throw {format_cards(throw)} plays "
                f"{format_cards(game.sort_cards(played, state))} {shown}, not "
                f"{format_cards(expect)}", "")
    return None


def _settle_problem(game: TricksGame, ex: ir.ExampleSettle) -> tuple[str, str] | None:
    setup = dict(ex.setup)
    dealer = setup.get("dealer", 0)
    levels = [setup.get("dealer_level" if (s - dealer) % 2 == 0 else "defender_level", 0)
              for s in range(game.players)]
    got = game.settle(dealer=dealer, points=setup.get("points", 0),
                      kitty=setup.get("kitty", 0), last=setup.get("last", 0), levels=levels)
    wrong = []
    if ex.points is not None and got.defender_points != ex.points:
        wrong.append(f"defenders' points are {got.defender_points}, not {ex.points}")
    if ex.up and got.level_up != ex.up:
        wrong.append(f"levels up are {' '.join(map(str, got.level_up))}, not "
                     f"{' '.join(map(str, ex.up))}")
    if ex.dealer is not None and got.next_dealer != ex.dealer:
        wrong.append(f"the next dealer is {got.next_dealer}, not {ex.dealer}")
    return ("example fails: " + "; ".join(wrong), "") if wrong else None

