"""The banking family (family banking): a banker against players, bets, hit / stand / double /
split, settlement per hand.

- ``table``: the round driver (bets, the deal with a hidden card, players' actions, the
  banker's policy, settlement), views with hidden information, results;
- ``bots``: random, threshold and exact-expectation players.
"""
