"""Generic generators of candidate plays, one per shape of the language.

Each takes a hand already split by rank (``by_rank``: game rank index -> cards, sorted) and
yields card tuples that have the shape; the generated module then classifies each candidate
(so overlaps between kinds are settled in one place, by the rules file's ladder).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product


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
    the order of its first appearance there. Two decks' eight 3s give 10 pairs, not 28."""
    if len(set(cards)) == len(cards):
        yield from combinations(cards, k)
        return
    yield from _distinct(cards, k, 0)


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
    for start in range(len(within)):
        choices: list[list[tuple[int, ...]]] = []
        for length in range(1, max_len + 1):
            if start + length > len(within):
                break
            cards = by_rank.get(within[start + length - 1], [])
            if len(cards) < width:
                break
            choices.append(list(_subsets(cards, width)))
            if length >= min_len:
                for pick in product(*choices):
                    yield tuple(c for part in pick for c in part)


def gen_sequences(by_rank: dict[int, list[int]], runs: tuple[frozenset[int], ...],
                  orders: tuple[tuple[int, ...], ...],
                  suit: Sequence[int] | None = None) -> Iterator[tuple[int, ...]]:
    """``sequence of NAME``: one card of each rank of a listed run (``runs`` as rank sets,
    ``orders`` the same runs in order). With ``suit`` given, only runs of one suit."""
    present = by_rank.keys()
    for ranks, run in zip(runs, orders, strict=True):
        if not ranks <= present:
            continue
        if suit is None:
            yield from product(*(dict.fromkeys(by_rank[r]) for r in run))
            continue
        for s in {suit[c] for c in by_rank[run[0]]}:
            pools = [list(dict.fromkeys(c for c in by_rank[r] if suit[c] == s)) for r in run]
            if all(pools):
                yield from product(*pools)


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
    """``set ...``: exactly these cards, if the hand holds them all."""
    left = list(hand)
    for c in cards:
        if c not in left:
            return
        left.remove(c)
    yield cards
