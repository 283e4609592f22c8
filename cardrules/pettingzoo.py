"""A PettingZoo environment for any rules file (the optional extra
``pip install 'cardrules[pettingzoo]'``).

``cardrules.pettingzoo.env("tractor")`` is an AEC environment of one round of the game: agents
``player_0`` ... (seat order), a fixed ``Discrete`` action space per game, and observations
``{"observation": float32 array, "action_mask": int8 array}``. The observation is the acting
seat's view: its own hand as card counts and what every seat may see (cards played, hand
sizes, bids, the trick); never another seat's hidden cards. Rewards are the round's scores,
given when it ends. ``reset(seed=N)`` deals the same round again.

Nothing here knows a game: the action and observation layouts are built from the compiled
module (its deck, seats, bids, banking actions) and each family's seat view. The encodings
are documented in docs/pettingzoo.md.

Actions are decided one card at a time where a choice of several cards would be too wide:
- climbing: 54 "add card c to the play being built" actions, then "play the cards chosen",
  "pass", and one action per bid of the auction. A card is offered only while some legal
  play holds the cards chosen and it, so a play that is begun can always be finished.
- tricks: the table's own decisions: 54 "card c", 54 "bury c", "done", "pass", and one action
  per (bid level, cards shown) the rules allow.
- banking: one action per bet, then one per action of the rules (hit, stand, ...).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from .cards import BIG_JOKER
from .families.banking.game import BankingGame
from .families.climbing.game import ClimbingGame
from .game import Game, is_climbing, is_tricks, load
from .runtime.tricks.deal import bid_cards

CARDS = BIG_JOKER + 1  # card codes 0-53: S2..SA, H2.., C2.., D2.. by suit then rank; LJ, BJ
HIGH = 10_000.0  # every observation entry lies in [0, HIGH]

Obs = dict[str, np.ndarray[Any, Any]]


def _counts(cards: Sequence[int] | Counter[int]) -> list[float]:
    out = [0.0] * CARDS
    items = cards.items() if isinstance(cards, Counter) else ((c, 1) for c in cards)
    for c, k in items:
        if 0 <= c < CARDS:
            out[c] += k
    return out


def _one_hot(i: int, n: int) -> list[float]:
    out = [0.0] * n
    if 0 <= i < n:
        out[i] = 1.0
    return out


class _Codec:
    """A family's action indices and observation layout."""

    size: int  # actions
    width: int  # observation entries

    def __init__(self, game: Any, n: int) -> None:
        self.game = game
        self.n = n

    def new_table(self, seed: int) -> Any:
        raise NotImplementedError

    def legal(self, table: Any) -> dict[int, Any]:
        """The legal actions by index, for the seat whose turn it is."""
        raise NotImplementedError

    def apply(self, table: Any, index: int, action: Any) -> None:
        table.apply(action)

    def observe(self, table: Any, seat: int) -> list[float]:
        raise NotImplementedError

    def rel(self, seat: int, me: int) -> int:
        """Seats are listed from the viewer: itself first, then the next seat in turn."""
        return (seat - me) % self.n if seat >= 0 else -1

    def per_seat(self, values: Sequence[float], me: int) -> list[float]:
        return [float(values[(me + i) % self.n]) for i in range(self.n)]


# ------------------------------------------------------------------ climbing
class _Climbing(_Codec):
    """Cards one at a time: 0-53 add card c; 54 play the cards chosen; 55 pass; 56+ bids."""

    PLAY, PASS = CARDS, CARDS + 1

    def __init__(self, game: ClimbingGame, n: int) -> None:
        super().__init__(game, n)
        self.m = game.module
        self.bids = tuple(self.m.AUCTION_BIDS)
        self.size = CARDS + 2 + len(self.bids)
        self.width = 5 * CARDS + self.n * CARDS + 5 * self.n + 2
        self.chosen: list[int] = []  # the acting seat's play being built
        self._cands: list[tuple[tuple[int, ...], Counter[int]]] | None = None

    def new_table(self, seed: int) -> Any:
        self.chosen, self._cands = [], None
        return self.game.new_table(seed=seed, seats=["random"] * self.n)

    def candidates(self, table: Any) -> list[tuple[tuple[int, ...], Counter[int]]]:
        """The legal plays that hold the cards chosen so far, with what each lacks."""
        if self._cands is None:
            have = Counter(self.chosen)
            self._cands = [(cards, left) for cards in table.legal_moves() if cards
                           for left in [Counter(cards) - have]
                           if sum(left.values()) == len(cards) - len(self.chosen)]
        return self._cands

    def legal(self, table: Any) -> dict[int, Any]:
        if table.over:
            return {}
        if table.bidding:
            return {self.PASS if b.is_pass else self.PASS + 1 + self.bids.index(b.value): b
                    for b in table.legal_actions()}
        out: dict[int, Any] = {}
        for cards, left in self.candidates(table):
            for c in left:
                out[c] = c
            if not left:
                out[self.PLAY] = cards
        if not self.chosen and () in table.legal_moves():
            out[self.PASS] = "pass"
        return out

    def apply(self, table: Any, index: int, action: Any) -> None:
        if index < CARDS:
            self.chosen.append(index)
            self._cands = [(cards, left) for cards, left in self.candidates(table)
                           if left[index] > 0
                           for left in [left - Counter([index])]]
            return
        self.chosen, self._cands = [], None
        table.apply(action)

    def observe(self, table: Any, seat: int) -> list[float]:
        view = table.view(seat)
        played: list[list[int]] = [[] for _ in range(self.n)]
        for s, mv in table.history:  # plays are public
            played[s].extend(mv.cards)
        obs = _counts(view.hand)
        obs += _counts(self.chosen if seat == table.seat else [])
        obs += _counts(view.to_beat)
        obs += _counts(view.shown)
        obs += _counts([c for p in played for c in p])
        for i in range(self.n):
            obs += _counts(played[(seat + i) % self.n])
        obs += self.per_seat(view.hand_sizes, seat)
        place = {s: k + 1 for k, s in enumerate(view.places)}
        obs += [float(place.get((seat + i) % self.n, 0)) for i in range(self.n)]
        obs += _one_hot(self.rel(view.last_player, seat), self.n)
        obs += [0.0 if k is None else k + 1.0 for k in
                (view.known_sides[(seat + i) % self.n] for i in range(self.n))]
        obs += _one_hot(self.rel(view.leader, seat), self.n)
        obs += [1.0 if view.bidding else 0.0, float(view.bid)]
        return obs


# ------------------------------------------------------------------ tricks
class _Tricks(_Codec):
    """0-53 card c; 54-107 bury c; 108 done; 109 pass; 110+ bids (level, cards shown)."""

    BURY, DONE, PASS, BID = CARDS, 2 * CARDS, 2 * CARDS + 1, 2 * CARDS + 2
    PHASES = ("deal", "last bids", "bury", "play", "over")

    def __init__(self, game: Any, n: int) -> None:
        super().__init__(game, n)
        self.m = game.module
        bids: dict[tuple[int, tuple[int, ...]], int] = {}
        for level, options in enumerate(self.m.BIDS):
            for option in options:
                for rank in range(13):  # a trump-rank bid: each rank, as levels change it
                    for cards in bid_cards(option, rank):
                        bids.setdefault((level, cards), self.BID + len(bids))
        self.bid_index = bids
        self.size = self.BID + len(bids)
        self.width = len(self.PHASES) + 4 * CARDS + 2 * self.n * CARDS + 4 * self.n + 5 + 13 + 2

    def new_table(self, seed: int) -> Any:
        return self.game.new_table(seed=seed, seats=["random"] * self.n)

    def legal(self, table: Any) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for a in table.legal_actions():
            if a.kind == "card":
                out[a.card] = a
            elif a.kind == "bury":
                out[self.BURY + a.card] = a
            elif a.kind == "done":
                out[self.DONE] = a
            elif a.kind == "pass":
                out[self.PASS] = a
            else:
                out[self.bid_index[(a.level, a.cards)]] = a
        return out

    def observe(self, table: Any, seat: int) -> list[float]:
        view = table.view(seat)
        obs = _one_hot(self.PHASES.index(view.phase) if view.phase in self.PHASES else -1,
                       len(self.PHASES))
        obs += _counts(view.hand)
        obs += _counts(view.selection)
        obs += _counts(view.kitty)  # the dealer's own: the kitty taken, then what it buried
        last = table.bids[-1] if table.bids else None  # bids are shown to every seat
        obs += _counts(last.cards if last else [])
        obs += _one_hot(self.rel(last.seat, seat) if last else -1, self.n)
        trick: list[list[int]] = [[] for _ in range(self.n)]
        for s, cards in view.trick:
            trick[self.rel(s, seat)].extend(cards)
        for cards in trick:
            obs += _counts(cards)
        won: list[list[int]] = [[] for _ in range(self.n)]
        for t in view.tricks:
            for s, cards in t.plays:
                won[self.rel(s, seat)].extend(cards)
        for cards in won:
            obs += _counts(cards)
        obs += _one_hot(self.rel(view.dealer, seat), self.n)
        obs += self.per_seat(view.levels, seat)
        lead = view.trick[0][0] if view.trick else -1
        obs += _one_hot(self.rel(lead, seat), self.n)
        suit = view.trump.suit if view.trump is not None else -2
        obs += _one_hot(4 if suit == -1 else suit, 5)
        obs += _one_hot(view.trump.rank if view.trump is not None else -1, 13)
        obs += [float(view.defender_points), float(len(view.tricks))]
        return obs


# ------------------------------------------------------------------ banking
class _Banking(_Codec):
    """0..B-1 the bets; B.. the rules' actions (hit, stand, double, split, ...)."""

    PHASES = ("bet", "play", "over")

    def __init__(self, game: BankingGame, n: int) -> None:
        super().__init__(game, n)
        self.m = game.module
        self.bets = tuple(self.m.BETS)
        self.size = len(self.bets) + len(self.m.ACTIONS)
        self.width = len(self.PHASES) + self.n * CARDS + CARDS + 6 * self.n + 1

    def new_table(self, seed: int) -> Any:
        return self.game.new_table(seed=seed, seats=["random"] * self.n)

    def legal(self, table: Any) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for a in table.legal_actions():
            out[self.bets.index(a.amount) if a.act < 0 else len(self.bets) + a.act] = a
        return out

    def observe(self, table: Any, seat: int) -> list[float]:
        view = table.view(seat)
        obs = _one_hot(self.PHASES.index(view.phase), len(self.PHASES))
        for i in range(self.n):
            s = (seat + i) % self.n
            obs += _counts([c for h in view.hands[s] for c in h if c >= 0])
        acting, hand = view.acting
        mine = view.hands[seat][hand] if acting == seat and hand >= 0 else ()
        obs += _counts(mine)  # the hand this seat is deciding on
        obs += self.per_seat(view.bets, seat)
        obs += [float(sum(h.count(-1) for h in view.hands[(seat + i) % self.n]))
                for i in range(self.n)]
        obs += [float(len(view.hands[(seat + i) % self.n])) for i in range(self.n)]
        obs += [float(sum(view.hand_bets[(seat + i) % self.n])) for i in range(self.n)]
        obs += _one_hot(self.rel(view.banker, seat), self.n)
        obs += _one_hot(self.rel(acting, seat), self.n)
        obs += [float(view.unseen)]
        return obs


# ------------------------------------------------------------------ the environment
class CardrulesEnv(AECEnv):  # type: ignore[misc]
    """One round of a cardrules game as a PettingZoo AEC environment."""

    def __init__(self, game: str | Path | Game, *, players: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        g = load(game) if isinstance(game, (str, Path)) else game
        self.game = g
        if isinstance(g, BankingGame):
            n = players or g.players
            if not g.players <= n <= g.players_max:
                raise ValueError(f"{g.name} seats {g.players} to {g.players_max}, not {n}")
            self.codec: _Codec = _Banking(g, n)
        elif players not in (None, g.players):
            raise ValueError(f"{g.name} has {g.players} seats, not {players}")
        elif is_tricks(g):
            self.codec = _Tricks(g, g.players)
        else:
            assert is_climbing(g)
            self.codec = _Climbing(g, g.players)
        n = self.codec.n
        self.metadata = {"name": f"cardrules_{g.name}_v0", "render_modes": ["ansi"],
                         "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, HIGH, (self.codec.width,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self._rng = random.Random()
        self._seed = 0
        self.table: Any = None
        self._legal: dict[int, Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------ episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new round: dealt from ``seed``, or from the next seed of the environment's own
        generator (itself seeded by the last ``seed`` given)."""
        if seed is not None:
            self._rng.seed(seed)
        self._seed = self._rng.randrange(2 ** 62)
        self.table = self.codec.new_table(self._seed)
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.seat]
        if self.table.over:
            self._end()
            self._accumulate_rewards()

    def seed(self, seed: int | None = None) -> None:
        """Seed the environment's generator (the older PettingZoo call): the next ``reset()``
        deals as ``reset(seed=seed)`` does."""
        self._rng.seed(seed)

    def legal(self) -> dict[int, Any]:
        if self._legal is None:
            self._legal = self.codec.legal(self.table)
        return self._legal

    def observe(self, agent: str) -> Obs:
        seat = self.possible_agents.index(agent)
        obs = np.clip(np.asarray(self.codec.observe(self.table, seat), dtype=np.float32),
                      0.0, HIGH)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if not self.table.over and seat == self.table.seat:
            mask[list(self.legal())] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action)
        legal = self.legal()
        if index not in legal:
            raise ValueError(f"action {index} is not legal for {agent} now (see the "
                             "observation's action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.codec.apply(self.table, index, legal[index])
        self._legal = None
        if self.table.over:
            self._end()
        else:
            self.agent_selection = self.possible_agents[self.table.seat]
        self._accumulate_rewards()

    def _end(self) -> None:
        scores = self.table.result().scores
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(scores[i])
            self.terminations[a] = True

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        t = self.table
        view = t.view(t.seat)
        return f"{self.game.name}: seat {t.seat} to act; {view}"

    def close(self) -> None:
        pass


def env(game: str | Path | Game, **kwargs: Any) -> CardrulesEnv:
    """The AEC environment of a built-in game name, a .rules path, or a loaded game."""
    return CardrulesEnv(game, **kwargs)


raw_env = CardrulesEnv
