"""The web table (`cardrules serve`): an optional extra, `pip install cardrules[web]`."""
