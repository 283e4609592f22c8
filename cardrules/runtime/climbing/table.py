"""The table driver of the climbing family (shedding games): deal, turns, plays, passes,
tricks, going out, end of round, scores. Every rule it applies comes from the compiled module."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations
from operator import itemgetter
from typing import NamedTuple, TypeVar, cast

from ...cards import BIG_JOKER, CardError, card_name, format_cards, parse_cards
from ..core import IllegalMove, deal_each, seeded, shuffled, shuffled_deck
from ..protocol import PASS, Play, RulesModule, unclassified
from .auction import Auction, Bid
from .history import History, PublicLog
from .scoreview import EndOfRound, PlayTally, TracedEnd, sides_for
from .seathand import SeatHand

T = TypeVar("T")
E = TypeVar("E", bound=EndOfRound)


def _each(f: Callable[[list[int]], T], hands: list[list[int]]) -> tuple[T, ...]:
    """``f`` of each hand (their sizes, the hands as tuples): three or four hands unpacked (a
    third of the time of ``map`` for the sizes, half for the tuples)."""
    if len(hands) == 4:
        a, b, c, d = hands
        return f(a), f(b), f(c), f(d)
    if len(hands) == 3:
        a, b, c = hands
        return f(a), f(b), f(c)
    return tuple(map(f, hands))


# Per number of seats: each seat's next one (all in), and a pass as a history entry by seat.
_SEATING: dict[int, tuple[list[int], tuple[tuple[int, Play], ...]]] = {}


def _seating(n: int) -> tuple[list[int], tuple[tuple[int, Play], ...]]:
    made = _SEATING[n] = ([s + 1 if s + 1 < n else 0 for s in range(n)],
                          tuple((s, PASS) for s in range(n)))
    return made


# A move is a Play (``str`` shows its cards, or "pass"); the pass is the Play with no cards.
# An action is a move, or a Bid while the round's auction is on.
Move = Play
Action = Play | Bid


# At a table without holder cards: the holder cards, those played, the seats that played one
# (never changed: made once).
_NO_CARDS: frozenset[int] = frozenset()
_NO_HOLDERS: Counter[int] = Counter()
_NO_SEATS: set[int] = set()

# Per module: its deck as CARD_KEY values (each card COPIES times, in ``shuffled_deck``'s
# order), and the card of each key as a ``bytes.translate`` table (keys and cards are bytes:
# keys as bytes translated are the cards, in one call); None when the keys do not tell the
# deck's cards apart, or are not bytes.
_KEYED: dict[RulesModule, tuple[list[int], bytes] | None] = {}


def _keyed_deck(m: RulesModule) -> tuple[list[int], bytes] | None:
    keys = [m.CARD_KEY[c] for c in m.DECK]
    made = None
    if keys and len(set(keys)) == len(keys) and min(keys) >= 0 and max(keys) < 256 \
            and 0 <= min(m.DECK) and max(m.DECK) < 256:
        card_of = bytearray(256)
        for c, k in zip(m.DECK, keys, strict=True):
            card_of[k] = c
        made = (keys if m.COPIES == 1 else [k for k in keys for _ in range(m.COPIES)],
                bytes(card_of))
    _KEYED[m] = made
    return made


# What views share while no cards move (``Table._public_now``): the count of changes it was
# made at, the hand sizes, the places, each seat's known sides, the cards of the play on the
# table, and what the places and sides were made for (the number of places, the holder cards
# out, the deal, the sides).
_Public = tuple[int, tuple[int, ...], tuple[int, ...], tuple[tuple[int | None, ...], ...],
                tuple[int, ...], tuple[int, int, tuple[tuple[int, ...], ...], list[int]]]
_NO_PUBLIC: _Public = (-1, (), (), (), (), (-1, -1, (), []))  # (made at no count of changes)
_new_tuple = tuple.__new__  # (a view made as ``SeatView._make`` does: one look-up less)


@dataclass(frozen=True, kw_only=True)
class Result:
    scores: tuple[int, ...]
    places: tuple[int, ...]  # seats in the order they went out
    cards_left: tuple[int, ...]


class SeatView(NamedTuple):
    """What one seat may know: its own hand and what was played in public. (A named tuple:
    immutable, and cheap to make at every decision; its history is a History, which shares
    the table's log up to the view's making instead of copying it.)"""

    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    to_beat: tuple[int, ...]  # the play on the table, () when leading
    last_player: int
    history: History  # (seat, move as text) for every public action so far, read-only
    places: tuple[int, ...]
    known_sides: tuple[int | None, ...]  # a seat's side once public (hidden teams), else None
    bidding: bool = False  # the auction is on: the actions are bids
    bid: int = 0  # the standing bid (in the auction), then the winning bid
    leader: int = -1  # the round's first leader (-1 while the auction is on)
    shown: tuple[int, ...] = ()  # the rest the leader took, when shown to every seat


class Table:
    """One round at a table. ``seat`` is whose turn it is; ``legal_actions()`` what it may do."""

    # Its fields as slots: more than 30 of them, so as plain attributes the instance dict was
    # a full dict, read by a hashed look-up at every ``self.x`` (a slot is read at a fixed
    # place: -4.5% instructions a round in the bench). ``__dict__`` keeps any other attribute (a
    # subclass's, a caller's) possible, and holds the rules module ``m``: ``vars(table)``
    # shows it, for a deep copy to share (a module cannot be copied).
    __slots__ = (
        "n", "rng", "rest", "_hand_keys", "hands", "totals", "round_number", "places",
        "history", "_played", "_events", "_shown", "_log", "current", "last_player", "passes",
        "_needed", "_in", "_after", "_pass_entry", "over", "_acts", "_legal", "_held", "_followers",
        "_choosers", "_hidden", "_holders", "_holders_played", "_revealed", "_holders_out",
        "_changes", "_public", "_scores", "_tally",
        "seed", "deals", "no_game", "given", "shown", "auction", "_bids", "bid", "sides",
        "dealt", "leader", "first_pending", "first_card", "_may_pass", "seat", "__dict__",
        "__weakref__")

    def __init__(self, m: RulesModule, *, seed: int | str | None = None,
                 hands: Sequence[Sequence[int]] | None = None, first_round: bool = True,
                 leader: int | None = None, totals: Sequence[int] | None = None,
                 round_number: int = 1, rest: Sequence[int] | None = None,
                 first_bidder: int | None = None) -> None:
        """``hands`` deals given cards instead of shuffling (``rest``: the cards dealt to
        nobody, which the rules may give to the leader); ``first_bidder`` opens the auction
        instead of the rules' choice (a set-up position, as after a passed-out deal)."""
        self.m = m
        self.n = m.PLAYERS
        self.rng = seeded(seed)
        # Per seat: its hand as dealt and the CARD_KEY of each card, when the deal made them
        # (what its SeatHand keeps; taken when that is made).
        self._hand_keys: list[tuple[list[int], list[int]] | None] = [None] * self.n
        # ``rest``: the cards dealt to nobody (beyond the deal and the kitty; ``_deal`` sets it)
        if hands is None:
            self.hands: list[list[int]] = self._deal()
        else:
            key = m.CARD_KEY.__getitem__
            self.hands = [sorted(h, key=key) for h in hands]
            self.rest: list[int] = list(rest) if rest is not None else []
        self.totals = list(totals) if totals is not None else [0] * self.n
        self.round_number = round_number
        self.places: list[int] = []
        self.history: list[tuple[int, Move]] = []
        self._played: list[tuple[int, Move]] = []  # the entries of history that are plays
        # The public history: moves as played, other events as text. Only ever appended to:
        # every view's History shares it (``_log``, its entries made text when first read).
        # Where the rules make no other event (``_events``: an auction, the rest shown) it is
        # ``history`` itself, one list appended to once a move (no text ever goes in it).
        self._events = bool(m.AUCTION_BIDS) or m.REST_SHOWN
        self._shown: list[tuple[int, Play | str]] = [] if self._events \
            else cast("list[tuple[int, Play | str]]", self.history)
        self._log = PublicLog(self._shown, self.n)
        self.current: Play | None = None
        self.last_player = -1
        self.passes = 0
        self._needed = self.n  # the passes that end the trick (set by each play)
        self._in = self.n  # the seats still in (not out)
        # Per seat: the next seat still in, after it (made again when a seat goes out).
        # (Both made once per number of seats: ``_after`` is replaced, never changed.)
        self._after, self._pass_entry = _SEATING.get(self.n) or _seating(self.n)
        self.over = False
        # The legal moves of the position, in order, made once (None: not made yet, or the
        # auction is on); the same keyed by their cards, made when asked for, with the
        # ``_acts`` they were made from (a move need not forget them: a new ``_acts`` does).
        self._acts: Sequence[Move] | None = None
        self._legal: tuple[Sequence[Move] | None, dict[tuple[int, ...], Move]] | None = None
        # Per seat: its hand as the generators read it (a SeatHand of the same list), kept
        # as the seat plays; made when first asked for (None until then), and forgotten
        # where the table makes the seat's hand another list (a new deal, the rest given to
        # the leader). The table changes a hand only through it.
        self._held: list[SeatHand | None] = [None] * self.n
        self._followers = m.FOLLOWERS
        self._choosers = m.FOLLOW_CHOICES
        self._hidden = m.TEAMS == "hidden"
        # Hidden teams: the holder cards played so far, and the seats that played one.
        self._holders = frozenset(m.TEAM_HOLDERS) if m.TEAMS == "hidden" else _NO_CARDS
        self._holders_played: Counter[int] = Counter() if self._holders else _NO_HOLDERS
        self._revealed: set[int] = set() if self._holders else _NO_SEATS
        self._holders_out = 0  # (the holder cards played: what the sides views show change with)
        # What views share until cards are played or dealt again (``_changes`` counts those):
        # the hand sizes, the places, every seat's known sides, the play (``view``).
        self._changes = 0
        self._public: _Public = _NO_PUBLIC
        self._scores: tuple[int, ...] | None = None
        self._tally: PlayTally | None = None  # the plays as the last end view tallied them
        self.seed = seed
        self.deals = 1  # deals of this round (an auction where all pass deals again)
        self.no_game = False  # every deal's auction was passed out: no game, scores 0
        self.given: tuple[int, ...] = ()  # the rest, given to the leader
        self.shown: tuple[int, ...] = ()  # ... and shown to every seat
        self.auction: Auction | None = None
        self._bids: list[Bid] | None = None  # the auction's legal bids, made once per turn
        self.bid = 0  # the winning bid of the auction
        self.dealt: tuple[tuple[int, ...], ...] = ()  # the hands dealt (set by ``_seat_leader``)
        self.leader = -1
        self.first_pending = False
        self.first_card = -1
        self._may_pass = m.PASSING == "allowed"
        # ``sides``: each seat's side (set by ``_seat_leader``, or here for the auction)
        if m.AUCTION_BIDS and leader is None:
            self.sides: list[int] = list(range(self.n))
            self.dealt = _each(tuple, self.hands)
            self._open_auction(self._first_bidder() if first_bidder is None else first_bidder)
        else:
            if m.AUCTION_BIDS:  # a set-up position: the leader given, the lowest bid standing
                self.bid = m.AUCTION_BIDS[0]
            self._seat_leader(leader, first_round)

    def _seat_leader(self, leader: int | None, first_round: bool) -> None:
        """Who leads the round: the given leader (a later round of a match, the auction's
        winner), else as the rules say; the leader takes the rest; sides are known."""
        m = self.m
        # The lead card: a named card, or the lowest card dealt (``lead first: holder of
        # lowest card``), found before any leftover cards go to the leader.
        self.first_card = self.lowest_card() if m.FIRST_LOWEST else m.FIRST_CARD
        holder = self.holder(self.first_card)
        by_holder = self.first_card >= 0 and (first_round or m.LEAD_NEXT == "holder")
        if leader is None and m.FIRST_RANDOM and first_round:
            # Drawn apart from the deal, so a given deal (``hands``) leads the same way again.
            leader = random.Random(f"lead:{self.seed}").randrange(self.n)
        if leader is None:
            leader = holder if by_holder and holder >= 0 else 0
        if m.REST_TO == "leader" and self.rest:
            self.hands[leader] = sorted(self.hands[leader] + self.rest,
                                        key=m.CARD_KEY.__getitem__)
            self._held[leader] = None  # (another list)
            self.given, self.rest = tuple(self.rest), []
            if m.REST_SHOWN:
                self.shown = self.given
                self._shown.append((leader, "takes " + format_cards(self.given)))
            if m.FIRST_LOWEST:  # the lowest card in play, now in the leader's hand
                self.first_card = self.lowest_card()
        self.dealt = _each(tuple, self.hands)
        self._changes += 1
        self.sides = sides_for(m.TEAMS, m.TEAM_HOLDERS, self.hands, leader)
        # The first play must hold the card only when its holder leads (a set-up position
        # may give the lead to someone else).
        if self.given:  # the lead card (or the lowest card) may have come with the rest
            holder = self.holder(self.first_card)
        self.first_pending = by_holder and m.FIRST_MUST_PLAY and holder == leader
        self.seat = leader
        self.leader = leader

    # ------------------------------------------------------------ the auction
    def _first_bidder(self) -> int:
        """The holder of the auction's card, or a seat drawn apart from the deal (so a given
        deal opens the same way again)."""
        holder = self.holder(self.m.AUCTION_FIRST_CARD)
        if holder >= 0:
            return holder
        return random.Random(f"bid:{self.seed}").randrange(self.n)

    def _open_auction(self, first: int) -> None:
        m = self.m
        self.auction = Auction(m.AUCTION_BIDS, first=first, seats=self.n,
                               ends_at=m.AUCTION_ENDS_AT, all_pass=m.AUCTION_ALL_PASS)
        self._bids = None
        self.seat = first

    def _bid_list(self, auction: Auction) -> list[Bid]:
        """The auction's legal bids, made once per turn (the list the table keeps)."""
        bids = self._bids
        if bids is None:
            bids = self._bids = auction.legal()
        return bids

    @property
    def bidding(self) -> bool:
        """Whether the round is in its auction (the actions are bids)."""
        return self.auction is not None and not self.auction.over

    def _apply_bid(self, move: Action | str | Sequence[int]) -> Bid:
        auction = self.auction
        assert auction is not None
        if isinstance(move, Bid):
            bid: Bid | None = move
        elif isinstance(move, str):
            bid = auction.parse(move)
        else:
            bid = None
        if bid is None:
            raise IllegalMove("the auction is on: bid ("
                              + ", ".join(f"'bid {b}'" for b in self.m.AUCTION_BIDS)
                              + ") or 'pass'")
        for b in self._bid_list(auction):  # one of them (the same Bid: no __eq__ asked)
            if b is bid:
                break
        else:
            if bid not in self._bid_list(auction):
                raise IllegalMove(auction.why_illegal(bid))
        self._shown.append((self.seat, str(bid)))
        auction.apply(bid)
        self._acts = self._legal = self._bids = None
        if not auction.over:
            self.seat = auction.seat
        elif auction.winner >= 0:
            self.bid = auction.high
            self._seat_leader(auction.winner, True)
        elif self.deals >= self.m.AUCTION_MAX_DEALS:  # passed out every time: no game
            self.over = self.no_game = True
            self._acts = []
            self._scores = (0,) * self.n
        else:
            self.deals += 1
            self.hands = self._deal()
            self._held = [None] * self.n
            self._changes += 1
            self._shown.append((-1, "all passed: a new deal"))
            self._open_auction((auction.first + 1) % self.n)
        return bid

    # ------------------------------------------------------------ setup
    def _deal(self) -> list[list[int]]:
        """The hands dealt, each in CARD_KEY order (``rest``: the cards dealt to nobody)."""
        m = self.m
        n, each = self.n, m.DEAL_EACH
        keyed = _KEYED[m] if m in _KEYED else _keyed_deck(m)
        if keyed is None:
            deck = shuffled_deck(m.DECK, m.COPIES, self.rng)
            self.rest = deck[n * each:len(deck) - m.KITTY]
            key = m.CARD_KEY.__getitem__
            return [sorted(h, key=key) for h in deal_each(deck, n, each)]
        # The deck's keys, shuffled as its cards would be: each hand sorted as plain numbers
        # (no key function), then made cards; its keys kept for its SeatHand.
        keys, card_of = shuffled(keyed[0][:], self.rng), keyed[1]
        dealt, kept = n * each, len(keys) - m.KITTY
        # (most decks are dealt whole: no rest to make)
        self.rest = [*bytes(keys[dealt:kept]).translate(card_of)] if kept > dealt else []
        hands = []
        for seat in range(n):
            hand_keys = keys[seat * each:(seat + 1) * each]
            hand_keys.sort()
            hand = [*bytes(hand_keys).translate(card_of)]
            hands.append(hand)
            self._hand_keys[seat] = (hand, hand_keys)
        return hands

    def lowest_card(self) -> int:
        """The lowest card in the hands (by the card key), or -1 if they are empty: the
        lowest of the hands' first cards (each hand is in CARD_KEY order)."""
        firsts = [h[0] for h in self.hands if h]
        return min(firsts, key=self.m.CARD_KEY.__getitem__) if firsts else -1

    def final_view(self) -> EndOfRound:
        """The view scores are computed from when the round is over: after ``first_out``
        the others have no place; after ``decided`` every completion of the order scores
        the same, so any one will do."""
        full = self.places if self.m.ROUND_END == "first_out" else self.places + self.active()
        return self.end_view(full)

    def end_view(self, places: Sequence[int] | None = None) -> EndOfRound:
        """What the scoring reads: hands as they are, and the finishing order (the real
        one, or a supposed completion of it)."""
        return self._end_view(EndOfRound, self.places if places is None else places)

    def _end_view(self, kind: type[E], order: Sequence[int]) -> E:
        """``end_view`` as a view of ``kind`` (an EndOfRound, or one that traces what the
        scoring asks: ``TracedEnd``)."""
        return kind.made(_each(len, self.hands), self.hands,
                         {s: i + 1 for i, s in enumerate(order)}, self.sides, self.totals,
                         self.round_number, self._tallied(), self.bid)

    def _tallied(self) -> PlayTally:
        """The plays so far as scoring reads them (from ``_played``, the history's plays
        alone: no pass read): the last tally while no play was made since, else a new one
        that reads only the plays since the last (read) one."""
        last = self._tally
        if last is not None and last.covers(self._played):
            return last
        tally = self._tally = PlayTally(history=self._played, earlier=last)
        return tally

    def holder(self, card: int) -> int:
        """The seat holding ``card`` (the first, with copies), or -1 (for -1, no card)."""
        if card < 0:
            return -1
        for s, h in enumerate(self.hands):
            if card in h:
                return s
        return -1

    # ------------------------------------------------------------ queries
    def hand(self, seat: int) -> tuple[int, ...]:
        return tuple(self.hands[seat])

    def active(self) -> list[int]:
        return [s for s in range(self.n) if s not in self.places]

    def legal_moves(self) -> dict[tuple[int, ...], Move]:
        """Legal moves keyed by their cards in CARD_KEY order; computed once per position."""
        legal = self._legal
        if legal is None or legal[0] is not self._acts:  # (None: not made, or a bid since)
            moves = self._moves()  # (``_acts`` made, but in the auction)
            legal = self._legal = (self._acts, {p.cards: p for p in moves})
        return legal[1]

    def _moves(self) -> Sequence[Move]:
        """The legal moves in order (a pass first), made once per position (the list the
        module's generators made, kept: nobody else holds it). The generators make each set
        of cards once (duplicates are sorted out when the game is compiled), so every move
        here has its own cards."""
        acts = self._acts
        if acts is not None:
            return acts
        if self.over:
            return []
        if self.bidding:  # a bidder's plays, as a lead (not kept: the actions are bids)
            return self.m.lead_plays(self._seat_hand())
        self.legal_actions()  # made (and kept) there
        made = self._acts
        assert made is not None
        return made

    def _seat_hand(self) -> SeatHand:
        """The SeatHand of the seat to act, kept as it plays; made from its hand (in
        CARD_KEY order) when first asked for, and again when the table made the hand another
        list (a new deal, the rest given: ``_held`` forgets it there)."""
        seat = self.seat
        h = self._held[seat]
        if h is None:
            m = self.m
            hand = self.hands[seat]
            dealt = self._hand_keys[seat]  # the keys the deal made, for the hand it dealt
            self._hand_keys[seat] = None
            h = self._held[seat] = SeatHand(
                hand, m.RANK, m.SUIT, m.CARD_KEY, m.SUIT_SLOTS, m.SINGLES,
                keys=dealt[1] if dealt is not None and dealt[0] is hand else None)
        return h

    def legal_actions(self) -> list[Action]:
        acts = self._acts
        if acts is None:  # (the round over: ``_acts`` is [])
            current = self.current
            if current is None:  # a lead, or the auction
                auction = self.auction
                if auction is not None and not auction.over:
                    return list(self._bid_list(auction))
            seat = self.seat  # (``_seat_hand()`` written out)
            h = self._held[seat]
            if h is None:
                h = self._seat_hand()
            if current is not None:
                # A follow, the commonest case: the plays that beat ``current``, a pass first
                # where it may (the auction is over once a play is on the table). Made here,
                # and in ``bot_actions`` with the module's ``FOLLOW_CHOICES`` of the kind
                # (whose counted plays are made as they are asked for), not through a shared
                # method: one Python call less a decision (2% of the bench round's instructions).
                acts = self._followers[current.kind](h, current)
                if self._may_pass or not acts:
                    acts.insert(0, PASS)
            elif self.first_pending:  # only the plays holding the card, made alone
                acts = self.m.lead_plays_holding(h, self.first_card)
            else:
                acts = self.m.lead_plays(h)
            self._acts = acts
        return list(acts)

    def bot_actions(self) -> Sequence[Action]:
        """The legal actions, as ``legal_actions()`` lists them, without the copy: the list
        the table keeps for this position (replaced, never changed, by the next move); at a
        lead, the module's ``lead_choices``, whose plays are made as they are asked for, and
        so at a follow of a kind whose plays are counted (``FOLLOW_CHOICES``)."""
        acts = self._acts
        if acts is None:
            current = self.current
            if current is not None:  # a follow, the commonest case (as ``legal_actions``)
                seat = self.seat
                h = self._held[seat]
                if h is None:
                    h = self._seat_hand()
                kind = current.kind
                acts = (self._choosers[kind] or self._followers[kind])(h, current)
                if self._may_pass or not acts:
                    acts.insert(0, PASS)
                self._acts = acts
                return acts
            auction = self.auction
            if auction is not None and not auction.over:
                return self._bid_list(auction)
            if not self.first_pending and not self.over:
                seat = self.seat  # (``_seat_hand()`` written out, as at a follow)
                h = self._held[seat]
                if h is None:
                    h = self._seat_hand()
                acts = self._acts = self.m.lead_choices(h)
                return acts
            return self._moves()
        return acts

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: nothing of other hands but their sizes. Made at every
        decision, from what the table keeps for views while no cards move (``_public``: the
        hand sizes, the places, every seat's known sides, the play on the table; made again at
        the first view after cards were played or dealt, which ``_changes`` counts); the
        history is the table's own log up to its present length (a History: no copy, no text
        made until read)."""
        public = self._public
        if public[0] != self._changes:  # cards moved since the last view, or the auction is on
            auction = self.auction
            if auction is not None and not auction.over:
                return self._bidding_view(seat, auction)
            sizes = _each(len, self.hands)
            current = self.current
            rare = (len(self.places), self._holders_out, self.dealt, self.sides)
            if rare != public[5]:  # a seat went out, a holder card was played, a new deal
                public = self._public_now(rare)
            public = self._public = (self._changes, sizes, public[2], public[3],
                                     current.cards if current is not None else (), rare)
        history = History()  # the history so far, sharing the table's log (a call of
        # the class: no ``__init__``, cheaper than ``object.__new__(History)``)
        history._log = self._log
        history._n = len(self._shown)
        # Its fields in SeatView's order, made into the named tuple directly (what
        # ``SeatView._make`` does, without its checks). The play on the table is the one
        # ``_public`` was made with while there is one: a play moves cards, and a trick's
        # end only takes it away.
        return _new_tuple(SeatView, (
            seat, tuple(self.hands[seat]), public[1],
            public[4] if self.current is not None else (), self.last_player, history,
            public[2], public[3][seat], False, self.bid, self.leader, self.shown))

    def _public_now(self, rare: tuple[int, int, tuple[tuple[int, ...], ...], list[int]]
                    ) -> _Public:
        """The places and every seat's known sides, as views show them, for ``rare`` (the
        number of places, the holder cards out, the deal, the sides: while they are the
        same, ``view`` keeps what it made; sizes and the play on the table left to it)."""
        return (-1, (), tuple(self.places),
                self._all_known() if self._hidden else (tuple(self.sides),) * self.n, (), rare)

    def _bidding_view(self, seat: int, auction: Auction) -> SeatView:
        """``view`` while the auction is on: the standing bid, the sides unknown."""
        history = History()
        history._log = self._log
        history._n = len(self._shown)
        return tuple.__new__(SeatView, (
            seat, tuple(self.hands[seat]), _each(len, self.hands), (), self.last_player, history,
            tuple(self.places), (None,) * self.n, True, auction.high, self.leader,
            self.shown))

    def known_sides(self, seat: int) -> tuple[int | None, ...]:
        """Sides as ``seat`` knows them. Fixed teams are public; hidden teams show a seat's
        side once it played a holder card, all sides once every holder card is out or in the
        viewer's own deal (a solo knows it plays alone), and always the viewer's own side;
        while the auction is on, none (they follow from its winner). (As the seat's view
        shows them: what ``view`` keeps for every seat.)"""
        return self.view(seat).known_sides

    def _all_known(self) -> tuple[tuple[int | None, ...], ...]:
        """Hidden teams: the sides each seat knows (``known_sides``), every seat at once.
        A seat sees every side when each holder card not yet all out is in its own deal as
        many times as its copies not out; else its own side and the revealed seats' (side 0:
        a seat that played a holder card holds one), the revealed last."""
        n, sides, m = self.n, self.sides, self.m
        played, copies = self._holders_played.get, m.COPIES
        # The holder cards not all out, with the copies of each not out.
        unseen = [(c, copies - played(c, 0)) for c in m.TEAM_HOLDERS if played(c, 0) < copies]
        revealed: list[int | None] = [None] * n
        for s in self._revealed:
            revealed[s] = 0
        everything: tuple[int | None, ...] = tuple(sides)
        known: list[tuple[int | None, ...]] = []
        for seat, dealt in enumerate(self.dealt):
            for c, left in unseen:
                if dealt.count(c) < left:
                    row = revealed[:]
                    if row[seat] is None:
                        row[seat] = sides[seat]
                    known.append(tuple(row))
                    break
            else:
                known.append(everything)
        return tuple(known)

    # ------------------------------------------------------------ acting
    def parse_move(self, move: Move | str | Sequence[int]) -> Move:
        if isinstance(move, Play):
            return move
        if isinstance(move, str):
            text = move.strip().lower()
            if text in ("pass", "p", "-"):
                return PASS
            try:
                cards = parse_cards(move)
            except CardError as err:
                raise IllegalMove(str(err)) from None
            return unclassified(cards)
        cards = tuple(move)
        if not all(isinstance(c, int) and 0 <= c <= BIG_JOKER for c in cards):
            raise IllegalMove(f"a move is card notation or card codes 0-{BIG_JOKER}, not "
                              f"{list(move)!r}")
        return unclassified(cards)

    def apply(self, move: Action | str | Sequence[int]) -> Action:
        """Play a move (or bid) for the seat whose turn it is; raises IllegalMove, changing
        nothing."""
        acts = self._acts
        if acts is not None and move.__class__ is Play and move in acts:
            mv = move  # one of legal_actions(): nothing to parse or check
        else:
            checked = self._checked(move)
            if checked.__class__ is not Play:
                return checked  # a bid
            mv = checked
        self._acts = None  # (and so ``_legal``)
        seat = self.seat
        cards = mv.cards
        if not cards:  # a pass: the trick ends when every active seat but the last player passed
            entry = self._pass_entry[seat]
            self.history.append(entry)
            if self._events:  # (else ``_shown`` is ``history``)
                self._shown.append(entry)
            passes = self.passes = self.passes + 1
            if passes >= self._needed:
                self.current = None
                self.passes = 0
                last = self.last_player  # it leads, if still in
                self.seat = last if self._in == self.n or last not in self.places \
                    else self._trick_leader(self.active())
            else:
                self.seat = self._after[seat]
            return mv
        entry = (seat, mv)
        self.history.append(entry)
        if self._events:  # (as at a pass)
            self._shown.append(entry)
        self._played.append(entry)
        h = self._held[seat]  # (made by the legal moves' making)
        if h is not None:
            h.remove(cards)  # the hand with it
            hand = h.cards
        else:
            hand = self.hands[seat]
            for c in cards:
                hand.remove(c)
        self._changes += 1
        if self._holders and not self._holders.isdisjoint(cards):
            self._reveal(seat, cards)  # hidden teams: the seat shows its side
        self.current = mv
        self.last_player = seat
        self.passes = 0
        self.first_pending = False
        if hand:
            # The passes that end this trick: every active seat but this one.
            self._needed = self._in - 1
        else:
            self.places.append(seat)
            if self._round_over():
                self._finish()
                return mv
            self._seats_out()
            self._needed = self._in
        self.seat = self._after[seat]
        return mv

    def _checked(self, move: Action | str | Sequence[int]) -> Action:
        """A move given otherwise than as one of ``legal_actions()``: parsed and checked
        (the Play of the legal moves with its cards), or a bid, made."""
        if self.over:
            raise IllegalMove("the round is over")
        if self.bidding:
            return self._apply_bid(move)
        if isinstance(move, Bid):
            raise IllegalMove("the auction is over: play cards or pass")
        legal = self.legal_moves()
        mv = self.parse_move(move)
        key = mv.cards if mv.kind >= 0 else tuple(
            sorted(mv.cards, key=self.m.CARD_KEY.__getitem__))
        if key not in legal:
            raise IllegalMove(self._why_illegal(mv))
        return legal[key]

    def _why_illegal(self, mv: Move) -> str:
        hand = list(self.hands[self.seat])
        for c in mv.cards:
            if c not in hand:
                return f"seat {self.seat} does not hold {card_name(c)}"
            hand.remove(c)
        if mv.is_pass:
            if self.current is None:
                return "the leader cannot pass: lead any combination"
            return "passing is not allowed while you can play"
        play = self.m.classify(mv.cards)
        if play is None:
            return f"{mv} is not a combination of this game"
        if self.first_pending and self.first_card not in mv.cards:
            return f"the first play must contain {card_name(self.first_card)}"
        if self.current is not None:
            return (f"{mv} ({self.m.KINDS[play.kind]}) does not beat "
                    f"{format_cards(self.current.cards)}")
        return f"{mv} cannot be played now"

    def _next_active(self, seat: int) -> int:
        if not self.places:
            return (seat + 1) % self.n
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if s not in self.places:
                return s
        return seat

    def _reveal(self, seat: int, cards: tuple[int, ...]) -> None:
        """Hidden teams: ``seat`` played holder cards, and shows its side."""
        self._holders_played.update(c for c in cards if c in self._holders)
        self._holders_out = sum(self._holders_played.values())
        self._revealed.add(seat)

    def _seats_out(self) -> None:
        """A seat went out: the seats still in, and each seat's next one still in."""
        self._in = self.n - len(self.places)
        self._after = [self._next_active(s) for s in range(self.n)]

    def _trick_leader(self, active: list[int]) -> int:
        last = self.last_player
        if last in active:
            return last
        if self.m.AFTER_OUT == "partner":
            partners = [s for s in active if s != last and self.sides[s] == self.sides[last]]
            if partners:
                return partners[0]
        return self._next_active(last)

    # ------------------------------------------------------------ end of round
    def _round_over(self) -> bool:
        rule = self.m.ROUND_END
        if rule == "first_out":
            return True
        left = self.active()
        if len(left) <= 1:
            return True
        if rule == "all_out":
            return False
        return self._decided(left)

    def _decided(self, left: list[int]) -> bool:
        """Whether every way the rest could finish gives the same scores (asked until two
        ways differ). If so they are the round's scores (``_finish`` asks no more): the first
        way is the seats left in order, as ``final_view`` completes the places. That way is
        scored on a view that keeps what the scoring asked of the order (``TracedEnd``); a
        way that answers those questions alike scores the same, and is not scored (none is,
        when no answer asked depends on how the seats left finish)."""
        score, places = self.m.score, self.places
        orders = permutations(left)
        way = next(orders)
        view = self._end_view(TracedEnd, places + list(way))
        first = score(view)
        out = len(places)  # the places taken; the seats left take the places after
        # The answers another way may change: the places of seats left (a seat's place in
        # the first way is ``out + 1 +`` its index there), the seats of places not taken;
        # each the seat at an index of the way (``asked``), which answers alike if the
        # other way has the same seat there.
        asked = [p - out - 1 for s, p in view.asked_place.items() if s in left]
        asked += [p - out - 1 for p in view.asked_seat if out < p <= self.n]
        if asked:
            at = itemgetter(*asked)
            answers = at(way)
            for rest in orders:  # the same view but for the places: the plays read once
                if at(rest) == answers:
                    continue  # (the same answers: the same scores)
                order = places + list(rest)
                if score(view.placed({s: i + 1 for i, s in enumerate(order)})) != first:
                    return False
        self._scores = first
        return True

    def _finish(self) -> None:
        self.over = True
        self._acts = []  # (what ``legal_actions`` reads first)
        if self.m.ROUND_END != "first_out":
            left = self.active()
            if len(left) == 1:
                self.places.append(left[0])
                self._changes += 1
        if self._scores is None:  # (else ``_decided`` scored this end)
            self._scores = self.m.score(self.final_view())

    def result(self) -> Result:
        if not self.over or self._scores is None:
            raise IllegalMove("the round is not over yet")
        return Result(scores=self._scores, places=tuple(self.places),
                      cards_left=tuple(map(len, self.hands)))

