"""Find witnesses for differences: concrete cards two games classify or compare differently.

Found by search over each game's own candidate plays, in a fixed order, so the same two games
always give the same witnesses. Plays are made lazily (a whole deck of two packs holds billions
of straights), at most ``_POOL`` per kind from the deck both games can deal, then a sample
from seeded hands; the whole search has a time budget. A search that finds nothing says what
it did not look at."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import permutations, product
from math import comb

from ...budget import BUDGET, Budget, OutOfTime
from ...cards import RANK_NAMES, SUIT_LETTERS, card_name, rank_of, suit_of
from ...compiler import ir
from ...compiler.diff import Difference, moved_runs
from ...game import Game
from ...runtime.climbing.table import Action, Table
from ...runtime.protocol import Play, beats
from ...text import plural
from .game import ClimbingGame, example_view

_POOL = 4000  # plays per kind and game taken from the deck, in the game's own order
_HANDS = 16  # then, if the deck holds more, this many seeded hands of _HAND cards each
_HAND = 13
_PER_HAND = 50  # plays taken from each of those hands
_PAIRS = 120  # plays per kind and game when searching pairs that compare differently
_PER_RUN = 40  # plays per run of a sequence when its plays' keys depend on the run
_SUBSETS = 200_000  # without an interrupting timer: the most card sets of a kind's sizes a
# deck may hold for its plays to be made from the whole deck (a kind's generator may examine
# each of them and yield none, when a kind classified before it claims them all)
NOT_FOUND = "no witness found in the searched plays"
# The ordering records that are one field of the IR each, which a witness can be checked
# against alone (a moved rank or suit is not: the rest of the order moves with it).
_ALONE = {"card order": "card_order", "top": "top"}


@dataclass
class _Search:
    """What one diff's witness searches share: the two games, the deck both can deal, the
    time budget (cardrules/budget.py), and notes on plays that were not made."""

    a: ClimbingGame
    b: ClimbingGame
    budget: float = BUDGET
    clock: Budget = field(init=False)
    common: list[int] = field(default_factory=list)
    cut: dict[str, list[str]] = field(default_factory=dict)  # kind -> games not searched whole
    hands_only: set[str] = field(default_factory=set)  # kinds made from dealt hands only
    made: dict[tuple[bool, str, tuple[str, ...] | None, bool], list[Play]] = field(
        default_factory=dict)  # (game is A, kind, ranks, own deck) -> plays
    alone: dict[str, tuple[ClimbingGame, ClimbingGame] | None] = field(
        default_factory=dict)  # IR field -> (A with B's alone, B with A's alone)

    def __post_init__(self) -> None:
        self.clock = Budget(self.budget)
        self.common = common_deck(self.a, self.b)

    def tick(self) -> None:
        self.clock.tick()

    @property
    def armed(self) -> bool:
        """A processor-time timer will interrupt the search at the deadline: ``_make``
        takes plays from the whole deck; without one, only when it holds few enough card
        sets of the kind's sizes, else from dealt hands."""
        return self.clock.armed

    def take(self, stream: Iterator[Play], limit: int) -> tuple[list[Play], bool]:
        """Up to ``limit`` plays of the stream, and whether it had no more."""
        out: list[Play] = []
        for p in stream:
            if len(out) == limit:
                return out, False
            self.tick()
            out.append(p)
        return out, True

    def plays(self, g: ClimbingGame, kind: str, ranks: tuple[str, ...] | None = None,
              own: bool = False) -> list[Play]:
        """Plays of a kind that both games can deal (``own``: that ``g`` can deal), only of
        the given ranks if any: the deck's first ``_POOL``, then seeded hands' plays."""
        if kind not in g.module.KINDS:
            return []
        made = (g is self.a, kind, ranks, own)
        if made not in self.made:
            self.made[made] = self._make(g, kind, ranks, own)
        return self.made[made]

    def _make(self, g: ClimbingGame, kind: str, ranks: tuple[str, ...] | None,
              own: bool) -> list[Play]:
        index = g.module.KINDS.index(kind)
        deck = _deck(g) if own else self.common
        if ranks is not None:
            deck = [c for c in deck if _rank_word(c) in ranks]
        sizes = next((c.sizes for c in g.ir.combinations if c.name == kind), ())
        plays: list[Play] = []
        whole = False
        if self.armed or sum(comb(len(deck), n) for n in sizes) <= _SUBSETS:
            plays, whole = self.take(g.module.plays_of_kind(index, deck), _POOL)
        else:
            self.hands_only.add(kind)
        if whole:
            return plays
        seen = {p.cards for p in plays}
        rng = random.Random(f"witness hands for {kind}")  # fixed: same games, same hands
        for _ in range(_HANDS):
            hand = rng.sample(deck, min(_HAND, len(deck)))
            more, _ = self.take(g.module.plays_of_kind(index, hand), _PER_HAND)
            plays += [p for p in more if p.cards not in seen]
            seen |= {p.cards for p in more}
        if g.name not in self.cut.setdefault(kind, []):
            self.cut[kind].append(g.name)
        return plays

    def one_change(self, name: str) -> tuple[ClimbingGame, ClimbingGame] | None:
        """A with only B's ``name`` field of the IR, and B with only A's: what that one
        change does on its own, where others differ too; None when it is the only
        difference (A with B's field is B, but for its name). Compiled once per diff."""
        if name not in self.alone:
            a, b = self.a.ir, self.b.ir
            a1 = replace(a, **{name: getattr(b, name)})
            if replace(a1, name=b.name, title=b.title) == b:
                self.alone[name] = None
            else:
                from ...game import from_ir
                made = (from_ir(a1, self.a.path),
                        from_ir(replace(b, **{name: getattr(a, name)}), self.b.path))
                assert isinstance(made[0], ClimbingGame) and isinstance(made[1], ClimbingGame)
                self.alone[name] = made[0], made[1]
        return self.alone[name]

    def not_found(self, kinds: list[str]) -> str:
        """NOT_FOUND, and which plays were not made: for each kind whose plays were cut
        short, in which games."""
        notes = [f"{k} plays beyond the first "
                 f"{'' if k in self.hands_only else f'{_POOL} of the deck and '}{_PER_HAND} "
                 f"of each of {_HANDS} dealt hands (in {' and '.join(self.cut[k])})"
                 for k in kinds if k in self.cut]
        return "; ".join([NOT_FOUND, *(["not searched: " + ", ".join(notes)] if notes else [])])


def common_deck(a: ClimbingGame, b: ClimbingGame) -> list[int]:
    """What both games can deal: each card both decks hold, as often as the fewer copies."""
    copies = min(a.module.COPIES, b.module.COPIES)
    in_b = set(b.module.DECK)
    return [c for c in a.module.DECK if c in in_b for _ in range(copies)]


def _fmt(cards: tuple[int, ...]) -> str:
    return " ".join(card_name(c) for c in cards)


def _rank_word(c: int) -> str:
    r = rank_of(c)
    return RANK_NAMES[r] if r < 13 else ("LJ", "BJ")[r - 13]


def _deck(g: ClimbingGame) -> list[int]:
    return [c for c in g.module.DECK for _ in range(g.module.COPIES)]


def _dealable(g: ClimbingGame, cards: tuple[int, ...]) -> bool:
    return all(c in g.module.DECK and cards.count(c) <= g.module.COPIES for c in cards)


def _name(g: ClimbingGame, cards: tuple[int, ...]) -> str:
    if any(c not in g.module.DECK for c in cards):
        return "not in the deck"
    if not _dealable(g, cards):
        return f"more copies than the deck holds ({g.module.COPIES})"
    combo = g.classify(cards)
    return combo.name if combo else "not a combination"


def _outcome(g: ClimbingGame, x: tuple[int, ...], y: tuple[int, ...]) -> str | None:
    cx, cy = g.classify(x), g.classify(y)
    if cx is None or cy is None:
        return None
    if beats(cx.play, cy.play):
        return _fmt(x)
    if beats(cy.play, cx.play):
        return _fmt(y)
    return "neither"


def classification(s: _Search, kind: str, run: tuple[str, ...] | None) -> str | None:
    """Cards of this kind in one game that the two name differently: first among the plays
    both decks can deal, then (when the decks differ) among each game's own."""
    a, b = s.a, s.b
    decks_differ = _deck(a) != s.common or _deck(b) != s.common
    for own in (False, True) if decks_differ else (False,):
        for g in (a, b):
            for p in s.plays(g, kind, run, own):
                s.tick()
                cards = p.cards
                if run is not None:
                    if sorted(_rank_word(c) for c in cards) != sorted(run):
                        continue
                    cards = tuple(sorted(cards, key=lambda c: run.index(_rank_word(c))))
                na, nb = _name(a, cards), _name(b, cards)
                if na != nb:
                    return f"{_fmt(cards)}: {na} in {a.name}, {nb} in {b.name}"
    return None


def _classified(g: ClimbingGame, pool: list[tuple[int, ...]]) -> dict[tuple[int, ...], Play]:
    out = {}
    for cards in pool:
        if _dealable(g, cards):
            combo = g.classify(cards)
            if combo is not None:
                out[cards] = combo.play
    return out


def _winner(x: Play, y: Play) -> int:
    return 0 if beats(x, y) else (1 if beats(y, x) else 2)


def _sample(plays: list[Play], n: int) -> list[tuple[int, ...]]:
    step = max(1, len(plays) // n)
    return [p.cards for p in plays[::step][:n]]


def _sequence_runs(g: ClimbingGame, kind: str) -> tuple[tuple[str, ...], ...]:
    for c in g.ir.combinations:
        if c.name == kind and isinstance(c.shape, ir.SequenceShape):
            return c.shape.runs
    return ()


def comparison(s: _Search, kinds: list[str], runs: tuple[tuple[str, ...], ...] = (),
               only_runs: bool = False) -> str | None:
    """Two plays of these kinds that one game ranks one way and the other another way
    (each play classified once per game; then only comparisons). A kind that is a sequence
    contributes plays of each of its runs, ``runs`` first, since its plays' keys depend on
    the run and its order (``only_runs``: plays of ``runs`` only)."""
    a, b = s.a, s.b
    pool: list[tuple[int, ...]] = []
    for kind in kinds:
        if not only_runs:
            for g in (a, b):
                pool += _sample(s.plays(g, kind), _PAIRS)
        by_run = list(runs)
        if not only_runs:
            by_run += [r for g in (a, b) for r in _sequence_runs(g, kind)]
        for run in dict.fromkeys(tuple(sorted(r)) for r in by_run):
            for g in (a, b):
                plays = [p for p in s.plays(g, kind, run)
                         if sorted(_rank_word(c) for c in p.cards) == list(run)]
                pool += _sample(plays, _PER_RUN)
    pool = list(dict.fromkeys(pool))
    in_a, in_b = _classified(a, pool), _classified(b, pool)
    both = [c for c in pool if c in in_a and c in in_b]
    fewer, more = sorted((a, b), key=lambda g: g.module.COPIES)
    # two plays from one deal never share a card: first pairs both games can deal together,
    # then pairs only the game with more copies of each card can (two same-rank triples
    # of two decks, D3 C3 H3 and D3 C3 S3, are the only ones a change of key from rank to
    # card orders differently)
    for copies in dict.fromkeys((fewer.module.COPIES, more.module.COPIES)):
        note = "" if copies == fewer.module.COPIES else \
            f" (dealt together only in {more.name}, with {copies} of each card)"
        for i, x in enumerate(both):
            s.tick()
            ax, bx = in_a[x], in_b[x]
            for y in both[i + 1:]:
                if any((x + y).count(c) > copies for c in x):
                    continue
                wa, wb = _winner(ax, in_a[y]), _winner(bx, in_b[y])
                if wa != wb:
                    names = (_fmt(x), _fmt(y), "neither")
                    return (f"{_fmt(x)} vs {_fmt(y)}: {names[wa]} wins in {a.name}, "
                            f"{names[wb]} wins in {b.name}{note}")
    return None


def ordering(s: _Search, subject: str) -> str | None:
    """Two single cards that compare differently, involving the moved rank or suit."""
    a, b = s.a, s.b
    singles = []
    for k in a.module.KINDS:
        if k in b.module.KINDS:
            first, _ = s.take(a.module.plays_of_kind(a.module.KINDS.index(k), s.common), 5)
            if first and all(len(p.cards) == 1 for p in first):
                singles.append(k)
    if not singles:
        return comparison(s, list(a.module.KINDS))
    deck = list(dict.fromkeys(s.common))
    label, _, item = subject.partition(" ")
    if label == "rank":
        xs = [c for c in deck if _rank_word(c) == item]
        ys = sorted(deck, key=lambda c: (suit_of(c), -a.module.CARD_KEY[c]))
    elif label == "suit":
        xs = [c for c in deck if suit_of(c) < 4 and SUIT_LETTERS[suit_of(c)] == item]
        ys = sorted(deck, key=lambda c: (rank_of(c), suit_of(c)))
    elif label == "top":  # a card above all others in either game
        xs = [c for c in deck if c in a.ir.top or c in b.ir.top]
        ys = deck
    else:
        xs = ys = deck
    # The card order and the top cards are each one field of the rules: a pair whose
    # outcome another difference changes (a moved rank) is no witness of theirs. The pair
    # must come out otherwise in A with only this change, and in B without it.
    alone = s.one_change(_ALONE[subject]) if subject in _ALONE else None
    for x in xs:
        s.tick()
        for y in ys:
            if x == y:
                continue
            oa, ob = _outcome(a, (x,), (y,)), _outcome(b, (x,), (y,))
            if oa is None or ob is None or oa == ob:
                continue
            if alone is not None and (_outcome(alone[0], (x,), (y,)) == oa
                                      or _outcome(alone[1], (x,), (y,)) == ob):
                continue
            return f"{card_name(x)} vs {card_name(y)}: {oa} wins in {a.name}, " \
                   f"{ob} wins in {b.name}"
    return None


def _auction_state(t: Table) -> str:
    if t.no_game:
        return "no game"
    if t.bidding:
        return "a new deal" if t.deals > 1 else f"seat {t.seat} bids next"
    return f"seat {t.leader} leads at {t.bid}"


def _auction_witness(ta: Table, tb: Table, name_a: str, name_b: str,
                     again: tuple[Callable[[], Table], Callable[[], Table]]) -> str | None:
    """Bids said the same way at both tables until the two auctions part: who bids first,
    or the same words with different outcomes (a few thousand sequences at most).
    ``again`` makes each table anew, to replay a sequence of bids on."""
    if not (ta.bidding and tb.bidding):
        return (f"{'the auction opens' if ta.bidding else _auction_state(ta)} in {name_a}, "
                f"{'the auction opens' if tb.bidding else _auction_state(tb)} in {name_b}")
    if ta.seat != tb.seat:
        return f"seat {ta.seat} bids first in {name_a}, seat {tb.seat} in {name_b}"
    budget = [3000]

    def replay(which: int, words: list[str]) -> Table:
        t = again[which]()
        for w in words:
            t.apply(w)
        return t

    def walk(said: list[str], xa: Table, xb: Table) -> str | None:
        for word in sorted({str(x) for x in xa.legal_actions()} &
                           {str(x) for x in xb.legal_actions()}):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            ya, yb = replay(0, [*said, word]), replay(1, [*said, word])
            if _auction_state(ya) != _auction_state(yb):
                return (f"after {', '.join([*said, word])}: {_auction_state(ya)} in {name_a}, "
                        f"{_auction_state(yb)} in {name_b}")
            if ya.bidding and ya.deals == 1:
                found = walk([*said, word], ya, yb)
                if found:
                    return found
        return None

    return walk([], ta, tb)


MoveKey = tuple[int, ...] | str


def _move_key(m: Action) -> MoveKey:
    """A move as the same move at any table: a play (or a pass) as its cards as a multiset,
    sorted by code, since each game writes a play's cards in its own card order (``D4 C4``
    in one, ``C4 D4`` in another); a bid as its words."""
    return tuple(sorted(m.cards)) if isinstance(m, Play) else str(m)


def _first_moves(t: Table) -> dict[MoveKey, str]:
    """The legal moves, each as the table writes it, by ``_move_key``."""
    return {_move_key(m): str(m) for m in t.legal_actions()}


def _only_in(x: dict[MoveKey, str], y: dict[MoveKey, str]) -> list[str]:
    """The moves of ``x`` that ``y`` has not (the same cards in any order are one move),
    as ``x`` writes them, shortest first."""
    return sorted((text for k, text in x.items() if k not in y), key=lambda m: (len(m), m))


def _seat_note(g: ClimbingGame, t: Table, seat: int) -> str:
    card = t.first_card
    holds = f" (holding {card_name(card)})" if card >= 0 and card in t.hand(seat) else ""
    return f"seat {seat}{holds}"


def _lockstep(s: _Search, hands: list[list[int]], deal: str) -> str | None:
    """Play A's greedy game on both tables while the moves stay legal in B; the first
    position where the seat to play or its choices differ."""
    a, b = s.a, s.b
    ta = a.new_table(hands=hands, seats=["greedy"] * a.players)
    tb = b.new_table(hands=hands)
    played: list[str] = []
    while not ta.over and not tb.over:
        s.tick()
        where = f"{deal} after {plural(len(played), 'move')}" + (
            f" (last: {played[-1]})" if played else "")
        if ta.seat != tb.seat:
            return f"{where}: seat {ta.seat} plays next in {a.name}, seat {tb.seat} in {b.name}"
        la, lb = _first_moves(ta), _first_moves(tb)
        only_a, only_b = _only_in(la, lb), _only_in(lb, la)
        if only_a or only_b:
            x, yes, no = (only_a[0], a, b) if only_a else (only_b[0], b, a)
            return f"{where}: seat {ta.seat} may play {x} in {yes.name}, not in {no.name}"
        move = str(ta.bot_move())
        ta.apply(move)
        tb.apply(move)
        played.append(move)
    return None


def flow_witness(s: _Search, what: str) -> str | None:
    """A deal, the same for both games, on which the flow differs: who leads the first round
    or a later one, which first plays are allowed (with one leader in both), or how a round
    played by greedy bots goes (for ``round ends``: how many players went out)."""
    a, b = s.a, s.b
    if a.players != b.players:
        return ("no witness: searched only on deals both games can make, and these two seat "
                f"{a.players} and {b.players} players")
    same = _deck(a) == _deck(b) and a.module.DEAL_EACH == b.module.DEAL_EACH
    each = min(a.module.DEAL_EACH, b.module.DEAL_EACH, len(s.common) // a.players)
    if not same and each == 0:
        return "no witness: the two decks have too few cards in common to deal a hand each"
    for seed in range(40):
        s.tick()
        if same:
            hands = [list(h) for h in a.new_table(seed=seed).dealt]
            deal = f"deal of seed {seed}"
        else:  # the smaller hands, from the cards both decks hold
            deck = list(s.common)
            random.Random(f"witness deal {seed}").shuffle(deck)
            hands = [deck[i * each:(i + 1) * each] for i in range(a.players)]
            deal = f"deal {seed} of {each} each from the cards both decks hold"
        if what in ("first", "must", "next"):
            first = what != "next"
            lead = {g.name: (None if first or g.module.LEAD_NEXT == "holder" else 0)
                    for g in (a, b)}
            ta = a.new_table(hands=hands, first_round=first, leader=lead[a.name])
            tb = b.new_table(hands=hands, first_round=first, leader=lead[b.name])
            when = "the first round" if first else "a later round whose last winner is seat 0"
            if ta.bidding or tb.bidding:
                found = _auction_witness(ta, tb, a.name, b.name, (
                    functools.partial(a.new_table, hands=hands, first_round=first,
                                      leader=lead[a.name]),
                    functools.partial(b.new_table, hands=hands, first_round=first,
                                      leader=lead[b.name])))
                if found:
                    return f"{deal}, {when}: {found}"
                continue
            if ta.seat != tb.seat:
                if what == "must":
                    continue  # look for a deal with one leader, so only the rule differs
                return (f"{deal}, {when}: {_seat_note(a, ta, ta.seat)} leads in "
                        f"{a.name}, {_seat_note(b, tb, tb.seat)} in {b.name}")
            la, lb = _first_moves(ta), _first_moves(tb)
            only_a, only_b = _only_in(la, lb), _only_in(lb, la)
            if only_a or only_b:
                x, yes, no = (only_b[0], b, a) if only_b else (only_a[0], a, b)
                return (f"{deal}, {when}: seat {ta.seat} may lead {x} in "
                        f"{yes.name}, not in {no.name}")
            continue
        if what == "play":
            found = _lockstep(s, hands, deal)
            if found:
                return found
            continue
        ends = []
        for g in (a, b):
            t = g.new_table(hands=hands, seats=["greedy"] * g.players)
            t.play_out()
            ends.append((len(t.history), t.result().places))
        if ends[0] != ends[1] and (what != "end" or len(ends[0][1]) != len(ends[1][1])):
            (na, pa), (nb, pb) = ends
            return (f"{deal} played by greedy bots: {plural(na, 'move')}, out in "
                    f"order {' '.join(map(str, pa))} in {a.name}; {plural(nb, 'move')}, out in "
                    f"order {' '.join(map(str, pb))} in {b.name}")
    return None


def find(s: _Search, d: Difference) -> str | None:
    """The witness of one difference; for one not found, what was not searched."""
    if d.probe is None:
        return None
    a, b = s.a, s.b
    search, subject = d.probe
    if search == "order":
        return ordering(s, subject) or NOT_FOUND
    if search == "flow":
        return flow_witness(s, subject) or NOT_FOUND
    kind = d.what.split(":")[0].removeprefix("combination ")
    kinds = [k for k in a.module.KINDS if k in b.module.KINDS]
    if search == "classify" and subject == "":  # the order kinds are tried in
        found = next(filter(None, (classification(s, k, None) for k in kinds)), None)
        return found or s.not_found(kinds)
    if search == "classify":
        run = None
        if ": sequence " in d.what:
            run = _split_run(d.what.split(": sequence ")[1])
        return classification(s, kind, run) or s.not_found([kind])
    if subject == "":  # a ladder or the bombs: plays of every kind involved
        return comparison(s, kinds) or s.not_found(kinds)
    if ": top card of sequence " in d.what:  # two plays of that run
        run = _split_run(d.what.split(": top card of sequence ")[1])
        return comparison(s, [kind], (run,), only_runs=True) or s.not_found([kind])
    runs = moved_runs(_sequence_runs(a, kind), _sequence_runs(b, kind))
    return comparison(s, [kind], runs) or s.not_found([kind])


def _split_run(text: str) -> tuple[str, ...]:
    """``A2345`` / ``10JQKA`` back into rank words."""
    out, i = [], 0
    while i < len(text):
        if text.startswith("10", i):
            out.append("10")
            i += 2
        elif text[i:i + 2] in ("LJ", "BJ"):
            out.append(text[i:i + 2])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return tuple(out)


def _named_cards(g: ClimbingGame) -> list[int]:
    """Cards a game's scoring or teams look at (``holds(p, S2)``, hidden-team holders): in
    the defs that ``score`` and the match's running total reach, not in unused ones."""
    found = set(g.module.TEAM_HOLDERS)
    defs = {d.name: d for d in g.ir.defs}
    reached = {"score", g.ir.match.accumulate} & set(defs)
    stack: list[object] = [e for n in reached for e in (defs[n].body, *defs[n].lets)]
    while stack:
        e = stack.pop()
        if isinstance(e, ir.DefCall) and e.func in defs and e.func not in reached:
            reached.add(e.func)
            stack += [defs[e.func].body, *defs[e.func].lets]
        if isinstance(e, ir.CardLit):
            found.add(e.code)
        elif hasattr(e, "__dataclass_fields__"):
            stack.extend(getattr(e, f) for f in e.__dataclass_fields__ if f != "span")
        elif isinstance(e, tuple):
            stack.extend(e)
    return sorted(found)


def _states(n: int, cards: list[int], full_orders_first: bool, dealt: int,
            ) -> Iterator[tuple[list[int], list[int], list[tuple[int, list[int]]]]]:
    """End-of-round states, simplest first: who went out, cards left, who held what. Games
    that play on after the first player is out get whole finishing orders first. A seat
    still playing holds at least one card and at most the ``dealt`` it was dealt."""
    rows = [[0] + [1] * (n - 1), [0, 5, 8, 13, 4, 11, 6, 2][:n],  # a count for each of up
            [0, 9, 3, 12, 6, 1, 10, 7][:n], [0, 7, 10, 2, 11, 5, 9, 3][:n]]  # to 8 seats
    lefts = [list(r) for r in dict.fromkeys(tuple(min(x, dealt) for x in r) for r in rows)]
    orders = [list(p) for p in permutations(range(1, n + 1))]
    first_only = [[1 if s == w else 0 for s in range(n)] for w in range(n)]
    for places in (orders + first_only if full_orders_first else first_only + orders):
        for left in lefts:
            left = [0 if places[s] else left[s] for s in range(n)] if 1 in places else left
            left = [0 if places[s] else max(1, left[s]) for s in range(n)]
            for owners in product(range(n), repeat=len(cards)):
                holds: dict[int, list[int]] = {}
                for card, seat in zip(cards, owners, strict=True):
                    holds.setdefault(seat, []).append(card)
                # a seat still playing holds no more cards than it has; one that is out was
                # dealt them (which decides hidden sides) and holds nothing now
                if all(len(cs) <= left[seat] or left[seat] == 0 for seat, cs in holds.items()):
                    yield places, left, sorted(holds.items())


def score_witness(s: _Search) -> str | None:
    """An end of round (places, cards left, who held the cards the rules name) that the two
    games score differently."""
    a, b = s.a, s.b
    if a.players != b.players:
        return ("no witness: an end of round of one game is not one of the other (they have "
                f"{a.players} and {b.players} players)")
    cards = sorted(set(_named_cards(a)) | set(_named_cards(b)))[:3]
    dealt = max(1, min(a.module.DEAL_EACH, b.module.DEAL_EACH))
    plays_on = "first_out" not in (a.module.ROUND_END, b.module.ROUND_END) or \
        a.module.ROUND_END != b.module.ROUND_END
    for places, left, holds in _states(a.players, cards, plays_on, dealt):
        s.tick()
        va = example_view(a, cards_left=left, places=places, holds=holds)
        vb = example_view(b, cards_left=left, places=places, holds=holds)
        sa, sb = a.module.score(va), b.module.score(vb)
        if sa != sb:
            held = "".join(f", {_fmt(tuple(cs))} held by {seat}" for seat, cs in holds)
            return (f"places {' '.join(map(str, places))}, cards left "
                    f"{' '.join(map(str, left))}{held}: scores {' '.join(map(str, sa))} in "
                    f"{a.name}, {' '.join(map(str, sb))} in {b.name}")
    return None


def with_witnesses(a: Game, b: Game, diffs: list[Difference],
                   budget: float = BUDGET) -> list[Difference]:
    """Witnesses for orderings, combinations and flow, and one end of round for the scoring
    (on the score def if it changed, else on the first scoring difference). Searches share a
    time budget; one that runs out of it says so, and those after it are not made."""
    if "tricks" in (a.ir.family, b.ir.family):  # the climbing searches do not apply
        from ..tricks.witness import with_tricks_witnesses
        return with_tricks_witnesses(a, b, diffs, budget)
    assert isinstance(a, ClimbingGame) and isinstance(b, ClimbingGame)
    s = _Search(a, b, budget)

    def search(run: Callable[[], str | None]) -> str | None:
        try:
            with s.clock.guard():
                return run()
        except OutOfTime:
            return s.clock.stopped()

    out = []
    for d in diffs:
        w = search(partial(find, s, d))
        out.append(replace(d, witness=w, probe=None))
    scoring = [i for i, d in enumerate(out) if d.area in ("scoring", "teams")]
    if scoring:
        target = next((i for i in scoring if out[i].what == "def score"), scoring[0])
        w = search(partial(score_witness, s)) or \
            "no end of round found that the two score differently"
        out[target] = replace(out[target], witness=w)
    return out
