"""Check a game of the banking family (a banker against players, settled hand by hand) and
build its IR. The shared statements (players, deck, deal, ranks, consts, defs, match) are
checked by ``check.Checker``; this module checks what only this family states."""

from __future__ import annotations

import hashlib

from ..cards import card_name
from . import ast, ir
from .builtins import BUILTINS, Builtin
from .check import Checker, ExprChecker, normal_rank
from .diagnostics import Span, did_you_mean

# What a banking formula may read. Hands are a type of their own: the hand an action is
# chosen for, the hands of a seat (several after a split), the banker's hand.
BANKING_BUILTINS: dict[str, Builtin] = {
    **{k: BUILTINS[k] for k in ("others", "seats", "seat_count", "abs")},
    "banker_seat": Builtin(params=(), returns="seat", doc="the banker's seat"),
    "banker_hand": Builtin(params=(), returns="hand", doc="the banker's hand"),
    "hands_of": Builtin(params=("seat",), returns="hands",
                        doc="the seat's hands, in the order they were made"),
    "hand_count": Builtin(params=("seat",), returns="int", doc="how many hands the seat has"),
    "owner": Builtin(params=("hand",), returns="seat", doc="the seat the hand belongs to"),
    "hand_total": Builtin(params=("hand",), returns="int",
                          doc="the hand's total, each card by its value, soft cards counted "
                              "low while the total would bust"),
    "is_soft": Builtin(params=("hand",), returns="bool",
                       doc="whether a soft card still counts its full value"),
    "busted": Builtin(params=("hand",), returns="bool",
                       doc="whether the total is over the bust limit"),
    "card_count": Builtin(params=("hand",), returns="int", doc="how many cards the hand has"),
    "card_value": Builtin(params=("hand", "int"), returns="int",
                          doc="the value of the hand's Nth card, from 1 (0 if it has none)"),
    "from_split": Builtin(params=("hand",), returns="bool",
                          doc="whether the hand was made by splitting another"),
    "bet_of": Builtin(params=("hand",), returns="int",
                      doc="the hand's bet (after any doubling; 0 for the banker's hand)"),
}

# The keys of this family's statements (a game of another family may not state them).
BANKING_KEYS = frozenset({"banker", "banker plays", "bet", "values", "soft", "bust",
                          "showdown early"})
# Statements of the climbing family, which a banking game does not have.
_CLIMBING_ONLY = frozenset({"bombs", "lead first", "lead next", "pass", "after out",
                            "round ends", "teams", "top", "order", "suits", "auction"})


class BankingExprChecker(ExprChecker):
    PARAM_TYPES: tuple[str, ...] = ("seat", "hand")

    def __init__(self, owner: Checker, consts: dict[str, int],
                 tables: dict[str, tuple[tuple[int, int], ...]],
                 asts: dict[str, tuple[ast.Def, Span]]) -> None:
        super().__init__(owner, consts, tables, asts)
        self.builtins = BANKING_BUILTINS
        self.domains = {"seats": "seat", "hands": "hand"}


class BankingChecker:
    def __init__(self, base: Checker) -> None:
        self.c = base
        self.errors = base.errors

    def game(self, title: str) -> ir.Game:
        c = self.c
        for item in c.res.items:
            if item.key in _CLIMBING_ONLY or item.key.split()[0] in ("combination", "sequence",
                                                                      "ladder"):
                self.errors.error(item.span, f"'{item.key}' is not a statement of the banking "
                                  "family")
        low, high = self.players()
        c.player_count = high
        c.def_costs = {}
        c.deck_size, c.copies = c.deck()
        each, hidden = self.deal(high)
        ranks = c.ranks()
        c.rank_set = set(ranks)
        c.kind_names = []
        values = self.values(ranks)
        soft = self.soft(dict(values))
        bust = self.number("bust", ast.Bust, "limit", 1, 1000, "add 'bust over 21'")
        consts = c.consts()
        tables = c.tables(dict(consts))
        asts = {i.stmt.name.text: (i.stmt, i.span) for i in c.res.items
                if isinstance(i.stmt, ast.Def)}
        exprs = BankingExprChecker(c, dict(consts), dict(tables), asts)
        defs = tuple(exprs.define(name) for name in asts)
        self.required_defs(exprs, asts)
        actions = self.actions(exprs)
        bet_min, bet_max, bet_step = self.bet()
        banking = ir.Banking(
            players_max=high, hidden=hidden, banker=self.banker(low),
            bet_min=bet_min, bet_max=bet_max, bet_step=bet_step, values=values, soft=soft,
            bust=bust, actions=actions, banker_policy=self.banker_policy(exprs, actions),
            showdown_early=self.showdown_early(exprs))
        match = c.match(defs, dict(consts), dict(tables))
        examples = self.examples(exprs, bet_min)
        self.errors.raise_if_any(c.res.sources)
        return ir.Game(
            name=c.res.name, title=title, family="banking", players=low,
            deck_size=c.deck_size, copies=c.copies, deal_each=each,
            direction="counterclockwise", kitty=0, rest_to="", ranks=ranks, suits=(), card_order=(),
            top=(), combinations=(), ladders=(), bombs=(), bomb_rungs=(),
            flow=ir.Flow(first_card=None, first_must_play=False, first_lowest=False,
                         first_random=False, lead_next="winner", lead_next_rule=None,
                         passing="allowed", after_out="next", round_end="first_out"),
            teams=ir.Teams(kind="none"), consts=consts, tables=tables, defs=defs,
            match=match, examples=examples, source=c.res.source,
            source_hash=hashlib.sha256(c.res.source.encode("utf-8")).hexdigest(),
            banking=banking)

    # ---------------------------------------------------------------- the table
    def players(self) -> tuple[int, int]:
        stmt = self.c.stmt("players", ast.Players)
        if stmt is None:
            self.c.missing("players", "add a line like 'players 2 to 6'")
            return 2, 2
        low = self.c.int_of(stmt.count, 2, 8, "players")
        high = self.c.int_of(stmt.most, low, 8, "the most players") if stmt.most else low
        return low, high

    def deal(self, players: int) -> tuple[int, int]:
        stmt = self.c.stmt("deal", ast.Deal)
        if stmt is None:
            self.c.missing("deal", "add a line like 'deal 2 each hidden 1'")
            return 2, 0
        each = self.c.int_of(stmt.each, 1, 10, "cards dealt each")
        hidden = self.c.int_of(stmt.hidden, 0, each, "face-down cards") if stmt.hidden else 0
        if stmt.kitty is not None:
            self.errors.error(stmt.kitty.span, "a banking game deals no kitty")
        if stmt.rest:
            self.errors.error(stmt.each.span, "a banking game gives no rest to a leader: "
                              "cards not dealt stay in the shoe")
        total = self.c.deck_size * self.c.copies
        if each * players > total and not self.c.clamped & {"players", "cards dealt each"}:
            self.errors.error(stmt.each.span, f"{players} x {each} cards is more than the "
                              f"{total} cards of the deck")
        return each, hidden

    def number(self, key: str, cls: type[ast.Bust], attr: str, lo: int, hi: int,
               hint: str) -> int:
        stmt = self.c.stmt(key, cls)
        if stmt is None:
            self.c.missing(key, hint)
            return hi
        return self.c.int_of(getattr(stmt, attr), lo, hi, key)

    def banker(self, players: int) -> int:
        stmt = self.c.stmt("banker", ast.Banker)
        if stmt is None:
            self.c.missing("banker", "say which seat banks: 'banker seat 0'")
            return 0
        return self.c.int_of(stmt.seat, 0, players - 1, "the banker's seat")

    def bet(self) -> tuple[int, int, int]:
        stmt = self.c.stmt("bet", ast.Bet)
        if stmt is None:
            self.c.missing("bet", "add the bet limits: 'bet min 1 max 10'")
            return 1, 1, 1
        low = self.c.int_of(stmt.low, 1, 1_000_000, "the smallest bet")
        high = self.c.int_of(stmt.high, low, 1_000_000, "the largest bet")
        step = self.c.int_of(stmt.step, 1, 1_000_000, "the bet step") if stmt.step else 1
        if (high - low) % step:
            self.errors.error(stmt.high.span, f"the largest bet {high} is not the smallest "
                              f"plus a number of steps of {step}")
        if (high - low) // step + 1 > 100:
            self.errors.error(stmt.high.span, "more than 100 different bets",
                              "raise the step: 'step N'")
        return low, high, step

    def values(self, ranks: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        stmt = self.c.stmt("values", ast.Values)
        if stmt is None:
            self.c.missing("values", "give each rank its value: 'values { 2: 2, ..., A: 11 }'")
            return ()
        out: dict[str, int] = {}
        for tok, value in stmt.entries:
            r = normal_rank(tok.text)
            if r is None or r not in ranks:
                self.errors.error(tok.span, f"'{tok.text}' is not a rank of this game",
                                  did_you_mean(tok.text, ranks))
            elif r in out:
                self.errors.error(tok.span, f"rank {r} is given a value twice")
            else:
                out[r] = self.c.int_of(value, 0, 100, "a card's value")
        lacking = [r for r in ranks if r not in out]
        if lacking:
            self.errors.error(stmt.span, "no value for " + " ".join(lacking),
                              "every rank of the deck needs a value")
        return tuple((r, out[r]) for r in ranks if r in out)

    def soft(self, values: dict[str, int]) -> tuple[str, int] | None:
        stmt = self.c.stmt("soft", ast.Soft)
        if stmt is None:
            return None
        r = normal_rank(stmt.rank.text)
        if r is None or r not in values:
            self.errors.error(stmt.rank.span, f"'{stmt.rank.text}' is not a rank with a value")
            return None
        low = self.c.int_of(stmt.value, 0, 100, "a soft value")
        if low >= values[r]:
            self.errors.error(stmt.value.span, f"the soft value {low} is not below {r}'s "
                              f"value {values[r]}", "a soft card counts less to save a hand")
        return r, low

    # ---------------------------------------------------------------- formulas
    def required_defs(self, exprs: BankingExprChecker,
                      asts: dict[str, tuple[ast.Def, Span]]) -> None:
        for name, want, hint in (
                ("score", "seat", "each seat's result of the round: 'def score(p) = ...'"),
                ("payout", "hand", "each hand's result: 'def payout(h: hand) = ...'")):
            if name not in asts:
                self.c.missing(f"def {name}", hint)
                continue
            d = exprs.define(name)
            if (d.types or ("seat",) * len(d.params)) != (want,) or \
                    d.returns not in ("int", "?"):
                self.errors.error(asts[name][0].name.span,
                                  f"{name} takes one {want} and gives a whole number")

    def actions(self, exprs: BankingExprChecker) -> tuple[ir.Action, ...]:
        out = []
        for item in self.c.res.items:
            a = item.stmt
            if not isinstance(a, ast.Action):
                continue
            when = None
            if a.when is not None:
                when = exprs.expect(a.when, "bool", {a.param.text: "hand"})
            effects: dict[str, int] = {}
            for kind, tok in a.effects:
                if kind in effects:
                    self.errors.error(a.name.span, f"action {a.name.text} states '{kind}' twice")
                elif kind == "draw" and tok is not None:
                    effects[kind] = self.c.int_of(tok, 1, 10, "cards drawn")
                elif kind == "bet" and tok is not None:
                    effects[kind] = self.c.int_of(tok, 1, 10, "the bet's multiple")
                else:
                    effects[kind] = 1
            if not effects.keys() & {"draw", "stop", "split"}:
                self.errors.error(a.name.span, f"action {a.name.text} neither draws, stops "
                                  "nor splits", "so a hand could take it forever: effects "
                                  "are draw N, stop, bet * N, split")
            if "split" in effects and "stop" in effects:
                self.errors.error(a.name.span, "a split hand cannot stop: its two hands "
                                  "play on")
            out.append(ir.Action(name=a.name.text, label=a.label, param=a.param.text,
                                 when=when, bet=effects.get("bet", 1),
                                 split="split" in effects, draw=effects.get("draw", 0),
                                 stop="stop" in effects, span=item.span))
        if not out:
            self.c.missing("action", "a hand needs actions: 'action stand(h) { stop }'")
        elif not any(x.stop and not x.draw and x.when is None for x in out):
            self.c.missing("action that always stops",
                           "a hand must always be able to stop: 'action stand(h) { stop }'")
        return tuple(out)

    def banker_policy(self, exprs: BankingExprChecker,
                      actions: tuple[ir.Action, ...]) -> tuple[str, ir.Expr, str] | None:
        stmt = self.c.stmt("banker plays", ast.BankerPlays)
        if stmt is None:
            self.c.missing("banker plays", "'banker plays: as seat' (the banker decides), or "
                           "a policy: 'banker plays: hit while ... else stand'")
            return None
        if stmt.action is None or stmt.cond is None or stmt.otherwise is None:
            return None
        names = [a.name for a in actions]
        for tok in (stmt.action, stmt.otherwise):
            if tok.text not in names:
                self.errors.error(tok.span, f"unknown action '{tok.text}'",
                                  did_you_mean(tok.text, names))
            elif any(a.split or a.bet != 1 for a in actions if a.name == tok.text):
                self.errors.error(tok.span, "the banker's policy can only draw or stop")
        stops = [a for a in actions if a.name == stmt.otherwise.text]
        if stops and not stops[0].stop:
            self.errors.error(stmt.otherwise.span, f"'{stmt.otherwise.text}' does not stop",
                              "the banker's 'else' action must end the banker's play")
        cond = exprs.expect(stmt.cond, "bool", {})
        return stmt.action.text, cond, stmt.otherwise.text

    def showdown_early(self, exprs: BankingExprChecker) -> ir.Expr | None:
        stmt = self.c.stmt("showdown early", ast.ShowdownEarly)
        if stmt is None or stmt.when is None:
            return None
        return exprs.expect(stmt.when, "bool", {})

    # ---------------------------------------------------------------- worked examples
    def examples(self, exprs: BankingExprChecker, bet_min: int) -> tuple[ir.Example, ...]:
        out: list[ir.Example] = []
        for item in self.c.res.items:
            s = item.stmt
            if isinstance(s, (ast.ExampleIs, ast.ExampleBeats, ast.ExampleScores)):
                self.errors.error(item.span, "a banking game's examples are 'example hand'")
            if not isinstance(s, ast.ExampleHand):
                continue
            cards = self.c.cards_of(s.cards)
            against = self.c.cards_of(s.against) if s.against is not None else None
            if against is not None and set(against) & set(cards) and self.c.copies == 1:
                self.errors.error(s.against.span if s.against else item.span,
                                  "the banker's hand shares a card with the hand: " +
                                  " ".join(card_name(x) for x in set(against) & set(cards)))
            name, value = "hand_total", 0
            if s.claim == "totals" and s.value is not None:
                value = int(s.value.text)
            elif s.name is not None:
                name = s.name.text
                want = "bool" if s.claim in ("is", "is_not") else "int"
                d = exprs.done.get(name)
                b = BANKING_BUILTINS.get(name)
                if b is not None and (b.params, b.returns) == (("hand",), want):
                    pass  # a built-in quantity of one hand (busted, hand_total)
                elif d is None:
                    self.errors.error(s.name.span, f"unknown def '{name}'",
                                      did_you_mean(name, [*exprs.done, *BANKING_BUILTINS]))
                elif d.types != ("hand",) or d.returns != want:
                    self.errors.error(s.name.span, f"{name} is not a def of one hand giving "
                                      f"{want}")
                if s.value is not None:
                    value = int(s.value.text)
            bet = self.c.int_of(s.bet, 1, 1_000_000, "a bet") if s.bet else bet_min
            out.append(ir.ExampleHand(cards=cards, split=s.split, bet=bet, against=against,
                                      claim=s.claim, name=name, value=value,
                                      text=s.cards.text, span=item.span))
        return tuple(out)
