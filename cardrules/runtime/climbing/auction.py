"""Bidding for a role, once around the table (the ``auction`` block of a climbing game).

Each seat in turn, from the first bidder, bids higher than the standing bid or passes; a bid of
``ends_at`` or more ends the auction at once. The highest bidder wins. When every seat passes,
the game says what happens: a new deal (``again``) or the first bidder takes the lowest bid
(``first``). Nothing here knows a game: the bids come from the compiled module."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bid:
    """A seat's word in the auction: a bid, or a pass (``value`` 0)."""

    value: int

    @property
    def is_pass(self) -> bool:
        return self.value == 0

    def __str__(self) -> str:
        return "pass" if self.value == 0 else f"bid {self.value}"


NO_BID = Bid(0)


class _Bids(dict[int, Bid]):
    """Each bid's Bid, made the first time it is asked for and shared after (a Bid is
    frozen: a legal list of bids is made at every turn of an auction)."""

    def __missing__(self, value: int) -> Bid:
        made = self[value] = Bid(value)
        return made


_BIDS = _Bids()


class Auction:
    """One auction: ``seat`` speaks next; ``over`` once decided; ``winner`` (-1: all passed)."""

    def __init__(self, bids: tuple[int, ...], *, first: int, seats: int, ends_at: int,
                 all_pass: str) -> None:
        self.bids = bids
        self.first = first
        self.seats = seats
        self.ends_at = ends_at
        self.all_pass = all_pass
        self.seat = first
        self.spoken = 0
        self.high = 0  # the standing bid
        self.winner = -1
        self.over = False
        self.said: list[tuple[int, Bid]] = []

    def legal(self) -> list[Bid]:
        """The bids above the standing one, then the pass."""
        if self.over:
            return []
        high, made = self.high, _BIDS
        return [made[b] for b in self.bids if b > high] + [NO_BID]

    def parse(self, text: str) -> Bid | None:
        """A person's word: ``pass`` (or ``p``), ``bid 2`` or ``2``; None if it is neither."""
        words = text.strip().lower().split()
        if words in (["pass"], ["p"], ["-"]):
            return NO_BID
        if len(words) == 2 and words[0] == "bid":
            words = words[1:]
        if len(words) == 1 and words[0].isdigit() and len(words[0]) <= 6:
            return Bid(int(words[0]))
        return None

    def why_illegal(self, bid: Bid) -> str:
        if bid.value not in self.bids:
            return f"the bids are {', '.join(map(str, self.bids))}, or pass"
        return f"bid higher than {self.high}, or pass"

    def apply(self, bid: Bid) -> None:
        """Record a legal bid (the caller checked it against ``legal()``)."""
        self.said.append((self.seat, bid))
        self.spoken += 1
        if not bid.is_pass:
            self.high, self.winner = bid.value, self.seat
        if (self.ends_at and self.high >= self.ends_at) or self.spoken >= self.seats:
            self.over = True
            if self.winner < 0 and self.all_pass == "first":
                self.high, self.winner = self.bids[0], self.first
            return
        self.seat = (self.seat + 1) % self.seats
