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


@dataclass(frozen=True, kw_only=True)
class Deck:
    size: Tok
    copies: Tok | None


@dataclass(frozen=True, kw_only=True)
class Deal:
    each: Tok
    direction: str
    kitty: Tok | None


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
    within: tuple[Tok, ...]
    span: Span


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


@dataclass(frozen=True, kw_only=True)
class LeadFirst:
    card: Tok
    must_play: bool


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
    | Choice
    | Teams
    | Const
    | Table
    | Def
    | Match
    | ExampleIs
    | ExampleBeats
    | ExampleScores
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
