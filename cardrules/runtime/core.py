"""The shared core of every family's table driver: what a deal, a move refused, a table and its
seats, a round's result, a match and a bot are, whatever the game. Each family's driver
(``climbing/``, ``tricks/``, ``banking/``) builds on this; the games above (cardrules/game.py
and families/) put it together.

- a deal: ``shuffled_deck`` (``shuffled``), ``deal_each``;
- a move refused: ``IllegalMove``;
- a table: ``SeatTable`` (whose turn it is, the legal actions, making one, a seat's view with
  hidden information, the result), and ``BotSeats``, the same table with seats that bots may
  play (``bot_move``, ``play_out``);
- a round's result: ``RoundResult`` (the scores; each family adds what a player reads after a
  round); a match's: ``MatchResult`` (the rounds, the totals the rules keep, the scores);
- a match: ``Match`` (rounds until the rules end it);
- bots: ``Bot`` (a view, the legal actions and a random source -> one of the actions; ``blind``
  for one that reads no view) and
  ``BotKinds`` (a family's bots by name, each made by a factory from the game's module).
"""

from __future__ import annotations

import _random
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

V = TypeVar("V")  # what a seat may see (a family's seat view)
V_co = TypeVar("V_co", covariant=True)
A = TypeVar("A")  # an action at a family's table
M = TypeVar("M")  # a family's generated module
B = TypeVar("B")  # a family's bot
R = TypeVar("R", bound="RoundResult")  # a family's round result
T = TypeVar("T", bound="BotSeats[Any, Any]")  # a family's table with bot seats

HUMAN = "human"  # the seat kind of every family that no bot plays


class IllegalMove(ValueError):
    """A move the rules do not allow here; the message says why in a plain sentence."""


class SeatQuantities:
    """The seat quantities every family's formulas read (``seats``, ``others``,
    ``seat_count``), for a formula view that knows its number of seats ``n``."""

    n: int

    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.n))

    def others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.n) if s != seat)

    def seat_count(self) -> int:
        return self.n


class GameModule(Protocol):
    """What the generated module of every family provides (each family's protocol adds its
    own: runtime/protocol.py, tricks/protocol.py, banking/table.py)."""

    NAME: str
    TITLE: str
    FAMILY: str
    PLAYERS: int
    DECK: tuple[int, ...]
    COPIES: int
    RANK_NAMES: tuple[str, ...]
    MATCH_ROUNDS: int


# ------------------------------------------------------------------ the deal
_SEED = _random.Random.seed  # the C seeding alone


def seeded(seed: int | str | None) -> random.Random:
    """``random.Random(seed)``: for an int seed, the same generator made without the Python
    layer of its ``__init__`` and ``seed`` (which seed an int with the C seeding alone)."""
    if type(seed) is int:
        rng = random.Random.__new__(random.Random)
        _SEED(rng, seed)
        rng.gauss_next = None  # type: ignore[attr-defined]  # (``__init__`` sets it too)
        return rng
    return random.Random(seed)


def shuffled_deck(deck: Sequence[int], copies: int, rng: random.Random) -> list[int]:
    """Every card of the deck ``copies`` times, shuffled by ``rng`` (the same order as
    ``rng.shuffle`` gives)."""
    return shuffled(list(deck) if copies == 1 else [c for c in deck for _ in range(copies)],
                    rng)


def shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """``cards`` shuffled in place by ``rng`` (as ``rng.shuffle`` does), and returned. The
    order drawn depends only on the number of cards: any list of that length is put in the
    same order (a deck's CARD_KEY values as its cards, for one)."""
    if _SHUFFLE_INLINE and type(rng) is random.Random:
        _shuffle(cards, rng.getrandbits)
    else:
        rng.shuffle(cards)
    return cards


# Per number of cards: the steps of its shuffle, from the last card down: each card's index
# ``i`` and the bits a draw for it takes (those of ``i + 1``, the draw's bound), made once.
_STEPS: dict[int, list[tuple[int, int]]] = {}


def _steps(n: int) -> list[tuple[int, int]]:
    made = _STEPS[n] = [(i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)]
    return made


def _shuffle(cards: list[int], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle`` written out: from the last card down, swapped with a card
    drawn at or before it by ``_randbelow`` (bits drawn until below the bound), without a
    Python call per card (a 52-card deal took half the time). Its steps are made once per
    number of cards (``_STEPS``: no index and bound reckoned at each, -16% of a shuffle)."""
    for i, k in _STEPS.get(len(cards)) or _steps(len(cards)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _same_as_shuffle() -> bool:
    """Whether ``_shuffle`` gives what this Python's ``random.shuffle`` gives (it is checked
    once, on a few decks: else the deal uses ``shuffle`` itself)."""
    for seed in range(8):
        a, b = list(range(54)), list(range(54))
        random.Random(seed).shuffle(a)
        _shuffle(b, random.Random(seed).getrandbits)
        if a != b:
            return False
    return True


_SHUFFLE_INLINE = _same_as_shuffle()


def deal_each(cards: Sequence[int], players: int, each: int) -> list[list[int]]:
    """``each`` cards to every seat, in blocks from the top of ``cards``."""
    return [list(cards[i * each:(i + 1) * each]) for i in range(players)]


# ------------------------------------------------------------------ results
class RoundResult(Protocol):
    """What every family's round result holds: each seat's score for the round."""

    @property
    def scores(self) -> tuple[int, ...]: ...


def added_scores(rounds: Sequence[RoundResult]) -> tuple[int, ...]:
    """Each seat's round scores added up."""
    return tuple(sum(col) for col in zip(*(r.scores for r in rounds), strict=True))


@dataclass(frozen=True, kw_only=True)
class MatchResult(Generic[R]):
    """A match played out: its rounds' results, and the running totals the rules keep (a
    climbing game's ``match { accumulate }``, the levels of a tricks game, a banking game's
    chips)."""

    rounds: tuple[R, ...]
    totals: tuple[int, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's round scores added up."""
        return added_scores(self.rounds)


# ------------------------------------------------------------------ tables and bots
Bot = Callable[[V, Sequence[A], random.Random], A]
"""A bot: from what its seat may see, the legal actions and a random source, one of the
actions. ``Bot[SeatView, Action]`` is a climbing bot."""

BotFn = TypeVar("BotFn", bound=Callable[..., object])

# The bots that read nothing of their view (``blind``), by id (a bot need not be hashable),
# each kept alive here so that its id is never another object's.
_BLIND: dict[int, object] = {}


def blind(bot: BotFn) -> BotFn:
    """Declare that ``bot`` never reads its view (as a random bot): ``play_out`` makes no
    view for it, and hands it None instead. A bot that reads its view is never declared so,
    and is given its view as ever. Returns the bot itself."""
    _BLIND[id(bot)] = bot
    return bot


# The bots that pick ``legal[rng.randrange(len(legal))]`` and nothing else (``uniform``), by
# id, as ``_BLIND``.
_UNIFORM: dict[int, object] = {}


def uniform(bot: BotFn) -> BotFn:
    """Declare that ``bot`` is blind and picks ``legal[rng.randrange(len(legal))]``, drawing
    nothing else (every family's random bot): when every seat's bot is one, ``play_out``
    draws the index itself, with no call of the bot, the same draw as ``randrange`` makes.
    Returns the bot itself."""
    _UNIFORM[id(bot)] = bot
    return blind(bot)


def _written_draw(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``0 < n``, as ``play_out`` writes it out (bits drawn until
    below ``n``: ``random.Random._randbelow_with_getrandbits``)."""
    k = n.bit_length()
    i = rng.getrandbits(k)
    while i >= n:
        i = rng.getrandbits(k)
    return i


def _draws_as_written() -> bool:
    """Whether ``randrange`` draws as ``_written_draw`` does in this Python (checked once, on
    a few counts: else ``play_out`` calls the bots)."""
    for seed in range(4):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 30, 100, 1023, 5000):
            if a.randrange(n) != _written_draw(b, n):
                return False
    return True


# The random source whose draw ``play_out`` writes out: random.Random, unless it draws
# otherwise here.
_WRITTEN: type | None = random.Random if _draws_as_written() else None


class SeatTable(Protocol[V_co, A]):
    """What every family's table offers the surfaces above it (game, CLI, simulation, bots):
    whose turn it is, the moves they may make, making one, what a seat may see, and the end."""

    seat: int
    over: bool

    def legal_actions(self) -> Sequence[A]: ...
    def apply(self, move: A) -> object: ...
    def view(self, seat: int) -> V_co: ...
    def result(self) -> RoundResult: ...


class BotSeats(SeatTable[V, A]):
    """A table whose seats bots may play: each family's game table is its runtime table with
    this mixed in after it (``class ClimbingGameTable(Table, BotSeats[SeatView, Action])``),
    and calls ``seat_bots`` once made."""

    seat_kinds: list[str]  # per seat: a bot's name, or "human"
    bot_fns: list[Bot[V, A] | None]  # per seat: its bot, None for a human seat

    def seat_bots(self, kinds: Sequence[str], bots: Sequence[Bot[V, A] | None],
                  seed: int | str | None) -> None:
        """The seats' kinds and bots; the bots' random source comes from the table's seed."""
        self.seat_kinds = list(kinds)
        self.bot_fns = list(bots)
        self._bot_seed = seed  # (its source is seeded "bots:SEED")
        self._bot_rng: random.Random | None = None  # made at the first bot move

    @property
    def bot_rng(self) -> random.Random:
        """The random source every bot at this table draws from."""
        if self._bot_rng is None:
            self._bot_rng = random.Random(f"bots:{self._bot_seed}")
        return self._bot_rng

    def bot_actions(self) -> Sequence[A]:
        """The legal actions as a bot is given them: ``legal_actions()``, or (a table that
        keeps them) the table's own sequence, which no one may change."""
        return self.legal_actions()

    def bot_move(self) -> A:
        """The move the bot whose turn it is chooses (ValueError for a human seat)."""
        seat = self.seat
        bot = self.bot_fns[seat]
        if bot is None:
            raise ValueError(f"seat {seat} is not a bot")
        rng = self._bot_rng
        return bot(self.view(seat), self.bot_actions(),
                   rng if rng is not None else self.bot_rng)

    def play_out(self) -> None:
        """Let the bots play to the end of the round: ``bot_move`` then ``apply`` until the
        round is over, with the table's methods and the bots' random source looked up once
        (a decision costs the bot, the view and the legal actions, little else; a ``blind``
        bot's decision no view; when every seat's bot is ``uniform`` and the source is a
        ``random.Random``, the loop draws each index itself, as the bots would, and calls no
        bot)."""
        if self.over:
            return
        bots, rng = self.bot_fns, self.bot_rng
        view, legal, apply = self.view, self.bot_actions, self.apply
        nothing = cast(V, None)
        if rng.__class__ is _WRITTEN and all(id(bot) in _UNIFORM for bot in bots):
            # Every seat a uniform bot: its draw written out (``_written_draw``), no call.
            getrandbits = rng.getrandbits
            while not self.over:
                acts = legal()
                n = len(acts)
                if not n:  # nothing to choose from: the bot's own call says so
                    bot = bots[self.seat]
                    assert bot is not None  # (a uniform bot)
                    apply(bot(nothing, acts, rng))
                    continue
                k = n.bit_length()
                i = getrandbits(k)
                while i >= n:
                    i = getrandbits(k)
                apply(acts[i])
            return
        # Per seat: whether its bot reads its view (a ``blind`` bot is handed None instead).
        sees = [id(bot) not in _BLIND for bot in bots]
        seeing = [bot for bot, s in zip(bots, sees, strict=True) if bot is not None and s]
        if len(seeing) == len(bots):  # every seat a bot that reads its view: no tests
            while not self.over:
                seat = self.seat
                apply(seeing[seat](view(seat), legal(), rng))
            return
        while not self.over:
            seat = self.seat
            bot = bots[seat]
            if bot is None:
                raise ValueError(f"seat {seat} is not a bot")
            apply(bot(view(seat) if sees[seat] else nothing, legal(), rng))


class UnknownBot(ValueError):
    """A seat kind no bot of the family has; the message lists the kinds there are."""


@dataclass(frozen=True)
class Argued(Generic[M, B]):
    """A bot whose name may be followed by an argument (``threshold17``): ``make`` is given
    the module and the text after the name ("" for none), and raises UnknownBot if it cannot
    read it; ``form`` is how the name is written with its argument (``thresholdN``)."""

    form: str
    make: Callable[[M, str], B]


class BotKinds(Generic[M, B]):
    """A family's bots by name, in the order a seat chooser lists them: each name's factory
    makes the bot for a game's module (or is an ``Argued`` one). ``human`` is a seat kind of
    every family, with no bot."""

    def __init__(self, bots: Mapping[str, Callable[[M], B] | Argued[M, B]]) -> None:
        self._bots = dict(bots)

    def names(self) -> tuple[str, ...]:
        """The bots' names, as a seat chooser offers them (``human`` aside)."""
        return tuple(self._bots)

    def seat_kinds(self) -> tuple[str, ...]:
        """Every seat kind: the bots' names, then ``human``."""
        return (*self.names(), HUMAN)

    def written(self) -> tuple[str, ...]:
        """Every seat kind as it may be written, arguments shown (``thresholdN``)."""
        forms = (f.form for f in self._bots.values() if isinstance(f, Argued))
        return (*self.seat_kinds(), *forms)

    def make(self, kind: str, m: M) -> B:
        """The bot of seat kind ``kind`` for module ``m``; UnknownBot if there is none."""
        factory = self._bots.get(kind)
        if factory is not None and not isinstance(factory, Argued):
            return factory(m)
        for name, f in self._bots.items():
            if isinstance(f, Argued) and kind.startswith(name):
                return f.make(m, kind[len(name):])
        raise UnknownBot(f"no bot named '{kind}' (choose from {', '.join(self.written())})")

    def check(self, kind: str, m: M) -> None:
        """UnknownBot if ``kind`` is neither ``human`` nor a bot's name for module ``m`` (a bot
        with an argument is made, to read it)."""
        if kind != HUMAN and not (kind in self._bots
                                  and not isinstance(self._bots[kind], Argued)):
            self.make(kind, m)


# ------------------------------------------------------------------ matches
# How large a round's score and a match total may grow: below 2**64 either way. The checker
# bounds every def's value (256 bits) taking ``total`` to be below this; a rules file whose
# scores feed on the totals (``total(p) * total(p)``) could grow them past it, round after
# round, and so past every bound: the match stops there, with ScoresTooLarge.
MAX_TOTAL = 1 << 64


class ScoresTooLarge(ValueError):
    """A round's score or a match total reached MAX_TOTAL: the rules let scores grow without
    bound (a ValueError: the command line prints it as an error, the web answers it)."""


def check_totals(scores: Sequence[int], totals: Sequence[int], round_number: int) -> None:
    """ScoresTooLarge if a round's score or a running total is not below MAX_TOTAL in size."""
    for what, values in (("score", scores), ("match total", totals)):
        for seat, v in enumerate(values):
            if not -MAX_TOTAL < v < MAX_TOTAL:
                raise ScoresTooLarge(
                    f"seat {seat}'s {what} after round {round_number} is a number of "
                    f"{abs(v).bit_length()} bits; scores and match totals must stay below "
                    f"2**64 in size: these rules let them grow without bound (a score that "
                    f"multiplies the totals, or bets that grow with every card)")


class Match(ABC, Generic[T, R]):
    """Rounds of one game as its rules define a match, for seats of the given kinds: a round
    from ``new_round`` is played (by people, or by ``play_out`` for bots) and handed back to
    ``end_round``, until ``over``; ``result()`` is the match's result. Each family's game says
    how its rounds follow one another (families/*/game.py)."""

    def __init__(self, *, seed: int | str, seats: Sequence[str]) -> None:
        self.seed = seed
        self.seats = list(seats)
        self.rounds: list[R] = []
        self.over = False

    @abstractmethod
    def new_round(self) -> T:
        """The next round's table, dealt from the match's seed and the round's number."""

    @abstractmethod
    def end_round(self, table: T) -> R:
        """Record a finished round: its result, the running totals, whether the match ends."""

    @abstractmethod
    def result(self) -> MatchResult[R]: ...

    def play_out(self) -> None:
        """Let the bots play the rounds to the end of the match."""
        while not self.over:
            table = self.new_round()
            table.play_out()
            self.end_round(table)
