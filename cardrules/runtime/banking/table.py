"""The table driver of the banking family: a banker against players. Bets, the deal with
face-down cards, the actions on each hand (draw, stop, a multiplied bet, a split), the
banker's play, and the settlement. Every rule it applies comes from the compiled module."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from ...cards import format_cards
from ..core import GameModule, IllegalMove, SeatQuantities


class Hand:
    """One hand: a seat's cards and its bet. After a split a seat holds several."""

    __slots__ = ("seat", "cards", "bet", "split", "done", "total", "soft", "hidden")

    def __init__(self, seat: int, cards: list[int], bet: int, *, split: bool = False,
                 hidden: int = 0) -> None:
        self.seat = seat
        self.cards = cards
        self.bet = bet
        self.split = split  # made by splitting another hand
        self.done = False
        self.total = 0
        self.soft = False
        self.hidden = hidden  # how many of the first cards are face down

    def __repr__(self) -> str:
        return f"Hand(seat={self.seat}, {format_cards(self.cards)}, bet={self.bet})"


class BankView(Protocol):
    """The named quantities banking formulas read (compiler/check_banking.py)."""

    def seats(self) -> tuple[int, ...]: ...
    def others(self, seat: int) -> tuple[int, ...]: ...
    def seat_count(self) -> int: ...
    def banker_seat(self) -> int: ...
    def banker_hand(self) -> Hand: ...
    def hands_of(self, seat: int) -> tuple[Hand, ...]: ...
    def hand_count(self, seat: int) -> int: ...
    def owner(self, h: Hand) -> int: ...
    def hand_total(self, h: Hand) -> int: ...
    def is_soft(self, h: Hand) -> bool: ...
    def busted(self, h: Hand) -> bool: ...
    def card_count(self, h: Hand) -> int: ...
    def card_value(self, h: Hand, i: int) -> int: ...
    def from_split(self, h: Hand) -> bool: ...
    def bet_of(self, h: Hand) -> int: ...


class BankingModule(GameModule, Protocol):
    """What a generated banking module provides (checked by mypy on the generated code),
    besides what every family's does (GameModule)."""

    PLAYERS_MAX: int
    DEAL_EACH: int
    HIDDEN: int
    BANKER: int
    BETS: tuple[int, ...]
    VALUE: tuple[int, ...]
    SOFT_CARDS: frozenset[int]
    BUST: int
    CARD_READS: int
    PAYOUT_READS: frozenset[str]
    PAYOUT_CARD_READS: int
    ACTIONS: tuple[str, ...]
    LABELS: tuple[str, ...]
    ACTION_BET: tuple[int, ...]
    ACTION_SPLIT: tuple[bool, ...]
    ACTION_DRAW: tuple[int, ...]
    ACTION_STOP: tuple[bool, ...]
    BANKER_DECIDES: bool

    @property
    def hand_total(self) -> Callable[[Sequence[int]], tuple[int, bool]]: ...
    @property
    def WHEN(self) -> tuple[Callable[[BankView, Hand], bool], ...]: ...  # noqa: N802
    @property
    def banker_action(self) -> Callable[[BankView], int]: ...
    @property
    def showdown_early(self) -> Callable[[BankView], bool]: ...
    @property
    def score(self) -> Callable[[BankView], tuple[int, ...]]: ...
    @property
    def payout(self) -> Callable[[BankView, Hand], int]: ...
    @property
    def accumulate(self) -> Callable[[BankView], tuple[int, ...]]: ...
    @property
    def ends_match(self) -> Callable[[BankView], bool]: ...


class BankAction(NamedTuple):
    """A move: an action of the rules (its place in ACTIONS), or a bet (index -1)."""

    act: int
    name: str
    amount: int = 0

    def __str__(self) -> str:
        return f"bet {self.amount}" if self.act < 0 else self.name


@dataclass(frozen=True, kw_only=True)
class HandResult:
    seat: int
    cards: tuple[int, ...]
    bet: int
    total: int
    payout: int  # what the hand won (+) or lost (-), by the rules' payout


@dataclass(frozen=True, kw_only=True)
class Result:
    scores: tuple[int, ...]  # each seat's result, in chips (bets are in chips)
    hands: tuple[HandResult, ...]  # every player's hand at the end, in seat order
    banker: HandResult  # the banker's hand (its payout is 0: the banker settles by score)
    bets: tuple[int, ...]  # each seat's first bet (0 for the banker)
    early: bool  # the showdown came straight after the deal

    @property
    def outcomes(self) -> tuple[int, ...]:
        return tuple(h.payout for h in self.hands)


@dataclass(frozen=True, kw_only=True)
class SeatView:
    """What one seat may know: its own cards, others' face-up cards, the bets, the actions."""

    seat: int
    banker: int
    phase: str  # bet play over
    bets: tuple[int, ...]
    hands: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, per hand; -1: face down
    hand_bets: tuple[tuple[int, ...], ...]
    acting: tuple[int, int]  # (seat, hand index) whose turn it is, (-1, -1) if none
    history: tuple[tuple[int, str], ...]
    unseen: int  # cards this seat has not seen: the stock and others' face-down cards


class HandsView(SeatQuantities):
    """The quantities formulas read, over hands laid out per seat (a table, or a made-up
    showdown for a worked example or a bot's reckoning)."""

    def __init__(self, m: BankingModule, hands: list[list[Hand]], banker: int) -> None:
        self.m = m
        self.hands = hands
        self.banker = banker
        self.n = len(hands)

    def banker_seat(self) -> int:
        return self.banker

    def banker_hand(self) -> Hand:
        return self.hands[self.banker][0]

    def hands_of(self, seat: int) -> tuple[Hand, ...]:
        return tuple(self.hands[seat])

    def hand_count(self, seat: int) -> int:
        return len(self.hands[seat])

    def owner(self, h: Hand) -> int:
        return h.seat

    def hand_total(self, h: Hand) -> int:
        return h.total

    def is_soft(self, h: Hand) -> bool:
        return h.soft

    def busted(self, h: Hand) -> bool:
        return h.total > self.m.BUST

    def card_count(self, h: Hand) -> int:
        return len(h.cards)

    def card_value(self, h: Hand, i: int) -> int:
        return self.m.VALUE[h.cards[i - 1]] if 1 <= i <= len(h.cards) else 0

    def from_split(self, h: Hand) -> bool:
        return h.split

    def bet_of(self, h: Hand) -> int:
        return h.bet


def made_hand(m: BankingModule, seat: int, cards: Sequence[int], bet: int,
              split: bool = False) -> Hand:
    """A hand with its total computed."""
    h = Hand(seat, list(cards), bet, split=split)
    h.total, h.soft = m.hand_total(h.cards)
    return h


_MOVES: dict[tuple[tuple[str, ...], tuple[int, ...]],
             tuple[tuple[BankAction, ...], tuple[BankAction, ...]]] = {}


def _moves(m: BankingModule) -> tuple[tuple[BankAction, ...], tuple[BankAction, ...]]:
    """The module's actions and bets as moves, made once per set of actions and bets (not
    per module id: a module's id is reused once it is freed, and the fuzzer loads many)."""
    key = (m.ACTIONS, m.BETS)
    found = _MOVES.get(key)
    if found is None:
        found = (tuple(BankAction(i, name) for i, name in enumerate(m.ACTIONS)),
                 tuple(BankAction(-1, "bet", b) for b in m.BETS))
        if len(_MOVES) > 1000:
            _MOVES.clear()
        _MOVES[key] = found
    return found


class Table(HandsView):
    """One round. ``seat`` is whose turn it is; ``legal_actions()`` what it may do."""

    def __init__(self, m: BankingModule, *, seed: int | str | None = None,
                 players: int | None = None, stock: Sequence[int] | None = None) -> None:
        n = m.PLAYERS if players is None else players
        if not m.PLAYERS <= n <= m.PLAYERS_MAX:
            raise ValueError(f"{m.NAME} seats {m.PLAYERS} to {m.PLAYERS_MAX}, not {n}")
        super().__init__(m, [[] for _ in range(n)], m.BANKER)
        self.rng = random.Random(seed)
        # A given stock is dealt from its start; otherwise each card is drawn at random from
        # the cards left, which deals exactly like shuffling the deck first.
        self.stacked = stock is not None
        self.stock: list[int] = list(reversed(stock)) if stock is not None else \
            list(m.DECK) * m.COPIES
        self.moves, self.bet_moves = _moves(m)
        self.order = [(m.BANKER + 1 + i) % n for i in range(n - 1)]  # the players
        self.bets = [0] * n
        self.history: list[tuple[int, BankAction]] = []
        self.phase = "bet"
        self.early = False
        self.seat = self.order[0]
        self.hand_index = -1
        self.over = False
        self._legal: list[BankAction] | None = None
        self._scores: tuple[int, ...] | None = None

    # ------------------------------------------------------------ cards
    def draw(self) -> int:
        stock = self.stock
        if not stock:
            raise IllegalMove("the stock is empty")
        if self.stacked:
            return stock.pop()
        i = self.rng.randrange(len(stock))
        card = stock[i]
        stock[i] = stock[-1]
        stock.pop()
        return card

    def card_for(self, h: Hand) -> int:
        """The card the hand ``h`` is dealt next: from the stock (a table that deals from
        elsewhere, such as a search bot's sampled world, says so here)."""
        return self.draw()

    def _take(self, h: Hand, count: int) -> None:
        for _ in range(count):
            h.cards.append(self.card_for(h))
        h.total, h.soft = self.m.hand_total(h.cards)

    def _deal(self) -> None:
        m = self.m
        for s in [*self.order, self.banker]:
            h = Hand(s, [], self.bets[s], hidden=m.HIDDEN)
            self._take(h, m.DEAL_EACH)
            self.hands[s] = [h]
        self.phase = "play"
        if m.showdown_early(self):
            self.early = True
            self._finish()
            return
        self._next_hand(0)

    # ------------------------------------------------------------ turns
    def current(self) -> Hand | None:
        if self.phase != "play" or self.hand_index < 0:
            return None
        return self.hands[self.seat][self.hand_index]

    def _legal_for(self, h: Hand) -> list[BankAction]:
        m = self.m
        out = []
        for i, when in enumerate(m.WHEN):
            need = m.ACTION_DRAW[i] * (2 if m.ACTION_SPLIT[i] else 1)
            if m.ACTION_SPLIT[i] and len(h.cards) != 2:
                continue  # a split makes two hands of a hand's two cards
            if need > len(self.stock) or not when(self, h):
                continue
            out.append(self.moves[i])
        return out

    def _choices(self, h: Hand) -> list[BankAction]:
        """The legal actions on a hand, or none when the only one is to stop (a hand at 21
        stands by itself): the stop is recorded, and the hand is over."""
        m = self.m
        legal = self._legal_for(h)
        if len(legal) == 1:
            a = legal[0].act
            if m.ACTION_STOP[a] and not m.ACTION_DRAW[a] and not m.ACTION_SPLIT[a] \
                    and m.ACTION_BET[a] == 1:
                self.history.append((h.seat, legal[0]))
                return []
        return legal

    def _next_hand(self, start: int) -> None:
        """Move to the first hand still to play, from the seat's hand ``start`` on; the
        banker plays last, by its policy unless it decides like a seat."""
        m = self.m
        seats = [*self.order, self.banker]
        k = seats.index(self.seat) if self.hand_index >= 0 else 0
        i = start
        while k < len(seats):
            s = seats[k]
            hands = self.hands[s]
            while i < len(hands):
                h = hands[i]
                if not h.done and h.total <= m.BUST:
                    self._legal = self._choices(h)
                    if self._legal:
                        if s == self.banker and not m.BANKER_DECIDES:
                            self.seat, self.hand_index = s, i
                            self._banker_policy(h)
                            return
                        self.seat, self.hand_index = s, i
                        return
                h.done = True
                i += 1
            k += 1
            i = 0
        self._finish()

    def _banker_policy(self, h: Hand) -> None:
        m = self.m
        while not h.done and h.total <= m.BUST:
            a = m.banker_action(self)
            if m.ACTION_DRAW[a] > len(self.stock):
                break
            self.history.append((self.banker, self.moves[a]))
            self._take(h, m.ACTION_DRAW[a])
            if m.ACTION_STOP[a]:
                h.done = True
        h.done = True
        self._finish()

    # ------------------------------------------------------------ acting
    def legal_actions(self) -> list[BankAction]:
        if self.over:
            return []
        if self.phase == "bet":
            return list(self.bet_moves)
        if self._legal is None:
            h = self.current()
            self._legal = [] if h is None else self._legal_for(h)
        return self._legal

    def parse_action(self, move: BankAction | str) -> BankAction:
        if isinstance(move, BankAction):
            return move
        words = str(move).strip().lower().split()
        if len(words) == 2 and words[0] == "bet" and words[1].isascii() and words[1].isdigit():
            if len(words[1]) > 18:  # (a bet is far smaller: no number of any length is read)
                raise IllegalMove(f"a bet of {len(words[1])} digits is not among the bets: "
                                  "bet N, N one of the bets the table offers")
            return BankAction(-1, "bet", int(words[1]))
        if len(words) == 1 and words[0] in self.m.ACTIONS:
            i = self.m.ACTIONS.index(words[0])
            return BankAction(i, words[0])
        known = ", ".join(self.m.ACTIONS)
        raise IllegalMove(f"'{str(move).strip()}' is not a move: type one of {known}, or "
                          "bet N")

    def apply(self, move: BankAction | str) -> BankAction:
        """Make a move for the seat whose turn it is; raises IllegalMove, changing nothing."""
        if self.over:
            raise IllegalMove("the round is over")
        mv = self.parse_action(move)
        legal = self.legal_actions()
        if mv not in legal:
            raise IllegalMove(self._why(mv))
        self.history.append((self.seat, mv))
        self._legal = None
        if mv.act < 0:
            self._bet(mv.amount)
        else:
            self._act(mv.act)
        return mv

    def _why(self, mv: BankAction) -> str:
        if self.phase == "bet":
            bets = self.m.BETS
            return (f"seat {self.seat} bets now: bet {bets[0]} to {bets[-1]}" if mv.act >= 0
                    else f"a bet is one of {', '.join(map(str, bets))}, not {mv.amount}")
        if mv.act < 0:
            return "the bets are made"
        return f"{mv.name} is not allowed on this hand now"

    def _bet(self, amount: int) -> None:
        self.bets[self.seat] = amount
        k = self.order.index(self.seat) + 1
        if k < len(self.order):
            self.seat = self.order[k]
        else:
            self._deal()

    def _act(self, a: int) -> None:
        m = self.m
        h = self.hands[self.seat][self.hand_index]
        h.bet *= m.ACTION_BET[a]
        hands = [h]
        if m.ACTION_SPLIT[a]:
            other = Hand(h.seat, [h.cards.pop()], h.bet, split=True)
            h.split = True
            h.hidden = 0  # splitting shows both cards
            self.hands[self.seat].insert(self.hand_index + 1, other)
            hands.append(other)
        for x in hands:
            self._take(x, m.ACTION_DRAW[a])
        if m.ACTION_STOP[a] or h.total > m.BUST:
            h.done = True
        if h.done:
            self._next_hand(self.hand_index + 1)
        else:
            self._legal = self._choices(h)
            if not self._legal:
                h.done = True
                self._next_hand(self.hand_index + 1)

    # ------------------------------------------------------------ the end
    def _finish(self) -> None:
        self.phase = "over"
        self.over = True
        self.hand_index = -1
        self._legal = []
        self._scores = self.m.score(self)

    def result(self) -> Result:
        if not self.over or self._scores is None:
            raise IllegalMove("the round is not over yet")
        m = self.m
        hands = tuple(HandResult(seat=h.seat, cards=tuple(h.cards), bet=h.bet, total=h.total,
                                 payout=m.payout(self, h))
                      for s in self.order for h in self.hands[s])
        b = self.banker_hand()
        return Result(scores=self._scores, hands=hands,
                      banker=HandResult(seat=self.banker, cards=tuple(b.cards), bet=0,
                                        total=b.total, payout=0),
                      bets=tuple(self.bets), early=self.early)

    # ------------------------------------------------------------ what a seat sees
    def view(self, seat: int) -> SeatView:
        shown = []
        unseen = len(self.stock)
        for s, hands in enumerate(self.hands):
            row = []
            for h in hands:
                cards = tuple(h.cards)
                if s != seat and not self.over and h.hidden:
                    cards = (-1,) * h.hidden + cards[h.hidden:]
                    unseen += h.hidden
                row.append(cards)
            shown.append(tuple(row))
        return SeatView(seat=seat, banker=self.banker, phase=self.phase, bets=tuple(self.bets),
                        hands=tuple(shown),
                        hand_bets=tuple(tuple(h.bet for h in hs) for hs in self.hands),
                        acting=(self.seat, self.hand_index) if self.hand_index >= 0
                        else (self.seat if self.phase == "bet" else -1, -1),
                        history=tuple((s, str(a)) for s, a in self.history), unseen=unseen)
