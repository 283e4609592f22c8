"""The plays a seat may lead as a sequence whose plays are made only as they are asked for.

A lead may have hundreds of plays (straights of two decks, kickers, airplanes with wings),
and a random bot asks for one of them: ``rng.choice(seq)`` reads ``len(seq)`` and
``seq[i]``. ``Choices`` holds each kind's plays as a part: a list already made (the cheap
kinds), or a ``Part`` that counts its plays from the hand's counts and makes the play at an
index alone, in exactly the order its kind's generator makes them; so ``list(choices)`` is the
eager list, play for play, and so is every ``choices[i]``. A part falls back to the
generator's list where the order is not the counted one (a set that may come twice).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, repeat
from math import comb, prod
from typing import Any, Protocol, TypeVar, overload

from ..protocol import Play
from .shapes import _SETS, _subsets, kicker_units

T = TypeVar("T")
Gen = Callable[[Sequence[int], dict[int, list[int]]], Iterable[Play]]


class RunGen(Protocol):
    """A run's generator, asked at a follow for the runs of ``size`` cards stronger than
    ``floor`` (at a lead, a ``Gen``)."""

    def __call__(self, hand: Sequence[int], by_rank: dict[int, list[int]],
                 floor: tuple[int, tuple[int, ...]] | None = None,
                 size: int = 0) -> Iterable[Play]: ...


# What each Play of a kind shares: (kind, group, tier, bomb)
Fields = tuple[int, int, int, int]


class Choices(Sequence[Play]):
    """Parts of plays in order: ``out += plays`` adds a list, ``add`` a counted Part."""

    __slots__ = ("_parts", "_ends", "_size", "_asked")

    def __init__(self, parts: Iterable[list[Play] | Part] = ()) -> None:
        """Choices of ``parts`` in order (lists and Parts): what ``out += plays`` and ``add``
        make one part at a time, made at once. A list of parts is kept as it is (the
        caller's, not changed after); an empty part stays, never found by an index (its end
        is the one before it)."""
        kept = parts if isinstance(parts, list) else list(parts)
        ends: list[int] = []  # the index after each part
        size = 0
        for part in kept:
            size += len(part) if isinstance(part, list) else part.total
            ends.append(size)
        self._parts, self._ends, self._size = kept, ends, size
        self._asked: Play | None = None  # the last play asked for

    def __iadd__(self, plays: Iterable[Play]) -> Choices:
        part = plays if isinstance(plays, list) else list(plays)
        if part:
            self._size += len(part)
            self._parts.append(part)
            self._ends.append(self._size)
        return self

    def extend(self, plays: Iterable[Play]) -> None:
        """``out += plays``, as a list's."""
        self += plays

    def insert(self, i: int, play: Play) -> None:
        """Add ``play`` before every other (a follow's pass), as a list's ``insert(0, play)``
        (the only place a play is inserted)."""
        if i:
            raise IndexError("a play is inserted first only")
        self._parts.insert(0, [play])
        self._ends = [1, *[end + 1 for end in self._ends]]
        self._size += 1

    def add(self, part: Part) -> None:
        if part.total:
            self._size += part.total
            self._parts.append(part)
            self._ends.append(self._size)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, i: int) -> Play: ...
    @overload
    def __getitem__(self, i: slice) -> list[Play]: ...

    def __getitem__(self, i: int | slice) -> Play | list[Play]:
        if isinstance(i, slice):
            return self.plays()[i]
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError("choice index out of range")
        k = bisect_right(self._ends, i)
        play = self._parts[k][i - self._ends[k - 1] if k else i]
        self._asked = play
        return play

    def __iter__(self) -> Iterator[Play]:
        return iter(self.plays())

    def __contains__(self, x: object) -> bool:
        return x is self._asked or x in self.plays()

    def plays(self) -> list[Play]:
        """Every play, in order: the eager list."""
        out: list[Play] = []
        for part in self._parts:
            out += part
        return out


def counted(out: list[Play] | Choices, part: Part) -> list[Play] | Choices:
    """``out`` (a follow's plays so far) and then the counted ``part``: a Choices, or the
    list itself while the part has no plays (so a follow with none stays a list)."""
    if not part.total:
        return out
    if isinstance(out, list):
        return Choices((out, part))
    out.add(part)
    return out


class Part(Sequence[Play]):
    """One kind's plays, counted: segments of plays (``_segs``, each ending before
    ``_ends``), a play made from its segment and its place there (``_make``); or, where the
    hand allows no counting, the generator's own list (``_plays``)."""

    __slots__ = ("gen", "hand", "by_rank", "fields", "total", "_ends", "_segs", "_plays")

    def __init__(self, gen: Gen, hand: Sequence[int], by_rank: dict[int, list[int]],
                 fields: Fields) -> None:
        self.gen, self.hand, self.by_rank, self.fields = gen, hand, by_rank, fields
        self.total = 0
        self._ends: list[int] = []
        self._segs: list[tuple[int, ...]] = []
        self._plays: list[Play] | None = None

    def _segment(self, n: int, *seg: int) -> None:
        if n:
            self.total += n
            self._ends.append(self.total)
            self._segs.append(seg)

    def _eager(self) -> None:
        self._plays = list(self.gen(self.hand, self.by_rank))
        self.total = len(self._plays)

    def __len__(self) -> int:
        return self.total

    @overload
    def __getitem__(self, j: int) -> Play: ...
    @overload
    def __getitem__(self, j: slice) -> list[Play]: ...

    def __getitem__(self, j: int | slice) -> Play | list[Play]:
        if isinstance(j, slice):
            return list(self)[j]
        if self._plays is not None:
            return self._plays[j]
        if j < 0:
            j += self.total
        k = bisect_right(self._ends, j)
        return self._make(self._segs[k], j - self._ends[k - 1] if k else j)

    def __iter__(self) -> Iterator[Play]:
        return iter(self._plays if self._plays is not None else self.gen(self.hand, self.by_rank))

    def _make(self, seg: tuple[int, ...], at: int) -> Play:
        raise NotImplementedError

    def _play(self, cards: tuple[int, ...], key: tuple[int, ...]) -> Play:
        return tuple.__new__(Play, (cards, *self.fields, key))  # Play(...), without its __new__


def _choices(cards: list[int], width: int) -> list[tuple[int, ...]]:
    """A run's choices of one rank of ``width`` cards, as ``run_pools`` makes them."""
    return list(_subsets(cards, width))


class _DistinctCounts(dict[tuple[tuple[int, ...], int], int]):
    """How many sets of ``width`` of these cards of one rank there are, equal cards of more
    decks one set (as ``_subsets`` makes them), by the cards and ``width``: counted the first
    time they are asked for, then looked up (a deck's ranks hold few cards, so few are)."""

    def __missing__(self, key: tuple[tuple[int, ...], int]) -> int:
        cards, width = key
        found = self[key] = len(list(_subsets(list(cards), width)))
        return found


_DISTINCT = _DistinctCounts()


def _distinct(cards: list[int], width: int) -> int:
    """A run's choices of one rank with more decks: its distinct cards, or its distinct
    sets of ``width`` cards."""
    return len(set(cards)) if width == 1 else _DISTINCT[tuple(cards), width]


@lru_cache(maxsize=1024)
def _tops(within: tuple[int, ...], length: int) -> tuple[int, ...]:
    """The highest rank of each run of ``length`` ranks of ``within``, by start."""
    return tuple(max(within[i:i + length]) for i in range(len(within) - length + 1))


def _pick(pools: Sequence[Sequence[T]], at: int) -> list[T]:
    """The ``at``-th tuple of ``product(*pools)`` (the last pool turning fastest)."""
    picked: list[T] = []
    for pool in reversed(pools):
        at, i = divmod(at, len(pool))
        picked.append(pool[i])
    picked.reverse()
    return picked


def nth_combination(pool: Sequence[int], r: int, index: int) -> tuple[int, ...]:
    """The ``index``-th tuple of ``combinations(pool, r)``."""
    n = len(pool)
    out = []
    i = 0
    while r:
        c = comb(n - i - 1, r - 1)  # those that take pool[i] first
        if index < c:
            out.append(pool[i])
            r -= 1
        else:
            index -= c
        i += 1
    return tuple(out)


def _held(by_rank: dict[int, list[int]], within: tuple[int, ...], width: int) -> list[int]:
    """Per rank of ``within``: its cards' count, or with ``width`` > 1 the sets of that
    many of them one deck has (``comb``; 0 when too few)."""
    lens = list(map(len, map(by_rank.get, within, repeat(()))))
    return lens if width == 1 else list(map(comb, lens, repeat(width)))


def _stretches(held: list[int], min_len: int) -> Iterator[tuple[int, int]]:
    """The stretches ``(first, end)`` of nonzero entries, ``min_len`` long or longer."""
    n, i = len(held), 0
    while i < n:
        if not held[i]:
            i += 1
            continue
        first = i
        while i < n and held[i]:
            i += 1
        if i - first >= min_len:
            yield first, i


class _Stretches(dict[tuple[int, int], tuple[tuple[int, int], ...]]):
    """``_stretches`` of a mask's bits (bit i: entry i nonzero), by the mask and ``min_len``:
    made the first time they are asked for, then looked up (one entry per mask of a run's
    ranks, a few thousand at most)."""

    def __missing__(self, key: tuple[int, int]) -> tuple[tuple[int, int], ...]:
        mask, min_len = key
        found = self[key] = tuple(_stretches(
            [mask >> i & 1 for i in range(mask.bit_length())], min_len))
        return found


_STRETCHES = _Stretches()


class RunPart(Part):
    """``candidates_KIND`` of a run keyed by its highest rank, made in CARD_KEY order by
    ``single_run_pools`` / ``run_pools``: a segment per stretch of ranks held, its count
    the sum over its runs (by start, then length) of the product of their ranks' choices;
    a play's run is found in its stretch when it is asked for. ``mask``, where the caller
    has it: the ranks of ``within`` with ``width`` cards or more, bit i for ``within[i]``
    (then the stretches are looked up, and only their ranks' choices counted)."""

    __slots__ = ("width", "copies", "within", "min_len", "max_len", "held", "_lo")

    def __init__(self, gen: Gen, hand: Sequence[int], by_rank: dict[int, list[int]],
                 fields: Fields, width: int, min_len: int, max_len: int,
                 within: tuple[int, ...], copies: int = 1, mask: int | None = None) -> None:
        self.gen, self.hand, self.by_rank, self.fields = gen, hand, by_rank, fields
        self._plays = None  # (``Part.__init__`` written out: its lists are made below)
        self.width, self.copies, self.within = width, copies, within
        self.min_len, self.max_len = min_len, max_len
        self._lo = 0  # the rank of ``held[0]``: ``within[0]``
        if mask is None:
            get = by_rank.get
            held = [len(get(r, ())) for r in within] if width == 1 else \
                [comb(len(get(r, ())), width) for r in within]  # (as ``_held``)
            stretches: Iterable[tuple[int, int]] = _stretches(held, min_len)
            plain = copies == 1  # the counts are the choices (else made below)
        else:
            held = [0] * len(within)
            stretches = _STRETCHES[mask, min_len]
            plain = False
        self.held = held
        self._ends = ends = []
        self._segs = segs = []
        total = 0
        for first, end in stretches:
            if plain:
                pass
            elif width == 1 and copies == 1:  # the rank's cards
                for i in range(first, end):
                    held[i] = len(by_rank[within[i]])
            elif width == 1:  # its distinct cards (``_distinct``; two are one when equal)
                for i in range(first, end):
                    cards = by_rank[within[i]]
                    n = len(cards)
                    held[i] = n if n == 1 else (1 if cards[0] == cards[1] else 2) if n == 2 \
                        else len(set(cards))
            elif copies == 1:  # its sets of ``width`` cards
                for i in range(first, end):
                    held[i] = comb(len(by_rank[within[i]]), width)
            else:  # its distinct sets (one where it holds ``width`` cards)
                for i in range(first, end):
                    cards = by_rank[within[i]]
                    held[i] = 1 if len(cards) == width else _DISTINCT[tuple(cards), width]
            # runs ending at each rank: ``ending`` of min_len to max_len ranks, from those
            # ending at the rank before (one longer), the run of min_len ranks (``window``)
            # and less the one of max_len + 1
            window = prod(held[first:first + min_len - 1])
            ending = 0
            for i in range(first + min_len - 1, end):
                if i - min_len >= first:
                    window //= held[i - min_len]
                window *= held[i]
                ending = held[i] * ending + window
                if i - max_len >= first:
                    ending -= prod(held[i - max_len:i + 1])
                total += ending
            ends.append(total)
            segs.append((first, end))
        self.total = total

    def _make(self, seg: tuple[int, ...], at: int) -> Play:
        first, end = seg
        held, min_len = self.held, self.min_len
        for start in range(first, end - min_len + 1):  # as counted: the run of ``at``
            runs = prod(held[start:start + min_len - 1])
            for i in range(start + min_len - 1, min(end, start + self.max_len)):
                runs *= held[i]
                if at < runs:
                    return self._run(start, i + 1, at)
                at -= runs
        raise IndexError(at)

    def _run(self, start: int, stop: int, at: int) -> Play:
        """The ``at``-th run of the ranks ``within[start:stop]`` (``product`` of their choices,
        the last turning fastest): each rank's choice taken alone, its pool counted in
        ``held`` (from ``self._lo``): the rank's cards themselves when they are its choices
        (one card a rank, none twice), else its distinct cards or sets (``_SETS``, made once
        per set of a rank's cards)."""
        within, held, by_rank, width, lo = self.within, self.held, self.by_rank, self.width, \
            self._lo
        picked: list[Any] = [0] * (stop - start)
        for i in range(stop - 1, start - 1, -1):
            at, j = divmod(at, held[i - lo])
            cards = by_rank[within[i]]
            picked[i - start] = cards[j] if width == 1 and len(cards) == held[i - lo] \
                else _SETS[tuple(cards), width][j]
        top = (max(within[start:stop]),)
        return self._play(tuple(picked) if width == 1 else tuple(chain.from_iterable(picked)),
                          top)


class RunAbovePart(RunPart):
    """``candidates_KIND(hand, by_rank, floor, size)`` of ``RunPart``'s runs (a follow):
    the runs of ``size`` cards stronger than ``floor``, made as ``run_plays`` makes them
    (by start: one length), a segment per start whose run is stronger, its count the
    product of its ranks' choices."""

    __slots__ = ("follow", "floor", "size")

    def __init__(self, gen: RunGen, hand: Sequence[int], by_rank: dict[int, list[int]],
                 fields: Fields, width: int, min_len: int, max_len: int,
                 within: tuple[int, ...], floor: tuple[int, tuple[int, ...]], size: int,
                 copies: int = 1, mask: int | None = None) -> None:
        Part.__init__(self, gen, hand, by_rank, fields)
        self.follow, self.floor, self.size = gen, floor, size
        self.width, self.copies, self.within = width, copies, within
        length = size // width
        self.min_len = self.max_len = length
        self.held = held = []
        self._lo = 0
        tier = fields[2]
        if size % width or not min_len <= length <= max_len or tier < floor[0]:
            return  # (the generator makes none)
        if mask is not None:  # (``RunPart``'s mask: ``within`` are consecutive ranks)
            self._above(mask, length, floor[1][0] - within[0] if tier == floor[0] else -1)
            return
        tops = _tops(within, length)
        if tier == floor[0]:  # the runs whose highest rank is above the floor's (a key
            # of one rank, ``(top,) > key`` as ``top > key[0]``)
            key = floor[1][0]
            starts = [i for i, top in enumerate(tops) if top > key]
            if not starts:
                return
        else:
            starts = list(range(len(tops)))
        lo = self._lo = starts[0]  # the ranks of those runs alone: ``held[i - lo]``
        held += _held(by_rank, within[lo:starts[-1] + length], width)
        if copies > 1:  # the rank's distinct cards, or sets of cards (as ``RunPart``)
            for i, n in enumerate(held):
                if n:
                    held[i] = _distinct(by_rank[within[lo + i]], width)
        ends, segs = self._ends, self._segs
        total = 0
        for start in starts:
            runs = prod(held[start - lo:start - lo + length])
            if runs:
                total += runs
                ends.append(total)
                segs.append((start,))
        self.total = total

    def _above(self, mask: int, length: int, key: int) -> None:
        """The segments from the mask of the ranks held: the starts of ``length`` of them in
        a row (bits), those whose highest rank (``start + length - 1``) is above ``key`` (of
        the floor, from ``within[0]``), lowest first; each rank's choices counted once."""
        starts = mask
        for j in range(1, length):
            starts &= mask >> j
        if key >= length - 1:
            starts &= -1 << (key - length + 2)
        by_rank, within, width, copies = self.by_rank, self.within, self.width, self.copies
        held = self.held = [0] * len(within)  # (0: not counted yet)
        ends, segs = self._ends, self._segs
        total = 0
        while starts:
            low = starts & -starts
            start = low.bit_length() - 1
            starts ^= low
            runs = 1
            for i in range(start, start + length):
                n = held[i]
                if not n:
                    cards = by_rank[within[i]]
                    if width == 1:  # (two cards one when equal, as in ``RunPart``)
                        n = len(cards)
                        if copies > 1 and n > 1:
                            n = (1 if cards[0] == cards[1] else 2) if n == 2 else len(set(cards))
                    else:
                        n = comb(len(cards), width) if copies == 1 or len(cards) == width \
                            else _DISTINCT[tuple(cards), width]
                    held[i] = n
                runs *= n
            total += runs
            ends.append(total)
            segs.append((start,))
        self.total = total

    def _make(self, seg: tuple[int, ...], at: int) -> Play:
        start = seg[0]
        return self._run(start, start + self.min_len, at)

    def __iter__(self) -> Iterator[Play]:
        return iter(self.follow(self.hand, self.by_rank, self.floor, self.size))


class AttachedPart(Part):
    """``candidates_KIND`` of a main group and an attached group of another rank (one deck,
    keyed by the main group's rank, cards comparing by rank first: ranks rise along the
    hand): a segment per main rank, ``C(n, a)`` main groups times the attached groups of
    every other rank. ``at_least``: the hand's (a SeatHand's), which counts the attached
    groups (a rank of n cards has ``C(n, b)``, the sum of ``C(k - 1, b - 1)`` for k from b
    to n) and gives the main ranks, lowest first."""

    __slots__ = ("a", "b")

    def __init__(self, gen: Gen, hand: Sequence[int], by_rank: dict[int, list[int]],
                 fields: Fields, a: int, b: int, at_least: Sequence[int]) -> None:
        Part.__init__(self, gen, hand, by_rank, fields)
        self.a, self.b = a, b
        tails = len(hand) if b == 1 else sum(
            at_least[k].bit_count() * comb(k - 1, b - 1) for k in range(b, len(at_least)))
        ends, segs = self._ends, self._segs
        total = 0
        mains = at_least[a] if a < len(at_least) else 0
        while mains:
            low = mains & -mains
            r = low.bit_length() - 1
            n = len(by_rank[r])
            others = tails - comb(n, b)  # the attached groups of the other ranks
            if others:
                total += comb(n, a) * others
                ends.append(total)
                segs.append((r, others))
            mains ^= low
        self.total = total

    def _make(self, seg: tuple[int, ...], at: int) -> Play:
        r, tails = seg
        same = self.by_rank[r]
        i, at = divmod(at, tails)
        head = nth_combination(same, self.a, i)
        for q, other in self.by_rank.items():
            if q == r:
                continue
            n = comb(len(other), self.b)
            if at < n:
                tail = nth_combination(other, self.b, at)
                return self._play(head + tail if r < q else tail + head, (r,))
            at -= n
        raise IndexError(at)


def _unit_counts(counts: Iterable[int], size: int, count: int) -> int:
    """How many ways ``_picks`` takes ``count`` units of ``size`` cards from ranks of these
    many cards: a rank gives j units in one way per ``size * j`` of its cards (a rank of
    fewer than ``size`` none: left out; the rest counted once per set of counts)."""
    return _units_of(tuple(sorted(n for n in counts if n >= size)), size, count)


@lru_cache(maxsize=4096)
def _units_of(counts: tuple[int, ...], size: int, count: int) -> int:
    """``_unit_counts`` of ranks of at least ``size`` cards, their counts in order."""
    poly = [1] + [0] * count
    for n in counts:
        step = [comb(n, size * j) for j in range(count + 1)]
        poly = [sum(poly[i] * step[t - i] for i in range(t + 1)) for t in range(count + 1)]
    return poly[count]


def _nth_tail(units: list[tuple[int, int, int, tuple[int, ...]]], size: int, count: int,
              at: int) -> tuple[int, ...]:
    """The ``at``-th kicker cards ``_picks`` makes from ``units`` (no rank holding as many
    cards as the main part, so none odd)."""
    if size == 1:
        return nth_combination([u[3][0] for u in units], count, at)
    n = len(units)
    nxt = [next((j for j in range(i + 1, n) if units[j][1] > units[i][2]), n) for i in range(n)]
    # ways[c][i]: runs of c units, the first at index i or later
    ways = [[1] * (n + 1)]
    for c in range(1, count + 1):
        row = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            row[i] = row[i + 1] + ways[c - 1][nxt[i]]
        ways.append(row)
    out: list[int] = []
    i = 0
    for c in range(count, 0, -1):
        while True:
            here = ways[c - 1][nxt[i]]
            if at < here:
                break
            at -= here
            i += 1
        out += units[i][3]
        i = nxt[i]
    return tuple(out)


class KickerPart(Part):
    """``candidates_KIND`` of ``group main + group size`` (``count`` kickers of one size, one
    deck, keyed by the main group's rank), from ``gen_kicker_sets``: a segment per main rank.
    Eager when a kicker set may be odd (another rank with ``main`` cards) or its size is one
    a kind tried before this one takes (``avoid``)."""

    __slots__ = ("main", "size", "kickers", "card_key")

    def __init__(self, gen: Gen, hand: Sequence[int], by_rank: dict[int, list[int]],
                 fields: Fields, main: int, size: int, count: int, avoid: tuple[int, ...],
                 card_key: Sequence[int]) -> None:
        Part.__init__(self, gen, hand, by_rank, fields)
        self.main, self.size, self.kickers, self.card_key = main, size, count, card_key
        mains = [r for r, same in by_rank.items() if len(same) >= main]
        if not mains:
            return
        if main + size * count in avoid or (main % size == 0 and size * count >= main
                                            and len(mains) > 1):
            self._eager()
            return
        for r in mains:
            others = (len(same) for q, same in by_rank.items() if q != r)
            tails = comb(len(hand) - len(by_rank[r]), count) if size == 1 else \
                _unit_counts(others, size, count)
            self._segment(comb(len(by_rank[r]), main) * tails, r, tails)

    def _make(self, seg: tuple[int, ...], at: int) -> Play:
        r, tails = seg
        i, at = divmod(at, tails)
        head = nth_combination(self.by_rank[r], self.main, i)
        units = [u for u in kicker_units(self.by_rank, self.size) if u[0] != r]
        tail = _nth_tail(units, self.size, self.kickers, at)
        return self._play(tuple(sorted(head + tail, key=self.card_key.__getitem__)), (r,))


class WingedPart(Part):
    """``candidates_KIND`` of ``run W ... + group K`` (one deck, keyed by the run's highest
    rank), from ``gen_winged_runs``: a segment per start and length, its runs times its
    wings. Eager when a set may be odd (a rank outside a run with ``width`` cards, enough
    wings to hold them) or its size is one a kind tried before this one takes (``avoid``)."""

    __slots__ = ("width", "wing", "within", "card_key")

    def __init__(self, gen: Gen, hand: Sequence[int], by_rank: dict[int, list[int]],
                 fields: Fields, width: int, min_len: int, max_len: int,
                 within: tuple[int, ...], wing: int, avoid: tuple[int, ...],
                 card_key: Sequence[int]) -> None:
        Part.__init__(self, gen, hand, by_rank, fields)
        self.width, self.wing, self.within, self.card_key = width, wing, within, card_key
        held = _held(by_rank, within, width)
        wide = [q for q, same in by_rank.items() if len(same) >= width]
        for first, end in _stretches(held, min_len):
            for start in range(first, end - min_len + 1):
                runs, top = 1, -1
                for i in range(start, min(end, start + max_len)):
                    runs *= held[i]
                    top = max(top, within[i])
                    length = i + 1 - start
                    if length < min_len:
                        continue
                    ranks = within[start:i + 1]
                    if length * (width + wing) in avoid or (
                            width % wing == 0 and wing * length >= width
                            and any(q not in ranks for q in wide)):
                        self._eager()
                        return
                    if wing == 1:
                        tails = comb(len(hand) - sum(len(by_rank[r]) for r in ranks), length)
                    else:
                        tails = _unit_counts((len(same) for q, same in by_rank.items()
                                              if q not in ranks), wing, length)
                    self._segment(runs * tails, start, length, top, tails)

    def _make(self, seg: tuple[int, ...], at: int) -> Play:
        start, length, top, tails = seg
        i, at = divmod(at, tails)
        ranks = self.within[start:start + length]
        pools = [_choices(self.by_rank[r], self.width) for r in ranks]
        run = tuple(chain.from_iterable(_pick(pools, i)))
        units = [u for u in kicker_units(self.by_rank, self.wing) if u[0] not in ranks]
        tail = _nth_tail(units, self.wing, length, at)
        return self._play(tuple(sorted(run + tail, key=self.card_key.__getitem__)), (top,))
