"""The runtime: cards and notation, the generic table driver, bots, and loading games."""
