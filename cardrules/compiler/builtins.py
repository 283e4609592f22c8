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
    "play_count": Builtin(params=("seat",), returns="int",
                          doc="how many plays (not passes) the seat made this round"),
    "winning_bid": Builtin(params=(), returns="int",
                           doc="the winning bid of the round's auction (0: nobody bid)"),
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


# The quantities of a trick-taking round (family tricks), beside the generic ones above that
# make sense there. A tricks formula cannot read cards left or finishing places.
_SHARED = ("others", "seats", "seat_count", "side", "same_side", "total", "round_number", "abs")
TRICKS_BUILTINS: dict[str, Builtin] = {
    **{name: BUILTINS[name] for name in _SHARED},
    "dealer_seat": Builtin(params=(), returns="seat", doc="the dealer (庄家) of this round"),
    "on_dealer_side": Builtin(params=("seat",), returns="bool",
                              doc="whether the seat plays on the dealer's side"),
    "partner": Builtin(params=("seat",), returns="seat", doc="the seat's partner (opposite)"),
    "next_seat": Builtin(params=("seat",), returns="seat",
                         doc="the seat after this one in turn order"),
    "level_of": Builtin(params=("seat",), returns="int",
                        doc="how many levels the seat's side has climbed (0 at the first level)"),
    "defender_points": Builtin(params=(), returns="int",
                               doc="the defenders' card points, the kitty bonus included"),
    "kitty_points": Builtin(params=(), returns="int", doc="card points in the buried kitty"),
    "last_unit": Builtin(params=(), returns="int",
                         doc="cards in the largest unit of the play that won the last trick"),
}


def family_builtins(family: str) -> dict[str, Builtin]:
    return TRICKS_BUILTINS if family == "tricks" else BUILTINS
