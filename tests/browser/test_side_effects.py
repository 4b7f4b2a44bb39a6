"""What a reply says of a page's own doings, and how a kept download is named: no browser.

Every name and address here is a hostile page's: the laws hold for any string.
"""

from __future__ import annotations

import stat
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from subterminator.browser.downloads import disk_name, save_private
from subterminator.browser.side_effects import (
    FIRST,
    TITLE_CHARS,
    SideEffect,
    describe,
    plain,
    site,
)

UNSHOWN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def shows_only_plain_text(text: str) -> bool:
    return all(unicodedata.category(c) not in UNSHOWN for c in text)


@given(st.text(), st.integers(min_value=2, max_value=200))
def test_plain_leaves_no_control_character_and_keeps_to_its_size(text: str, limit: int) -> None:
    shown = plain(text, limit)
    assert shows_only_plain_text(shown)
    assert len(shown) <= limit


def test_plain_removes_escape_sequences_whole_and_shows_bidi_controls() -> None:
    hostile = "\x1b[2J\x1b[1A\x1b]0;owned\x07\x1b[32mApproved\x1b[0m \u202etxt.exe\u2066x\u2069"
    assert plain(hostile, 80) == "Approved ⟨U+202E⟩txt.exe⟨U+2066⟩x⟨U+2069⟩"


def test_plain_cuts_a_long_title_to_one_line() -> None:
    shown = plain("Título\nmuy " + "largo " * 100, TITLE_CHARS)
    assert len(shown) == TITLE_CHARS
    assert shown.endswith("…")
    assert "\n" not in shown


@pytest.mark.parametrize(
    ("url", "where"),
    [
        ("http://127.0.0.1:8000/files/a.pdf", "127.0.0.1:8000"),
        ("https://user:secret@billing.example/x", "billing.example"),
        ("blob:https://shop.example/6a1f-22", "shop.example"),
        ("data:text/plain,hello", "a data: address"),
        ("", "the page itself"),
    ],
)
def test_a_download_is_said_to_come_from_its_site(url: str, where: str) -> None:
    assert site(url) == where


def download(name: str, n: int = 0, **extra: str) -> SideEffect:
    return SideEffect(kind="download", url=f"http://127.0.0.1:9/files/{n}", name=name, **extra)


def test_one_refused_download_is_named_with_its_site() -> None:
    said = describe([download("facture.pdf")])
    assert said == ['The page tried to download "facture.pdf" from 127.0.0.1:9; it was refused.']


def test_many_downloads_are_counted_and_the_first_few_named() -> None:
    (said,) = describe([download(f"f{n}.bin", n) for n in range(500)])
    assert said.startswith("The page tried to download 500 files; they were refused:")
    assert f"and {500 - FIRST} more" in said
    assert [f'"f{n}.bin"' in said for n in range(FIRST + 1)] == [True] * FIRST + [False]
    assert len(said) < 400


def test_a_kept_download_names_the_saved_file() -> None:
    (said,) = describe([download("recibo.pdf", saved="/runs/r/downloads/recibo.pdf")])
    assert said == (
        'The page downloaded "recibo.pdf" from 127.0.0.1:9; it was saved as '
        "/runs/r/downloads/recibo.pdf."
    )


def tab(title: str, n: int = 0, **flags: bool) -> SideEffect:
    return SideEffect(kind="tab", url=f"http://127.0.0.1:9/tab?{n}", name=title, **flags)


def test_a_new_tab_is_named_and_the_agent_said_to_work_in_it() -> None:
    said = describe([tab("Offre spéciale", current=True)])
    assert said == [
        'A new tab opened: "Offre spéciale" http://127.0.0.1:9/tab?0; the agent now works in it.'
    ]


@pytest.mark.parametrize(
    ("flags", "end"),
    [
        ({"closed": True}, "; it closed again."),
        ({"closed": True, "shut": True}, "; it was closed as it opened (too many tabs)."),
        ({}, "."),
    ],
    ids=["closed-by-the-page", "closed-as-it-opened", "left-open"],
)
def test_a_new_tab_the_agent_does_not_work_in_says_why(flags: dict[str, bool], end: str) -> None:
    (said,) = describe([tab("Aide", **flags)])
    assert said == f'A new tab opened: "Aide" http://127.0.0.1:9/tab?0{end}'


def test_fifty_tabs_are_a_count_the_first_few_and_the_one_worked_in() -> None:
    tabs = [tab("نافذة", n, shut=n >= 8, closed=n >= 8) for n in range(50)]
    tabs[7] = tab("نافذة", 7, current=True)
    (said,) = describe(tabs)
    assert said.startswith("The page opened 50 new tabs:")
    assert "and 47 more" in said
    assert "42 were closed as they opened" in said
    assert said.endswith('the agent now works in "نافذة" http://127.0.0.1:9/tab?7.')
    assert len(said) < 500


def test_the_tab_the_agent_is_back_in_is_named() -> None:
    back = SideEffect(kind="tab", url="http://127.0.0.1:9/home", name="Jūsų paskyra", back=True)
    assert describe([back]) == [
        'The tab the agent worked in closed; the agent now works in "Jūsų paskyra" '
        "http://127.0.0.1:9/home."
    ]


@pytest.mark.parametrize(
    ("kind", "how"),
    [
        ("alert", "its OK closes it"),
        ("confirm", "OK accepts it, Cancel dismisses it"),
        ("prompt", "type into its field, then OK accepts it, Cancel dismisses it"),
        ("beforeunload", "Leave page lets the page go, Stay on page keeps it"),
    ],
)
def test_an_open_dialog_is_said_with_its_kind_and_how_it_is_answered(kind: str, how: str) -> None:
    hostile = "Ar tikrai?\x1b[2J\u202e\nApproved"
    dialog = SideEffect(kind="dialog", url="http://127.0.0.1:9/p", name=hostile, dialog=kind)
    assert describe([dialog]) == [
        f'The page opened a browser {kind} dialog ("Ar tikrai?⟨U+202E⟩ Approved"); it blocks '
        f"the page until it is answered: {how}."
    ]


@given(st.lists(st.tuples(st.text(), st.text()), min_size=1, max_size=60))
def test_whatever_the_pages_names_the_sentences_are_plain_and_short(
    names: list[tuple[str, str]],
) -> None:
    effects = [
        SideEffect(
            kind=("tab", "download", "dialog")[n % 3],
            url=url,
            name=name,
            current=n == 1,
            dialog=name if n % 3 == 2 else "",
        )
        for n, (name, url) in enumerate(names)
    ]
    for sentence in describe(effects):
        assert shows_only_plain_text(sentence)
        assert len(sentence) < 1200


@pytest.mark.parametrize(
    ("suggested", "kept"),
    [
        ("facture-2026.pdf", "facture-2026.pdf"),
        ("領収書.txt", "領収書.txt"),
        ("../../.bashrc", "bashrc"),
        ("..\\..\\AppData\\evil.exe", "evil.exe"),
        ("\x1b[31mred.pdf", "31mred.pdf"),
        ("\u202etxt.exe", "txt.exe"),
        ("...", "download"),
        ("", "download"),
    ],
)
def test_a_kept_download_gets_a_plain_file_name(suggested: str, kept: str) -> None:
    assert disk_name(suggested) == kept


@given(st.text())
def test_any_suggested_name_is_one_plain_file_name(suggested: str) -> None:
    name = disk_name(suggested)
    assert name
    assert "/" not in name
    assert "\\" not in name
    assert not name.startswith((".", "-"))
    assert len(name.encode()) <= 150
    assert shows_only_plain_text(name)


def test_a_kept_file_is_private_and_never_replaces_another(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.write_bytes(b"first")
    folder = tmp_path / "run" / "downloads"
    first = save_private(source, folder, "recibo.pdf")
    source.write_bytes(b"second")
    second = save_private(source, folder, "recibo.pdf")
    assert first.name == "recibo.pdf"
    assert second.name == "recibo-2.pdf"
    assert first.read_bytes() == b"first"
    assert second.read_bytes() == b"second"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert {stat.S_IMODE(p.stat().st_mode) for p in (first, second)} == {0o600}
