"""The round driver of family tricks: one round at a table, as phases (as a round of a
levels game is played): deal with bids, the kitty and the bury, the tricks, the settlement.

Every decision is small: a bid or a pass while the cards are dealt; one card to bury at a
time; one card of a play at a time (a partial choice is offered only when some legal play
holds it; the leader ends a lead with ``done``). A person may type a whole set of cards at
once. Every rule comes from the compiled module (runtime/tricks/protocol.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...cards import BIG_JOKER, CardError, Cards, format_cards, parse_cards
from ..core import IllegalMove, shuffled_deck
from . import trick
from .deal import Bid, deal_order, legal_bids
from .protocol import TricksModule
from .settle import Settled, Settlement, settle
from .trick import Order, TrumpState, order_for


@dataclass(frozen=True)
class Action:
    """One decision: ``bid`` (cards shown), ``pass`` (no bid now), ``bury`` a card, ``card``
    (add a card to the play being chosen), ``done`` (the lead is complete)."""

    kind: str
    card: int = -1
    cards: tuple[int, ...] = ()  # a bid: the cards shown
    level: int = -1

    def __str__(self) -> str:
        if self.kind == "bid":
            return "bid " + format_cards(list(self.cards))
        if self.kind in ("bury", "card"):
            return ("bury " if self.kind == "bury" else "") + format_cards([self.card])
        return self.kind


PASS, DONE = Action("pass"), Action("done")


@dataclass(frozen=True, kw_only=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, cards) in play order
    winner: int
    points: int
    failed_throw: tuple[int, ...] = ()  # the throw tried, when it failed


@dataclass(frozen=True, kw_only=True)
class TricksSeatView:
    """What one seat may know: its own hand, the trumps, the public bids, the tricks, the
    points won, and the kitty only if it is the dealer."""

    seat: int
    phase: str  # deal bury play over
    hand: tuple[int, ...]
    dealer: int  # -1 while the first round's dealer is not known
    trump: TrumpState | None  # None while bids may still change it
    bids: tuple[tuple[int, str], ...]  # (seat, cards shown)
    levels: tuple[int, ...]
    trick: tuple[tuple[int, tuple[int, ...]], ...]  # the trick so far
    tricks: tuple[Trick, ...]
    defender_points: int
    kitty: tuple[int, ...]  # the dealer's view only: the kitty taken, then what was buried
    selection: tuple[int, ...]  # the cards of this seat's play chosen so far


@dataclass(frozen=True, kw_only=True)
class ThrowOutcome:
    """A throw that failed: the seat, the cards it tried, the unit it had to play."""

    seat: int
    tried: Cards
    played: Cards

    def __str__(self) -> str:
        return f"seat {self.seat} threw {self.tried}: failed, played {self.played}"


@dataclass(frozen=True, kw_only=True)
class TricksResult:
    """What a player reads after a round; ``str()`` gives it as text. Cards are ``Cards``:
    tuples of codes that print as notation."""

    scores: tuple[int, ...]
    dealer: int
    trump: TrumpState
    defender_points: int
    kitty: Cards  # what the dealer buried (or the kitty, in a game without a bury)
    kitty_points: int
    kitty_bonus: int
    level_up: tuple[int, ...]
    levels: tuple[int, ...]
    next_dealer: int
    throws: tuple[ThrowOutcome, ...] = ()  # the failed throws, in play order

    def __str__(self) -> str:
        lines = [f"dealer seat {self.dealer}; trumps {self.trump}",
                 f"defenders' points {self.defender_points} (kitty {self.kitty}: "
                 f"{self.kitty_points} points, bonus {self.kitty_bonus})",
                 *(str(t) for t in self.throws),
                 f"levels up {' '.join(map(str, self.level_up))}; levels now "
                 f"{' '.join(map(str, self.levels))}; next dealer seat {self.next_dealer}",
                 "scores " + " ".join(map(str, self.scores))]
        return "\n".join(lines)


@dataclass
class _Play:
    """The trick being played, and the current seat's partial choice."""

    leader: int
    plays: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    selection: list[int] = field(default_factory=list)
    failed_throw: tuple[int, ...] = ()


class TricksTable:
    """One round. ``seat`` is whose turn it is; ``legal_actions()`` what it may do."""

    def __init__(self, m: TricksModule, *, seed: int | str | None = None,
                 hands: Sequence[Sequence[int]] | None = None, dealer: int | None = None,
                 levels: Sequence[int] | None = None, totals: Sequence[int] | None = None,
                 round_number: int = 1) -> None:
        self.m = m
        self.n = m.PLAYERS
        self.rng = random.Random(seed)
        self.levels = list(levels) if levels is not None else [0] * self.n
        self.totals = list(totals) if totals is not None else [0] * self.n
        self.round_number = round_number
        self.dealer = -1 if dealer is None else dealer
        self.stream, self.kitty = self._cards(hands)
        start = 0 if dealer is None else dealer
        self.receivers = deal_order(self.n, m.DEAL_EACH, start)
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.dealt = 0
        self.bids: list[Bid] = []
        self.shown: tuple[tuple[int, str], ...] = ()  # the bids as the views show them
        self.last_chance: list[int] = []  # seats still to be asked once the deal is over
        self.phase = "deal"
        self.seat = 0
        self.state = TrumpState(-1, self.trump_rank())
        self.buried: list[int] = []
        self.tricks: list[Trick] = []
        self.play: _Play | None = None
        self.won = [0] * self.n  # card points in the tricks each seat won
        self.over = False
        self.history: list[tuple[int, Action]] = []
        self._legal: list[Action] | None = None
        self._follows: trick.Follows | None = None
        self._result: TricksResult | None = None
        self._deal_on()

    # ------------------------------------------------------------ setup
    def _cards(self, hands: Sequence[Sequence[int]] | None) -> tuple[list[int], list[int]]:
        """The cards in the order they are dealt, and the kitty."""
        deck = shuffled_deck(self.m.DECK, self.m.COPIES, self.rng)
        each, n = self.m.DEAL_EACH, self.n
        if hands is None:
            return deck[:each * n], deck[each * n:]
        if len(hands) != n or any(len(h) != each for h in hands):
            raise ValueError(f"give {n} hands of {each} cards")
        left = Counter(deck) - Counter(c for h in hands for c in h)
        if sum(left.values()) != self.m.KITTY or (Counter(c for h in hands for c in h)
                                                  - Counter(deck)):
            raise ValueError("the hands hold cards the deck does not")
        start = 0 if self.dealer < 0 else self.dealer
        order = [(start + i) % n for i in range(n)]
        stream = [hands[s][j] for j in range(each) for s in order]
        kitty: list[int] = []
        for c in deck:  # the deck's order, for a kitty that depends only on the seed
            if left[c]:
                left[c] -= 1
                kitty.append(c)
        return stream, kitty

    def trump_rank(self) -> int:
        if self.m.TRUMP_RANK >= 0:
            return self.m.TRUMP_RANK
        side_level = self.levels[self.dealer] if self.dealer >= 0 else 0
        return self.m.LEVELS[min(side_level, len(self.m.LEVELS) - 1)]

    @property
    def standing(self) -> Bid | None:
        return self.bids[-1] if self.bids else None

    @property
    def order(self) -> Order:
        return order_for(self.m, self.state)

    # ------------------------------------------------------------ deal and bid
    def _can_bid(self, seat: int) -> bool:
        return bool(legal_bids(self.m, seat, self.hands[seat], self.trump_rank(), self.standing))

    def _deal_on(self) -> None:
        """Deal until a seat may bid, then stop for its decision; then the last chances."""
        while self.dealt < len(self.stream):
            seat = self.receivers[self.dealt]
            self.hands[seat].append(self.stream[self.dealt])
            self.dealt += 1
            if self._can_bid(seat):
                self.seat = seat
                return
        if self.phase == "deal" and not self.last_chance and self.m.BIDS:
            self.last_chance = [(self.receivers[0] + i) % self.n for i in range(self.n)]
            self.phase = "last bids"
        while self.last_chance:
            seat = self.last_chance[0]
            if self._can_bid(seat):
                self.seat = seat
                return
            self.last_chance.pop(0)
        self._end_deal()

    def _end_deal(self) -> None:
        if self.dealer < 0:
            self.dealer = self.bids[0].seat if self.bids else self.m.DEALER_FALLBACK
        standing = self.standing
        self.state = TrumpState(standing.suit if standing else -1, self.trump_rank())
        if self.m.KITTY and self.m.KITTY_BURY:
            self.hands[self.dealer] += self.kitty
            self.phase, self.seat = "bury", self.dealer
        else:
            self._start_play()

    # ------------------------------------------------------------ play
    def _start_play(self) -> None:
        self.phase = "play"
        self.play = _Play(leader=self.dealer)
        self.seat = self.dealer

    def _lead_actions(self, hand: list[int], sel: list[int]) -> list[Action]:
        order = self.order
        left = Counter(hand) - Counter(sel)
        led = order.cls[sel[0]] if sel else -1
        out = []
        for c in sorted(left, key=order.strength):
            if led >= 0 and order.cls[c] != led:
                continue  # a lead is of one class
            if self.m.THROWS or self._unit_prefix([*sel, c], hand):
                out.append(Action("card", c))
        if sel and trick.lead_problem(sel, order, self.m) is None:
            out.append(DONE)
        return out

    def _unit_prefix(self, cards: list[int], hand: list[int]) -> bool:
        """Without throws: whether a leadable unit of the hand holds these cards."""
        order = self.order
        same = [c for c in hand if order.cls[c] == order.cls[cards[0]]]
        return any(not Counter(cards) - Counter(p.cards) and p.unit in self.m.LEADS
                   for p in trick.decompose(same, order, self.m))

    def _follow_actions(self, hand: list[int], sel: list[int]) -> list[Action]:
        assert self.play is not None
        order = self.order
        lead = self.play.plays[0][1]
        if self._follows is None:
            self._follows = trick.follow_options(hand, lead, order, self.m)
        follows = self._follows
        led = order.cls[lead[0]]
        chosen = Counter(c for c in sel if order.cls[c] == led)
        others = len(sel) - sum(chosen.values())
        allowed = trick.follow_allowed(follows, chosen, order, self.m)
        if others < follows.free:
            allowed |= {c for c in Counter(hand) - Counter(sel) if order.cls[c] != led}
        return [Action("card", c) for c in sorted(allowed, key=order.strength)]

    def _add_card(self, card: int) -> None:
        assert self.play is not None
        play = self.play
        play.selection.append(card)
        if play.plays and len(play.selection) == len(play.plays[0][1]):
            self._put_down(tuple(play.selection))

    def _lead_done(self) -> None:
        assert self.play is not None
        cards = tuple(self.play.selection)
        others = [self.hands[s] for s in range(self.n) if s != self.seat]
        played = trick.throw_outcome(cards, others, self.order, self.m)
        if Counter(played) != Counter(cards):
            self.play.failed_throw = cards
            self._throw_penalty()
        self._put_down(tuple(played))

    def _throw_penalty(self) -> None:
        """A failed throw's penalty goes to the other side (recorded with the leader's
        opponents' points: taken off the defenders if a defender failed)."""
        penalty = self.m.THROW_PENALTY
        if not penalty:
            return
        if self._on_dealer_side(self.seat):
            self.won[(self.dealer + 1) % self.n] += penalty
        else:
            self.won[self.seat] -= penalty

    def _on_dealer_side(self, seat: int) -> bool:
        return (seat - self.dealer) % 2 == 0

    def _put_down(self, cards: tuple[int, ...]) -> None:
        assert self.play is not None
        play = self.play
        hand = self.hands[self.seat]
        for c in cards:
            hand.remove(c)
        play.plays.append((self.seat, cards))
        play.selection = []
        self._follows = None
        if len(play.plays) < self.n:
            self.seat = (self.seat + 1) % self.n
            return
        winner = play.plays[trick.trick_winner([p for _, p in play.plays], self.order,
                                               self.m)][0]
        points = trick.card_points((c for _, p in play.plays for c in p), self.m)
        self.won[winner] += points
        self.tricks.append(Trick(leader=play.leader, plays=tuple(play.plays), winner=winner,
                                 points=points, failed_throw=play.failed_throw))
        if not self.hands[winner]:
            self._finish()
        else:
            self.play = _Play(leader=winner)
            self.seat = winner

    # ------------------------------------------------------------ settle
    def trick_points(self) -> int:
        """The defenders' card points in the tricks they won (with penalties), so far."""
        return max(0, sum(p for s, p in enumerate(self.won) if not self._on_dealer_side(s)))

    def _finish(self) -> None:
        self.phase, self.over, self.play = "over", True, None
        last = self.tricks[-1]
        defenders_last = not self._on_dealer_side(last.winner)
        # last_unit(): the largest unit of the last trick's lead, as led (a ruff must cover
        # the lead's units; a trump pair ruffing two single cards still counts them single)
        lead = last.plays[0][1]
        unit = trick.largest_unit(lead, self.order, self.m) if defenders_last else 0
        kitty = self.buried if self.m.KITTY_BURY else self.kitty
        view = self.settlement(unit, kitty)
        done: Settled = settle(self.m, view)
        self._result = TricksResult(
            scores=self.m.score(view), dealer=self.dealer, trump=self.state,
            defender_points=done.defender_points, kitty=Cards(kitty),
            kitty_points=trick.card_points(kitty, self.m), kitty_bonus=done.kitty_bonus,
            level_up=done.level_up, levels=done.levels, next_dealer=done.next_dealer,
            throws=tuple(ThrowOutcome(seat=t.plays[0][0], tried=Cards(t.failed_throw),
                                      played=Cards(t.plays[0][1]))
                         for t in self.tricks if t.failed_throw))

    def settlement(self, last_unit: int, kitty: Sequence[int],
                   levels: Sequence[int] | None = None) -> Settlement:
        return Settlement(self.m, dealer=self.dealer, trick_points=self.trick_points(),
                          kitty_points=trick.card_points(kitty, self.m), last_unit=last_unit,
                          levels=self.levels if levels is None else levels,
                          totals=self.totals, round_number=self.round_number)

    def result(self) -> TricksResult:
        if self._result is None:
            raise ValueError("the round is not over")
        return self._result

    # ------------------------------------------------------------ queries
    def hand(self, seat: int) -> tuple[int, ...]:
        return tuple(self.hands[seat])

    def legal_actions(self) -> list[Action]:
        if self._legal is not None:
            return self._legal
        hand = self.hands[self.seat]
        if self.over:
            out: list[Action] = []
        elif self.phase in ("deal", "last bids"):
            bids = legal_bids(self.m, self.seat, hand, self.trump_rank(), self.standing)
            out = [Action("bid", cards=b.cards, level=b.level) for b in bids] + [PASS]
        elif self.phase == "bury":
            out = [Action("bury", c) for c in sorted(set(hand), key=self.order.strength)]
        else:
            assert self.play is not None
            sel = self.play.selection
            out = (self._follow_actions(hand, sel) if self.play.plays
                   else self._lead_actions(hand, sel))
        self._legal = out
        return out

    def view(self, seat: int) -> TricksSeatView:
        dealer_sees = seat == self.dealer and self.phase in ("bury", "play", "over")
        kitty = tuple(self.kitty) + tuple(self.buried) if dealer_sees else ()
        play = self.play
        return TricksSeatView(
            seat=seat, phase=self.phase, hand=tuple(sorted(self.hands[seat],
                                                           key=self.order.strength)),
            dealer=self.dealer, trump=self.state if self.phase not in ("deal", "last bids")
            else None, bids=self.shown,
            levels=tuple(self.levels),
            trick=tuple(play.plays) if play and self.phase == "play" else (),
            tricks=tuple(self.tricks), defender_points=self.trick_points(), kitty=kitty,
            selection=tuple(play.selection) if play and seat == self.seat else ())

    # ------------------------------------------------------------ acting
    def parse(self, move: Action | str | Sequence[int]) -> list[Action]:
        """The actions a move stands for: an Action, a word (pass, done), or cards (a bid,
        cards to bury, or a whole play, which a leader ends with done)."""
        if isinstance(move, Action):
            return [move]
        if isinstance(move, str):
            text = move.strip().lower()
            if text in ("pass", "p", "-", "done"):
                return [DONE if text == "done" else PASS]
            word = text.split(maxsplit=1)[0] if text else ""
            if word in ("bid", "bury"):
                wanted = "bid" if self.phase in ("deal", "last bids") else \
                    "bury" if self.phase == "bury" else None
                if word != wanted:
                    raise IllegalMove(f"'{word}' is not a move now: {self._phase_hint()}")
                text = text[len(word):]
            try:
                cards = list(parse_cards(text))
            except CardError as err:
                raise IllegalMove(str(err)) from None
        else:
            cards = list(move)
            if not all(isinstance(c, int) and 0 <= c <= BIG_JOKER for c in cards):
                raise IllegalMove(f"cards are notation or codes 0-{BIG_JOKER}, not {move!r}")
        if not cards:
            raise IllegalMove("no cards given")
        if self.phase in ("deal", "last bids"):
            shown = tuple(sorted(cards))
            return [next((a for a in self.legal_actions() if a.kind == "bid"
                          and a.cards == shown), Action("bid", cards=shown))]
        kind = "bury" if self.phase == "bury" else "card"
        out = [Action(kind, c) for c in cards]
        if kind == "card" and self.play is not None and not self.play.plays:
            out.append(DONE)
        return out

    def _phase_hint(self) -> str:
        if self.over:
            return "the round is over"
        if self.phase in ("deal", "last bids"):
            bids = [a for a in self.legal_actions() if a.kind == "bid"]
            return f"bid cards you hold ({bids[0]}), or pass" if bids else "pass: no bid now"
        if self.phase == "bury":
            return f"bury {self.m.KITTY - len(self.buried)} more card(s) of your hand"
        assert self.play is not None
        if self.play.plays:
            return f"follow with {len(self.play.plays[0][1])} card(s) of your hand"
        return "lead cards of your hand (a whole lead at once, or card by card, then done)"

    def apply(self, move: Action | str | Sequence[int]) -> list[Action]:
        """Make a move for the seat whose turn it is; raises IllegalMove, changing nothing."""
        actions = self.parse(move)
        whole = self._whole_follow(actions)
        if whole is not None:
            raise IllegalMove(whole)
        if len(actions) > 1:  # check the whole move before changing anything
            probe = self._simulate(actions)
            if probe is not None:
                raise IllegalMove(probe)
        self._apply_all(actions)
        return actions

    def _whole_follow(self, actions: list[Action]) -> str | None:
        """A follow typed whole is judged whole, by the rule's own sentence, in any order."""
        play = self.play
        if self.phase != "play" or play is None or not play.plays or play.selection:
            return None
        lead = play.plays[0][1]
        if len(actions) != len(lead) or any(a.kind != "card" for a in actions):
            return None
        if len(actions) == 1 and actions[0] in self.legal_actions():
            return None  # an offered card: the legal follows hold it (the offers are exact)
        hand = self.hands[self.seat]
        cards = [a.card for a in actions]
        if Counter(cards) - Counter(hand):
            return None  # named card by card below
        return trick.follow_problem(lead, hand, cards, self.order, self.m)

    def _apply_all(self, actions: list[Action]) -> None:
        """The actions of one move, all by the seat whose turn it is: a move with more
        cards than its play takes would otherwise go on to play the next seat's."""
        seat = self.seat
        for i, a in enumerate(actions):
            if i and (self.seat != seat or self.over):
                rest = " ".join(str(b) for b in actions[i:] if b.kind != "done")
                raise IllegalMove(f"the play was complete before {rest}: give only the cards "
                                  "of one play")
            self._apply_one(a)

    def _simulate(self, actions: list[Action]) -> str | None:
        """Why a move of several actions would be refused, tried on a copy."""
        import copy
        shared = {id(v): v for v in vars(self).values()  # the rules and the game: not state
                  if not isinstance(v, (list, dict, set, _Play, random.Random))}
        twin = copy.deepcopy(self, shared)
        try:
            twin._apply_all(actions)
        except IllegalMove as err:
            return str(err)
        return None

    def _apply_one(self, a: Action) -> None:
        if self.over:
            raise IllegalMove("the round is over")
        if a not in self.legal_actions():
            raise IllegalMove(self._why(a))
        self.history.append((self.seat, a))
        self._legal = None
        if a.kind == "bid":
            bid = next(b for b in legal_bids(self.m, self.seat, self.hands[self.seat],
                                             self.trump_rank(), self.standing)
                       if b.level == a.level and b.cards == a.cards)
            self.bids.append(bid)
            self.shown += ((bid.seat, str(bid)),)
            if self.phase == "last bids":
                self.last_chance.pop(0)
            self._deal_on()
        elif a.kind == "pass":
            if self.phase == "last bids":
                self.last_chance.pop(0)
            self._deal_on()
        elif a.kind == "bury":
            self.hands[self.seat].remove(a.card)
            self.buried.append(a.card)
            if len(self.buried) == self.m.KITTY:
                self._start_play()
        elif a.kind == "card":
            self._add_card(a.card)
        else:
            self._lead_done()

    def _why(self, a: Action) -> str:
        if self.phase in ("deal", "last bids"):
            return f"{a} is not a bid you can make now (a higher bid than the standing one, " \
                   "from cards you hold)"
        if self.phase == "bury":
            return f"{a}: bury a card of your hand"
        assert self.play is not None
        hand, sel = self.hands[self.seat], self.play.selection
        if a.kind == "pass":
            return f"there is no passing in the play: {self._phase_hint()}"
        if a.kind == "done" and self.play.plays:
            return f"done ends a lead: {self._phase_hint()}"
        if a.kind == "done":
            return "the cards chosen are not a lead yet"
        if Counter([*sel, a.card]) - Counter(hand):
            return f"{format_cards([a.card])} is not in your hand"
        if not self.play.plays:
            problem = trick.lead_problem([*sel, a.card], self.order, self.m)
            return problem or f"{format_cards([a.card])} cannot be part of a lead here"
        lead = self.play.plays[0][1]
        full = [*sel, a.card]
        problem = (trick.follow_problem(lead, hand, full, self.order, self.m)
                   if len(full) == len(lead) else None)
        return problem or (f"{format_cards([a.card])}: no legal follow to "
                           f"{format_cards(list(lead))} holds it with what you chose")
