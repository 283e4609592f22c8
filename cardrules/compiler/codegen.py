"""IR -> Python source, through Jinja2. Templates print; the view models here decide."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import jinja2

from ..cards import ALL_CODES, JOKER_NAMES, RANK_NAMES, SUIT_LETTERS, rank_of, suit_of
from . import ir, limits
from .exprgen import py
from .scoreplan import PlannedDef, planned

_TEMPLATES = Path(__file__).resolve().parent / "templates"


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_TEMPLATES)),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True, autoescape=False)


def _rank_word(code: int) -> str:
    r = rank_of(code)
    return RANK_NAMES[r] if r < 13 else JOKER_NAMES[r - 13]


def _wrap(values: list[int] | tuple[int, ...], indent: int = 4, width: int = 96) -> str:
    """A tuple literal broken into lines."""
    lines, line = [], ""
    for v in values:
        piece = f"{v}, "
        if len(line) + len(piece) > width - indent:
            lines.append(line.rstrip())
            line = ""
        line += piece
    lines.append(line.rstrip())
    pad = " " * indent
    return "(\n" + "\n".join(pad + x for x in lines) + "\n)"


def rank_shape(c: ir.Combination, copies: int) -> frozenset[tuple[int, ...]] | None:
    """The group sizes (largest first) a kind's plays can have, or None for any. With one
    deck, cards of one suit are all of different ranks."""
    s = c.shape
    if has_kickers(c):
        return kicker_shapes(c)
    if c.suits == "same" and copies == 1:
        return frozenset({(1,) * n for n in c.sizes})
    if isinstance(s, ir.GroupsShape):
        return frozenset(tuple(sorted((first, *s.sizes[1:]), reverse=True))
                         for first in range(s.sizes[0], s.up_to + 1))
    if isinstance(s, ir.RunShape):
        return frozenset((s.width,) * n for n in range(s.min_len, s.max_len + 1))
    if isinstance(s, ir.SequenceShape):
        return frozenset((1,) * len(run) for run in s.runs)
    if isinstance(s, ir.SetShape):
        counts: dict[int, int] = {}
        for card in s.cards:
            counts[rank_of(card)] = counts.get(rank_of(card), 0) + 1
        return frozenset({tuple(sorted(counts.values(), reverse=True))})
    return None


def _partitions(n: int, most: int | None = None) -> list[tuple[int, ...]]:
    """The ways to write n as a sum of parts, largest first (each way once)."""
    top = n if most is None else min(n, most)
    if n == 0:
        return [()]
    return [(k, *rest) for k in range(top, 0, -1) for rest in _partitions(n - k, k)]


MAX_WINGS = 16  # above this many kickers of one size, a kind's rank shapes are not listed


def kicker_shapes(c: ir.Combination) -> frozenset[tuple[int, ...]] | None:
    """The group sizes (largest first) of plays with kickers: the main part, and the kickers
    of each size shared out over ranks in every way (kickers of one size may share a rank,
    of different sizes not); None (any) when there would be too many to list. A superset
    (no cap on the cards of a rank), which is what overlap tests and classify's table need."""
    s = c.shape
    if isinstance(s, ir.RunShape):
        if s.max_len > MAX_WINGS:
            return None
        return frozenset(tuple(sorted((s.width,) * n + tuple(s.wing * k for k in way),
                                      reverse=True))
                         for n in range(s.min_len, s.max_len + 1) for way in _partitions(n))
    assert isinstance(s, ir.GroupsShape)
    need: dict[int, int] = {}
    for k in s.sizes[1:]:
        need[k] = need.get(k, 0) + 1
    if max(need.values()) > MAX_WINGS:
        return None
    ways: list[tuple[int, ...]] = [()]
    for k, m in need.items():
        ways = [w + tuple(k * j for j in way) for w in ways for way in _partitions(m)]
    return frozenset(tuple(sorted((first, *w), reverse=True))
                     for first in range(s.sizes[0], s.up_to + 1) for w in ways)


def has_kickers(c: ir.Combination) -> bool:
    """A main part with kickers that may share ranks: two or more groups after the first,
    each smaller than it, or wings on a run. One kicker alone (``group 3 + group 2``), or
    groups as large as the first (six singles), are plain groups of distinct ranks."""
    s = c.shape
    return (isinstance(s, ir.GroupsShape) and len(s.sizes) > 2
            and all(k < s.sizes[0] for k in s.sizes[1:])) or (
        isinstance(s, ir.RunShape) and s.wing > 0)


_Facts = tuple[frozenset[int], str, frozenset[tuple[int, ...]] | None]


def _overlap(a: _Facts, b: _Facts) -> bool:
    """Whether some cards could be both kinds, from their (sizes, suits, rank_shape): decided
    at compile time, so generated code only tests the overlaps that can happen."""
    if not a[0] & b[0] or {a[1], b[1]} == {"same", "mixed"}:
        return False
    return a[2] is None or b[2] is None or bool(a[2] & b[2])


@dataclass(frozen=True)
class KindView:
    index: int
    name: str
    label: str
    match_lines: list[str]
    key_lines: list[str]
    gen_expr: str
    sizes: tuple[int, ...]
    key_shows: tuple[str, ...]
    group: int
    tier: int
    bomb: int
    outranked_by: tuple[str, ...]  # kinds that classify tries first on the same cards
    dedupe: bool  # whether the generator can yield one set of cards twice (copies > 1)
    presorted: bool  # the generator yields cards already in CARD_KEY order
    loop: str  # "each": every card; "same_rank": N cards of one rank; "distinct": N to
    loop_size: int  # loop_upto cards of one rank, each set once; "": the generator
    sequence: str = ""  # for a kind keyed by its sequence alone: the sequence's name
    seq_len: int = 0  # (sequence) the number of ranks of every listed run, 0 if they vary
    size_lines: tuple[str, ...] = ()  # how ``size`` (if given) bounds the generator
    ranked_run: str = ""  # a run keyed by its highest rank alone: gen_ranked_runs' arguments
    suits: str = ""  # "same", "mixed" or "" (either)
    found_key: str = ""  # the key from the generator's ``found`` (its groups known), or ""
    one_suit: int = 0  # ``cards N`` of one suit, one deck, its key an expression: N, else 0
    # per kind of outranked_by: its table of rank sets (RANK bits), or "" (any ranks)
    outranked_sets: tuple[str, ...] = ()
    loop_upto: int = 0  # (loop "distinct")
    rank_ordered: bool = False  # cards compare by rank first, no card set above the rest
    run_width: int = 0  # (ranked_run) cards of each rank of the run
    # Kickers or wings with one deck: the loop over gen_kicker_sets / gen_winged_runs (its
    # variables, the call, the cards it makes), the key from the generator's own split where
    # the key allows ("": ask key_KIND), and the outranking kinds each with a guard on size.
    kicked: tuple[str, str, str] = ("", "", "")
    kicked_key: str = ""
    kicked_outranked: tuple[tuple[str, str], ...] = ()
    # A main group and one smaller attached group of another rank, one deck: the sizes, the
    # key from the main group ``head`` and the attached ``tail``, and whether the cards are in
    # CARD_KEY order when the lower rank's cards come first (cards compare by rank first).
    attached: tuple[int, int] = (0, 0)
    attached_key: str = ""
    attached_merge: bool = False
    # ``set ...`` tried first on its cards, its key an expression: its cards in CARD_KEY
    # order, that key of them, and the test on ``by_rank`` that the hand holds them
    set_cards: tuple[int, ...] = ()
    set_key: str = ""
    set_held: str = ""

    @property
    def fast_single(self) -> bool:
        """One card keyed by its CARD_KEY, and no kind tried before it: its plays are one
        shared Play per card, and those above a floor are found by bisection."""
        return self.loop == "each" and not self.outranked_by \
            and self.inline_key == "(CARD_KEY[cards[-1]], )"

    @property
    def rank_table(self) -> bool:
        """N cards of one rank (one deck), no kind tried before it, its key an expression:
        its plays are made once, per set of cards of one rank (``GROUPS_KIND``)."""
        return self.loop == "same_rank" and not self.outranked_by and bool(self.inline_key)

    @property
    def rank_single(self) -> bool:
        """One card keyed by its rank, no kind tried before it, cards comparing by rank
        first (so ranks rise along a hand in CARD_KEY order): as ``fast_single``, one shared
        Play per card, and those above a floor found by bisection on RANK."""
        return self.loop == "each" and not self.outranked_by and self.rank_ordered \
            and self.inline_key == "(RANK[cards[0]], )"

    @property
    def rank_size_key(self) -> str:
        """For a kind of one rank (loop "distinct"): the inline key read from the rank's
        cards ``same`` and the number ``n`` taken, when it reads nothing else; else ""."""
        key = self.inline_key.replace("len(cards)", "n").replace("RANK[cards[0]]",
                                                                 "RANK[same[0]]")
        return "" if "cards" in key else key

    @property
    def inline_key(self) -> str:
        """The key as an expression, when computing it takes no statements."""
        if len(self.key_lines) == 1 and self.key_lines[0].startswith("return "):
            return self.key_lines[0][len("return "):]
        return ""


_GROUPS = "groups = group_by_rank(cards, RANK)"


@dataclass(frozen=True)
class ShapeCode:
    gen: str
    prep: list[str]
    checks: list[str]
    size_lines: tuple[str, ...] = ()  # for a run: its lengths (lo, hi) for a given size


def _run_lengths(min_len: int, max_len: int, per_rank: int) -> tuple[str, ...]:
    """Lines setting the run lengths a generator makes (lo to hi): all of them, or the one
    that gives ``size`` cards (none: return)."""
    if per_rank == 1:
        return (f"lo, hi = {min_len}, {max_len}", "if size:",
                f"    if not {min_len} <= size <= {max_len}:", "        return",
                "    lo = hi = size")
    return (f"lo, hi = {min_len}, {max_len}", "if size:",
            f"    if size % {per_rank} or not {min_len} <= size // {per_rank} <= {max_len}:",
            "        return", f"    lo = hi = size // {per_rank}")


def _reads(lines: list[str]) -> list[str]:
    """The SeatHand fields (``hand``, ``by_rank``) that lines of a generated body read, as
    locals."""
    return [f"{name} = h.{field}" for name, field in (("hand", "cards"), ("by_rank", "by_rank"))
            if any(re.search(rf"(?<![\w.]){name}(?!\w)", line) for line in lines)]


def _read_few(lines: list[str]) -> list[str]:
    """Lines of a follow's body with the SeatHand fields it names three times or fewer
    (``hand``, ``by_rank``; mostly in tests and calls a hand seldom passes) read where they
    are (``h.cards``, ``h.by_rank``), not as locals first: a follow, the commonest decision,
    reads none of them mostly."""
    for name, field in (("hand", "cards"), ("by_rank", "by_rank")):
        word = re.compile(rf"(?<![\w.]){name}(?!\w)")
        if sum(len(word.findall(line)) for line in lines) <= 3:
            lines = [word.sub(f"h.{field}", line) for line in lines]
    return lines


def _reads_floor(line: str) -> bool:
    """Whether a generated line reads the local ``floor`` (not a kind's name holding the
    word: ``GROUPS_floorboard``)."""
    return re.search(r"\bfloor\b", line) is not None


# What a SeatHand's ``at_least`` has an entry for, at least (its ``AT_LEAST``): a hand has a
# rank of n cards or more, for n up to this, when ``h.at_least[n]`` is not 0.
_AT_LEAST = 16


def _tests(need: list[tuple[str, int]]) -> Iterator[str]:
    """The tests of ``needs`` (a count read of the hand, and the least it must be), those
    every hand passes (1 or less) left out: ``h.most``, the cards of the largest rank, as
    the entry of ``at_least`` for that many cards (not 0: some rank has as many), where
    it has one."""
    for what, n in need:
        if n > 1:
            yield f"h.at_least[{n}]" if what == "h.most" and n <= _AT_LEAST else f"{what} >= {n}"


def _implied(need: list[tuple[str, int]], k: int) -> list[tuple[str, int]]:
    """``need`` without its test of a rank of ``k`` cards, where a test of ``at_least[k]``
    that follows it implies it (an entry ``at_least`` has)."""
    return [(what, n) for what, n in need if not (what == "h.most" and n == k <= _AT_LEAST)]


def _run_tail(width: int, within: tuple[int, ...], copies: int) -> str:
    """A RunPart's (or RunAbovePart's) last arguments, by position (a keyword costs its call
    about 1.2K instructions): ``copies`` (where the deck has more than one, or a mask
    follows) and ``mask`` where the run's ranks are consecutive bits: the ranks held with
    ``width`` cards, bit i for ``within[i]`` (its ``needs`` test ``most`` first:
    ``at_least`` has ``width``); else only ``copies``, or nothing."""
    if within != tuple(range(within[0], within[0] + len(within))):
        return f", {copies}" if copies > 1 else ""
    held = "h.ranks" if width == 1 else f"h.at_least[{width}]"
    low = bin((1 << len(within)) - 1)
    mask = f"{held} & {low}" if not within[0] else f"{held} >> {within[0]} & {low}"
    return f", {copies}, {mask}"


def _new_list(expr: str) -> bool:
    """Whether a generated expression of plays makes a new list (a list display or
    comprehension, ``rank_groups``, a slice of the hand's singles), which the caller may keep
    or extend as it is; otherwise it is a generator's iterable, to be made a list."""
    return expr.startswith(("[", "rank_groups(", "rank_groups_above(")) \
        or expr.endswith("[start:]")


def loop_of(e: ir.Expr) -> tuple[str, ...]:
    """An aggregate as the statements of a def that gives it, a plain loop over its domain
    (a loop costs less than the generator expression ``py`` writes: no generator made, no
    step resumed); each gives what the builtin gives (``max`` the first of the largest, as
    ``max`` keeps it, 0 for none), asking the same in the same order (``any`` and ``all``
    stop where the builtins stop). Nothing for another expression."""
    if not isinstance(e, ir.Aggregate):
        return ()
    head, body = f"for v_{e.var} in {py(e.domain)}:", py(e.body)
    if e.kind in ("any", "all"):
        found = e.kind == "any"
        test = body if found else f"not {body}"
        return head, f"    if {test}:", f"        return {found}", f"return {not found}"
    if e.kind in ("sum", "count"):
        step = (f"    total += {body}",) if e.kind == "sum" else (
            f"    if {body}:", "        total += 1")
        return "total = 0", head, *step, "return total"
    more = ">" if e.kind == "max" else "<"
    return ("found: int | None = None", head, f"    got = {body}",
            f"    if found is None or got {more} found:", "        found = got",
            "return 0 if found is None else found")


@dataclass(frozen=True)
class DefView:
    name: str
    params: str
    returns: str
    lets: list[tuple[str, str]]
    body: str
    memo: bool = False  # with parameters: remembered per view and arguments (scoreplan.py)
    # A body that is an aggregate, as the statements of a plain loop (``loop_of``), where the
    # template writes them (a climbing module): else empty, and ``body`` is returned.
    loop: tuple[str, ...] = ()


class ModuleView:
    """Everything the template prints, computed from the IR."""

    def __init__(self, game: ir.Game, source_name: str) -> None:
        self.g = game
        self.source_name = source_name
        self.rank_index = {r: i for i, r in enumerate(game.ranks)}
        self.deck = tuple(c for c in ALL_CODES if c < game.deck_size)
        self.extra: list[str] = []  # module-level tables needed by matchers
        self.emitted: set[str] = set()

    # -- header and constants
    @property
    def header_source(self) -> str:
        return repr(self.source_name)

    def lit(self, value: object) -> str:
        """A Python literal; a long tuple gets one item a line."""
        text = repr(value)
        if isinstance(value, tuple) and len(text) > 80:
            return "(\n" + "".join(f"    {item!r},\n" for item in value) + ")"
        return text

    @property
    def rank_table(self) -> str:
        return _wrap([self.rank_index.get(_rank_word(c), -1) if c in self.deck else -1
                      for c in ALL_CODES])

    @property
    def suit_table(self) -> str:
        return _wrap([self.g.suits.index(SUIT_LETTERS[suit_of(c)]) if suit_of(c) < 4 else -1
                      for c in ALL_CODES])

    @property
    def card_key_table(self) -> str:
        return _wrap(self.card_keys)

    @functools.cached_property
    def card_keys(self) -> list[int]:
        """CARD_KEY of every code (-1: not in the deck)."""
        nr, ns = len(self.g.ranks), 4
        keys = []
        for c in ALL_CODES:
            if c not in self.deck:
                keys.append(-1)
                continue
            r = self.rank_index[_rank_word(c)]
            s = self.g.suits.index(SUIT_LETTERS[suit_of(c)]) if suit_of(c) < 4 else 0
            key = r * ns + s if self.g.card_order[0] == "rank" else s * nr + r
            if c in self.g.top:
                key = nr * ns + self.g.top.index(c)
            keys.append(key)
        return keys

    @property
    def fixed_sizes(self) -> tuple[int, ...]:
        """Per kind: the size of all its plays, or 0 if they have more than one size."""
        return tuple(c.sizes[0] if len(c.sizes) == 1 else 0 for c in self.g.combinations)

    @property
    def singles_table(self) -> str:
        """The table of shared one-card Plays a SeatHand keeps beside its cards: the first
        kind of single plays made once each (each card once, with more decks), or None."""
        kind = self.singles_kind
        return "None" if kind is None else f"PLAYS_{kind.name}"

    @functools.cached_property
    def singles_kind(self) -> KindView | None:
        return next((k for k in self.kinds if k.fast_single or k.rank_single), None)

    @property
    def rank_top_keys(self) -> str:
        """For a kind of one card keyed by its rank (cards compare by rank first): per rank,
        the highest CARD_KEY of a card of that rank or lower ("" if no kind needs it)."""
        if not any(k.rank_single for k in self.kinds):
            return ""
        keys = self.card_keys
        top = [max(keys[c] for c in self.deck if self.rank_index[_rank_word(c)] <= r)
               for r in range(len(self.g.ranks))]
        return _wrap(top)

    @property
    def uses_rank_cards(self) -> bool:
        return any(k.rank_table for k in self.kinds)

    @property
    def has_jokers(self) -> bool:
        """Whether the deck has jokers (a suit slot of their own, -1 in SUIT)."""
        return any(suit_of(c) >= 4 for c in self.deck)

    @staticmethod
    def pools_fast(k: KindView) -> bool:
        """For ``cards N`` of one suit (one deck): whether every kind classify tries first
        has a table of rank sets, so that a suit's cards whose ranks hold none of them
        (``WITHIN_``) make plays of this kind alone, with no test per play."""
        return bool(k.one_suit) and all(k.outranked_sets)

    @property
    def within_tables(self) -> list[str]:
        """The tables of rank sets a one-suit kind's pools are tested against, once each."""
        return list(dict.fromkeys(t for k in self.kinds if self.pools_fast(k)
                                  for t in k.outranked_sets))

    @property
    def uses_rank_bit(self) -> bool:
        return bool(self.within_tables)

    @property
    def uses_suit_cards(self) -> bool:
        """Whether a kind's plays are of one suit (``SUIT_CARDS`` picks a suit's cards)."""
        return any(k.one_suit for k in self.kinds)

    def seat_call(self, k: KindView, floor: str = "") -> str:
        """The plays of kind ``k`` from a SeatHand ``h`` (stronger than ``floor``, if
        given), where a kind has a generator reading one (``seat_KIND``), else ""."""
        if (k.one_suit and not self.has_jokers) or self.seat_attached(k):
            return f"seat_{k.name}(h, {floor})" if floor else f"seat_{k.name}(h)"
        return ""

    def seat_attached(self, k: KindView) -> bool:
        """A main group and one attached group (one deck), cards comparing by rank first,
        keyed by the main group alone, no kind tried before it: its plays made from the
        hand's ``at_least`` masks (``seat_KIND``)."""
        return bool(k.attached[0]) and k.attached_merge and not k.outranked_by \
            and "tail" not in k.attached_key and "cards" not in k.attached_key

    @property
    def uses_bisect(self) -> bool:
        return any(k.fast_single or k.rank_single for k in self.kinds)

    @property
    def shape_imports(self) -> list[str]:
        """The runtime helpers the generated code calls, and no others."""
        own_loop = [k.loop or k.sequence or k.ranked_run or k.one_suit or k.kicked[0]
                    or k.attached[0] or k.set_cards for k in self.kinds]  # no gen_expr call
        emitted = " ".join(" ".join(([] if own else [k.gen_expr]) + k.match_lines + k.key_lines)
                           for k, own in zip(self.kinds, own_loop, strict=True))
        emitted += " rank_mask(" if any(k.sequence for k in self.kinds) else ""
        emitted += " gen_numbered_sequences(" if any(k.sequence and k.suits == "same"
                                                     for k in self.kinds) else ""
        emitted += " RunsPresent(" if any(isinstance(c.shape, ir.SequenceShape)
                                          for c in self.g.combinations) \
            or self.within_tables else ""
        emitted += " run_plays(" if any(k.ranked_run and k.presorted and not k.outranked_by
                                        for k in self.kinds) else ""
        emitted += " single_run_pools(" if any(k.ranked_run and k.run_width == 1
                                               for k in self.kinds) else ""
        emitted += " run_pools(" if any(k.ranked_run and k.run_width > 1
                                        for k in self.kinds) else ""
        emitted += " ".join(k.kicked[1] for k in self.kinds)
        emitted += " ".join(self.choosers) + " ".join(" ".join(f) for f in self.followers)
        emitted += " distinct_combinations(" if any(k.loop == "distinct" for k in self.kinds) \
            else ""
        emitted += " rank_groups(" if any(map(self.rank_groups, self.kinds)) else ""
        emitted += " RankGroups(" if any(k.loop == "distinct" and k.rank_size_key
                                         and not k.outranked_by for k in self.kinds) else ""
        helpers = ("distinct_combinations", "gen_cards", "gen_groups", "gen_kicker_sets",
                   "gen_kickers", "gen_numbered_sequences", "gen_ranked_runs", "gen_run",
                   "gen_sequences", "gen_set", "gen_winged_run", "gen_winged_runs",
                   "group_by_rank", "kicker_groups", "run_pools", "single_run_pools",
                   "winged_run", "RankGroups", "RunsPresent", "has_run", "rank_groups",
                   "rank_groups_above",
                   "rank_mask", "run_plays", "suited_run")
        return sorted({"split_by_rank", *(h for h in helpers if f"{h}(" in emitted)})

    @property
    def protocol_imports(self) -> list[str]:
        code = " ".join([self.until, self.lead_next, *(d.body for d in self.defs),
                         *(e for d in self.defs for _, e in d.lets)])
        code += " ".join(line for lines in self.followers for line in lines)
        plays_of = any(k.loop == "distinct" and k.rank_size_key and not k.outranked_by
                       for k in self.kinds)
        return sorted({"Play", "ScoreView", *(["plays_of"] if plays_of else []),
                       *(f for f in ("beats", "floor_div", "modulo") if f"{f}(" in code)})

    @property
    def itertools_imports(self) -> list[str]:
        return [*(["chain"] if any(k.ranked_run and k.run_width > 1 and not (
                                       k.presorted and not k.outranked_by)
                                   for k in self.kinds) else []),
                *(["combinations"] if any(k.loop == "same_rank" or k.one_suit or k.attached[0]
                                          for k in self.kinds) else []),
                *(["product"] if any((k.ranked_run and not (k.presorted and not k.outranked_by))
                                     or (k.sequence and k.suits != "same")
                                     for k in self.kinds) else [])]

    @property
    def deck_literal(self) -> str:
        return _wrap(list(self.deck))

    @functools.cached_property
    def kinds(self) -> list[KindView]:
        """Computed once: building a kind also adds its tables to ``extra``."""
        return [self.kind(i, c) for i, c in enumerate(self.g.combinations)]

    @property
    def kind_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.g.combinations)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(c.label or c.name for c in self.g.combinations)

    @property
    def key_shows(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(p.kind for p in c.key) for c in self.g.combinations)

    @functools.cached_property
    def rungs(self) -> dict[str, tuple[int, int]]:
        return {name: (li, rung) for li, ladder in enumerate(self.g.ladders)
                for rung, name in enumerate(ladder.kinds)}

    def ladder_of(self, name: str) -> tuple[int, int]:
        """(ladder number, rung) for a kind on a ladder, else (-1, 0)."""
        return self.rungs.get(name, (-1, 0))

    @functools.cached_property
    def groups(self) -> tuple[int, ...]:
        n = len(self.g.combinations)
        out = []
        for i, c in enumerate(self.g.combinations):
            li, _ = self.ladder_of(c.name)
            out.append(i if li < 0 else n + li)
        return tuple(out)

    @functools.cached_property
    def tiers(self) -> tuple[int, ...]:
        return tuple(self.ladder_of(c.name)[1] for c in self.g.combinations)

    @functools.cached_property
    def bomb_rungs(self) -> tuple[int, ...]:
        rungs = dict(zip(self.g.bombs, self.g.bomb_rungs, strict=True))
        return tuple(rungs.get(c.name, -1) for c in self.g.combinations)

    @functools.cached_property
    def classify_order(self) -> list[int]:
        """Kinds in the order classify tries them: file order, except that a ladder's kinds
        are tried highest rung first, so a straight flush is never called a flush."""
        index = {c.name: i for i, c in enumerate(self.g.combinations)}
        order: dict[int, None] = {}  # insertion-ordered set
        for c in self.g.combinations:
            li, _ = self.ladder_of(c.name)
            members = [c.name] if li < 0 else list(reversed(self.g.ladders[li].kinds))
            for m in members:
                order.setdefault(index[m])
        return list(order)

    @functools.cached_property
    def classify_position(self) -> dict[int, int]:
        return {kind: pos for pos, kind in enumerate(self.classify_order)}

    @functools.cached_property
    def overlap_facts(self) -> list[_Facts]:
        """Per kind, what _overlap compares: computed once, not once per pair."""
        return [(frozenset(c.sizes), c.suits, rank_shape(c, self.g.copies))
                for c in self.g.combinations]

    @property
    def by_size(self) -> list[tuple[int, list[tuple[int, tuple[int, ...], str, str]]]]:
        """Per number of cards, the kinds classify tries, in its order, each with the numbers
        of distinct ranks its plays of that size can have (() when not known), its suit rule
        ("same", "mixed", or "" for either) and the name of its table of rank sets ("None"
        when it has none)."""
        table: dict[int, list[tuple[int, tuple[int, ...], str, str]]] = {}
        for i in self.classify_order:
            c = self.g.combinations[i]
            shapes = self.overlap_facts[i][2]
            suits = c.suits if c.suits in ("same", "mixed") else ""
            sets = self.rank_sets[i][0] if i in self.rank_sets else "None"
            for size in c.sizes:
                counts = () if shapes is None else tuple(sorted(
                    {len(x) for x in shapes if sum(x) == size}))
                table.setdefault(size, []).append((i, counts, suits, sets))
        return sorted(table.items())

    # -- classify's signature of some cards: one OR of a table entry per card
    @property
    def suit_slots(self) -> int:
        """Suit values classify tells apart: the game's suits, and -1 (a joker)."""
        return len(self.g.suits) + 1

    @property
    def ranks_mask(self) -> str:
        return f"{(1 << len(self.g.ranks)) - 1:#b}"

    @property
    def suits_mask(self) -> str:
        return f"{(1 << self.suit_slots) - 1:#b}"

    @property
    def cards_at(self) -> int:
        """Where CARD_BITS keeps the bit of a code not in the deck: above the rank and suit
        bits."""
        return len(self.g.ranks) + self.suit_slots

    @property
    def max_cards(self) -> int:
        return max((n for c in self.g.combinations for n in c.sizes), default=0)

    @property
    def unrolled_size(self) -> int:
        """The number of cards classify reads without a loop (unpacked, their CARD_BITS OR'ed
        in one expression): the most cards of a combination, if at most five (a poker hand),
        else the most up to five; 0 if no combination has five or fewer."""
        return max((n for c in self.g.combinations for n in c.sizes if n <= 5), default=0)

    @property
    def unrolled_names(self) -> list[str]:
        return [chr(ord("a") + i) for i in range(self.unrolled_size)]

    @property
    def unrolled_repeats(self) -> list[str]:
        """The tests of whether an unrolled card is given twice: one line per card, its
        code against each later one's (compares, cheaper than a set or a mask of codes)."""
        names = self.unrolled_names
        return [" or ".join(f"{x} == {y}" for y in names[i + 1:])
                for i, x in enumerate(names[:-1])]

    @functools.cached_property
    def rank_sets(self) -> dict[int, tuple[str, list[int]]]:
        """Per kind whose plays have few rank sets (a listed sequence, a run without wings):
        the name of the table of those sets, as masks of RANK bits, and the masks."""
        out: dict[int, tuple[str, list[int]]] = {}
        for i, c in enumerate(self.g.combinations):
            s = c.shape
            if isinstance(s, ir.SequenceShape):
                runs = [[self.rank_index[r] for r in run] for run in s.runs]
                out[i] = (f"RANK_SETS_{s.sequence}", sorted({sum(1 << r for r in run)
                                                              for run in runs}))
            elif isinstance(s, ir.RunShape) and not s.wing:
                within = [self.rank_index[r] for r in s.within]
                out[i] = (f"RANK_SETS_{c.name}", sorted(
                    {sum(1 << r for r in within[start:start + n])
                     for n in range(s.min_len, s.max_len + 1)
                     for start in range(len(within) - n + 1)}))
        return out

    @property
    def rank_set_tables(self) -> list[tuple[str, str]]:
        """(name, frozenset literal) of each table of rank sets, once each."""
        seen: dict[str, str] = {}
        width = len(self.g.ranks) + 2
        for name, masks in self.rank_sets.values():
            if name not in seen:
                items = [f"{m:#0{width}b}" for m in masks]
                lines, line = [], ""
                for item in items:
                    if len(line) + len(item) + 2 > 92:
                        lines.append(line.rstrip())
                        line = ""
                    line += item + ", "
                lines.append(line.rstrip())
                seen[name] = "frozenset({\n" + "".join(f"    {x}\n" for x in lines) + "})"
        return list(seen.items())

    @functools.cached_property
    def follow_kinds(self) -> tuple[tuple[int, ...], ...]:
        """For each kind: the kinds whose plays may beat it (same group, or a bomb)."""
        groups, bombs = self.groups, self.bomb_rungs
        n = len(self.g.combinations)
        members: dict[int, list[int]] = {}
        for j in range(n):
            members.setdefault(groups[j], []).append(j)
        return tuple(tuple(sorted({*members[groups[i]], *(j for j in range(n) if bombs[j] >= 0)}))
                     for i in range(n))

    def needs(self, i: int, follow: bool = False) -> list[str]:
        """Tests every hand with a play of kind ``i`` passes, on a SeatHand's counts (``most``
        cards of one rank, ``len(by_rank)`` ranks, ``len(hand)`` cards, ``max(h.suits)``
        cards of one suit; a run's consecutive ranks, with ``follow`` as many as ``current``
        has and higher, when ``i`` is a run keyed by its highest rank following its own
        kind; with ``follow``, a group of one rank keyed by it, or by its highest card when
        cards compare by rank first, or groups keyed by the first one's rank, need a rank as
        high or higher with as many cards): a generator is asked only when they hold."""
        c = self.g.combinations[i]
        s, need = c.shape, []
        if isinstance(s, ir.GroupsShape):
            need = [("h.most", s.sizes[0]),
                    ("len(by_rank)", min(len(s.sizes), 2) if has_kickers(c)
                     else len(s.sizes))]
            if not has_kickers(c):  # groups of distinct ranks: as many ranks with at least
                # k cards as groups of k or more (``most`` tested first: ``at_least`` has k)
                need += [(f"h.at_least[{k}].bit_count()", sum(1 for x in s.sizes if x >= k))
                         for k in sorted(set(s.sizes), reverse=True) if k > 1]
            key = [(p.kind, p.group) for p in c.key]
            if follow and len(s.sizes) > 1 and s.sizes[0] == max(s.sizes) \
                    and key == [("rank", 0)]:
                # following its own kind, keyed by the rank of its first (largest) group: a
                # rank above the current play's with as many cards
                return [*_tests(_implied(need, s.sizes[0])),
                        f"h.at_least[{s.sizes[0]}] >> (current.key[0] + 1)"]
            if follow and len(s.sizes) == 1 and s.sizes[0] > 1 and (
                    key == [("rank", None)] or (key == [("card", None)] and self.rank_first)):
                # following its own kind: a rank above the current play's with enough cards
                # (keyed by its highest card, compared by rank first: that rank or above)
                above = "(current.key[0] + 1)" if key == [("rank", None)] \
                    else "RANK[current.cards[-1]]"
                return [*_tests(_implied(need, s.sizes[0])),
                        f"h.at_least[{s.sizes[0]}] >> {above}"]
        elif isinstance(s, ir.RunShape):
            need = [("h.most", s.width), ("len(by_rank)", s.min_len)]
            within = [self.rank_index[r] for r in s.within]
            if s.min_len > 1 and within == list(range(within[0], within[0] + len(within))):
                # the run's ranks are consecutive bits: a run needs min_len of them in a row
                # with ``width`` cards (``most`` tested first: ``at_least`` has ``width``)
                held = "h.ranks" if s.width == 1 else f"h.at_least[{s.width}]"
                mask = bin(((1 << len(within)) - 1) << within[0])
                # (following its own kind: as long, and higher; the length read from
                # ``size`` where the kind's plays vary in size, else the fixed length)
                run = f"{s.min_len}" if not follow else \
                    f"{s.min_len}, current.key[0]" if s.min_len == s.max_len else \
                    f"size // {s.width}, current.key[0]" if s.width > 1 else \
                    "size, current.key[0]"
                return [*_tests(need),
                        f"has_run({held} & {mask}, {run})"]
        elif isinstance(s, ir.SequenceShape):
            need = [("len(by_rank)", min(len(set(run)) for run in s.runs))]
            if c.suits == "same":
                need.append(("max(h.suits)", min(len(run) for run in s.runs)))
        elif isinstance(s, ir.CardsShape):
            need = [("len(hand)", s.count)]
            if c.suits == "same":
                need.append(("max(h.suits)", s.count))
        else:
            need = [("len(hand)", len(s.cards))]
            if all(x in self.deck for x in s.cards):  # the set's ranks all held
                mask = bin(sum(1 << r for r in {self.rank_index[_rank_word(x)]
                                                for x in s.cards}))
                return [*_tests(need),
                        f"(h.ranks & {mask}) == {mask}"]
        return list(_tests(need))

    def asked(self, j: int, call: str, runs: list[str], follow: bool = False) -> list[str]:
        """Lines adding ``call`` (``out += ...`` of kind ``j``) under the kind's tests (with
        ``follow``, those of a play of ``j`` that beats ``current``, of its own kind); a
        sequence kind's generator gets the runs the hand has (``runs_NAME``, looked up once:
        ``runs`` lists those looked up already)."""
        k = self.kinds[j]
        tests = self.needs(j, follow)
        if k.sequence:
            lines = [] if k.sequence in runs else [
                f"runs_{k.sequence} = PRESENT_{k.sequence}[h.ranks]"]
            runs.append(k.sequence)
            suits = [t for t in tests if t.startswith("max(h.suits)")]
            if suits:  # of one suit: some suit's cards have the ranks of one of the runs
                suits.append(f"suited_run(h.cards, RANK, SUIT, PRESENT_{k.sequence}.masks, "
                             f"runs_{k.sequence})")
            return [*lines, f"if {' and '.join([f'runs_{k.sequence}', *suits])}:",
                    "    " + call]
        return [f"if {' and '.join(tests)}:", f"    {call}"] if tests else [call]

    @functools.cached_property
    def followers(self) -> list[list[str]]:
        """Per kind K: the body of ``follow_K``, the plays that beat a play of K. It is the
        generic rule (see ``follow_plays``) with everything a kind fixes decided at compile
        time (groups, bombs, sizes): kinds that compare with K by rung and key skip weaker
        plays as they are made, and need no ``beats`` when all their plays have K's size;
        kinds of many sizes make only plays of the size asked; bombs need no ``beats`` on a
        non-bomb or a lower bomb rung (all beat it), skip a higher rung (none do) and compare
        by rung and key on their own kind's plays; ``beats`` settles the rest. A kind is
        asked only when the hand's counts allow one of its plays (``needs``)."""
        return [lines for lines, _ in map(self._follow_lines, range(len(self.kinds)))]

    @functools.cached_property
    def follow_choosers(self) -> list[list[str]]:
        """Per kind K: the body of ``follow_choices_K``, ``follow_K`` with each run kind that
        ``lead_choices`` counts (a RunPart) added as a RunAbovePart (``counted``: a Choices
        once one has plays, else the list); empty where no kind's follow plays are counted
        (the table asks ``follow_K``)."""
        out = []
        for k in range(len(self.kinds)):
            lines, parts = self._follow_lines(k, counted=True)
            out.append(lines if parts else [])
        return out

    def _follow_lines(self, k: int, counted: bool = False) -> tuple[list[str], int]:
        """``followers[k]``, or with ``counted`` ``follow_choosers[k]``; and how many
        counted parts it adds."""
        sizes, groups, bombs, tiers = self.fixed_sizes, self.groups, self.bomb_rungs, self.tiers
        parts = 0
        calls: list[str] = []  # each adds plays to ``out``, in FOLLOW_KINDS order
        runs: list[str] = []
        floor = size = checked = False
        plain = 0  # calls of one generator, untested
        for j in self.follow_kinds[k]:
            kj = self.kinds[j]
            name = self.g.combinations[j].name
            gen = f"candidates_{name}"
            if kj.sequence:
                gen_floor = f"sequences_{name}(by_rank, floor, runs_{kj.sequence})"
            else:
                gen_floor = self.seat_call(kj, "floor") or f"{gen}(hand, by_rank, floor)"
            # all the kind's plays
            every = f"[PLAY_{name}]" if self.set_sure(kj) else \
                self.seat_call(kj) or f"{gen}(hand, by_rank)"
            if self.rank_groups(kj):
                every = f"rank_groups(GROUPS_{name}, by_rank, h.at_least[{kj.loop_size}])"
                held = f"h.at_least[{kj.loop_size}]"
                if j == k and kj.rank_size_key == "(RANK[same[0]], )":
                    # keyed by its rank alone: the ranks above the current play's
                    above = "(current.key[0] + 1)"
                    gen_floor = f"rank_groups(GROUPS_{name}, by_rank, {held} >> {above} << {above})"
                elif j == k and kj.inline_key == "(CARD_KEY[cards[-1]], )" and kj.rank_table:
                    # keyed by its highest card, cards comparing by rank first: those of the
                    # ranks above the current play's, and of its rank those of a higher key
                    gen_floor = (f"rank_groups_above(GROUPS_{name}, by_rank, {held}, "
                                 "RANK[current.cards[-1]], current.key)")
                elif j == k and kj.inline_key == "(CARD_KEY[cards[-1]], )":
                    # keyed by its highest card, cards comparing by rank first: those of the
                    # current play's rank and above, by key (the current play's kind)
                    above = "RANK[current.cards[-1]]"
                    gen_floor = (f"[p for p in rank_groups(GROUPS_{name}, by_rank, {held} >> "
                                 f"{above} << {above}) if p.key > current.key]")
                else:  # those stronger than the floor
                    gen_floor = f"[p for p in {every} if ({kj.tier}, p.key) > floor]"
            if bombs[j] >= 0 and bombs[k] < 0:  # a bomb beats every non-bomb
                calls += self.asked(j, f"out += {every}", runs)
            elif bombs[j] >= 0 and bombs[j] != bombs[k]:  # a higher bomb rung beats it
                if bombs[j] > bombs[k]:
                    calls += self.asked(j, f"out += {every}", runs)
            elif bombs[j] >= 0 and groups[j] == groups[k]:  # one kind: by rung, then key
                calls += self.asked(j, f"out += {gen_floor}", runs)
                floor = floor or _reads_floor(gen_floor)
            elif groups[j] != groups[k] or bombs[j] >= 0 or bombs[k] >= 0:
                calls += self.asked(j, f"out += [p for p in {gen}(hand, by_rank) "
                                    "if beats(p, current)]", runs)
                checked = True
            elif tiers[j] < tiers[k]:
                continue  # a lower rung of the ladder never beats it
            elif not sizes[j] and (kj.ranked_run or kj.kicked[0]) and kj.size_lines:
                # a run's generator makes only plays of the size asked, stronger than
                # the floor, of the current play's group: each beats it (counted,
                # where the kind's lead plays are: ``run_above_part``)
                part = self.run_above_part(j) if counted else ""
                parts += bool(part)
                call = f"out = counted(out, {part})" if part else \
                    f"out += {gen}(hand, by_rank, floor, size)"
                calls += self.asked(j, call, runs, follow=j == k and bool(kj.ranked_run))
                floor = size = True
            elif not sizes[j]:
                calls += self.asked(j, f"out += [p for p in {gen}(hand, by_rank, floor, "
                                    "size) if beats(p, current)]", runs)
                floor = size = checked = True
            elif not sizes[k]:
                calls += [f"if size == {sizes[j]}:",
                          *("    " + x for x in self.asked(j, f"out += {gen_floor}", runs))]
                floor = size = True
            elif sizes[j] == sizes[k] and (kj.fast_single or kj.rank_single):
                # One shared Play per card: those above the current card (bisection on
                # its CARD_KEY, or its RANK), or all of them on a higher rung.
                single = kj is self.singles_kind
                cards = "h.singles" if single else "hand"
                if tiers[j] == tiers[k]:
                    keys = "h.single_keys" if single and kj.dedupe else "h.keys"
                    calls.append(f"start = bisect_right({keys}, "
                                 "RANK_TOP_KEY[current.key[0]])" if kj.rank_single
                                 else f"start = bisect_right({keys}, current.key[0])")
                    cards = "h.singles[start:]" if single else "hand[start:]"
                if kj.dedupe and not single:  # (a SeatHand's singles: each card once)
                    cards = f"dict.fromkeys({cards})"
                if counted and cards == "h.singles":  # (a Choices keeps the list: a copy)
                    cards = "h.singles[:]"
                calls.append(f"out += {cards}" if single else
                             f"out += [PLAYS_{name}[x] for x in {cards}]")
                plain += 1
            elif sizes[j] == sizes[k] and tiers[j] > tiers[k] and not kj.fast_single \
                    and not kj.rank_single:
                # a higher rung of the ladder, of the current play's size: every play of the
                # kind beats it (the lead's plays, no floor)
                calls += self.asked(j, f"out += {self.lead_expr(j)}", runs)
            elif sizes[j] == sizes[k]:
                # (a run's own follow test reads the current play's top rank: a run keyed
                # by it alone, not a winged one)
                own = j == k and (bool(kj.ranked_run)
                                  or not isinstance(self.g.combinations[j].shape, ir.RunShape))
                calls += self.asked(j, f"out += {gen_floor}", runs, follow=own)
                floor = floor or _reads_floor(gen_floor)
        lines = ["floor = (current.tier, current.key)"] if floor else []
        lines += ["size = len(current.cards)"] if size else []
        calls = _read_few(calls)
        lines += _reads(calls)
        # the first plays, when asked unconditionally as a new list: ``out`` itself
        at = next((i for i, c in enumerate(calls) if not c.startswith("start = ")), len(calls))
        first = calls[at][len("out += "):] if at < len(calls) \
            and calls[at].startswith("out += ") else ""
        fresh = _new_list(first)
        declared = "out: list[Play] | Choices" if counted else "out: list[Play]"
        body = [*calls[:at], f"{declared} = {first}", *calls[at + 1:]] if fresh \
            else [f"{declared} = []", *calls]
        if counted:  # (``extend``: what a list and a Choices both have, for mypy)
            lines += [c.replace("out += ", "out.extend(", 1) + ")"
                      if c.lstrip().startswith("out += ") else c for c in body]
            lines.append("return out")
        elif calls and plain == 1 and calls[-1].startswith("out += ") \
                and all(c.startswith("start = ") for c in calls[:-1]):  # a list already
            last = calls[-1][len("out += "):]
            lines += [*calls[:-1], "return " + (last if last.startswith("[")
                                                or "[start:]" in last else f"list({last})")]
        elif len(calls) == 2 and calls[0].startswith("if ") \
                and calls[1].startswith("    out += ") and _new_list(calls[1][11:]):
            # one generator making a new list, asked under a test: that list, or none
            lines += [calls[0], "    return " + calls[1][11:], "return []"]
        elif len(calls) == 1 and calls[0].startswith("out += ") and not checked:
            # one generator, asked unconditionally: its plays as they come
            lines.append("return list(" + calls[0][len("out += "):] + ")")
        else:
            lines += [*body, "return out"]
        return lines, parts

    @functools.cached_property
    def leaders(self) -> list[str]:
        """The body of ``lead_plays``: each kind's plays in CANDIDATES order, a kind asked
        only when the hand passes a test every hand with such a play passes (``needs``; a
        sequence kind only when the hand has the ranks of one of its runs); singles as
        their shared Plays."""
        return self._lead_lines(counted=False)

    def _lead_lines(self, counted: bool) -> list[str]:
        """``leaders``, or with ``counted`` ``choosers``."""
        calls: list[str] = []
        runs: list[str] = []
        last = ""  # the ``if`` line of the last kind asked under tests
        for i, k in enumerate(self.kinds):
            part = self.lazy_part(i) if counted else ""
            if k is self.singles_kind:
                calls.append("out += h.singles")
                continue
            plays = part or self.lead_expr(i)
            # a Part ends the list of plays so far (``out``): both kept in ``parts``
            call = f"parts += (out, {plays})" if part else f"out += {plays}"
            asked = self.asked(i, call, runs)
            if part:  # (and a new list after it, on the line after, as indented)
                at = next(n for n, x in enumerate(asked) if x.lstrip() == call)
                asked.insert(at + 1, asked[at][:len(asked[at]) - len(call)] + "out = []")
            # A kind asked as one ``if`` block joins the block before when its test is the
            # same; a kind asked otherwise (a sequence's ``runs_X = ...`` first) ends the run.
            block = asked[0] if asked[0].startswith("if ") \
                and all(x.startswith("    ") for x in asked[1:]) else ""
            if block and block == last and calls[-1].startswith("    "):
                asked = asked[1:]  # the tests of the kind before: under its ``if``
                if part and calls[-1] == "    out = []":  # a Part right after a Part
                    calls.pop()
                    asked[0] = f"    parts.append({plays})"
            last = block
            calls += asked
        start = [*_reads(calls), "out: list[Play] = []"]
        if counted:  # the lists and Parts made into Choices, where a Part was asked
            return [*start, "parts: list[list[Play] | Part] = []", *calls, "if parts:",
                    "    parts.append(out)", "    return Choices(parts)", "return out"]
        return [*start, *calls, "return out"]

    def lead_expr(self, i: int) -> str:
        """Every play of kind ``i`` a SeatHand ``h`` can make (a lead's, not counted), as an
        expression (singles: their shared Plays; the runs of a sequence kind: ``runs_NAME``,
        looked up by ``asked``)."""
        k = self.kinds[i]
        if k is self.singles_kind:
            return "h.singles"
        if k.fast_single or k.rank_single:
            cards = "dict.fromkeys(hand)" if k.dedupe else "hand"
            return f"[PLAYS_{k.name}[x] for x in {cards}]"
        if self.rank_groups(k):
            return f"rank_groups(GROUPS_{k.name}, by_rank, h.at_least[{k.loop_size}])"
        if self.set_sure(k):
            return f"[PLAY_{k.name}]"
        if k.sequence:
            return f"sequences_{k.name}(by_rank, None, runs_{k.sequence})"
        return self.seat_call(k) or f"candidates_{k.name}(hand, by_rank)"

    def set_sure(self, k: KindView) -> bool:
        """Whether the tests a hand passes before kind ``k`` is asked (``needs``: its ranks
        held) prove that it holds the one play of ``set ...``: each of its cards the only one
        of its rank in the deck, once (then its plays are ``[PLAY_KIND]``, with no floor)."""
        return bool(k.set_cards) and all(re.fullmatch(r"len\(by_rank\.get\(\d+, \(\)\)\) >= 1", t)
                                         for t in k.set_held.split(" and "))

    def rank_groups(self, k: KindView) -> bool:
        """Whether a lead asks ``rank_groups`` for the plays of kind ``k``: cards of one rank
        from a GROUPS_KIND table, the ranks with enough cards read from ``h.at_least``,
        lowest first, which is the hand's order where cards compare by rank first."""
        return self.rank_first and (k.rank_table or (
            k.loop == "distinct" and bool(k.rank_size_key) and not k.outranked_by))

    @functools.cached_property
    def rank_cards(self) -> int:
        """The most cards one rank of the deck has (its copies counted)."""
        ranks = [self.rank_index.get(_rank_word(c), -1) for c in self.deck]
        return max(ranks.count(r) for r in set(ranks)) * self.g.copies

    def lazy_part(self, i: int) -> str:
        """For a kind whose plays at a lead a ``choices`` Part can count and make one at a
        time, in its generator's order: the Part's constructor call; else "". Runs keyed by
        their highest rank, made in CARD_KEY order; one deck's main group with one attached
        group, or with kickers, or a run with wings, keyed by the main part's rank."""
        k, c = self.kinds[i], self.g.combinations[i]
        s = c.shape
        head = f"candidates_{k.name}, hand, by_rank, ({k.index}, {k.group}, {k.tier}, {k.bomb})"
        if k.ranked_run and k.presorted and not k.outranked_by:
            assert isinstance(s, ir.RunShape)
            within = tuple(self.rank_index[r] for r in s.within)
            return (f"RunPart({head}, {s.width}, {s.min_len}, {s.max_len}, {within!r}"
                    f"{_run_tail(s.width, within, self.g.copies)})")
        if k.attached[0] and k.attached_merge and not k.outranked_by \
                and k.attached_key == "(RANK[head[0]], )":
            # (``at_least`` up to the most cards a rank of the deck has: the Part sums its
            # entries, and the hand's has more, all 0)
            return (f"AttachedPart({head}, {k.attached[0]}, {k.attached[1]}, "
                    f"h.at_least[:{self.rank_cards + 1}])")
        guards = [g for g, _ in k.kicked_outranked]
        if not k.kicked[0] or "" in guards:
            return ""
        mine = set(c.sizes)
        avoid = tuple(sorted({n for _, other in k.kicked_outranked
                              if not self._only_odd(c, other)
                              for n in mine & set(self.g.combinations[
                                  self.kind_names.index(other)].sizes)}))
        if isinstance(s, ir.RunShape) and k.kicked_key == "(top, )":
            within = tuple(self.rank_index[r] for r in s.within)
            return (f"WingedPart({head}, {s.width}, {s.min_len}, {s.max_len}, {within!r}, "
                    f"{s.wing}, {avoid!r}, CARD_KEY)")
        if isinstance(s, ir.GroupsShape) and k.kicked_key == "(RANK[head[0]], )":
            return (f"KickerPart({head}, {s.sizes[0]}, {s.sizes[1]}, {len(s.sizes) - 1}, "
                    f"{avoid!r}, CARD_KEY)")
        return ""

    def run_above_part(self, j: int) -> str:
        """For a run kind whose lead plays are a ``RunPart``: the RunAbovePart of its plays
        that beat ``current`` (``floor``, ``size``) at a follow; else ""."""
        part = self.lazy_part(j)
        if not part.startswith("RunPart("):
            return ""
        k, c = self.kinds[j], self.g.combinations[j]
        s = c.shape
        assert isinstance(s, ir.RunShape)
        within = tuple(self.rank_index[r] for r in s.within)
        return (f"RunAbovePart(candidates_{k.name}, hand, by_rank, ({k.index}, {k.group}, "
                f"{k.tier}, {k.bomb}), {s.width}, {s.min_len}, {s.max_len}, {within!r}, floor, "
                f"size{_run_tail(s.width, within, self.g.copies)})")

    def _only_odd(self, c: ir.Combination, other: str) -> bool:
        """Whether kind ``other``, tried before the winged run ``c``, can match only its odd
        sets: ``other`` is a run without wings of ``c``'s width (every rank of its plays
        holds that many cards), and a set that is not odd has no wing rank holding as many."""
        s = c.shape
        o = self.g.combinations[self.kind_names.index(other)].shape
        return isinstance(s, ir.RunShape) and isinstance(o, ir.RunShape) and not o.wing \
            and o.width == s.width

    @functools.cached_property
    def choosers(self) -> list[str]:
        """The body of ``lead_choices``: ``leaders`` with each kind that has a ``lazy_part``
        added as that Part (counted, its plays made when asked for)."""
        return self._lead_lines(counted=True)

    @property
    def counted(self) -> bool:
        """Whether some kind's lead plays are counted (``lazy_part``): then ``lead_plays``
        is ``lead_choices`` made whole, else ``lead_choices`` is ``lead_plays``."""
        return any(self.lazy_part(i) for i in range(len(self.kinds)))

    @property
    def choice_imports(self) -> list[str]:
        """The Parts ``lead_choices`` makes, and Choices and Part (its parts' type)."""
        used = " ".join(self.choosers) + " ".join(" ".join(f) for f in self.follow_choosers)
        return ["Choices", "Part", *(n for n in ("AttachedPart", "KickerPart", "RunAbovePart",
                                                 "RunPart", "WingedPart", "counted")
                                     if f"{n}(" in used)]

    @functools.cached_property
    def holders(self) -> list[str]:
        """The body of ``lead_plays_holding``: the plays of ``lead_plays`` that hold one
        card of the hand, in the same order, each kind asked only for the part of the hand
        such a play can come from. A single: the card's own Play. Cards of one rank: the
        card's rank alone. A listed sequence (one card a rank): the runs through the card's
        rank, that rank's cards reduced to the card (``product`` keeps the order of the
        rest); runs of one card a rank keyed by their highest rank: the same reduced ranks,
        the runs holding the card kept. One suit: the card's suit alone. A main group with
        an attached one: the groups of the card's rank holding it (``holding_KIND``). Any
        other kind: its plays, those holding the card kept."""
        calls: list[str] = []
        runs: list[str] = []
        for i, k in enumerate(self.kinds):
            name = k.name
            test = ""  # a test of the card's rank, asked first
            if k.fast_single or k.rank_single:  # (the hand holds the card: no test)
                calls.append(f"out.append(PLAYS_{name}[card])")
                continue
            if k.loop == "each":
                call = f"out += candidates_{name}([card], by_rank)"
            elif k.rank_table and self.rank_groups(k):
                # (its plays are of the card's rank: asked when that rank has enough cards,
                # which is all ``needs`` asks of the hand; from its GROUPS_ table, as a lead)
                calls += [f"if len(by_rank[rank]) >= {k.loop_size}:",
                          f"    out += [p for p in GROUPS_{name}[tuple(by_rank[rank])]"
                          " if card in p.cards]"]
                continue
            elif k.loop in ("same_rank", "distinct"):
                # (its plays are of the card's rank: asked when that rank has enough cards,
                # which is all ``needs`` asks of the hand)
                calls += [f"if len(by_rank[rank]) >= {k.loop_size}:",
                          f"    out += [p for p in candidates_{name}(hand, {{rank: by_rank[rank]}})"
                          " if card in p.cards]"]
                continue
            elif k.sequence:
                call = f"out += sequences_{name}(through, None, card_runs_{k.sequence})"
            elif k.attached[0]:
                call = f"out += holding_{name}(by_rank, card)"
                if min(k.attached) > 1:  # the card's rank holds a group, main or attached
                    test = f"len(by_rank[rank]) >= {min(k.attached)}"
            elif k.ranked_run and k.run_width == 1:
                call = f"out += [p for p in candidates_{name}(hand, through) if card in p.cards]"
            elif k.one_suit:
                call = (f"out += pools_{name}([list(filter(SUIT_CARDS[suit].__contains__, hand))], "
                        "None, card)")
            else:
                call = f"out += [p for p in candidates_{name}(hand, by_rank) if card in p.cards]"
            # a kind of one suit: the card's suit has the cards, not only some suit; a
            # sequence kind: the runs the hand has through the card's rank (``card_runs``,
            # found once), tested and made
            asked = self.asked(i, call, runs)
            if test:
                asked = [f"if {test} and {asked[0][3:]}"] + asked[1:] \
                    if asked[0].startswith("if ") else [f"if {test}:", f"    {call}"]
            for x in asked:
                if k.sequence and x.startswith(f"runs_{k.sequence} = "):
                    calls += [x, f"card_runs_{k.sequence} = [r for r in runs_{k.sequence} "
                                 f"if rank in SEQRUNS_{k.sequence}[r]]"]
                    continue
                if k.sequence:
                    x = re.sub(rf"\bruns_{k.sequence}\b", f"card_runs_{k.sequence}", x)
                calls.append(x.replace("max(h.suits)", "h.suits[suit]"))
        used = " ".join(calls)
        lines = _reads(calls)
        if re.search(r"\brank\b", used):
            lines.append("rank = RANK[card]")
        if re.search(r"\bsuit\b", used):
            lines.append("suit = SUIT[card]")
        if "through" in used:
            lines.append("through = {**by_rank, rank: [card]}  # the card alone of its rank")
        return [*lines, "out: list[Play] = []", *calls, "return out"]

    # -- per-combination code
    def kind(self, i: int, c: ir.Combination) -> KindView:
        """The matcher (shape check, suit rule, key) and the candidate generator of a kind.

        ``match_lines`` check everything; ``key_lines`` skip the shape checks, for cards the
        kind's own generator made (which have the shape by construction)."""
        s = c.shape
        code = self.shape_code(c)
        groups = [] if any(x.startswith("groups = ") for x in code.checks) else [_GROUPS]
        reads_groups = [_GROUPS] if any(p.group is not None for p in c.key) \
            and not any(x.startswith("groups = ") for x in code.prep) else []
        suit_lines: list[str] = []
        if c.suits == "same":
            suit_lines = ["if len({SUIT[x] for x in cards}) != 1:", "    return None"]
        elif c.suits == "mixed":
            suit_lines = ["if len({SUIT[x] for x in cards}) == 1:", "    return None"]
        top = (["top = next(x for x in cards if RANK[x] == hit[1])"]
               if any(p.kind == "sequence" for p in c.key) else [])
        whole = "run" if isinstance(s, ir.RunShape) and s.wing else "cards"
        one_rank = isinstance(s, ir.GroupsShape) and len(s.sizes) == 1  # checked first
        key_line = "return (" + "".join(
            ("RANK[cards[0]]" if one_rank and p.kind == "rank" and p.group is None
             else self.key_expr(p, whole)) + ", " for p in c.key) + ")"
        match_lines = code.checks + (groups if reads_groups else []) + suit_lines + top
        generated_suits = [] if isinstance(s, ir.CardsShape) and c.suits == "same" \
            else suit_lines  # gen_cards made them of one suit already
        key_lines = code.prep + reads_groups + generated_suits + top
        loop, loop_size = "", 0
        if isinstance(s, ir.GroupsShape) and len(s.sizes) == 1 and s.up_to == s.sizes[0] \
                and (s.sizes[0] == 1 or self.g.copies == 1):  # with copies, gen_groups makes
            # each set of cards once: eight 3s of two decks give 10 pairs, not C(8, 2) = 28
            loop, loop_size = ("each" if s.sizes[0] == 1 else "same_rank"), s.sizes[0]
        elif isinstance(s, ir.GroupsShape) and len(s.sizes) == 1 and s.sizes[0] > 1:
            # Several decks, or groups of many sizes (bombs of 4 to 8): every size, each set
            # of cards once (distinct_combinations), one rank at a time.
            loop, loop_size = "distinct", s.sizes[0]
        presorted = isinstance(s, ir.CardsShape) or (
            isinstance(s, ir.GroupsShape) and len(s.sizes) == 1) or self.run_presorted(c)
        order, facts = self.classify_order, self.overlap_facts
        outranked = tuple(self.g.combinations[j].name
                          for j in order[:self.classify_position[i]]
                          if _overlap(facts[j], facts[i]))
        set_cards, set_key, set_held = self.set_play(c, [*key_lines, key_line], outranked)
        return KindView(index=i, name=c.name, label=c.label,
                        match_lines=match_lines + [key_line],
                        key_lines=key_lines + [key_line], gen_expr=code.gen,
                        sizes=c.sizes, key_shows=tuple(p.kind for p in c.key),
                        group=self.groups[i], tier=self.tiers[i], bomb=self.bomb_rungs[i],
                        outranked_by=outranked, size_lines=code.size_lines,
                        # Runs are made once each (distinct cards per rank, distinct ranks).
                        dedupe=(self.g.copies > 1 and not (isinstance(s, ir.RunShape)
                                                           and not s.wing)) or has_kickers(c),
                        presorted=presorted, loop=loop, loop_size=loop_size,
                        loop_upto=s.up_to if loop == "distinct"
                        and isinstance(s, ir.GroupsShape) else 0,
                        ranked_run=self.ranked_run(c), found_key=self.found_key(c),
                        run_width=s.width if isinstance(s, ir.RunShape) else 0,
                        rank_ordered=self.rank_first,
                        kicked=self.kicked(c, code), kicked_key=self.kicked_key(c),
                        kicked_outranked=self.size_guards(i, outranked),
                        attached=self.attached(c), attached_merge=self.rank_first,
                        attached_key=self.attached_key(c),
                        set_cards=set_cards, set_key=set_key, set_held=set_held,
                        sequence=s.sequence if isinstance(s, ir.SequenceShape) and [
                            p.kind for p in c.key] == ["sequence"] else "",
                        seq_len=len(s.runs[0]) if isinstance(s, ir.SequenceShape) and len(
                            {len(run) for run in s.runs}) == 1 else 0,
                        suits=c.suits or "",
                        one_suit=s.count if isinstance(s, ir.CardsShape) and c.suits == "same"
                        and self.g.copies == 1 and not key_lines else 0,
                        outranked_sets=tuple(
                            self.rank_sets[j][0] if j in self.rank_sets else ""
                            for j in order[:self.classify_position[i]]
                            if _overlap(facts[j], facts[i])))

    def set_play(self, c: ir.Combination, key_lines: list[str],
                 outranked: tuple[str, ...]) -> tuple[tuple[int, ...], str, str]:
        """For ``set ...`` that no kind is tried before, its key an expression and its cards
        in the deck: its cards in CARD_KEY order, the key of them (reading ``SET_KIND``), and
        the test that ``by_rank`` holds them all; else ((), "", "")."""
        s = c.shape
        if not isinstance(s, ir.SetShape) or outranked or len(key_lines) != 1 \
                or not key_lines[0].startswith("return ") or any(x not in self.deck
                                                                 for x in s.cards):
            return (), "", ""
        cards = tuple(sorted(s.cards, key=self.card_keys.__getitem__))
        key = re.sub(r"\bcards\b", f"SET_{c.name}", key_lines[0][len("return "):])
        tests = []
        for x in dict.fromkeys(cards):
            r, n = self.rank_index[_rank_word(x)], cards.count(x)
            if all(d == x for d in self.deck if self.rank_index[_rank_word(d)] == r):
                tests.append(f"len(by_rank.get({r}, ())) >= {n}")  # the rank's one card
            elif n == 1:
                tests.append(f"{x} in by_rank.get({r}, ())")
            else:
                tests.append(f"by_rank.get({r}, ()).count({x}) >= {n}")
        return cards, key, " and ".join(tests)

    @property
    def rank_first(self) -> bool:
        """Whether cards compare by rank first, no card set above the rest: then CARD_KEY
        order is rank order, each rank's cards in CARD_KEY order."""
        return self.g.card_order[0] == "rank" and not self.g.top

    def attached(self, c: ir.Combination) -> tuple[int, int]:
        """For a main group and one smaller group (``group 3 + group 1``), one deck, keyed
        from its groups (see ``found_key``): the two sizes; else (0, 0)."""
        s = c.shape
        if self.g.copies != 1 or not self.found_key(c):
            return (0, 0)
        assert isinstance(s, ir.GroupsShape)
        return (s.sizes[0], s.sizes[1])

    def attached_key(self, c: ir.Combination) -> str:
        """``found_key`` read from the main group ``head`` and the attached group ``tail``."""
        a = self.attached(c)[0]
        if not a:
            return ""
        return self.found_key(c).replace(f"found[:{a}]", "head").replace(
            f"found[{a}:]", "tail").replace(f"found[{a - 1}]", "head[-1]").replace(
            "found[-1]", "tail[-1]").replace("max(RANK[x] for x in head)", "RANK[head[0]]")

    def kicked(self, c: ir.Combination, code: ShapeCode) -> tuple[str, str, str]:
        """For kickers or wings with one deck: (the loop's variables, the generator that
        makes the sets with the main part or run apart, the cards); else empty."""
        s = c.shape
        if not has_kickers(c) or self.g.copies != 1:
            return ("", "", "")
        if isinstance(s, ir.RunShape):
            within = tuple(self.rank_index[r] for r in s.within)
            return ("top, run, tail, odd", f"gen_winged_runs(by_rank, {s.width}, lo, hi, "
                    f"{within!r}, {s.wing})", "run + tail")
        assert isinstance(s, ir.GroupsShape)
        sizes = set(s.sizes[1:])
        if len(sizes) != 1:  # kickers of different sizes: the general generator
            return ("", "", "")
        return ("head, tail, odd", f"gen_kicker_sets(by_rank, {s.sizes[0]}, {min(sizes)}, "
                f"{len(s.sizes) - 1})", "head + tail")

    def kicked_key(self, c: ir.Combination) -> str:
        """The key of a set ``kicked`` made that is not odd, from the generator's split (the
        main group ``head``, or the run's ``top`` and cards ``run``), when every key part reads
        the whole play or its main part; else "" (the key function is asked)."""
        s = c.shape
        parts = []
        for p in c.key:
            if p.group is None and not isinstance(s, ir.RunShape):
                parts.append(self.key_expr(p))
            elif p.group is None and p.kind == "rank":
                parts.append("top")
            elif p.group is None and p.kind == "size":
                parts.append("len(run)")
            elif p.group == 0 and isinstance(s, ir.GroupsShape) and p.kind != "sequence":
                parts.append("RANK[head[0]]" if p.kind == "rank"
                             else self.key_expr(p).replace("groups[0]", "head"))
            else:
                return ""
        return "(" + "".join(part + ", " for part in parts) + ")"

    def size_guards(self, i: int, outranked: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        """Each kind tried before kind i on the same cards, with a test of the number of
        cards ("" when every size of kind i is one of its sizes)."""
        mine = set(self.g.combinations[i].sizes)
        sizes = {c.name: set(c.sizes) for c in self.g.combinations}
        out = []
        for name in outranked:
            both = sorted(mine & sizes[name])
            guard = "" if mine <= sizes[name] else (
                f"len(cards) == {both[0]} and " if len(both) == 1
                else f"len(cards) in {tuple(both)!r} and ")
            out.append((guard, name))
        return tuple(out)

    def run_presorted(self, c: ir.Combination) -> bool:
        """Whether a run (no wings) comes from its generator in CARD_KEY order already: its
        ranks rise as written and cards compare by rank first, no card set above the rest
        (each rank's cards come in CARD_KEY order)."""
        s = c.shape
        if not isinstance(s, ir.RunShape) or s.wing or self.g.card_order[0] != "rank" \
                or self.g.top:
            return False
        within = [self.rank_index[r] for r in s.within]
        return all(within[i] < within[i + 1] for i in range(len(within) - 1))

    def found_key(self, c: ir.Combination) -> str:
        """For a main group and one smaller group (``group 3 + group 2``) with no suit rule:
        the key as an expression of the cards ``gen_groups`` made (``found``: the main group,
        then the other, each in CARD_KEY order), which are its groups as ``group_by_rank``
        would split them; else ""."""
        s = c.shape
        if not isinstance(s, ir.GroupsShape) or len(s.sizes) != 2 or has_kickers(c) \
                or s.sizes[0] <= s.sizes[1] or s.up_to != s.sizes[0] \
                or c.suits in ("same", "mixed") or any(p.kind == "sequence" for p in c.key):
            return ""
        a = s.sizes[0]
        parts = []
        for p in c.key:
            if p.kind == "card" and p.group is not None:  # the group's highest card
                parts.append(f"CARD_KEY[found[{a - 1 if p.group == 0 else -1}]]")
            elif p.group is not None:
                parts.append(self.key_expr(p).replace(
                    f"groups[{p.group}]", f"found[:{a}]" if p.group == 0 else f"found[{a}:]"))
            else:
                parts.append(self.key_expr(p))
        return "(" + "".join(part + ", " for part in parts) + ")"

    def ranked_run(self, c: ir.Combination) -> str:
        """For a run with no wings and no suit rule, keyed by its highest rank alone: the
        arguments of gen_ranked_runs, which gives that rank with each run; else ""."""
        s = c.shape
        if not isinstance(s, ir.RunShape) or s.wing or c.suits in ("same", "mixed") \
                or [(p.kind, p.group) for p in c.key] != [("rank", None)]:
            return ""
        within = tuple(self.rank_index[r] for r in s.within)
        if s.width == 1:
            return f"by_rank, lo, hi, {within!r}" + (
                f", {self.g.copies}" if self.g.copies > 1 else "")
        return f"by_rank, {s.width}, lo, hi, {within!r}"

    def shape_code(self, c: ir.Combination) -> ShapeCode:
        """Per shape: the generator, the checks that return None unless ``cards`` have the
        shape, and what the key needs when the shape is known (``hit`` of a sequence)."""
        s = c.shape
        if isinstance(s, ir.GroupsShape) and has_kickers(c):
            split = [f"groups = kicker_groups(cards, RANK, {s.sizes!r})", "if groups is None:",
                     "    return None"]
            return ShapeCode(gen=f"gen_kickers(by_rank, {s.sizes!r})", prep=split, checks=split)
        if isinstance(s, ir.RunShape) and s.wing:
            within = tuple(self.rank_index[r] for r in s.within)
            pos = [within.index(r) if r in within else -1 for r in range(len(self.g.ranks))]
            table = f"RUN_POS_{c.name}"
            self.extra.append(f"{table}: tuple[int, ...] = {tuple(pos)!r}")
            split = [f"run = winged_run(cards, RANK, {table}, {s.width}, {s.min_len}, "
                     f"{s.max_len}, {s.wing})", "if run is None:", "    return None"]
            return ShapeCode(gen=f"gen_winged_run(by_rank, {s.width}, lo, hi, {within!r}, "
                                 f"{s.wing})", prep=split, checks=split,
                             size_lines=_run_lengths(s.min_len, s.max_len, s.width + s.wing))
        if isinstance(s, ir.GroupsShape):
            gen = f"gen_groups(by_rank, {s.sizes!r}, {s.up_to})"
            if len(s.sizes) > 1:
                return ShapeCode(gen=gen, prep=[], checks=[
                    _GROUPS, f"if [len(x) for x in groups] != {list(s.sizes)!r}:",
                    "    return None"])
            checks = ["r = RANK[cards[0]]", "if any(RANK[x] != r for x in cards):",
                      "    return None"]
            # A matcher checks the count too: another kind's generator asks it of plays of
            # any size (whether classify would try this kind first on the same cards).
            if s.up_to != s.sizes[0]:
                checks += [f"if not {s.sizes[0]} <= len(cards) <= {s.up_to}:", "    return None"]
            else:
                checks = [f"if len(cards) != {s.sizes[0]}:", "    return None", *checks]
            return ShapeCode(gen=gen, prep=[], checks=checks)
        if isinstance(s, ir.RunShape):
            within = tuple(self.rank_index[r] for r in s.within)
            pos = [within.index(r) if r in within else -1 for r in range(len(self.g.ranks))]
            table = f"RUN_POS_{c.name}"
            self.extra.append(f"{table}: tuple[int, ...] = {tuple(pos)!r}")
            return ShapeCode(
                gen=f"gen_run(by_rank, {s.width}, lo, hi, {within!r})",
                size_lines=_run_lengths(s.min_len, s.max_len, s.width),
                prep=[], checks=[
                    _GROUPS, f"if any(len(x) != {s.width} for x in groups):", "    return None",
                    f"pos = sorted({table}[RANK[x[0]]] for x in groups)",
                    "if pos[0] < 0 or pos[-1] - pos[0] != len(pos) - 1:", "    return None",
                    f"if not {s.min_len} <= len(pos) <= {s.max_len}:", "    return None"])
        if isinstance(s, ir.SequenceShape):
            table = f"SEQ_{s.sequence}"
            if table not in self.emitted:
                self.emitted.add(table)
                runs = tuple(tuple(self.rank_index[r] for r in run) for run in s.runs)
                body = ",\n    ".join(f"frozenset({sorted(run)!r}): ({k}, {run[-1]})"
                                      for k, run in enumerate(runs))
                self.extra.append(f"# {table}[ranks]: (which listed run, its top rank)\n"
                                  f"{table}: dict[frozenset[int], tuple[int, int]] = {{\n"
                                  f"    {body},\n}}")
                listed = "".join(f"    {run!r},\n" for run in runs)
                self.extra.append(f"# the same runs, their ranks in the order written\n"
                                  f"SEQRUNS_{s.sequence}: tuple[tuple[int, ...], ...] = (\n"
                                  f"{listed})")
                self.extra.append(f"SEQSETS_{s.sequence}: tuple[frozenset[int], ...] = "
                                  f"tuple({table})")
                rising = tuple(self.g.card_order[0] == "rank" and not self.g.top
                               and all(a < b for a, b in zip(run, run[1:], strict=False))
                               for run in runs)
                self.extra.append(f"# RISING_{s.sequence}[run]: its cards, in the run's order, "
                                  f"are in CARD_KEY order\n"
                                  f"RISING_{s.sequence}: tuple[bool, ...] = {rising!r}")
                if self.rank_first:  # CARD_KEY order is rank order: a run's order is fixed
                    order = tuple(tuple(sorted(range(len(run)), key=run.__getitem__))
                                  for run in runs)
                    listed = "".join(f"    {o!r},\n" for o in order)
                    self.extra.append(f"# ORDER_{s.sequence}[run]: where each of its cards, in "
                                      f"CARD_KEY order, is in the run's order\n"
                                      f"ORDER_{s.sequence}: tuple[tuple[int, ...], ...] = (\n"
                                      f"{listed})")
                self.extra.append(f"# PRESENT_{s.sequence}[ranks]: the runs (by number) "
                                  f"the ranks (RANK bits) hold\n"
                                  f"PRESENT_{s.sequence} = RunsPresent(sum(1 << r for r in run) "
                                  f"for run in SEQRUNS_{s.sequence})")
            suit = ", SUIT" if c.suits == "same" else ""
            return ShapeCode(
                gen=f"gen_sequences(by_rank, SEQSETS_{s.sequence}, SEQRUNS_{s.sequence}{suit})",
                prep=[f"hit = {table}[frozenset(RANK[x] for x in cards)]"],
                checks=[f"found = {table}.get(frozenset(RANK[x] for x in cards))",
                        "if found is None or len({RANK[x] for x in cards}) != len(cards):",
                        "    return None", "hit = found"])
        if isinstance(s, ir.CardsShape):
            suit = "SUIT" if c.suits == "same" else "None"
            return ShapeCode(gen=f"gen_cards(hand, {s.count}, {suit})", prep=[],
                             checks=[f"if len(cards) != {s.count}:", "    return None"])
        return ShapeCode(gen=f"gen_set(hand, {s.cards!r})", prep=[],
                         checks=[f"if tuple(sorted(cards)) != {s.cards!r}:", "    return None"])

    def key_expr(self, p: ir.KeyPart, whole: str = "cards") -> str:
        part = whole if p.group is None else f"groups[{p.group}]"
        if p.kind == "card":  # cards and groups are in CARD_KEY order: the last is highest
            return f"CARD_KEY[{part}[-1]]"
        if p.kind == "rank":
            return f"max(RANK[x] for x in {part})"
        if p.kind == "size":
            return f"len({part})"
        if p.kind == "suit":  # the suit of the highest card (a joker: -1)
            return f"SUIT[{part}[-1]]"
        return "hit[0], CARD_KEY[top]"

    # -- scoring
    @property
    def consts(self) -> list[tuple[str, int]]:
        return list(self.g.consts)

    @property
    def tables(self) -> list[tuple[str, str]]:
        return [(name, "{" + ", ".join(f"{k}: {v}" for k, v in entries) + "}")
                for name, entries in self.g.tables]

    @property
    def defs(self) -> list[DefView]:
        return [DefView(name=d.name, params=", ".join(f"v_{p}: int" for p in d.params),
                        returns=d.returns, lets=[(n, py(e)) for n, e in d.lets],
                        body=py(d.body), memo=p.memo, loop=loop_of(d.body))
                for p in self.planned_defs for d in (p.d,)]

    @property
    def planned_defs(self) -> list[PlannedDef]:
        """The defs to print: a climbing game's with the parts made once per view (see
        scoreplan.py; the other families' views read the defs as written)."""
        if self.g.family != "climbing":
            return [PlannedDef(d, False) for d in self.g.defs]
        return planned(self.g.defs)

    @property
    def memo_defs(self) -> bool:
        """Whether some def is remembered per view (see the template)."""
        return any(not d.params or d.memo for d in self.defs)

    @property
    def until(self) -> str:
        return py(self.g.match.until) if self.g.match.until is not None else "False"

    @property
    def lead_next(self) -> str:
        """Who leads the next round, as an expression giving a word."""
        def text(rule: str | ir.NextIf) -> str:
            if isinstance(rule, str):
                return repr(rule)
            return f"({text(rule.then)} if {py(rule.cond)} else {text(rule.otherwise)})"
        rule = self.g.flow.lead_next_rule
        return text(rule) if rule is not None else repr(self.g.flow.lead_next)

    @property
    def first_card(self) -> int:
        return -1 if self.g.flow.first_card is None else self.g.flow.first_card

    @property
    def max_deals(self) -> int:
        return limits.MAX_REDEALS

    @property
    def auction(self) -> dict[str, str]:
        """The auction's constants, as literals (no bids: no auction)."""
        a = self.g.flow.auction
        if a is None:
            return {"BIDS": "()", "FIRST_CARD": "-1", "ENDS_AT": "0", "ALL_PASS": "''"}
        return {"BIDS": repr(a.bids), "FIRST_CARD": repr(-1 if a.first_card is None
                                                       else a.first_card),
                "ENDS_AT": repr(a.ends_at), "ALL_PASS": repr(a.all_pass)}


def generate(game: ir.Game, source_name: str) -> str:
    """The module's source: deterministic, same IR and name give byte-identical text."""
    if game.banking is not None:
        from .codegen_banking import generate_banking
        return generate_banking(game, source_name)
    if game.family == "tricks":
        from .codegen_tricks import TricksModuleView  # each family's code in its own module
        tricks = TricksModuleView(game, Path(source_name).name)
        return environment().get_template("tricks.py.j2").render(v=tricks, g=game)
    view = ModuleView(game, Path(source_name).name)
    text = environment().get_template("module.py.j2").render(v=view, g=game, kinds=view.kinds)
    return text
