"""Find witnesses for differences: concrete cards two games classify or compare differently.

Found by search over each game's own candidate plays (from a full deck), in a fixed order,
so the same two games always give the same witnesses."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import permutations, product

from .cards import RANK_NAMES, SUIT_LETTERS, card_name, rank_of, suit_of
from .compiler import ir
from .compiler.diff import Difference
from .examples import example_view
from .game import Game
from .runtime.climbing import Table
from .runtime.protocol import Play, beats
from .text import plural

_POOL = 4000  # candidate plays tried per kind
_PAIRS = 120  # plays per kind and game when searching pairs that compare differently


def _fmt(cards: tuple[int, ...]) -> str:
    return " ".join(card_name(c) for c in cards)


def _rank_word(c: int) -> str:
    r = rank_of(c)
    return RANK_NAMES[r] if r < 13 else ("LJ", "BJ")[r - 13]


def _deck(g: Game) -> list[int]:
    return [c for c in g.module.DECK for _ in range(g.module.COPIES)]


def _plays(g: Game, kind: str) -> list[Play]:
    if kind not in g.module.KINDS:
        return []
    return g.module.plays_of_kind(g.module.KINDS.index(kind), _deck(g))[:_POOL]


def _name(g: Game, cards: tuple[int, ...]) -> str:
    if any(c not in g.module.DECK for c in cards):
        return "not in the deck"
    combo = g.classify(cards)
    return combo.name if combo else "not a combination"


def _outcome(g: Game, x: tuple[int, ...], y: tuple[int, ...]) -> str | None:
    cx, cy = g.classify(x), g.classify(y)
    if cx is None or cy is None:
        return None
    if beats(cx.play, cy.play):
        return _fmt(x)
    if beats(cy.play, cx.play):
        return _fmt(y)
    return "neither"


def classification(a: Game, b: Game, kind: str, run: tuple[str, ...] | None) -> str | None:
    for g in (a, b):
        for p in _plays(g, kind):
            cards = p.cards
            if run is not None:
                if sorted(_rank_word(c) for c in cards) != sorted(run):
                    continue
                cards = tuple(sorted(cards, key=lambda c: run.index(_rank_word(c))))
            na, nb = _name(a, cards), _name(b, cards)
            if na != nb:
                return f"{_fmt(cards)}: {na} in {a.name}, {nb} in {b.name}"
    return None


def _classified(g: Game, pool: list[tuple[int, ...]]) -> dict[tuple[int, ...], Play]:
    out = {}
    for cards in pool:
        if all(c in g.module.DECK for c in cards):
            combo = g.classify(cards)
            if combo is not None:
                out[cards] = combo.play
    return out


def _winner(x: Play, y: Play) -> int:
    return 0 if beats(x, y) else (1 if beats(y, x) else 2)


def comparison(a: Game, b: Game, kinds: list[str]) -> str | None:
    """Two plays of these kinds that one game ranks one way and the other another way
    (each play classified once per game; then only comparisons)."""
    pool: list[tuple[int, ...]] = []
    for kind in kinds:
        for g in (a, b):
            plays = _plays(g, kind)
            step = max(1, len(plays) // _PAIRS)
            pool += [p.cards for p in plays[::step][:_PAIRS]]
    pool = list(dict.fromkeys(pool))
    in_a, in_b = _classified(a, pool), _classified(b, pool)
    both = [c for c in pool if c in in_a and c in in_b]
    copies = min(a.module.COPIES, b.module.COPIES)
    for i, x in enumerate(both):
        ax, bx = in_a[x], in_b[x]
        for y in both[i + 1:]:
            if any((x + y).count(c) > copies for c in x):
                continue  # two plays from one deal never share a card
            wa, wb = _winner(ax, in_a[y]), _winner(bx, in_b[y])
            if wa != wb:
                names = (_fmt(x), _fmt(y), "neither")
                return (f"{_fmt(x)} vs {_fmt(y)}: {names[wa]} wins in {a.name}, "
                        f"{names[wb]} wins in {b.name}")
    return None


def ordering(a: Game, b: Game, subject: str) -> str | None:
    """Two single cards that compare differently, involving the moved rank or suit."""
    singles = [k for k in a.module.KINDS if k in b.module.KINDS
               and all(len(p.cards) == 1 for p in _plays(a, k)[:5]) and _plays(a, k)]
    if not singles:
        return comparison(a, b, list(a.module.KINDS))
    deck = [c for c in a.module.DECK if c in b.module.DECK]
    label, _, item = subject.partition(" ")
    if label == "rank":
        xs = [c for c in deck if _rank_word(c) == item]
        ys = sorted(deck, key=lambda c: (suit_of(c), -a.module.CARD_KEY[c]))
    elif label == "suit":
        xs = [c for c in deck if suit_of(c) < 4 and SUIT_LETTERS[suit_of(c)] == item]
        ys = sorted(deck, key=lambda c: (rank_of(c), suit_of(c)))
    else:
        xs = ys = deck
    for x in xs:
        for y in ys:
            if x == y:
                continue
            oa, ob = _outcome(a, (x,), (y,)), _outcome(b, (x,), (y,))
            if oa is not None and ob is not None and oa != ob:
                return f"{card_name(x)} vs {card_name(y)}: {oa} wins in {a.name}, " \
                       f"{ob} wins in {b.name}"
    return None


def _first_moves(t: Table) -> set[str]:
    return {str(m) for m in t.legal_actions()}


def _seat_note(g: Game, t: Table, seat: int) -> str:
    card = g.module.FIRST_CARD
    holds = f" (holding {card_name(card)})" if card >= 0 and card in t.hand(seat) else ""
    return f"seat {seat}{holds}"


def _lockstep(a: Game, b: Game, hands: list[list[int]], seed: int) -> str | None:
    """Play A's greedy game on both tables while the moves stay legal in B; the first
    position where the seat to play or its choices differ."""
    ta = a.new_table(hands=hands, seats=["greedy"] * a.players)
    tb = b.new_table(hands=hands)
    played: list[str] = []
    while not ta.over and not tb.over:
        where = f"deal of seed {seed} after {plural(len(played), 'move')}" + (
            f" (last: {played[-1]})" if played else "")
        if ta.seat != tb.seat:
            return f"{where}: seat {ta.seat} plays next in {a.name}, seat {tb.seat} in {b.name}"
        la, lb = _first_moves(ta), _first_moves(tb)
        if la != lb:
            x, yes, no = (min(la - lb, key=lambda m: (len(m), m)), a, b) if la - lb else \
                (min(lb - la, key=lambda m: (len(m), m)), b, a)
            return f"{where}: seat {ta.seat} may play {x} in {yes.name}, not in {no.name}"
        move = str(ta.bot_move())
        ta.apply(move)
        tb.apply(move)
        played.append(move)
    return None


def flow_witness(a: Game, b: Game, what: str) -> str | None:
    """A deal, the same for both games, on which the flow differs: who leads the first round
    or a later one, which first plays are allowed (with one leader in both), or how a round
    played by greedy bots goes (for ``round ends``: how many players went out)."""
    if a.players != b.players or a.module.DECK != b.module.DECK or \
            a.module.DEAL_EACH != b.module.DEAL_EACH:
        return None
    for seed in range(40):
        hands = [list(h) for h in a.new_table(seed=seed).dealt]
        if what in ("first", "must", "next"):
            first = what != "next"
            lead = {g.name: (None if first or g.module.LEAD_NEXT == "holder" else 0)
                    for g in (a, b)}
            ta = a.new_table(hands=hands, first_round=first, leader=lead[a.name])
            tb = b.new_table(hands=hands, first_round=first, leader=lead[b.name])
            when = "the first round" if first else "a later round whose last winner is seat 0"
            if ta.seat != tb.seat:
                if what == "must":
                    continue  # look for a deal with one leader, so only the rule differs
                return (f"deal of seed {seed}, {when}: {_seat_note(a, ta, ta.seat)} leads in "
                        f"{a.name}, {_seat_note(b, tb, tb.seat)} in {b.name}")
            only_b = sorted(_first_moves(tb) - _first_moves(ta), key=lambda m: (len(m), m))
            only_a = sorted(_first_moves(ta) - _first_moves(tb), key=lambda m: (len(m), m))
            if only_a or only_b:
                x, yes, no = (only_b[0], b, a) if only_b else (only_a[0], a, b)
                return (f"deal of seed {seed}, {when}: seat {ta.seat} may lead {x} in "
                        f"{yes.name}, not in {no.name}")
            continue
        if what == "play":
            found = _lockstep(a, b, hands, seed)
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
            return (f"deal of seed {seed} played by greedy bots: {plural(na, 'move')}, out in "
                    f"order {' '.join(map(str, pa))} in {a.name}; {plural(nb, 'move')}, out in "
                    f"order {' '.join(map(str, pb))} in {b.name}")
    return None


def find(a: Game, b: Game, d: Difference) -> str | None:
    if d.probe is None:
        return None
    search, subject = d.probe
    if search == "order":
        return ordering(a, b, subject)
    if search == "flow":
        return flow_witness(a, b, subject)
    kind = d.what.split(":")[0].removeprefix("combination ")
    if search == "classify" and subject == "":  # the order kinds are tried in
        kinds = [k for k in a.module.KINDS if k in b.module.KINDS]
        return next(filter(None, (classification(a, b, k, None) for k in kinds)), None)
    if search == "classify":
        run = None
        if ": sequence " in d.what:
            words = d.what.split(": sequence ")[1]
            run = _split_run(words)
        return classification(a, b, kind, run)
    if subject == "":  # a ladder or the bombs: plays of every kind involved
        kinds = [k for k in a.module.KINDS if k in b.module.KINDS]
        return comparison(a, b, kinds)
    return comparison(a, b, [kind])


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


def _named_cards(g: Game) -> list[int]:
    """Cards a game's scoring or teams look at (``holds(p, S2)``, hidden-team holders)."""
    found = set(g.module.TEAM_HOLDERS)
    stack: list[object] = [d.body for d in g.ir.defs]
    stack += [e for d in g.ir.defs for _, e in d.lets]
    while stack:
        e = stack.pop()
        if isinstance(e, ir.CardLit):
            found.add(e.code)
        elif hasattr(e, "__dataclass_fields__"):
            stack.extend(getattr(e, f) for f in e.__dataclass_fields__ if f != "span")
        elif isinstance(e, tuple):
            stack.extend(e)
    return sorted(found)


def _states(n: int, cards: list[int], full_orders_first: bool,
            ) -> Iterator[tuple[list[int], list[int], list[tuple[int, list[int]]]]]:
    """End-of-round states, simplest first: who went out, cards left, who held what. Games
    that play on after the first player is out get whole finishing orders first."""
    lefts = [[0] + [1] * (n - 1), [0, 5, 8, 13, 4, 11, 6, 2][:n],  # a count for each of up
             [0, 9, 3, 12, 6, 1, 10, 7][:n], [0, 7, 10, 2, 11, 5, 9, 3][:n]]  # to 8 seats
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


def score_witness(a: Game, b: Game) -> str | None:
    """An end of round (places, cards left, who held the cards the rules name) that the two
    games score differently."""
    if a.players != b.players:
        return None
    cards = sorted(set(_named_cards(a)) | set(_named_cards(b)))[:3]
    plays_on = "first_out" not in (a.module.ROUND_END, b.module.ROUND_END) or \
        a.module.ROUND_END != b.module.ROUND_END
    for places, left, holds in _states(a.players, cards, plays_on):
        va = example_view(a, cards_left=left, places=places, holds=holds)
        vb = example_view(b, cards_left=left, places=places, holds=holds)
        sa, sb = a.module.score(va), b.module.score(vb)
        if sa != sb:
            held = "".join(f", {_fmt(tuple(cs))} held by {seat}" for seat, cs in holds)
            return (f"places {' '.join(map(str, places))}, cards left "
                    f"{' '.join(map(str, left))}{held}: scores {' '.join(map(str, sa))} in "
                    f"{a.name}, {' '.join(map(str, sb))} in {b.name}")
    return None


def with_witnesses(a: Game, b: Game, diffs: list[Difference]) -> list[Difference]:
    """Witnesses for orderings and combinations, and one end of round for the scoring (on
    the score def if it changed, else on the first scoring difference)."""
    out = []
    for d in diffs:
        w = find(a, b, d)
        if d.probe is not None and w is None:
            w = "no witness found in the searched plays"
        out.append(replace(d, witness=w, probe=None))
    scoring = [i for i, d in enumerate(out) if d.area in ("scoring", "teams")]
    if scoring:
        target = next((i for i in scoring if out[i].what == "def score"), scoring[0])
        w = score_witness(a, b) or "no end of round found that the two score differently"
        out[target] = replace(out[target], witness=w)
    return out
