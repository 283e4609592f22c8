"""Check a resolved game and build its IR; every problem becomes a located diagnostic."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from ..cards import (
    JOKER_NAMES,
    RANK_NAMES,
    SUIT_LETTERS,
    CardError,
    card_name,
    parse_card,
    parse_cards,
    rank_index,
)
from ..text import plural
from . import ast, ir, limits
from .builtins import AGGREGATES, family_builtins
from .cost import Cost, Estimator
from .diagnostics import Collector, Diagnostic, Span, did_you_mean
from .playcount import candidate_bound, expected_count
from .resolve import Resolved

T = TypeVar("T")

_FAMILIES = ("climbing", "tricks", "banking")


def normal_rank(text: str) -> str | None:
    """A rank word in its written form (``t`` -> ``10``), or None."""
    if text.upper() in JOKER_NAMES:
        return text.upper()
    i = rank_index(text)
    return None if i is None else RANK_NAMES[i]


def _every_single_card(c: ir.Combination) -> bool:
    """Whether any one card alone makes this combination (so a leader can always play)."""
    s = c.shape
    one = (isinstance(s, ir.GroupsShape) and s.sizes == (s.sizes[0],) and s.sizes[0] == 1) \
        or (isinstance(s, ir.CardsShape) and s.count == 1)
    return one and c.suits != "mixed"


def normal_key(text: str) -> tuple[str, ...]:
    """A key as written in an example (``"D5"``, ``"5, 9"``), in the words classify shows."""
    out = []
    for word in text.replace(",", " ").split():
        try:
            out.append(card_name(parse_card(word)))
        except CardError:
            out.append(normal_rank(word) or word)
    return tuple(out)


def _within(inner: Span, outer: Span) -> bool:
    return inner.file == outer.file and (outer.line, outer.col) <= (inner.line, inner.col) \
        and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col)


class Checker:
    def __init__(self, res: Resolved) -> None:
        self.res = res
        self.errors = Collector()
        # what int_of reported out of its bounds (and gave the checker within them): a
        # message about a figure reckoned from one would name a number the file does not hold
        self.clamped: set[str] = set()
        self.errors.items.extend(res.errors)
        self.items = {i.key: i for i in res.items}
        # An auction stated below a base's first and next leader (a variant adding one to a
        # game that names its leaders) replaces them: its winner leads. (The files are in
        # ``sources`` from this one down through its bases.)
        files = list(res.sources)
        auction = self.items.get("auction")
        for key in ("lead first", "lead next"):
            lead = self.items.get(key)
            if auction is not None and lead is not None and lead.span.file in files \
                    and auction.span.file in files \
                    and files.index(lead.span.file) > files.index(auction.span.file):
                del self.items[key]
        self.head = Span(file=res.path, line=1, col=1, end_line=1, end_col=5)
        self.family = "climbing"

    # ---------------------------------------------------------------- helpers
    def stmt(self, key: str, cls: type[T]) -> T | None:
        item = self.items.get(key)
        if item is None:
            return None
        assert isinstance(item.stmt, cls)
        return item.stmt

    def int_of(self, tok: ast.Tok, lo: int, hi: int, what: str) -> int:
        value = int(tok.text)
        if not lo <= value <= hi:
            self.errors.error(tok.span, f"{what} must be between {lo} and {hi}, not {value}")
            self.clamped.add(what)  # (a figure reckoned from it would not be the file's)
            # what the rest of the checker works on: within the bounds, so an error already
            # reported costs nothing more (`copies 100` made the play bound run for minutes)
            return min(max(value, lo), hi)
        return value

    def card_of(self, tok: ast.Tok) -> int:
        """A card of this game's deck, or -1 after reporting why not."""
        try:
            code = parse_card(tok.text)
        except CardError as err:
            self.errors.error(tok.span, f"'{tok.text}' is not a card", str(err))
            return -1
        if not self.in_deck(code):
            self.depends(tok.span, f"the deck has no {card_name(code)}", "jokers need 'deck 54'",
                         on=("deck",))
            return -1
        return code

    def cards_of(self, tok: ast.Tok) -> tuple[int, ...]:
        try:
            cards = parse_cards(tok.text)
        except CardError as err:
            self.errors.error(tok.span, f"bad card list \"{tok.text}\"", str(err))
            return ()
        for c in cards:
            if not self.in_deck(c):
                self.errors.error(tok.span, f"the deck has no {card_name(c)}",
                                  "jokers need 'deck 54'")
                return ()
            if cards.count(c) > self.copies:
                self.errors.error(tok.span, f"{card_name(c)} is given {cards.count(c)} times; "
                                  f"the deck has {self.copies}")
                return ()
        return cards

    def in_deck(self, code: int) -> bool:
        return code < self.deck_size

    def depends(self, span: Span, message: str, hint: str = "",
                on: tuple[str, ...] = ("players", "deck")) -> None:
        """An error in a statement that depends on the statements ``on``: if it lies in a base
        game's file while this file overrides one of those, the override broke it, so report it
        at the override (the base's statement, at its place, in the hint)."""
        if span.file != self.res.path:
            for key in on:
                item = self.items.get(key)
                if item is not None and item.span.file == self.res.path:
                    inherited = next((i.key for i in self.res.items if _within(span, i.span)),
                                     "a statement")
                    note = (f"it breaks the base game's {inherited} ({Path(span.file).name}:"
                            f"{span.line}): override {inherited} too")
                    span, hint = item.span, note + (f"; {hint}" if hint else "")
                    break
        self.errors.error(span, message, hint)

    def missing(self, key: str, hint: str) -> None:
        self.errors.error(self.head, f"the game states no {key}", hint)

    def position(self, d: Diagnostic) -> tuple[bool, str, bool, int, int]:
        """Errors in the order of the text: this file's first (the one being written; an
        error in a base game's file is one this file's statements run into), then by file,
        line and column; in each file, what the whole file lacks (``the game states no
        deck``, shown at its first line) after the errors at a place."""
        s = d.span
        return s.file != self.res.path, s.file, s == self.head, s.line, s.col

    # ---------------------------------------------------------------- the game
    def game(self) -> ir.Game:
        title = self.stmt("title", ast.Title)
        family = self.stmt("family", ast.Family)
        fam = family.name.text if family else "climbing"
        self.family = fam
        if family and fam not in _FAMILIES:
            self.errors.error(family.name.span, f"unknown family '{fam}'",
                              did_you_mean(fam, _FAMILIES) or "families: " + ", ".join(_FAMILIES))
        if fam == "banking":
            from .check_banking import BankingChecker
            return BankingChecker(self).game(title.text if title else self.res.name)
        self.not_banking()
        players = self.players()
        self.player_count = players
        self.def_costs: dict[str, Cost] = {}
        self.deck_size, copies = self.deck()
        self.copies = copies
        each, direction, kitty, rest_to = self.deal(players, copies)
        ranks = self.ranks()
        suits = self.suits()
        order = self.card_order()
        top = self.top()
        self.rank_set = set(ranks)
        self.game_ranks = ranks
        combos = self.combinations() if fam != "tricks" else ()
        rest = self.deck_size * copies - players * each - kitty if rest_to else 0
        # The largest hand's plays; not when a figure of the deal was out of its bounds
        # (reported already: a hand reckoned from the figure the checker went on with is not
        # the file's)
        if not self.clamped & {"players", "cards dealt each", "copies"}:
            self.candidate_plays(combos, each + kitty + max(rest, 0), ranks)
        names = [c.name for c in combos]
        self.kind_names = names
        ladders = self.ladders(names)
        bombs, bomb_rungs = self.bombs(names)
        flow = self.flow()
        teams = self.teams()
        consts = self.consts()
        tables = self.tables(dict(consts))
        defs = self.defs(dict(consts), dict(tables))
        match = self.match(defs, dict(consts), dict(tables))
        flow = self.lead_next_rule(flow, defs, dict(consts), dict(tables))
        examples = self.examples(names, players)
        from .check_tricks import check_tricks  # each family's sections in their own module
        tricks, tricks_examples = check_tricks(self, players, dict(consts), dict(tables), defs)
        examples += tricks_examples
        self.errors.items.sort(key=self.position)
        self.errors.raise_if_any(self.res.sources)
        return ir.Game(
            name=self.res.name, title=title.text if title else self.res.name, family=fam,
            players=players, deck_size=self.deck_size, copies=copies, deal_each=each,
            direction=direction, kitty=kitty, rest_to=rest_to, ranks=ranks, suits=suits,
            card_order=order,
            top=top, combinations=combos, ladders=ladders, bombs=bombs,
            bomb_rungs=bomb_rungs, flow=flow, teams=teams,
            consts=consts, tables=tables, defs=defs, match=match, examples=examples,
            source=self.res.source,
            source_hash=hashlib.sha256(self.res.source.encode("utf-8")).hexdigest(),
            tricks=tricks, rest_shown=self.rest_shown())

    def rest_shown(self) -> bool:
        stmt = self.stmt("deal", ast.Deal)
        return stmt is not None and stmt.rest_shown

    def not_banking(self) -> None:
        """Statements of the banking family, in a game of another family."""
        players, deal = self.stmt("players", ast.Players), self.stmt("deal", ast.Deal)
        if players is not None and players.most is not None:
            self.errors.error(players.most.span, "a range of seat counts is for the banking "
                              "family", "write 'players N'")
        if deal is not None and deal.hidden is not None:
            self.errors.error(deal.hidden.span, "face-down cards are for the banking family")
        from .check_banking import BANKING_KEYS
        for item in self.res.items:
            if item.key in BANKING_KEYS or item.key.startswith("action "):
                self.errors.error(item.span, f"'{item.key}' is a statement of the banking "
                                  "family", "state 'family banking'")

    def players(self) -> int:
        stmt = self.stmt("players", ast.Players)
        if stmt is None:
            self.missing("players", "add a line like 'players 4'")
            return 4
        return self.int_of(stmt.count, 2, 8, "players")

    def deck(self) -> tuple[int, int]:
        stmt = self.stmt("deck", ast.Deck)
        if stmt is None:
            self.missing("deck", "add 'deck 52' (no jokers) or 'deck 54' (with jokers)")
            return 52, 1
        size = int(stmt.size.text)
        if size not in (52, 54):
            self.errors.error(stmt.size.span, f"a deck has 52 or 54 cards, not {size}",
                              "write 'deck 54' for a deck with both jokers")
        copies = self.int_of(stmt.copies, 1, 4, "copies") if stmt.copies else 1
        return size, copies

    def deal(self, players: int, copies: int) -> tuple[int, str, int, str]:
        stmt = self.stmt("deal", ast.Deal)
        if stmt is None:
            self.missing("deal", "add a line like 'deal 13 each'")
            return 1, "counterclockwise", 0, ""
        each = self.int_of(stmt.each, 1, 200, "cards dealt each")
        kitty = int(stmt.kitty.text) if stmt.kitty else 0
        total = self.deck_size * copies
        if each * players + kitty > total and not self.clamped & {"players", "cards dealt each"}:
            self.depends(stmt.each.span, f"{players} x {plural(each, 'card')} + kitty {kitty} "
                         f"is more than the {total} cards of the deck")
        return each, stmt.direction, kitty, stmt.rest

    def ranks(self) -> tuple[str, ...]:
        stmt = self.stmt("ranks", ast.Ranks)
        if stmt is None:
            self.missing("ranks", "list the ranks low to high: 'ranks 3 4 5 ... K A 2'")
            return RANK_NAMES
        out: list[str] = []
        for tok in stmt.ranks:
            r = normal_rank(tok.text)
            if r is None:
                self.errors.error(tok.span, f"'{tok.text}' is not a rank",
                                  "ranks are 2-10, J, Q, K, A, and the jokers LJ, BJ")
            elif r in out:
                self.errors.error(tok.span, f"rank {r} is listed twice")
            else:
                out.append(r)
        needed = list(RANK_NAMES) + (list(JOKER_NAMES) if self.deck_size == 54 else [])
        lacking = [r for r in needed if r not in out]
        if lacking and stmt.ranks:
            self.depends(stmt.ranks[0].span, "the rank order leaves out " + " ".join(lacking),
                         "every rank of the deck needs a place in the order", on=("deck",))
        return tuple(out)

    def suits(self) -> tuple[str, ...]:
        stmt = self.stmt("suits", ast.Suits)
        if stmt is None:
            return tuple(reversed(SUIT_LETTERS))
        out = [t.text.upper() for t in stmt.suits]
        bad = [t for t in stmt.suits if t.text.upper() not in SUIT_LETTERS]
        for t in bad:
            self.errors.error(t.span, f"'{t.text}' is not a suit",
                              "suits are S H C D, listed low to high")
        if not bad and sorted(out) != sorted(SUIT_LETTERS) and stmt.suits:
            self.errors.error(stmt.suits[0].span, "list each of the four suits S H C D once")
        return tuple(out)

    def card_order(self) -> tuple[str, ...]:
        stmt = self.stmt("order", ast.CardOrder)
        if stmt is None:
            return ("rank", "suit")
        parts = tuple(t.text for t in stmt.parts)
        if sorted(parts) != ["rank", "suit"]:
            self.errors.error(stmt.parts[0].span, "order names rank and suit once each",
                              "write 'order rank then suit'")
        return parts

    def top(self) -> tuple[int, ...]:
        stmt = self.stmt("top", ast.TopCards)
        if stmt is None:
            return ()
        cards = tuple(self.card_of(t) for t in stmt.cards)
        for i, (t, c) in enumerate(zip(stmt.cards, cards, strict=True)):
            if c >= 0 and c in cards[:i]:
                self.errors.error(t.span, f"{card_name(c)} is listed twice")
        return cards

    # ---------------------------------------------------------------- combinations
    def rank_list(self, toks: tuple[ast.Tok, ...]) -> tuple[str, ...]:
        out: list[str] = []
        for tok in toks:
            r = normal_rank(tok.text)
            if r is None or r not in self.rank_set:
                self.errors.error(tok.span, f"'{tok.text}' is not a rank of this game",
                                  did_you_mean(tok.text, self.rank_set))
            else:
                out.append(r)
        return tuple(out)

    def sequences(self) -> dict[str, tuple[tuple[str, ...], ...]]:
        out: dict[str, tuple[tuple[str, ...], ...]] = {}
        for item in self.res.items:
            if isinstance(item.stmt, ast.Sequence):
                runs = []
                for run in item.stmt.runs:
                    ranks = self.rank_list(run)
                    if len(set(ranks)) != len(ranks):
                        self.errors.error(run[0].span, "a run lists a rank twice")
                    runs.append(ranks)
                out[item.stmt.name.text] = tuple(runs)
        return out

    def combinations(self) -> tuple[ir.Combination, ...]:
        seqs = self.sequences()
        out = []
        for item in self.res.items:
            if isinstance(item.stmt, ast.Combination):
                combo = self.combination(item.stmt, seqs, item.span)
                if combo is not None:
                    out.append(combo)
        if len(out) > limits.MAX_COMBINATIONS:
            self.errors.error(out[limits.MAX_COMBINATIONS].span, f"this game has {len(out)} "
                              f"combinations; the limit is {limits.MAX_COMBINATIONS}",
                              "a combination's shape can take a range: 'group 4 to 8' is one "
                              "combination, not five")
        if not out:
            self.missing("combination", "a game needs at least 'combination single { group 1 "
                                        "key card }'")
        elif not any(_every_single_card(c) for c in out):
            self.missing("combination of one card",
                         "without one, a leader could be left with no legal play: add "
                         "'combination single { group 1 key card }'")
        return tuple(out)

    def candidate_plays(self, combos: tuple[ir.Combination, ...], hand: int,
                        ranks: tuple[str, ...]) -> None:
        """Refuse a game whose combinations can make more than MAX_CANDIDATE_PLAYS plays
        from one hand of the deal (the table makes them all on every lead), or more than
        MAX_TYPICAL_PLAYS from a dealt hand on average (what a lead usually costs: the
        bound for the worst hand is far above it in real games)."""
        if not self.candidate_bound(combos, hand):
            return
        caps = [self.copies if r in JOKER_NAMES else 4 * self.copies for r in ranks]
        index = {r: i for i, r in enumerate(ranks)}
        typical = [round(expected_count(c, hand=hand, caps=caps, copies=self.copies,
                                        rank_index=index, jokers=self.deck_size == 54))
                   for c in combos]
        limit = limits.MAX_TYPICAL_PLAYS
        if sum(typical) > limit:
            most = max(range(len(combos)), key=typical.__getitem__)
            self.depends(
                combos[most].span,
                f"a dealt hand of {hand} cards makes about {sum(typical):,} candidate plays "
                f"on a lead (the limit is {limit:,}), {typical[most]:,} of them of "
                f"combination {combos[most].name}",
                "a shorter or narrower shape ('max' on a run), fewer cards dealt, or fewer "
                "copies keep each turn quick", on=("deal", "deck", "players"))

    def candidate_bound(self, combos: tuple[ir.Combination, ...], hand: int) -> bool:
        """The worst hand's bound (MAX_CANDIDATE_PLAYS); whether the game is within it."""
        limit = limits.MAX_CANDIDATE_PLAYS
        bounds = [candidate_bound(c, hand=hand, copies=self.copies, ranks=len(self.rank_set),
                                  jokers=self.deck_size == 54, stop_above=limit)
                  for c in combos]
        if sum(bounds) > limit:
            most = max(range(len(combos)), key=bounds.__getitem__)
            name = combos[most].name
            message = (f"a hand of {hand} cards can make more than {limit:,} candidate plays "
                       f"of combination {name} (the limit for a game)"
                       if bounds[most] > limit else
                       f"a hand of {hand} cards can make up to {sum(bounds):,} candidate plays "
                       f"of this game's combinations (the limit is {limit:,}), up to "
                       f"{bounds[most]:,} of {name}")
            self.depends(combos[most].span, message,
                         "a shorter or narrower shape ('max' on a run), fewer cards dealt, or "
                         "fewer copies keep each turn quick", on=("deal", "deck", "players"))
            return False
        return True

    def combination(self, c: ast.Combination, seqs: dict[str, tuple[tuple[str, ...], ...]],
                    span: Span) -> ir.Combination | None:
        name = c.name.text
        if len(c.shapes) != 1:
            self.errors.error(c.name.span, f"combination {name} needs exactly one shape, "
                              f"not {len(c.shapes)}",
                              "a shape is: group N [+ group M], run, sequence of NAME, "
                              "cards N, or set CARDS")
            return None
        shape = self.shape(c.shapes[0], seqs)
        if shape is None:
            return None
        suits = "any"
        if len(c.suits) > 1:
            self.errors.error(c.suits[1].span, "state 'suits' once per combination")
        elif c.suits:
            suits = c.suits[0].text
        if len(c.keys) != 1:
            self.errors.error(c.name.span, f"combination {name} needs one 'key' line",
                              "for example 'key card' (its highest card) or 'key rank'")
            return None
        key = tuple(self.key_part(p, shape) for p in c.keys[0])
        return ir.Combination(name=name, label=c.label, shape=shape, suits=suits, key=key,
                              span=span)

    def shape(self, s: ast.Shape,
              seqs: dict[str, tuple[tuple[str, ...], ...]]) -> ir.Shape | None:
        if isinstance(s, ast.GroupsShape):
            sizes = tuple(self.int_of(t, 1, 12, "a group's size") for t in s.sizes)
            if list(sizes) != sorted(sizes, reverse=True):
                self.errors.error(s.span, "write the groups largest first",
                                  "for example 'group 3 + group 2'; 'of group 1' is then the "
                                  "largest")
            up_to = sizes[0]
            if s.up_to is not None:  # the grammar allows `to` on a single group only
                up_to = self.int_of(s.up_to, sizes[0], 12, "the largest group")
            return ir.GroupsShape(sizes=sizes, up_to=up_to)
        if isinstance(s, ast.RunShape):
            width = self.int_of(s.width, 1, 4, "a run's width")
            within = self.rank_list(s.within) if s.within else self.game_ranks
            seen: set[str] = set()
            for tok in s.within:
                rank = normal_rank(tok.text)
                if rank is not None and rank in seen:
                    self.errors.error(tok.span, f"'within' names {rank} twice",
                                      "a run takes each rank once: list the ranks low to high")
                    within = tuple(dict.fromkeys(within))
                    break
                seen.add(rank or "")
            wing = self.int_of(s.wing, 1, 4, "a wing's size") if s.wing else 0
            lo = self.int_of(s.min_len, 2, 13, "a run's minimum length")
            hi = self.int_of(s.max_len, lo, 13, "a run's maximum length") if s.max_len \
                else len(within)
            if lo > len(within):
                self.errors.error(s.min_len.span, "the run is longer than its rank list")
            return ir.RunShape(width=width, min_len=lo, max_len=hi, within=within, wing=wing)
        if isinstance(s, ast.SequenceShape):
            name = s.sequence.text
            if name not in seqs:
                self.errors.error(s.sequence.span, f"unknown sequence '{name}'",
                                  did_you_mean(name, seqs) or "declare it with 'sequence "
                                  f"{name}: A 2 3 4 5, ...'")
                return None
            return ir.SequenceShape(sequence=name, runs=seqs[name])
        if isinstance(s, ast.CardsShape):
            return ir.CardsShape(count=self.int_of(s.count, 1, 54, "a card count"))
        cards = tuple(sorted(self.card_of(t) for t in s.cards))
        for c in set(cards):
            if c >= 0 and cards.count(c) > self.copies:
                self.depends(s.span, f"this set needs {cards.count(c)} x {card_name(c)}; the "
                             f"deck has {self.copies}", "use 'deck ... copies N'", on=("deck",))
        return ir.SetShape(cards=cards)

    def key_part(self, p: ast.KeyPart, shape: ir.Shape) -> ir.KeyPart:
        group = None
        if p.group is not None:
            g = int(p.group.text)
            count = len(shape.sizes) if isinstance(shape, ir.GroupsShape) else 0
            if not 1 <= g <= count:
                self.errors.error(p.group.span, f"there is no group {g} in this combination",
                                  f"groups are numbered 1 to {count} in the order written"
                                  if count else "'of group N' needs a 'group' shape")
            group = g - 1
        if p.kind.text == "sequence" and not isinstance(shape, ir.SequenceShape):
            self.errors.error(p.kind.span, "'key sequence' needs a 'sequence of' shape")
        return ir.KeyPart(kind=p.kind.text, group=group)

    def _kind_refs(self, toks: tuple[ast.Tok, ...], names: list[str]) -> tuple[str, ...]:
        for t in toks:
            if t.text not in names:
                self.errors.error(t.span, f"unknown combination '{t.text}'",
                                  did_you_mean(t.text, names))
        return tuple(t.text for t in toks)

    def ladders(self, names: list[str]) -> tuple[ir.Ladder, ...]:
        out = []
        seen: dict[str, str] = {}
        for item in self.res.items:
            if isinstance(item.stmt, ast.Ladder):
                kinds = self._kind_refs(item.stmt.kinds, names)
                for t in item.stmt.kinds:
                    if t.text in seen:
                        self.errors.error(t.span, f"{t.text} is already on ladder "
                                          f"{seen[t.text]}")
                    seen[t.text] = item.stmt.name.text
                out.append(ir.Ladder(name=item.stmt.name.text, kinds=kinds, span=item.span))
        return tuple(out)

    def bombs(self, names: list[str]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        stmt = self.stmt("bombs", ast.Bombs)
        if stmt is None:
            return (), ()
        kinds = self._kind_refs(stmt.kinds, names)
        rungs = stmt.rungs or tuple(range(len(kinds)))
        for i, t in enumerate(stmt.kinds):
            if t.text in kinds[:i]:
                self.errors.error(t.span, f"{t.text} is listed twice in bombs")
        self.shared_bomb_rungs(stmt, rungs)
        return kinds, rungs

    def shared_bomb_rungs(self, stmt: ast.Bombs, rungs: tuple[int, ...]) -> None:
        """Bombs on one rung compare by ladder rung, then key: two of them on no common
        ladder must have keys of the same parts, or their keys would not mean the same."""
        ladder_of = {t.text: i.stmt.name.text for i in self.res.items
                     if isinstance(i.stmt, ast.Ladder) for t in i.stmt.kinds}
        keys = {i.stmt.name.text: tuple(p.kind.text for p in i.stmt.keys[0])
                for i in self.res.items
                if isinstance(i.stmt, ast.Combination) and len(i.stmt.keys) == 1}
        for i, t in enumerate(stmt.kinds):
            for j in range(i):
                u = stmt.kinds[j]
                if rungs[i] != rungs[j] or t.text not in keys or u.text not in keys:
                    continue
                same_ladder = ladder_of.get(t.text) is not None and \
                    ladder_of.get(t.text) == ladder_of.get(u.text)
                if not same_ladder and keys[t.text] != keys[u.text]:
                    self.errors.error(
                        t.span, f"{u.text} and {t.text} share a bomb rung but are keyed "
                        f"'{', '.join(keys[u.text])}' and '{', '.join(keys[t.text])}'",
                        "bombs on one rung compare by key: give them keys of the same parts, "
                        "or put both on one ladder, which then decides between them")

    # ---------------------------------------------------------------- flow and teams
    def choice(self, key: str, default: str) -> str:
        stmt = self.stmt(key, ast.Choice)
        return stmt.value.text if stmt else default

    def flow(self) -> ir.Flow:
        first = self.stmt("lead first", ast.LeadFirst)
        card = None
        if first is not None and not first.lowest and not first.random:
            card = self.card_of(first.card)
        item = self.items.get("lead next")
        formula = item is not None and isinstance(item.stmt, ast.LeadNext)
        lead_next = "formula" if formula else self.choice("lead next", "winner")
        words = self.next_words(item.stmt.rule) if item is not None and \
            isinstance(item.stmt, ast.LeadNext) else [lead_next]
        if "holder" in words and (first is None or first.random):
            assert item is not None
            self.errors.error(item.span,
                              "'lead next: holder' needs a 'lead first: holder of CARD'")
        return ir.Flow(first_card=card, first_lowest=bool(first and first.lowest),
                       first_random=bool(first and first.random),
                       first_must_play=bool(first and first.must_play),
                       lead_next=lead_next, lead_next_rule=None,
                       passing=self.choice("pass", "allowed"),
                       after_out=self.choice("after out", "next"),
                       round_end=self.choice("round ends", "first_out"),
                       auction=self.auction())

    def auction(self) -> ir.Auction | None:
        """Bidding for the first lead. Its winner leads every round's first trick, so a game
        with an auction states no other first or next leader."""
        stmt = self.stmt("auction", ast.Auction)
        if stmt is None:
            return None
        for key in ("lead first", "lead next"):
            item = self.items.get(key)
            if item is not None:
                self.errors.error(item.span, f"'{key}' with an auction: the auction's winner "
                                  "leads first in every round", f"remove '{key}'")
        bids = [self.int_of(t, 1, limits.MAX_BID, "a bid") for t in stmt.bids]
        if len(bids) > limits.MAX_BIDS:
            self.errors.error(stmt.bids[limits.MAX_BIDS].span, f"{len(bids)} bids; an auction "
                              f"has at most {limits.MAX_BIDS}")
        for i in range(1, len(bids)):
            if bids[i] <= bids[i - 1]:
                self.errors.error(stmt.bids[i].span, f"bids go low to high: {bids[i]} after "
                                  f"{bids[i - 1]}", "write them as '1 < 2 < 3'")
        ends = 0
        if stmt.ends_at is not None:
            ends = int(stmt.ends_at.text)
            if ends not in bids:
                self.errors.error(stmt.ends_at.span, f"the auction ends at {stmt.ends_at.text}, "
                                  f"which is not one of its bids ({' '.join(map(str, bids))})")
        first = None if stmt.first.text == "random" else self.card_of(stmt.first)
        return ir.Auction(label=stmt.label, bids=tuple(bids), first_card=first, ends_at=ends,
                          all_pass=stmt.all_pass)

    @staticmethod
    def next_words(rule: ast.Tok | ast.NextIf) -> list[str]:
        if isinstance(rule, ast.Tok):
            return [rule.text]
        return Checker.next_words(rule.then) + Checker.next_words(rule.otherwise)

    def lead_next_rule(self, flow: ir.Flow, defs: tuple[ir.Def, ...], consts: dict[str, int],
                       tables: dict[str, tuple[tuple[int, int], ...]]) -> ir.Flow:
        """The ``lead next`` formula, checked like ``until``: no seat in scope, the defs
        callable; its conditions read the round just played."""
        item = self.items.get("lead next")
        if item is None or not isinstance(item.stmt, ast.LeadNext):
            return flow
        checker = ExprChecker(self, consts, tables, {})
        checker.returns = {d.name: d.returns for d in defs}
        checker.arity = {d.name: len(d.params) for d in defs}

        def build(rule: ast.Tok | ast.NextIf) -> str | ir.NextIf:
            if isinstance(rule, ast.Tok):
                return rule.text
            return ir.NextIf(cond=checker.expect(rule.cond, "bool", {}), then=build(rule.then),
                             otherwise=build(rule.otherwise))

        built = build(item.stmt.rule)
        assert isinstance(built, ir.NextIf)
        return dataclasses.replace(flow, lead_next_rule=built)

    def teams(self) -> ir.Teams:
        stmt = self.stmt("teams", ast.Teams)
        if stmt is None:
            return ir.Teams(kind="none")
        return ir.Teams(kind=stmt.kind.text, holders=tuple(self.card_of(t)
                                                            for t in stmt.holders))

    # ---------------------------------------------------------------- scoring
    def const_value(self, e: ast.Expr, consts: dict[str, int]) -> int:
        """Constants are whole numbers computed from numbers and earlier constants."""
        if isinstance(e, ast.Num):
            return self.bounded(e.value, e)
        if isinstance(e, ast.Neg):
            return -self.const_value(e.operand, consts)
        if isinstance(e, ast.Name) and e.name in consts:
            return consts[e.name]
        if isinstance(e, ast.BinOp) and e.op in ("+", "-", "*", "//", "%"):
            a, b = self.const_value(e.left, consts), self.const_value(e.right, consts)
            if e.op in ("//", "%") and b == 0:
                self.errors.error(e.span, "division by zero")
                return 0
            ops: dict[str, Callable[[int, int], int]] = {
                "+": int.__add__, "-": int.__sub__, "*": int.__mul__,
                "//": int.__floordiv__, "%": int.__mod__}
            return self.bounded(ops[e.op](a, b), e)  # operands are bounded: this is cheap
        hint = did_you_mean(e.name, consts) if isinstance(e, ast.Name) else ""
        self.errors.error(e.span, "a constant must be a number or arithmetic of constants",
                          hint)
        return 0

    def bounded(self, value: int, e: ast.Expr) -> int:
        """A constant's value, or 0 after reporting that it is too large (MAX_CONST_BITS):
        without a bound, constants that square each other grow without end."""
        if abs(value).bit_length() <= limits.MAX_CONST_BITS:
            return value
        self.errors.error(e.span, f"this constant is too large (more than "
                          f"{limits.MAX_CONST_BITS} bits; the limit is "
                          f"{2 ** limits.MAX_CONST_BITS - 1:,})",
                          "constants are whole numbers of at most "
                          f"{len(str(2 ** limits.MAX_CONST_BITS)) - 1} digits")
        return 0

    def within_limits(self, cost: Cost, span: Span, what: str) -> Cost:
        """The cost of a def or condition, after reporting it if it is over the limits
        (then marked, so that its callers are not reported again)."""
        if cost.reported:
            return cost
        if cost.steps > limits.MAX_EVAL_STEPS:
            self.errors.error(span, f"{what} may take {cost.steps:,} steps to evaluate (the "
                              f"limit is {limits.MAX_EVAL_STEPS:,})",
                              "each call repeats all the work of the def it calls, and an "
                              "aggregate repeats its body for every seat: compute a value once "
                              "with 'let' and use it twice, or nest fewer aggregates")
            cost = Cost(cost.steps, cost.size, reported=True)
        if cost.bits > limits.MAX_VALUE_BITS and not cost.reported:
            self.errors.error(span, f"{what} can grow to a number of more than "
                              f"{limits.MAX_VALUE_BITS} bits",
                              "a product is as large as its factors together: multiplying "
                              "values that were multiplied before makes them grow without end")
            cost = Cost(cost.steps, cost.size, reported=True)
        return cost

    def consts(self) -> tuple[tuple[str, int], ...]:
        consts: dict[str, int] = {}
        for item in self.res.items:
            if isinstance(item.stmt, ast.Const):
                consts[item.stmt.name.text] = self.const_value(item.stmt.value, consts)
        return tuple(consts.items())

    def tables(self, consts: dict[str, int]) -> tuple[tuple[str, tuple[tuple[int, int], ...]],
                                                      ...]:
        out = []
        for item in self.res.items:
            if isinstance(item.stmt, ast.Table):
                entries: dict[int, int] = {}
                for k, v in item.stmt.entries:
                    key = int(k.text)
                    if key in entries:
                        self.errors.error(k.span, f"entry {key} is given twice")
                    entries[key] = self.const_value(v, consts)
                out.append((item.stmt.name.text, tuple(sorted(entries.items()))))
        return tuple(out)

    def defs(self, consts: dict[str, int],
             tables: dict[str, tuple[tuple[int, int], ...]]) -> tuple[ir.Def, ...]:
        asts = {i.stmt.name.text: (i.stmt, i.span) for i in self.res.items
                if isinstance(i.stmt, ast.Def)}
        checker = ExprChecker(self, consts, tables, asts)
        out = tuple(checker.define(name) for name in asts)
        if "score" not in asts:
            self.missing("def score(p)", "every game defines each seat's round score: "
                         "'def score(p) = ...'")
        elif len(asts["score"][0].params) != 1 or checker.returns["score"] not in ("int", "?"):
            self.errors.error(asts["score"][0].name.span,
                              "score takes one seat and gives a whole number")
        return out

    def match(self, defs: tuple[ir.Def, ...], consts: dict[str, int],
              tables: dict[str, tuple[tuple[int, int], ...]]) -> ir.Match:
        stmt = self.stmt("match", ast.Match)
        if stmt is None:
            return ir.Match(rounds=1, accumulate="score", until=None)
        rounds = (self.int_of(stmt.rounds, 1, limits.MAX_MATCH_ROUNDS, "rounds")
                  if stmt.rounds else 0)
        acc = "score"
        if stmt.accumulate is not None:
            acc = stmt.accumulate.text
            names = [d.name for d in defs]
            if acc not in names:
                self.errors.error(stmt.accumulate.span, f"unknown def '{acc}'",
                                  did_you_mean(acc, names))
            else:
                d = next(x for x in defs if x.name == acc)
                if len(d.params) != 1 or d.returns != "int":
                    self.errors.error(stmt.accumulate.span,
                                      f"accumulate needs a def of one seat that gives a whole "
                                      f"number; {acc} does not")
        until = None
        if stmt.until is not None:
            checker = ExprChecker(self, consts, tables, {})
            checker.returns = {d.name: d.returns for d in defs}
            checker.arity = {d.name: len(d.params) for d in defs}
            until = checker.expect(stmt.until, "bool", {})
            estimator = Estimator(players=self.player_count, consts=consts, tables=tables,
                                  defs=self.def_costs)
            cost = estimator.of(until, {})
            if not estimator.calls_reported:
                self.within_limits(cost, stmt.until.span, "the match's until")
        if not rounds and until is None:
            self.errors.error(self.items["match"].span,
                              "a match needs 'rounds N' or 'until CONDITION'")
        return ir.Match(rounds=rounds, accumulate=acc, until=until)

    # ---------------------------------------------------------------- worked examples
    def examples(self, names: list[str], players: int) -> tuple[ir.Example, ...]:
        out: list[ir.Example] = []
        for item in self.res.items:
            s = item.stmt
            if isinstance(s, ast.ExampleIs):
                kind = s.kind.text if s.kind else None
                if s.kind is not None and kind not in names:
                    self.errors.error(s.kind.span, f"unknown combination '{kind}'",
                                      did_you_mean(s.kind.text, names))
                key = normal_key(s.key.text) if s.key else None
                out.append(ir.ExampleIs(cards=self.cards_of(s.cards), kind=kind, key=key,
                                        text=s.cards.text, span=item.span))
            elif isinstance(s, ast.ExampleBeats):
                out.append(ir.ExampleBeats(winner=self.cards_of(s.winner),
                                           loser=self.cards_of(s.loser),
                                           text=f"{s.winner.text} beats {s.loser.text}",
                                           span=item.span))
            elif isinstance(s, ast.ExampleScores):
                out.append(self.example_scores(s, item.span, players, names))
            elif isinstance(s, ast.ExampleHand):
                self.errors.error(item.span, "an example hand is for the banking family")
        return tuple(out)

    def example_scores(self, s: ast.ExampleScores, span: Span, players: int,
                       names: Sequence[str]) -> ir.Example:
        counts = [("plays", s.plays)] + [(f"plays of {k.text}", v) for k, v in s.plays_of]
        for what, toks in (("cards_left", s.cards_left), ("places", s.places),
                           ("expected scores", s.expect), *counts):
            if toks and len(toks) != players:
                self.errors.error(toks[0].span, f"{what} gives {plural(len(toks), 'number')} for "
                                  f"{players} players")
        for t in s.places:
            if not 0 <= int(t.text) <= players:
                self.errors.error(t.span, f"a place is 1 to {players} (0: not out), "
                                  f"not {t.text}")
        taken: dict[int, int] = {}  # place -> the seat given it first
        for i, t in enumerate(s.places):
            place = int(t.text)
            if place and place in taken:
                self.errors.error(t.span, f"place {place} is given to seats {taken[place]} "
                                  f"and {i}", "each place is one seat's (0: not out)")
            taken.setdefault(place, i)
        holds = []
        copies: dict[int, int] = {}
        for seat, cards in s.holds:
            n = self.int_of(seat, 0, players - 1, "a seat")
            held = self.cards_of(cards)
            holds.append((n, held))
            for c in held:
                copies[c] = copies.get(c, 0) + 1
                if copies[c] == self.copies + 1:
                    self.errors.error(cards.span, f"{card_name(c)} is held "
                                      f"{plural(self.copies + 1, 'time')} here, and the deck "
                                      f"has {plural(self.copies, 'copy', 'copies')} of it")
            if len(s.cards_left) == players and 0 < int(s.cards_left[n].text) < len(held):
                self.errors.error(cards.span, f"seat {n} holds {plural(len(held), 'card')} "
                                  f"here, and has {s.cards_left[n].text} left",
                                  "a seat with cards left holds at most that many (with none "
                                  "left, 'held' says what it was dealt)")
        leader = self.int_of(s.leader, 0, players - 1, "a seat") if s.leader else 0
        bid = 0
        if s.bid is not None:
            bid = int(s.bid.text)
            if self.stmt("auction", ast.Auction) is None:
                self.errors.error(s.bid.span, "'bid' sets the auction's winning bid, and this "
                                  "game has no auction")
        plays_of = []
        for kind, toks in s.plays_of:
            if kind.text not in names:
                self.errors.error(kind.span, f"no combination named '{kind.text}'",
                                  did_you_mean(kind.text, names))
                continue
            plays_of.append((names.index(kind.text), tuple(int(t.text) for t in toks)))
        if s.plays and len(s.plays) == players:
            for i, t in enumerate(s.plays):
                named = sum(counts[i] for _, counts in plays_of if len(counts) == players)
                if int(t.text) < named:
                    self.errors.error(t.span, f"seat {i} makes {t.text} plays but "
                                      f"{named} of named combinations",
                                      "'plays' counts every play of the seat, those of "
                                      "'plays of KIND' among them")
        return ir.ExampleScores(cards_left=tuple(int(t.text) for t in s.cards_left),
                                places=tuple(int(t.text) for t in s.places),
                                holds=tuple(holds), expect=tuple(int(t.text) for t in s.expect),
                                span=span, leader=leader, bid=bid,
                                plays=tuple(int(t.text) for t in s.plays),
                                plays_of=tuple(plays_of))


class ExprChecker:
    """Types and resolves scoring expressions. Types: int bool seat seats card."""

    def __init__(self, owner: Checker, consts: dict[str, int],
                 tables: dict[str, tuple[tuple[int, int], ...]],
                 asts: dict[str, tuple[ast.Def, Span]]) -> None:
        self.owner = owner
        self.err = owner.errors
        self.consts = consts
        self.tables = tables
        self.asts = asts
        self.builtins = family_builtins(owner.family)
        self.returns: dict[str, str] = {}
        self.arity: dict[str, int] = {}  # defs seen from `until`: how many seats each takes
        self.done: dict[str, ir.Def] = {}
        self.active: list[str] = []
        self.depth = 0
        self.too_deep = False
        # Python frames when the score runs: a def's frames are its own, plus the most that
        # one point of its body adds (the aggregates around it and the def it calls there)
        self.frames: dict[str, int] = {}
        self.aggs = 0  # aggregates around the current point of the current def
        self.inner = 0  # the most frames any point of the current def adds
        self.calls_too_deep = False  # reported once
        self.domains = {"seats": "seat"}  # what an aggregate runs over, and its variable

    def too_many_frames(self, span: Span) -> None:
        if not self.calls_too_deep:
            self.err.error(span, f"def calls and aggregates nest more than "
                           f"{limits.MAX_CALL_DEPTH} deep here",
                           "each def call and each sum, count, any, all, max or min runs "
                           "inside the one around it: compute parts in lets, or flatten the "
                           "chain of defs")
        self.calls_too_deep = True

    def count_frames(self, below: int, span: Span) -> None:
        """A point of the current def adds ``below`` frames inside its aggregates."""
        if 1 + self.aggs + below > limits.MAX_CALL_DEPTH:
            self.too_many_frames(span)  # counted no further, so one chain reports once
        else:
            self.inner = max(self.inner, self.aggs + below)

    def define(self, name: str) -> ir.Def:
        if name in self.done:
            return self.done[name]
        d, span = self.asts[name]
        outer_depth, self.depth = self.depth, 0  # each def is measured on its own
        outer_flag, self.too_deep = self.too_deep, False
        outer_frames, self.aggs, self.inner = (self.aggs, self.inner), 0, 0
        if name in self.builtins:
            self.err.error(d.name.span, f"def {name} has the name of a built-in quantity",
                           "choose another name")
        self.active.append(name)
        for i, p in enumerate(d.params):
            if p.text in (q.text for q in d.params[:i]):
                self.err.error(p.span, f"def {name} names parameter '{p.text}' twice",
                               "give each parameter its own name")
        types = self.param_types(d)
        scope = dict(zip((p.text for p in d.params), types, strict=True))
        lets = []
        for var, value in d.lets:
            e, t = self.expr(value, scope)
            scope[var.text] = t
            lets.append((var.text, e))
        body, ret = self.expr(d.body, scope)
        if ret not in ("int", "bool", "?"):
            self.err.error(d.body.span, f"def {name} gives {ret}; a def gives int or bool")
        self.active.pop()
        self.depth, self.too_deep = outer_depth, outer_flag
        self.frames[name] = 1 + self.inner
        self.aggs, self.inner = outer_frames
        self.returns[name] = ret
        result = ir.Def(name=name, params=tuple(p.text for p in d.params), lets=tuple(lets),
                        body=body, returns=ret, span=span,
                        types=types if any(t != "seat" for t in types) else ())
        owner = self.owner
        estimator = Estimator(players=owner.player_count, consts=self.consts,
                              tables=self.tables, defs=owner.def_costs)
        cost = estimator.of_def(result.params, result.lets, body)
        if estimator.calls_reported:
            cost = Cost(cost.steps, cost.size, reported=True)
        owner.def_costs[name] = owner.within_limits(cost, d.name.span, f"def {name}")
        self.done[name] = result
        return result

    PARAM_TYPES: tuple[str, ...] = ("seat",)  # types a parameter may state (a family adds)

    def param_types(self, d: ast.Def) -> tuple[str, ...]:
        out = []
        for t in d.types or (None,) * len(d.params):
            if t is not None and t.text not in self.PARAM_TYPES:
                self.err.error(t.span, f"'{t.text}' is not a parameter type here",
                               "types: " + ", ".join(self.PARAM_TYPES))
            out.append("seat" if t is None or t.text not in self.PARAM_TYPES else t.text)
        return tuple(out)

    def expect(self, e: ast.Expr, want: str, scope: dict[str, str]) -> ir.Expr:
        out, got = self.expr(e, scope)
        if got != want and got != "?":
            self.err.error(e.span, f"expected {want} here, but this is {got}")
        return out

    MAX_DEPTH = limits.MAX_FORMULA_DEPTH  # keeps generated Python well inside its limits

    def expr(self, e: ast.Expr, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        if self.depth >= self.MAX_DEPTH:
            if not self.too_deep:
                self.err.error(e.span, f"this formula is too long or nests too deeply (more "
                               f"than {self.MAX_DEPTH} levels)", "split it into several lets "
                               "or defs")
            self.too_deep = True
            return ir.Num(value=0, span=e.span), "?"
        self.depth += 1
        try:
            method = getattr(self, "e_" + type(e).__name__.lower())
            return method(e, scope)  # type: ignore[no-any-return]
        finally:
            self.depth -= 1

    def e_num(self, e: ast.Num, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        return ir.Num(value=e.value, span=e.span), "int"

    def e_name(self, e: ast.Name, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        if e.name in scope:
            return ir.Var(name=e.name, span=e.span), scope[e.name]
        if e.name in self.consts:
            return ir.ConstRef(name=e.name, span=e.span), "int"
        if e.name in self.builtins and not self.builtins[e.name].params:
            return ir.Builtin(func=e.name, args=(), span=e.span), self.builtins[e.name].returns
        arity = self.arity_of(e.name)
        if arity == 0:  # a def without parameters reads as a value
            return self.e_call(ast.Call(func=ast.Tok(text=e.name, span=e.span), args=(),
                                        span=e.span), scope)
        if arity is not None:
            self.err.error(e.span, f"{e.name} is a def of {arity} seat(s): call it, like "
                           f"{e.name}({', '.join(['p'] * arity)})")
            return ir.Num(value=0, span=e.span), "?"
        known = [*scope, *self.consts, *self.builtins, *self.asts]
        self.err.error(e.span, f"unknown name '{e.name}'", did_you_mean(e.name, known))
        return ir.Num(value=0, span=e.span), "?"

    def arity_of(self, name: str) -> int | None:
        """How many seats the def ``name`` takes, or None if there is no such def."""
        if name in self.asts:
            return len(self.asts[name][0].params)
        return self.arity.get(name) if name in self.returns else None

    def kind_arg(self, e: ast.Expr) -> ir.Expr:
        names = self.owner.kind_names
        if isinstance(e, ast.Name) and e.name in names:
            return ir.KindLit(name=e.name, index=names.index(e.name), span=e.span)
        shown = e.name if isinstance(e, ast.Name) else "this"
        self.err.error(e.span, f"'{shown}' is not a combination of this game",
                       did_you_mean(shown, names) if isinstance(e, ast.Name) else
                       "name a combination, like pair")
        return ir.Num(value=0, span=e.span)

    def card_arg(self, e: ast.Expr) -> ir.Expr:
        if isinstance(e, ast.Name):
            code = self.owner.card_of(ast.Tok(text=e.name, span=e.span))
            if code >= 0:
                return ir.CardLit(code=code, span=e.span)
        else:
            self.err.error(e.span, "expected a card here, like S2")
        return ir.Num(value=0, span=e.span)

    def e_call(self, e: ast.Call, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        name = e.func.text
        if name in self.builtins:
            b = self.builtins[name]
            params, ret = b.params, b.returns
            if name == "winning_bid" and self.owner.stmt("auction", ast.Auction) is None:
                self.err.error(e.func.span, "winning_bid() reads the auction, and this game "
                               "has none", "add an 'auction { bids: ... }' block")
        elif name in self.asts:
            if name in self.active:
                cycle = [*self.active[self.active.index(name):], name]
                message = f"def {name} calls itself" if len(cycle) == 2 else \
                    "defs call each other in a cycle: " + " -> ".join(cycle)
                self.err.error(e.func.span, message, "scoring formulas cannot be recursive")
                return ir.Num(value=0, span=e.span), "?"
            if name not in self.done and len(self.active) >= limits.MAX_CALL_DEPTH:
                self.too_many_frames(e.func.span)  # and check no deeper, to bound recursion
                return ir.Num(value=0, span=e.span), "?"
            d = self.define(name)
            params, ret = d.types or tuple("seat" for _ in d.params), d.returns
            self.count_frames(self.frames[name], e.func.span)
        elif name in self.returns:  # defs seen from `until`
            params, ret = ("seat",) * self.arity.get(name, 1), self.returns[name]
        else:
            known = [*self.builtins, *self.asts, *self.returns]
            self.err.error(e.func.span, f"unknown function '{name}'",
                           did_you_mean(name, known) or self.functions_hint())
            return ir.Num(value=0, span=e.span), "?"
        if len(e.args) != len(params):
            self.err.error(e.span, f"{name} takes {plural(len(params), 'argument')}, "
                           f"not {len(e.args)}")
            return ir.Num(value=0, span=e.span), ret
        args = []
        for a, want in zip(e.args, params, strict=True):
            if want == "card":
                args.append(self.card_arg(a))
            elif want == "kind":
                args.append(self.kind_arg(a))
            else:
                args.append(self.expect(a, want, scope))
        if name in self.builtins:
            return ir.Builtin(func=name, args=tuple(args), span=e.span), ret
        return ir.DefCall(func=name, args=tuple(args), span=e.span), ret

    def functions_hint(self) -> str:
        """What a formula may call: the built-ins with their arguments, and the defs."""
        shown = ", ".join(f"{n}({', '.join(b.params)})" for n, b in sorted(self.builtins.items()))
        defs = sorted({*self.asts, *self.returns})
        return (f"the built-in functions are {shown}"
                + (f"; the defs of this game are {', '.join(defs)}" if defs else "")
                + "; arithmetic is + - * // %")

    def e_aggregate(self, e: ast.Aggregate, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        body_type, result = AGGREGATES[e.kind]
        domain, dtype = self.expr(e.domain, scope)  # computed outside the generator
        if dtype not in self.domains and dtype != "?":
            self.err.error(e.domain.span, f"expected {' or '.join(self.domains)} here, but "
                           f"this is {dtype}")
        inner = {**scope, e.var.text: self.domains.get(dtype, "seat")}
        self.count_frames(1, e.span)
        self.aggs += 1
        try:
            body = self.expect(e.body, body_type, inner)
        finally:
            self.aggs -= 1
        return ir.Aggregate(kind=e.kind, var=e.var.text, domain=domain, body=body,
                            span=e.span), result

    def e_index(self, e: ast.Index, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        name = e.table.text
        if name not in self.tables:
            self.err.error(e.table.span, f"unknown table '{name}'",
                           did_you_mean(name, self.tables))
        index = self.expect(e.index, "int", scope)
        return ir.TableRef(table=name, index=index, span=e.span), "int"

    def e_cases(self, e: ast.Cases, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        """``cases`` becomes a chain of ifs, each later branch inside the one before: the
        k-th branch (from 0) sits k levels below the cases, the else as deep as the last."""
        here, n = self.depth, len(e.cases)
        if here + n > self.MAX_DEPTH:
            if not self.too_deep:
                self.err.error(e.span, f"this cases block has {n} branches; with what it sits "
                               f"in it nests more than {self.MAX_DEPTH} levels",
                               "each 'when' nests the ones after it: look a number up in a "
                               "'table', or split the branches among defs")
            self.too_deep = True
            return ir.Num(value=0, span=e.span), "?"
        try:
            self.depth = here + n - 1
            result, rtype = self.expr(e.otherwise, scope)
            for k in reversed(range(n)):
                cond, value = e.cases[k]
                self.depth = here + k
                c = self.expect(cond, "bool", scope)
                v, vtype = self.expr(value, scope)
                if vtype != rtype and "?" not in (vtype, rtype):
                    self.err.error(value.span, f"this case gives {vtype}, the others {rtype}")
                result = ir.If(cond=c, then=v, otherwise=result, span=e.span)
        finally:
            self.depth = here
        return result, rtype

    def e_if(self, e: ast.If, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        c = self.expect(e.cond, "bool", scope)
        a, ta = self.expr(e.then, scope)
        b, tb = self.expr(e.otherwise, scope)
        if ta != tb and "?" not in (ta, tb):
            self.err.error(e.span, f"the two branches give {ta} and {tb}")
        return ir.If(cond=c, then=a, otherwise=b, span=e.span), ta

    def e_binop(self, e: ast.BinOp, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        """Operands of and/or are bool, of arithmetic and ordering int; == and != need two
        values of one type."""
        if e.op in ("and", "or"):
            left, right = self.expect(e.left, "bool", scope), self.expect(e.right, "bool", scope)
            return ir.BinOp(op=e.op, left=left, right=right, span=e.span), "bool"
        if e.op in ("==", "!="):
            left, tl = self.expr(e.left, scope)
            right, tr = self.expr(e.right, scope)
            if tl != tr and "?" not in (tl, tr):
                self.err.error(e.span, f"cannot compare {tl} with {tr}")
            return ir.BinOp(op=e.op, left=left, right=right, span=e.span), "bool"
        left, right = self.expect(e.left, "int", scope), self.expect(e.right, "int", scope)
        if e.op in ("<", "<=", ">", ">="):
            return ir.BinOp(op=e.op, left=left, right=right, span=e.span), "bool"
        return ir.BinOp(op=e.op, left=left, right=right, span=e.span), "int"

    def e_not(self, e: ast.Not, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        return ir.Not(operand=self.expect(e.operand, "bool", scope), span=e.span), "bool"

    def e_neg(self, e: ast.Neg, scope: dict[str, str]) -> tuple[ir.Expr, str]:
        return ir.Neg(operand=self.expect(e.operand, "int", scope), span=e.span), "int"


def check(res: Resolved) -> ir.Game:
    return Checker(res).game()
