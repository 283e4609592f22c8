"""How many candidate plays a combination's generator can make from one hand, at most.

The generated module makes every play of a kind by walking its shape's generator
(runtime/climbing/shapes.py) over the hand; the number of card tuples it walks can grow
exponentially with the hand (``cards 5`` of 100 cards: 75 million; ``run 2 min 3`` with
``copies 4``: more than 10**12). The checker bounds it from the deal, ``copies`` and the shape,
before any hand exists, and refuses a game over limits.MAX_CANDIDATE_PLAYS.

The bound is an upper bound on what the generators yield, for every hand of ``hand`` cards:
each generator yields distinct sets of cards of one size S (with ``copies`` > 1, a set of
cards is made once however many copies the hand holds), so at most C(hand, S); and at most
(the ways to choose the ranks of the groups) x (the largest product of per-rank choices that
``hand`` cards can supply), found by a small knapsack over card counts; runs by a walk over
the ranks (_runs_bound).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from itertools import product
from math import comb, factorial, prod

from . import ir

_SUITS = 4


def _best_product(hand: int, cap: int, factors: Sequence[Callable[[int], int]]) -> int:
    """The max of prod(f_i(m_i)) over card counts 0 <= m_i <= cap with sum(m_i) <= hand (a
    knapsack over the factors)."""
    best = [1] * (hand + 1)  # best[b]: the largest product of the factors so far, b cards
    for f in factors:
        values = [f(m) for m in range(min(cap, hand) + 1)]
        best = [max(best[b - m] * v for m, v in enumerate(values) if m <= b)
                for b in range(hand + 1)]
    return best[hand]


def _runs_bound(hand: int, cap: int, f: Callable[[int], int], ranks: int, min_len: int,
                max_len: int, stop_above: int) -> int:
    """An upper bound on the sum, over every stretch of min_len..max_len consecutive ranks
    out of ``ranks``, of the product of f(cards of the rank), for any hand of ``hand`` cards.

    Walking the ranks in order with b cards used so far, ending[k] bounds the sum of the
    products of the stretches of length k that end at this rank, and done the sum over the
    stretches already complete. Each is maximized on its own over the hands that use b cards;
    as a stretch's product is f(m) times that of the stretch one shorter, and the sums only
    grow with their parts, the maxima bound every real hand's sums from above. Once that is
    over ``stop_above``, the walk stops (the game is refused anyway): this keeps the cost of
    the bound itself small for large hands."""
    values = [f(m) for m in range(min(cap, hand) + 1)]
    # per b: (done, ending[1..max_len]), each the largest over hands of b cards so far
    states: list[tuple[int, list[int]] | None] = [(0, [0] * (max_len + 1))] + [None] * hand
    for _ in range(ranks):
        nxt: list[tuple[int, list[int]] | None] = [None] * (hand + 1)
        for b, state in enumerate(states):
            if state is None:
                continue
            done, ending = state
            for m, v in enumerate(values):
                if b + m > hand:
                    break
                new = [0, v] + [v * e for e in ending[1:max_len]]
                total = done + sum(new[min_len:])
                old = nxt[b + m]
                if old is None:
                    nxt[b + m] = (total, new)
                else:
                    nxt[b + m] = (max(old[0], total),
                                  [max(x, y) for x, y in zip(old[1], new, strict=True)])
        states = nxt
        done = max(state[0] for state in states if state is not None)
        if done > stop_above:
            return done
    return max(state[0] for state in states if state is not None)


@functools.cache
def choices_of_rank(m: int, w: int, copies: int) -> int:
    """At most how many different sets of ``w`` cards ``m`` cards of one rank offer: the
    ``m`` cards spread over the four suits, at most ``copies`` of each card."""
    best = 0
    for spread in product(range(copies + 1), repeat=_SUITS):
        if sum(spread) == m:
            ways = [1] + [0] * w  # sub-multisets of each size, suit by suit
            for have in spread:
                ways = [sum(ways[t - j] for j in range(min(have, t) + 1)) for t in range(w + 1)]
            best = max(best, ways[w])
    return best


def _rank_choices(ranks: int, sizes: Sequence[int]) -> int:
    """Ways to give the groups distinct ranks, groups of equal size in increasing rank."""
    if len(sizes) > ranks:
        return 0
    ordered = factorial(ranks) // factorial(ranks - len(sizes))
    return ordered // prod(factorial(sizes.count(s)) for s in set(sizes))


def candidate_bound(c: ir.Combination, *, hand: int, copies: int, ranks: int,
                    jokers: bool, stop_above: int) -> int:
    """At most how many card tuples the generator of ``c`` yields from a hand of ``hand``
    cards, in a game of ``ranks`` ranks whose deck holds ``copies`` of each card (a figure
    over ``stop_above`` may be smaller than the bound: it only says "too many")."""
    cap = _SUITS * copies  # cards of one rank in the deck (jokers have fewer)

    def choose(w: int) -> Callable[[int], int]:
        return lambda m: choices_of_rank(m, w, copies)

    s = c.shape
    if isinstance(s, ir.GroupsShape) and len(s.sizes) > 2 and all(
            k < s.sizes[0] for k in s.sizes[1:]):  # kickers, which may share a rank
        mains = ranks * choose(s.sizes[0])(min(cap, hand))  # then one subset as kickers
        return mains * comb(max(0, hand - s.sizes[0]), sum(s.sizes[1:]))
    if isinstance(s, ir.RunShape) and s.wing:  # a run, then one subset of the rest as wings
        total = 0
        for n in range(s.min_len, min(s.max_len, len(s.within)) + 1):
            rest = hand - s.width * n
            if rest < s.wing * n:
                break
            total += _runs_bound(hand, cap, choose(s.width), len(s.within), n, n,
                                 stop_above) * comb(rest, s.wing * n)
            if total > stop_above:
                break
        return total
    if isinstance(s, ir.GroupsShape):
        if len(s.sizes) == 1:
            lo, hi = s.sizes[0], s.up_to
            by_size = sum(comb(hand, n) for n in range(lo, hi + 1))
            per_rank = _best_product(hand, cap, [lambda m: sum(choose(n)(m)
                                                                for n in range(lo, hi + 1))])
            return min(by_size, ranks * per_rank)
        per_ranks = _best_product(hand, cap, [choose(n) for n in s.sizes])
        return min(comb(hand, sum(s.sizes)), _rank_choices(ranks, s.sizes) * per_ranks)
    if isinstance(s, ir.RunShape):
        longest = min(s.max_len, len(s.within))
        by_size = sum(comb(hand, s.width * n) for n in range(s.min_len, longest + 1))
        return min(by_size, _runs_bound(hand, cap, choose(s.width), len(s.within), s.min_len,
                                        longest, stop_above))
    if isinstance(s, ir.SequenceShape):
        total = 0
        for run in s.runs:
            if c.suits == "same":  # one suit at a time: one card of each rank
                per_run = (_SUITS + jokers) * (hand >= len(run))
            else:  # a rank offers at most its four different cards
                per_run = _best_product(hand, cap, [lambda m: min(m, _SUITS)] * len(run))
            total += min(comb(hand, len(run)), per_run)
        return total
    if isinstance(s, ir.CardsShape):
        if c.suits != "same":
            return comb(hand, s.count)
        suit_sizes = [max(0, ranks - (2 if jokers else 0)) * copies] * _SUITS \
            + ([2 * copies] if jokers else [])  # jokers are a pile of their own
        total, left = 0, hand
        for size in sorted(suit_sizes, reverse=True):  # C(m, n) is convex: fill suits whole
            take = min(size, left)
            total, left = total + comb(take, s.count), left - take
        return min(total, comb(hand, s.count))
    return 1  # a set: the hand holds it or not


def rank_spread(hand: int, deck: int, cap: int) -> list[float]:
    """P(a hand of ``hand`` cards dealt from ``deck`` holds k cards of a rank the deck has
    ``cap`` of), for k = 0..cap: the hypergeometric distribution."""
    hand = min(hand, deck)  # a deal larger than the deck was refused already
    total = comb(deck, hand)
    return [comb(cap, k) * comb(deck - cap, hand - k) / total if k <= hand else 0.0
            for k in range(cap + 1)]


def expected_count(c: ir.Combination, *, hand: int, caps: Sequence[int], copies: int,
                   rank_index: dict[str, int], jokers: bool) -> float:
    """About how many card tuples the generator of ``c`` yields from a dealt hand of
    ``hand`` cards, on average (``caps[r]``: the deck's cards of rank r). Ranks are taken
    as independent, and a rank's cards as spread over the suits to offer the most sets, so
    this leans high; it is what a lead usually costs, where candidate_bound is the worst."""
    deck = sum(caps)
    if not deck:  # no ranks (the rank order was refused): nothing to count
        return 0
    spreads = {cap: rank_spread(hand, deck, cap) for cap in set(caps)}

    def mean(r: int, f: Callable[[int], float]) -> float:
        return sum(p * f(k) for k, p in enumerate(spreads[caps[r]]))

    def sets(w: int) -> Callable[[int], float]:
        return lambda m: choices_of_rank(m, w, copies)

    s = c.shape
    ranks = range(len(caps))
    if isinstance(s, ir.GroupsShape):
        if len(s.sizes) == 1:
            return sum(mean(r, sets(n)) for r in ranks for n in range(s.sizes[0], s.up_to + 1))
        per_rank = [max(mean(r, sets(n)) for r in ranks) for n in s.sizes]
        return _rank_choices(len(caps), s.sizes) * prod(per_rank)
    if isinstance(s, ir.RunShape):
        within = [mean(rank_index[r], sets(s.width)) for r in s.within if r in rank_index]
        return sum(prod(within[start:start + length])
                   for length in range(s.min_len, min(s.max_len, len(within)) + 1)
                   for start in range(len(within) - length + 1))
    if isinstance(s, ir.SequenceShape):
        if c.suits == "same":
            return len(s.runs) * (_SUITS + jokers)
        return sum(prod(mean(rank_index[r], lambda m: min(m, _SUITS)) for r in run
                        if r in rank_index) for run in s.runs)
    if isinstance(s, ir.CardsShape):
        if c.suits != "same":
            return comb(hand, s.count)
        per_suit, extra = divmod(hand, _SUITS)
        return sum(comb(per_suit + (i < extra), s.count) for i in range(_SUITS))
    return 1
