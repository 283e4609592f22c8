"""Generic generators of candidate plays, one per shape of the language.

Each takes a hand already split by rank (``by_rank``: game rank index -> cards, sorted) and
yields card tuples that have the shape; the generated module then classifies each candidate
(so overlaps between kinds are settled in one place, by the rules file's ladder).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import chain, combinations, groupby, product
from math import comb
from typing import Any, TypeVar

from ..protocol import Play, plays_of

T = TypeVar("T")


def split_by_rank(hand: Sequence[int], rank: Sequence[int]) -> dict[int, list[int]]:
    by_rank: dict[int, list[int]] = {}
    for c in hand:
        by_rank.setdefault(rank[c], []).append(c)
    return by_rank


def group_by_rank(cards: Sequence[int], rank: Sequence[int]) -> list[list[int]]:
    """The play's groups: largest first, equal sizes higher rank first."""
    by_rank = split_by_rank(cards, rank)
    return sorted(by_rank.values(), key=lambda g: (len(g), rank[g[0]]), reverse=True)


def distinct_combinations(cards: Sequence[int], k: int) -> Iterator[tuple[int, ...]]:
    """``itertools.combinations(cards, k)`` without repeats when ``cards`` holds one card
    more than once (``copies`` > 1), equal cards side by side: each set of cards once, in
    the order of its first appearance there. Two decks' eight 3s give 10 pairs, not 28.
    Where they are few (a rank's cards), the combinations with the repeats dropped by a
    dict (its keys keep the first appearances, in order); else made one set at a time."""
    if k == len(cards):  # (all of them: one set, as either way makes it)
        return iter((tuple(cards),))
    distinct = len(set(cards))
    if distinct == len(cards):
        return combinations(cards, k)
    if comb(len(cards), k) <= _FEW_SETS and distinct == len(list(groupby(cards))):
        return iter(dict.fromkeys(combinations(cards, k)))  # (equal cards side by side)
    return _distinct(cards, k, 0)


_FEW_SETS = 4096  # combinations made at once by ``distinct_combinations``, at most


def _distinct(cards: Sequence[int], k: int, start: int) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    previous = -1
    for i in range(start, len(cards) - k + 1):
        if cards[i] != previous:
            previous = cards[i]
            for rest in _distinct(cards, k - 1, i + 1):
                yield (cards[i], *rest)


def _subsets(cards: list[int], k: int) -> Iterator[tuple[int, ...]]:
    if k == len(cards):
        yield tuple(cards)
    elif k == 1:
        for c in dict.fromkeys(cards):
            yield (c,)
    else:
        yield from distinct_combinations(cards, k)


def gen_groups(by_rank: dict[int, list[int]], sizes: tuple[int, ...],
               up_to: int) -> Iterator[tuple[int, ...]]:
    """``group a [to b] + group c + ...``: groups of distinct ranks, each set of cards once.

    Groups of equal size are interchangeable, so they are taken in increasing rank order:
    ``group 1`` six times makes C(13, 6) = 1,716 sets of a 13-rank hand, not the 1,235,520
    orderings of them."""
    first, rest = sizes[0], sizes[1:]
    for r, cards in by_rank.items():
        if len(cards) < first:
            continue
        for size in range(first, min(up_to, len(cards)) + 1):
            for head in _subsets(cards, size):
                if rest:
                    for tail in _gen_rest(by_rank, rest, {r}, size, r):
                        yield head + tail
                else:
                    yield head


def _gen_rest(by_rank: dict[int, list[int]], sizes: tuple[int, ...], used: set[int],
              last_size: int, last_rank: int) -> Iterator[tuple[int, ...]]:
    size, rest = sizes[0], sizes[1:]
    for r, cards in by_rank.items():
        if r in used or len(cards) < size or (size == last_size and r < last_rank):
            continue
        for head in _subsets(cards, size):
            if rest:
                for tail in _gen_rest(by_rank, rest, used | {r}, size, r):
                    yield head + tail
            else:
                yield head


def gen_run(by_rank: dict[int, list[int]], width: int, min_len: int, max_len: int,
            within: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """``run W min L within ...``: W cards of each of L or more consecutive ranks."""
    return (cards for _, cards in gen_ranked_runs(by_rank, width, min_len, max_len, within))


def gen_ranked_runs(by_rank: dict[int, list[int]], width: int, min_len: int, max_len: int,
                    within: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """``gen_run``, each run with its highest rank: (rank, cards)."""
    if width == 1:
        yield from _ranked_singles(by_rank, min_len, max_len, within)
        return
    for start in range(len(within)):
        choices: list[list[tuple[int, ...]]] = []
        top = -1
        for length in range(1, max_len + 1):
            if start + length > len(within):
                break
            rank = within[start + length - 1]
            cards = by_rank.get(rank, [])
            if len(cards) < width:
                break
            top = max(top, rank)
            choices.append(list(_subsets(cards, width)))
            if length >= min_len:
                for pick in product(*choices):
                    yield top, tuple(chain.from_iterable(pick))


def _ranked_singles(by_rank: dict[int, list[int]], min_len: int, max_len: int,
                    within: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """``gen_ranked_runs`` of one card per rank: the same runs in the same order, each card
    chosen from the rank's distinct cards directly (no one-card tuples to join)."""
    for start in range(len(within)):
        pools: list[list[int]] = []
        top = -1
        for length in range(1, max_len + 1):
            if start + length > len(within):
                break
            rank = within[start + length - 1]
            cards = by_rank.get(rank)
            if not cards:
                break
            top = max(top, rank)
            pools.append(list(dict.fromkeys(cards)))
            if length >= min_len:
                for pick in product(*pools):
                    yield top, pick


def single_run_pools(by_rank: dict[int, list[int]], min_len: int, max_len: int,
                     within: tuple[int, ...], copies: int = 1,
                     ) -> Iterator[tuple[int, list[list[int]]]]:
    """``gen_ranked_runs`` of one card per rank, a run length at a time: for each start and
    length in its order, the run's highest rank and each rank's distinct cards (with one
    deck, ``copies`` 1, the split's own lists: take their product before the hand changes),
    whose ``product`` is those runs in its order."""
    if copies == 1:
        return _run_pools(by_rank, 1, min_len, max_len, within, lambda cards: cards)
    return _run_pools(by_rank, 1, min_len, max_len, within,
                      lambda cards: _SETS[tuple(cards), 1])


def run_pools(by_rank: dict[int, list[int]], width: int, min_len: int, max_len: int,
              within: tuple[int, ...]) -> Iterator[tuple[int, list[list[tuple[int, ...]]]]]:
    """``single_run_pools`` of ``width`` cards per rank: each rank's sets of that many of its
    cards (each set once)."""
    return _run_pools(by_rank, width, min_len, max_len, within,
                      lambda cards: _SETS[tuple(cards), width])


class _RankSets(dict[tuple[tuple[int, ...], int], list[Any]]):
    """The choices of a run's rank, by its cards and the run's width: its distinct cards
    (width 1), or its sets of ``width`` cards (``_subsets``, tuples); made the first time
    they are asked for, then looked up (one entry per set of one rank's cards of the deck
    and width; never changed: runs take their ``product``)."""

    def __missing__(self, key: tuple[tuple[int, ...], int]) -> list[Any]:
        cards, width = key
        found: list[Any] = list(dict.fromkeys(cards)) if width == 1 else \
            list(_subsets(list(cards), width))
        self[key] = found
        return found


_SETS = _RankSets()


def _run_pools(by_rank: dict[int, list[int]], width: int, min_len: int, max_len: int,
               within: tuple[int, ...], choose: Callable[[list[int]], list[T]],
               ) -> Iterator[tuple[int, list[list[T]]]]:
    """(top rank, choices of each rank) per start and length; a rank's choices (never empty
    when it has ``width`` cards) made once, and only for ranks in a long enough run."""
    n = len(within)
    held = [len(by_rank.get(rank, ())) >= width for rank in within]
    end = 0
    while end < n:  # each stretch of ranks held, its runs by start, then length
        if not held[end]:
            end += 1
            continue
        first = end
        while end < n and held[end]:
            end += 1
        if end - first < min_len:
            continue
        chosen = [choose(by_rank[within[i]]) for i in range(first, end)]
        for start in range(first, end - min_len + 1):
            top = max(within[start:start + min_len - 1], default=-1)
            for i in range(start + min_len - 1, min(end, start + max_len)):
                if within[i] > top:
                    top = within[i]
                yield top, chosen[start - first:i + 1 - first]


def run_plays(runs: Iterable[tuple[int, Sequence[Sequence[Any]]]],
              floor: tuple[int, tuple[int, ...]] | None, fields: tuple[int, int, int, int],
              width: int) -> Iterator[Play]:
    """The Plays of runs keyed by their highest rank, from ``single_run_pools`` (``width``
    1) or ``run_pools`` (their cards in CARD_KEY order already), stronger than ``floor``
    if given, lazily: the runs of a weaker key are not made, and those of one start and
    length are made with no Python call each (``plays_of``). ``fields``: the Plays' kind,
    group, tier and bomb rung."""
    return chain.from_iterable(_run_plays(runs, floor, fields, width))


def _run_plays(runs: Iterable[tuple[int, Sequence[Sequence[Any]]]],
               floor: tuple[int, tuple[int, ...]] | None, fields: tuple[int, int, int, int],
               width: int) -> Iterator[Iterator[Play]]:
    kind, group, tier, bomb = fields
    for top, pools in runs:
        key = (top,)
        if floor is not None and (tier, key) <= floor:
            continue
        picks = product(*pools)
        yield plays_of(picks if width == 1 else map(tuple, map(chain.from_iterable, picks)),
                       kind, group, tier, bomb, key)


def has_run(ranks: int, length: int, above: int = -1) -> bool:
    """Whether the ranks (one bit each) hold ``length`` consecutive ranks, the highest above
    rank ``above`` if given: what a run of that many ranks needs (stronger than a run keyed
    by its highest rank ``above``), when the run's ranks are consecutive bits (a quick test
    before counting or making runs)."""
    if above >= length - 1:  # the runs from rank ``above - length + 2`` up
        ranks &= -1 << (above - length + 2)
    while length > 1 and ranks:
        step = length >> 1  # the bits that start ``step + 1`` held in a row (at most
        # ``length - 1``, and at least 1: ``length`` is 2 or more)
        ranks &= ranks >> step
        length -= step
    return ranks != 0


def gen_sequences(by_rank: dict[int, list[int]], runs: tuple[frozenset[int], ...],
                  orders: tuple[tuple[int, ...], ...],
                  suit: Sequence[int] | None = None) -> Iterator[tuple[int, ...]]:
    """``sequence of NAME``: one card of each rank of a listed run (``runs`` as rank sets,
    ``orders`` the same runs in order). With ``suit`` given, only runs of one suit."""
    return (found for _, found in gen_numbered_sequences(by_rank, runs, orders, 0, suit))


def gen_numbered_sequences(by_rank: dict[int, list[int]], runs: tuple[frozenset[int], ...],
                           orders: tuple[tuple[int, ...], ...], first: int = 0,
                           suit: Sequence[int] | None = None,
                           present: Sequence[int] | None = None,
                           ) -> Iterator[tuple[int, tuple[int, ...]]]:
    """``gen_sequences`` from the listed run number ``first`` on, each with the number of its
    run: (number, the cards in the run's order, so the top rank's card last). ``present``:
    the numbers of the runs whose ranks the hand has (``RunsPresent``), if known."""
    if present is None:
        ranks = set(by_rank)
        present = [k for k in range(first, len(runs)) if runs[k] <= ranks]
    for k in present:
        if k < first:
            continue
        run = orders[k]
        if suit is None:
            for found in product(*(dict.fromkeys(by_rank[r]) for r in run)):
                yield k, found
            continue
        suits = {suit[c] for c in by_rank[run[0]]}
        common = set(suits)  # the suits every rank of the run has
        for r in run[1:]:
            common.intersection_update([suit[c] for c in by_rank[r]])
            if not common:
                break
        for s in suits:
            if s in common:
                pools = [list(dict.fromkeys(c for c in by_rank[r] if suit[c] == s)) for r in run]
                for found in product(*pools):
                    yield k, found


def suited_run(cards: Sequence[int], rank: Sequence[int], suit: Sequence[int],
               masks: Sequence[int], runs: Iterable[int]) -> bool:
    """Whether the cards of one suit have every rank of one of the listed runs numbered
    ``runs`` (``masks``: each listed run's ranks, one bit each, as ``RunsPresent.masks``):
    whether the cards can make a run of one suit."""
    held = [0, 0, 0, 0, 0]  # per suit (0-3; a joker's, -1, last): its cards' ranks as bits
    for c in cards:
        held[suit[c]] |= 1 << rank[c]
    for k in runs:
        need = masks[k]
        for m in held:
            if m & need == need:
                return True
    return False


class RunsPresent(dict[int, tuple[int, ...]]):
    """The listed runs (``masks``: one mask of rank bits each) that a set of ranks (a mask)
    holds, by their numbers: made the first time a set of ranks is asked for, then looked up
    (at most one entry per set of the game's ranks)."""

    def __init__(self, masks: Iterable[int]) -> None:
        super().__init__()
        self.masks = tuple(masks)
        # A set of ranks is looked up in two halves of the rank bits (``_low``, ``_high``:
        # per value of the half, the runs whose ranks in that half it holds, one bit per
        # run), the runs found as bits turned into numbers once per set of runs (``_runs``):
        # a new set of ranks costs two lookups, not a test per run.
        width = max(self.masks, default=0).bit_length()
        self._shift = half = (width + 1) // 2
        self._low_mask = (1 << half) - 1
        self._high_mask = (1 << (width - half)) - 1
        self._low = self._part(0, self._low_mask)
        self._high = self._part(half, self._high_mask)
        self._runs: dict[int, tuple[int, ...]] = {}

    def _part(self, shift: int, mask: int) -> tuple[int, ...]:
        """Per value ``v`` of the rank bits ``shift`` up (``mask`` wide): the runs, as bits,
        whose ranks there are all in ``v``."""
        parts = [m >> shift & mask for m in self.masks]
        return tuple(sum(1 << k for k, part in enumerate(parts) if part & v == part)
                     for v in range(mask + 1))

    def __missing__(self, ranks: int) -> tuple[int, ...]:
        held = self._low[ranks & self._low_mask] & self._high[ranks >> self._shift
                                                              & self._high_mask]
        found = self._runs.get(held)
        if found is None:
            found = self._runs[held] = tuple(k for k in range(len(self.masks)) if held >> k & 1)
        self[ranks] = found
        return found


class RankGroups(dict[tuple[int, ...], tuple[Play, ...]]):
    """The plays of a kind of one rank's cards (``make``), by those cards: made the first
    time a hand holds them, then looked up (at most one entry per set of one rank's cards
    of the game's deck)."""

    def __init__(self, make: Callable[[tuple[int, ...]], tuple[Play, ...]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, same: tuple[int, ...]) -> tuple[Play, ...]:
        found = self[same] = self.make(same)
        return found


def rank_groups(groups: Mapping[tuple[int, ...], Sequence[Play]], by_rank: dict[int, list[int]],
                mask: int) -> list[Play]:
    """The plays of a kind of one rank's cards (``groups``: a GROUPS_KIND table) of the ranks
    of ``mask`` (those with enough cards), lowest rank first: a hand's ranks in its order
    where cards compare by rank first."""
    out: list[Play] = []
    while mask:
        low = mask & -mask
        out += groups[tuple(by_rank[low.bit_length() - 1])]
        mask ^= low
    return out


def rank_groups_above(groups: Mapping[tuple[int, ...], Sequence[Play]],
                      by_rank: dict[int, list[int]], mask: int, rank: int,
                      key: tuple[int, ...]) -> list[Play]:
    """The plays of ``rank_groups`` (of the ranks of ``mask``, lowest first) that beat a play
    of the same kind of rank ``rank`` and key ``key``, where cards compare by rank first and
    a play is keyed by its highest card: those of ``rank`` with a higher key, then every play
    of the ranks above it."""
    above = rank_groups(groups, by_rank, mask >> rank + 1 << rank + 1)
    if mask >> rank & 1:
        return [p for p in groups[tuple(by_rank[rank])] if p.key > key] + above
    return above


def rank_mask(by_rank: dict[int, list[int]]) -> int:
    """The ranks of a hand split by rank, one bit each."""
    mask = 0
    for r in by_rank:
        mask |= 1 << r
    return mask


def gen_cards(hand: Sequence[int], count: int, suit: Sequence[int] | None,
              ) -> Iterator[tuple[int, ...]]:
    """``cards N``: any N cards; with ``suit`` given, only N cards of one suit."""
    if suit is None:
        yield from distinct_combinations(hand, count)
        return
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_suit.setdefault(suit[c], []).append(c)
    for cards in by_suit.values():
        if len(cards) >= count:
            yield from distinct_combinations(cards, count)


def gen_set(hand: Sequence[int], cards: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """``set ...``: exactly these cards, if the hand holds them all (as often as listed)."""
    for c in dict.fromkeys(cards):
        if hand.count(c) < cards.count(c):
            return
    yield cards


# ------------------------------------------------------------------ kickers and wings
# A shape with kickers is a main part (one group, or a run) and kicker groups: each kicker is
# K cards of one rank outside the main part; kickers of one size may share a rank (4444 + 55
# is four with two singles), kickers of different sizes may not.

def _partition(counts: dict[int, int], sizes: tuple[int, ...]) -> list[list[int]] | None:
    """Ranks for the kicker sizes so that every rank's count is used up exactly, equal sizes
    sharing ranks freely and different sizes never: per size (largest first) the ranks it
    takes, one entry per kicker, higher ranks first; or None."""
    need: dict[int, int] = {}
    for k in sizes:
        need[k] = need.get(k, 0) + 1
    order = sorted(need, reverse=True)
    if len(order) == 1:  # one size (wings, four with two): every rank splits evenly
        k = order[0]
        if any(n % k for n in counts.values()) or sum(counts.values()) != k * need[k]:
            return None
        return [[r for r in sorted(counts, reverse=True) for _ in range(counts[r] // k)]]

    def fill(i: int, left: dict[int, int]) -> list[list[int]] | None:
        if i == len(order):
            return [] if not left else None
        k = order[i]
        fits = sorted((r for r, n in left.items() if n % k == 0), reverse=True)

        def choose(j: int, want: int, chosen: list[int]) -> list[list[int]] | None:
            if want == 0:
                rest = {r: n for r, n in left.items() if r not in chosen}
                tail = fill(i + 1, rest)
                return None if tail is None else [
                    [r for r in chosen for _ in range(left[r] // k)], *tail]
            for jj in range(j, len(fits)):
                r = fits[jj]
                if left[r] // k <= want:
                    found = choose(jj + 1, want - left[r] // k, [*chosen, r])
                    if found is not None:
                        return found
            return None

        return choose(0, need[k], [])

    return fill(0, dict(counts))


def kicker_groups(cards: Sequence[int], rank: Sequence[int],
                  sizes: tuple[int, ...]) -> list[list[int]] | None:
    """``group A + group K + group K ...``: the main group (the highest rank that has exactly
    A cards and leaves kickers that fit), then the kickers, largest first, higher rank
    first; None if the cards have no such split."""
    by_rank = split_by_rank(cards, rank)
    main, kickers = sizes[0], sizes[1:]
    for r in sorted(by_rank, reverse=True):
        if len(by_rank[r]) != main:
            continue
        rest = {q: len(c) for q, c in by_rank.items() if q != r}
        plan = _partition(rest, kickers)
        if plan is None:
            continue
        groups = [by_rank[r]]
        for k, ranks in zip(sorted(set(kickers), reverse=True), plan, strict=True):
            used: dict[int, int] = {}
            for q in sorted(ranks, reverse=True):
                i = used.get(q, 0)
                groups.append(by_rank[q][i:i + k])
                used[q] = i + k
        return groups
    return None


def _pick_kickers(by_rank: dict[int, list[int]], sizes: tuple[int, ...], banned: set[int],
                  start: tuple[int, int] = (0, -1),
                  taken: dict[int, int] | None = None) -> Iterator[tuple[int, ...]]:
    """Kicker cards for ``sizes`` (largest first) from ranks outside ``banned``; equal sizes
    take ranks in ascending order (sharing allowed), different sizes distinct ranks."""
    if not sizes:
        yield ()
        return
    taken = taken or {}
    k, rest = sizes[0], sizes[1:]
    last_k, last_r = start
    for r in sorted(by_rank):
        if r in banned or (k == last_k and r < last_r):
            continue
        if k != last_k and r in taken:
            continue  # kickers of different sizes have different ranks
        cards = by_rank[r][taken.get(r, 0):]
        if len(cards) < k:
            continue
        for head in combinations(cards, k):
            # Later kickers of this rank take cards after these: each set of cards once.
            left = by_rank[r][by_rank[r].index(head[-1]) + 1:]
            sub = {**by_rank, r: left}
            for tail in _pick_kickers(sub, rest, banned, (k, r), {**taken, r: 0}):
                yield head + tail


def gen_kickers(by_rank: dict[int, list[int]],
                sizes: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """``group A + group K ...`` with kickers (see ``kicker_groups``); may repeat a set."""
    for r, cards in by_rank.items():
        if len(cards) < sizes[0]:
            continue
        for head in combinations(cards, sizes[0]):
            for tail in _pick_kickers(by_rank, sizes[1:], {r}):
                yield head + tail


def winged_run(cards: Sequence[int], rank: Sequence[int], pos: Sequence[int], width: int,
               min_len: int, max_len: int, wing: int) -> list[int] | None:
    """``run W min L ... + group K``: the run part of cards that are a run of L ranks, W
    cards each, and L wings of K cards of ranks outside the run (the highest such run);
    None if the cards are not one."""
    n = len(cards) // (width + wing)
    if n * (width + wing) != len(cards) or not min_len <= n <= max_len:
        return None
    by_rank = split_by_rank(cards, rank)
    exact = sorted((pos[r] for r, c in by_rank.items() if len(c) == width and pos[r] >= 0),
                   reverse=True)
    for top in exact:
        run = set(range(top - n + 1, top + 1))
        if not run <= set(exact):
            continue
        rest = {r: len(c) for r, c in by_rank.items() if pos[r] not in run or pos[r] < 0}
        if _partition(rest, (wing,) * n) is not None:
            return [c for c in cards if pos[rank[c]] >= 0 and pos[rank[c]] in run]
    return None


def gen_winged_run(by_rank: dict[int, list[int]], width: int, min_len: int, max_len: int,
                   within: tuple[int, ...], wing: int) -> Iterator[tuple[int, ...]]:
    """Runs with a wing of ``wing`` cards per rank of the run; may repeat a set."""
    for run in gen_run(by_rank, width, min_len, max_len, within):
        ranks = {c for c in run}
        used = {r for r in within if any(c in ranks for c in by_rank.get(r, []))}
        n = len(run) // width
        yield from (run + tail for tail in _pick_kickers(by_rank, (wing,) * n, used))


# ------------------------------------------------------------------ kickers, one deck
# With one deck (no card given twice), the kickers of one size that ``_pick_kickers`` makes
# are runs of "units" (``size`` cards of one rank) in a fixed order: ranks ascending, each
# rank's cards in the split's order, a unit of the rank just used only from its cards after
# that unit's last. So they are made here from one list of units, made once per hand, with
# the same sets in the same order, and each with what its matcher would find out: whether a
# kicker rank holds as many cards as the main part (then another split may exist, and the
# set may come twice: the caller asks its matcher for the key and keeps the first).

Unit = tuple[int, int, int, tuple[int, ...]]  # rank, first and last place in the order, cards


def kicker_units(by_rank: dict[int, list[int]], size: int) -> list[Unit]:
    """Every ``size`` cards of one rank, in ``_pick_kickers``' order: ranks ascending, then
    ``combinations`` of the rank's cards; with their first and last place among all cards
    in that order (a later unit must start after an earlier one's last)."""
    units: list[Unit] = []
    at = 0
    for r in sorted(by_rank):
        cards = by_rank[r]
        if size == 1:
            units += [(r, at + i, at + i, (c,)) for i, c in enumerate(cards)]
        elif len(cards) >= size:
            place = {c: at + i for i, c in enumerate(cards)}
            units += [(r, place[u[0]], place[u[-1]], u) for u in combinations(cards, size)]
        at += len(cards)
    return units


def _unit_runs(units: list[Unit], count: int, start: int = 0,
               after: int = -1) -> Iterator[tuple[Unit, ...]]:
    """``count`` units, each starting after the one before ends, in order."""
    for i in range(start, len(units)):
        u = units[i]
        if u[1] <= after:
            continue
        if count == 1:
            yield (u,)
        else:
            for rest in _unit_runs(units, count - 1, i + 1, u[2]):
                yield (u, *rest)


def _picks(units: list[Unit], size: int, count: int,
           many: int) -> Iterator[tuple[tuple[int, ...], bool]]:
    """The kicker cards of ``count`` units of ``size`` cards (of the ranks left in
    ``units``), in order, each with whether some rank holds exactly ``many`` of them."""
    if size == 1:  # one card each: any cards, in order
        if count < many:
            for cards in combinations([u[3][0] for u in units], count):
                yield cards, False
            return
        for picked in combinations(units, count):
            yield tuple(u[3][0] for u in picked), _holds(picked, size, many)
        return
    for picked in _unit_runs(units, count):
        yield tuple(chain.from_iterable(u[3] for u in picked)), \
            size * count >= many and _holds(picked, size, many)


def _holds(picked: Sequence[Unit], size: int, many: int) -> bool:
    """Whether some rank among the picked units holds exactly ``many`` cards of them."""
    held: dict[int, int] = {}
    for u in picked:
        held[u[0]] = held.get(u[0], 0) + size
    return many in held.values()


def gen_kicker_sets(by_rank: dict[int, list[int]], main: int, size: int, count: int,
                    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], bool]]:
    """``group main + group size`` (``count`` kickers of one size), one deck: the sets
    ``gen_kickers`` makes, in its order, as (main group, kicker cards, odd); ``odd`` when a
    kicker rank holds ``main`` cards (only then may a set come twice, or its matcher find
    another main group). Each set that is not odd comes once."""
    units = kicker_units(by_rank, size)
    for r, cards in by_rank.items():
        if len(cards) < main:
            continue
        others = [u for u in units if u[0] != r]
        for head in combinations(cards, main):
            for tail, odd in _picks(others, size, count, main):
                yield head, tail, odd


def gen_winged_runs(by_rank: dict[int, list[int]], width: int, min_len: int, max_len: int,
                    within: tuple[int, ...], wing: int,
                    ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], bool]]:
    """``run W ... + group K``, one deck: the sets ``gen_winged_run`` makes, in its order,
    as (the run's highest rank, run cards, wing cards, odd); ``odd`` when a wing rank holds
    ``width`` cards (only then may a set come twice, or its matcher find a higher run).
    Each set that is not odd comes once."""
    units: list[Unit] | None = None  # made when the first run is found
    rank_of: dict[int, int] = {}
    for top, pools in run_pools(by_rank, width, min_len, max_len, within):
        if units is None:
            units = kicker_units(by_rank, wing)
            rank_of = {c: r for r, cards in by_rank.items() for c in cards}
        used = {rank_of[pool[0][0]] for pool in pools}  # the run's ranks
        others = [u for u in units if u[0] not in used]
        for pick in product(*pools):
            run = tuple(chain.from_iterable(pick))
            for tail, odd in _picks(others, wing, len(pools), width):
                yield top, run, tail, odd
