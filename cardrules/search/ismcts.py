"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012), for any family.

Each iteration copies a world consistent with the seat's view (search/worlds.py; the copy
by search/clone.py, its chance after the decision drawn afresh), walks one tree shared by
all worlds from the root, choosing among the actions legal in this world by UCB1 with
availability counts, adds one node, plays the round out with a cheap policy (the family's
plain bot, with some random moves), and credits each node's seat with its reward in that
world (its score, or what the family's reward adds to it; scaled by the smallest and
largest seen so far in this search). The move is the root's action with the best lower
bound, or the plain bot's unless another beats it by a margin (_choose). Without a tree
(``flat``) every root action is played on the same copies and compared in pairs (_paired).
Nothing but the view and the legal actions is read; with an iteration budget the move is
fixed by the random generator's state."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from .clone import clone
from .worlds import Worlds, find_worlds

Policy = Callable[[Any, Sequence[Any], random.Random], Any]  # a bot: (view, legal, rng)
Reward = Callable[[Any], Sequence[float]]  # a finished table: what each seat is credited

EXPLORE = 0.7  # UCB1's exploration constant, on rewards scaled to [0, 1]
WORLDS = 24  # consistent samples found per decision, at most, reused in turn
REUSE = 3  # iterations per world found (until WORLDS are found)
TRIES = 400  # replays (samples and repairs) spent finding them
MARGIN = 0.0  # standard errors by which a move must beat the plain bot's (see _choose)
MAX_STEPS = 5_000  # actions of one play-out, at most (every round ends sooner)


@dataclass(frozen=True)
class Budget:
    """Iterations per decision, or seconds per decision (``seconds`` > 0)."""

    iterations: int = 200
    seconds: float = 0.0

    def __str__(self) -> str:
        return f"{self.seconds:g}s" if self.seconds > 0 else str(self.iterations)


class _Node:
    __slots__ = ("avail", "children", "seat", "squares", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action leads here
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0  # of the scores credited: for the spread of the mean


def _spread(tried: list[tuple[Hashable, _Node]]) -> Callable[[_Node], tuple[float, float]]:
    """Each action's mean score and the variance of that mean (from the spread of its own
    scores, or of all of them for an action tried once)."""
    n = sum(c.visits for _, c in tried)
    mean = sum(c.total for _, c in tried) / n
    pooled = max(sum(c.squares for _, c in tried) / n - mean ** 2, 0.0)

    def of(c: _Node) -> tuple[float, float]:
        m = c.total / c.visits
        var = (c.squares - c.visits * m * m) / (c.visits - 1) if c.visits > 1 else pooled
        return m, max(var, 0.0) / c.visits

    return of


def _choose(tried: list[tuple[Hashable, _Node]], plain: Hashable, margin: float) -> Hashable:
    """The action whose mean score is highest less 1.96 standard errors (an action tried
    often with steady scores beats one that looked good in a few noisy tries); but the plain
    bot's action ``plain`` unless that one's mean is ahead of it by more than ``margin``
    standard errors of the difference: a search leaves the plain bot's move only for one
    it found better, not for one that was lucky in a few worlds."""
    of = _spread(tried)

    def bound(c: _Node) -> float:
        m, v = of(c)
        return m - 1.96 * math.sqrt(v)

    best, node = max(tried, key=lambda kc: (bound(kc[1]), kc[1].visits))
    base = next((c for k, c in tried if k == plain), None)
    if base is None or best == plain:
        return best
    (mb, vb), (mp, vp) = of(node), of(base)
    return best if mb - mp > margin * math.sqrt(vb + vp) else plain


def _paired(paired: dict[Hashable, list[float]], plain: Hashable,
            margin: Callable[[Hashable], float]) -> Hashable:
    """Of the moves whose mean gain over ``plain`` on the same copies is above
    ``margin(move)`` standard errors of that gain, the one with the largest mean gain; else
    ``plain``. A larger bet on the same cards gains its multiple of the smallest bet's score:
    it is taken only if that score is clearly above 0."""
    base = paired[plain]
    best, gain = plain, 0.0
    for k, scores in paired.items():
        n = len(scores)
        if k == plain or n < 2:
            continue
        diffs = [a - b for a, b in zip(scores, base, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > margin(k) * math.sqrt(var / n) and mean > gain:
            best, gain = k, mean
    return best


def _key(action: Any) -> Hashable:
    return action if isinstance(action, Hashable) else repr(action)


@dataclass
class Stats:
    """What the last decisions cost: iterations run, worlds found and not found."""

    decisions: int = 0
    searched: int = 0
    iterations: int = 0
    worlds: int = 0
    failures: int = 0
    seconds: float = 0.0


class ISMCTS:
    """A bot: ``bot(view, legal, rng)`` -> one of ``legal``."""

    def __init__(self, worlds: Callable[[], Worlds], *, budget: Budget,
                 policy: Policy, view_of: Callable[[Any, int], Any] | None = None,
                 epsilon: float = 0.2, margin: float | None = None,
                 reward: Reward | None = None, flat: bool = False,
                 margin_of: Callable[[Any], float | None] | None = None) -> None:
        self.make_worlds = worlds
        self.budget = budget
        self.policy = policy
        self.view_of = view_of or (lambda table, seat: table.view(seat))
        self.epsilon = epsilon
        self.margin = MARGIN if margin is None else margin
        self.reward: Reward = reward or (lambda table: table.result().scores)
        # No tree: each move at the root is played on the same copies of the worlds (the
        # same seed: the same cards drawn later), followed by the plain bot's play, and the
        # move is the one whose paired gain over the plain bot's move is largest and above
        # ``margin`` standard errors (one step of policy improvement; see _paired). For a
        # game with chance between a seat's decisions (a card drawn), where a tree node
        # below the root stands for every draw and makes one choice for all of them.
        self.flat = flat
        # The margin of some moves, if not ``margin`` (None for those that keep it): a flat
        # search's family may ask more of a move that stakes more (see _paired).
        self.margin_of = margin_of
        self.stats = Stats()

    def __call__(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        self.stats.decisions += 1
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        seed = rng.getrandbits(64)  # the search's own generator: one draw from the table's
        move = self._search(view, legal, seed, started)
        self.stats.seconds += time.perf_counter() - started
        return move

    def _search(self, view: Any, legal: Sequence[Any], seed: int, started: float) -> Any:
        rng = random.Random(seed)
        worlds = self.make_worlds()
        worlds.prepare(view)
        # Worlds are found as the search goes (a short search needs few), then reused in turn.
        tables: list[Any] = []  # each world's table at the decision, copied for each use
        frozen: dict[int, Any] = {}  # their tuples that hold nothing that changes
        tries = TRIES
        root = _Node(view.seat)
        bounds = [math.inf, -math.inf]
        budget = self.budget
        i = 0  # iterations (play-outs)
        uses = 0  # of a world
        paired: dict[Hashable, list[float]] = {_key(a): [] for a in legal}
        while True:
            if budget.seconds > 0:
                if i and time.perf_counter() - started >= budget.seconds:
                    break
            elif i >= budget.iterations:
                break
            if len(tables) < WORLDS and tries > 0 and uses % REUSE == 0:
                found, used = find_worlds(worlds, rng, wanted=1, tries=min(tries, TRIES // 8))
                tables += [table for _, table in found]
                tries -= used
            if not tables:
                if tries > 0:
                    continue
                break
            # Each copy's chance events (cards a stock deals later) are drawn afresh.
            world, chance = tables[uses % len(tables)], rng.getrandbits(32)
            uses += 1
            if self.flat:
                self._pair(world, chance, frozen, legal, view.seat, paired)
                i += len(legal)
                continue
            self._iterate(root, clone(world, chance, frozen), rng, bounds)
            i += 1
        self.stats.searched += 1
        self.stats.worlds += len(tables)
        self.stats.iterations += i
        if not tables:
            self.stats.failures += 1
            return self.policy(view, legal, rng)
        keys = {_key(a): a for a in legal}
        if self.flat:
            plain = _key(self.policy(view, legal, random.Random(seed)))
            return keys[_paired(paired, plain, self._margins(keys))]
        tried = [(k, c) for k, c in root.children.items() if k in keys and c.visits]
        if not tried:
            return self.policy(view, legal, rng)
        plain = _key(self.policy(view, legal, random.Random(seed)))
        return keys[_choose(tried, plain, self.margin)]

    def _margins(self, keys: dict[Hashable, Any]) -> Callable[[Hashable], float]:
        """Each move's margin, by its key."""
        of, margin = self.margin_of, self.margin
        if of is None:
            return lambda k: margin
        margins = {k: of(a) for k, a in keys.items()}
        return lambda k: margin if (m := margins[k]) is None else m

    def _iterate(self, root: _Node, table: Any, rng: random.Random,
                 bounds: list[float]) -> None:
        node, path = root, []
        while not table.over:  # selection, then expansion of one node
            legal = table.legal_actions()
            keyed = [(_key(a), a) for a in legal]
            untried = [(k, a) for k, a in keyed if k not in node.children]
            for k, _ in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            seat = table.seat
            if untried:
                # The plain bot's move first: a short search then plays at least as it does.
                first = _key(self.policy(self.view_of(table, seat), legal, rng))
                k, a = next(((k, a) for k, a in untried if k == first),
                            untried[rng.randrange(len(untried))])
                node.children[k] = node = _Node(seat)
                path.append(node)
                table.apply(a)
                break
            lo, hi = bounds
            span = hi - lo if hi > lo else 1.0
            best, k, a = -math.inf, keyed[0][0], keyed[0][1]
            for key, action in keyed:
                c = node.children[key]
                if not c.visits:
                    score = math.inf
                else:
                    score = (c.total / c.visits - lo) / span + EXPLORE * math.sqrt(
                        math.log(max(c.avail, 1)) / c.visits)
                if score > best:
                    best, k, a = score, key, action
            node = node.children[k]
            path.append(node)
            table.apply(a)
        self._play_out(table, rng)
        if not table.over:
            return
        scores = self.reward(table)
        bounds[0] = min(bounds[0], *scores)
        bounds[1] = max(bounds[1], *scores)
        for n in path:
            n.visits += 1
            n.total += scores[n.seat]
            n.squares += scores[n.seat] ** 2

    def _play_out(self, table: Any, rng: random.Random) -> None:
        steps = 0
        while not table.over and steps < MAX_STEPS:
            legal = table.legal_actions()
            if len(legal) == 1 or rng.random() < self.epsilon:
                a = legal[rng.randrange(len(legal))]
            else:
                a = self.policy(self.view_of(table, table.seat), legal, rng)
            table.apply(a)
            steps += 1

    def _pair(self, world: Any, chance: int, frozen: dict[int, Any], legal: Sequence[Any],
              seat: int, paired: dict[Hashable, list[float]]) -> None:
        """Every legal move on a copy of ``world`` with the same chance, played out; the
        seat's rewards are kept only if every play-out ended."""
        got = []
        for a in legal:
            table = clone(world, chance, frozen)
            table.apply(a)
            self._play_out(table, random.Random(chance))
            if not table.over:
                return
            got.append((_key(a), self.reward(table)[seat]))
        for k, r in got:
            paired[k].append(r)
