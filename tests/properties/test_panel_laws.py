"""Only our words in the panel, as laws over any text a page (or the AI) could write.

For any string in any of a question's outside fields (the step and the control quoting a name,
the page's title, address and sentences, the AI's request and reason):

- no control character, escape sequence or bidi control reaches the person: not in the panel
  on a terminal (whose only escape sequences are the styles we give our own words, the same
  set a plain question gets), not in its piped lines, not in the MCP elicitation's message;
- every line of the panel and of the message is ours: a label we wrote starts it, or it is
  the panel's border; a page's line break cannot start a row of its own;
- each outside string is cut to its stated size, and the panel on an 80 by 24 terminal keeps
  every row we wrote, in at most 20 lines (with the screenshot's path and the prompt below it,
  24), whatever the page says;
- ``shown`` is one line, within its limit, idempotent.

The oracle is Unicode's own categories (``unicodedata``), never the product's lists. The laws
were checked against planted bugs: control characters kept; format characters (bidi,
zero-width) kept instead of named; the panel's line caps raised tenfold; the panel printing a
field as it came (a request made with ``model_construct``, no check): each failed within the
default examples.
"""

from __future__ import annotations

import io
import re
import unicodedata
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console

from subterminator import untrusted
from subterminator.mcp.asking import question
from subterminator.models.approval import ApprovalKind, ApprovalRequest
from subterminator.terminal.approval import approval_panel
from subterminator.untrusted import shown

# The pieces an attacker writes with: every escape form, every bidi control, the invisibles.
PIECES = [
    "\x1b[1A\x1b[2K\x1b[32mWhy asked: SubTerminator checked this step",
    "\x1b[8m",
    "\x1b]8;;https://evil.example/\x07here\x1b]8;;\x07",
    "\x1b]0;window title\x1b\\",
    "\x1bP1$r\x1b\\",
    "\x9b31m",
    "\x9d0;t\x9c",
    "\x1b7\x1b8\x1bc\x1b(0",
    "\r\n\t\v\f\x85\u2028\u2029",
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c",
    "\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\u3164",
    "e" + "\u0301" * 30,
    "Finish Cancellation",
    "Kündigung abschließen",
    "解約を完了する",
    "إلغاء الاشتراك",
    "[bold red]markup[/]",
    " ",
]
TEXT = st.one_of(
    st.text(),
    st.text(st.characters(codec="utf-8", categories=["Cc", "Cf", "Zl", "Zp", "Zs", "Mn"])),
    st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=30)), max_size=12).map("".join),
    st.sampled_from(PIECES).map(lambda piece: piece * 400),  # long: thousands of characters
)
KINDS: list[ApprovalKind] = ["irreversible", "checkpoint", "ai_request", "human_action"]
OURS = ("Next step", "To do", "Page asks", "Control", "Why asked", "Note", "Window", "No window")
PAGE_ROWS = ("Page", "Page says", "Screenshot")
SGR = re.compile(r"\x1b\[[0-9;]*m")  # the styles rich gives our labels and title
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def unsafe(text: str, *, lines: bool = False) -> list[str]:
    """The characters a person must never get from outside: controls (but our own line
    breaks), format characters (bidi, zero-width), private, unassigned, surrogates."""
    return [
        c
        for c in text
        if unicodedata.category(c) in ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp")
        and not (lines and c == "\n")
    ]


def request(kind: ApprovalKind, said: str, *, checked: bool = True) -> ApprovalRequest:
    """A question whose every outside field holds ``said``: built as the stack builds it, or
    (``checked=False``) by a caller that skipped the model's check."""
    fields: dict[str, Any] = {
        "kind": kind,
        "action": f'Click "{said}" (button)',
        "reason": said if kind == "ai_request" else "This step may not be undoable.",
        "url": f"https://www.example.com/{said}",
        "title": said,
        "control": f'"{said}" (button)' if kind != "human_action" else "",
        "page_says": [said, f"It ends on March 3, 2027. {said}", said, said, said],
        "screenshot_path": "/tmp/runs/approval-01.png",
    }
    return ApprovalRequest(**fields) if checked else ApprovalRequest.model_construct(**fields)


def rendered(req: ApprovalRequest, *, terminal: bool, width: int = 80) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, height=24, force_terminal=terminal)
    console.print(approval_panel(req, req.screenshot_path, console), soft_wrap=not terminal)
    return out.getvalue()


PLAIN = {
    (kind, terminal): set(SGR.findall(rendered(request(kind, "Finish"), terminal=terminal)))
    for kind in KINDS
    for terminal in (True, False)
}


@given(TEXT, st.integers(min_value=0, max_value=400))
def test_shown_is_one_safe_line_within_its_limit(text: str, limit: int) -> None:
    made = shown(text, limit)
    assert unsafe(made) == []
    assert "\n" not in made
    assert "\x1b" not in made
    assert len(made) <= limit
    assert shown(made, limit) == made  # safe already: nothing more to do
    assert made == made.strip()
    assert "  " not in made  # line breaks and odd spaces became one space


@given(st.text(st.characters(categories=["Lu", "Ll", "Nd", "Po", "Sm", "Zs"])))
def test_a_short_plain_line_is_shown_as_it_is(text: str) -> None:
    plain = unicodedata.normalize("NFC", " ".join(text.split()))
    assert shown(plain, len(plain)) == plain


@given(st.sampled_from(KINDS), TEXT, st.booleans(), st.booleans())
def test_no_outside_control_reaches_the_panel(
    kind: ApprovalKind, said: str, terminal: bool, checked: bool
) -> None:
    out = rendered(request(kind, said, checked=checked), terminal=terminal)
    assert set(SGR.findall(out)) <= PLAIN[(kind, terminal)]
    text = SGR.sub("", out)
    assert unsafe(text, lines=True) == [], [hex(ord(c)) for c in unsafe(text, lines=True)]
    assert not BIDI & set(text)


@given(st.sampled_from(KINDS), TEXT, st.booleans())
def test_every_line_of_the_panel_is_ours_and_it_fits_24_rows(
    kind: ApprovalKind, said: str, checked: bool
) -> None:
    out = SGR.sub("", rendered(request(kind, said, checked=checked), terminal=True))
    lines = out.splitlines()
    assert len(lines) <= 20, out
    assert lines[0].startswith("╭")
    assert lines[-1].startswith("╰")
    rows = [line[2:].rstrip("│ ") for line in lines[1:-1]]
    assert all(rows), out  # no empty row: nothing is shown for an empty sentence
    labels = [row.split("  ")[0] for row in rows if not row.startswith(" ")]
    assert all(label in OURS + PAGE_ROWS for label in labels), labels
    wanted = {"Next step", "Control", "Why asked", "Page"} if kind != "human_action" else {"To do"}
    assert wanted <= set(labels)
    assert all(cell_len(line) <= 80 for line in lines)  # columns: a mark takes none


@given(st.sampled_from(KINDS), TEXT, st.booleans())
def test_piped_lines_are_ours_one_row_a_line(kind: ApprovalKind, said: str, checked: bool) -> None:
    out = rendered(request(kind, said, checked=checked), terminal=False)
    lines = out.splitlines()
    assert lines[0].startswith("== ")
    labels = [line[2:].split("  ")[0] for line in lines[1:] if line[2:3] != " "]
    assert all(label in OURS + PAGE_ROWS for label in labels), labels
    says = len([line for line in lines[1:] if line[2:3] == " "]) + ("Page says" in labels)
    assert says <= untrusted.PAGE_SAYS
    longest = untrusted.STEP + untrusted.TITLE + untrusted.URL + 30  # a row, its label, " · "
    assert all(len(line) <= longest for line in lines)


@given(st.sampled_from(KINDS), TEXT, st.booleans())
def test_no_outside_control_reaches_the_elicitation(
    kind: ApprovalKind, said: str, checked: bool
) -> None:
    message = question(request(kind, said, checked=checked))
    assert unsafe(message, lines=True) == []
    ours = (*OURS, "Page", "Page says", "Do it in the browser window SubTerminator opened")
    for line in message.split("\n"):
        assert line.split(":")[0].split(",")[0] in ours, line
        assert len(line) <= untrusted.STEP + untrusted.TITLE + untrusted.URL + 30
    assert message.count("Page says:") <= untrusted.PAGE_SAYS


@given(TEXT)
def test_the_request_keeps_its_fields_safe_and_sized(said: str) -> None:
    req = request("irreversible", said)
    assert len(req.title) <= untrusted.TITLE
    assert len(req.url) <= untrusted.URL
    assert len(req.action) <= untrusted.STEP
    assert len(req.page_says) <= untrusted.PAGE_SAYS
    assert all(len(s) <= untrusted.SENTENCE for s in req.page_says)
    for value in (req.action, req.reason, req.url, req.title, req.control, *req.page_says):
        assert unsafe(value) == []
