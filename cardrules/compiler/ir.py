"""The IR: a resolved, checked game as frozen keyword-only dataclasses.

This is the contract between the front end (parse, resolve, check) and the back ends (codegen,
diff). Source spans ride along for messages but never take part in equality, so a game written
out in full equals the same game written as a variant of another.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .diagnostics import Span

_NO_SPAN = Span.unknown()


def _span() -> Span:
    return field(default=_NO_SPAN, compare=False, repr=False)


# ------------------------------------------------------------------ expressions
@dataclass(frozen=True, kw_only=True)
class Num:
    value: int
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class Var:
    """A seat parameter, a let-bound local, or an aggregate's loop variable."""

    name: str
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class ConstRef:
    name: str
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class CardLit:
    code: int
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class KindLit:
    """A combination named in a formula (``count_plays(p, pair)``), by its position."""

    name: str
    index: int
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class Builtin:
    """A call to a named quantity the table provides (``cards_left(p)``)."""

    func: str
    args: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class DefCall:
    func: str
    args: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class Aggregate:
    kind: str  # sum count any all max min
    var: str
    domain: Expr
    body: Expr
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class TableRef:
    table: str
    index: Expr
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class If:
    cond: Expr
    then: Expr
    otherwise: Expr
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class BinOp:
    op: str
    left: Expr
    right: Expr
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class Not:
    operand: Expr
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class Neg:
    operand: Expr
    span: Span = _span()


Expr = (
    Num
    | Var
    | ConstRef
    | CardLit
    | KindLit
    | Builtin
    | DefCall
    | Aggregate
    | TableRef
    | If
    | BinOp
    | Not
    | Neg
)


# ------------------------------------------------------------------ combinations
@dataclass(frozen=True, kw_only=True)
class GroupsShape:
    """Cards in groups of one rank each, the groups of distinct ranks (``group 3 + group 2``)."""

    sizes: tuple[int, ...]
    up_to: int  # the first group may hold sizes[0]..up_to cards (bombs of 4 to 8)


@dataclass(frozen=True, kw_only=True)
class RunShape:
    """``width`` cards of each of ``min_len``..``max_len`` consecutive ranks of ``within``."""

    width: int
    min_len: int
    max_len: int
    within: tuple[str, ...]
    wing: int = 0  # cards of each kicker group, one per rank of the run (0: no wings)


@dataclass(frozen=True, kw_only=True)
class SequenceShape:
    """One card of each rank of one of the listed runs (runs written low to high)."""

    sequence: str
    runs: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, kw_only=True)
class CardsShape:
    count: int


@dataclass(frozen=True, kw_only=True)
class SetShape:
    cards: tuple[int, ...]


Shape = GroupsShape | RunShape | SequenceShape | CardsShape | SetShape


@dataclass(frozen=True, kw_only=True)
class KeyPart:
    kind: str  # card rank size sequence suit
    group: int | None  # 0-based group index, or None for the whole play


@dataclass(frozen=True, kw_only=True)
class Combination:
    name: str
    label: str
    shape: Shape
    suits: str  # any same mixed
    key: tuple[KeyPart, ...]
    span: Span = _span()

    @property
    def sizes(self) -> tuple[int, ...]:
        s = self.shape
        if isinstance(s, GroupsShape):
            rest = sum(s.sizes[1:])
            return tuple(first + rest for first in range(s.sizes[0], s.up_to + 1))
        if isinstance(s, RunShape):
            return tuple((s.width + s.wing) * n for n in range(s.min_len, s.max_len + 1))
        if isinstance(s, SequenceShape):
            return tuple(sorted({len(r) for r in s.runs}))
        if isinstance(s, CardsShape):
            return (s.count,)
        return (len(s.cards),)


@dataclass(frozen=True, kw_only=True)
class Ladder:
    """Kinds that compare with each other, lowest first (the five-card hands)."""

    name: str
    kinds: tuple[str, ...]
    span: Span = _span()


# ------------------------------------------------------------------ flow, teams, scoring
@dataclass(frozen=True, kw_only=True)
class NextIf:
    """``lead next: if COND then A else B``; A and B are words or further choices."""

    cond: Expr
    then: str | NextIf
    otherwise: str | NextIf


@dataclass(frozen=True, kw_only=True)
class Flow:
    first_card: int | None  # whose holder leads the first round of a match
    first_lowest: bool  # the holder of the lowest card dealt leads (first_card is None)
    first_random: bool  # a seat drawn at random leads the first round
    first_must_play: bool  # the first play must contain that card
    lead_next: str  # winner | holder | random | formula: who leads later rounds
    lead_next_rule: NextIf | None  # the formula, for ``formula``
    passing: str  # allowed | forbidden (when following)
    after_out: str  # next | partner: who leads when a trick ends on a player who went out
    round_end: str  # first_out | decided | all_out
    auction: Auction | None = None  # bidding for the role of first leader, if any


@dataclass(frozen=True, kw_only=True)
class Auction:
    """Bidding for a role, once around the table: each seat in turn bids higher than the
    standing bid or passes; the highest bidder leads first (and takes the rest)."""

    label: str
    bids: tuple[int, ...]  # the bids a seat may make, low to high
    first_card: int | None  # the holder of this card bids first; None: a seat drawn at random
    ends_at: int  # a bid of at least this ends the auction at once; 0: once around
    all_pass: str  # again (deal again) | first (the first bidder takes the lowest bid)


@dataclass(frozen=True, kw_only=True)
class Teams:
    kind: str  # none opposite hidden
    holders: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Def:
    name: str
    params: tuple[str, ...]
    lets: tuple[tuple[str, Expr], ...]
    body: Expr
    returns: str  # int | bool
    span: Span = _span()
    types: tuple[str, ...] = ()  # per parameter (seat, hand); () when every one is a seat


@dataclass(frozen=True, kw_only=True)
class Match:
    rounds: int  # 0: no fixed count
    accumulate: str  # the def added to each seat's running total (score by default)
    until: Expr | None


# ------------------------------------------------------------------ examples
@dataclass(frozen=True, kw_only=True)
class ExampleIs:
    cards: tuple[int, ...]
    kind: str | None
    key: tuple[str, ...] | None  # the key as shown: card names, rank names, numbers
    text: str
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class ExampleBeats:
    winner: tuple[int, ...]
    loser: tuple[int, ...]
    text: str
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class ExampleScores:
    cards_left: tuple[int, ...]
    places: tuple[int, ...]
    holds: tuple[tuple[int, tuple[int, ...]], ...]
    expect: tuple[int, ...]
    span: Span = _span()
    leader: int = 0  # the round's first leader (the auction's winner)
    bid: int = 0  # the winning bid
    plays: tuple[int, ...] = ()  # plays per seat ((): none), beside those of plays_of
    plays_of: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (kind, plays per seat)


# ------------------------------------------------------------------ family tricks
@dataclass(frozen=True, kw_only=True)
class TrumpPattern:
    """One step of the trump order: ``suit`` (the trump suit's other cards, by ``ranks``),
    ``suit_of``/``off_of`` (that rank in / outside the trump suit), ``suit_rank``/``off_rank``
    (the same for the trump rank), ``card`` (one card, a joker)."""

    kind: str
    rank: int = -1  # notation rank index, for suit_of / off_of
    card: int = -1  # card code, for card


@dataclass(frozen=True, kw_only=True)
class Unit:
    """``identical N`` (N copies of one card), or ``chain`` of a unit over ``min_len`` or more
    adjacent positions of one suit class."""

    name: str
    label: str
    identical: int  # 0 for a chain
    chain_of: str = ""
    min_len: int = 0
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class FollowRule:
    lead: str  # the led unit
    alternatives: tuple[tuple[str, ...], ...]  # highest priority first; each a sum of units


@dataclass(frozen=True, kw_only=True)
class Bid:
    options: tuple[tuple[int, ...], ...]  # each the cards shown (sorted codes); -1: a card
    # of the trump rank, all of one suit (N of them: `N rank`)
    names: str  # suit | none


@dataclass(frozen=True, kw_only=True)
class Tricks:
    """Everything a trick-taking game adds to the table, orderings and scoring."""

    levels: tuple[str, ...]  # rank words, low to high
    level_up: str  # the def giving the levels a seat's side climbs
    trump_rank: str  # a rank word, or "" for the dealer side's level
    trump_order: tuple[TrumpPattern, ...]  # low to high
    ties: str  # first | last
    units: tuple[Unit, ...]
    leads: tuple[str, ...]  # unit names, and "throw"
    throw_penalty: int  # -1: no throws
    follow: tuple[FollowRule, ...]
    ruffing: bool  # a seat void in the led plain suit may win it with trumps
    ruff_cover: bool  # a ruff must hold the lead's units, else it is a discard
    points: tuple[tuple[str, int], ...]  # rank word: card points
    kitty_bury: bool
    kitty_bonus: str  # the def multiplying the kitty's points ("" for none)
    dealer_fallback: int  # the first dealer when nobody bids in the first round
    dealer_next: Expr
    bids: tuple[Bid, ...]  # low to high

    def unit(self, name: str) -> Unit:
        return next(u for u in self.units if u.name == name)


@dataclass(frozen=True, kw_only=True)
class ExampleTricks:
    trump_suit: int  # notation suit index, -1 for no-trump
    level: int  # notation rank index of the trump rank
    case: str  # is trick follow throw
    cards: tuple[tuple[int, ...], ...]
    kind: str | None = None
    legal: bool = False
    winner: int = 0  # from 1
    text: str = ""
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class ExampleSettle:
    setup: tuple[tuple[str, int], ...]  # dealer points kitty last levels...
    points: int | None
    up: tuple[int, ...]
    dealer: int | None
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class ExampleHand:
    """A hand (and the banker's, for a settlement) and what a def or its total gives."""

    cards: tuple[int, ...]
    split: bool
    bet: int
    against: tuple[int, ...] | None
    claim: str  # totals is is_not value
    name: str  # the def, or "hand_total" for totals
    value: int
    text: str
    span: Span = _span()


Example = ExampleIs | ExampleBeats | ExampleScores | ExampleTricks | ExampleSettle | ExampleHand


# ------------------------------------------------------------------ family banking
@dataclass(frozen=True, kw_only=True)
class Action:
    """A choice on a hand: legal while ``when`` holds; its effects in a fixed order:
    the bet times ``bet``, ``split`` the hand in two, ``draw`` cards, then ``stop``."""

    name: str
    label: str
    param: str
    when: Expr | None
    bet: int  # the hand's bet is multiplied by this (1: unchanged)
    split: bool
    draw: int
    stop: bool
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class Banking:
    players_max: int
    hidden: int  # face-down cards at the start of each hand
    banker: int  # the banker's seat
    bet_min: int
    bet_max: int
    bet_step: int
    values: tuple[tuple[str, int], ...]  # rank -> value
    soft: tuple[str, int] | None  # a rank and the value it drops to while the hand would bust
    bust: int  # a total above this busts
    actions: tuple[Action, ...]
    banker_policy: tuple[str, Expr, str] | None  # (action while cond else action); None: a seat
    showdown_early: Expr | None


# ------------------------------------------------------------------ the game
@dataclass(frozen=True, kw_only=True)
class Game:
    name: str
    title: str
    family: str
    players: int
    deck_size: int  # 52 or 54
    copies: int
    deal_each: int
    direction: str
    kitty: int
    rest_to: str  # "": cards beyond the deal and the kitty stay out; "leader": to the leader
    ranks: tuple[str, ...]  # low to high
    suits: tuple[str, ...]  # low to high, suit letters
    card_order: tuple[str, ...]  # ("rank", "suit") or ("suit", "rank")
    top: tuple[int, ...]  # cards above all others, low to high
    combinations: tuple[Combination, ...]
    ladders: tuple[Ladder, ...]
    bombs: tuple[str, ...]  # kinds that beat any non-bomb, lowest first
    bomb_rungs: tuple[int, ...]  # the rung of each of ``bombs``; kinds may share a rung
    flow: Flow
    teams: Teams
    consts: tuple[tuple[str, int], ...]
    tables: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
    defs: tuple[Def, ...]
    match: Match
    examples: tuple[Example, ...] = field(compare=False)
    source: str = field(compare=False)
    source_hash: str = field(compare=False)
    tricks: Tricks | None = None  # family tricks only
    banking: Banking | None = None  # family banking only
    rest_shown: bool = False  # the rest given to the leader is shown to every seat

    def combination(self, name: str) -> Combination:
        return next(c for c in self.combinations if c.name == name)


# The fields of an expression node that hold expressions, in the order it reads them.
EXPR_PARTS = ("args", "domain", "body", "index", "cond", "then", "otherwise", "left", "right",
              "operand")


def expr_parts(e: Expr) -> list[Expr]:
    """The expressions ``e`` is made of, in the order it reads them."""
    out: list[Expr] = []
    for name in EXPR_PARTS:
        child = getattr(e, name, None)
        if isinstance(child, tuple):
            out.extend(child)
        elif child is not None:
            out.append(child)
    return out
