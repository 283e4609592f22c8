"""Fixed work for counting instructions (``bench/instructions.sh``): N rounds of GAME from
the source tree DIR, ``bots`` (``play_out`` with random bots, the RLCard bench's loop) or
``public`` (``t.apply(rng.choice(list(t.legal_actions())))``, the big_two bench's loop).
Usage: ``python bench/fixed_rounds.py DIR GAME N [bots|public]``"""

from __future__ import annotations

import random
import sys
from typing import Any


def main(argv: list[str]) -> None:
    tree, name, rounds = argv[0], argv[1], int(argv[2])
    mode = argv[3] if len(argv) > 3 else "bots"
    sys.path.insert(0, tree)
    import cardrules
    game: Any = cardrules.load(name)
    for seed in range(rounds):
        if mode == "public":
            rng = random.Random(seed)
            t = game.new_table(seed=seed)
            while not t.over:
                t.apply(rng.choice(list(t.legal_actions())))
        else:
            game.new_table(seed=seed, seats=["random"] * game.players).play_out()


if __name__ == "__main__":
    main(sys.argv[1:])
