"""The climbing family (family climbing): each seat in turn beats the play on the table or
passes, until the round ends.

- ``table``: the round driver (deal, auction, plays and passes, the end of the round), views
  with hidden information, results;
- ``history``: the public history as a view holds it (a read-only sequence sharing the
  table's log);
- ``shapes``: generators of the plays of each kind of combination, used by generated modules;
- ``auction``: bidding for a role before play (叫分);
- ``scoreview``: what scoring formulas read at the end of a round;
- ``bots``: random and greedy players.
"""
