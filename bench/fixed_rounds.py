"""Fixed work for counting instructions (``bench/instructions.sh``): N rounds of GAME from
the source tree DIR, ``bots`` (``play_out`` with random bots, the RLCard bench's loop),
``public`` (``t.apply(rng.choice(list(t.legal_actions())))``, the big_two bench's loop, and
``bench_views.py``'s tight loop) or ``views`` (``play_out`` with a random bot that is not
declared blind, as ``bench_views.py``'s bots side: a view made at every decision).
Usage: ``python bench/fixed_rounds.py DIR GAME N [bots|public|views]``"""

from __future__ import annotations

import random
import sys
from typing import Any


def main(argv: list[str]) -> None:
    tree, name, rounds = argv[0], argv[1], int(argv[2])
    mode = argv[3] if len(argv) > 3 else "bots"
    sys.path.insert(0, tree)
    import cardrules
    from cardrules.runtime.climbing.bots import random_bot

    def seeing_random(view: Any, legal: Any, rng: random.Random) -> Any:
        return random_bot(view, legal, rng)

    game: Any = cardrules.load(name)
    for seed in range(rounds):
        if mode == "public":
            rng = random.Random(seed)
            t = game.new_table(seed=seed)
            while not t.over:
                t.apply(rng.choice(list(t.legal_actions())))
        elif mode == "views":
            t = game.new_table(seed=seed, seats=["random"] * game.players)
            t.bot_fns = [seeing_random] * game.players
            t.play_out()
        else:
            game.new_table(seed=seed, seats=["random"] * game.players).play_out()


if __name__ == "__main__":
    main(sys.argv[1:])
