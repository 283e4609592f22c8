"""One seat's cards as the generated generators read them, kept up to date as the seat plays.

A table keeps one ``SeatHand`` per seat and removes the cards of each play from it, so a
generator never sorts or splits a hand again: it reads what it needs (the cards in CARD_KEY
order and their keys, the cards of each rank, which ranks are present, how many cards the
largest rank has, how many cards each suit has, the hand's single plays) from the fields."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter

from ..protocol import Play

# ``SeatHand.at_least`` has an entry for every number of cards up to this one, at least.
AT_LEAST = 16


class SeatHand:
    """A hand in CARD_KEY order and what the generators read of it.

    - ``cards``: the cards, in CARD_KEY order (the list the table keeps as the seat's hand);
    - ``keys``: ``CARD_KEY`` of each card, in the same order (for bisection);
    - ``by_rank``: rank -> the cards of that rank, ranks in the order of the hand (what
      ``split_by_rank`` gives);
    - ``ranks``: the ranks present, one bit each (bit ``r`` for rank ``r``);
    - ``at_least``: ``at_least[n]`` the ranks with at least ``n`` cards, one bit each, for
      ``n`` from 1 up to ``AT_LEAST`` at least, and as many as the hand has cards
      (``at_least[1]`` is ``ranks``; ``at_least[0]`` and those above the largest rank's
      cards are 0; how many ranks have ``n`` cards or more is its ``bit_count()``): a hand
      has a rank of ``n`` cards or more when ``at_least[n]`` is not 0, for any ``n`` up to
      ``AT_LEAST`` (what the generators test, kept up to date by ``remove`` alone);
    - ``most`` (a property, made when read): the number of cards of the hand's largest
      rank (0 for no cards);
    - ``suits``: the number of cards of each suit (``suits[-1]``: jokers);
    - ``singles``: the shared one-card Play of each card, in the same order, when the game
      has a table of them (``SINGLES``), else empty; each card once (when a hand of more
      decks holds a card twice, its one Play);
    - ``single_keys``: ``CARD_KEY`` of the card of each of ``singles`` (``keys`` itself when
      the hand holds no card twice)."""

    __slots__ = ("cards", "keys", "by_rank", "ranks", "at_least", "suits", "singles",
                 "single_keys", "_rank", "_suit", "_aligned", "_twice")

    def __init__(self, cards: list[int], rank: Sequence[int], suit: Sequence[int],
                 card_key: Sequence[int], suit_slots: int,
                 singles: Mapping[int, Play] | None = None, *,
                 keys: list[int] | None = None) -> None:
        """``keys``: ``CARD_KEY`` of each of ``cards``, when the caller has them (a deal
        sorted by key), kept as ``keys``."""
        self.cards = cards
        self.keys = keys if keys is not None else [card_key[c] for c in cards]
        by_rank: dict[int, list[int]] = {}
        suits = [0] * suit_slots
        # at_least[n] gains a rank as its n-th card is met (at_least[1] is ``ranks``).
        at_least = [0] * (len(cards) + 1 if len(cards) >= AT_LEAST else AT_LEAST + 1)
        ranks, twice = 0, False
        for c in cards:  # split_by_rank, with the suits and the ranks' sizes counted
            r = rank[c]
            same = by_rank.get(r)
            if same is None:
                by_rank[r] = [c]
                ranks |= 1 << r
            else:
                if c in same:  # a card held twice (a hand of more decks)
                    twice = True
                same.append(c)
                at_least[len(same)] |= 1 << r
            suits[suit[c]] += 1
        at_least[1] = ranks
        self.by_rank, self.suits = by_rank, suits
        self.at_least, self.ranks = at_least, ranks
        self.single_keys = self.keys
        # singles: none, one per card (``_aligned``), or one per card held twice (``_twice``)
        self._aligned = self._twice = False
        if singles is None:
            self.singles: list[Play] = []
        elif not twice:
            # (itemgetter: one C call for the whole hand; of one card it gives the Play alone)
            self.singles = list(itemgetter(*cards)(singles)) if len(cards) > 1 \
                else [singles[c] for c in cards]
            self._aligned = True
        else:
            self._twice = True
            distinct = list(dict.fromkeys(cards))
            self.singles = [singles[c] for c in distinct]
            self.single_keys = [card_key[c] for c in distinct]
        self._rank, self._suit = rank, suit

    def remove(self, played: Sequence[int]) -> None:
        """Take the played cards (all held) out of every field."""
        if len(played) == 1:  # a single (most plays): the same steps, without the loop
            c = played[0]
            cards = self.cards
            i = cards.index(c)
            if self._aligned:  # one Play per card, at its place
                del cards[i], self.keys[i], self.singles[i]
            else:
                del cards[i]
                key = self.keys.pop(i)
            r = self._rank[c]
            bit = 1 << r
            by_rank = self.by_rank
            same = by_rank[r]
            n = len(same)
            if n == 1:
                del by_rank[r]
                self.ranks ^= bit
            else:
                same.remove(c)
            if self._twice and (n == 1 or c not in same):  # each card's Play once: its last copy
                j = self.single_keys.index(key)
                del self.singles[j], self.single_keys[j]
            self.at_least[n] ^= bit  # the rank had n cards, now n - 1
            self.suits[self._suit[c]] -= 1
            return
        cards, keys, by_rank, at_least, suits = self.cards, self.keys, self.by_rank, \
            self.at_least, self.suits
        singles, aligned, twice = self.singles, self._aligned, self._twice
        rank, suit, ranks = self._rank, self._suit, self.ranks
        for c in played:
            i = cards.index(c)
            if aligned:  # one Play per card, at its place
                del cards[i], keys[i], singles[i]
            else:
                key = keys[i]
                del cards[i], keys[i]
            r = rank[c]
            same = by_rank[r]
            n = len(same)
            bit = 1 << r
            at_least[n] ^= bit  # the rank had n cards, now n - 1
            if n == 1:
                del by_rank[r]
                ranks ^= bit
            else:
                same.remove(c)
            if twice and (n == 1 or c not in same):  # each card's Play once: its last copy
                j = self.single_keys.index(key)
                del singles[j], self.single_keys[j]
            suits[suit[c]] -= 1
        self.ranks = ranks

    @property
    def most(self) -> int:
        """The number of cards of the hand's largest rank (0 for no cards)."""
        at_least = self.at_least
        most = len(at_least) - 1
        while most and not at_least[most]:
            most -= 1
        return most
