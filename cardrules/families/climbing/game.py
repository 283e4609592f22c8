"""A compiled game of family climbing: what ``cardrules.load`` returns for one.

Its combinations answer without a table: what some cards form (``classify``) and whether one
play beats another (``beats``). ``new_table`` plays a round (runtime/climbing/table.py),
``new_match`` and ``play_match`` a match as the rules define it."""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ...cards import BIG_JOKER, CardError, card_name, check_given
from ...compiler import limits
from ...game import Combination, Game
from ...gameinfo import GameInfo
from ...runtime.climbing.bots import BOTS
from ...runtime.climbing.scoreview import EndOfRound, sides_for
from ...runtime.climbing.table import Action, Result, SeatView, Table
from ...runtime.core import Bot, BotSeats, Match, MatchResult, check_totals
from ...runtime.protocol import Play, RulesModule, beats
from ...text import plural

if TYPE_CHECKING:
    from ...compiler import ir


class ClimbingGame(Game):
    """A climbing game: each seat in turn beats the play on the table or passes."""

    bot_kinds = BOTS
    module: RulesModule
    # The combination some cards form, or None (see _bind_classify).
    classify: Callable[[Sequence[int] | str], Combination | None]

    def __init__(self, game: ir.Game | GameInfo, module: RulesModule, source: str, path: Path,
                 files: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(game, module, source, path, files)
        self._by_key = {k: c for c, k in enumerate(module.CARD_KEY) if k >= 0}
        self._deck = frozenset(module.DECK)
        self.classify = self._bind_classify()
        self._random_seats: tuple[list[str], list[Bot[SeatView, Action] | None]] | None = None

    # ------------------------------------------------------------ combinations
    def _bind_classify(self) -> Callable[[Sequence[int] | str], Combination | None]:
        """``classify``, made once per game: a closure, so that the question costs one call
        besides the module's own classify."""
        module_classify = self.module.classify
        if self.module.COPIES == 1:
            quick = module_classify
        else:
            def quick(cards: Sequence[int]) -> Play | None:
                n = len(cards)  # first: an iterator without a length is not consumed
                if len(set(cards)) != n:
                    raise ValueError("copies to count")  # the checked way counts them
                return module_classify(cards)
        checked, combination = self._checked_codes, self._combination

        def classify(cards: Sequence[int] | str) -> Combination | None:
            """The combination these cards form, or None. Raises CardError for a card the
            deck lacks, or holds fewer copies of than given."""
            try:
                # The quick way: the module's classify raises TypeError, ValueError or
                # IndexError for anything but codes of the deck's cards, each given once (one
                # deck; more decks: any card given twice), notation too.
                play = quick(cards)  # type: ignore[arg-type]  # (a str: TypeError)
            except (TypeError, ValueError, IndexError):  # the checked way says what is wrong
                codes = checked(cards)
                play = module_classify(codes) if codes else None
            return None if play is None else combination(play, cards)
        return classify

    def _combination(self, play: Play, cards: Sequence[int] | str) -> Combination:
        if set(map(type, play.cards)) != {int}:  # bools, numpy integers given: as ints
            made = self.module.classify(self._checked_codes(cards))
            assert made is not None
            play = made
        m = self.module
        return Combination(name=m.KINDS[play.kind], label=m.LABELS[play.kind],
                           key=self.show_key(play), cards=play.cards, play=play)

    def sort_cards(self, cards: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(cards, key=self.module.CARD_KEY.__getitem__))

    def _checked_codes(self, cards: Sequence[int] | str) -> tuple[int, ...]:
        """The codes of cards given as notation or codes (ints, or any integers: bools, numpy
        integers); raises CardError for a card the deck lacks, or holds fewer copies of than
        given."""
        codes = self.parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        try:
            codes = tuple(map(operator.index, codes))  # bools, numpy integers: as ints
        except TypeError:
            pass  # not integers: said below
        if not (set(map(type, codes)) <= {int} and self._deck.issuperset(codes)
                and len(set(codes)) == len(codes)):  # else: an error, or copies to count
            if not all(isinstance(c, int) and 0 <= c <= BIG_JOKER for c in codes):
                raise CardError(f"cards are notation or card codes 0-{BIG_JOKER}, not "
                                f"{codes!r}")
            check_given(codes, self.module.DECK, self.module.COPIES, self.name)
        return codes

    def show_key(self, play: Play) -> tuple[str, ...]:
        out: list[str] = []
        values = iter(play.key)
        m = self.module
        for part in m.KEY_SHOWS[play.kind]:
            if part == "sequence":
                next(values)  # which listed run: shown through its top card
                out.append(card_name(self._by_key[next(values)]))
            elif part == "card":
                out.append(card_name(self._by_key[next(values)]))
            elif part == "rank":
                out.append(m.RANK_NAMES[next(values)])
            elif part == "suit":
                suit = next(values)
                out.append(self.info.suits[suit] if suit >= 0 else "none")
            else:
                out.append(str(next(values)))
        return tuple(out)

    def beats(self, a: Combination | Play | Sequence[int] | str,
              b: Combination | Play | Sequence[int] | str) -> bool:
        """Whether ``a`` may be played on ``b``: each is what ``classify`` returns, a Play (a
        move), or cards (notation or codes). False if either is not a combination."""
        pa, pb = self._play_of(a), self._play_of(b)
        return pa is not None and pb is not None and beats(pa, pb)

    def _play_of(self, x: Combination | Play | Sequence[int] | str) -> Play | None:
        if isinstance(x, Combination):
            return x.play
        if isinstance(x, Play):  # before Sequence: a Play is a tuple
            return x.play
        combo = self.classify(x)
        return combo.play if combo else None

    # ------------------------------------------------------------ tables and matches
    def new_table(self, *, seed: int | str | None = None,
                  seats: Sequence[str] | None = None,
                  hands: Sequence[Sequence[int] | Sequence[str] | str] | None = None,
                  leader: int | None = None, first_round: bool = True) -> ClimbingGameTable:
        """A round at a table. ``hands`` deals given cards instead of shuffling: per seat a
        string (``"S3 H4"``), a list of card words, or a list of card codes."""
        dealt = None
        if hands is not None:
            if isinstance(hands, str):
                raise CardError("hands: give one hand per seat, e.g. [\"S3 H4\", \"D3\", ...]")
            dealt = [self._hand(h) for h in hands]
            self._check_hands(dealt)
        return ClimbingGameTable(self, seed=seed, seats=seats, hands=dealt, leader=leader,
                                 first_round=first_round)

    def _hand(self, hand: Sequence[int] | Sequence[str] | str) -> tuple[int, ...]:
        if isinstance(hand, str):
            return self.parse_cards(hand)
        if all(isinstance(c, str) for c in hand):
            return self.parse_cards(" ".join(str(c) for c in hand))
        if all(isinstance(c, int) and 0 <= c < 54 for c in hand):
            return tuple(int(c) for c in hand)
        raise CardError("a hand is a string of cards, a list of card words, or card codes "
                        "0-53")

    def _check_hands(self, hands: list[tuple[int, ...]]) -> None:
        if len(hands) != self.players:
            raise ValueError(f"{self.name} has {self.players} seats, not "
                             f"{plural(len(hands), 'hand')}")
        seen: dict[int, int] = {}
        for h in hands:
            for c in h:
                seen[c] = seen.get(c, 0) + 1
                if c not in self.module.DECK:
                    raise CardError(f"{card_name(c)} is not in the deck of {self.name}")
                if seen[c] > self.module.COPIES:
                    raise CardError(f"{card_name(c)} is dealt more often than the deck has it")

    def random_seats(self) -> tuple[list[str], list[Bot[SeatView, Action] | None]]:
        """The seat kinds of a table given none (a random bot each) and their bots, made
        once (``bots`` makes each bot once per game): a table copies both."""
        made = self._random_seats
        if made is None:
            kinds = ["random"] * self.players
            made = self._random_seats = (kinds, self.bots(kinds))
        return made

    def new_match(self, *, seed: int | str, seats: Sequence[str]) -> ClimbingMatch:
        return ClimbingMatch(self, seed=seed, seats=seats)

    # ------------------------------------------------------------ worked examples
    def example_problem(self, ex: ir.Example) -> tuple[str, str] | None:
        from ...compiler import ir
        if isinstance(ex, ir.ExampleIs):
            got = self.classify(ex.cards)
            shown = "not a combination" if got is None else str(got)
            if ex.kind is None:
                return None if got is None else (f"example fails: {ex.text} is {shown}",
                                                 "the rules make these cards a combination")
            if got is None or got.name != ex.kind:
                return f"example fails: {ex.text} is {shown}, not {ex.kind}", ""
            if ex.key is not None and got.key != ex.key:
                return (f"example fails: {ex.text} has key {' '.join(got.key)}, "
                        f"not {' '.join(ex.key)}", "")
            return None
        if isinstance(ex, ir.ExampleBeats):
            a, b = self.classify(ex.winner), self.classify(ex.loser)
            for cards, c in ((ex.winner, a), (ex.loser, b)):
                if c is None:
                    return f"example fails: {self.format_cards(cards)} is not a combination", ""
            if not self.beats(ex.winner, ex.loser):
                return (f"example fails: {self.format_cards(ex.winner)} does not beat "
                        f"{self.format_cards(ex.loser)}", f"{a} against {b}")
            return None
        assert isinstance(ex, ir.ExampleScores), "the compiler admits climbing examples only"
        view = example_view(self, cards_left=ex.cards_left, places=ex.places, holds=ex.holds,
                            leader=ex.leader, bid=ex.bid, plays=ex.plays,
                            plays_of=ex.plays_of)
        got_scores = self.module.score(view)
        if got_scores != ex.expect:
            return (f"example fails: scores are {' '.join(map(str, got_scores))}, "
                    f"not {' '.join(map(str, ex.expect))}", "")
        return None


def example_view(game: ClimbingGame, *, cards_left: Sequence[int] = (),
                 places: Sequence[int] = (), holds: Sequence[tuple[int, Sequence[int]]] = (),
                 leader: int = 0, bid: int = 0, plays: Sequence[int] = (),
                 plays_of: Sequence[tuple[int, Sequence[int]]] = ()) -> EndOfRound:
    """A made-up end of round: only the quantities an ``example scores`` line gives
    (places per seat, 0 for none; cards left; who held which cards; the first leader and
    the winning bid; how many plays each seat made, and how many of them of a combination).
    A play made up here has no size: ``largest_play`` reads 0."""
    n = game.players
    held: list[set[int]] = [set() for _ in range(n)]
    for seat, cards in holds:
        held[seat] |= set(cards)
    m = game.module
    made: list[tuple[int, int, int]] = []
    for kind, counts in plays_of:
        made += [(s, kind, 0) for s in range(n) for _ in range(counts[s])]
    for s, count in enumerate(plays):
        made += [(s, -1, 0)] * (count - sum(1 for q, _, _ in made if q == s))
    return EndOfRound(cards_left=list(cards_left) or [0] * n, held=held,
                      places={s: p for s, p in enumerate(places) if p},
                      sides=sides_for(m.TEAMS, m.TEAM_HOLDERS, held, leader), bid=bid,
                      plays=made)


class ClimbingGameTable(Table, BotSeats[SeatView, Action]):
    """A climbing table that knows its game and which seats are bots."""

    def __init__(self, game: ClimbingGame, *, seed: int | str | None,
                 seats: Sequence[str] | None, hands: Sequence[Sequence[int]] | None,
                 leader: int | None, first_round: bool) -> None:
        super().__init__(game.module, seed=seed, hands=hands, leader=leader,
                         first_round=first_round)
        self.game = game
        if seats:
            kinds = list(seats)
            self.seat_bots(kinds, game.bots(kinds), seed)
        else:  # (``seat_bots`` copies them; a call with ``*`` cost 1.5K instructions more)
            kinds, bots = game.random_seats()
            self.seat_bots(kinds, bots, seed)
        # Given hands: what else the table was made with, for a replay file to make it again.
        self.setup: dict[str, object] | None = None if hands is None else {
            "seed": seed, "leader": -1 if leader is None else leader, "first_round": first_round}



class ClimbingMatch(Match[ClimbingGameTable, Result]):
    """Rounds as the rules define a match: ``rounds N`` of them, or until ``until`` holds;
    running totals of what ``accumulate`` names; the next leader by ``lead next``."""

    def __init__(self, game: ClimbingGame, *, seed: int | str, seats: Sequence[str]) -> None:
        super().__init__(seed=seed, seats=seats)
        self.game = game
        self.totals = [0] * game.players
        self._leader: int | None = None
        self._holder_leads = False  # the last round's rule was "holder": lead as at first

    def new_round(self) -> ClimbingGameTable:
        t = self.game.new_table(seed=f"{self.seed}:{len(self.rounds)}", seats=self.seats,
                                leader=self._leader,
                                first_round=not self.rounds or self._holder_leads)
        t.totals = list(self.totals)
        t.round_number = len(self.rounds) + 1
        return t

    def end_round(self, table: Table) -> Result:
        m = self.game.module
        t = table
        result = t.result()
        self.rounds.append(result)
        gained = m.accumulate(t.final_view()) if not t.no_game else (0,) * self.game.players
        self.totals = [a + b for a, b in zip(self.totals, gained, strict=True)]
        check_totals(result.scores, self.totals, len(self.rounds))
        t.totals = list(self.totals)  # `until` reads the totals after this round
        self.over = (m.MATCH_ROUNDS > 0 and len(self.rounds) >= m.MATCH_ROUNDS) \
            or len(self.rounds) >= limits.MAX_MATCH_ROUNDS or m.ends_match(t.final_view())
        rule = m.lead_next(t.final_view()) if not m.AUCTION_BIDS else "auction"
        self._leader = t.places[0] if rule == "winner" and t.places else None
        self._holder_leads = rule == "holder"
        if rule == "random":
            self._leader = random.Random(f"lead:{self.seed}:{len(self.rounds)}").randrange(
                self.game.players)
        return result

    def result(self) -> MatchResult[Result]:
        return MatchResult(rounds=tuple(self.rounds), totals=tuple(self.totals))
