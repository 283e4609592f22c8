"""Cards and their notation. Generic: no game's order lives here, only how cards are written.

A card is an int code: ``suit * 13 + rank`` for the 52 suited cards, with suits in the fixed
notation order S H C D and ranks 2 3 4 5 6 7 8 9 10 J Q K A (2 is rank 0, A is rank 12);
the little joker is 52 and the big joker 53. Several decks repeat codes: a hand is a sorted
tuple that may hold a code twice. How cards *compare* is each game's business (its rules file).
"""

from __future__ import annotations

SUIT_LETTERS = "SHCD"
SUIT_SYMBOLS = "♠♥♣♦"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER_NAMES = ("LJ", "BJ")
LITTLE_JOKER = 52
BIG_JOKER = 53
ALL_CODES = tuple(range(54))

_RANK_ALIASES = {"T": "10"}


class CardError(ValueError):
    """A card string that names no card; the message says which word and why."""


def rank_index(text: str) -> int | None:
    """The notation index of a rank word (``"10"`` -> 8), or None."""
    t = text.upper()
    t = _RANK_ALIASES.get(t, t)
    return RANK_NAMES.index(t) if t in RANK_NAMES else None


def card_name(code: int) -> str:
    """``S3``, ``H10``, ``LJ``."""
    if code >= 52:
        return JOKER_NAMES[code - 52]
    return SUIT_LETTERS[code // 13] + RANK_NAMES[code % 13]


def card_symbol(code: int) -> str:
    """``♠3``, ``♥10``, ``LJ``."""
    if code >= 52:
        return JOKER_NAMES[code - 52]
    return SUIT_SYMBOLS[code // 13] + RANK_NAMES[code % 13]


def parse_card(word: str) -> int:
    """One card: ``S3``, ``s3``, ``♠3``, ``3S``, ``H10``, ``HT``, ``BJ``, ``LJ``."""
    w = word.strip()
    up = w.upper()
    if up in JOKER_NAMES:
        return 52 + JOKER_NAMES.index(up)
    if not w:
        raise CardError("empty card")
    head, tail = w[0], w[1:]
    suit = _suit(head)
    rank = rank_index(tail) if suit is not None else None
    if suit is None:  # maybe rank first: 3S, 10H
        suit = _suit(w[-1])
        rank = rank_index(w[:-1]) if suit is not None else None
    if suit is None:
        raise CardError(f"'{word}' has no suit: write S, H, C or D (or ♠ ♥ ♣ ♦) and a rank")
    if rank is None:
        raise CardError(f"'{word}' has no rank: ranks are 2-10, J, Q, K, A")
    return suit * 13 + rank


def _suit(ch: str) -> int | None:
    up = ch.upper()
    if up in SUIT_LETTERS:
        return SUIT_LETTERS.index(up)
    if ch in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(ch)
    return None


def parse_cards(text: str) -> tuple[int, ...]:
    """Cards separated by spaces or commas; raises CardError naming the bad word."""
    words = text.replace(",", " ").split()
    return tuple(parse_card(w) for w in words)


def parse_cards_of(text: str, deck: tuple[int, ...], game: str) -> tuple[int, ...]:
    """Cards of one game's deck (see parse_cards); raises CardError, also for a card the
    deck of ``game`` does not have."""
    cards = parse_cards(text)
    for c in cards:
        if c not in deck:
            raise CardError(f"{card_name(c)} is not in the deck of {game}")
    return cards


def format_cards(codes: tuple[int, ...] | list[int], symbols: bool = False) -> str:
    name = card_symbol if symbols else card_name
    return " ".join(name(c) for c in codes)


class Cards(tuple[int, ...]):
    """Card codes that read as notation: a tuple of ints (equal to the plain tuple) whose
    ``str`` is ``S3 H10 BJ``, for what a player reads."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"Cards({format_cards(self)!r})"


def suit_of(code: int) -> int:
    """Notation suit index, or 4 for a joker."""
    return 4 if code >= 52 else code // 13


def rank_of(code: int) -> int:
    """Notation rank index (2 -> 0, A -> 12), or 13/14 for the jokers."""
    return 13 + (code - 52) if code >= 52 else code % 13


def check_given(codes: tuple[int, ...], deck: tuple[int, ...], copies: int, game: str) -> None:
    """Raise CardError unless every card given is in the deck of ``game``, at most as many
    times as the deck holds it (``copies``)."""
    for c in set(codes):
        if c not in deck:
            raise CardError(f"{card_name(c)} is not in the deck of {game}")
        if codes.count(c) > copies:
            raise CardError(f"{card_name(c)} is given {codes.count(c)} times; the deck has "
                            f"{copies}")
