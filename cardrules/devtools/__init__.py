"""Tools for developing cardrules itself (the grammar-driven fuzzer). Not part of the
``cardrules`` command: run them with ``python -m cardrules.devtools.fuzz``."""
