"""The cache of compiled games (cardrules/cache.py): where it lives, what an entry holds, that
a game read back behaves exactly as a freshly compiled one, that a damaged, changed or foreign
entry is ignored and written again, and that playing from it loads no compiler."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import cardrules
from cardrules import cache
from cardrules.compiler import builtin_games, limits
from cardrules.game import Game

BIG_TWO = (Path(cardrules.__file__).parent / "games" / "big_two.rules").read_text("utf-8")


@pytest.fixture
def where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache directory of this test alone (not made yet)."""
    d = tmp_path / "cache" / "cardrules"
    monkeypatch.setenv("CARDRULES_CACHE_DIR", str(d))
    monkeypatch.delenv("CARDRULES_CACHE", raising=False)
    return d


def entries(where: Path, suffix: str = ".json") -> list[Path]:
    return sorted(where.glob(f"*{suffix}"))


def play_record(game: cardrules.Game, seeds: range) -> list[str]:
    """Every legal-move list and every result of random rounds, as text."""
    import random
    out = []
    for seed in seeds:
        t = game.new_table(seed=seed)
        rng = random.Random(seed)
        while not t.over:
            legal = list(t.legal_actions())
            out.append(" | ".join(map(str, legal)))
            t.apply(rng.choice(legal))
        out.append(repr(t.result()))
    return out


# ---------------------------------------------------------------- where
def test_the_tests_use_a_cache_of_their_own(private_cache: Path) -> None:
    """Set before the test modules are imported (conftest.py): some load games at import."""
    assert cache.cache_dir() == private_cache
    assert private_cache.parent.name.startswith("cardrules-tests-")
    assert cardrules.load("big_two").path.exists()
    assert any(private_cache.glob("big_two-*.json"))


def test_the_user_cache_directory_follows_xdg(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.delenv("CARDRULES_CACHE_DIR")
    monkeypatch.delenv("CARDRULES_CACHE", raising=False)
    if sys.platform in ("win32", "darwin"):
        pytest.skip("XDG_CACHE_HOME is for Linux and other Unixes")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "xdg" / "cardrules"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")  # the spec: only absolute paths
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "cardrules"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.cache_dir() == tmp_path / "home" / ".cache" / "cardrules"


@pytest.mark.parametrize("value", ["off", "OFF", "0", "no", "false"])
def test_cardrules_cache_off_reads_and_writes_nothing(where: Path, value: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDRULES_CACHE", value)
    assert cache.cache_dir() is None
    game = cardrules.load("big_two")
    assert game.source.startswith("# -*- coding: utf-8")
    assert not where.exists()


def test_the_limit_on_a_rules_file_is_the_compilers() -> None:
    assert cache.MAX_RULES_BYTES == limits.MAX_FILE_BYTES


# ---------------------------------------------------------------- entries
def test_an_entry_is_the_module_text_and_its_json_owner_only(where: Path) -> None:
    fresh = cardrules.load("big_two")
    assert where.is_dir() and stat.S_IMODE(where.stat().st_mode) == 0o700
    [meta] = entries(where)
    [module] = entries(where, ".py")
    assert module.stem == meta.stem and meta.stem.startswith("big_two-")
    for f in (meta, module):
        assert stat.S_IMODE(f.stat().st_mode) == 0o600
    assert module.read_text("utf-8") == fresh.source  # plain text, as `compile` writes it
    body = json.loads(meta.read_text("utf-8"))["body"]
    assert body["info"] == {"name": "big_two", "title": "锄大地 Chor Dai Di (Big Two)",
                            "family": "climbing", "players": 4, "players_max": 4,
                            "suits": ["D", "C", "H", "S"], "match_rounds": 1,
                            "accumulate": "score"}
    assert [p for p, _ in body["files"]] == [str(fresh.path.resolve())]
    assert body["compiler"] == cache.compiler_version()
    assert not [p for p in where.iterdir() if p.name.startswith(".")]  # no temporary left


def test_an_existing_directory_of_the_users_is_made_owner_only(where: Path) -> None:
    where.mkdir(parents=True, mode=0o755)
    os.chmod(where, 0o755)
    cardrules.load("big_two")
    assert stat.S_IMODE(where.stat().st_mode) == 0o700


def test_a_game_read_back_needs_no_compiler(where: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    first = cardrules.load("tractor_2_trump")
    assert first.ir is not None
    from cardrules import compiler
    calls = []
    real = compiler.compile_sources

    def counting(text: str, path: str) -> object:
        calls.append(path)
        return real(text, path)

    monkeypatch.setattr(compiler, "compile_sources", counting)
    again = cardrules.load("tractor_2_trump")
    assert calls == [] and again._ir is None  # type: ignore[union-attr]
    assert again.source == first.source and again.info == first.info
    assert again.ir == first.ir  # compiled when asked for: the same IR
    assert len(calls) == 1


def test_list_reads_the_titles_from_the_cache(where: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.cli import main
    assert main(["list"]) == 0  # compiles every game and writes its entry
    cold = capsys.readouterr().out
    assert len(entries(where)) == len(builtin_games())
    from cardrules import compiler

    def refuse(text: str, path: str) -> object:
        raise AssertionError(f"{path} was compiled")

    monkeypatch.setattr(compiler, "compile_sources", refuse)
    assert main(["list"]) == 0
    warm = capsys.readouterr().out
    assert warm == cold
    for family in ("climbing", "tricks", "banking"):
        assert family in warm


@pytest.mark.parametrize("name", ["big_two", "da_bei", "doudizhu", "shuang_kou"])
def test_a_climbing_game_read_back_plays_move_for_move_the_same(
        where: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDRULES_CACHE", "off")
    fresh = cardrules.load(name)
    monkeypatch.delenv("CARDRULES_CACHE")
    cardrules.load(name)  # writes the entry
    for m in [m for m in sys.modules if m.startswith("cardrules_generated.")]:
        monkeypatch.delitem(sys.modules, m)  # the next load imports the cached text anew
    cached = cardrules.load(name)
    assert isinstance(cached, Game) and isinstance(fresh, Game)
    assert cached._ir is None and cached.module is not fresh.module
    assert cached.source == fresh.source
    assert play_record(cached, range(3)) == play_record(fresh, range(3))


SCRIPT = textwrap.dedent("""
    import random, sys
    import cardrules
    out = []
    for name, seats in (("big_two", ["random"] * 4), ("tiao_shu", ["greedy"] + ["random"] * 3),
                        ("shengji", ["random"] * 4), ("tractor_2_trump", ["random"] * 4),
                        ("blackjack", ["random", "random", "random"]),
                        ("blackjack_casino", ["random", "random"])):
        game = cardrules.load(name)
        for seed in range(2):
            out.append(repr(game.play_match(seed=seed, seats=seats)))
    table = cardrules.load("big_two").new_table(seed=7)
    rng = random.Random(7)
    while not table.over:
        legal = list(table.legal_actions())
        out.append(" | ".join(map(str, legal)))
        table.apply(rng.choice(legal))
    print("\\n".join(out))
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("lark", "jinja2")
                    or m.startswith(("cardrules.compiler.parse", "cardrules.compiler.check",
                                     "cardrules.compiler.codegen", "cardrules.compiler.ir")))
    print("compiler modules:", loaded, file=sys.stderr)
""")


def _script(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, check=False)


def test_every_family_read_back_in_a_new_process_plays_the_same_without_a_compiler(
        where: Path) -> None:
    env = dict(os.environ)
    off = _script({**env, "CARDRULES_CACHE": "off"})
    cold = _script(env)
    warm = _script(env)
    for done in (off, cold, warm):
        assert done.returncode == 0, done.stderr
    assert warm.stdout == cold.stdout == off.stdout
    assert "compiler modules: []" in warm.stderr  # no Lark, no Jinja, no checker, no IR
    assert "lark" in cold.stderr and "jinja2" in cold.stderr


def test_play_and_list_read_from_the_cache_import_no_compiler(where: Path) -> None:
    code = textwrap.dedent("""
        import sys
        from cardrules.cli import main
        main(sys.argv[1:])
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("lark", "jinja2")),
              file=sys.stderr)
    """)
    for args in (["play", "big_two", "--seed", "1", "--seats", "random,random,random,random"],
                 ["list"], ["play", "tractor", "--seats", "random,random,random,random"],
                 ["play", "blackjack"]):
        for _ in range(2):
            done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                                  text=True, check=False)
            assert done.returncode == 0, done.stderr
        assert done.stderr.strip() == "[]", args


# ---------------------------------------------------------------- damage is not trusted
def _load_and_entry(where: Path, name: str = "big_two") -> tuple[str, Path, Path]:
    source = cardrules.load(name).source
    [meta] = entries(where)
    return source, meta, meta.with_suffix(".py")


def _assert_rewritten(where: Path, source: str, meta: Path, module: Path) -> None:
    for m in [m for m in sys.modules if m.startswith("cardrules_generated.big_two")]:
        del sys.modules[m]
    game = cardrules.load("big_two")
    assert game._ir is not None, "the damaged entry was used"  # type: ignore[union-attr]
    assert game.source == source
    assert module.read_text("utf-8") == source  # written again
    assert json.loads(meta.read_text("utf-8"))["checksum"]
    assert stat.S_IMODE(module.stat().st_mode) == 0o600
    again = cardrules.load("big_two")
    assert again._ir is None  # type: ignore[union-attr]


@pytest.mark.parametrize("damage", [
    "module truncated", "module changed", "module emptied", "json truncated", "json title",
    "json files", "json not json", "json not an object", "json checksum", "json info type",
    "json removed", "module removed"])
def test_a_damaged_entry_is_ignored_and_written_again(where: Path, damage: str) -> None:
    source, meta, module = _load_and_entry(where)
    doc = json.loads(meta.read_text("utf-8"))
    body = doc["body"]
    what, how = damage.split(" ", 1)
    target = module if what == "module" else meta
    if damage == "module truncated":
        module.write_text(source[: len(source) // 2], "utf-8")
    elif damage == "module changed":  # valid Python that would run: never imported
        module.write_text(source.replace("PLAYERS = 4", "PLAYERS = 5"), "utf-8")
    elif damage == "module emptied":
        module.write_text("", "utf-8")
    elif damage == "json truncated":
        meta.write_text(meta.read_text("utf-8")[:100], "utf-8")
    elif damage == "json title":
        body["info"]["title"] = "something else"
        meta.write_text(json.dumps(doc), "utf-8")
    elif damage == "json files":  # the checksum made to agree: the file's hash does not
        body["files"][0][1] = "0" * 64
        doc["checksum"] = cache._checksum(body)
        meta.write_text(json.dumps(doc), "utf-8")
    elif damage == "json not json":
        meta.write_bytes(b"\xff\xfe not json")
    elif damage == "json not an object":
        meta.write_text("[1, 2, 3]", "utf-8")
    elif damage == "json checksum":
        doc["checksum"] = "0" * 64
        meta.write_text(json.dumps(doc), "utf-8")
    elif damage == "json info type":
        body["info"]["players"] = "4"
        doc["checksum"] = cache._checksum(body)
        meta.write_text(json.dumps(doc), "utf-8")
    else:
        assert how == "removed"
        target.unlink()
    if target.exists():
        os.chmod(target, 0o600)
    _assert_rewritten(where, source, meta, module)


def test_a_file_others_may_write_is_not_read(where: Path) -> None:
    source, meta, module = _load_and_entry(where)
    os.chmod(module, 0o666)
    _assert_rewritten(where, source, meta, module)


def test_a_link_at_an_entrys_name_is_not_followed(where: Path, tmp_path: Path) -> None:
    source, meta, module = _load_and_entry(where)
    victim = tmp_path / "victim.py"
    victim.write_text(source, "utf-8")  # the right text, even: a link is not read
    os.chmod(victim, 0o600)
    module.unlink()
    module.symlink_to(victim)
    _assert_rewritten(where, source, meta, module)
    assert not module.is_symlink()
    assert victim.read_text("utf-8") == source  # replaced the link, not written through it


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a file to another user needs root")
def test_an_entry_another_user_owns_is_not_read(where: Path) -> None:
    source, meta, module = _load_and_entry(where)
    os.chown(meta, 4242, 4242)
    os.chmod(meta, 0o600)
    _assert_rewritten(where, source, meta, module)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="giving a directory to another user needs root")
def test_a_directory_another_user_owns_is_not_written(where: Path) -> None:
    where.mkdir(parents=True)
    os.chown(where, 4242, 4242)
    game = cardrules.load("big_two")
    assert game.source and entries(where) == []


def test_an_unwritable_cache_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a directory", "utf-8")
    monkeypatch.setenv("CARDRULES_CACHE_DIR", str(blocker / "cardrules"))
    assert cardrules.load("big_two").name == "big_two"


# ---------------------------------------------------------------- what the key covers
def _variant(tmp_path: Path, base: str = "big_two") -> Path:
    path = tmp_path / "v.rules"
    path.write_text(f"game v extends {base}\ntitle \"v\"\n", "utf-8")
    return path


def test_a_changed_rules_file_is_compiled_again(where: Path, tmp_path: Path) -> None:
    path = tmp_path / "mine.rules"
    path.write_text(BIG_TWO.replace("game big_two", "game mine", 1), "utf-8")
    assert cardrules.load(path).module.DEAL_EACH == 13  # type: ignore[union-attr]
    path.write_text(BIG_TWO.replace("game big_two", "game mine", 1)
                    .replace("deal 13 each", "deal 12 each"), "utf-8")
    game = cardrules.load(path)
    assert game.module.DEAL_EACH == 12  # type: ignore[union-attr]
    assert len(entries(where)) == 1  # the older version's entry was removed


def test_a_changed_base_is_compiled_again(where: Path, tmp_path: Path) -> None:
    base = tmp_path / "mybase.rules"
    base.write_text(BIG_TWO.replace("game big_two", "game mybase", 1), "utf-8")
    variant = _variant(tmp_path, "mybase")
    assert cardrules.load(variant).module.DEAL_EACH == 13  # type: ignore[union-attr]
    body = json.loads(entries(where)[0].read_text("utf-8"))["body"]
    assert [p for p, _ in body["files"]] == [str(variant.resolve()), str(base.resolve())]
    assert cardrules.load(variant)._ir is None  # type: ignore[union-attr]
    base.write_text(BIG_TWO.replace("game big_two", "game mybase", 1)
                    .replace("deal 13 each", "deal 12 each"), "utf-8")
    again = cardrules.load(variant)
    assert again._ir is not None  # type: ignore[union-attr]
    assert again.module.DEAL_EACH == 12  # type: ignore[union-attr]


def test_a_base_appearing_beside_a_variant_is_compiled_again(where: Path,
                                                              tmp_path: Path) -> None:
    variant = _variant(tmp_path)  # extends the built-in big_two
    assert cardrules.load(variant).module.DEAL_EACH == 13  # type: ignore[union-attr]
    body = json.loads(entries(where)[0].read_text("utf-8"))["body"]
    assert body["absent"] == [str(tmp_path / "big_two.rules")]
    (tmp_path / "big_two.rules").write_text(BIG_TWO.replace("deal 13 each", "deal 12 each"),
                                            "utf-8")
    assert cardrules.load(variant).module.DEAL_EACH == 12  # type: ignore[union-attr]


def test_another_compiler_never_reads_the_entry(where: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    cardrules.load("big_two")
    monkeypatch.setattr(cache, "compiler_version", lambda: "another")
    assert cardrules.load("big_two")._ir is not None  # type: ignore[union-attr]
    assert len(entries(where)) == 1  # its entry replaced the first one


def test_the_compiler_version_covers_its_files_and_templates() -> None:
    root = Path(cardrules.__file__).parent
    names = {f"{folder}/{name}" for folder, ending in cache._COMPILER_FILES
             for name in os.listdir(root / folder) if name.endswith(ending)}
    assert {"compiler/codegen.py", "compiler/templates/module.py.j2", "grammar/cardrules.lark",
            "./cards.py", "./gameinfo.py"} <= names
    assert len(cache.compiler_version()) == 64


def test_the_ir_of_a_game_whose_file_changed_since_loading_is_refused(
        where: Path, tmp_path: Path) -> None:
    path = tmp_path / "mine.rules"
    path.write_text(BIG_TWO.replace("game big_two", "game mine", 1), "utf-8")
    cardrules.load(path)
    game = cardrules.load(path)
    path.write_text(BIG_TWO.replace("game big_two", "game mine", 1)
                    .replace("deal 13 each", "deal 12 each"), "utf-8")
    with pytest.raises(ValueError, match="changed since the game was loaded"):
        game.ir  # noqa: B018 (the property compiles)


def test_a_bad_rules_file_is_reported_and_not_cached(where: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.rules"
    path.write_text("game bad extends big_two\nfoo\n", "utf-8")
    for _ in range(2):
        with pytest.raises(cardrules.CompileError):
            cardrules.load(path)
    assert entries(where) == []
