"""The named quantities a scoring formula may read, with their types.

Each is a mechanism every table provides (cards left, finishing places, sides, running totals),
never a game's rule. Types: int, bool, seat, seats, card, kind (a combination's name).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Builtin:
    params: tuple[str, ...]
    returns: str
    doc: str


BUILTINS: dict[str, Builtin] = {
    "cards_left": Builtin(params=("seat",), returns="int",
                          doc="how many cards the seat still holds"),
    "holds": Builtin(params=("seat", "card"), returns="bool",
                     doc="whether the seat's remaining hand holds the card"),
    "place": Builtin(params=("seat",), returns="int",
                     doc="the seat's finishing place (1 = first out), 0 while it still plays"),
    "seat_at": Builtin(params=("int",), returns="seat",
                       doc="the seat that finished in the given place (-1 if none yet)"),
    "others": Builtin(params=("seat",), returns="seats", doc="every seat but this one"),
    "seats": Builtin(params=(), returns="seats", doc="every seat, in turn order"),
    "seat_count": Builtin(params=(), returns="int", doc="the number of seats"),
    "side": Builtin(params=("seat",), returns="int",
                    doc="the seat's side: 0 for the first side (the holders, in hidden teams)"),
    "same_side": Builtin(params=("seat", "seat"), returns="bool",
                         doc="whether two seats play on one side"),
    "side_size": Builtin(params=("seat",), returns="int",
                         doc="how many seats the seat's side has (1 for a solo)"),
    "total": Builtin(params=("seat",), returns="int",
                     doc="the seat's running match total (after this round, in `until`)"),
    "round_number": Builtin(params=(), returns="int",
                            doc="which round of the match this is, from 1"),
    "count_plays": Builtin(params=("seat", "kind"), returns="int",
                           doc="how many plays of the combination the seat made this round"),
    "largest_play": Builtin(params=("seat", "kind"), returns="int",
                            doc="the most cards in one play of the combination by the seat this "
                                "round (0 if none)"),
    "abs": Builtin(params=("int",), returns="int", doc="absolute value"),
}

AGGREGATES: dict[str, tuple[str, str]] = {
    # kind: (body type, result type)
    "sum": ("int", "int"),
    "count": ("bool", "int"),
    "any": ("bool", "bool"),
    "all": ("bool", "bool"),
    "max": ("int", "int"),
    "min": ("int", "int"),
}
