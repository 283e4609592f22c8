"""The runtime: what generated modules import, and the tables that play them.

It never imports the compiler. ``core`` and ``protocol`` are shared by every family; each family
has one driver package (``climbing``, ``tricks``, ``banking``).
"""
