"""The trick-taking family (family tricks), as phases over the shared core, as a round of a
levels game is played: deal and bid, kitty and bury, play, settle.

- ``protocol``: what a generated tricks module provides, and what its formulas read;
- ``trick``: trick logic, apart from the phases: the card order under a trump state, units,
  a lead's format (computed once per lead), follow legality, the winner, throws;
- ``deal``: bids during the deal;
- ``table``: the round driver (deal and bid, bury, play), views with hidden information;
- ``settle``: the end of a round: defenders' points, the kitty bonus, level changes, the next
  dealer;
- ``bots``: random and greedy players.
"""
