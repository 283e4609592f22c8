"""Check the statements of family tricks and build their IR (ir.Tricks).

A climbing game that states a tricks statement, or a tricks game that states a climbing one,
gets an error at the statement: each family reads only its own."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..cards import JOKER_NAMES, RANK_NAMES, SUIT_LETTERS, rank_index
from . import ast, ir
from .check import Checker, ExprChecker, _within, normal_rank
from .diagnostics import Span, did_you_mean

# Statements only the climbing family reads, by item key (or its first word).
_CLIMBING_ONLY = ("combination", "sequence", "ladder", "bombs", "top", "lead first", "lead next",
                  "pass", "after out", "round ends", "auction")
# Statements only family tricks reads.
_TRICKS_ONLY = ("levels", "level up", "trumps", "ties", "unit", "lead", "throw", "follow", "ruff",
                "points", "kitty", "kitty bonus", "dealer first", "dealer next", "bidding")
_CLIMBING_EXAMPLES = (ast.ExampleIs, ast.ExampleBeats, ast.ExampleScores)
_TRICKS_EXAMPLES = (ast.ExampleTricks, ast.ExampleSettle)
MAX_BID_CARDS = 8  # the cards one option of a bid shows
_SETTLE_SETUP = ("dealer", "points", "kitty", "last", "dealer_level", "defender_level")


def _family_of_key(key: str) -> str:
    word = key.split(" ")[0]
    if key in _TRICKS_ONLY or word == "unit":
        return "tricks"
    if key in _CLIMBING_ONLY or word in ("combination", "sequence", "ladder"):
        return "climbing"
    return ""


def check_tricks(ch: Checker, players: int, consts: dict[str, int],
                 tables: dict[str, tuple[tuple[int, int], ...]],
                 defs: tuple[ir.Def, ...]) -> tuple[ir.Tricks | None, tuple[ir.Example, ...]]:
    """The tricks IR and the tricks worked examples (None, () for another family); reports
    statements of the other family."""
    if ch.family != "tricks":
        for item in ch.res.items:
            if _family_of_key(item.key) == "tricks" or isinstance(item.stmt, _TRICKS_EXAMPLES):
                what = item.key if not item.key.startswith("example") else "this example"
                ch.errors.error(item.span, f"{what} belongs to family tricks",
                                "write 'family tricks' to play a trick-taking game")
        return None, ()
    return TricksChecker(ch, players, consts, tables, defs).build()


class TricksChecker:
    def __init__(self, ch: Checker, players: int, consts: dict[str, int],
                 tables: dict[str, tuple[tuple[int, int], ...]],
                 defs: tuple[ir.Def, ...]) -> None:
        self.ch = ch
        self.err = ch.errors
        self.broken: set[tuple[str, str]] = set()  # (removed, inherited) reported
        self.players = players
        self.consts = consts
        self.tables = tables
        self.defs = {d.name: d for d in defs}

    def span(self, key: str) -> Span:
        return self.ch.items[key].span if key in self.ch.items else self.ch.head

    # ---------------------------------------------------------------- the game
    def build(self) -> tuple[ir.Tricks, tuple[ir.Example, ...]]:
        self.other_family()
        self.table()
        levels = self.levels()
        level_up = self.def_ref("level up", required=True)
        trump_rank, order = self.trumps()
        units = self.units()
        self.units_by_name = {u.name: u for u in units}
        leads = self.leads()
        penalty = self.throw(leads)
        follow = self.follow()
        ruff = self.ch.stmt("ruff", ast.Ruff)
        points = self.points()
        bury = self.kitty()
        bonus = self.def_ref("kitty bonus", required=False)
        if bonus:
            self.no_defender_points(bonus)
        first = self.ch.stmt("dealer first", ast.DealerFirst)
        fallback = 0
        if first is not None and first.fallback is not None:
            fallback = self.ch.int_of(first.fallback, 0, self.players - 1, "a seat")
        tricks = ir.Tricks(
            levels=levels, level_up=level_up, trump_rank=trump_rank, trump_order=order,
            ties=self.ch.choice("ties", "first"), units=units, leads=leads,
            throw_penalty=penalty, follow=follow, ruffing=ruff is not None,
            ruff_cover=bool(ruff and ruff.cover), points=points, kitty_bury=bury,
            kitty_bonus=bonus, dealer_fallback=fallback, dealer_next=self.dealer_next(),
            bids=self.bids())
        self.levels_list = levels
        return tricks, self.examples()

    def other_family(self) -> None:
        for item in self.ch.res.items:
            if _family_of_key(item.key) == "climbing" or isinstance(item.stmt,
                                                                    _CLIMBING_EXAMPLES):
                what = item.key if not item.key.startswith("example") else "this example form"
                self.err.error(item.span, f"{what} belongs to the climbing family, not to "
                               "family tricks", "tricks games state units, leads, follow "
                               "and ruff rules (docs/language.md, 'The tricks family')")

    def table(self) -> None:
        teams = self.ch.stmt("teams", ast.Teams)
        if teams is None or teams.kind.text != "opposite" or self.players % 2:
            self.ch.depends(self.span("teams") if teams else self.ch.head,
                            "family tricks plays two sides of partners sitting opposite",
                            "write 'teams: opposite' with an even number of players",
                            on=("players",))
        deal = self.ch.stmt("deal", ast.Deal)
        if deal is not None:
            total = self.ch.deck_size * self.ch.copies
            each = int(deal.each.text)
            kitty = int(deal.kitty.text) if deal.kitty else 0
            if each * self.players + kitty < total:  # more: the deal check says so
                self.ch.depends(deal.each.span, f"{self.players} x {each} cards + kitty "
                                f"{kitty} is not the {total} cards of the deck",
                                "in family tricks every card is dealt")

    def plain_rank(self, tok: ast.Tok) -> int:
        """A suited rank's notation index (2 -> 0, A -> 12), or -1 after an error."""
        r = normal_rank(tok.text)
        if r is None or r in JOKER_NAMES:
            self.err.error(tok.span, f"'{tok.text}' is not a rank of a suit",
                           "ranks are 2-10, J, Q, K, A")
            return -1
        return rank_index(r) or 0

    def levels(self) -> tuple[str, ...]:
        stmt = self.ch.stmt("levels", ast.Levels)
        if stmt is None:
            self.ch.missing("levels", "list the levels low to high: 'levels 2 3 4 ... K A'")
            return RANK_NAMES
        out: list[str] = []
        for tok in stmt.ranks:
            if self.plain_rank(tok) >= 0:
                word = normal_rank(tok.text) or ""
                if word in out:
                    self.err.error(tok.span, f"level {word} is listed twice")
                out.append(word)
        return tuple(out)

    def def_ref(self, key: str, *, required: bool) -> str:
        """A statement naming a def of one seat that gives a whole number."""
        stmt = self.ch.stmt(key, ast.Choice)
        if stmt is None:
            if required:
                self.ch.missing(key, f"name the def that gives it: '{key}: NAME'")
            return ""
        name = stmt.value.text
        d = self.defs.get(name)
        if d is None:
            self.err.error(stmt.value.span, f"unknown def '{name}'", did_you_mean(name, self.defs))
        elif len(d.params) != 1 or d.returns not in ("int", "?"):
            self.err.error(stmt.value.span, f"{key} needs a def of one seat that gives a whole "
                           f"number; {name} does not")
        return name

    def no_defender_points(self, name: str) -> None:
        """The kitty bonus is part of defender_points(): it cannot read it."""
        seen: set[str] = set()
        todo = [name]
        while todo:
            d = self.defs.get(todo.pop())
            if d is None or d.name in seen:
                continue
            seen.add(d.name)
            for e in [d.body, *(v for _, v in d.lets)]:
                for node in _walk(e):
                    if isinstance(node, ir.Builtin) and node.func == "defender_points":
                        self.err.error(self.span("kitty bonus"), f"the kitty bonus {name} reads "
                                       "defender_points(), which includes the kitty bonus",
                                       "read kitty_points() and last_unit() instead")
                        return
                    if isinstance(node, ir.DefCall):
                        todo.append(node.func)

    # ---------------------------------------------------------------- trumps
    def trumps(self) -> tuple[str, tuple[ir.TrumpPattern, ...]]:
        stmt = self.ch.stmt("trumps", ast.Trumps)
        if stmt is None:
            self.ch.missing("trumps", "write 'trumps { rank: level suit: bid order: suit < "
                            "off rank < suit rank < LJ < BJ }'")
            return "", ()
        rank = ""
        if stmt.rank is not None and self.plain_rank(stmt.rank) >= 0:
            rank = normal_rank(stmt.rank.text) or ""
        out: list[ir.TrumpPattern] = []
        for p in stmt.order:
            pat = ir.TrumpPattern(kind=p.kind)
            if p.kind in ("suit_of", "off_of") and p.word is not None:
                pat = ir.TrumpPattern(kind=p.kind, rank=self.plain_rank(p.word))
            elif p.kind == "card" and p.word is not None:
                pat = ir.TrumpPattern(kind="card", card=self.ch.card_of(p.word))
                if pat.card < 0:  # not a card of the deck: said by card_of
                    continue
            if pat in out:
                self.err.error(p.span, "this pattern is already in the trump order")
            out.append(pat)
        cards = {p.card for p in out}
        if self.ch.deck_size == 54 and not {52, 53} <= cards:
            self.err.error(stmt.span, "the jokers need a place in the trump order",
                           "end the order with '< LJ < BJ'")
        return rank, tuple(out)

    # ---------------------------------------------------------------- units
    def units(self) -> tuple[ir.Unit, ...]:
        stmts = [(i.stmt, i.span) for i in self.ch.res.items if isinstance(i.stmt, ast.Unit)]
        names = [s.name.text for s, _ in stmts]
        out: list[ir.Unit] = []
        for s, span in stmts:
            if s.name.text == "throw":
                self.err.error(s.name.span, "'throw' names the lead of several units",
                               "choose another name for this unit")
            if s.identical is not None:
                n = self.ch.int_of(s.identical, 1, 4, "identical cards")
                if n > self.ch.copies:
                    self.err.error(s.identical.span, f"a deck of {self.ch.copies} copies has no "
                                   f"{n} identical cards", "use 'deck 54 copies N'")
                out.append(ir.Unit(name=s.name.text, label=s.label, identical=n, span=span))
                continue
            assert s.chain_of is not None and s.min_len is not None
            base = s.chain_of.text
            base_stmt = next((b for b, _ in stmts if b.name.text == base), None)
            if base_stmt is None:
                self.unknown_unit(s.chain_of, did_you_mean(base, names))
            elif base_stmt.identical is None:
                self.err.error(s.chain_of.span, f"a chain is made of identical cards; {base} "
                               "is a chain itself")
            min_len = self.ch.int_of(s.min_len, 2, 13, "a chain's length")
            out.append(ir.Unit(name=s.name.text, label=s.label, identical=0, chain_of=base,
                               min_len=min_len, span=span))
        if not any(u.identical == 1 for u in out):
            self.ch.missing("unit of one card", "add 'unit single \"单张\" { identical 1 }'")
        return tuple(out)

    def unit_name(self, tok: ast.Tok) -> str:
        if tok.text not in self.units_by_name:
            self.unknown_unit(tok, did_you_mean(tok.text, self.units_by_name))
        return tok.text

    def unknown_unit(self, tok: ast.Tok, hint: str) -> None:
        """A unit name that is not a unit; when this file removed it and the name stands in
        a base game's statement, the remove broke that statement: reported once per
        statement, at the remove, naming the statement to override."""
        removed = next((i for i in self.ch.res.removed if i.key == f"unit {tok.text}"), None)
        if removed is None or tok.span.file == self.ch.res.path:
            self.err.error(tok.span, f"unknown unit '{tok.text}'", hint)
            return
        inherited = next((i.key for i in self.ch.res.items if _within(tok.span, i.span)),
                         "a statement")
        if (removed.key, inherited) in self.broken:
            return
        self.broken.add((removed.key, inherited))
        self.err.error(removed.span, f"removing {removed.key} breaks the base game's "
                       f"{inherited}, which names it",
                       f"override {inherited} too (at {Path(tok.span.file).name}:"
                       f"{tok.span.line})")

    def min_size(self, name: str) -> int:
        u = self.units_by_name.get(name)
        if u is None:
            return 0
        if u.identical:
            return u.identical
        base = self.units_by_name.get(u.chain_of)
        return (base.identical if base else 0) * u.min_len

    def leads(self) -> tuple[str, ...]:
        stmt = self.ch.stmt("lead", ast.Leads)
        if stmt is None:
            self.ch.missing("lead", "say what may be led: 'lead: single | pair'")
            return ()
        out = []
        for tok in stmt.kinds:
            out.append(tok.text if tok.text == "throw" else self.unit_name(tok))
        singles = [u.name for u in self.units_by_name.values() if u.identical == 1]
        if singles and not set(singles) & set(out):
            self.err.error(stmt.kinds[0].span, "a leader must always be able to lead one card",
                           f"add {singles[0]} to the leads")
        return tuple(out)

    def throw(self, leads: tuple[str, ...]) -> int:
        stmt = self.ch.stmt("throw", ast.Throw)
        if stmt is None:
            if "throw" in leads:
                self.err.error(self.span("lead"), "'throw' is led but the game has no throw "
                               "statement", "add 'throw { units of one class test: unbeatable "
                               "fails: smallest }'")
            return -1
        if "throw" not in leads:
            self.err.error(self.span("throw"), "the throw is never led",
                           "add '| throw' to the leads")
        return self.ch.int_of(stmt.penalty, 0, 1000, "a penalty") if stmt.penalty else 0

    def follow(self) -> tuple[ir.FollowRule, ...]:
        stmt = self.ch.stmt("follow", ast.Follow)
        if stmt is None:
            return ()
        out: list[ir.FollowRule] = []
        for rule in stmt.rules:
            lead = self.unit_name(rule.lead)
            alts = []
            for alt in rule.alternatives:
                names = tuple(self.unit_name(t) for t in alt)
                size = sum(self.min_size(n) for n in names)
                if lead in self.units_by_name and 0 < self.min_size(lead) < size:
                    self.err.error(alt[0].span, f"{' + '.join(names)} holds more cards ({size}) "
                                   f"than a {lead} ({self.min_size(lead)})")
                alts.append(names)
            if lead in [r.lead for r in out]:
                self.err.error(rule.lead.span, f"the follow of {lead} is given twice")
            out.append(ir.FollowRule(lead=lead, alternatives=tuple(alts)))
        return tuple(out)

    # ---------------------------------------------------------------- points, kitty, dealer
    def points(self) -> tuple[tuple[str, int], ...]:
        stmt = self.ch.stmt("points", ast.Points)
        if stmt is None:
            return ()
        out: dict[str, int] = {}
        for rank, value in stmt.entries:
            word = normal_rank(rank.text)
            if word is None or word not in self.ch.rank_set:
                self.err.error(rank.span, f"'{rank.text}' is not a rank of this game")
                continue
            if word in out:
                self.err.error(rank.span, f"rank {word} is given points twice")
            out[word] = self.ch.int_of(value, 0, 1000, "card points")
        return tuple(out.items())

    def kitty(self) -> bool:
        stated = self.ch.stmt("kitty", ast.Choice) is not None
        deal = self.ch.stmt("deal", ast.Deal)
        if deal is not None and deal.kitty is not None and int(deal.kitty.text) and not stated:
            self.ch.missing("kitty", "say what becomes of the kitty: 'kitty: to dealer bury "
                            "same'")
        return stated

    def dealer_next(self) -> ir.Expr:
        stmt = self.ch.stmt("dealer next", ast.DealerNext)
        if stmt is None:
            self.ch.missing("dealer next", "give the next round's dealer as a formula, e.g. "
                            "'dealer next: partner(dealer_seat())'")
            return ir.Builtin(func="dealer_seat", args=())
        checker = ExprChecker(self.ch, self.consts, self.tables, {})
        checker.returns = {d.name: d.returns for d in self.defs.values()}
        return checker.expect(stmt.value, "seat", {})

    def bids(self) -> tuple[ir.Bid, ...]:
        stmt = self.ch.stmt("bidding", ast.Bidding)
        if stmt is None:
            return ()
        out = []
        for bid in stmt.bids:
            options = tuple(self.bid_option(parts, bid.names) for parts in bid.options)
            out.append(ir.Bid(options=options, names=bid.names.text))
        return tuple(out)

    def bid_option(self, parts: tuple[tuple[ast.Tok | None, ast.Tok | None], ...],
                   names: ast.Tok) -> tuple[int, ...]:
        """The cards one option of a bid shows (sorted codes; -1 a trump-rank card)."""
        codes: list[int] = []
        for count, card in parts:
            n = 1 if count is None else self.ch.int_of(count, 1, 4, "cards of a bid")
            code = -1 if card is None else self.ch.card_of(card)
            if card is not None and code < 0:
                continue  # not a card of the deck: reported
            codes += [code] * n
            at = count or card
            assert at is not None
            if len(codes) > MAX_BID_CARDS:
                self.err.error(at.span, f"a bid shows at most {MAX_BID_CARDS} cards")
                return tuple(sorted(codes[:MAX_BID_CARDS]))
            k = codes.count(codes[-1])  # the copies of this card the bid shows so far
            if k > self.ch.copies and k - n < self.ch.copies + 1:  # reported once
                self.err.error(at.span, f"a deck of {self.ch.copies} copies has no {k} "
                               "identical cards")
        shown = [c for c in codes if c >= 0]
        if names.text == "suit" and any(c >= 52 for c in shown):
            self.err.error(names.span, "a joker has no suit to name", "write 'names none'")
        elif names.text == "suit" and len({c // 13 for c in shown}) > 1:
            self.err.error(names.span, "a bid that names a suit shows cards of that one suit",
                           "write 'names none', or cards of one suit")
        return tuple(sorted(codes))

    # ---------------------------------------------------------------- worked examples
    def examples(self) -> tuple[ir.Example, ...]:
        out: list[ir.Example] = []
        for item in self.ch.res.items:
            s = item.stmt
            if isinstance(s, ast.ExampleTricks):
                out.append(self.example_tricks(s, item.span))
            elif isinstance(s, ast.ExampleSettle):
                out.append(self.example_settle(s, item.span))
        return tuple(out)

    def example_tricks(self, s: ast.ExampleTricks, span: Span) -> ir.Example:
        suit = -1
        if s.trump.text != "none":
            if s.trump.text.upper() not in SUIT_LETTERS:
                self.err.error(s.trump.span, f"'{s.trump.text}' is not a trump suit",
                               "write S, H, C or D, or 'none' for no-trump")
            else:
                suit = SUIT_LETTERS.index(s.trump.text.upper())
        level = self.plain_rank(s.level)
        cards = tuple(self.ch.cards_of(t) for t in s.cards)
        kind = None
        if s.kind is not None:
            kind = self.unit_name(s.kind)
        winner = 0
        if s.case == "trick" and s.winner is not None:
            winner = self.ch.int_of(s.winner, 1, len(cards), "the winning play")
            sizes = {len(c) for c in cards if c}
            if len(sizes) > 1:
                self.err.error(s.cards[1].span, "every play of a trick has as many cards as "
                               "the lead")
        if s.case == "follow" and cards[1] and cards[2]:
            if Counter(cards[2]) - Counter(cards[1]):
                self.err.error(s.cards[2].span, "the play holds cards the hand does not")
            if len(cards[2]) != len(cards[0]):
                self.err.error(s.cards[2].span, "a follow has as many cards as the lead")
        if s.case == "throw" and Counter(cards[-1]) - Counter(cards[0]):
            self.err.error(s.cards[-1].span, "what is played must come from the throw")
        text = " / ".join(t.text for t in s.cards)
        return ir.ExampleTricks(trump_suit=suit, level=level, case=s.case, cards=cards,
                                kind=kind, legal=s.legal, winner=winner, text=text, span=span)

    def example_settle(self, s: ast.ExampleSettle, span: Span) -> ir.Example:
        setup: list[tuple[str, int]] = []
        for name, value in s.setup:
            if name.text not in _SETTLE_SETUP:
                self.err.error(name.span, f"an example cannot set '{name.text}'",
                               "settle examples set " + ", ".join(_SETTLE_SETUP))
                continue
            hi = self.players - 1 if name.text == "dealer" else 100000
            setup.append((name.text, self.ch.int_of(value, 0, hi, name.text)))
        if s.up and len(s.up) != self.players:
            self.err.error(s.up[0].span, f"up gives {len(s.up)} numbers for {self.players} "
                           "players")
        dealer = None
        if s.dealer is not None:
            dealer = self.ch.int_of(s.dealer, 0, self.players - 1, "a seat")
        return ir.ExampleSettle(setup=tuple(setup),
                                points=int(s.points.text) if s.points else None,
                                up=tuple(int(t.text) for t in s.up), dealer=dealer, span=span)


def _walk(e: ir.Expr) -> list[ir.Expr]:
    """Every node of an expression, without recursion."""
    out: list[ir.Expr] = []
    todo = [e]
    while todo:
        node = todo.pop()
        out.append(node)
        todo.extend(ir.expr_parts(node))
    return out
