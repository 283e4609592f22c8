"""The typed syntax tree of a rules file. Every node knows where it came from."""

from __future__ import annotations

from dataclasses import dataclass, field

from .diagnostics import Span


@dataclass(frozen=True, kw_only=True)
class Tok:
    """A word of the source (a name, rank, card or number) with its place."""

    text: str
    span: Span


# ------------------------------------------------------------------ expressions
@dataclass(frozen=True, kw_only=True)
class Num:
    value: int
    span: Span


@dataclass(frozen=True, kw_only=True)
class Name:
    name: str
    span: Span


@dataclass(frozen=True, kw_only=True)
class Call:
    func: Tok
    args: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, kw_only=True)
class Aggregate:
    kind: str
    var: Tok
    domain: Expr
    body: Expr
    span: Span


@dataclass(frozen=True, kw_only=True)
class Index:
    table: Tok
    index: Expr
    span: Span


@dataclass(frozen=True, kw_only=True)
class Cases:
    cases: tuple[tuple[Expr, Expr], ...]
    otherwise: Expr
    span: Span


@dataclass(frozen=True, kw_only=True)
class If:
    cond: Expr
    then: Expr
    otherwise: Expr
    span: Span


@dataclass(frozen=True, kw_only=True)
class BinOp:
    op: str
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, kw_only=True)
class Not:
    operand: Expr
    span: Span


@dataclass(frozen=True, kw_only=True)
class Neg:
    operand: Expr
    span: Span


Expr = Num | Name | Call | Aggregate | Index | Cases | If | BinOp | Not | Neg


# ------------------------------------------------------------------ statements
@dataclass(frozen=True, kw_only=True)
class Title:
    text: str


@dataclass(frozen=True, kw_only=True)
class Family:
    name: Tok


@dataclass(frozen=True, kw_only=True)
class Players:
    count: Tok
    most: Tok | None = None  # "players 2 to 6": the largest table


@dataclass(frozen=True, kw_only=True)
class Deck:
    size: Tok
    copies: Tok | None


@dataclass(frozen=True, kw_only=True)
class Deal:
    each: Tok
    direction: str
    kitty: Tok | None
    hidden: Tok | None = None  # "hidden 1": the first card of each hand face down
    rest: str = ""  # "leader": the cards left over go to the first leader
    rest_shown: bool = False  # "rest to leader shown": face up, for every seat to see


@dataclass(frozen=True, kw_only=True)
class Ranks:
    ranks: tuple[Tok, ...]


@dataclass(frozen=True, kw_only=True)
class Suits:
    suits: tuple[Tok, ...]


@dataclass(frozen=True, kw_only=True)
class CardOrder:
    parts: tuple[Tok, ...]


@dataclass(frozen=True, kw_only=True)
class TopCards:
    cards: tuple[Tok, ...]


@dataclass(frozen=True, kw_only=True)
class Sequence:
    name: Tok
    runs: tuple[tuple[Tok, ...], ...]


@dataclass(frozen=True, kw_only=True)
class GroupsShape:
    sizes: tuple[Tok, ...]
    up_to: Tok | None  # "group 4 to 8": the first group's largest size
    span: Span


@dataclass(frozen=True, kw_only=True)
class RunShape:
    width: Tok
    min_len: Tok
    max_len: Tok | None
    within: tuple[Tok, ...]  # empty: every rank of the game
    span: Span
    wing: Tok | None = None  # `+ group K`: a kicker of K cards per rank of the run


@dataclass(frozen=True, kw_only=True)
class SequenceShape:
    sequence: Tok
    span: Span


@dataclass(frozen=True, kw_only=True)
class CardsShape:
    count: Tok
    span: Span


@dataclass(frozen=True, kw_only=True)
class SetShape:
    cards: tuple[Tok, ...]
    span: Span


Shape = GroupsShape | RunShape | SequenceShape | CardsShape | SetShape


@dataclass(frozen=True, kw_only=True)
class KeyPart:
    kind: Tok
    group: Tok | None


@dataclass(frozen=True, kw_only=True)
class Combination:
    name: Tok
    label: str
    shapes: tuple[Shape, ...]
    suits: tuple[Tok, ...]
    keys: tuple[tuple[KeyPart, ...], ...]


@dataclass(frozen=True, kw_only=True)
class Ladder:
    name: Tok
    kinds: tuple[Tok, ...]


@dataclass(frozen=True, kw_only=True)
class Bombs:
    kinds: tuple[Tok, ...]
    rungs: tuple[int, ...] = ()  # each kind's rung, lowest 0; kinds joined by `=` share one


@dataclass(frozen=True, kw_only=True)
class LeadFirst:
    card: Tok  # with ``lowest``: the words "lowest card"
    must_play: bool
    lowest: bool = False  # the holder of the lowest card dealt, not a named card
    random: bool = False  # `lead first: random`: a seat drawn at random


@dataclass(frozen=True, kw_only=True)
class Auction:
    """``auction "叫分" { bids: 1 < 2 < 3  first: random  ends at: 3  all pass: deal again }``:
    bidding for a role, once around the table."""

    label: str
    bids: tuple[Tok, ...]
    first: Tok  # "random", or the card whose holder bids first
    ends_at: Tok | None
    all_pass: str  # again | first


@dataclass(frozen=True, kw_only=True)
class NextIf:
    """``if COND then RULE else RULE`` in ``lead next``; COND reads the round just played."""

    cond: Expr
    then: Tok | NextIf
    otherwise: Tok | NextIf
    span: Span


@dataclass(frozen=True, kw_only=True)
class LeadNext:
    """``lead next: if ...``: who leads the next round, chosen by a formula."""

    rule: NextIf


@dataclass(frozen=True, kw_only=True)
class Choice:
    """A statement that picks one word from a fixed list (``pass: allowed``)."""

    what: str
    value: Tok


@dataclass(frozen=True, kw_only=True)
class Teams:
    kind: Tok
    holders: tuple[Tok, ...]


@dataclass(frozen=True, kw_only=True)
class Const:
    name: Tok
    value: Expr


@dataclass(frozen=True, kw_only=True)
class Table:
    name: Tok
    entries: tuple[tuple[Tok, Expr], ...]


@dataclass(frozen=True, kw_only=True)
class Def:
    name: Tok
    params: tuple[Tok, ...]
    lets: tuple[tuple[Tok, Expr], ...]
    body: Expr
    types: tuple[Tok | None, ...] = ()  # per parameter: its stated type (h: hand), or None


@dataclass(frozen=True, kw_only=True)
class Match:
    rounds: Tok | None
    accumulate: Tok | None
    until: Expr | None


@dataclass(frozen=True, kw_only=True)
class ExampleIs:
    cards: Tok  # the quoted card list, unquoted, spanning the string
    kind: Tok | None  # None: "is nothing"
    key: Tok | None


@dataclass(frozen=True, kw_only=True)
class ExampleBeats:
    winner: Tok
    loser: Tok


@dataclass(frozen=True, kw_only=True)
class ExampleScores:
    cards_left: tuple[Tok, ...]
    places: tuple[Tok, ...]
    holds: tuple[tuple[Tok, Tok], ...]
    expect: tuple[Tok, ...]
    leader: Tok | None = None  # `leader 0`: the round's first leader (teams: leader)
    bid: Tok | None = None  # `bid 3`: the winning bid of the auction
    plays: tuple[Tok, ...] = ()  # `plays 3 1 0`: plays (not passes) per seat
    plays_of: tuple[tuple[Tok, tuple[Tok, ...]], ...] = ()  # `plays of bomb 1 0 0`




# ------------------------------------------------------------------ family tricks
@dataclass(frozen=True, kw_only=True)
class Levels:
    ranks: tuple[Tok, ...]


@dataclass(frozen=True, kw_only=True)
class TrumpPattern:
    kind: str  # suit suit_rank off_rank suit_of off_of card
    word: Tok | None  # the rank of suit_of / off_of, the card of card
    span: Span


@dataclass(frozen=True, kw_only=True)
class Trumps:
    rank: Tok | None  # None: the dealer side's level
    order: tuple[TrumpPattern, ...]  # low to high
    span: Span


@dataclass(frozen=True, kw_only=True)
class Unit:
    name: Tok
    label: str
    identical: Tok | None
    chain_of: Tok | None
    min_len: Tok | None


@dataclass(frozen=True, kw_only=True)
class Leads:
    kinds: tuple[Tok, ...]


@dataclass(frozen=True, kw_only=True)
class Throw:
    label: str
    penalty: Tok | None


@dataclass(frozen=True, kw_only=True)
class FollowRule:
    lead: Tok
    alternatives: tuple[tuple[Tok, ...], ...]  # highest priority first; each a sum of units


@dataclass(frozen=True, kw_only=True)
class Follow:
    rules: tuple[FollowRule, ...]


@dataclass(frozen=True, kw_only=True)
class Ruff:
    label: str
    cover: bool
    discard: bool
    overruff: bool


@dataclass(frozen=True, kw_only=True)
class Points:
    entries: tuple[tuple[Tok, Tok], ...]


@dataclass(frozen=True, kw_only=True)
class DealerFirst:
    fallback: Tok | None  # `else seat N`


@dataclass(frozen=True, kw_only=True)
class DealerNext:
    value: Expr


@dataclass(frozen=True, kw_only=True)
class Bid:
    # each option a set of cards shown, as parts (count, card): `2 rank` is ((2, None),)
    # (None: the trump rank, in one suit), `LJ + BJ` is ((None, LJ), (None, BJ)) (None: one)
    options: tuple[tuple[tuple[Tok | None, Tok | None], ...], ...]
    names: Tok  # suit | none
    span: Span


@dataclass(frozen=True, kw_only=True)
class Bidding:
    label: str
    bids: tuple[Bid, ...]


@dataclass(frozen=True, kw_only=True)
class ExampleTricks:
    """``example with trump S level 10: CASE``: a case under a stated trump state."""

    trump: Tok  # a suit letter, or none
    level: Tok
    case: str  # is trick follow throw
    cards: tuple[Tok, ...]  # the quoted card lists, in the order written
    kind: Tok | None = None  # case is: the unit (None: nothing)
    legal: bool = False  # case follow
    winner: Tok | None = None  # case trick: the winning play, from 1


@dataclass(frozen=True, kw_only=True)
class ExampleSettle:
    """``example settle dealer 0 points 35 => points 35 up 2 0 2 0 dealer 2``."""

    setup: tuple[tuple[Tok, Tok], ...]
    points: Tok | None
    up: tuple[Tok, ...]
    dealer: Tok | None
    span: Span


TricksStmt = (Levels | Trumps | Unit | Leads | Throw | Follow | Ruff | Points | DealerFirst
              | DealerNext | Bidding | ExampleTricks | ExampleSettle)


# ------------------------------------------------------------------ family banking
@dataclass(frozen=True, kw_only=True)
class Banker:
    seat: Tok


@dataclass(frozen=True, kw_only=True)
class BankerPlays:
    """``banker plays: as seat``, or ``banker plays: ACTION while COND else ACTION``."""

    action: Tok | None
    cond: Expr | None
    otherwise: Tok | None
    span: Span


@dataclass(frozen=True, kw_only=True)
class Bet:
    low: Tok
    high: Tok
    step: Tok | None


@dataclass(frozen=True, kw_only=True)
class Values:
    entries: tuple[tuple[Tok, Tok], ...]
    span: Span


@dataclass(frozen=True, kw_only=True)
class Soft:
    rank: Tok
    value: Tok


@dataclass(frozen=True, kw_only=True)
class Bust:
    limit: Tok


@dataclass(frozen=True, kw_only=True)
class Action:
    name: Tok
    param: Tok
    label: str
    when: Expr | None
    effects: tuple[tuple[str, Tok | None], ...]  # (draw|stop|bet|split, its number)
    span: Span


@dataclass(frozen=True, kw_only=True)
class ShowdownEarly:
    when: Expr | None  # None: never


@dataclass(frozen=True, kw_only=True)
class ExampleHand:
    """``example hand "SA H8" totals 19``, ``... is natural``, ``... payout = 1``."""

    cards: Tok
    split: bool
    bet: Tok | None
    against: Tok | None
    claim: str  # totals is is_not value
    name: Tok | None  # the def (is, is_not, value)
    value: Tok | None  # totals, value


BankingStmt = Banker | BankerPlays | Bet | Values | Soft | Bust | Action | ShowdownEarly \
    | ExampleHand


Stmt = (
    Title
    | Family
    | Players
    | Deck
    | Deal
    | Ranks
    | Suits
    | CardOrder
    | TopCards
    | Sequence
    | Combination
    | Ladder
    | Bombs
    | LeadFirst
    | LeadNext
    | Choice
    | Teams
    | Const
    | Table
    | Def
    | Match
    | ExampleIs
    | ExampleBeats
    | ExampleScores
    | TricksStmt
    | BankingStmt
)


@dataclass(frozen=True, kw_only=True)
class Item:
    """One top-level statement. ``key`` names what it defines: two items with one key clash."""

    key: str
    stmt: Stmt
    override: bool
    span: Span
    remove: bool = False


@dataclass(frozen=True, kw_only=True)
class RulesFile:
    name: Tok
    extends: Tok | None
    items: tuple[Item, ...]
    path: str
    source: str
    sources: dict[str, str] = field(default_factory=dict)
