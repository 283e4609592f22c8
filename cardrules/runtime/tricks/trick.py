"""Trick logic, apart from the phases of a round: the card order under a trump state, the
units a play is made of, a lead's format (computed once per lead), whether a follow is legal,
who wins a trick, and how a throw fares. Every rule comes from the compiled module.

Terms (docs/language.md, "The tricks family"): a card belongs to one *suit class* (one of the
four plain suits, or the trumps, class ``TRUMP``) and has a *position* in it; equal cards
share a position. A *piece* is one unit of a play: ``width`` identical cards at each of
``length`` adjacent positions (a pair is 2 x 1, a chain of two pairs 2 x 2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...cards import RANK_NAMES, SUIT_LETTERS
from .protocol import TricksModule

TRUMP = 4  # the class of the trumps; plain suit classes are the notation suits 0-3
_NOTHING = -1


@dataclass(frozen=True)
class TrumpState:
    """The trumps of a round: the trump suit (a notation suit 0-3, or -1 for no-trump) and the
    trump rank (a notation rank index, 2 -> 0 ... A -> 12)."""

    suit: int
    rank: int

    def __str__(self) -> str:
        suit = SUIT_LETTERS[self.suit] if self.suit >= 0 else "none (no-trump)"
        return f"suit {suit}, rank {RANK_NAMES[self.rank]}"


class Order:
    """Every card's suit class and position under one trump state."""

    def __init__(self, m: TricksModule, state: TrumpState) -> None:
        self.state = state
        self.cls = [_NOTHING] * 54
        self.pos = [_NOTHING] * 54
        plain = {r: i for i, r in enumerate(m.PLAIN_ORDER)}
        steps = {c: m.trump_position(c, state.suit, state.rank) for c in set(m.DECK)}
        trump_keys = {c: (s, plain.get(c % 13, 0) if s == m.SUIT_PATTERN and c < 52 else 0)
                      for c, s in steps.items() if s >= 0}
        ranked = sorted(set(trump_keys.values()))
        for c, k in trump_keys.items():
            self.cls[c], self.pos[c] = TRUMP, ranked.index(k)
        for suit in range(4):
            cards = [c for c, s in steps.items() if s < 0 and c < 52 and c // 13 == suit]
            keys = sorted({plain.get(c % 13, 0) for c in cards})
            for c in cards:
                self.cls[c], self.pos[c] = suit, keys.index(plain.get(c % 13, 0))
        self.top = len(ranked)

    def strength(self, card: int) -> int:
        """One number to sort a hand by: trumps above plain cards, then position."""
        return (100 if self.cls[card] == TRUMP else 0) + self.pos[card]

    def classes(self, cards: Iterable[int]) -> set[int]:
        return {self.cls[c] for c in cards}


_ORDERS: dict[tuple[int, TrumpState], Order] = {}


def order_for(m: TricksModule, state: TrumpState) -> Order:
    """The order of one trump state, built once per module (a module lives as long as the
    process, so its id is a stable key)."""
    key = (id(m), state)
    found = _ORDERS.get(key)
    if found is None:
        found = _ORDERS[key] = Order(m, state)
    return found


@dataclass(frozen=True)
class Piece:
    """One unit of a play."""

    unit: int  # index into the module's UNITS
    cards: tuple[int, ...]
    width: int
    length: int
    top: int  # the highest position

    @property
    def size(self) -> int:
        return self.width * self.length


def _shape(m: TricksModule, unit: int) -> tuple[int, int]:
    """A unit's width and its least length."""
    base = m.UNIT_CHAIN_OF[unit]
    if base < 0:
        return m.UNIT_IDENTICAL[unit], 1
    return m.UNIT_IDENTICAL[base], m.UNIT_MIN_LEN[unit]


def _at_width(rem: Counter[int], order: Order, width: int) -> dict[int, list[int]]:
    """Position -> the codes held at least ``width`` times there."""
    out: dict[int, list[int]] = {}
    for c, n in rem.items():
        if n >= width:
            out.setdefault(order.pos[c], []).append(c)
    return out


def _runs(positions: Iterable[int]) -> list[list[int]]:
    """Maximal runs of consecutive positions, each low to high."""
    runs: list[list[int]] = []
    for p in sorted(positions):
        if runs and runs[-1][-1] == p - 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    return runs


def _find(rem: Counter[int], order: Order, width: int, length: int, *, high: bool,
          longest: bool = False) -> tuple[list[int], int] | None:
    """An instance of ``width`` x ``length`` among ``rem`` (all of one class): its codes (one
    per position) and top position; the highest (``high``) or lowest; with ``longest``, the
    longest run of at least ``length`` instead."""
    at = _at_width(rem, order, width)
    if not at:
        return None
    if length == 1 and not longest:
        p = max(at) if high else min(at)
        codes = sorted(at[p], key=lambda c: (rem[c], c))  # spare the larger groups
        return [codes[0]], p
    best: tuple[list[int], int] | None = None
    for run in _runs(at):
        if len(run) < length:
            continue
        window = run if longest else (run[-length:] if high else run[:length])
        found = ([sorted(at[p], key=lambda c: (rem[c], c))[0] for p in window], window[-1])
        if best is None:
            best = found
        elif longest and (len(found[0]), found[1]) > (len(best[0]), best[1]):
            best = found
        elif not longest and (found[1] > best[1]) == high:
            best = found
    return best


def _take(rem: Counter[int], codes: Sequence[int], width: int) -> tuple[int, ...]:
    cards: list[int] = []
    for c in codes:
        rem[c] -= width
        if not rem[c]:
            del rem[c]
        cards += [c] * width
    return tuple(cards)


_SPLITS: dict[tuple[int, TrumpState, tuple[int, ...]], tuple[Piece, ...]] = {}
_MOST_SPLITS = 100_000  # remembered splits; past it they are forgotten and made again


def decompose(cards: Sequence[int], order: Order, m: TricksModule) -> list[Piece]:
    """The units of a play of one class, largest first: repeatedly the largest unit left
    (most cards, then the highest, then the wider: a chain of triples before a chain of
    pairs of as many cards), down to single cards. The split depends only on which cards
    (not their order) and is remembered per module and trump state."""
    key = (id(m), order.state, tuple(sorted(cards)))
    found = _SPLITS.get(key)
    if found is None:
        if len(_SPLITS) >= _MOST_SPLITS:
            _SPLITS.clear()
        found = _SPLITS[key] = tuple(_split(cards, order, m))
    return list(found)


def _split(cards: Sequence[int], order: Order, m: TricksModule) -> list[Piece]:
    rem = Counter(cards)
    pieces: list[Piece] = []
    while rem:
        best: tuple[int, int, int, int, list[int], int, int] | None = None
        for u in range(len(m.UNITS)):
            width, least = _shape(m, u)
            chain = m.UNIT_CHAIN_OF[u] >= 0
            found = _find(rem, order, width, least, high=True, longest=chain)
            if found is None:
                continue
            codes, top = found
            cand = (width * len(codes), top, width, -u, codes, width, len(codes))
            if best is None or cand[:4] > best[:4]:
                best = cand
        if best is None:  # no unit of one card: cannot happen in a checked game
            break
        _, top, _, neg_u, codes, width, length = best
        pieces.append(Piece(-neg_u, _take(rem, codes, width), width, length, top))
    pieces.sort(key=lambda p: (p.size, p.top), reverse=True)
    return pieces


def unit_of(cards: Sequence[int], order: Order, m: TricksModule) -> int | None:
    """The unit these cards make exactly (an index into UNITS), or None."""
    if not cards or len(order.classes(cards)) != 1:
        return None
    pieces = decompose(cards, order, m)
    return pieces[0].unit if len(pieces) == 1 else None


def lead_problem(cards: Sequence[int], order: Order, m: TricksModule) -> str | None:
    """Why these cards cannot be led (before any throw test), or None."""
    if not cards:
        return "a lead has at least one card"
    if len(order.classes(cards)) != 1:
        return "a lead is of one suit class: one plain suit, or all trumps"
    pieces = decompose(cards, order, m)
    if len(pieces) == 1:
        if pieces[0].unit in m.LEADS:
            return None
        return f"a {m.UNITS[pieces[0].unit]} cannot be led"
    return None if m.THROWS else "these cards make several units, and this game has no throws"


def match_format(cards: Sequence[int], lead: Sequence[Piece],
                 order: Order) -> tuple[int, ...] | None:
    """The top positions of the units of ``cards`` that reproduce the lead's units (the
    highest instance for each, largest unit first), or None if some lead unit has none."""
    rem = Counter(cards)
    tops = []
    for piece in lead:
        found = _find(rem, order, piece.width, piece.length, high=True)
        if found is None:
            return None
        codes, top = found
        _take(rem, codes, piece.width)
        tops.append(top)
    return tuple(tops)


def trick_winner(plays: Sequence[Sequence[int]], order: Order, m: TricksModule) -> int:
    """Which play (0 = the lead) wins the trick. A play in the led class wins only with the
    lead's units and higher; a ruff (all trumps on a plain lead, by a seat void in it) with
    the lead's units (``must cover units``) beats every play in the led class; ruffs compare
    unit by unit as the lead is built. Of two equal plays the first wins (``ties: first``)."""
    lead = plays[0]
    led = order.cls[lead[0]]
    fmt = decompose(lead, order, m)
    best, best_key = 0, (0, match_format(lead, fmt, order) or ())
    for i, play in enumerate(plays[1:], 1):
        classes = order.classes(play)
        tier = 0
        if classes == {led}:
            key = match_format(play, fmt, order)
        elif led != TRUMP and classes == {TRUMP} and m.RUFFING:
            tier = 1
            key = match_format(play, fmt, order)
            if key is None and not m.RUFF_COVER:
                key = tuple(sorted((order.pos[c] for c in play), reverse=True))
        else:
            continue
        if key is None:
            continue
        cand = (tier, key)
        if cand > best_key or (m.TIES == "last" and cand == best_key):
            best, best_key = i, cand
    return best


def _part_shape(m: TricksModule, unit: int, piece: Piece) -> tuple[int, int]:
    """The shape a follow alternative's unit takes against one lead unit: the lead's own
    chain keeps the lead's length; another chain its least length."""
    width, least = _shape(m, unit)
    if unit == piece.unit:
        return width, piece.length
    return width, least


def follow_counts(cards: Sequence[int], lead: Sequence[Piece], order: Order,
                  m: TricksModule) -> tuple[int, ...]:
    """For each lead unit (largest first) and each of its follow alternatives (highest
    priority first): how many copies of the alternative the cards give, taking as many of
    the first as fit in the lead unit, then of the next with the cards that remain."""
    held = Counter(cards)
    rem: Counter[int] | None = Counter(cards)  # what one packing of ``need`` leaves
    need: list[tuple[int, int]] = []  # every shape counted so far: they must fit together
    counts: list[int] = []
    for piece in lead:
        alternatives = m.FOLLOW[piece.unit] or ((piece.unit,),)
        left = piece.size
        for alt in alternatives:
            shapes = sorted((_part_shape(m, u, piece) for u in alt), reverse=True,
                            key=lambda s: s[0] * s[1])
            size = sum(w * n for w, n in shapes)
            copies = 0
            while size <= left:
                # the packing so far extended (fast), else any packing of them all (exact:
                # the lowest instances taken first can use cards a later unit needs)
                if rem is None or not _take_all(rem, shapes, order):
                    rem = _packing(held, [*need, *shapes], order)
                    if rem is None:
                        break
                need += shapes
                copies += 1
                left -= size
            counts.append(copies)
    return tuple(counts)


def _packing(held: Counter[int], shapes: Sequence[tuple[int, int]],
             order: Order) -> Counter[int] | None:
    """What is left of ``held`` (cards of one class) after some way of taking one disjoint
    instance of every shape, or None if there is none: a search over the instances, widest
    and longest shapes first, that never visits the same cards left twice."""
    if sum(w * n for w, n in shapes) > sum(held.values()):
        return None
    multi = sorted((s for s in shapes if s != (1, 1)), reverse=True)
    singles = len(shapes) - len(multi)
    for width in {w for w, _ in multi}:  # enough groups of each width, counted generously
        groups = sum(n // width for n in held.values())
        if groups < sum(length for w, length in multi if w >= width):
            return None
    failed: set[tuple[int, frozenset[tuple[int, int]]]] = set()

    def walk(i: int, rem: Counter[int]) -> Counter[int] | None:
        if i == len(multi):
            if sum(rem.values()) < singles:
                return None
            # the single cards: cards held once first (sparing the groups), lowest first
            taken = sorted(rem.elements(), key=lambda c: (rem[c] > 1, order.pos[c], c))
            return rem - Counter(taken[:singles])
        state = (i, frozenset(rem.items()))
        if state in failed:
            return None
        width, length = multi[i]
        for codes in _instances(rem, order, width, length):
            nxt = Counter(rem)
            _take(nxt, codes, width)
            found = walk(i + 1, nxt)
            if found is not None:
                return found
        failed.add(state)
        return None

    return walk(0, Counter(held))


def _instances(rem: Counter[int], order: Order, width: int,
               length: int) -> list[list[int]]:
    """Every instance of ``width`` x ``length`` among ``rem``, as the codes taken (one per
    position, low to high); of the codes at one position only one per count left (codes at
    one position are equal cards: which of two with as many copies is taken is the same)."""
    at = _at_width(rem, order, width)
    choices = {p: list({rem[c]: c for c in sorted(cs)}.values()) for p, cs in at.items()}
    out: list[list[int]] = []
    for run in _runs(at):
        for start in range(len(run) - length + 1):
            window = run[start:start + length]
            combos: list[list[int]] = [[]]
            for p in window:
                combos = [[*cs, c] for cs in combos for c in choices[p]]
            out += combos
    return out


def _take_all(rem: Counter[int], shapes: Sequence[tuple[int, int]], order: Order) -> bool:
    """Take one instance of every shape (the lowest), or nothing."""
    taken: list[tuple[int, ...]] = []
    for width, length in shapes:
        found = _find(rem, order, width, length, high=False)
        if found is None:
            for cards in taken:
                rem.update(cards)
            return False
        taken.append(_take(rem, found[0], width))
    return True


def follow_problem(lead: Sequence[int], hand: Sequence[int], play: Sequence[int],
                   order: Order, m: TricksModule) -> str | None:
    """Why ``play`` from ``hand`` may not follow ``lead``, or None if it may: as many cards
    of the led class as the hand has (up to the lead's count), and within the class the
    lead's units reproduced as well as the hand allows, by the follow priorities."""
    if len(play) != len(lead):
        return f"play {len(lead)} cards, as many as the lead"
    if Counter(play) - Counter(hand):
        return "the play holds cards the hand does not"
    led = order.cls[lead[0]]
    in_hand = [c for c in hand if order.cls[c] == led]
    in_play = [c for c in play if order.cls[c] == led]
    need = min(len(lead), len(in_hand))
    what = "trump" if led == TRUMP else "led suit"
    if len(in_play) < need:
        return f"follow the {what}: play {need} card{'s' if need > 1 else ''} of it"
    if len(in_hand) <= len(lead):
        return None
    fmt = decompose(lead, order, m)
    want = follow_counts(in_hand, fmt, order, m)
    got = follow_counts(in_play, fmt, order, m)
    if got >= want:
        return None
    i = next(k for k, (a, b) in enumerate(zip(got, want, strict=True)) if a != b)
    alt = _alternative_at(fmt, i, m)
    return f"the lead calls for {' + '.join(m.UNITS[u] for u in alt)}: play it from your hand"


def _alternative_at(fmt: Sequence[Piece], index: int, m: TricksModule) -> tuple[int, ...]:
    for piece in fmt:
        alternatives = m.FOLLOW[piece.unit] or ((piece.unit,),)
        if index < len(alternatives):
            return alternatives[index]
        index -= len(alternatives)
    return ()


def throw_outcome(cards: Sequence[int], others: Sequence[Sequence[int]], order: Order,
                  m: TricksModule) -> tuple[int, ...]:
    """What a throw (several units of one class led together) puts on the table: all of it
    if no other hand could beat any of its units with a higher unit of the same shape in that
    class, else only the smallest unit that could be beaten."""
    fmt = decompose(cards, order, m)
    if len(fmt) < 2:
        return tuple(cards)
    led = order.cls[cards[0]]
    beaten = [p for p in fmt if any(_beats_piece(h, p, led, order) for h in others)]
    if not beaten:
        return tuple(cards)
    smallest = min(beaten, key=lambda p: (p.top, p.size))
    return smallest.cards


def _beats_piece(hand: Sequence[int], piece: Piece, led: int, order: Order) -> bool:
    rem = Counter(c for c in hand if order.cls[c] == led)
    found = _find(rem, order, piece.width, piece.length, high=True)
    return found is not None and found[1] > piece.top


def card_points(cards: Iterable[int], m: TricksModule) -> int:
    return sum(m.POINTS[c] for c in cards)


@dataclass(frozen=True)
class Follows:
    """What a follower may play to one lead, computed once per decision: ``mode`` is ``all``
    (the hand holds no more cards of the led class than the lead: all of them, and ``free``
    other cards), ``any`` (a lead of single cards: any cards of the class) or ``shaped`` (the
    lead's units must be reproduced as well as the hand allows). For ``shaped``: the class
    cards held, the lead's units, the counts every legal follow reaches, and the *cores*: the
    ways to choose the cards a follow holds two or more copies of (code -> copies) that can
    make a legal follow with single cards added. A follow's units depend only on its core
    and on where its single cards fall, so card-by-card choices are decided per core,
    without listing every follow (a hand of 19 hearts against a lead of five holds
    thousands)."""

    mode: str
    in_class: tuple[int, ...]
    free: int
    n: int = 0
    lead: tuple[Piece, ...] = ()
    want: tuple[int, ...] = ()
    cores: tuple[tuple[tuple[int, int], ...], ...] = ()


def follow_options(hand: Sequence[int], lead: Sequence[int], order: Order,
                   m: TricksModule) -> Follows:
    """The legal follows of ``hand`` to ``lead`` (see Follows)."""
    n = len(lead)
    led = order.cls[lead[0]]
    in_class = tuple(sorted((c for c in hand if order.cls[c] == led), key=order.strength))
    if len(in_class) <= n:
        return Follows("all", in_class, n - len(in_class))
    fmt = tuple(decompose(lead, order, m))
    if all(p.size == 1 for p in fmt):
        return Follows("any", in_class, 0)
    want = follow_counts(in_class, fmt, order, m)
    have = Counter(in_class)
    multi = [c for c in dict.fromkeys(in_class) if have[c] >= 2]
    cores: list[tuple[tuple[int, int], ...]] = []
    core: dict[int, int] = {}

    def walk(i: int, size: int) -> None:
        if i == len(multi):
            cards = _complete(core, {}, in_class, n)
            if cards is not None and follow_counts(cards, fmt, order, m) >= want:
                cores.append(tuple(core.items()))
            return
        walk(i + 1, size)
        c = multi[i]
        for k in range(2, min(have[c], n - size) + 1):
            core[c] = k
            walk(i + 1, size + k)
            del core[c]

    walk(0, 0)
    return Follows("shaped", in_class, 0, n, fmt, want, tuple(cores))


def _complete(core: dict[int, int], singles: dict[int, int], in_class: Sequence[int],
              n: int) -> list[int] | None:
    """A follow of ``n`` class cards: the core, the single cards asked for, then one copy
    each of the lowest other codes (low single cards spare the units), or None."""
    cards = [c for c, k in core.items() for _ in range(k)] + list(singles)
    if len(cards) > n:
        return None
    for c in dict.fromkeys(in_class):
        if len(cards) == n:
            break
        if c not in core and c not in singles:
            cards.append(c)
    return cards if len(cards) == n else None


def follow_allowed(f: Follows, chosen: Counter[int], order: Order,
                   m: TricksModule) -> set[int]:
    """The class cards that some legal follow holding ``chosen`` (class cards) also holds."""
    left = Counter(f.in_class) - chosen
    if f.mode != "shaped":
        return set(left)
    out: set[int] = set()
    for c in left:
        want = chosen + Counter([c])
        for core_items in f.cores:
            core = dict(core_items)
            if any(k >= 2 and core.get(t, 0) < k for t, k in want.items()):
                continue
            singles = {t: 1 for t in want if t not in core}
            cards = _complete(core, singles, f.in_class, f.n)
            if cards is not None and follow_counts(cards, f.lead, order, m) >= f.want:
                out.add(c)
                break
    return out


def largest_unit(cards: Sequence[int], order: Order, m: TricksModule) -> int:
    """Cards in the largest unit of a play (its cards of one class)."""
    by_class: dict[int, list[int]] = {}
    for c in cards:
        by_class.setdefault(order.cls[c], []).append(c)
    return max(p.size for part in by_class.values() for p in decompose(part, order, m))
