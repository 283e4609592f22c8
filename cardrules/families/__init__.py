"""One package per family, above both the compiler and the runtime.

Every family's game extends ``cardrules.game.Game`` (what ``cardrules.load`` returns): its
seats, card notation, bots by name, tables with bot seats, matches and worked examples. Each
package's ``game`` module holds the family's subclass, its table (the runtime's table with
``runtime.core.BotSeats`` mixed in), its ``Match`` and what its worked examples claim:

- ``climbing``: ``game`` (ClimbingGame: ``classify``, ``beats``), ``witness`` (diff
  witnesses), ``lint`` (``check``'s warnings);
- ``tricks``: ``game`` (TricksGame: trick logic under a trump state), ``witness``, ``cli``;
- ``banking``: ``game`` (BankingGame: hands against a banker), ``witness``, ``cli``.
"""
