"""The `cardrules` command against input a careless or hostile new user gives it (a
fresh-eyes review of main): each case once did something wrong, and now gets a clear sentence
and its exit status, never a traceback nor harm to what stands at a path."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cardrules.cli import main


@pytest.mark.parametrize("command", [["play", "big_two"], ["play", "shengji"],
                                     ["play", "blackjack"]])
def test_record_never_replaces_a_device_or_a_pipe(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """`play --record /dev/null` (or /dev/stdout) replaced the device node with a regular
    file when run as root: the file is written whole and renamed over the target. A target
    that is not a regular file (a pipe here, or a symlink to a device) is refused."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "null"
    link.symlink_to(os.devnull)
    for target in (fifo, link):
        assert main([*command, "--seats", _bots(command[1]),
                     "--record", str(target)]) == 2
        err = capsys.readouterr().err
        assert err.splitlines()[-1] == (f"cardrules: error: --record {target}: not a regular "
                                        "file: give a file name (the replay is written to a "
                                        "new file, then renamed over it)"), err
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and link.is_symlink()


def _bots(game: str) -> str:
    return {"big_two": "greedy,greedy,greedy,greedy", "shengji": "greedy,greedy,greedy,greedy",
            "blackjack": "threshold,threshold"}[game]


def test_compile_never_replaces_a_pipe(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "big_two.py")
    assert main(["compile", "big_two", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == (f"cardrules: error: {tmp_path / 'big_two.py'}: not a "
                                    "regular file: give -o another directory"), err
    assert stat.S_ISFIFO((tmp_path / "big_two.py").lstat().st_mode)


def test_a_record_file_is_still_replaced_whole(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "old.jsonl"
    target.write_text("old\n", encoding="utf-8")
    assert main(["play", "big_two", "--record", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith('{"type": "header"')


@pytest.mark.parametrize("seats", ["threshold,expect", "expect,human"])
def test_a_bot_the_rules_cannot_seat_is_bad_usage(
        capsys: pytest.CaptureFixture[str], seats: str) -> None:
    """blackjack's banker decides (no banker policy in its rules), so its `expect` bot cannot
    be made: `--seats threshold,expect` failed at the first deal (exit 1, the bot's error);
    it is refused with the seats, as any seat kind the game cannot have."""
    for command in (["play", "blackjack"], ["simulate", "blackjack", "-n", "2"]):
        assert main([*command, "--seats", seats]) == 2
        assert capsys.readouterr().err.splitlines()[-1] == (
            "cardrules: error: --seats: the expect bot needs a banker policy stated in the "
            "rules ('banker plays: ACTION while ... else ACTION')")


def test_replay_of_a_missing_file_says_there_is_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It said 'not a regular file', as for a folder."""
    missing = tmp_path / "game.jsonl"
    assert main(["replay", str(missing)]) == 1
    assert capsys.readouterr().err == f"cardrules: error: {missing}: no such file\n"
    assert main(["replay", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"cardrules: error: {tmp_path}: not a regular file\n"


@pytest.mark.parametrize("cards", [[""], [" "], [","]])
def test_classify_without_cards_says_so(capsys: pytest.CaptureFixture[str],
                                        cards: list[str]) -> None:
    """`classify big_two ''` printed ': not a combination' (no cards before the colon)."""
    assert main(["classify", "big_two", *cards]) == 1
    got = capsys.readouterr()
    assert (got.out, got.err) == ("", "cardrules: error: no cards given: write cards like "
                                      "S3 H10 DQ\n")


@pytest.mark.parametrize("trump", ["s", "♠", "S"])
def test_classify_names_the_trump_as_cards_are_written(
        capsys: pytest.CaptureFixture[str], trump: str) -> None:
    """The trump suit was echoed as typed ('trump s', 'trump ♠')."""
    assert main(["classify", "tractor", "HJ", "HJ", "--trump", trump, "--level", "10"]) == 0
    assert capsys.readouterr().out == "HJ HJ: pair (对子), key HJ (trump S, level 10)\n"


def test_the_seats_help_names_every_kind_of_seat() -> None:
    from cardrules.cli import SUBPARSERS, build_parser
    build_parser()
    for command in ("play", "simulate"):
        helptext = SUBPARSERS[command].format_help()
        assert "ismcts" in helptext and "threshold" in helptext, helptext


def test_a_banking_seat_may_ask_for_its_moves(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The manual: a human seat types '?' or 'help' for the legal moves. A banking seat got
    "'?' is not a move" (its prompt shows at most 12 moves, then '...')."""
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("?\nhelp\n"))
    assert main(["play", "blackjack_casino", "--seats", "threshold,human"]) == 1
    out = capsys.readouterr().out
    assert out.count("): legal: bet 2 | bet 4 | bet 6 | bet 8 | bet 10 | bet 12 | bet 14 | "
                     "bet 16 | bet 18 | bet 20\n") == 2, out
    assert "is not a move" not in out


def test_serve_on_an_address_in_use_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """It printed 'serving on http://...' first, then uvicorn's 'ERROR: [Errno 98] ...', and
    exited 3, a status the manual does not know."""
    import socket
    pytest.importorskip("uvicorn")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    got = capsys.readouterr()
    assert got.out == ""
    assert got.err == (f"cardrules: error: cannot listen on 127.0.0.1:{port}: Address already "
                       "in use\n")


@pytest.mark.parametrize(("args", "usage"), [
    (["serve", "--port", "0"], "usage: cardrules serve "),
    (["classify", "big_two", "S3", "--trump", "S"], "usage: cardrules classify "),
    (["compile", "big_two", "-o", "x.py"], "usage: cardrules compile ")])
def test_a_usage_error_shows_the_commands_own_usage(
        capsys: pytest.CaptureFixture[str], args: list[str], usage: str) -> None:
    """These showed 'usage: cardrules [-h] COMMAND ...'."""
    assert main(args) == 2
    assert capsys.readouterr().err.startswith(usage)


@pytest.mark.parametrize(("extra", "most"), [([], "100,000,000"),
                                             (["--record", "REC"], "100,000")])
def test_simulate_refuses_a_count_past_its_bound(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str],
        most: str) -> None:
    """`simulate -n 100000000000` ran for days (with --record, a file per game): the count
    is bounded, and nothing is made before the refusal."""
    extra = [str(tmp_path / "rec") if a == "REC" else a for a in extra]
    assert main(["simulate", "big_two", "-n", "100000000000", *extra]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith(f"cardrules: error: -n must be between 1 and {most}")
    assert not (tmp_path / "rec").exists()


@pytest.mark.parametrize("name", ["../games/big_two", "games/big_two", "./big_two"])
def test_a_game_name_is_never_a_path_into_the_built_ins(
        name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`check ../games/big_two` found the built-in file by joining the name to the built-in
    folder: a built-in game is a plain name; anything else is a path, and this one is not a
    file."""
    monkeypatch.chdir(tmp_path)
    assert main(["check", name]) == 1
    err = capsys.readouterr().err
    assert f"no game '{name}'" in err, err


def test_a_move_line_of_any_length_is_refused_in_bounded_memory(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A line of 6,000,000 characters typed at a human seat is refused as a move (read in
    pieces of at most MAX_LINE characters, never whole), and the seat is asked again."""
    import io

    from cardrules.terminal import MAX_LINE

    class Reads(io.StringIO):
        longest = 0

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            assert size is not None and 0 < size <= MAX_LINE + 1  # never a whole line
            line = super().readline(size)
            Reads.longest = max(Reads.longest, len(line))
            return line

    monkeypatch.setattr("sys.stdin", Reads("S3 " * 2_000_000 + "\n" + "pass\n" * 300))
    assert main(["play", "big_two", "--seats", "human,greedy,greedy,greedy"]) in (0, 1)
    out = capsys.readouterr().out
    assert f"not allowed: a move is at most {MAX_LINE:,} characters" in out
    assert Reads.longest <= MAX_LINE + 1
