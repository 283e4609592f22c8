"""Independent reference for the trick logic of 拖拉机 / 升级 / 泰坦尼克 (rules-digest §4).

Written plainly from the digest for differential testing; it does not import ``cardrules``.
Where the compiled games split plays into units greedily and count follow patterns step by
step, this reference decides by brute force: over every way to pack units into a set of
cards, and over every set of cards a hand could play.

Cards are strings: ``"S3"``, ``"H10"``, ``"LJ"``, ``"BJ"``. A trump state is a trump suit
(``"S"`` ``"H"`` ``"C"`` ``"D"`` or ``None``) and a trump rank (``"2"`` ... ``"A"``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "C", "D")


@dataclass(frozen=True)
class Rules:
    """What differs between the four games, for this reference."""

    copies: int
    permanent_two: bool  # 2为常主
    widths: tuple[int, ...]  # identical-card units: 1, 2 (pair), 3 (triple)
    chains: tuple[int, ...]  # widths that chain (2: tractor, 3: Titanic), two or more long
    # per led unit shape (width, length): the follow priorities, each a list of shapes
    priorities: dict[tuple[int, int], list[list[tuple[int, int]]]]


Shape = tuple[int, int]  # (identical cards per position, adjacent positions)


def _tractor_priorities(widths: Sequence[int]) -> dict[Shape, list[list[Shape]]]:
    """The follow priorities of rules-digest §4, per led unit."""
    out: dict[Shape, list[list[Shape]]] = {}
    if 2 in widths:
        out[(2, 1)] = [[(2, 1)], [(1, 1)]]
        for n in range(2, 14):
            out[(2, n)] = [[(2, n)], [(2, 1)], [(1, 1)]]
    if 3 in widths:
        out[(3, 1)] = [[(3, 1)], [(2, 1), (1, 1)], [(1, 1)] * 3]
        out[(3, 2)] = [[(3, 2)], [(3, 1), (3, 1)], [(2, 2), (1, 1), (1, 1)],
                       [(3, 1), (2, 1), (1, 1)], [(3, 1), (1, 1), (1, 1), (1, 1)],
                       [(2, 1), (2, 1), (1, 1), (1, 1)], [(2, 1)] + [(1, 1)] * 4,
                       [(1, 1)] * 6]
    return out


TRACTOR = Rules(copies=2, permanent_two=False, widths=(1, 2), chains=(2,),
                priorities=_tractor_priorities((1, 2)))
TRACTOR_2_TRUMP = Rules(copies=2, permanent_two=True, widths=(1, 2), chains=(2,),
                        priorities=_tractor_priorities((1, 2)))
SHENGJI = Rules(copies=1, permanent_two=False, widths=(1,), chains=(), priorities={})
TITANIC = Rules(copies=3, permanent_two=False, widths=(1, 2, 3), chains=(2, 3),
                priorities=_tractor_priorities((1, 2, 3)))


def deck(rules: Rules) -> list[str]:
    one = [s + r for s in SUITS for r in RANKS] + ["LJ", "BJ"]
    return [c for c in one for _ in range(rules.copies)]


def suit(card: str) -> str | None:
    return None if card in ("LJ", "BJ") else card[0]


def rank(card: str) -> str:
    return card if card in ("LJ", "BJ") else card[1:]


def strength(card: str, rules: Rules, trump: str | None, level: str) -> tuple[str, int]:
    """The card's class ("T" for trumps, else its suit) and its value in the class, as the
    digest lists the orders high to low; equal cards get equal values."""
    r, s = rank(card), suit(card)
    if card == "BJ":
        return "T", 100
    if card == "LJ":
        return "T", 99
    if r == level:
        return "T", 98 if s == trump else 97
    if rules.permanent_two and r == "2":
        return "T", 96 if s == trump else 95
    plain = [x for x in RANKS if x != level and not (rules.permanent_two and x == "2")]
    if s == trump:
        return "T", plain.index(r)
    return s or "?", plain.index(r)


def positions(rules: Rules, trump: str | None, level: str) -> dict[str, tuple[str, int]]:
    """Every card's class and position: its value's place among the values its class holds."""
    values: dict[str, set[int]] = {}
    for c in set(deck(rules)):
        k, v = strength(c, rules, trump, level)
        values.setdefault(k, set()).add(v)
    out = {}
    for c in set(deck(rules)):
        k, v = strength(c, rules, trump, level)
        out[c] = (k, sorted(values[k]).index(v))
    return out


Pos = dict[str, tuple[str, int]]


def instances(cards: Counter[str], width: int, length: int, pos: Pos) -> list[tuple[str, ...]]:
    """Every way to take ``width`` identical cards at each of ``length`` adjacent positions
    of one class from ``cards`` (as the cards taken)."""
    groups = [c for c, n in cards.items() if n >= width]
    out = []
    for combo in combinations(sorted(groups), length):
        classes = {pos[c][0] for c in combo}
        places = sorted(pos[c][1] for c in combo)
        if len(classes) == 1 and places == list(range(places[0], places[0] + length)):
            out.append(tuple(c for c in combo for _ in range(width)))
    return out


def is_unit(cards: Sequence[str], rules: Rules, pos: Pos) -> tuple[int, int] | None:
    """The unit shape (width, length) the cards make exactly, or None."""
    count = Counter(cards)
    for width in rules.widths:
        lengths = [1] + ([n for n in range(2, 14)] if width in rules.chains else [])
        for length in lengths:
            if width * length == len(cards):
                for inst in instances(count, width, length, pos):
                    if Counter(inst) == count:
                        return width, length
    return None


def packs(cards: Counter[str], shapes: Sequence[tuple[int, int]], pos: Pos) -> bool:
    """Whether disjoint instances of all the shapes fit in the cards (brute force)."""
    if not shapes:
        return True
    first, rest = shapes[0], shapes[1:]
    for inst in instances(cards, first[0], first[1], pos):
        left = cards - Counter(inst)
        if packs(left, rest, pos):
            return True
    return False


def pattern_vector(cards: Sequence[str], lead_shape: tuple[int, int], rules: Rules,
                   pos: Pos) -> tuple[int, ...]:
    """For a led unit: how many copies of each priority the cards hold, taken in order with
    the lead's card count as the limit (brute force over the packings)."""
    size = lead_shape[0] * lead_shape[1]
    prios = rules.priorities.get(lead_shape, [[lead_shape]])
    best: tuple[int, ...] = ()

    def search(i: int, used: list[tuple[int, int]], left: int, vec: tuple[int, ...]) -> None:
        nonlocal best
        if i == len(prios):
            best = max(best, vec)
            return
        p_size = sum(w * n for w, n in prios[i])
        k = 0
        while p_size * (k + 1) <= left and packs(Counter(cards), used + prios[i] * (k + 1), pos):
            k += 1
        for take in range(k, -1, -1):
            search(i + 1, used + prios[i] * take, left - p_size * take, vec + (take,))

    search(0, [], size, ())
    return best


def legal_follows(lead: Sequence[str], hand: Sequence[str], rules: Rules,
                  pos: Pos) -> set[tuple[str, ...]]:
    """Every legal follow (sorted) to a lead of one unit or of single cards (which call for
    nothing but the led class), by brute force over the hand."""
    n = len(lead)
    led = pos[lead[0]][0]
    shape = is_unit(lead, rules, pos) or (1, 1)
    in_class = [c for c in hand if pos[c][0] == led]
    subsets = {tuple(sorted(s)) for s in combinations(sorted(hand), n)}
    need = min(n, len(in_class))
    good = {s for s in subsets if sum(pos[c][0] == led for c in s) == need}
    if len(in_class) <= n:
        return good

    def vec(s: tuple[str, ...]) -> tuple[int, ...]:
        return pattern_vector([c for c in s if pos[c][0] == led], shape, rules, pos)

    if shape == (1, 1):
        return good
    top = max(vec(s) for s in good)
    return {s for s in good if vec(s) == top}


def trick_winner(plays: Sequence[Sequence[str]], rules: Rules, pos: Pos) -> int:
    """The winning play of a trick led by one unit or by single cards (0 = the lead)."""
    lead = plays[0]
    led = pos[lead[0]][0]
    shape = is_unit(lead, rules, pos) if len(lead) > 1 else (1, 1)
    singles = shape is None or shape == (1, 1)

    def key(play: Sequence[str]) -> tuple[int, ...] | None:
        classes = {pos[c][0] for c in play}
        if len(classes) != 1:
            return None
        cls = classes.pop()
        if cls != led and not (cls == "T" and led != "T"):
            return None
        tier = 1 if cls != led else 0
        if singles:
            return (tier, *sorted((pos[c][1] for c in play), reverse=True))
        if is_unit(play, rules, pos) != shape:
            return None
        return (tier, max(pos[c][1] for c in play))

    best, best_key = 0, key(lead)
    assert best_key is not None
    for i, play in enumerate(plays[1:], 1):
        k = key(play)
        if k is not None and k > best_key:
            best, best_key = i, k
    return best


# ------------------------------------------------------------------ leads of several units
def unit_shapes(rules: Rules) -> list[Shape]:
    """Every unit shape of the game: identical cards, and chains of two or more."""
    return [(w, 1) for w in rules.widths] + [(w, n) for w in rules.chains for n in range(2, 14)]


def splits(cards: Sequence[str], rules: Rules, pos: Pos) -> list[list[tuple[int, int, Shape]]]:
    """Every way to split cards of one class into units, each unit as (size, top position,
    shape) (brute force: the unit holding the lowest card left, then the rest)."""
    out: list[list[tuple[int, int, Shape]]] = []

    def walk(left: Counter[str], taken: list[tuple[int, int, Shape]]) -> None:
        if not left:
            out.append(taken)
            return
        low = min(left, key=lambda c: (pos[c][1], c))
        size = sum(left.values())
        for width, length in unit_shapes(rules):
            if width * length > size or left[low] < width:
                continue
            for inst in instances(left, width, length, pos):
                if low in inst:
                    top = max(pos[c][1] for c in inst)
                    walk(left - Counter(inst), [*taken, (width * length, top, (width, length))])

    walk(Counter(cards), [])
    return out


def lead_format(lead: Sequence[str], rules: Rules, pos: Pos) -> list[Shape]:
    """The units a lead is read as, largest first: of every split into units, the one whose
    units, by size then top position, high to low, come first."""
    best = max(sorted(s, reverse=True) for s in splits(lead, rules, pos))
    return [shape for _, _, shape in best]


def format_vector(cards: Sequence[str], shapes: Sequence[Shape], rules: Rules,
                  pos: Pos) -> tuple[int, ...]:
    """For a lead of several units (largest first): for each unit in turn and each of its
    priorities, how many copies the cards hold, with the unit's card count as the limit;
    the largest such vector over every packing of all the copies together."""
    best: tuple[int, ...] = ()
    held = Counter(cards)
    known: dict[tuple[Shape, ...], bool] = {}

    def fits(shapes: list[Shape]) -> bool:
        key = tuple(sorted(shapes, reverse=True))  # widest first: fewest instances
        if key not in known:
            known[key] = packs(held, key, pos)
        return known[key]

    def search(piece: int, prio: int, used: list[Shape], left: int,
               vec: tuple[int, ...]) -> None:
        nonlocal best
        if piece == len(shapes):
            best = max(best, vec)
            return
        prios = rules.priorities.get(shapes[piece], [[shapes[piece]]])
        if prio == len(prios):
            if piece + 1 < len(shapes):
                nxt = shapes[piece + 1]
                search(piece + 1, 0, used, nxt[0] * nxt[1], vec)
            else:
                search(piece + 1, 0, used, 0, vec)
            return
        p_size = sum(w * n for w, n in prios[prio])
        k = 0
        while p_size * (k + 1) <= left and fits(used + prios[prio] * (k + 1)):
            k += 1
        # the most copies that fit: any vector with fewer here is smaller, whatever follows
        search(piece, prio + 1, used + prios[prio] * k, left - p_size * k, vec + (k,))

    search(0, 0, [], shapes[0][0] * shapes[0][1], ())
    return best


def legal_follows_to_format(lead: Sequence[str], hand: Sequence[str], rules: Rules,
                            pos: Pos) -> set[tuple[str, ...]]:
    """Every legal follow (sorted) to any lead of one class, a throw of several units
    included: as many cards of the led class as the hand holds (up to the lead's count);
    within the class, the follows whose vector (format_vector) is the largest any set of
    as many cards from the hand reaches (brute force over the hand's subsets)."""
    n = len(lead)
    led = pos[lead[0]][0]
    in_class = [c for c in hand if pos[c][0] == led]
    subsets = {tuple(sorted(s)) for s in combinations(sorted(hand), n)}
    need = min(n, len(in_class))
    good = {s for s in subsets if sum(pos[c][0] == led for c in s) == need}
    shapes = lead_format(lead, rules, pos)
    if len(in_class) <= n or all(s == (1, 1) for s in shapes):
        return good
    cache: dict[tuple[str, ...], tuple[int, ...]] = {}

    def vec(s: tuple[str, ...]) -> tuple[int, ...]:
        part = tuple(c for c in s if pos[c][0] == led)
        if part not in cache:
            cache[part] = format_vector(part, shapes, rules, pos)
        return cache[part]

    top = max(vec(s) for s in good)
    return {s for s in good if vec(s) == top}


def format_key(play: Sequence[str], shapes: Sequence[Shape], pos: Pos) -> tuple[int, ...] | None:
    """How high a play holds a lead's units: of every way to find the units in it (one
    disjoint instance per unit, largest first), the largest list of their top positions;
    None if the play does not hold them all."""
    best: tuple[int, ...] | None = None

    def walk(i: int, left: Counter[str], tops: tuple[int, ...]) -> None:
        nonlocal best
        if i == len(shapes):
            best = tops if best is None else max(best, tops)
            return
        width, length = shapes[i]
        for inst in instances(left, width, length, pos):
            walk(i + 1, left - Counter(inst), (*tops, max(pos[c][1] for c in inst)))

    walk(0, Counter(play), ())
    return best


def trick_winner_to_format(plays: Sequence[Sequence[str]], rules: Rules, pos: Pos) -> int:
    """The winning play of a trick led by any lead of one class (0 = the lead): a play of
    the led class, or all trumps on a plain lead (a ruff, second tier), that holds the
    lead's units wins when its key (format_key) is higher; the first of equal plays wins."""
    lead = plays[0]
    led = pos[lead[0]][0]
    shapes = lead_format(lead, rules, pos)

    def key(play: Sequence[str]) -> tuple[int, ...] | None:
        classes = {pos[c][0] for c in play}
        if len(classes) != 1:
            return None
        cls = classes.pop()
        if cls != led and not (cls == "T" and led != "T"):
            return None
        tops = format_key(play, shapes, pos)
        return None if tops is None else (1 if cls != led else 0, *tops)

    best, best_key = 0, key(lead)
    assert best_key is not None
    for i, play in enumerate(plays[1:], 1):
        k = key(play)
        if k is not None and k > best_key:
            best, best_key = i, k
    return best


# ------------------------------------------------------------------ checks of one move
def is_legal_follow(lead: Sequence[str], hand: Sequence[str], play: Sequence[str],
                    rules: Rules, pos: Pos) -> bool:
    """Whether ``play`` is a legal follow to ``lead`` from ``hand``: the rule of
    legal_follows_to_format for one play, without listing the hand's subsets (a hand of 25
    or 39 cards has millions). The best vector any set of as many cards from the hand
    reaches is the vector of the hand's cards of the led class all together: a packing uses
    at most the lead's count of cards, which a set of that many cards can hold (and a subset
    never packs more than the whole)."""
    n = len(lead)
    if len(play) != n or Counter(play) - Counter(hand):
        return False
    led = pos[lead[0]][0]
    in_class = [c for c in hand if pos[c][0] == led]
    if sum(pos[c][0] == led for c in play) != min(n, len(in_class)):
        return False
    shapes = lead_format(lead, rules, pos)
    if len(in_class) <= n or all(s == (1, 1) for s in shapes):
        return True
    part = [c for c in play if pos[c][0] == led]
    return format_vector(part, shapes, rules, pos) == format_vector(in_class, shapes, rules, pos)


Unit = tuple[Shape, int, tuple[str, ...]]  # shape, top position, the cards


def unit_splits(cards: Sequence[str], rules: Rules, pos: Pos) -> list[list[Unit]]:
    """The splits of cards of one class into units that lead_format reads a lead as (the
    best by size then top position, high to low), each unit with its cards."""
    out: list[list[Unit]] = []

    def walk(left: Counter[str], taken: list[Unit]) -> None:
        if not left:
            out.append(taken)
            return
        low = min(left, key=lambda c: (pos[c][1], c))
        for width, length in unit_shapes(rules):
            if width * length > sum(left.values()) or left[low] < width:
                continue
            for inst in instances(left, width, length, pos):
                if low in inst:
                    top = max(pos[c][1] for c in inst)
                    walk(left - Counter(inst), [*taken, ((width, length), top, inst)])

    walk(Counter(cards), [])

    def key(split: list[Unit]) -> list[tuple[int, int, Shape]]:
        return sorted(((s[0] * s[1], top, s) for s, top, _ in split), reverse=True)

    best = max(key(s) for s in out)
    return [s for s in out if key(s) == best]


def can_beat(hand: Sequence[str], unit: Unit, led: str, pos: Pos) -> bool:
    """Whether a hand holds, in the led class, a unit of the same shape and higher."""
    (width, length), top, _ = unit
    held = Counter(c for c in hand if pos[c][0] == led)
    return any(max(pos[c][1] for c in inst) > top
               for inst in instances(held, width, length, pos))


def throw_outcomes(throw: Sequence[str], others: Sequence[Sequence[str]], rules: Rules,
                   pos: Pos) -> set[tuple[str, ...]]:
    """What a lead of one class may put on the table (sorted): all of it when it is one
    unit, or when no other hand can beat any of its units; else the smallest unit some hand
    can beat (the lowest, then the fewest cards). A set: units as low and as large made of
    different but equal cards (two off-suit trump-rank cards) are equally right."""
    led = pos[throw[0]][0]
    out: set[tuple[str, ...]] = set()
    for split in unit_splits(throw, rules, pos):
        if len(split) < 2:
            return {tuple(sorted(throw))}
        beaten = [u for u in split if any(can_beat(h, u, led, pos) for h in others)]
        if not beaten:
            return {tuple(sorted(throw))}
        low = min((top, s[0] * s[1]) for s, top, _ in beaten)
        out |= {tuple(sorted(u[2])) for u in beaten if (u[1], u[0][0] * u[0][1]) == low}
    return out


def largest_unit(cards: Sequence[str], rules: Rules, pos: Pos) -> int:
    """Cards in the largest unit of a lead (of one class)."""
    shape = lead_format(cards, rules, pos)[0]
    return shape[0] * shape[1]


POINTS = {"5": 5, "10": 10, "K": 10}


def card_points(cards: Sequence[str]) -> int:
    """5s count 5, 10s and Ks 10: 100 per deck."""
    return sum(POINTS.get(rank(c), 0) for c in cards)
