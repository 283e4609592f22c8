"""Witnesses for the differences between two banking games: a hand that the two settle
differently, a hand on which an action is legal in one and not the other, a banker's hand
that one plays and the other does not. Found by search over small hands in a fixed order,
so the same two games always give the same witnesses."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations_with_replacement

from ...cards import format_cards
from ...compiler.diff import Difference
from ...runtime.banking.table import Hand, HandsView, made_hand
from .game import BankingGame


def _classes(g: BankingGame) -> list[list[int]]:
    """The deck's cards by value (and softness), each list in deck order."""
    m = g.module
    by: dict[tuple[int, bool], list[int]] = {}
    for c in m.DECK:
        by.setdefault((m.VALUE[c], c in m.SOFT_CARDS), []).append(c)
    return list(by.values())


def _hands(g: BankingGame, sizes: tuple[int, ...] = (2, 3),
           avoid: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Hands of the given sizes, one per multiset of card classes, distinct cards."""
    classes = _classes(g)
    for n in sizes:
        for pick in combinations_with_replacement(range(len(classes)), n):
            pool = {k: [c for c in classes[k] if c not in avoid] for k in set(pick)}
            cards: list[int] = []
            for k in pick:
                if not pool[k]:
                    break
                cards.append(pool[k].pop(0))
            else:
                yield tuple(cards)


def _view(g: BankingGame, seat_hands: list[Hand], banker: Hand) -> HandsView:
    m = g.module
    hands: list[list[Hand]] = [[] for _ in range(m.PLAYERS)]
    hands[m.BANKER] = [banker]
    player = (m.BANKER + 1) % m.PLAYERS
    hands[player] = seat_hands
    return HandsView(m, hands, m.BANKER)


def _final(g: BankingGame, cards: tuple[int, ...]) -> bool:
    """Whether the banker may end the round holding these cards: busted, deciding like a
    seat, or told to stop by its policy."""
    m = g.module
    h = made_hand(m, m.BANKER, cards, 0)
    return h.total > m.BUST or m.BANKER_DECIDES or \
        m.ACTION_DRAW[m.banker_action(_view(g, [], h))] == 0


def settle_witness(a: BankingGame, b: BankingGame) -> str | None:
    bets = sorted(set(a.module.BETS) & set(b.module.BETS))
    if not bets or a.module.BANKER != b.module.BANKER:
        return None
    bet = bets[0]
    # Banker's hands that both games may end a round with come first (a hand the banker's
    # policy must draw on is no showdown a player meets), then any.
    for final in (True, False):
        found = _settle_witness(a, b, bet, final)
        if found is not None:
            return found
    return None


def _settle_witness(a: BankingGame, b: BankingGame, bet: int, final: bool) -> str | None:
    for split in (False, True):
        for hand in _hands(a):
            for banker in _hands(a, avoid=hand):
                if final and not (_final(a, banker) and _final(b, banker)):
                    continue
                pa = a.settle(hand, banker, bet=bet, split=split)
                pb = b.settle(hand, banker, bet=bet, split=split)
                if pa != pb:
                    after = " after a split" if split else ""
                    return (f"{format_cards(hand)}{after}, bet {bet}, against the banker's "
                            f"{format_cards(banker)}: {pa:+d} in {a.name}, {pb:+d} in {b.name}")
    return None


def action_witness(a: BankingGame, b: BankingGame, name: str) -> str | None:
    ma, mb = a.module, b.module
    ia = ma.ACTIONS.index(name) if name in ma.ACTIONS else -1
    ib = mb.ACTIONS.index(name) if name in mb.ACTIONS else -1
    seat = (ma.BANKER + 1) % ma.PLAYERS
    for count in (1, 2, 3, 4):
        for split in (False, True):
            for cards in _hands(a, (2, 3)):
                ha = made_hand(ma, seat, cards, ma.BETS[0], split)
                hb = made_hand(mb, seat, cards, mb.BETS[0], split)
                banker = made_hand(ma, ma.BANKER, (), 0)
                la = ia >= 0 and ma.WHEN[ia](_view(a, [ha] * count, banker), ha)
                lb = ib >= 0 and mb.WHEN[ib](_view(b, [hb] * count, banker), hb)
                if ia >= 0 and ma.ACTION_SPLIT[ia] and len(cards) != 2:
                    continue
                if la != lb:
                    where = " after a split" if split else ""
                    hands = f", the seat holding {count} hands" if count > 1 else ""
                    yes, no = (a.name, b.name) if la else (b.name, a.name)
                    return (f"{format_cards(cards)}{where}{hands}: {name} is legal in {yes}, "
                            f"not in {no}")
    return None


def banker_witness(a: BankingGame, b: BankingGame, what: str) -> str | None:
    ma, mb = a.module, b.module
    for cards in _hands(a, (2, 3)):
        ha, hb = made_hand(ma, ma.BANKER, cards, 0), made_hand(mb, mb.BANKER, cards, 0)
        va, vb = _view(a, [], ha), _view(b, [], hb)
        if what == "early":
            ea, eb = ma.showdown_early(va), mb.showdown_early(vb)
            if ea != eb and len(cards) == 2:
                yes, no = (a.name, b.name) if ea else (b.name, a.name)
                return (f"the banker is dealt {format_cards(cards)}: the round goes straight to "
                        f"the showdown in {yes}, the players act in {no}")
            continue
        if ha.total > ma.BUST:
            continue
        sa = "decides (as a seat)" if ma.BANKER_DECIDES else \
            f"must {ma.ACTIONS[ma.banker_action(va)]}"
        sb = "decides (as a seat)" if mb.BANKER_DECIDES else \
            f"must {mb.ACTIONS[mb.banker_action(vb)]}"
        if sa != sb:
            return f"the banker holds {format_cards(cards)}: it {sa} in {a.name}, {sb} in {b.name}"
    return None


def bet_witness(a: BankingGame, b: BankingGame) -> str | None:
    only_a = sorted(set(a.module.BETS) - set(b.module.BETS))
    only_b = sorted(set(b.module.BETS) - set(a.module.BETS))
    if only_a:
        return f"bet {only_a[0]} is legal in {a.name}, not in {b.name}"
    if only_b:
        return f"bet {only_b[0]} is legal in {b.name}, not in {a.name}"
    return None


def values_witness(a: BankingGame, b: BankingGame) -> str | None:
    for cards in _hands(a, (2, 3)):
        ta, tb = a.hand(cards).total, b.hand(cards).total
        if ta != tb:
            return f"{format_cards(cards)} totals {ta} in {a.name}, {tb} in {b.name}"
    return None


def find(a: BankingGame, b: BankingGame, d: Difference) -> str | None:
    if d.probe is None:
        return None
    subject = d.probe[1]
    if subject.startswith("action "):
        return action_witness(a, b, subject[len("action "):])
    if subject in ("policy", "early"):
        return banker_witness(a, b, subject)
    if subject == "bet":
        return bet_witness(a, b)
    if subject == "values":
        return values_witness(a, b)
    return None


def with_banking_witnesses(a: BankingGame, b: BankingGame,
                           diffs: list[Difference]) -> list[Difference]:
    out = []
    for d in diffs:
        w = find(a, b, d)
        if d.probe is not None and w is None:
            w = "no witness found in the searched hands"
        if d.area == "scoring" and d.what in ("def payout", "def score"):
            w = settle_witness(a, b) or "no hand found that the two settle differently"
        out.append(replace(d, witness=w, probe=None))
    return out
