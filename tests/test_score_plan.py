"""The scoring defs as generated (parts made once per view, defs remembered per view and
arguments, products that skip a part: compiler/scoreplan.py) score every end of round as the
defs written out as they are would: over many random end views, each also scored for other
finishing orders (as a table scores the completions of a ``decided`` round)."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules.compiler import builtin_games, compile_path, compile_text, generate, ir
from cardrules.compiler.codegen import ModuleView, environment
from cardrules.compiler.scoreplan import PlannedDef, planned
from cardrules.loader import module_from_source
from cardrules.runtime.climbing.scoreview import EndOfRound

CLIMBING = [p for p in builtin_games() if compile_path(p).family == "climbing"]

# Defs the built-in games do not have: a let that reads a made-once part, calls the same for
# every seat an aggregate walks, a name that an aggregate's variable hides, products by a name
# that may be 0, a def that walks the seats asked from inside an aggregate and from two places.
VARIANT = """game plan_variant extends shuang_kou
const none = 0
def bombs(p) = sum(q in seats: if same_side(q, p) then count_plays(q, bomb) else 0)
def most(p) = max(q in others(p): largest_play(q, bomb) + bombs(q))
def first = cards_left(seat_at(2))
override def score(p) {
  let lead = seat_at(1)
  let all_bombs = sum(q in seats: bombs(q))
  let twice = all_bombs * 2 + most(lead)
  let at = place(p)
  let extra = sum(r in seats: most(p) - bombs(r) * seat_count()) + at
  let mine = bombs(p) * at + none * most(p) + first * most(seat_at(2))
  if any(q in seats: q == lead and cards_left(q) > 3) then twice - mine + extra
  else mine + sum(q in others(p): bombs(q) * cards_left(q)) + count(r in seats: holds(r, H5))
    + sum(l in others(p): bombs(l))
}
"""


class _AsWritten(ModuleView):
    @property
    def planned_defs(self) -> list[PlannedDef]:
        return [PlannedDef(d, False) for d in self.g.defs]


def _modules(game: ir.Game, name: str) -> tuple[ModuleType, ModuleType]:
    view = _AsWritten(game, name)
    plain = environment().get_template("module.py.j2").render(v=view, g=game, kinds=view.kinds)
    return (module_from_source(f"{game.name}_as_written", plain),
            module_from_source(game.name, generate(game, name)))


def _views(m: Any, rng: random.Random, count: int) -> list[EndOfRound]:
    n, kinds = m.PLAYERS, len(m.KINDS)
    out = []
    for _ in range(count):
        left = [rng.choice([0, 0, rng.randrange(1, 18)]) for _ in range(n)]
        held = [rng.sample(m.DECK, k) for k in left]
        if rng.random() < 0.2:  # the named cards held by someone with cards left
            held = [[*h, *m.DECK[:2]] if k else h for h, k in zip(held, left, strict=True)]
        order = rng.sample(range(n), rng.choice([1, n - 1, n, n]))
        sides = [rng.randrange(2) for _ in range(n)] if rng.random() < 0.7 else list(range(n))
        plays = [(rng.randrange(n), rng.randrange(kinds), rng.randrange(1, 9))
                 for _ in range(rng.randrange(12))]
        view = EndOfRound(cards_left=left, held=held, sides=sides,
                          places={s: i + 1 for i, s in enumerate(order)},
                          totals=[rng.randrange(-50, 120) for _ in range(n)],
                          round_number=rng.randrange(1, 5), plays=plays,
                          bid=rng.randrange(4))
        out.append(view)
        for _ in range(rng.randrange(3)):  # other orders of the same end, sharing its plays
            rng.shuffle(order)
            out.append(view.placed({s: i + 1 for i, s in enumerate(order)}))
    return out


def _same_scores(game: ir.Game, name: str) -> None:
    plain, made = _modules(game, name)
    rng = random.Random(name)
    for view in _views(plain, rng, 400):
        for ask in ("score", "accumulate", "ends_match", "lead_next"):
            assert getattr(made, ask)(view) == getattr(plain, ask)(view), (ask, view.place_of)
        assert made.score(view) == plain.score(view)  # (asked again: what was remembered)


@pytest.mark.parametrize("path", CLIMBING, ids=lambda p: p.stem)
def test_scores_as_generated_equal_the_defs_as_written(path: Path) -> None:
    _same_scores(compile_path(path), path.name)


def test_a_variant_with_every_rewrite_scores_as_written() -> None:
    game = compile_text(VARIANT, "plan_variant.rules")
    made = {p.d.name: p for p in planned(game.defs)}
    assert made["bombs"].memo and not made["score"].memo
    assert {"score_all_bombs", "score_twice", "score_any"} <= made.keys()
    _same_scores(game, "plan_variant.rules")


# Names that stand for two things (found in review): a let named again, a parameter named
# again by a let; and a part that gives seats, not a number. Each scores as written.
REBOUND = {
    "rebind_let": """game rebind_let extends big_two
override def score(p) {
  let x = seat_at(1)
  let x = p
  sum(q in others(x): cards_left(x))
}
""",
    "rebind_param": """game rebind_param extends big_two
def g(p) = cards_left(p) * 10 + place(p)
override def score(p) {
  let k = place(p)
  let a = sum(q in others(p): g(p))
  let p = seat_at(1)
  a + sum(q in others(p): g(p) + k)
}
""",
    "rebind_call": """game rebind_call extends shuang_kou
def g(p) = cards_left(p) + place(p)
override def score(p) {
  let x = seat_at(1)
  let a = sum(q in others(p): g(x))
  let x = p
  let b = sum(q in others(p): g(x))
  a + 100 * b
}
""",
    "hidden_let": VARIANT.replace("plan_variant", "hidden_let").replace("let at", "let q")
    .replace("+ at\n", "+ q\n").replace("* at +", "* q +")
    .replace("sum(l in others(p): bombs(l))", "sum(lead in others(p): bombs(lead))"),
    "seats_part": """game seats_part extends shuang_kou
override def score(p) = sum(q in (if any(r in seats: place(r) == 1 and cards_left(r) == 0) \
then others(seat_at(1)) else seats): cards_left(q) + place(p))
""",
}


@pytest.mark.parametrize("name", sorted(REBOUND))
def test_names_standing_for_two_things_score_as_written(name: str) -> None:
    _same_scores(compile_text(REBOUND[name], f"{name}.rules"), f"{name}.rules")
