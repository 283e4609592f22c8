# Copied unchanged (apart from this header) from the project's shared bench directory
# (shared/bench/big2_plain.py), the plain hand-written engine issue 10 measures big_two against.
"""Honest pure-Python random-play Big Two (锄大地) reference engine.

Rules implemented:
  * 4 players x 13 cards. Card int c = rank*4 + suit; rank 0..12 = 3,4,...,K,A,2; suit 0..3 = d<c<h<s,
    so comparing two single cards is plain int comparison.
  * Combos: single, pair, triple, 5-card hands: straight < flush < full house < four-of-a-kind+kicker
    < straight flush. Straights are 5 consecutive ranks within 3..A (3-4-5-6-7 .. 10-J-Q-K-A); the 2 cannot be
    in a straight (simplifying choice; no wrap-around). Straight / flush / straight flush compare by their
    highest card (rank, then suit); full house by the triple's rank; quads by the quad's rank;
    pair by its higher card; triple by rank.
  * Holder of 3d leads first and that play must contain 3d. When following, a player may pass or play a combo
    of the same size that beats the table. After three consecutive passes the last player to play leads freely.
    The first player to empty their hand wins.
  * Each turn, ALL legal moves are enumerated (every single/pair/triple/5-card combo from the hand that beats
    the table, or every combo when leading), then one is chosen uniformly at random (pass counts as one option).

Usage:
  python big2_plain.py --selftest      # brute-force check of move generator vs classifier of all subsets
  python big2_plain.py                # benchmark: games/s (CPU time) over 5 s, fixed seed
"""
import random, sys, time
from itertools import combinations, product
from collections import Counter

STRAIGHT, FLUSH, FULLHOUSE, FOURKIND, STRAIGHTFLUSH = range(5)
RANKS = '3456789TJQKA2'
SUITS = 'dchs'


def card_str(c):
    return RANKS[c >> 2] + SUITS[c & 3]


def gen_moves(hand, size=None, floor=None):
    """All combos in `hand` (sorted list of ints). A move is (size, cat, key, cards_tuple_sorted).
    size: restrict to combos of that size. floor: (cat, key) that a move must strictly exceed."""
    by_rank = [[] for _ in range(13)]
    by_suit = [[] for _ in range(4)]
    for c in hand:
        by_rank[c >> 2].append(c)
        by_suit[c & 3].append(c)
    moves = []
    if size is None or size == 1:
        for c in hand:
            moves.append((1, 0, c, (c,)))
    if size is None or size == 2:
        for cs in by_rank:
            if len(cs) >= 2:
                for p in combinations(cs, 2):
                    moves.append((2, 0, p[1], p))
    if size is None or size == 3:
        for r, cs in enumerate(by_rank):
            if len(cs) >= 3:
                for t in combinations(cs, 3):
                    moves.append((3, 0, r, t))
    if (size is None or size == 5) and len(hand) >= 5:
        # straights and straight flushes: ranks r..r+4 with top rank <= A (index 11)
        for r in range(8):
            groups = by_rank[r:r + 5]
            if all(groups):
                for combo in product(*groups):
                    top = combo[4]
                    s = top & 3
                    if (combo[0] & 3) == s and (combo[1] & 3) == s and (combo[2] & 3) == s and (combo[3] & 3) == s:
                        moves.append((5, STRAIGHTFLUSH, top, combo))
                    else:
                        moves.append((5, STRAIGHT, top, combo))
        # flushes that are not straights (cards of one suit have distinct ranks)
        for cs in by_suit:
            if len(cs) >= 5:
                for combo in combinations(cs, 5):
                    hi = combo[4] >> 2
                    if not (hi - (combo[0] >> 2) == 4 and hi <= 11):
                        moves.append((5, FLUSH, combo[4], combo))
        # full houses
        for r, cs in enumerate(by_rank):
            if len(cs) >= 3:
                trips = list(combinations(cs, 3))
                for r2, cs2 in enumerate(by_rank):
                    if r2 != r and len(cs2) >= 2:
                        for p in combinations(cs2, 2):
                            for t in trips:
                                moves.append((5, FULLHOUSE, r, tuple(sorted(t + p))))
        # four of a kind + any kicker
        for r, cs in enumerate(by_rank):
            if len(cs) == 4:
                for k in hand:
                    if (k >> 2) != r:
                        moves.append((5, FOURKIND, r, tuple(sorted(cs + [k]))))
    if floor is not None:
        fc, fk = floor
        moves = [m for m in moves if m[1] > fc or (m[1] == fc and m[2] > fk)]
    return moves


def play_game(rng, stats=None):
    """Play one random game. Returns (winner, decisions). stats: optional dict accumulating legal-move counts."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sorted(deck[i * 13:(i + 1) * 13]) for i in range(4)]
    cur = next(i for i in range(4) if 0 in hands[i])   # 0 == 3 of diamonds
    table = None          # move to beat, or None when leading
    last_player = cur
    first = True
    decisions = 0
    while True:
        hand = hands[cur]
        if table is None:
            moves = gen_moves(hand)
            if first:
                moves = [m for m in moves if m[3][0] == 0]   # must contain 3d (lowest card -> first in tuple)
            n = len(moves)
        else:
            moves = gen_moves(hand, table[0], (table[1], table[2]))
            n = len(moves) + 1                                  # + pass
        if stats is not None:
            stats['legal'] += n
            stats['legal_lead' if table is None else 'legal_follow'] += n
            if 'snap' in stats:
                stats['snap'].append((list(hand), table))
            stats['lead_turns' if table is None else 'follow_turns'] += 1
        decisions += 1
        i = rng.randrange(n)
        if i == len(moves):                                     # pass
            cur = (cur + 1) & 3
            if cur == last_player:                              # three passes -> trick reset
                table = None
            continue
        m = moves[i]
        first = False
        played = m[3]
        hand = [c for c in hand if c not in played]
        hands[cur] = hand
        if not hand:
            return cur, decisions
        table = m
        last_player = cur
        cur = (cur + 1) & 3


# ---------------------------------------------------------------- self test
def classify(cards):
    n = len(cards)
    ranks = [c >> 2 for c in cards]
    suits = [c & 3 for c in cards]
    if n == 1:
        return (1, 0, cards[0])
    if n == 2:
        return (2, 0, cards[1]) if ranks[0] == ranks[1] else None
    if n == 3:
        return (3, 0, ranks[0]) if ranks[0] == ranks[2] else None
    if n == 5:
        flush = len(set(suits)) == 1
        straight = len(set(ranks)) == 5 and ranks[4] - ranks[0] == 4 and ranks[4] <= 11
        cnt = Counter(ranks)
        shape = sorted(cnt.values())
        if straight and flush:
            return (5, STRAIGHTFLUSH, cards[4])
        if shape == [1, 4]:
            return (5, FOURKIND, [r for r, k in cnt.items() if k == 4][0])
        if shape == [2, 3]:
            return (5, FULLHOUSE, [r for r, k in cnt.items() if k == 3][0])
        if flush:
            return (5, FLUSH, cards[4])
        if straight:
            return (5, STRAIGHT, cards[4])
    return None


def brute_moves(hand, size=None, floor=None):
    out = set()
    for k in ((1, 2, 3, 5) if size is None else (size,)):
        for combo in combinations(hand, k):
            c = classify(combo)
            if c is None:
                continue
            if floor is not None and not (c[1] > floor[0] or (c[1] == floor[0] and c[2] > floor[1])):
                continue
            out.add(c + (combo,))
    return out


def selftest(n=3000, seed=1):
    rng = random.Random(seed)
    for t in range(n):
        hand = sorted(rng.sample(range(52), rng.choice([5, 8, 13, 13, 13])))
        if t % 7 == 0:   # stress quads / full houses
            r = rng.randrange(13)
            hand = sorted(set(hand[:9]) | {r * 4 + s for s in range(4)})
        gm = gen_moves(hand)
        assert len(gm) == len(set(gm)), "duplicate moves"
        assert set(gm) == brute_moves(hand), ("mismatch", [card_str(c) for c in hand])
        tbl = rng.choice(gm)
        fm = gen_moves(hand, tbl[0], (tbl[1], tbl[2]))
        assert set(fm) == brute_moves(hand, tbl[0], (tbl[1], tbl[2]))
    # whole games terminate and conserve cards
    for g in range(200):
        play_game(rng)
    print(f"selftest OK: {n} random hands, generator == brute-force classifier of all 1/2/3/5-subsets")


def main(seconds=5.0):
    """Random self-play games per second (CPU time) over `seconds`, fixed seed."""
    rng = random.Random(42)
    n = decisions = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        decisions += play_game(rng)[1]
        n += 1
    dt = time.process_time() - t0
    print(f"plain Big Two: {n / dt:,.0f} games/s (CPU time), {decisions / n:.1f} decisions/game")


if __name__ == '__main__':
    if '--selftest' in sys.argv:
        selftest()
    else:
        main()
