"""``Keyed``: what a key pressed now would act on, read on the live page before it is pressed.

A key press acts on the focused element, whatever ref the model had in mind: Enter or Space
on a button is that button's click, Enter on a link follows it, and Enter in a form's field
submits the form the way a browser does (implicit submission: the click of the form's default
button, else the form itself). It crosses the ``Browser`` seam as ``ActionEffect`` does (JSON
round-trippable, so a recording can store it).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# element: the key is the click of the focused control (a button, a link, a box, a summary);
# default: Enter in a field, the click of its form's default button;
# form: Enter in a field of a form without one, the form's own submission;
# other: the key does none of that (it types, moves, scrolls, or falls on the page itself);
# unknown: the focus is where the gate cannot read what the key does (inside a frame, on a
# widget of the page's own making whose key listeners decide)
KeyedHow = Literal["element", "default", "form", "other", "unknown"]


class Keyed(BaseModel):
    """The focused element, and what an activating key (Enter, Space) does there."""

    model_config = ConfigDict(extra="forbid")

    how: KeyedHow
    handles: list[str] = Field(
        default_factory=list,
        description="Handles of the element the key clicks (element, default), or of the "
        "focused field (form): each form a capture may have given it",
    )
    name: str = Field(default="", description="The focused element's name (page words)")
    role: str = Field(default="", description="Its role, else its tag")
    form_method: str = Field(default="", description="GET or POST, for a form's own submission")
    form_action: str = Field(default="", description="Where that submission goes, absolute")
