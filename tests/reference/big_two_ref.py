"""Independent reference implementation of 锄大地 (Chor Dai Di / Big Two).

Written plainly from section 1 of ``rules-digest.md`` for differential testing of the
compiled ``big_two`` game. It does not import ``cardrules`` and shares no code with it.

Cards are strings: a suit letter (``S`` ``H`` ``C`` ``D``) then a rank (``2``-``10``, ``J``,
``Q``, ``K``, ``A``), e.g. ``"S3"``, ``"H10"``, ``"DQ"``, ``"CA"``.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import combinations

Card = str
Cards = Collection[str]
Play = frozenset[str]

#: Rank order, low to high.
RANKS: tuple[str, ...] = tuple("3 4 5 6 7 8 9 10 J Q K A 2".split())
#: Suit order, low to high: diamonds < clubs < hearts < spades.
SUITS: tuple[str, ...] = ("D", "C", "H", "S")

RANK_INDEX: dict[str, int] = {rank: i for i, rank in enumerate(RANKS)}
SUIT_INDEX: dict[str, int] = {suit: i for i, suit in enumerate(SUITS)}

#: The ten valid straights as rank sequences, low to high; the last rank is the top card
#: the straight is keyed by (A2345 -> 5, 23456 -> 6, ..., 10JQKA -> A).
_STRAIGHT_LINE: tuple[str, ...] = tuple("A 2 3 4 5 6 7 8 9 10 J Q K A".split())
STRAIGHTS: tuple[tuple[str, ...], ...] = tuple(
    _STRAIGHT_LINE[i : i + 5] for i in range(len(_STRAIGHT_LINE) - 4)
)
_STRAIGHT_TOP: dict[frozenset[str], str] = {frozenset(seq): seq[-1] for seq in STRAIGHTS}

#: Five-card categories, low to high.
FIVE_CARD_ORDER: tuple[str, ...] = tuple(
    "straight flush full_house four_with_single straight_flush".split()
)
FIVE_CARD_RANK: dict[str, int] = {name: i for i, name in enumerate(FIVE_CARD_ORDER)}


def full_deck() -> list[Card]:
    """The 52 cards, lowest first."""
    return [suit + rank for rank in RANKS for suit in SUITS]


ALL_CARDS: frozenset[Card] = frozenset(full_deck())
FIRST_CARD: Card = "D3"
SPADE_TWO: Card = "S2"


def suit_of(card: Card) -> str:
    """The suit letter of a card string."""
    return card[0]


def rank_of(card: Card) -> str:
    """The rank part of a card string."""
    return card[1:]


def check_card(card: Card) -> None:
    """Raise ``ValueError`` if ``card`` is not a valid card string."""
    if card not in ALL_CARDS:
        raise ValueError(f"not a card: {card!r}")


def single_key(card: Card) -> tuple[int, int]:
    """A card compared as a single: rank first, then suit."""
    return (RANK_INDEX[rank_of(card)], SUIT_INDEX[suit_of(card)])


def highest(cards: Cards) -> Card:
    """The highest card, compared as singles."""
    return max(cards, key=single_key)


def classify(cards: Cards) -> tuple[str, tuple[int, ...]] | None:
    """Name the combination ``cards`` form and its comparison key, or None if none.

    The key is the single-card key ``(rank index, suit index)`` of the card the digest says
    the combination is compared by.
    """
    cards = list(cards)
    for card in cards:
        check_card(card)
    if len(set(cards)) != len(cards):
        return None
    ranks = [rank_of(card) for card in cards]
    distinct = set(ranks)
    n = len(cards)
    if n == 1:
        return ("single", single_key(cards[0]))
    if n == 2 and len(distinct) == 1:
        return ("pair", single_key(highest(cards)))
    if n == 3 and len(distinct) == 1:
        return ("triple", single_key(highest(cards)))
    if n != 5:
        return None

    same_suit = len({suit_of(card) for card in cards}) == 1
    top_rank = _STRAIGHT_TOP.get(frozenset(distinct)) if len(distinct) == 5 else None
    if top_rank is not None:
        top = next(card for card in cards if rank_of(card) == top_rank)
        name = "straight_flush" if same_suit else "straight"
        return (name, single_key(top))
    if same_suit:
        return ("flush", single_key(highest(cards)))
    counts = sorted(ranks.count(rank) for rank in distinct)
    main_rank = max(distinct, key=ranks.count)  # the rank of a triple or of a four
    main = [card for card in cards if rank_of(card) == main_rank]
    if counts == [2, 3]:
        return ("full_house", single_key(highest(main)))
    if counts == [1, 4]:
        return ("four_with_single", single_key(highest(main)))
    return None


def beats(a: Cards, b: Cards) -> bool:
    """Whether play ``a`` beats play ``b``.

    Only plays with the same number of cards compare. Five-card hands compare by category,
    then key; other plays must be the same kind and compare by key.
    """
    if len(a) != len(b):
        return False
    kind_a = classify(a)
    kind_b = classify(b)
    if kind_a is None or kind_b is None:
        return False
    name_a, key_a = kind_a
    name_b, key_b = kind_b
    if len(a) == 5:
        return (FIVE_CARD_RANK[name_a], key_a) > (FIVE_CARD_RANK[name_b], key_b)
    return name_a == name_b and key_a > key_b


def is_legal(hand: Cards, current: Cards | None, first_turn: bool, move: Cards) -> bool:
    """Whether ``move`` (empty for pass) may be played from ``hand``.

    ``current`` is the play to beat, or None when leading. When following, passing is
    always allowed; when leading it never is. With ``first_turn`` the play must contain ♦3.
    """
    if not move:
        return current is not None
    if len(set(move)) != len(move) or not set(move) <= set(hand):
        return False
    if first_turn and FIRST_CARD not in move:
        return False
    if classify(move) is None:
        return False
    return current is None or beats(move, current)


def legal_moves(hand: Cards, current: Cards | None, first_turn: bool) -> set[Play]:
    """Every legal play from ``hand``, by brute force over card combinations.

    Passing is ``frozenset()``; see ``is_legal`` for the rules applied to each candidate.
    """
    hand = sorted(hand, key=single_key)
    sizes = (1, 2, 3, 5) if current is None else (len(current),)
    moves: set[Play] = {
        frozenset(combo)
        for size in sizes
        for combo in combinations(hand, size)
        if is_legal(hand, current, first_turn, combo)
    }
    if is_legal(hand, current, first_turn, ()):
        moves.add(frozenset())
    return moves


def card_points(hand: Cards) -> int:
    """Penalty points for the cards left in a hand at the end of the round."""
    n = len(hand)
    if n < 8:
        points = n
    elif n < 10:
        points = 2 * n
    elif n < 13:
        points = 3 * n
    else:
        points = 4 * n
    if n >= 8 and SPADE_TWO in hand:
        points *= 2
    return points


def scores_from_points(points: Collection[int]) -> tuple[int, ...]:
    """Each player's score: the sum over the others of (their points - own points)."""
    return tuple(
        sum(other - own for j, other in enumerate(points) if j != i) for i, own in enumerate(points)
    )


def score_hands(hands: Collection[Cards]) -> tuple[int, ...]:
    """Scores of a finished round from the cards each player has left."""
    return scores_from_points([card_points(hand) for hand in hands])


class RefGame:
    """One round of Big Two for four seats, played move by move."""

    players = 4

    def __init__(self, hands: list[list[Card]]) -> None:
        if len(hands) != self.players:
            raise ValueError(f"Big Two needs {self.players} hands, got {len(hands)}")
        all_cards = [card for hand in hands for card in hand]
        for card in all_cards:
            check_card(card)
        if len(set(all_cards)) != len(all_cards):
            raise ValueError("a card is dealt twice")
        holders = [i for i, hand in enumerate(hands) if FIRST_CARD in hand]
        if not holders:
            raise ValueError(f"nobody holds {FIRST_CARD}")
        self.hands: list[list[Card]] = [sorted(hand, key=single_key) for hand in hands]
        self.seat: int = holders[0]
        self.current: Play | None = None
        self.last_player: int | None = None
        self.passes: int = 0
        self.first_turn: bool = True
        self.over: bool = False
        self.history: list[tuple[int, Play]] = []

    def legal(self) -> set[Play]:
        """The legal moves of the seat to act (``frozenset()`` is pass)."""
        if self.over:
            return set()
        return legal_moves(self.hands[self.seat], self.current, self.first_turn)

    def apply(self, move: Play) -> None:
        """Play ``move`` (a set of card strings; empty for pass) for the seat to act."""
        move = frozenset(move)
        if self.over or not is_legal(self.hands[self.seat], self.current, self.first_turn, move):
            raise ValueError(f"illegal move for seat {self.seat}: {sorted(move)}")
        self.history.append((self.seat, move))
        if not move:
            self.passes += 1
            self.seat = (self.seat + 1) % self.players
            if self.passes == self.players - 1:
                # Three passes in a row: the last player to play leads anew.
                assert self.seat == self.last_player
                self.current = None
                self.passes = 0
            return
        hand = self.hands[self.seat]
        for card in move:
            hand.remove(card)
        self.current = move
        self.last_player = self.seat
        self.passes = 0
        self.first_turn = False
        if not hand:
            self.over = True
            return
        self.seat = (self.seat + 1) % self.players

    def scores(self) -> tuple[int, ...]:
        """The round's scores; only defined once the round is over."""
        if not self.over:
            raise ValueError("the round is not over")
        return score_hands(self.hands)
