"""Bots for the banking family. Each picks one of the legal moves from what its seat may see.

Actions are known by their effects in the compiled rules, never by their names: the one that
draws a card and does nothing else, and the one that only stops."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import prod
from operator import itemgetter
from typing import Any

from .. import core
from .table import BankAction, BankingModule, Hand, HandsView, SeatView, made_hand

BankBot = core.Bot[SeatView, BankAction]


@core.uniform
def random_bot(view: SeatView | None, legal: Sequence[BankAction],
               rng: random.Random) -> BankAction:
    """Any legal move, uniformly (the bet too). It reads no view (``play_out`` makes none
    for it)."""
    return legal[rng.randrange(len(legal))]


def plain_actions(m: BankingModule) -> tuple[int, int]:
    """(the action that only draws one card, the action that only stops); -1 if none."""
    n = len(m.ACTIONS)
    plain = [i for i in range(n) if m.ACTION_BET[i] == 1 and not m.ACTION_SPLIT[i]]
    draw = next((i for i in plain if m.ACTION_DRAW[i] == 1 and not m.ACTION_STOP[i]), -1)
    stop = next((i for i in plain if m.ACTION_DRAW[i] == 0 and m.ACTION_STOP[i]), -1)
    return draw, stop


def make_threshold(m: BankingModule, limit: int) -> BankBot:
    """The smallest bet; then draw while the hand's total is below ``limit``, else stop."""
    draw, stop = plain_actions(m)

    def threshold_bot(view: SeatView, legal: Sequence[BankAction],
                      rng: random.Random) -> BankAction:
        if legal[0].act < 0:
            return min(legal, key=lambda a: a.amount)
        seat, i = view.acting
        total = m.hand_total(view.hands[seat][i])[0]
        want = draw if total < limit else stop
        return next((a for a in legal if a.act == want), legal[0])

    return threshold_bot


Counts = tuple[int, ...]  # how many unseen cards of each class (see Expectation)
Cards = tuple[int, ...]  # a hand as classes: its first CARD_READS in order, then sorted
Sig = tuple[int, ...]  # what formulas can read of a hand (Expectation._info)
Dist = tuple[tuple[Sig, float], ...]  # the banker's final hands, by what payout reads
Done = tuple[tuple[Sig, int, bool], ...]  # a seat's finished hands: payout reads, bet, split
Pending = tuple[tuple[Cards, int, bool], ...]  # its hands waiting to play: cards, bet, split


@dataclass(frozen=True)
class Paths:
    """The banker's final hands reachable from its face-up cards, grouped by the cards drawn
    (its face-down ones included) and what the payout reads of the hand. Each entry: the
    number of orders the cards can come in; a getter of the falling factorials ff(n_k, d_k)
    of the classes drawn, from a flat table (``width`` entries per class, and a last entry
    1.0); the number of cards drawn; the index of its Sig in ``pays``."""

    entries: tuple[tuple[float, Callable[[list[float]], tuple[float, ...]], int, int], ...]
    drawn: tuple[Counts, ...]  # each entry's cards drawn, per class
    pays: tuple[Sig, ...]
    most: int  # the most cards drawn
    width: int

# The work one decision may do (recursion steps) before the bot falls back to a cheaper
# reckoning, and then to stopping (docs/language.md, the banking family's bots).
DECISION_BUDGET = 600_000  # about five seconds of the slowest steps
FALLBACK_BUDGET = 150_000
# Of DECISION_BUDGET, the steps the exact reckoning of a seat's split hands together may
# take (a split with 8 unseen cards takes about 11,000, with 10 about 150,000, with a full
# deck millions); past that, and for that decision ever after, the decision is reckoned for
# a stated continuation (the seat's hands still to play doing so by their own cards), else
# the hands are valued each on its own. A failed try costs about a quarter of a second.
JOINT_BUDGET = 50_000
PATHS_BUDGET = 100_000  # banker hands listed per face-up cards (else: a recursion per counts)
_MEMO_LIMIT = 200_000  # entries per memo (a full memo is emptied): a few hundred MB in all
_DEPTH_LIMIT = 150  # cards a reckoned hand may hold


class _OverBudget(Exception):
    pass


class _TooMany(Exception):
    pass


class Expectation:
    """Chooses each action by its expected payout over the cards the seat has not seen,
    computed from the compiled rules: the actions' conditions and effects, the hand total,
    the banker's policy, the early showdown and the payout formula. Nothing is written for a
    particular game, and there is no strategy table.

    Exact, composition dependent: the unseen cards (the stock and every face-down card of
    the others, the banker's included) are counted per class of what the rules can tell
    apart (value, and whether the card is soft); every card this hand or the banker draws
    later is removed from those counts, and the value of each state (counts, hand) is
    memoised. The banker's face-down cards are among the unseen cards on which the rules'
    early showdown would not have ended the round at the deal, and each card the hand draws
    is weighed by that condition too (P(x) * Q(after x) / Q(now), Q the chance that the
    face-down cards let the round go on). The banker's final hand is reckoned once per
    (counts, face-up cards) and kept: its possible draws by its policy are listed once per
    face-up cards, each with the number of orders it can come in, and the counts give each
    its probability (a product of falling factorials). A hand is known to the formulas by
    its total, softness, card count and the values of its first ``CARD_READS`` cards, and to
    the payout by what ``PAYOUT_READS`` names (the compiler states both), so the memo
    merges only hands no formula can tell apart.

    A split, and every play of a seat with several hands, is first reckoned over all the
    seat's hands at once, as the table plays them: the two hands take their cards (the
    first, then the second), the first plays on (and may split again) while the others wait
    with their cards in view, each card one hand takes is gone for the next, the value of a
    hand's play counts what it leaves for the waiting hands and for the banker, and the
    banker's one final hand settles every hand. Every play of every hand is then the one
    that maximises the expected sum of the seat's payouts given all the seat has seen: the
    seat's best, exactly. A finished hand whose payout the banker's hand cannot change (a
    busted one) counts as a constant; the others stay in the state by what the payout reads
    of them. That is costly: the state holds the finished hands and the waiting ones, and
    every count of the cards left needs the banker's final hand reckoned anew (a split of
    8s on a full deck leaves some 75,000 counts). It fits ``JOINT_BUDGET`` steps on a shoe
    of about eight to ten cards. Past that budget (remembered: the same decision is not
    tried again):

    The decision is reckoned exactly for a stated continuation (``last_mode`` 1): the value
    of an action is the exact expected sum of the payouts of all the seat's hands when the
    hand deciding takes it and the seat then plays on by this play, stated in advance:
    - the hand deciding, unless it splits now, plays on (hit, stand, ...) for the sum of
      its payout and those of the seat's finished hands, seeing all the seat has seen and
      its own later cards (the hands waiting after it count in none of its choices);
    - each hand waiting after it, and each hand a split makes (now or later), plays its
      best for its own payout given the cards seen at the decision and its own cards (a
      hand made by a split knows the card it began with), not the cards the seat's other
      hands take after the decision; a hand holding a pair the rules let it split again
      does so (its second card making a new hand after it, as the table deals) if the
      hands it would make, valued each on its own from its own reckoning (the estimate
      below), come to more than its best other action.
    With no hand waiting and no split, that is the seat's best (as ``last_mode`` 0: a
    finished hand counts as the banker's final hand settles it). Else the play sees less
    than the seat, so the value is at most the seat's best; the seat's joint best play is
    reckoned only within ``JOINT_BUDGET``. The value is reckoned by a theorem: the cards
    come from a shuffled shoe, and taking blocks of them in another order (each block's
    length depending only on its own cards and what was seen at the decision) does not
    change what the blocks hold together. So each hand's cards and the banker's may be
    taken first (after the face-down cards), and the other hands' after them: the hand
    deciding and the finished hands are settled against the banker's final hand from the
    cards this hand leaves (``_action``: the recursion over its draws), a waiting hand that
    cannot split is worth its value as a hand alone from the counts at the decision
    (``_best``), and for the hands a split makes and the waiting pairs all that the order
    changes is which way they were dealt, told apart only by whether each card a split
    deals is of the pair's class (``_patterns``: a few dozen ways to four hands). Each such
    hand's payout is its value as a hand alone from the counts at the decision (the memo
    every hand uses), its banker's final hands weighed by the chance that the other hands'
    dealt cards then come as the way says (a product of falling factorials of the counts
    the banker leaves: ``_dealer`` with ``pairs`` and ``others``). The reckoning applies
    where the unseen cards cannot run short for all the hands that draw and the banker
    (``_no_shortage``: a bound from the cards' smallest values; always on a full deck with
    one player), a split deals one card to each hand and does not stop, the payout does
    not read the seat's number of hands, the pairs that may split are of one class and one
    bet, only a card of the pair's own class makes a pair the rules split again, and the
    waiting hands that are no pair play the same whatever the seat's number of hands. It
    costs about as much as valuing each hand alone.

    Else (where it does not apply) the hands are valued each on its own (``last_mode`` 2):
    each hand the split makes draws from the unseen cards as they are at the split (a card
    one takes is not removed for the other) and may split again (counting the hands made
    on its own branch); a play of one of several hands values that hand alone, from the
    cards unseen then (the usual "independent hands" estimate).

    What the reckoning does not model, said plainly:
    - the cards that other seats draw after this decision;
    - formulas that read other hands than the one settled and the banker's: the payout,
      the conditions and the banker's policy and early showdown are evaluated on a table
      holding only the hand (as many times as the seat has hands) and the banker's hand
      (for the conditions, its face-up cards: the rest is unknown then).
    So with one player at the table, each value is exact: the seat's best within
    ``JOINT_BUDGET``, past it for the continuation stated above (on a full one-deck shoe,
    every decision, where the reckoning applies).

    Each decision may take ``budget`` steps; past that it reckons again with the banker's
    final hand drawn from the unseen cards as they are at the decision (one distribution
    for all outcomes of the hand's draws: the usual approximate method), and past
    ``FALLBACK_BUDGET`` steps of that it stops (or takes the first legal action).
    ``last_mode`` tells which: 0 exact (the seat's best); 1 exact for the stated
    continuation (the hands waiting and the hands a split makes playing by their own
    cards); 2 exact but for the split hands, valued each on its own; 3 the banker's hand
    from the counts at the decision, hands on their own; 4 stopped."""

    def __init__(self, m: BankingModule, budget: int = DECISION_BUDGET,
                 fallback: int | None = None, joint: int | None = None,
                 own: bool = True) -> None:
        if m.BANKER_DECIDES:
            raise ValueError("the expect bot needs a banker policy stated in the rules "
                             "('banker plays: ACTION while ... else ACTION')")
        self.m = m
        self.budget = budget
        self.fallback = FALLBACK_BUDGET if fallback is None else fallback
        self.joint = JOINT_BUDGET if joint is None else joint
        self.own = own  # the split reckoned with its hands played by their own cards
        classes: dict[tuple[int, bool], int] = {}
        supply: dict[tuple[int, bool], int] = {}
        for c in m.DECK:
            key = (m.VALUE[c], c in m.SOFT_CARDS)
            classes.setdefault(key, c)
            supply[key] = supply.get(key, 0) + m.COPIES
        self.reps = tuple(classes.values())  # one card of each class
        self.supply = tuple(supply.values())
        order = list(classes)
        self.class_of = {c: order.index((m.VALUE[c], c in m.SOFT_CARDS)) for c in m.DECK}
        self.reads = m.CARD_READS
        reads = m.PAYOUT_READS
        self.pay_total = "hand_total" in reads
        self.pay_bust = "busted" in reads
        self.pay_soft = "is_soft" in reads
        self.pay_count = "card_count" in reads or "card_value" in reads
        self.pay_cards = m.PAYOUT_CARD_READS if "card_value" in reads else 0
        # whether a hand's payout stays what it is when the seat's hands grow in number
        self.pay_fixed = not reads & {"hand_count", "hands_of"}
        self.draw, self.stop = plain_actions(m)
        self.scratch = HandsView(m, [[] for _ in range(m.PLAYERS_MAX)], m.BANKER)
        self.seat = 0
        self.up: Cards = ()
        self.missing = 0
        self.root: Counts = ()
        self.steps = 0
        self.limit = 0
        self.mode = 0  # the recursion: 0 exact, 1 split hands on their own, 2 approximate
        self.last_mode = 0
        self.info_memo: dict[Cards, tuple[int, Sig, Sig]] = {}
        self.rep_of: dict[Sig, Cards] = {}
        self.add_memo: dict[tuple[Cards, int], Cards] = {}
        self.q_memo: dict[tuple[Counts, Cards], float] = {}
        self.draws_memo: dict[tuple[Counts, Cards], list[tuple[float, int, Counts]]] = {}
        self.plain_memo: dict[Counts, list[tuple[float, int, Counts]]] = {}
        self.paths_memo: dict[tuple[Cards, int], Paths | None] = {}
        self.dealer_memo: dict[tuple[object, ...], Dist] = {}
        self.play_memo: dict[tuple[object, ...], Dist] = {}
        self.settle_memo: dict[tuple[object, ...], float] = {}
        self.best_memo: dict[tuple[object, ...], float] = {}
        self.pay_memo: dict[tuple[object, ...], int] = {}
        self.flat_memo: dict[tuple[object, ...], int | None] = {}
        self.allowed_memo: dict[tuple[object, ...], tuple[int, ...]] = {}
        self.policy_memo: dict[Sig, tuple[int, bool]] = {}
        self.plays_memo: dict[Sig, bool] = {}
        self.early_memo: dict[Sig, bool] = {}
        self.joint_failed: set[tuple[object, ...]] = set()  # decisions past JOINT_BUDGET
        self.own_memo: dict[tuple[object, ...], float] = {}
        self.masses_memo: dict[tuple[object, ...], list[float]] = {}
        self.groups_memo: dict[tuple[object, ...], tuple[tuple[tuple[int, int], ...],
                                                         tuple[int, ...]]] = {}
        self.pair = 0  # the class of the pair being split (_own_split)

    # ------------------------------------------------------------ hands and formulas
    @staticmethod
    def _keep(memo: dict[Any, Any] | set[Any], limit: int = _MEMO_LIMIT) -> None:
        if len(memo) > limit:
            memo.clear()

    def _key(self, classes: Sequence[int]) -> Cards:
        k = self.reads
        if k < 0:
            return tuple(classes)
        return tuple(classes[:k]) + tuple(sorted(classes[k:]))

    def _add(self, hand: Cards, k: int) -> Cards:
        found = self.add_memo.get((hand, k))
        if found is None:
            found = self._key(hand + (k,))
            self._keep(self.add_memo)
            self.add_memo[(hand, k)] = found
        return found

    def _info(self, hand: Cards) -> tuple[int, Sig, Sig]:
        """The hand's total; all a formula can read of its cards (total, softness, card
        count, the values of the first CARD_READS cards); and what the payout reads."""
        found = self.info_memo.get(hand)
        if found is None:
            m = self.m
            cards = [self.reps[k] for k in hand]
            total, soft = m.hand_total(cards)
            values = [m.VALUE[c] for c in cards]
            shown = values if self.reads < 0 else values[:self.reads]
            sig = (total, int(soft), len(hand), *shown)
            paid = values if self.pay_cards < 0 else values[:self.pay_cards]
            pay = (total if self.pay_total else int(total > m.BUST) if self.pay_bust else 0,
                   int(soft) if self.pay_soft else 0, len(hand) if self.pay_count else 0,
                   *paid)
            self.rep_of.setdefault(sig, hand)
            self.rep_of.setdefault(pay, hand)
            found = (total, sig, pay)
            self._keep(self.info_memo)
            self.info_memo[hand] = found
        return found

    def _made(self, seat: int, sig: Sig, bet: int, split: bool) -> Hand:
        return made_hand(self.m, seat, [self.reps[k] for k in self.rep_of[sig]], bet, split)

    def _banker_view(self, sig: Sig) -> HandsView:
        view = self.scratch
        for hands in view.hands:
            hands.clear()
        view.hands[self.m.BANKER] = [self._made(self.m.BANKER, sig, 0, False)]
        return view

    def _policy(self, sig: Sig) -> tuple[int, bool]:
        """(cards the banker's policy draws now, whether it then stops)."""
        found = self.policy_memo.get(sig)
        if found is None:
            a = self.m.banker_action(self._banker_view(sig))
            found = self.policy_memo[sig] = (self.m.ACTION_DRAW[a], self.m.ACTION_STOP[a])
        return found

    def _plays(self, sig: Sig) -> bool:
        """Whether the banker plays its policy on this hand at all: the table lets a hand
        whose only legal action is the plain stop stand by itself."""
        found = self.plays_memo.get(sig)
        if found is None:
            m = self.m
            view = self._banker_view(sig)
            h = view.hands[m.BANKER][0]
            legal = [i for i, when in enumerate(m.WHEN)
                     if not (m.ACTION_SPLIT[i] and len(h.cards) != 2) and when(view, h)]
            found = bool(legal) and not (len(legal) == 1 and legal[0] == self.stop)
            self.plays_memo[sig] = found
        return found

    def _early(self, sig: Sig) -> bool:
        found = self.early_memo.get(sig)
        if found is None:
            found = self.early_memo[sig] = self.m.showdown_early(self._banker_view(sig))
        return found

    def _allowed(self, sig: Sig, bet: int, split: bool, count: int) -> tuple[int, ...]:
        """The actions the rules' conditions allow on this hand."""
        key = (sig, bet, split, count, self.up)
        found = self.allowed_memo.get(key)
        if found is None:
            m = self.m
            view = self._banker_view(self._info(self.up)[1])
            h = self._made(self.seat, sig, bet, split)
            view.hands[self.seat] = [h] * count
            found = tuple(i for i, when in enumerate(m.WHEN)
                          if not (m.ACTION_SPLIT[i] and len(h.cards) != 2) and when(view, h))
            self._keep(self.allowed_memo)
            self.allowed_memo[key] = found
        return found

    def _pay(self, pay: Sig, bet: int, split: bool, count: int, banker: Sig) -> int:
        key = (pay, bet, split, count, banker)
        found = self.pay_memo.get(key)
        if found is None:
            view = self._banker_view(banker)
            h = self._made(self.seat, pay, bet, split)
            view.hands[self.seat] = [h] * count
            found = self.m.payout(view, h)
            self._keep(self.pay_memo)
            self.pay_memo[key] = found
        return found

    # ------------------------------------------------------------ drawing
    def _tick(self, steps: int = 1) -> None:
        self.steps += steps
        if self.steps > self.limit:
            raise _OverBudget

    def _plain(self, counts: Counts) -> list[tuple[float, int, Counts]]:
        """(probability, class, the counts after) of the next card, all unseen cards alike."""
        found = self.plain_memo.get(counts)
        if found is None:
            n = sum(counts)
            found = [(c / n, k, counts[:k] + (c - 1,) + counts[k + 1:])
                     for k, c in enumerate(counts) if c]
            self._keep(self.plain_memo, _MEMO_LIMIT // 8)
            self.plain_memo[counts] = found
        return found

    def _holes(self, counts: Counts, have: Cards, missing: int
               ) -> list[tuple[float, Cards, Counts]]:
        """The banker's face-down cards in order, with probabilities and the counts after."""
        if not missing:
            return [(1.0, have, counts)]
        return [(p * q, cards, after) for p, k, rest in self._plain(counts)
                for q, cards, after in self._holes(rest, have + (k,), missing - 1)]

    def _q(self, counts: Counts) -> float:
        """The probability that the banker's face-down cards, drawn from these counts, are
        ones on which the round goes on after the deal."""
        key = (counts, self.up)
        found = self.q_memo.get(key)
        if found is None:
            found = 0.0
            holes_of = self._holes(counts, (), self.missing)
            self._tick(len(holes_of) // 8 + 1)
            for p, holes, _ in holes_of:
                if not self._early(self._info(self._key(holes + self.up))[1]):
                    found += p
            self._keep(self.q_memo)
            self.q_memo[key] = found
        return found

    def _draws(self, counts: Counts) -> list[tuple[float, int, Counts]]:
        """The next card of a player's hand, given that the round went on:
        P(x) * Q(after x) / Q(now), the banker's face-down cards still among the unseen."""
        key = (counts, self.up)
        found = self.draws_memo.get(key)
        if found is None:
            now = self._q(counts)
            plain = self._plain(counts)
            found = plain if now <= 0.0 else \
                [(p * self._q(rest) / now, k, rest) for p, k, rest in plain]
            self._keep(self.draws_memo, _MEMO_LIMIT // 8)
            self.draws_memo[key] = found
        return found

    # ------------------------------------------------------------ the banker
    def _paths(self) -> Paths | None:
        """The banker's final hands from its face-up cards, whatever the counts (see Paths);
        None if they are too many."""
        key = (self.up, self.missing)
        if key in self.paths_memo:
            return self.paths_memo[key]
        m = self.m
        nk = len(self.reps)
        up = self.up
        frontier: dict[Cards, int] = {(): 1}
        for _ in range(self.missing):  # the face-down cards, in order
            nxt: dict[Cards, int] = {}
            for holes, ways in frontier.items():
                for k in range(nk):
                    nxt[holes + (k,)] = nxt.get(holes + (k,), 0) + ways
            frontier = nxt
        start: dict[Cards, int] = {}
        for holes, ways in frontier.items():
            hand = self._key(holes + up)
            if not self._early(self._info(hand)[1]):
                start[hand] = start.get(hand, 0) + ways
        ends: dict[tuple[Cards, Sig], int] = {}
        listed = 0
        result: Paths | None = None
        try:
            todo: dict[Cards, int] = {}
            for hand, ways in start.items():
                if self._plays(self._info(hand)[1]):
                    todo[hand] = ways
                else:
                    ends[(hand, self._info(hand)[2])] = ways
            while todo:
                nxt = {}
                for hand, ways in todo.items():
                    listed += 1
                    self._tick()
                    if listed > PATHS_BUDGET or len(hand) > _DEPTH_LIMIT:
                        raise _TooMany
                    total, sig, pay = self._info(hand)
                    draw, stop = (0, True) if total > m.BUST else self._policy(sig)
                    if not draw:
                        ends[(hand, pay)] = ends.get((hand, pay), 0) + ways
                        continue
                    more = {hand: ways}
                    for _ in range(draw):
                        grown: dict[Cards, int] = {}
                        for h, w in more.items():
                            for k in range(nk):
                                if h.count(k) < self.supply[k]:
                                    h2 = self._add(h, k)
                                    grown[h2] = grown.get(h2, 0) + w
                        more = grown
                        listed += len(grown)
                        self._tick(len(grown) // 4 + 1)
                    for h, w in more.items():
                        if stop:
                            p = self._info(h)[2]
                            ends[(h, p)] = ends.get((h, p), 0) + w
                        else:
                            nxt[h] = nxt.get(h, 0) + w
                todo = nxt
            groups: dict[tuple[tuple[int, ...], Sig], int] = {}
            for (hand, pay), ways in ends.items():
                drawn = list(hand)
                for k in up:
                    drawn.remove(k)
                counted = tuple(drawn.count(k) for k in range(nk))
                groups[(counted, pay)] = groups.get((counted, pay), 0) + ways
            most = max((sum(counted) for counted, _ in groups), default=0)
            width = most + 1
            pays = tuple(sorted({pay for _, pay in groups}))
            where = {pay: i for i, pay in enumerate(pays)}
            one = nk * width  # the flat table's last entry: 1.0
            entries = []
            for (counted, pay), ways in groups.items():
                at = [k * width + d for k, d in enumerate(counted) if d] + [one, one]
                entries.append((float(ways), itemgetter(*at), sum(counted), where[pay]))
            result = Paths(entries=tuple(entries), drawn=tuple(c for c, _ in groups),
                           pays=pays, most=most, width=width)
        except _TooMany:
            result = None
        self.paths_memo[key] = result
        return result

    def _dealer(self, counts: Counts, pairs: int = 0, others: int = 0) -> Dist:
        """The banker's final hand: its face-down cards from these counts (ones on which the
        round went on), then its policy drawing from what is left. With ``pairs`` or
        ``others`` (a split's hands, ``_stated``), each final hand times the chance that
        ``pairs`` cards then drawn are of the pair's class and ``others`` are not."""
        weighed = bool(pairs or others)
        key: tuple[object, ...] = (counts, self.up, self.pair, pairs, others) if weighed \
            else (counts, self.up)
        found = self.dealer_memo.get(key)
        if found is not None:
            return found
        listed = self._paths()
        n = sum(counts)
        acc: dict[Sig, float] = {}
        if listed is not None and n >= listed.most:
            masses = self._masses(listed, counts)
            kept = sum(masses)
            mass = [0.0] * len(listed.pays)
            if weighed:
                combos, at = self._groups(listed)
                p = self.pair
                w = [self._chance(counts[p] - dp, n - d, pairs, others) for dp, d in combos]
                for (_, _, _, slot), i, q in zip(listed.entries, at, masses, strict=True):
                    mass[slot] += q * w[i]
            else:
                for (_, _, _, slot), q in zip(listed.entries, masses, strict=True):
                    mass[slot] += q
            acc = dict(zip(listed.pays, mass, strict=True))
        else:
            kept = 0.0
            for q, holes, rest in self._holes(counts, (), self.missing):
                hand = self._key(holes + self.up)
                _, sig, pay = self._info(hand)
                if self._early(sig):
                    continue
                kept += q
                if not self._plays(sig):
                    acc[pay] = acc.get(pay, 0.0) + q * self._left(rest, pairs, others)
                    continue
                for final, x in self._play(rest, hand, pairs, others):
                    acc[final] = acc.get(final, 0.0) + q * x
        if kept > 0.0:
            found = tuple((sig, x / kept) for sig, x in acc.items() if x > 0.0)
        elif weighed:
            raise _OverBudget
        else:
            found = self._unconditioned(counts)
        self._keep(self.dealer_memo, _MEMO_LIMIT // 20)
        self.dealer_memo[key] = found
        return found

    def _groups(self, listed: Paths) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
        """The banker's listed draws by (cards of the pair's class drawn, cards drawn): the
        distinct such, and each entry's number among them."""
        key = (self.up, self.missing, self.pair)
        found = self.groups_memo.get(key)
        if found is None:
            seen: dict[tuple[int, int], int] = {}
            index = tuple(seen.setdefault((drawn[self.pair], d), len(seen))
                          for (_, _, d, _), drawn in zip(listed.entries, listed.drawn,
                                                         strict=True))
            found = self.groups_memo[key] = (tuple(seen), index)
        return found

    def _masses(self, listed: Paths, counts: Counts) -> list[float]:
        """The probability of each of the banker's listed draws from these counts (before
        the early showdown's condition: the entries whose face-down cards end the round at
        the deal are not listed)."""
        key = (counts, self.up, self.missing)
        found = self.masses_memo.get(key)
        if found is None:
            found = self._masses_of(listed, counts)
            self._keep(self.masses_memo, _MEMO_LIMIT // 100)
            self.masses_memo[key] = found
        return found

    def _masses_of(self, listed: Paths, counts: Counts) -> list[float]:
        n = sum(counts)
        self._tick(len(listed.entries) // 16 + 1)
        inverse = [1.0]
        f = 1.0
        for i in range(listed.most):
            f *= n - i
            inverse.append(1.0 / f)
        flat: list[float] = []
        for c in counts:  # ff(c, d) for d = 0 .. most
            f = 1.0
            flat.append(f)
            for i in range(listed.most):
                f *= c - i
                flat.append(f)
        flat.append(1.0)
        return [ways * prod(factors(flat)) * inverse[drawn]
                for ways, factors, drawn, _ in listed.entries]

    def _unconditioned(self, counts: Counts) -> Dist:
        """The banker's final hand when no face-down cards would have let the round go on
        (the seat's reckoning of the table is off): every face-down card alike."""
        acc: dict[Sig, float] = {}
        for p, holes, rest in self._holes(counts, (), self.missing):
            for final, q in self._play(rest, self._key(holes + self.up)):
                acc[final] = acc.get(final, 0.0) + p * q
        return tuple(acc.items())

    def _play(self, counts: Counts, hand: Cards, pairs: int = 0, others: int = 0) -> Dist:
        """The banker's final hand from this one, by its policy, drawing from these counts;
        each times ``_left`` on the cards it leaves (1 without ``pairs`` and ``others``)."""
        weighed = bool(pairs or others)
        key: tuple[object, ...] = (counts, hand, self.pair, pairs, others) if weighed \
            else (counts, hand)
        found = self.play_memo.get(key)
        if found is not None:
            return found
        self._tick()
        if len(hand) > _DEPTH_LIMIT:
            raise _OverBudget
        total, sig, pay = self._info(hand)
        draw, stop = (0, True) if total > self.m.BUST else self._policy(sig)
        if not draw or draw > sum(counts):
            found = ((pay, self._left(counts, pairs, others)),)
        else:
            acc: dict[Sig, float] = {}
            for p, more, rest in self._more(counts, hand, draw):
                if stop:
                    s = self._info(more)[2]
                    acc[s] = acc.get(s, 0.0) + p * self._left(rest, pairs, others)
                else:
                    for final, q in self._play(rest, more, pairs, others):
                        acc[final] = acc.get(final, 0.0) + p * q
            found = tuple(acc.items())
        self._keep(self.play_memo, _MEMO_LIMIT // 8)
        self.play_memo[key] = found
        return found

    def _more(self, counts: Counts, hand: Cards, draw: int
              ) -> list[tuple[float, Cards, Counts]]:
        """The hand after the banker draws ``draw`` cards."""
        if not draw:
            return [(1.0, hand, counts)]
        return [(p * q, h, after) for p, k, rest in self._plain(counts)
                for q, h, after in self._more(rest, self._add(hand, k), draw - 1)]

    # ------------------------------------------------------------ the player's hands
    def _flat(self, pay: Sig, bet: int, split: bool, count: int) -> int | None:
        """The hand's payout if it is the same against every final hand the banker can
        reach from its face-up cards (a busted hand, say); else None."""
        key = (pay, bet, split, count, self.up, self.missing)
        if key in self.flat_memo:
            return self.flat_memo[key]
        listed = self._paths()
        found: int | None = None
        if listed is not None and listed.pays:
            got = {self._pay(pay, bet, split, count, b) for b in listed.pays}
            found = got.pop() if len(got) == 1 else None
        self._keep(self.flat_memo)
        self.flat_memo[key] = found
        return found

    def _fixed(self, counts: Counts, pay: Sig, bet: int, split: bool, count: int
               ) -> int | None:
        """``_flat``, where the banker's listed hands are all it may end with: the cards
        left cannot run out before its policy stops."""
        listed = self._paths()
        if listed is not None and sum(counts) >= listed.most:
            return self._flat(pay, bet, split, count)
        return None

    def _settle(self, counts: Counts, pay: Sig, bet: int, split: bool, count: int) -> float:
        """The expected payout of a finished hand (known by what the payout reads of it)."""
        if self.mode == 2:
            counts = self.root  # the banker draws from the cards unseen at the decision
        flat = self._fixed(counts, pay, bet, split, count)
        if flat is not None:
            return float(flat)
        key = (counts, self.up, pay, bet, split, count)
        found = self.settle_memo.get(key)
        if found is None:
            found = 0.0
            for banker, p in self._dealer(counts):
                found += p * self._pay(pay, bet, split, count, banker)
            self._keep(self.settle_memo)
            self.settle_memo[key] = found
        return found

    def _best(self, counts: Counts, hand: Cards, bet: int, split: bool, count: int,
              done: Done = (), pending: Pending = ()) -> float:
        """The value of a hand in play: its best legal action, or its settlement; with the
        seat's finished hands ``done`` and the hands it plays after this one, ``pending``."""
        key = (self.mode, counts, self.up, hand, bet, split, count, done, pending)
        found = self.best_memo.get(key)
        if found is None and self.mode == 1:  # an exact value serves too
            found = self.best_memo.get((0, *key[1:]))
        if found is not None:
            return found
        self._tick()
        if len(hand) > _DEPTH_LIMIT:
            raise _OverBudget
        m = self.m
        total, sig, _ = self._info(hand)
        acts = () if total > m.BUST else self._allowed(sig, bet, split, count)
        left = sum(counts) - self.missing  # the stock: the banker's face-down cards are no part
        acts = tuple(a for a in acts
                     if m.ACTION_DRAW[a] * (2 if m.ACTION_SPLIT[a] else 1) <= left)
        if not acts:
            found = self._finish(counts, hand, bet, split, count, done, pending)
        else:
            found = max(self._action(counts, hand, bet, split, count, a, done, pending)
                        for a in acts)
        self._keep(self.best_memo)
        self.best_memo[key] = found
        return found

    def _action(self, counts: Counts, hand: Cards, bet: int, split: bool, count: int,
                a: int, done: Done = (), pending: Pending = ()) -> float:
        m = self.m
        bet *= m.ACTION_BET[a]
        draw, stop = m.ACTION_DRAW[a], m.ACTION_STOP[a]
        if not m.ACTION_SPLIT[a]:
            return self._after(counts, hand, bet, split, count, draw, stop, done, pending)
        if self.mode:  # the hands it makes, each valued on its own, and so the others
            return sum(self._after(counts, (k,), bet, True, count + 1, draw, stop, (), ())
                       for k in hand) + self._next(counts, done, pending, count + 1)
        # As the table does it: the hand's second card makes a new hand after it; each draws
        # its cards, the first then the second; the first plays on, the second waits.
        return self._split(counts, hand[:1], hand[1:], bet, count + 1, draw, draw, stop,
                           done, pending)

    def _split(self, counts: Counts, first: Cards, second: Cards, bet: int, count: int,
               draw1: int, draw2: int, stop: bool, done: Done, pending: Pending) -> float:
        """The two hands of a split drawing their cards (``draw1`` more for the first,
        ``draw2`` for the second); then the first plays on, or stops, and the second waits
        before the hands that were waiting."""
        self._tick()
        if (draw1 or draw2) and sum(counts) > self.missing:
            return sum(p * (self._split(rest, self._add(first, k), second, bet, count,
                                        draw1 - 1, draw2, stop, done, pending) if draw1
                            else self._split(rest, first, self._add(second, k), bet, count,
                                             0, draw2 - 1, stop, done, pending))
                       for p, k, rest in self._draws(counts))
        waiting = ((second, bet, True), *pending)
        if stop or self._info(first)[0] > self.m.BUST:
            return self._finish(counts, first, bet, True, count, done, waiting)
        return self._best(counts, first, bet, True, count, done, waiting)

    def _after(self, counts: Counts, hand: Cards, bet: int, split: bool, count: int,
               draw: int, stop: bool, done: Done = (), pending: Pending = ()) -> float:
        """The value of a hand that draws ``draw`` cards, then stops or plays on."""
        self._tick()
        if draw and sum(counts) > self.missing:
            return sum(p * self._after(rest, self._add(hand, k), bet, split, count,
                                       draw - 1, stop, done, pending)
                       for p, k, rest in self._draws(counts))
        if stop or self._info(hand)[0] > self.m.BUST:
            return self._finish(counts, hand, bet, split, count, done, pending)
        return self._best(counts, hand, bet, split, count, done, pending)

    def _finish(self, counts: Counts, hand: Cards, bet: int, split: bool, count: int,
                done: Done, pending: Pending) -> float:
        """The value once this hand is over: the next waiting hand plays, and at the end
        the banker plays and every hand is settled against its one final hand."""
        pay = self._info(hand)[2]
        if not done and not pending:
            return self._settle(counts, pay, bet, split, count)
        value = 0.0
        flat = self._fixed(counts, pay, bet, split, count) if self.pay_fixed else None
        if flat is not None or self.mode == 2:
            # A payout the banker's hand cannot change (or, approximately, one reckoned
            # against the banker's hand from the counts at the decision) is a constant:
            # no later choice changes it.
            value = float(flat) if flat is not None else \
                self._settle(counts, pay, bet, split, count)
        else:
            done = tuple(sorted((*done, (pay, bet, split))))
        return value + self._next(counts, done, pending, count)

    def _next(self, counts: Counts, done: Done, pending: Pending, count: int) -> float:
        if pending:
            (hand, bet, split), rest = pending[0], pending[1:]
            if self._info(hand)[0] > self.m.BUST:
                return self._finish(counts, hand, bet, split, count, done, rest)
            return self._best(counts, hand, bet, split, count, done, rest)
        return sum(self._settle(counts, pay, bet, split, count) for pay, bet, split in done)

    # ------------------------------------------------------------ a stated continuation
    def _stated(self, hand: Cards, bet: int, split: bool, count: int,
                finished: Sequence[tuple[Cards, int, bool]], waiting: Pending, a: int
                ) -> float | None:
        """The exact expected sum of the seat's payouts if ``hand`` (the counts at
        ``self.root``; the seat's hands ``finished`` before it and ``waiting`` after it)
        takes the action ``a`` and the seat then plays on as the class docstring states
        (``last_mode`` 1); None where that reckoning does not apply."""
        m = self.m
        splitting = m.ACTION_SPLIT[a]
        if not splitting and not waiting:  # this hand plays last: the seat's best, exactly
            fixed, done = self._finished(finished, count)
            return fixed + self._action(self.root, hand, bet, split, count, a, done)
        if not self.pay_fixed:
            return None
        ways = [i for i, s in enumerate(m.ACTION_SPLIT) if s]
        sp = a if splitting else ways[0] if len(ways) == 1 else -1
        # The waiting hands the rules may let split again (they are pairs: the pattern's
        # hands), and the others (they only play).
        pairs: list[Cards] = []
        bets: set[int] = set()
        plain: list[tuple[Cards, int, bool]] = []
        for h, b, s in waiting:
            if len(h) < 2:
                return None
            if len(h) == 2 and h[0] == h[1] and ways:
                if sp < 0 or not s:
                    return None
                pairs.append(h)
                bets.add(b)
            else:
                plain.append((h, b, s))
        if splitting:
            if len(hand) != 2 or hand[0] != hand[1]:
                return None
            pairs.insert(0, hand)
            bets.add(bet * m.ACTION_BET[sp])
        p = pairs[0][0] if pairs else -1
        if any(h[0] != p for h in pairs) or len(bets) > 1:
            return None
        start = count + splitting
        value = 0.0
        extra = [h for h, _, _ in plain] + ([] if splitting else [hand])
        hands = 0
        if pairs:
            if m.ACTION_DRAW[sp] != 1 or m.ACTION_STOP[sp]:
                return None
            self.pair = p
            split_bet = bets.pop()
            pair = self._info(self._key((p, p)))[1]
            # The cards that make a split hand a pair the rules split again: its own class.
            again = [k for k in range(len(self.reps)) if sp in self._allowed(
                self._info(self._key((p, k)))[1], split_bet, True, start)]
            if again not in ([], [p]):
                return None
            most = self._most_hands(pair, split_bet, start, sp, len(pairs) - splitting)
            # the hands that begin with a card of the pair's: at most
            hands = most - start + len(pairs) + splitting
            value = self._pattern_value(p, pair, split_bet, start, sp, splitting,
                                        len(pairs) - splitting)
        else:
            most = start
        # the plain waiting hands play the same whatever the seat's number of hands then,
        # and never split
        for h, b, s in plain:
            sig = self._info(h)[1]
            if len({self._allowed(sig, b, s, c) for c in range(start, most + 1)}) > 1 or \
                    any(m.ACTION_SPLIT[x] for x in self._allowed(sig, b, s, start)):
                return None
        if not self._no_shortage(p, hands, 2 * len(pairs), extra):
            return None
        fixed, done = self._finished(finished, count)
        value += fixed
        if splitting:
            value += sum(self._settle(self.root, pay, b, s, count) for pay, b, s in done)
        else:
            value += self._action(self.root, hand, bet, split, count, a, done)
        for h, b, s in plain:
            value += self._best(self.root, h, b, s, count)
        return value

    def _pattern_value(self, p: int, pair: Sig, bet: int, count: int, sp: int,
                       splitting: bool, waiting: int) -> float:
        """The expected sum of the payouts of the hands a split makes (``splitting``: the
        hand deciding splits now) and of the ``waiting`` pairs of class ``p`` the seat holds
        (each may split again), every such hand playing by its own cards."""
        chosen: dict[tuple[int, int], bool] = {}

        def split_again(c: int, removed: int) -> bool:
            """Whether a hand holding a pair splits again, the seat holding ``c`` hands;
            ``removed``: how many of its cards were unseen at the decision."""
            if (c, removed) not in chosen:
                chosen[(c, removed)] = sp in self._allowed(pair, bet, True, c) and \
                    self._again(p, pair, bet, c, removed, sp)
            return chosen[(c, removed)]

        finals = self._patterns(split_again, count, self.root[p], splitting, waiting)
        value = 0.0
        for (drawn, second, others_p, others, c), times in finals.items():
            firsts = [(q, rest) for q, k, rest in self._draws(self.root) if k == p] \
                if drawn else [(1.0, self.root)]
            for q1, after in firsts:
                if second == 2:  # a waiting pair, both its cards seen
                    value += times * q1 * self._own(after, self._key((p, p)), bet, c,
                                                    others_p, others)
                    continue
                for q, k, rest in self._draws(after):
                    if (k == p) == (second == 1):
                        value += times * q1 * q * self._own(rest, self._key((p, k)), bet, c,
                                                            others_p, others)
        return value

    def _most_hands(self, pair: Sig, bet: int, count: int, a: int, seen: int = 0) -> int:
        """The most hands the seat can come to by splits from ``count`` (the rules' limit,
        or the pair's cards: unseen ones, and ``seen`` waiting pairs)."""
        most = count
        while most - count < self.root[self.pair] + seen and \
                a in self._allowed(pair, bet, True, most):
            most += 1
        return most

    def _again(self, p: int, pair: Sig, bet: int, count: int, removed: int, a: int) -> bool:
        """Whether a split hand holding a pair of class ``p`` does best for itself to split
        again, as it reckons by its own cards (the cards unseen at the decision less the
        ``removed`` of its own it was dealt since): the hands it would make valued each on
        its own (the estimate: ``mode`` 1), against its best other action, exactly; ties
        go to the other action, as the bot plays."""
        counts = self.root
        for _ in range(removed):
            counts = counts[:p] + (counts[p] - 1,) + counts[p + 1:]
        hand = self._key((p, p))
        others = [self._action(counts, hand, bet, True, count, x)
                  for x in self._allowed(pair, bet, True, count) if not self.m.ACTION_SPLIT[x]]
        self.mode = 1
        try:
            value = self._action(counts, hand, bet, True, count, a)
        finally:
            self.mode = 0
        return not others or value > max(others)

    @staticmethod
    def _patterns(again: Callable[[int, int], bool], count: int, supply: int,
                  splitting: bool = True, waiting: int = 0
                  ) -> dict[tuple[bool, int, int, int, int], int]:
        """Every way the hands of a split (``splitting``: two hands, each dealt a card) and
        ``waiting`` pairs (both cards seen) can be dealt their cards, telling apart only
        whether each card dealt is one of the pair's (then the hand splits again if
        ``again`` says so, given the seat's number of hands then and how many of its cards
        were dealt since the decision; as the table deals, in its order; its second card
        makes a new hand after it). For each hand that plays: (its first card was dealt by
        a split, not seen at the decision; its second card: 1 one of the pair's, 0 not, 2
        seen at the decision; how many of the other cards dealt are the pair's, how many
        are not; the seat's hands when it plays) -> the number of such hands over the
        ways."""
        out: dict[tuple[bool, int, int, int, int], int] = {}

        def go(queue: tuple[tuple[int, int], ...], slots: tuple[bool, ...], c: int,
               played: tuple[tuple[int, int, int], ...]) -> None:
            if sum(slots) > supply:  # more of the pair's cards than there are
                return
            if not queue:
                pairs = sum(slots)
                for first, s, at in played:
                    second = 2 if s < 0 else int(slots[s])
                    drawn = first >= 0
                    key = (drawn, second, pairs - (second == 1) - drawn,
                           len(slots) - pairs - (second == 0), at)
                    out[key] = out.get(key, 0) + 1
                return
            (first, s), rest = queue[0], queue[1:]
            if (s < 0 or slots[s]) and again(c, (first >= 0) + (s >= 0)):
                n = len(slots)
                for one in (True, False):
                    for two in (True, False):
                        go(((first, n), (s, n + 1), *rest), (*slots, one, two), c + 1,
                           played)
            else:
                go(rest, slots, c, (*played, (first, s, c)))

        seen = ((-1, -1),) * waiting
        if not splitting:
            go(seen, (), count, ())
            return out
        for one in (True, False):
            for two in (True, False):
                go(((-1, 0), (-1, 1), *seen), (one, two), count, ())
        return out

    def _no_shortage(self, pair: int, hands: int, seen: int = 2,
                     extra: Sequence[Cards] = ()) -> bool:
        """Whether the unseen cards can never run short for ``hands`` hands (each begun with
        a card of class ``pair``; ``seen`` of their first cards seen at the decision), the
        hands ``extra`` and the banker: each takes cards only while its total is at most
        the bust limit, so all but its last card have smallest values that sum to at most
        that limit; the split's new hands take a card of the pair's each."""
        m = self.m
        lows = []
        for k, c in enumerate(self.root):
            low = self._low(k)
            if low <= 0:
                return False
            lows += [low] * c
        room = m.BUST - sum(self._low(k) for k in self.up)
        if hands:
            room += (m.BUST - self._low(pair)) * hands
        room += sum(m.BUST - sum(self._low(k) for k in h) for h in extra)
        taken = 0
        for low in sorted(lows):
            if low > room:
                break
            room -= low
            taken += 1
        return sum(self.root) >= taken + hands + len(extra) + 1 + max(0, hands - seen)

    def _low(self, k: int) -> int:
        """The least a card of class ``k`` adds to a hand's total."""
        bust = self.m.BUST
        return self.m.hand_total([self.reps[k]] * (bust + 1))[0] // (bust + 1)

    def _own(self, counts: Counts, hand: Cards, bet: int, count: int, pairs: int,
             others: int) -> float:
        """The expected payout of a split hand that plays by its own cards, times the
        chance that the seat's other second cards come as ``_patterns`` says (``pairs`` of
        them the pair's, ``others`` not), those drawn after the banker's final hand (the
        same, for the cards dealt in any order)."""
        key = (counts, self.up, hand, bet, count, self.pair if pairs or others else -1, pairs,
               others)
        found = self.own_memo.get(key)
        if found is not None:
            return found
        self._tick()
        m = self.m
        total, sig, pay = self._info(hand)
        acts = () if total > m.BUST else tuple(
            x for x in self._allowed(sig, bet, True, count) if not m.ACTION_SPLIT[x])
        if not acts:
            found = self._own_settle(counts, pay, bet, count, pairs, others)
        else:
            # its best action for itself, the other hands' cards unseen (the exact value
            # of the hand alone; ties to the first action, as the bot plays)
            best = max(acts, key=lambda x: (self._action(counts, hand, bet, True, count, x),
                                            -x))
            draw, stop = m.ACTION_DRAW[best], m.ACTION_STOP[best]
            found = self._own_after(counts, hand, bet * m.ACTION_BET[best], count, draw,
                                    stop, pairs, others)
        self._keep(self.own_memo)
        self.own_memo[key] = found
        return found

    def _own_after(self, counts: Counts, hand: Cards, bet: int, count: int, draw: int,
                   stop: bool, pairs: int, others: int) -> float:
        if draw:
            return sum(q * self._own_after(rest, self._add(hand, k), bet, count, draw - 1,
                                           stop, pairs, others)
                       for q, k, rest in self._draws(counts))
        if stop or self._info(hand)[0] > self.m.BUST:
            return self._own_settle(counts, self._info(hand)[2], bet, count, pairs, others)
        return self._own(counts, hand, bet, count, pairs, others)

    def _own_settle(self, counts: Counts, pay: Sig, bet: int, count: int, pairs: int,
                    others: int) -> float:
        if not pairs and not others:
            return self._settle(counts, pay, bet, True, count)
        return sum(q * self._pay(pay, bet, True, count, banker)
                   for banker, q in self._dealer(counts, pairs, others))

    @staticmethod
    def _chance(left_p: int, left: int, pairs: int, others: int) -> float:
        """The chance that, of ``left`` cards (``left_p`` of the pair's class), ``pairs``
        drawn are of that class and then ``others`` are not."""
        if left < pairs + others:
            return 0.0
        w = 1.0
        for i in range(pairs):
            w *= (left_p - i) / (left - i)
        for i in range(others):
            w *= (left - left_p - i) / (left - pairs - i)
        return w

    def _left(self, counts: Counts, pairs: int, others: int) -> float:
        if not pairs and not others:
            return 1.0
        return self._chance(counts[self.pair], sum(counts), pairs, others)

    # ------------------------------------------------------------ deciding
    def values(self, seat: int, hand: Sequence[int], up: Sequence[int], unseen: Sequence[int],
               acts: Sequence[int], *, bet: int, split: bool = False, count: int = 1,
               before: Sequence[tuple[Sequence[int], int, bool]] = (),
               after: Sequence[tuple[Sequence[int], int, bool]] = ()) -> dict[int, float]:
        """The expected payout of each of ``acts`` on the hand ``hand`` (card codes, in
        order) of ``seat``, the banker's hand being ``up`` (its cards in order, -1 for a
        face-down one), the seat not having seen the cards ``unseen``. ``split``: the hand
        was made by a split; ``count``: the seat's hands. ``before``: the seat's hands
        already played, ``after``: its hands that play after this one (cards, bet, made by
        a split); with them, a value is the expected sum of the payouts of all the seat's
        hands."""
        counts = [0] * len(self.reps)
        for c in unseen:
            counts[self.class_of[c]] += 1
        self.seat = seat
        self.root = tuple(counts)
        self.up = tuple(self.class_of[c] for c in up if c >= 0)
        self.missing = sum(1 for c in up if c < 0)
        cards = self._key([self.class_of[c] for c in hand])
        finished = [(self._key([self.class_of[c] for c in h]), b, s) for h, b, s in before]
        waiting = tuple((self._key([self.class_of[c] for c in h]), b, s) for h, b, s in after)
        joint = bool(before or after) or any(self.m.ACTION_SPLIT[a] for a in acts)
        asked = (self.root, self.up, self.missing, cards, bet, split, count, tuple(finished),
                 waiting, tuple(acts))
        # (the reckoning, as last_mode tells it; the mode of the recursion; its steps)
        tries = [] if asked in self.joint_failed else \
            [(0, 0, min(self.joint, self.budget) if joint else self.budget)]
        if joint and self.own:
            tries.append((1, 0, self.budget))
        if joint:
            tries.append((2, 1, self.budget))
        for reckoning, mode, limit in (*tries, (3, 2, self.fallback)):
            self.mode, self.steps, self.limit = mode, 0, limit
            self.last_mode = reckoning
            try:
                if reckoning == 1:  # exact, the seat playing on as stated
                    got: dict[int, float] = {}
                    for a in acts:
                        value = self._stated(cards, bet, split, count, finished, waiting, a)
                        if value is None:
                            raise _OverBudget  # not for this split: the next reckoning
                        got[a] = value
                    return got
                if mode:  # the hand on its own
                    return {a: self._action(self.root, cards, bet, split, count, a)
                            for a in acts}
                fixed, done = self._finished(finished, count)
                return {a: fixed + self._action(self.root, cards, bet, split, count, a, done,
                                                waiting)
                        for a in acts}
            except (_OverBudget, RecursionError):
                if reckoning == 0 and joint:
                    self._keep(self.joint_failed, _MEMO_LIMIT // 20)
                    self.joint_failed.add(asked)
                continue
        self.last_mode = 4
        stop = [a for a in acts if a == self.stop] or list(acts[:1])
        return {a: 0.0 if a in stop else -math.inf for a in acts}

    def _finished(self, hands: Sequence[tuple[Cards, int, bool]], count: int
                  ) -> tuple[float, Done]:
        """The seat's hands already played: the sum of the payouts no later card changes,
        and the others."""
        fixed = 0.0
        done: Done = ()
        for hand, bet, split in hands:
            pay = self._info(hand)[2]
            flat = self._fixed(self.root, pay, bet, split, count) if self.pay_fixed else None
            if flat is not None or self.mode == 2:
                fixed += float(flat) if flat is not None else \
                    self._settle(self.root, pay, bet, split, count)
            else:
                done = tuple(sorted((*done, (pay, bet, split))))
        return fixed, done

    def __call__(self, view: SeatView, legal: Sequence[BankAction],
                 rng: random.Random) -> BankAction:
        m = self.m
        if legal[0].act < 0:
            return min(legal, key=lambda a: a.amount)  # results are per bet: bet the least
        seat, i = view.acting
        left = dict.fromkeys(m.DECK, m.COPIES)
        for hands in view.hands:
            for cards in hands:
                for c in cards:
                    if c >= 0:
                        left[c] -= 1
        unseen = [c for c in m.DECK for _ in range(left[c])]
        own = view.hands[seat]
        split = len(own) > 1 or any(len(c) == 1 for c in own)
        bets = view.hand_bets[seat]
        options = self.values(seat, own[i], view.hands[m.BANKER][0], unseen,
                              [a.act for a in legal], bet=bets[i], split=split,
                              count=len(own),
                              before=[(own[j], bets[j], split) for j in range(i)],
                              after=[(own[j], bets[j], split)
                                     for j in range(i + 1, len(own))])
        best = max(options, key=lambda a: (options[a], -a))
        return next(a for a in legal if a.act == best)


def _threshold(m: BankingModule, digits: str) -> BankBot:
    if digits and not digits.isdigit():
        raise core.UnknownBot(f"no bot named 'threshold{digits}': threshold, or thresholdN "
                              "(hit below N)")
    return make_threshold(m, int(digits) if digits else 17)


BOTS: core.BotKinds[BankingModule, BankBot] = core.BotKinds({
    "random": lambda m: random_bot,
    "threshold": core.Argued("thresholdN", _threshold),  # thresholdN: hit below N
    "expect": Expectation,
})
