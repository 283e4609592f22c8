"""IR -> Python source, through Jinja2. Templates print; the view models here decide."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import jinja2

from ..runtime.cards import ALL_CODES, JOKER_NAMES, RANK_NAMES, SUIT_LETTERS, rank_of, suit_of
from . import ir
from .exprgen import py

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


@dataclass(frozen=True)
class KindView:
    index: int
    name: str
    label: str
    match_lines: list[str]
    gen_expr: str
    sizes: tuple[int, ...]
    key_shows: tuple[str, ...]


class ModuleView:
    """Everything the template prints, computed from the IR."""

    def __init__(self, game: ir.Game, source_name: str) -> None:
        self.g = game
        self.source_name = source_name
        self.rank_index = {r: i for i, r in enumerate(game.ranks)}
        self.deck = tuple(c for c in ALL_CODES if c < game.deck_size)
        self.extra: list[str] = []  # module-level tables needed by matchers

    # -- header and constants
    @property
    def header_source(self) -> str:
        return repr(self.source_name)

    def lit(self, value: object) -> str:
        return repr(value)

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
        return _wrap(keys)

    @property
    def deck_literal(self) -> str:
        return _wrap(list(self.deck))

    @property
    def kinds(self) -> list[KindView]:
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

    def ladder_of(self, name: str) -> tuple[int, int]:
        """(ladder number, rung) for a kind on a ladder, else (-1, 0)."""
        for li, ladder in enumerate(self.g.ladders):
            if name in ladder.kinds:
                return li, ladder.kinds.index(name)
        return -1, 0

    @property
    def groups(self) -> tuple[int, ...]:
        n = len(self.g.combinations)
        out = []
        for i, c in enumerate(self.g.combinations):
            li, _ = self.ladder_of(c.name)
            out.append(i if li < 0 else n + li)
        return tuple(out)

    @property
    def tiers(self) -> tuple[int, ...]:
        return tuple(self.ladder_of(c.name)[1] for c in self.g.combinations)

    @property
    def bomb_rungs(self) -> tuple[int, ...]:
        return tuple(self.g.bombs.index(c.name) if c.name in self.g.bombs else -1
                     for c in self.g.combinations)

    @property
    def classify_order(self) -> list[int]:
        """Kinds in the order classify tries them: file order, except that a ladder's kinds
        are tried highest rung first, so a straight flush is never called a flush."""
        names = [c.name for c in self.g.combinations]
        order: list[int] = []
        for c in self.g.combinations:
            li, _ = self.ladder_of(c.name)
            members = [c.name] if li < 0 else list(reversed(self.g.ladders[li].kinds))
            for m in members:
                if names.index(m) not in order:
                    order.append(names.index(m))
        return order

    @property
    def by_size(self) -> list[tuple[int, list[int]]]:
        table: dict[int, list[int]] = {}
        for i in self.classify_order:
            for size in self.g.combinations[i].sizes:
                table.setdefault(size, []).append(i)
        return sorted(table.items())

    @property
    def follow_kinds(self) -> tuple[tuple[int, ...], ...]:
        """For each kind: the kinds whose plays may beat it (same group, or a bomb)."""
        groups, bombs = self.groups, self.bomb_rungs
        n = len(self.g.combinations)
        return tuple(tuple(j for j in range(n) if groups[j] == groups[i] or bombs[j] >= 0)
                     for i in range(n))

    # -- per-combination code
    def kind(self, i: int, c: ir.Combination) -> KindView:
        lines: list[str] = []
        s = c.shape
        need_groups = isinstance(s, (ir.GroupsShape, ir.RunShape)) or any(
            p.group is not None for p in c.key)
        if isinstance(s, ir.GroupsShape) and len(s.sizes) == 1 and s.up_to == s.sizes[0] \
                and not any(p.group is not None for p in c.key):
            lines.append("r = RANK[cards[0]]")
            lines.append("if any(RANK[x] != r for x in cards):")
            lines.append("    return None")
            need_groups = False
        elif need_groups:
            lines.append("groups = group_by_rank(cards, RANK)")
        if isinstance(s, ir.GroupsShape) and need_groups:
            if len(s.sizes) == 1:
                lines.append(f"if len(groups) != 1 or not {s.sizes[0]} <= len(cards) "
                             f"<= {s.up_to}:")
            else:
                lines.append(f"if [len(x) for x in groups] != {list(s.sizes)!r}:")
            lines.append("    return None")
            gen = f"gen_groups(by_rank, {s.sizes!r}, {s.up_to})"
        elif isinstance(s, ir.RunShape):
            within = tuple(self.rank_index[r] for r in s.within)
            pos = [within.index(r) if r in within else -1 for r in range(len(self.g.ranks))]
            table = f"RUN_POS_{c.name}"
            self.extra.append(f"{table}: tuple[int, ...] = {tuple(pos)!r}")
            lines += [f"if any(len(x) != {s.width} for x in groups):", "    return None",
                      f"pos = sorted({table}[RANK[x[0]]] for x in groups)",
                      "if pos[0] < 0 or pos[-1] - pos[0] != len(pos) - 1:", "    return None",
                      f"if not {s.min_len} <= len(pos) <= {s.max_len}:", "    return None"]
            gen = f"gen_run(by_rank, {s.width}, {s.min_len}, {s.max_len}, {within!r})"
        elif isinstance(s, ir.SequenceShape):
            table = f"SEQUENCE_{s.sequence}"
            runs = tuple(tuple(self.rank_index[r] for r in run) for run in s.runs)
            if not any(x.startswith(table + ":") for x in self.extra):
                body = ", ".join(f"frozenset({set(run)!r}): ({k}, {run[-1]})"
                                 for k, run in enumerate(runs))
                self.extra.append(f"{table}: dict[frozenset[int], tuple[int, int]] = "
                                  f"{{{body}}}")
                self.extra.append(f"{table}_RUNS: tuple[tuple[int, ...], ...] = {runs!r}")
            lines += [f"hit = {table}.get(frozenset(RANK[x] for x in cards))",
                      "if hit is None or len({RANK[x] for x in cards}) != len(cards):",
                      "    return None",
                      "top = next(x for x in cards if RANK[x] == hit[1])"]
            gen = f"gen_sequences(by_rank, {table}_RUNS)"
        elif isinstance(s, ir.CardsShape):
            suit = "SUIT" if c.suits == "same" else "None"
            gen = f"gen_cards(hand, {s.count}, {suit})"
        elif isinstance(s, ir.SetShape):
            lines += [f"if tuple(sorted(cards)) != {s.cards!r}:", "    return None"]
            gen = f"gen_set(hand, {s.cards!r})"
        else:  # single group fast path
            assert isinstance(s, ir.GroupsShape)
            gen = f"gen_groups(by_rank, {s.sizes!r}, {s.up_to})"
        if c.suits == "same":
            lines += ["if len({SUIT[x] for x in cards}) != 1:", "    return None"]
        elif c.suits == "mixed":
            lines += ["if len({SUIT[x] for x in cards}) == 1:", "    return None"]
        lines.append("return (" + "".join(self.key_expr(p) + ", " for p in c.key) + ")")
        return KindView(index=i, name=c.name, label=c.label, match_lines=lines, gen_expr=gen,
                        sizes=c.sizes, key_shows=tuple(p.kind for p in c.key))

    def key_expr(self, p: ir.KeyPart) -> str:
        part = "cards" if p.group is None else f"groups[{p.group}]"
        if p.kind == "card":
            return f"max(CARD_KEY[x] for x in {part})"
        if p.kind == "rank":
            return f"max(RANK[x] for x in {part})"
        if p.kind == "size":
            return f"len({part})"
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
    def defs(self) -> list[dict[str, object]]:
        out = []
        for d in self.g.defs:
            params = ", ".join(f"v_{p}: int" for p in d.params)
            out.append({"name": d.name, "params": params, "returns": d.returns,
                        "lets": [(n, py(e)) for n, e in d.lets], "body": py(d.body)})
        return out

    @property
    def until(self) -> str:
        return py(self.g.match.until) if self.g.match.until is not None else "False"

    @property
    def first_card(self) -> int:
        return -1 if self.g.flow.first_card is None else self.g.flow.first_card


def generate(game: ir.Game, source_name: str) -> str:
    """The module's source: deterministic, same IR and name give byte-identical text."""
    view = ModuleView(game, Path(source_name).name)
    kinds = view.kinds  # computed first: it fills view.extra
    text = environment().get_template("module.py.j2").render(v=view, g=game, kinds=kinds)
    return text
