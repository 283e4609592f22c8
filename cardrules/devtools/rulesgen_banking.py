"""Rules files of the banking family, for fuzzing (cardrules.devtools.rulesgen draws a share of
its programs here).

A program states the table (seats as a range, a deck, a deal with face-down cards, the banker,
bets), card values with an optional soft rank and a bust limit, three to five actions with
random conditions and effects, the banker's play (a policy, or as a seat), the early showdown,
the settlement defs and worked examples of hands. Formulas are drawn by type (int, bool,
hand, seat) from the banking family's builtins (compiler/check_banking.py) with a depth
budget. Numbers mostly fall in range so that most programs compile, play and exercise the
driver and the bots; some are drawn out of range, and a share of the programs carries one
deliberate fault (a statement dropped or repeated, a token changed) so the diagnostics are
exercised too. Deterministic: a function of the random generator it is given.
"""

from __future__ import annotations

import random

from ..cards import JOKER_NAMES, RANK_NAMES, SUIT_LETTERS

HAND_INTS = ("hand_total", "card_count", "bet_of")
HAND_BOOLS = ("busted", "is_soft", "from_split")
CMP = ("<", "<=", ">", ">=", "==", "!=")


class BankingGen:
    def __init__(self, rng: random.Random, name: str) -> None:
        self.r = rng
        self.name = name
        self.defs: list[tuple[str, str]] = []  # (name, returns) of one hand, defined so far
        self.consts: list[str] = []
        self.values: dict[str, int] = {}
        self.soft = ("", 0)  # the soft rank and how much less it counts
        self.bust = 21

    # ------------------------------------------------------------ formulas
    def num(self) -> str:
        r = self.r
        x = r.random()
        if x < 0.75:
            return str(r.choice([0, 1, 2, 3, 5, 10, 11, 16, 17, 21, 22]))
        if x < 0.99:
            return str(r.randint(-5, 60))
        return str(r.choice([10**12, 2**62, -(10**9)]))

    def hand(self, hands: list[str], depth: int) -> str:
        r = self.r
        if hands and r.random() < 0.7:
            return r.choice(hands)
        return "banker_hand()"

    def seat(self, hands: list[str], seats: list[str], depth: int) -> str:
        r = self.r
        x = r.random()
        if seats and x < 0.4:
            return r.choice(seats)
        if x < 0.7:
            return f"owner({self.hand(hands, depth)})"
        return "banker_seat()"

    def int_(self, hands: list[str], seats: list[str], depth: int) -> str:
        r = self.r
        x = r.random()
        if depth <= 0 or x < 0.25:
            if self.consts and r.random() < 0.3:
                return r.choice(self.consts)
            return self.num()
        if x < 0.55:
            return f"{r.choice(HAND_INTS)}({self.hand(hands, depth)})"
        if x < 0.62:
            return f"card_value({self.hand(hands, depth)}, {r.choice(['1', '2', '3', '0'])})"
        if x < 0.66:
            return f"hand_count({self.seat(hands, seats, depth)})"
        if x < 0.68:
            return "seat_count()"
        if x < 0.8:
            op = r.choice(["+", "-", "*", "//", "%"])
            return f"({self.int_(hands, seats, depth - 1)} {op} " \
                   f"{self.int_(hands, seats, depth - 1)})"
        if x < 0.86:
            return f"abs({self.int_(hands, seats, depth - 1)})"
        if x < 0.92:
            var = f"x{depth}"
            return f"sum({var} in hands_of({self.seat(hands, seats, depth)}): " \
                   f"{self.int_([*hands, var], seats, depth - 1)})"
        ints = [d for d, t in self.defs if t == "int"]
        if ints and hands:
            return f"{r.choice(ints)}({self.hand(hands, depth)})"
        return f"(if {self.bool_(hands, seats, depth - 1)} then " \
               f"{self.int_(hands, seats, depth - 1)} else {self.int_(hands, seats, depth - 1)})"

    def bool_(self, hands: list[str], seats: list[str], depth: int) -> str:
        r = self.r
        x = r.random()
        if depth <= 0 or x < 0.4:
            return f"{self.int_(hands, seats, 0)} {r.choice(CMP)} {self.int_(hands, seats, 0)}"
        if x < 0.6:
            return f"{r.choice(HAND_BOOLS)}({self.hand(hands, depth)})"
        if x < 0.7:
            return f"not {self.bool_(hands, seats, depth - 1)}"
        if x < 0.85:
            return f"({self.bool_(hands, seats, depth - 1)} {r.choice(['and', 'or'])} " \
                   f"{self.bool_(hands, seats, depth - 1)})"
        bools = [d for d, t in self.defs if t == "bool"]
        if bools and hands:
            return f"{r.choice(bools)}({self.hand(hands, depth)})"
        return f"{self.int_(hands, seats, depth - 1)} {r.choice(CMP)} " \
               f"{self.int_(hands, seats, depth - 1)}"

    # ------------------------------------------------------------ the program
    def items(self) -> list[str]:
        r = self.r
        out: list[str] = []
        lo = r.choice([2, 2, 2, 3]) if r.random() < 0.98 else r.choice([1, 7])
        hi = max(lo, r.choice([2, 3, 4, 6]))
        out.append(f"players {lo} to {hi}" if r.random() < 0.8 else f"players {lo}")
        deck = 52 if r.random() < 0.85 else 54
        copies = 1 if r.random() < 0.7 else r.choice([2, 3, 4, 4, 4, 6])
        out.append(f"deck {deck}" + (f" copies {copies}" if copies > 1 else ""))
        each = r.choice([1, 2, 2, 2, 3])
        hidden = r.choice([0, 1, 1, 1, 2])
        if r.random() < 0.95:
            hidden = min(hidden, each)
        out.append(f"deal {each} each hidden {hidden}" if r.random() < 0.9 else
                   f"deal {each} each")
        out.append(f"banker seat {r.choice([0, 0, 0, 1]) if r.random() < 0.98 else hi}")
        low = r.choice([1, 2, 5])
        step = r.choice([1, 1, 2])
        top = low + step * r.randint(0, 12)
        out.append(f"bet min {low} max {top}" + (f" step {step}" if step > 1 else ""))
        ranks = list(RANK_NAMES[1:] + RANK_NAMES[:1])  # 2 ... K A
        if deck == 54:
            ranks += list(JOKER_NAMES)
        if r.random() < 0.2:
            r.shuffle(ranks)
        out.append("ranks " + " ".join(ranks))
        if r.random() < 0.5:
            values = {k: (min(10, i + 2) if k != "A" else 11) for i, k in
                      enumerate(RANK_NAMES[1:] + RANK_NAMES[:1])}
            values.update({j: r.randint(0, 11) for j in JOKER_NAMES})
        else:
            values = {k: r.randint(0, 12) for k in ranks}
        if r.random() < 0.02:
            values[r.choice(ranks)] = r.choice([-1, 101, 10**6])
        shown = [k for k in ranks if k in values]
        if r.random() < 0.02:
            shown.remove(r.choice(shown))
        out.append("values { " + ", ".join(f"{k}: {values[k]}" for k in shown) + " }")
        bust = r.choice([21, 21, 21, 15, 31]) if r.random() < 0.9 else r.randint(0, 90)
        soft_rank = r.choice(ranks)
        full = values.get(soft_rank, 1)
        if r.random() < 0.7 and (full > 0 or r.random() < 0.05):
            low = max(0, full - 10) if r.random() < 0.5 else r.randint(0, max(0, full - 1))
            low = low if r.random() < 0.97 else full
            out.append(f"soft {soft_rank}: {low}")
            self.soft = (soft_rank, full - low)
        out.append(f"bust over {bust}")
        self.values, self.bust = values, bust
        if r.random() < 0.3:
            name = f"lim{r.randint(0, 99)}"
            out.append(f"const {name} = {r.randint(0, 30)}")
            self.consts.append(name)

        # the settlement's helpers first: conditions may call them
        nat = f"card_count(h) == 2 and hand_total(h) == {bust} and not from_split(h)"
        nat = nat if r.random() < 0.7 else self.bool_(["h"], [], 2)
        out.append(f"def natural(h: hand) = {nat}")
        self.defs.append(("natural", "bool"))
        if r.random() < 0.4:
            out.append(f"def edge(h: hand) = {self.int_(['h'], [], 2)}")
            self.defs.append(("edge", "int"))

        # the actions: a plain stop always; a draw, a doubling, a split sometimes
        acts = ["stop"]
        out.append('action stand(h) "停牌" { stop }')
        if r.random() < 0.9:
            acts.append("hit")
            when = f"hand_total(h) < {bust}" if r.random() < 0.6 else self.bool_(["h"], [], 2)
            out.append(f"action hit(h) when {when} {{ draw {r.choice([1, 1, 1, 2])} }}")
        if r.random() < 0.6:
            when = "card_count(h) == 2 and not from_split(h) and owner(h) != banker_seat()" \
                if r.random() < 0.6 else self.bool_(["h"], [], 2)
            out.append(f"action double(h) when {when} "
                       f"{{ bet * {r.choice([2, 2, 3])}  draw 1  stop }}")
        if r.random() < 0.5:
            limit = r.choice(["== 1", "< 4", "< 3"])
            when = f"card_count(h) == 2 and card_value(h, 1) == card_value(h, 2) and " \
                   f"hand_count(owner(h)) {limit} and owner(h) != banker_seat()" \
                if r.random() < 0.7 else self.bool_(["h"], [], 2)
            out.append(f"action split(h) when {when} {{ split  draw {r.choice([1, 1, 2])} }}")
        if r.random() < 0.02:
            out.append("action twice(h) { draw 1  draw 1 }")  # a fault: two draws

        x = r.random()
        if x < 0.65 and "hit" in acts:
            stop_at = r.choice([17, 17, bust - 4, bust // 2])
            cond = f"hand_total(banker_hand()) < {stop_at}" if r.random() < 0.7 else \
                self.bool_([], [], 2)
            out.append(f"banker plays: hit while {cond} else stand")
        elif x < 0.95:
            out.append("banker plays: as seat")
        else:
            out.append("banker plays: stand while true else hit")  # a fault: a bad policy
        x = r.random()
        if x < 0.4:
            out.append("showdown early: when natural(banker_hand())")
        elif x < 0.55:
            out.append(f"showdown early: when {self.bool_([], [], 2)}")
        elif x < 0.8:
            out.append("showdown early: never")

        outcome = ("cases {\n  when busted(h): -1\n  when busted(b): 1\n"
                   "  when natural(h) and natural(b): 0\n  when natural(h): 1\n"
                   "  when natural(b): -1\n  when hand_total(h) > hand_total(b): 1\n"
                   "  when hand_total(h) < hand_total(b): -1\n  else: 0\n}")
        if r.random() < 0.8:
            out.append("def outcome(h: hand) {\n  let b = banker_hand()\n  " +
                       outcome.replace("\n", "\n  ") + "\n}")
        else:
            out.append(f"def outcome(h: hand) = {self.int_(['h'], [], 3)}")
        if r.random() < 0.85:
            pay = "bet_of(h) * outcome(h)" if r.random() < 0.6 else \
                "if natural(h) and not natural(banker_hand()) then 3 * bet_of(h) // 2 " \
                "else bet_of(h) * outcome(h)"
        else:
            pay = self.int_(["h"], [], 3)
        out.append(f"def payout(h: hand) = {pay}")
        out.append("def won(p) = sum(h in hands_of(p): payout(h))")
        out.append("def score(p) = if p == banker_seat() then -sum(q in others(p): won(q)) "
                   "else won(p)" if r.random() < 0.9 else
                   f"def score(p) = {self.int_([], ['p'], 2)}")

        for _ in range(r.randint(0, 4)):
            out.append(self.example(ranks))
        return out

    def card(self, ranks: list[str]) -> str:
        r = self.r
        rank = r.choice(ranks)
        if rank in JOKER_NAMES:
            return rank
        return r.choice(SUIT_LETTERS) + rank

    def total(self, cards: list[str]) -> int:
        """The hand total by the rules drawn (what the checker's worked example computes)."""
        ranks = [c if c in JOKER_NAMES else c[1:] for c in cards]
        total = sum(self.values.get(k, 0) for k in ranks)
        soft = sum(k == self.soft[0] for k in ranks) if self.soft[1] else 0
        while soft and total > self.bust:
            total -= self.soft[1]
            soft -= 1
        return total

    def example(self, ranks: list[str]) -> str:
        """A worked example of a hand, mostly true (a total or a bust worked out here)."""
        r = self.r
        cards = [self.card(ranks) for _ in range(r.randint(1, 4))]
        shown = " ".join(cards)
        x = r.random()
        split = " after split" if r.random() < 0.15 else ""
        if x < 0.6:
            total = self.total(cards) if r.random() < 0.85 else r.randint(0, 40)
            return f'example hand "{shown}"{split} totals {total}'
        if x < 0.85:
            bust = self.total(cards) > self.bust
            return f'example hand "{shown}"{split} is {"" if bust else "not "}busted'
        against = " ".join(self.card(ranks) for _ in range(r.randint(1, 3)))
        return f'example hand "{shown}"{split} bet {r.randint(1, 6)} against "{against}" ' \
               f'payout = {r.randint(-6, 6)}'


def banking_program(rng: random.Random, name: str, fault: bool) -> str:
    """One banking rules file; with ``fault``, one deliberate fault in it."""
    gen = BankingGen(rng, name)
    items = gen.items()
    if fault:
        x = rng.random()
        if x < 0.3 and len(items) > 2:
            del items[rng.randrange(len(items))]
        elif x < 0.5:
            items.insert(rng.randrange(len(items) + 1), rng.choice(items))
        else:  # one token changed
            k = rng.randrange(len(items))
            words = items[k].split(" ")
            words[rng.randrange(len(words))] = rng.choice(
                ["hand", "(", ")", "hit", "banker_hand", "-1", "99999", "{", "when", "h", ""])
            items[k] = " ".join(words)
    head = [f"game {name}", "family banking"]
    if rng.random() < 0.3:
        head.append('title "21点 variant"')
    return "\n".join(head + items) + "\n"
