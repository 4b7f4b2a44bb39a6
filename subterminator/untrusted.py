"""Words from outside (a page, the AI, a server's error text), as a person may be shown them.

A terminal obeys the bytes it is sent: an escape sequence in a button's name can move the
cursor, erase a row of the approval panel and draw a forged one; ``ESC[8m`` hides the rest of a
row; a bidi override makes text read backwards; a zero-width character makes two names look the
same. ``shown`` is the one rule for every such string before it reaches a terminal, an MCP
elicitation, a log line or the run report:

- escape sequences (CSI, OSC, DCS and the other string controls, 7-bit and 8-bit forms) go
  whole, and every other control character goes: nothing left can move the cursor or restyle;
- line breaks, tabs and odd spaces become one space: a string is one line, and cannot start a
  row of its own under our labels;
- invisible and direction-changing characters (Unicode format characters: zero-width space and
  joiners, bidi embeddings, overrides, isolates and marks, the BOM; private-use, unassigned and
  lone surrogate code points; the Hangul fillers) are named where they stood, ``⟨U+202E⟩``, so a
  person sees that a name holds them; long runs of combining marks (which a terminal may draw
  over the row above) are cut to a few;
- the text is cut to a stated size, with an ellipsis.

A legitimate zero-width joiner (in an emoji sequence, in Persian) is named too: a person
reading "⟨U+200C⟩" loses a little elegance, never the truth.
"""

from __future__ import annotations

import logging
import re
import unicodedata

# The stated sizes, in characters: what a person reads of each kind of outside string.
TITLE = 80  # a page's title: one line of the panel
NAME = 120  # a control's accessible name, or the text it shows
CONTROL = NAME + 20  # a control as a question names it: its name quoted, with its role
URL = 200  # an address
SENTENCE = 200  # one sentence of the page ("Your membership ends on ...")
AI_WORDS = 300  # what the AI wrote: its request, its reason, its thought
STEP = 300  # a step as the system words it, with a name or a title quoted in it
NOTICE = 400  # a notice or an error, with a server's or a page's words in it
LOG_LINE = 2000  # one line of a log
PAGE_SAYS = 3  # sentences of "what the page says" shown with a question

ELLIPSIS = "…"
MARKS = 4  # combining marks kept on one character (Vietnamese, Devanagari, Thai need fewer)

# ESC or its 8-bit C1 forms, with what follows up to the end of the sequence: string controls
# (OSC, DCS, SOS, PM, APC) to their terminator, CSI to its final byte, any other escape to its
# final byte. What is left of a broken sequence is plain text once its controls are gone.
_SEQUENCE = re.compile(
    r"(?:\x1b[\]P^_X]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)"
    r"|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]"
)
_BREAKS = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85")  # what a reader takes for a space or a line
_NAMED = frozenset({"Cf", "Co", "Cn", "Cs"})  # format (invisible, bidi), private, unassigned
# Default-ignorable characters that Unicode files as letters or marks, not as format characters
_IGNORABLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0")


def shown(text: str, limit: int) -> str:
    """``text`` as one safe line of at most ``limit`` characters (see the module)."""
    text = "".join(
        " " if char in _BREAKS else char
        for char in _SEQUENCE.sub("", text)
        if char in _BREAKS or unicodedata.category(char) != "Cc"
    )
    units: list[str] = []  # what is shown, a character or a name at a time
    marks = 0
    for char in unicodedata.normalize("NFC", text):  # composed: fewer marks, one form
        kind = unicodedata.category(char)
        if kind in ("Zs", "Zl", "Zp"):
            if units and units[-1] != " ":
                units.append(" ")
            marks = 0
        elif kind in _NAMED or char in _IGNORABLE:
            units.append(f"⟨U+{ord(char):04X}⟩")
            marks = 0
        elif kind in ("Mn", "Me"):
            marks += 1
            if marks <= MARKS:
                units.append(char)
        else:
            units.append(char)
            marks = 0
    while units and units[-1] == " ":
        units.pop()
    if units and units[0] == " ":
        units.pop(0)
    return _cut(units, limit)


def _cut(units: list[str], limit: int) -> str:
    """The units whole while they fit in ``limit`` characters, else as many as fit beside an
    ellipsis (a name ``⟨U+200B⟩`` is never split)."""
    if sum(len(unit) for unit in units) <= limit:
        return "".join(units)
    kept: list[str] = []
    room = limit - len(ELLIPSIS)
    for unit in units:
        if len(unit) > room:
            break
        kept.append(unit)
        room -= len(unit)
    return "".join(kept).rstrip() + ELLIPSIS if limit >= len(ELLIPSIS) else ""


def shown_lines(text: str, limit: int) -> str:
    """Several lines (a traceback, pretty-printed JSON), each made safe and cut to ``limit``;
    the line breaks between them are kept."""
    return "\n".join(shown(line, limit) for line in text.splitlines())


class ShownFormatter(logging.Formatter):
    """Log lines with outside words in them (a page's address, the AI's thought, an error a
    server sent), made safe as a whole: the message and any traceback."""

    def format(self, record: logging.LogRecord) -> str:
        return shown_lines(super().format(record), LOG_LINE)
