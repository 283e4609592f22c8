"""Text -> typed AST. Lark LALR with positions; parse errors become diagnostics."""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Any

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from ..text import steering_char
from . import ast
from .diagnostics import CompileError, Diagnostic, Span, source_lines
from .family_hints import statement_hint
from .limits import MAX_NUMBER_DIGITS, MAX_TREE_DEPTH
from .parse_tricks import TricksToAst, tricks_key

# Readable names for the grammar's terminals, used in "expected ..." messages.
_TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a quoted string", "LBRACE": "'{'",
    "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'", "COLON": "':'", "COMMA": "','",
    "EQUAL": "'='", "SYMBOL_CARD": "a card", "$END": "the end of the file", "MINUS": "'-'",
    "PLUS": "'+'", "STAR": "'*'", "LSQB": "'['", "RSQB": "']'", "LESSTHAN": "'<'",
    "MORETHAN": "'>'", "PERCENT": "'%'",
}


_KEYWORD = re.compile(r'"([a-z_]+)"')


def whole_word_keywords(grammar: str) -> str:
    """Make each quoted word of the grammar a keyword that matches only a whole word.

    The contextual lexer only tries the words the parser can accept at that point, so a
    keyword is reserved only where it could appear (``winner`` is a fine variable name in a
    formula), and the lookahead keeps a keyword from matching the start of a longer name
    (``whendraw`` is a name, never ``when draw``)."""
    words = sorted(set(_KEYWORD.findall(grammar)))
    body = _KEYWORD.sub(lambda m: f"_KW_{m.group(1).upper()}", grammar)
    terminals = "\n".join(f"_KW_{w.upper()}.2: /{w}(?![A-Za-z0-9_])/" for w in words)
    return f"{body}\n{terminals}\n"


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    """The Lark parser, built once per process (no on-disk cache: nothing shared to tamper with)."""
    text = resources.files("cardrules.grammar").joinpath("cardrules.lark").read_text("utf-8")
    return Lark(whole_word_keywords(text), parser="lalr", lexer="contextual",
                propagate_positions=True, maybe_placeholders=False)


def _span(file: str, meta: Any) -> Span:
    if getattr(meta, "empty", False) or not hasattr(meta, "line"):
        return Span.unknown(file)
    return Span(file=file, line=meta.line, col=meta.column,
                end_line=meta.end_line, end_col=meta.end_column)


def _tok_span(file: str, t: Token) -> Span:
    return Span(file=file, line=t.line or 1, col=t.column or 1,
                end_line=t.end_line or t.line or 1, end_col=t.end_column or t.column or 1)


def _unquote(s: str) -> str:
    """A string literal's text: backslash escapes only a quote or a backslash."""
    return re.sub(r'\\(["\\])', r"\1", s[1:-1])


class _ToAst(TricksToAst, Transformer[Token, Any]):
    """Builds ast nodes; methods are named after the grammar rules they handle."""

    def __init__(self, file: str, text: str) -> None:
        super().__init__()
        self.file = file
        self.text = text
        self.example_count = 0

    # -- helpers
    def tok(self, t: Token) -> ast.Tok:
        return ast.Tok(text=str(t), span=_tok_span(self.file, t))

    def sp(self, meta: Any) -> Span:
        return _span(self.file, meta)

    def _words(self, children: list[Any]) -> list[ast.Tok]:
        return [c if isinstance(c, ast.Tok) else self.tok(c) for c in children]

    # -- tokens inside rules
    def __default_token__(self, token: Token) -> Any:
        return token

    @v_args(meta=True)
    def rank(self, meta: Any, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    @v_args(meta=True)
    def card(self, meta: Any, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    @v_args(meta=True)
    def signed_int(self, meta: Any, c: list[Token]) -> ast.Tok:
        return ast.Tok(text="".join(str(x) for x in c), span=self.sp(meta))

    def _choice(self, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    direction = order_part = suit_kind = key_kind = next_leader = pass_rule = _choice
    after_out_rule = round_end_rule = team_kind = removable = aggregate_kind = _choice
    add_op = mul_op = cmp_op = _choice

    # -- file structure
    @v_args(meta=True)
    def header(self, meta: Any, c: list[Any]) -> tuple[ast.Tok, ast.Tok | None]:
        return self.tok(c[0]), (c[1] if len(c) > 1 else None)

    def extends(self, c: list[Token]) -> ast.Tok:
        return self.tok(c[0])

    def override(self, c: list[Any]) -> bool:
        return True

    @v_args(meta=True)
    def item(self, meta: Any, c: list[Any]) -> ast.Item:
        override = len(c) == 2
        stmt = c[-1]
        return ast.Item(key=self._key(stmt), stmt=stmt, override=override, span=self.sp(meta))

    @v_args(meta=True)
    def remove_item(self, meta: Any, c: list[Any]) -> ast.Item:
        kind, name = c[0], self.tok(c[1])
        stub = ast.Title(text="")
        return ast.Item(key=f"{kind.text} {name.text}", stmt=stub, override=True,
                        span=self.sp(meta), remove=True)

    def _key(self, stmt: ast.Stmt) -> str:
        """What an item defines; a variant's item replaces the base's item of the same key."""
        if isinstance(stmt, (ast.Sequence, ast.Combination, ast.Ladder, ast.Const, ast.Table,
                             ast.Def)):
            word = {ast.Sequence: "sequence", ast.Combination: "combination",
                    ast.Ladder: "ladder", ast.Const: "const", ast.Table: "table",
                    ast.Def: "def"}[type(stmt)]
            return f"{word} {stmt.name.text}"
        if isinstance(stmt, ast.Choice):
            return stmt.what
        if isinstance(stmt, ast.Action):
            return f"action {stmt.name.text}"
        if isinstance(stmt, (ast.ExampleIs, ast.ExampleBeats, ast.ExampleScores,
                             ast.ExampleTricks, ast.ExampleSettle, ast.ExampleHand)):
            self.example_count += 1
            return f"example {self.example_count}"
        tricks = tricks_key(stmt)
        if tricks is not None:
            return tricks
        fixed = {ast.Title: "title", ast.Family: "family", ast.Players: "players",
                 ast.Deck: "deck", ast.Deal: "deal", ast.Ranks: "ranks", ast.Suits: "suits",
                 ast.CardOrder: "order", ast.TopCards: "top", ast.Bombs: "bombs",
                 ast.LeadFirst: "lead first", ast.LeadNext: "lead next", ast.Teams: "teams",
                 ast.Auction: "auction",
                 ast.Match: "match",
                 ast.Banker: "banker", ast.BankerPlays: "banker plays", ast.Bet: "bet",
                 ast.Values: "values", ast.Soft: "soft", ast.Bust: "bust",
                 ast.ShowdownEarly: "showdown early"}
        return fixed[type(stmt)]

    # -- the table
    def title(self, c: list[Token]) -> ast.Title:
        return ast.Title(text=_unquote(str(c[0])))

    def family(self, c: list[Token]) -> ast.Family:
        return ast.Family(name=self.tok(c[0]))

    def players(self, c: list[Token]) -> ast.Players:
        return ast.Players(count=self.tok(c[0]), most=self.tok(c[1]) if len(c) > 1 else None)

    def deck(self, c: list[Token]) -> ast.Deck:
        return ast.Deck(size=self.tok(c[0]), copies=self.tok(c[1]) if len(c) > 1 else None)

    def deal(self, c: list[Any]) -> ast.Deal:
        each = self.tok(c[0])
        direction = "counterclockwise"
        kitty = hidden = None
        rest = ""
        shown = False
        for x in c[1:]:
            if isinstance(x, tuple):
                hidden = x[1]
            elif isinstance(x, ast.Tok):
                direction = x.text
            elif isinstance(x, Token):  # a Token is a str too: test it first
                kitty = self.tok(x)
            else:
                rest, shown = "leader", x == "leader shown"
        return ast.Deal(each=each, direction=direction, kitty=kitty, hidden=hidden, rest=rest,
                        rest_shown=shown)

    def deal_hidden(self, c: list[Token]) -> tuple[str, ast.Tok]:
        return ("hidden", self.tok(c[0]))

    def rest(self, c: list[Any]) -> str:
        return "leader shown" if c else "leader"

    def rest_shown(self, c: list[Token]) -> bool:
        return True

    # -- the auction
    def auction(self, c: list[Any]) -> ast.Auction:
        label, rest = self._label(c)
        parts: dict[str, Any] = dict(rest)
        return ast.Auction(label=label, bids=parts["bids"], first=parts["first"],
                           ends_at=parts.get("ends"), all_pass=parts["all_pass"])

    def auction_bids(self, c: list[Token]) -> tuple[str, Any]:
        return ("bids", tuple(self._words(c)))

    @v_args(meta=True)
    def auction_first_random(self, meta: Any, c: list[Token]) -> tuple[str, Any]:
        return ("first", ast.Tok(text="random", span=self.sp(meta)))

    def auction_first_holder(self, c: list[ast.Tok]) -> tuple[str, Any]:
        return ("first", c[0])

    def auction_ends(self, c: list[Token]) -> tuple[str, Any]:
        return ("ends", self.tok(c[0]))

    def all_pass_again(self, c: list[Token]) -> tuple[str, Any]:
        return ("all_pass", "again")

    def all_pass_first(self, c: list[Token]) -> tuple[str, Any]:
        return ("all_pass", "first")

    # -- orderings
    def ranks(self, c: list[ast.Tok]) -> ast.Ranks:
        return ast.Ranks(ranks=tuple(c))

    def suits(self, c: list[Token]) -> ast.Suits:
        return ast.Suits(suits=tuple(self._words(c)))

    def card_order(self, c: list[ast.Tok]) -> ast.CardOrder:
        return ast.CardOrder(parts=tuple(c))

    def top_cards(self, c: list[ast.Tok]) -> ast.TopCards:
        return ast.TopCards(cards=tuple(c))

    # -- combinations
    def rank_run(self, c: list[ast.Tok]) -> tuple[ast.Tok, ...]:
        return tuple(c)

    def sequence(self, c: list[Any]) -> ast.Sequence:
        return ast.Sequence(name=self.tok(c[0]), runs=tuple(c[1:]))

    @v_args(meta=True)
    def groups_shape(self, meta: Any, c: list[Token]) -> ast.GroupsShape:
        """``group 3 + group 2``: groups of distinct ranks."""
        return ast.GroupsShape(sizes=tuple(self.tok(x) for x in c), up_to=None,
                               span=self.sp(meta))

    @v_args(meta=True)
    def range_shape(self, meta: Any, c: list[Token]) -> ast.GroupsShape:
        """``group 4 to 8``: one group of 4 to 8 cards of a rank."""
        return ast.GroupsShape(sizes=(self.tok(c[0]),), up_to=self.tok(c[1]),
                               span=self.sp(meta))

    def run_max(self, c: list[Token]) -> tuple[str, Any]:
        return ("max", self.tok(c[0]))

    def run_within(self, c: list[ast.Tok]) -> tuple[str, Any]:
        return ("within", tuple(c))

    def run_wing(self, c: list[Token]) -> tuple[str, Any]:
        return ("wing", self.tok(c[0]))

    @v_args(meta=True)
    def run_shape(self, meta: Any, c: list[Any]) -> ast.RunShape:
        width, min_len = self.tok(c[0]), self.tok(c[1])
        parts = dict(c[2:])
        return ast.RunShape(width=width, min_len=min_len, max_len=parts.get("max"),
                            within=parts.get("within", ()), wing=parts.get("wing"),
                            span=self.sp(meta))

    @v_args(meta=True)
    def sequence_shape(self, meta: Any, c: list[Token]) -> ast.SequenceShape:
        return ast.SequenceShape(sequence=self.tok(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def cards_shape(self, meta: Any, c: list[Token]) -> ast.CardsShape:
        return ast.CardsShape(count=self.tok(c[0]), span=self.sp(meta))

    @v_args(meta=True)
    def set_shape(self, meta: Any, c: list[ast.Tok]) -> ast.SetShape:
        return ast.SetShape(cards=tuple(c), span=self.sp(meta))

    def suit_rule(self, c: list[ast.Tok]) -> tuple[str, ast.Tok]:
        return ("suits", c[0])

    def key_part(self, c: list[Any]) -> ast.KeyPart:
        return ast.KeyPart(kind=c[0], group=self.tok(c[1]) if len(c) > 1 else None)

    def key_rule(self, c: list[ast.KeyPart]) -> tuple[str, tuple[ast.KeyPart, ...]]:
        return ("key", tuple(c))

    def combination(self, c: list[Any]) -> ast.Combination:
        name = self.tok(c[0])
        parts = c[1:]
        label = ""
        if parts and isinstance(parts[0], Token) and parts[0].type == "STRING":
            label = _unquote(str(parts[0]))
            parts = parts[1:]
        shapes = tuple(p for p in parts if not isinstance(p, tuple))
        suits = tuple(p[1] for p in parts if isinstance(p, tuple) and p[0] == "suits")
        keys = tuple(p[1] for p in parts if isinstance(p, tuple) and p[0] == "key")
        return ast.Combination(name=name, label=label, shapes=shapes, suits=suits, keys=keys)

    def ladder(self, c: list[Token]) -> ast.Ladder:
        toks = self._words(c)
        return ast.Ladder(name=toks[0], kinds=tuple(toks[1:]))

    def bomb_rung(self, c: list[Token]) -> list[ast.Tok]:
        return self._words(c)

    def bombs(self, c: list[list[ast.Tok]]) -> ast.Bombs:
        kinds = tuple(t for rung in c for t in rung)
        rungs = tuple(i for i, rung in enumerate(c) for _ in rung)
        return ast.Bombs(kinds=kinds, rungs=rungs)

    # -- flow
    def must_play(self, c: list[Token]) -> bool:
        return True

    @v_args(meta=True)
    def lowest_card(self, meta: Any, c: list[Token]) -> ast.Tok:
        return ast.Tok(text="lowest card", span=self.sp(meta))

    def lead_first(self, c: list[Any]) -> ast.LeadFirst:
        lowest = c[0].text == "lowest card"
        return ast.LeadFirst(card=c[0], must_play=len(c) > 1, lowest=lowest)

    def lead_next(self, c: list[Any]) -> ast.Choice | ast.LeadNext:
        if isinstance(c[0], ast.NextIf):
            return ast.LeadNext(rule=c[0])
        return ast.Choice(what="lead next", value=c[0])

    @v_args(meta=True)
    def next_if(self, meta: Any, c: list[Any]) -> ast.NextIf:
        return ast.NextIf(cond=c[0], then=c[1], otherwise=c[2], span=self.sp(meta))

    @v_args(meta=True)
    def lead_first_random(self, meta: Any, c: list[Token]) -> ast.LeadFirst:
        return ast.LeadFirst(card=ast.Tok(text="random", span=self.sp(meta)), must_play=False,
                             random=True)

    def passing(self, c: list[ast.Tok]) -> ast.Choice:
        return ast.Choice(what="pass", value=c[0])

    def after_out(self, c: list[ast.Tok]) -> ast.Choice:
        return ast.Choice(what="after out", value=c[0])

    def round_end(self, c: list[ast.Tok]) -> ast.Choice:
        return ast.Choice(what="round ends", value=c[0])

    def teams(self, c: list[ast.Tok]) -> ast.Teams:
        return ast.Teams(kind=c[0], holders=())

    @v_args(meta=True)
    def hidden_teams(self, meta: Any, c: list[ast.Tok]) -> ast.Teams:
        kind = ast.Tok(text="hidden", span=self.sp(meta))
        return ast.Teams(kind=kind, holders=tuple(c))

    # -- scoring
    def const(self, c: list[Any]) -> ast.Const:
        return ast.Const(name=self.tok(c[0]), value=c[1])

    def table_entry(self, c: list[Any]) -> tuple[ast.Tok, ast.Expr]:
        return (c[0], c[1])

    def table(self, c: list[Any]) -> ast.Table:
        return ast.Table(name=self.tok(c[0]), entries=tuple(c[1:]))

    def param(self, c: list[Token]) -> tuple[ast.Tok, ast.Tok | None]:
        return self.tok(c[0]), (self.tok(c[1]) if len(c) > 1 else None)

    def params(self, c: list[tuple[ast.Tok, ast.Tok | None]]) -> tuple[Any, ...]:
        return tuple(c)

    def let(self, c: list[Any]) -> tuple[ast.Tok, ast.Expr]:
        return (self.tok(c[0]), c[1])

    def def_(self, c: list[Any]) -> ast.Def:
        return ast.Def(name=self.tok(c[0]), params=tuple(p for p, _ in c[1]), lets=(),
                       body=c[2], types=tuple(t for _, t in c[1]))

    def def_block(self, c: list[Any]) -> ast.Def:
        return ast.Def(name=self.tok(c[0]), params=tuple(p for p, _ in c[1]),
                       lets=tuple(c[2:-1]), body=c[-1], types=tuple(t for _, t in c[1]))

    def match_rounds(self, c: list[Token]) -> tuple[str, Any]:
        return ("rounds", self.tok(c[0]))

    def match_accumulate(self, c: list[Token]) -> tuple[str, Any]:
        return ("accumulate", self.tok(c[0]))

    def match_until(self, c: list[Any]) -> tuple[str, Any]:
        return ("until", c[0])

    def match(self, c: list[tuple[str, Any]]) -> ast.Match:
        parts = dict(c)
        return ast.Match(rounds=parts.get("rounds"), accumulate=parts.get("accumulate"),
                         until=parts.get("until"))

    # -- expressions
    @v_args(meta=True)
    def if_expr(self, meta: Any, c: list[Any]) -> ast.Expr:
        return ast.If(cond=c[0], then=c[1], otherwise=c[2], span=self.sp(meta))

    def _chain(self, meta: Any, c: list[Any], op: str) -> ast.Expr:
        result: ast.Expr = c[0]
        for x in c[1:]:
            result = ast.BinOp(op=op, left=result, right=x, span=self.sp(meta))
        return result

    @v_args(meta=True)
    def or_(self, meta: Any, c: list[Any]) -> ast.Expr:
        return self._chain(meta, c, "or")

    @v_args(meta=True)
    def and_(self, meta: Any, c: list[Any]) -> ast.Expr:
        return self._chain(meta, c, "and")

    @v_args(meta=True)
    def not_(self, meta: Any, c: list[Any]) -> ast.Expr:
        return ast.Not(operand=c[0], span=self.sp(meta))

    @v_args(meta=True)
    def compare(self, meta: Any, c: list[Any]) -> ast.Expr:
        if len(c) == 1:
            return c[0]  # type: ignore[no-any-return]
        return ast.BinOp(op=c[1].text, left=c[0], right=c[2], span=self.sp(meta))

    @v_args(meta=True)
    def binop(self, meta: Any, c: list[Any]) -> ast.Expr:
        result: ast.Expr = c[0]
        for i in range(1, len(c), 2):
            result = ast.BinOp(op=c[i].text, left=result, right=c[i + 1], span=self.sp(meta))
        return result

    @v_args(meta=True)
    def neg(self, meta: Any, c: list[Any]) -> ast.Expr:
        return ast.Neg(operand=c[0], span=self.sp(meta))

    def number(self, c: list[Token]) -> ast.Expr:
        t = self.tok(c[0])
        return ast.Num(value=int(t.text), span=t.span)

    def name(self, c: list[Token]) -> ast.Expr:
        t = self.tok(c[0])
        return ast.Name(name=t.text, span=t.span)

    @v_args(meta=True)
    def call(self, meta: Any, c: list[Any]) -> ast.Expr:
        return ast.Call(func=self.tok(c[0]), args=tuple(c[1:]), span=self.sp(meta))

    @v_args(meta=True)
    def aggregate(self, meta: Any, c: list[Any]) -> ast.Expr:
        return ast.Aggregate(kind=c[0].text, var=self.tok(c[1]), domain=c[2], body=c[3],
                             span=self.sp(meta))

    @v_args(meta=True)
    def index(self, meta: Any, c: list[Any]) -> ast.Expr:
        return ast.Index(table=self.tok(c[0]), index=c[1], span=self.sp(meta))

    def case(self, c: list[Any]) -> tuple[ast.Expr, ast.Expr]:
        return (c[0], c[1])

    @v_args(meta=True)
    def cases(self, meta: Any, c: list[Any]) -> ast.Expr:
        return ast.Cases(cases=tuple(c[:-1]), otherwise=c[-1], span=self.sp(meta))

    # -- family banking
    def banker(self, c: list[Token]) -> ast.Banker:
        return ast.Banker(seat=self.tok(c[0]))

    @v_args(meta=True)
    def banker_as_seat(self, meta: Any, c: list[Token]) -> ast.BankerPlays:
        return ast.BankerPlays(action=None, cond=None, otherwise=None, span=self.sp(meta))

    @v_args(meta=True)
    def banker_policy(self, meta: Any, c: list[Any]) -> ast.BankerPlays:
        return ast.BankerPlays(action=self.tok(c[0]), cond=c[1], otherwise=self.tok(c[2]),
                               span=self.sp(meta))

    def bet(self, c: list[Token]) -> ast.Bet:
        return ast.Bet(low=self.tok(c[0]), high=self.tok(c[1]),
                       step=self.tok(c[2]) if len(c) > 2 else None)

    def value_entry(self, c: list[Any]) -> tuple[ast.Tok, ast.Tok]:
        return (c[0], self.tok(c[1]))

    @v_args(meta=True)
    def values(self, meta: Any, c: list[tuple[ast.Tok, ast.Tok]]) -> ast.Values:
        return ast.Values(entries=tuple(c), span=self.sp(meta))

    def soft(self, c: list[Any]) -> ast.Soft:
        return ast.Soft(rank=c[0], value=self.tok(c[1]))

    def bust(self, c: list[Token]) -> ast.Bust:
        return ast.Bust(limit=self.tok(c[0]))

    def effect_draw(self, c: list[Token]) -> tuple[str, ast.Tok | None]:
        return ("draw", self.tok(c[0]))

    def effect_stop(self, c: list[Token]) -> tuple[str, ast.Tok | None]:
        return ("stop", None)

    def effect_bet(self, c: list[Token]) -> tuple[str, ast.Tok | None]:
        return ("bet", self.tok(c[0]))

    def effect_split(self, c: list[Token]) -> tuple[str, ast.Tok | None]:
        return ("split", None)

    @v_args(meta=True)
    def action(self, meta: Any, c: list[Any]) -> ast.Action:
        name, param = self.tok(c[0]), self.tok(c[1])
        rest = c[2:]
        label = ""
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            label = _unquote(str(rest[0]))
            rest = rest[1:]
        effects = tuple(x for x in rest if isinstance(x, tuple))
        when = next((x for x in rest if not isinstance(x, tuple)), None)
        return ast.Action(name=name, param=param, label=label, when=when, effects=effects,
                          span=self.sp(meta))

    def showdown_never(self, c: list[Token]) -> ast.ShowdownEarly:
        return ast.ShowdownEarly(when=None)

    def showdown_early(self, c: list[Any]) -> ast.ShowdownEarly:
        return ast.ShowdownEarly(when=c[0])

    def setup_split(self, c: list[Token]) -> tuple[str, Any]:
        return ("split", True)

    def setup_bet(self, c: list[Token]) -> tuple[str, Any]:
        return ("bet", self.tok(c[0]))

    def setup_against(self, c: list[Token]) -> tuple[str, Any]:
        return ("against", self._string_tok(c[0]))

    def claim_total(self, c: list[Token]) -> tuple[str, Any, Any]:
        return ("totals", None, self.tok(c[0]))

    def claim_is(self, c: list[Token]) -> tuple[str, Any, Any]:
        return ("is", self.tok(c[0]), None)

    def claim_is_not(self, c: list[Token]) -> tuple[str, Any, Any]:
        return ("is_not", self.tok(c[0]), None)

    def claim_value(self, c: list[Any]) -> tuple[str, Any, Any]:
        return ("value", self.tok(c[0]), c[1])

    def example_hand(self, c: list[Any]) -> ast.ExampleHand:
        setups = dict(x for x in c[1:-1])
        claim, name, value = c[-1]
        return ast.ExampleHand(cards=self._string_tok(c[0]), split="split" in setups,
                               bet=setups.get("bet"), against=setups.get("against"),
                               claim=claim, name=name, value=value)

    # -- examples
    def _string_tok(self, t: Token) -> ast.Tok:
        span = _tok_span(self.file, t)
        inner = Span(file=span.file, line=span.line, col=span.col + 1,
                     end_line=span.end_line, end_col=max(span.col + 1, span.end_col - 1))
        return ast.Tok(text=_unquote(str(t)), span=inner)

    def example_is(self, c: list[Token]) -> ast.ExampleIs:
        key = self._string_tok(c[2]) if len(c) > 2 else None
        return ast.ExampleIs(cards=self._string_tok(c[0]), kind=self.tok(c[1]), key=key)

    def example_nothing(self, c: list[Token]) -> ast.ExampleIs:
        return ast.ExampleIs(cards=self._string_tok(c[0]), kind=None, key=None)

    def example_beats(self, c: list[Token]) -> ast.ExampleBeats:
        return ast.ExampleBeats(winner=self._string_tok(c[0]), loser=self._string_tok(c[1]))

    def setup_numbers(self, c: list[Token]) -> tuple[str, Any]:
        what = self.tok(c[0])
        if what.text not in ("cards_left", "places"):
            raise CompileError([Diagnostic(
                message=f"an example cannot set '{what.text}'", span=what.span,
                hint="examples set cards_left N N N N, places N N N N, held \"CARDS\" by SEAT")],
                {self.file: self.text})
        return (what.text, tuple(self._words(c[1:])))

    def setup_holds(self, c: list[Token]) -> tuple[str, Any]:
        return ("holds", (self.tok(c[1]), self._string_tok(c[0])))

    def setup_leader(self, c: list[Token]) -> tuple[str, Any]:
        return ("leader", self.tok(c[0]))

    def setup_bid(self, c: list[Token]) -> tuple[str, Any]:
        return ("bid", self.tok(c[0]))

    def setup_plays(self, c: list[Token]) -> tuple[str, Any]:
        return ("plays", tuple(self._words(c)))

    def setup_plays_of(self, c: list[Token]) -> tuple[str, Any]:
        return ("plays_of", (self.tok(c[0]), tuple(self._words(c[1:]))))

    def example_scores(self, c: list[Any]) -> ast.ExampleScores:
        setups = [x for x in c if isinstance(x, tuple)]
        expect = tuple(x for x in c if isinstance(x, ast.Tok))
        cards_left: tuple[ast.Tok, ...] = ()
        places: tuple[ast.Tok, ...] = ()
        holds: list[tuple[ast.Tok, ast.Tok]] = []
        plays_of: list[tuple[ast.Tok, tuple[ast.Tok, ...]]] = []
        one: dict[str, Any] = {}
        for what, value in setups:
            if what == "cards_left":
                cards_left = value
            elif what == "places":
                places = value
            elif what == "holds":
                holds.append(value)
            elif what == "plays_of":
                plays_of.append(value)
            else:
                one[what] = value
        return ast.ExampleScores(cards_left=cards_left, places=places, holds=tuple(holds),
                                 expect=expect, leader=one.get("leader"), bid=one.get("bid"),
                                 plays=one.get("plays", ()), plays_of=tuple(plays_of))


def _word(terminal: str) -> str:
    if terminal.startswith("_KW_"):
        return f"'{terminal[4:].lower()}'"
    return _TERMINAL_WORDS.get(terminal, f"'{terminal.lower()}'")


def _describe_expected(expected: set[str]) -> str:
    words = sorted({_word(e) for e in expected if not e.startswith("__")})
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)


def _parse_error(path: str, text: str, err: UnexpectedInput) -> Diagnostic:
    line, col = err.line if err.line > 0 else 1, err.column if err.column > 0 else 1
    span = Span(file=path, line=line, col=col, end_line=line, end_col=col + 1)
    if isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream if err.pos_in_stream is not None else len(text)
        ch = text[pos] if pos < len(text) else "?"
        return Diagnostic(message=f"unexpected character {ch!r}", span=span,
                          hint="cards are written like S3 H10 DQ BJ or ♠3; comments start with #")
    if isinstance(err, UnexpectedEOF):
        last = source_lines(text.rstrip())
        span = Span(file=path, line=len(last), col=len(last[-1]) + 1, end_line=len(last),
                    end_col=len(last[-1]) + 2)
        return Diagnostic(message="the file ends in the middle of a statement", span=span,
                          hint="expected " + _describe_expected(set(err.expected)))
    assert isinstance(err, UnexpectedToken)
    tok = err.token
    hint = "expected " + _describe_expected(set(err.expected))
    if tok.type == "$END":
        return Diagnostic(message="the file ends in the middle of a statement", span=span,
                          hint=hint)
    span = Span(file=path, line=line, col=col, end_line=line, end_col=col + len(str(tok)))
    if str(tok) in ("<", ">", "<=", ">=", "==", "!="):
        return Diagnostic(message=f"unexpected {str(tok)!r}", span=span,
                          hint="comparisons do not chain: write 'a < b and b < c'")
    starts_word = tok.type == "NAME" or tok.type.startswith("_KW_")
    if "_KW_COMBINATION" in err.expected and starts_word:  # a statement starts here
        words = [e[4:].lower() for e in err.expected if e.startswith("_KW_")]
        after_remove = text[:tok.start_pos or 0].rstrip().endswith("remove")
        message, hint = statement_hint(str(tok), words, text, path, after_remove)
        return Diagnostic(message=message, span=span, hint=hint)
    if tok.type == "NAME" and "NAME" not in err.expected and str(tok).lower() != str(tok):
        hint += "; keywords are lower case"
    return Diagnostic(message=f"unexpected {str(tok)!r}", span=span, hint=hint)


def _too_deep_or_long(tree: Tree[Token], path: str) -> Diagnostic | None:
    """The first node deeper than MAX_TREE_DEPTH, number longer than MAX_NUMBER_DIGITS, or
    string holding a control character, found without recursion (and before int() meets
    it)."""
    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            return Diagnostic(message="this formula nests too deeply", span=_span(path, node.meta),
                              hint="split it into several lets or defs")
        for c in node.children:
            if isinstance(c, Tree):
                stack.append((c, depth + 1))
            elif c.type == "STRING" and (bad := steering_char(str(c))) is not None:
                return Diagnostic(message=f"this string holds the control character "
                                          f"U+{ord(bad):04X}",
                                  span=_tok_span(path, c),
                                  hint="titles, labels and examples are plain text: a control "
                                       "character could steer the terminal that shows them")
            elif c.type == "INT" and len(c) > MAX_NUMBER_DIGITS:
                return Diagnostic(message=f"this number has {len(c)} digits; numbers have at "
                                          f"most {MAX_NUMBER_DIGITS}",
                                  span=_tok_span(path, c),
                                  hint="scores and counts are whole numbers below 10**"
                                       f"{MAX_NUMBER_DIGITS}")
    return None


# ---------------------------------------------------------------- recovering from syntax errors

MAX_SYNTAX_ERRORS = 20


def _keywords_after(prefix: str) -> frozenset[str]:
    """The keywords the parser accepts after ``prefix`` (a valid start of a file)."""
    ip = parser().parse_interactive(prefix)
    ip.exhaust_lexer()
    accepted: set[str] = ip.accepts()  # type: ignore[no-untyped-call]
    return frozenset(t[4:].lower() for t in accepted if t.startswith("_KW_"))


@functools.lru_cache(maxsize=1)
def statement_words() -> frozenset[str]:
    """The words a statement starts with (``override`` and ``remove`` included)."""
    return _keywords_after("game x\nplayers 4\n")


@functools.lru_cache(maxsize=1)
def _block_words() -> frozenset[str]:
    """Statement words that may also start a line inside a ``{ }`` block (``suits same``)."""
    inside = _keywords_after("game x\ncombination c {\n") | _keywords_after("game x\nmatch {\n")
    return inside & statement_words()


# A string, a comment, a brace, or a word at the start of a line.
_SCAN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[{}]|(?m:^[ \t]*([a-z_][a-z0-9_]*))')


def _open_braces(text: str, start: int, end: int) -> list[int]:
    """Offsets of the ``{`` between start and end that are not closed before end."""
    stack: list[int] = []
    for m in _SCAN.finditer(text, start, end):
        if m.group() == "{":
            stack.append(m.start())
        elif m.group() == "}" and stack:
            stack.pop()
    return stack


def _is_statement_start(text: str, chunk: int, pos: int, word: str) -> bool:
    """Whether ``word`` at offset pos, first on its line, starts a statement: a statement
    word outside any block (``suits`` inside a combination's braces is not one)."""
    line_start = text.rfind("\n", 0, pos) + 1
    if text[line_start:pos].strip(" \t") or word not in statement_words():
        return False
    return word not in _block_words() or not _open_braces(text, chunk, pos)


def _closed_later(text: str, brace: int, pos: int) -> bool:
    """Whether the ``{`` at offset brace is closed before the next statement that starts in
    the first column after pos (then a statement word at pos is a stray word in the block,
    not a sign that a ``}`` is missing)."""
    depth = 0
    for m in _SCAN.finditer(text, brace):
        word = m.group(1)
        if m.group() == "{":
            depth += 1
        elif m.group() == "}":
            depth -= 1
            if depth == 0:
                return True
        elif word and m.start(1) > pos and word in statement_words() and (
                m.start(1) == 0 or text[m.start(1) - 1] == "\n"):
            return False
    return False


def _next_statement(text: str, pos: int, chunk: int) -> int:
    """The offset of the next statement on a line after ``pos``, or the end: a line that
    starts, outside braces, with a statement word or with any word in its first column (a
    misspelt statement: continuation lines are indented); a statement word that cannot appear
    inside braces starts a statement anywhere. One pass from ``chunk``, counting braces."""
    depth = 0
    for m in _SCAN.finditer(text, chunk):
        word = m.group(1)
        if m.group() == "{":
            depth += 1
        elif m.group() == "}":
            depth = max(0, depth - 1)
        elif word and m.start(1) >= pos:
            at = m.start(1)
            keyword = word in statement_words()
            if (keyword and word not in _block_words()) or (depth == 0 and (
                    keyword or at == 0 or text[at - 1] == "\n")):
                return at
    return len(text)


def _back_to_statements(state: Any) -> bool:
    """Pop the parser's stacks to the deepest level where a new statement may start (the
    broken statement is dropped); False if there is none. Only levels whose state has an
    action for a statement word are tried, so the cost stays linear in the stack."""
    table = state.parse_conf.states
    for depth in range(len(state.state_stack), 0, -1):
        if "_KW_OVERRIDE" not in table[state.state_stack[depth - 1]]:
            continue
        trial = state.copy(deepcopy_values=False)
        del trial.state_stack[depth:]
        del trial.value_stack[depth - 1:]
        try:
            trial.feed_token(Token("_KW_OVERRIDE", "override"))
        except UnexpectedToken:
            continue
        del state.state_stack[depth:]
        del state.value_stack[depth - 1:]
        return True
    return False


class _Recovery:
    """Lark's ``on_error`` for LALR: note the error, then drop the broken statement (the
    parser's stack back to the list of statements, the input to the next line that starts a
    statement) so that one run reports each broken statement once, not a cascade."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self.diagnostics: list[Diagnostic] = []
        self.last: UnexpectedInput | None = None
        self.chunk = 0  # where the statement being parsed started, for counting braces

    def starts_statement(self, tok: Token) -> bool:
        """Whether tok, where the parser did not expect it, starts the next statement: a
        statement word first on its line, and not inside a { } that is closed further on."""
        pos = tok.start_pos or 0
        if not _is_statement_start(self.text, self.chunk, pos, str(tok)):
            return False
        opened = _open_braces(self.text, self.chunk, pos)
        return not opened or not _closed_later(self.text, opened[-1], pos)

    def diagnose(self, err: UnexpectedInput) -> Diagnostic:
        if isinstance(err, UnexpectedToken):
            tok = err.token
            at_end = tok.type == "$END"
            pos = len(self.text) if at_end else (tok.start_pos or 0)
            opened = _open_braces(self.text, self.chunk, pos)
            if opened and (at_end or self.starts_statement(tok)):
                return self.unclosed(opened[-1], None if at_end else tok)
        return _parse_error(self.path, self.text, err)

    def unclosed(self, brace: int, next_tok: Token | None) -> Diagnostic:
        line = self.text.count("\n", 0, brace) + 1
        col = brace - (self.text.rfind("\n", 0, brace) + 1) + 1
        span = Span(file=self.path, line=line, col=col, end_line=line, end_col=col + 1)
        where = "the end of the file" if next_tok is None else \
            f"line {next_tok.line}, where '{next_tok}' starts the next statement"
        return Diagnostic(message="a '}' is missing: this '{' is not closed", span=span,
                          hint=f"close it before {where}")

    def __call__(self, err: UnexpectedInput) -> bool:
        self.last = err
        self.diagnostics.append(self.diagnose(err))
        ip = err.interactive_parser
        if len(self.diagnostics) >= MAX_SYNTAX_ERRORS or ip is None or (
                isinstance(err, UnexpectedToken) and err.token.type == "$END"):
            return False
        if not _back_to_statements(ip.parser_state):  # a broken header: nothing to resume
            return False
        lexer = ip.lexer_thread.state
        if lexer is None:
            return False
        counter = lexer.line_ctr
        tok = err.token if isinstance(err, UnexpectedToken) else None
        if tok is not None and self.starts_statement(tok):
            # The statement before this one was left unfinished: resume at this one.
            self.chunk = tok.start_pos or 0
            word = str(tok)
            ip.feed_token(Token.new_borrow_pos(f"_KW_{word.upper()}", word, tok))
            return True
        self.chunk = _next_statement(self.text, counter.char_pos, self.chunk)
        counter.feed(self.text[counter.char_pos:self.chunk])
        return True


def parse_text(text: str, path: str) -> ast.RulesFile:
    """Parse one rules file; raises CompileError with a located diagnostic for each syntax
    error (up to MAX_SYNTAX_ERRORS: after each, parsing resumes at the next statement)."""
    recover = _Recovery(path, text)
    tree: Tree[Token] | None = None
    try:
        tree = parser().parse(text, on_error=recover)
    except UnexpectedInput as err:
        if not recover.diagnostics or recover.last is not err:
            recover.diagnostics.append(recover.diagnose(err))
    if recover.diagnostics or tree is None:
        raise CompileError(recover.diagnostics, {path: text})
    bad = _too_deep_or_long(tree, path)
    if bad is not None:
        raise CompileError([bad], {path: text})
    builder = _ToAst(path, text)
    try:
        header, *items = builder.transform(tree).children
    except VisitError as err:  # what a rule method raised, unwrapped for the callers' guards
        if isinstance(err.orig_exc, (CompileError, RecursionError)):
            raise err.orig_exc from None
        raise
    name, extends = header
    return ast.RulesFile(name=name, extends=extends, items=tuple(items), path=path,
                         source=text, sources={path: text})
