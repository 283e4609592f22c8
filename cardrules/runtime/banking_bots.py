"""Bots for the banking family. Each picks one of the legal moves from what its seat may see.

Actions are known by their effects in the compiled rules, never by their names: the one that
draws a card and does nothing else, and the one that only stops."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .banking import BankAction, BankingModule, Hand, HandsView, SeatView, made_hand

BankBot = Callable[[SeatView, Sequence[BankAction], random.Random], BankAction]


def random_bot(view: SeatView, legal: Sequence[BankAction], rng: random.Random) -> BankAction:
    """Any legal move, uniformly (the bet too)."""
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


class Expectation:
    """Chooses each action by its expected payout over the cards the seat has not seen,
    computed by recursion from the compiled rules: the actions' conditions and effects, the
    hand total, the banker's policy, the early showdown and the payout formula. Nothing is
    written for a particular game, and there is no strategy table.

    The unseen cards (the stock and the face-down cards of others, the banker's included)
    are grouped by what the rules can tell apart (value, and whether the card is soft). The
    banker's face-down card is never one that would have ended the round at the deal (no
    early showdown happened). Approximations, so that a decision takes milliseconds, not
    seconds: every card after the decision is drawn from the unseen cards as they are at the
    decision (``exact=True`` removes each drawn card instead: exact, and seconds to a minute
    a decision); hands are told apart by total, softness and their cards while they have
    two (see ``_sig``); the two hands of a split are valued each on its own, without
    splitting again."""

    def __init__(self, m: BankingModule, exact: bool = False) -> None:
        self.exact = exact
        self.root: tuple[int, ...] = ()
        if m.BANKER_DECIDES:
            raise ValueError("the expect bot needs a banker policy stated in the rules "
                             "('banker plays: ACTION while ... else ACTION')")
        self.m = m
        classes: dict[tuple[int, bool], int] = {}
        for c in m.DECK:
            classes.setdefault((m.VALUE[c], c in m.SOFT_CARDS), c)
        self.reps = tuple(classes.values())  # one card of each class
        self.class_of = {c: list(classes).index((m.VALUE[c], c in m.SOFT_CARDS))
                         for c in m.DECK}
        self.banker_memo: dict[tuple[tuple[int, ...], tuple[int, ...]],
                               list[tuple[float, tuple[int, ...]]]] = {}
        self.payout_memo: dict[tuple[object, ...], int] = {}
        self.policy_memo: dict[tuple[int, ...], tuple[int, bool]] = {}
        self.early_memo: dict[tuple[int, ...], bool] = {}
        self.sig_memo: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.sig_dist_memo: dict[tuple[tuple[int, ...], tuple[int, ...]],
                                 list[tuple[float, tuple[int, ...], tuple[int, ...]]]] = {}
        self.settle_memo: dict[tuple[object, ...], float] = {}
        self.draw_memo: dict[tuple[int, ...], list[tuple[float, int, tuple[int, ...]]]] = {}
        self.draw, self.stop = plain_actions(m)

    # ------------------------------------------------------------ helpers
    def _hand(self, seat: int, classes: Sequence[int], bet: int, split: bool) -> Hand:
        return made_hand(self.m, seat, [self.reps[k] for k in classes], bet, split)

    def _draws(self, pool: tuple[int, ...]) -> list[tuple[float, int, tuple[int, ...]]]:
        """(probability, class, the pool after) of the next card. Not exact: every later
        card comes from the pool as it was at the decision."""
        found = self.draw_memo.get(pool)
        if found is None:
            n = sum(pool)
            found = []
            for k, count in enumerate(pool):
                if count:
                    after = pool[:k] + (count - 1,) + pool[k + 1:] if self.exact else pool
                    found.append((count / n, k, after))
            if len(self.draw_memo) > 100_000:
                self.draw_memo.clear()
            self.draw_memo[pool] = found
        return found

    def _banker_final(self, pool: tuple[int, ...], known: tuple[int, ...], missing: int,
                      view: HandsView) -> list[tuple[float, tuple[int, ...]]]:
        """The banker's final hands (classes, sorted) with their probabilities."""
        key = (pool, known + (-missing,))
        found = self.banker_memo.get(key)
        if found is not None:
            return found
        out: dict[tuple[int, ...], float] = {}
        if missing:
            parts = []
            total = 0.0
            for p, k, rest in self._draws(pool):
                cards = tuple(sorted(known + (k,)))
                if missing == 1 and self._early(view, cards):
                    continue  # the round would have ended at the deal
                total += p
                parts.append((p, cards, rest))
            for p, cards, rest in parts:
                for q, final in self._banker_final(rest, cards, missing - 1, view):
                    out[final] = out.get(final, 0.0) + p * q / total
        else:
            draw, stop = self._policy(view, known)
            if not draw or draw > sum(pool):
                out[known] = 1.0
            else:
                for p, k, rest in self._draws(pool):
                    cards = tuple(sorted(known + (k,)))
                    if stop:
                        out[cards] = out.get(cards, 0.0) + p
                        continue
                    for q, final in self._banker_final(rest, cards, 0, view):
                        out[final] = out.get(final, 0.0) + p * q
        result = [(p, c) for c, p in out.items()]
        if len(self.banker_memo) > 400_000:
            self.banker_memo.clear()
        self.banker_memo[key] = result
        return result

    def _policy(self, view: HandsView, banker: tuple[int, ...]) -> tuple[int, bool]:
        """(cards the banker's policy draws now, whether it then stops); (0, True) once its
        hand is over. The policy reads the banker's hand (a bot models no other seat)."""
        found = self.policy_memo.get(banker)
        if found is None:
            m = self.m
            h = self._hand(m.BANKER, banker, 0, False)
            if h.total > m.BUST:
                found = (0, True)
            else:
                view.hands[m.BANKER] = [h]
                a = m.banker_action(view)
                found = (m.ACTION_DRAW[a], m.ACTION_STOP[a])
            self.policy_memo[banker] = found
        return found

    def _early(self, view: HandsView, banker: tuple[int, ...]) -> bool:
        found = self.early_memo.get(banker)
        if found is None:
            view.hands[self.m.BANKER] = [self._hand(self.m.BANKER, banker, 0, False)]
            found = self.early_memo[banker] = self.m.showdown_early(view)
        return found

    def _sig(self, hand: tuple[int, ...]) -> tuple[int, ...]:
        """What the formulas are taken to read of a hand of these classes: its total and
        softness, and its cards while it has two or fewer (beyond that only that it has more:
        a formula reading the number or values of cards beyond two is not told apart)."""
        found = self.sig_memo.get(hand)
        if found is None:
            m = self.m
            total, soft = m.hand_total([self.reps[k] for k in hand])
            found = (total, soft, *hand) if len(hand) <= 2 else (total, soft, -1)
            self.sig_memo[hand] = found
        return found

    def _banker_sigs(self, pool: tuple[int, ...], banker: tuple[int, ...], missing: int,
                     view: HandsView) -> list[tuple[float, tuple[int, ...], tuple[int, ...]]]:
        """The banker's final hands merged by what the builtins read of them."""
        key = (pool, banker + (-missing,))
        found = self.sig_dist_memo.get(key)
        if found is None:
            merged: dict[tuple[int, ...], tuple[float, tuple[int, ...]]] = {}
            for p, final in self._banker_final(pool, banker, missing, view):
                sig = self._sig(final)
                q, _ = merged.get(sig, (0.0, final))
                merged[sig] = (q + p, final)
            found = [(p, sig, final) for sig, (p, final) in merged.items()]
            if len(self.sig_dist_memo) > 100_000:
                self.sig_dist_memo.clear()
            self.sig_dist_memo[key] = found
        return found

    def _settle(self, seat: int, hand: tuple[int, ...], bet: int, split: bool,
                pool: tuple[int, ...], banker: tuple[int, ...], missing: int,
                view: HandsView) -> float:
        m = self.m
        if not self.exact:
            pool = self.root  # the banker draws from the cards unseen at the decision
        mine = self._sig(hand)
        settled_key = (mine, bet, split, pool, banker, missing)
        found = self.settle_memo.get(settled_key)
        if found is not None:
            return found
        mean = 0.0
        player: Hand | None = None
        for p, sig, final in self._banker_sigs(pool, banker, missing, view):
            key = (mine, bet, split, sig)
            got = self.payout_memo.get(key)
            if got is None:
                player = player or self._hand(seat, hand, bet, split)
                view.hands[seat] = [player]
                view.hands[m.BANKER] = [self._hand(m.BANKER, final, 0, False)]
                got = m.payout(view, player)
                if len(self.payout_memo) > 500_000:
                    self.payout_memo.clear()
                self.payout_memo[key] = got
            mean += p * got
        if len(self.settle_memo) > 200_000:
            self.settle_memo.clear()
        self.settle_memo[settled_key] = mean
        return mean

    # ------------------------------------------------------------ the recursion
    def values(self, seat: int, hand: tuple[int, ...], bet: int, split: bool,
               pool: tuple[int, ...], banker: tuple[int, ...], missing: int,
               view: HandsView, siblings: int, allowed: Sequence[int] | None,
               memo: dict[tuple[object, ...], float]) -> dict[int, float]:
        """The expected payout of each legal action on this hand (``allowed``: the legal
        actions, when the table says; else the rules' conditions decide)."""
        m = self.m
        h = self._hand(seat, hand, bet, split)
        if allowed is None:
            view.hands[seat] = [h] * siblings
            allowed = [i for i, when in enumerate(m.WHEN)
                       if when(view, h) and not (m.ACTION_SPLIT[i] and (split or siblings > 1))
                       and (not m.ACTION_SPLIT[i] or len(hand) == 2)]
        out: dict[int, float] = {}
        for a in allowed:
            nbet = bet * m.ACTION_BET[a]
            if m.ACTION_SPLIT[a]:
                ev = 0.0
                for card in hand:
                    ev += self._best(seat, (card,), nbet, True, pool, banker, missing, view,
                                     siblings + 1, memo, draw=m.ACTION_DRAW[a],
                                     stop=m.ACTION_STOP[a])
                out[a] = ev
            else:
                out[a] = self._best(seat, hand, nbet, split, pool, banker, missing, view,
                                    siblings, memo, draw=m.ACTION_DRAW[a],
                                    stop=m.ACTION_STOP[a])
        return out

    def _best(self, seat: int, hand: tuple[int, ...], bet: int, split: bool,
              pool: tuple[int, ...], banker: tuple[int, ...], missing: int, view: HandsView,
              siblings: int, memo: dict[tuple[object, ...], float], *, draw: int,
              stop: bool) -> float:
        """The value of a hand that draws ``draw`` cards, then stops or plays on at its
        best."""
        m = self.m
        if draw and sum(pool) >= draw:
            return sum(p * self._best(seat, tuple(sorted(hand + (k,))), bet, split, rest,
                                      banker, missing, view, siblings, memo, draw=draw - 1,
                                      stop=stop)
                       for p, k, rest in self._draws(pool))
        total = m.hand_total([self.reps[k] for k in hand])[0]
        if stop or total > m.BUST:
            return self._settle(seat, hand, bet, split, pool, banker, missing, view)
        key = (hand if self.exact else self._sig(hand), bet, split, siblings)
        if key in memo:
            return memo[key]
        options = self.values(seat, hand, bet, split, pool, banker, missing, view, siblings,
                              None, memo)
        best = max(options.values()) if options else \
            self._settle(seat, hand, bet, split, pool, banker, missing, view)
        memo[key] = best
        return best

    def __call__(self, view: SeatView, legal: Sequence[BankAction],
                 rng: random.Random) -> BankAction:
        m = self.m
        if legal[0].act < 0:
            return min(legal, key=lambda a: a.amount)  # results are per bet: bet the least
        seat, i = view.acting
        pool = [0] * len(self.reps)
        for c in m.DECK:
            pool[self.class_of[c]] += m.COPIES
        for hands in view.hands:
            for cards in hands:
                for c in cards:
                    if c >= 0:
                        pool[self.class_of[c]] -= 1
        up = view.hands[m.BANKER][0]
        banker = tuple(sorted(self.class_of[c] for c in up if c >= 0))
        missing = sum(1 for c in up if c < 0)
        hand = tuple(sorted(self.class_of[c] for c in view.hands[seat][i]))
        bet = view.hand_bets[seat][i]
        own = view.hands[seat]
        scratch = HandsView(m, [[] for _ in view.hands], m.BANKER)
        self.root = tuple(pool)
        split = len(own) > 1 or any(len(c) == 1 for c in own)
        options = self.values(seat, hand, bet, split, tuple(pool), banker, missing, scratch,
                              len(own), [a.act for a in legal], {})
        best = max(options, key=lambda a: (options[a], -a))
        return next(a for a in legal if a.act == best)


BANKING_BOTS = ("random", "threshold", "expect", "human")  # thresholdN: hit below N


def make_banking_bot(kind: str, m: BankingModule) -> BankBot:
    if kind == "random":
        return random_bot
    if kind == "expect":
        return Expectation(m)
    if kind.startswith("threshold"):
        digits = kind[len("threshold"):]
        if digits and not digits.isdigit():
            raise ValueError(f"no bot named '{kind}': threshold, or thresholdN (hit below N)")
        return make_threshold(m, int(digits) if digits else 17)
    raise ValueError(f"no bot named '{kind}' (choose from {', '.join(BANKING_BOTS)})")
