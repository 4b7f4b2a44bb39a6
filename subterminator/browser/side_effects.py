"""``SideEffect``: what a page did by itself (a download, a new tab, a native dialog), said.

A page's script can start a download or open a tab without any tool call asking for it. The
browser keeps each such event until the next tool reply, which says it in our words: the
model learns that it now works in another tab, the person and the run record learn that a
file was refused (or kept, and where). Every name and address here is the page's, so each is
shown plain (no control characters, escape sequences or bidi controls) and cut to a size; a
hostile page that opens fifty tabs gets a count and the first few, never fifty lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

from subterminator.untrusted import shown

FIRST = 3  # of many downloads or tabs, a reply names this many
TITLE_CHARS = 80
URL_CHARS = 120
FILE_CHARS = 80


def plain(text: str, limit: int) -> str:
    """``text`` as one line of at most ``limit`` characters: the one rule for outside words."""
    return shown(text, limit)


def site(url: str) -> str:
    """Where an address is: ``host:port`` for the web; a blob's page's host; else its scheme."""
    try:
        parts = urlsplit(url)
        if parts.scheme == "blob":
            return site(url[len("blob:") :])
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return "an address that cannot be read"
    if parts.scheme in ("http", "https") and host:
        return plain(f"{host}:{port}" if port else host, URL_CHARS)
    return f"a {plain(parts.scheme, 20)}: address" if parts.scheme else "the page itself"


class SideEffect(BaseModel):
    """One thing a page did by itself since the last reply."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["download", "tab", "dialog"]
    url: str = Field(description="The download's address, the tab's page now, a dialog's page")
    name: str = Field(
        default="",
        description="The file name the page gave, the tab's title, or a dialog's words",
    )
    dialog: str = Field(default="", description="A native dialog's kind (alert, confirm...)")
    saved: str = Field(default="", description="Where a kept download was saved ('' if not)")
    problem: str = Field(default="", description="Why a download to keep was not kept")
    current: bool = Field(default=False, description="A tab the agent now works in")
    closed: bool = Field(default=False, description="A tab that closed again")
    shut: bool = Field(default=False, description="A tab closed as it opened: too many open")
    back: bool = Field(
        default=False,
        description="The tab the agent worked in closed (a pop-up done with its step): the "
        "agent works in this one again, the tab it came from",
    )


def _file(effect: SideEffect) -> str:
    return f'"{plain(effect.name, FILE_CHARS) or "a file"}" from {site(effect.url)}'


def _tab(effect: SideEffect) -> str:
    title = plain(effect.name, TITLE_CHARS)
    shown = f'"{title}" ' if title else ""
    return f"{shown}{plain(effect.url, URL_CHARS) or 'about:blank'}"


def _some(items: Sequence[str], total: int) -> str:
    more = f" and {total - len(items)} more" if total > len(items) else ""
    return ", ".join(items) + more


def _refused(effects: Sequence[SideEffect]) -> str | None:
    if not effects:
        return None
    if len(effects) == 1:
        return f"The page tried to download {_file(effects[0])}; it was refused."
    shown = _some([_file(e) for e in effects[:FIRST]], len(effects))
    return f"The page tried to download {len(effects)} files; they were refused: {shown}."


def _kept(effects: Sequence[SideEffect]) -> str | None:
    if not effects:
        return None
    if len(effects) == 1:
        return f"The page downloaded {_file(effects[0])}; it was saved as {effects[0].saved}."
    shown = _some([f"{_file(e)} as {e.saved}" for e in effects[:FIRST]], len(effects))
    return f"The page downloaded {len(effects)} files; they were saved: {shown}."


def _unsaved(effects: Sequence[SideEffect]) -> str | None:
    if not effects:
        return None
    shown = _some([f"{_file(e)} ({e.problem})" for e in effects[:FIRST]], len(effects))
    return f"The page tried to download {shown}; not saved."


def _back(effects: Sequence[SideEffect]) -> str | None:
    if not effects:
        return None
    return f"The tab the agent worked in closed; the agent now works in {_tab(effects[-1])}."


def _tabs(effects: Sequence[SideEffect]) -> str | None:
    if not effects:
        return None
    current = next((e for e in effects if e.current), None)
    if len(effects) == 1:
        (tab,) = effects
        if tab.current:
            return f"A new tab opened: {_tab(tab)}; the agent now works in it."
        if tab.shut:
            return f"A new tab opened: {_tab(tab)}; it was closed as it opened (too many tabs)."
        return f"A new tab opened: {_tab(tab)}{'; it closed again' if tab.closed else ''}."
    shown = _some([_tab(e) for e in effects[:FIRST]], len(effects))
    shut = sum(e.shut for e in effects)
    closed = f"; {shut} were closed as they opened (too many tabs)" if shut else ""
    now = f"; the agent now works in {_tab(current)}" if current is not None else ""
    return f"The page opened {len(effects)} new tabs: {shown}{closed}{now}."


HOW_ANSWERED = {
    "alert": "its OK closes it",
    "confirm": "OK accepts it, Cancel dismisses it",
    "prompt": "type into its field, then OK accepts it, Cancel dismisses it",
    "beforeunload": "Leave page lets the page go, Stay on page keeps it",
}


def _dialogs(effects: Sequence[SideEffect]) -> str | None:
    """A dialog still open: the page waits for its answer (an earlier one was answered)."""
    if not effects:
        return None
    last = effects[-1]
    how = HOW_ANSWERED.get(last.dialog, "its buttons answer it")
    return (
        f'The page opened a browser {plain(last.dialog, 20)} dialog ("{plain(last.name, 200)}"); '
        f"it blocks the page until it is answered: {how}."
    )


def describe(effects: Sequence[SideEffect]) -> list[str]:
    """The sentences a reply carries for ``effects`` (none when nothing happened)."""
    downloads = [e for e in effects if e.kind == "download"]
    tabs = [e for e in effects if e.kind == "tab"]
    said = (
        _tabs([e for e in tabs if not e.back]),
        _back([e for e in tabs if e.back]),
        _refused([e for e in downloads if not e.saved and not e.problem]),
        _kept([e for e in downloads if e.saved]),
        _unsaved([e for e in downloads if e.problem]),
        _dialogs([e for e in effects if e.kind == "dialog"]),
    )
    return [sentence for sentence in said if sentence]
