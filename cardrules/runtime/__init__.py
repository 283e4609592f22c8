"""The runtime: what generated modules import, and the tables that play them.

It never imports the compiler. ``core`` (the deal, refused moves, tables with bot seats,
results, matches, bots by name) and ``protocol`` (plays, formula helpers) are shared by every
family; each family has one driver package (``climbing``, ``tricks``, ``banking``).
"""
