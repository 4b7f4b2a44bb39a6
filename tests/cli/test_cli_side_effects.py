"""``subterminator cancel`` on pages that download and open tabs, in a real pseudo-terminal.

The person reads what the page did (refused, or kept and where) and the run record notes it;
a hostile tab title reaches the terminal plain.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.cli_helpers import HOME, on_terminal, run_cli, runs_dir
from tests.support.side_effect_site import EffectSite, written

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site() -> Iterator[EffectSite]:
    with EffectSite() as served:
        yield served


def cancel_on(site: EffectSite, path: str, runs: str) -> list[str]:
    return [
        "cancel",
        "netflix",
        "--sim",
        "--url",
        site.url(path),
        "--ai",
        "offline",
        "--runs-dir",
        runs,
    ]


def run_folder(runs: str) -> Path:
    (folder,) = [f for f in Path(runs).iterdir() if f.is_dir()]
    return folder


def notices(runs: str) -> list[str]:
    lines = (run_folder(runs) / "events.jsonl").read_text(encoding="utf-8").splitlines()
    return [e["text"] for e in map(json.loads, lines) if e["event"] == "notice"]


def test_a_download_on_load_is_refused_and_the_person_told(site: EffectSite) -> None:
    runs = runs_dir()
    terminal = on_terminal(*cancel_on(site, "/facture", runs))
    sentence = f'The page tried to download "facture-2026.pdf" from {site.host}; it was refused.'
    terminal.read_until(sentence)
    assert terminal.wait() == 1, terminal.seen  # the offline policy finds no way to cancel
    assert sentence in notices(runs)
    assert written(site.token, Path(runs), Path(HOME)) == []


def test_with_keep_downloads_the_file_is_kept_in_the_run_record(site: EffectSite) -> None:
    runs = runs_dir()
    done = run_cli(*cancel_on(site, "/ryoshusho", runs), "--keep-downloads")
    saved = run_folder(runs) / "downloads" / "領収書.txt"
    sentence = f'The page downloaded "領収書.txt" from {site.host}; it was saved as {saved}.'
    assert sentence in done.stdout, done.stdout + done.stderr
    assert sentence in notices(runs)
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert written(site.token, Path(runs), Path(HOME)) == [saved]


def test_a_new_tab_with_a_hostile_title_reaches_the_terminal_plain(site: EffectSite) -> None:
    runs = runs_dir()
    terminal = on_terminal(*cancel_on(site, "/hostile", runs))
    terminal.read_until("A new tab opened:")
    terminal.read_until("the agent now works in it.")
    terminal.wait()
    assert "SubTerminator: approved" in terminal.seen  # the words, shown as words
    assert "\x1b[2J" not in terminal.seen
    assert "\x1b[32mSubTerminator" not in terminal.seen
    assert "\u202e" not in terminal.seen
    assert any("A new tab opened:" in notice for notice in notices(runs))


def test_keep_downloads_needs_a_run_record() -> None:
    done = run_cli("mcp", "--keep-downloads", "--no-record")
    assert done.returncode == 2
    assert "--keep-downloads keeps them in the run record" in done.stderr
