"""Raw page captures (``RawCapture``) as Chrome reports them, for pruning and snapshot tests.

Pages are where pruning and naming break: so these captures cover the whole ARIA role set
(the roles a snapshot includes, its landmarks and excluded roles, headings of levels 1-6, and roles
no list names, like img, cell, option or RootWebArea), names that test collapsing and the
200-character cut (astral characters, RTL marks, combining marks, runs of newlines, tabs and
odd Unicode spaces, names of 150-1,000 characters and names right at the limit), real trees in
depth-first document order with chains 15-40 deep (past the depth cap), hidden subtrees, boxes
fully in, partly in and wholly out of the viewport (and no box at all), and every state a node
may carry. Controls are over-represented so pages often admit far more than 100 elements, and
the ranking that picks which to keep is exercised.

``captures(corrupt_parents=True)`` also breaks a few parent links, as no browser should.
``captures()`` is the entry point; ``raw_nodes()`` gives the node list alone, ``boxes()``,
``names()`` and ``viewports()`` the parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from hypothesis import strategies as st

from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport

# The snapshot's rules of which roles it keeps, rule by rule: controls always,
# landmarks around them, never the roles that only hold text or layout.
INCLUDED_ROLES = (
    "button",
    "link",
    "checkbox",
    "radio",
    "textbox",
    "combobox",
    "listbox",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "tab",
    "switch",
    "slider",
)
LANDMARK_ROLES = ("region", "dialog", "alert", "alertdialog")
EXCLUDED_ROLES = ("generic", "presentation", "none", "separator", "StaticText")
# Roles none of those lists names: in only when focusable. "" is a role-less custom control.
OTHER_ROLES = (
    "img",
    "list",
    "listitem",
    "paragraph",
    "cell",
    "row",
    "table",
    "option",
    "searchbox",
    "spinbutton",
    "RootWebArea",
    "navigation",
    "main",
    "banner",
    "form",
    "group",
    "menu",
    "tablist",
    "tabpanel",
    "progressbar",
    "status",
    "tooltip",
    "article",
    "",
)
ALL_ROLES = (*INCLUDED_ROLES, *LANDMARK_ROLES, "heading", *EXCLUDED_ROLES, *OTHER_ROLES)

_NATIVELY_FOCUSABLE = frozenset(INCLUDED_ROLES) | {"searchbox", "spinbutton", "option"}
_CHECKABLE = ("checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio", "option")
_VALUED = ("textbox", "searchbox", "combobox", "spinbutton", "slider")
_EXPANDABLE = ("combobox", "button", "link", "menuitem", "tab", "listbox", "region")
_TEXTUAL = ("", "generic", "alert", "status", "StaticText", "paragraph")
_TAGS = {
    "button": "button",
    "link": "a",
    "checkbox": "input",
    "radio": "input",
    "textbox": "input",
    "searchbox": "input",
    "spinbutton": "input",
    "slider": "input",
    "combobox": "select",
    "listbox": "select",
    "option": "option",
    "heading": "h2",
    "img": "img",
    "list": "ul",
    "listitem": "li",
    "paragraph": "p",
    "separator": "hr",
    "dialog": "dialog",
    "RootWebArea": "#document",
}

WORDS = ("OK", "Cancel", "Cancel membership", "Finish Cancellation", "Keep my plan", "Next")
# RTL mark, RTL override, combining acute, emoji, astral letter, Arabic, NBSP, ideographic
# space, line separator, zero-width space (not whitespace), vertical tab, unit separator.
ODD_CHARACTERS = (
    "\u200f",
    "\u202e",
    "e\u0301",
    "\U0001f600",
    "\U0001d538",
    "\u0627\u0644\u063a\u0627\u0621",
    "\u00a0",
    "\u3000",
    "\u2028",
    "\u200b",
    "\x0b",
    "\x1f",
)
WHITESPACE_RUNS = (" ", "  ", "\n", "\t", "\r\n", " \n\t ", "\u00a0 \u3000")

Placement = Literal["full", "partial", "offscreen", "none"]
PLACEMENTS: tuple[Placement, ...] = ("full", "partial", "offscreen", "none")


def _names() -> st.SearchStrategy[str]:
    piece = st.one_of(
        st.sampled_from(WORDS), st.sampled_from(ODD_CHARACTERS), st.sampled_from(WHITESPACE_RUNS)
    )
    mixed = st.lists(st.one_of(piece, st.text(max_size=6)), max_size=8).map("".join)
    long = st.builds(
        lambda unit, size: (unit * (size // len(unit) + 1))[:size],
        st.lists(piece, min_size=1, max_size=4).map("".join),
        st.integers(150, 1000),
    )
    at_the_cut = st.builds(
        lambda pad, run, left, right: pad + "x" * left + run + "y" * right + pad,
        st.sampled_from(("", " ", "\n\t ")),
        st.sampled_from(WHITESPACE_RUNS),
        st.integers(90, 110),
        st.integers(88, 110),
    )
    one_char_over = st.builds(
        lambda pad, char, size: pad + char * size + pad,
        st.sampled_from(("", " ", "\n")),
        st.sampled_from(("x", "\U0001f600", "\u00e9")),
        st.integers(197, 203),
    )
    return st.one_of(st.sampled_from(("", *WORDS)), mixed, long, at_the_cut, one_char_over)


NAMES = _names()


def names() -> st.SearchStrategy[str]:
    """Accessible names: short ones, Unicode oddities, 150-1,000 characters, and names whose
    collapsed length is right around the 200-character cut."""
    return NAMES


def viewports() -> st.SearchStrategy[RawViewport]:
    """Viewports from phone to desktop size, scrolled or not."""
    return st.builds(
        RawViewport,
        width=st.one_of(st.sampled_from((1280, 390, 1920)), st.integers(1, 2000)),
        height=st.one_of(st.sampled_from((800, 844, 1080)), st.integers(1, 1400)),
        scroll_x=st.one_of(st.just(0), st.integers(0, 3000)),
        scroll_y=st.one_of(st.just(0), st.integers(0, 20000)),
    )


@st.composite
def boxes(
    draw: st.DrawFn, viewport: RawViewport, placement: Placement | None = None
) -> RawBox | None:
    """A border box in viewport coordinates, placed fully in, partly in or wholly out of
    ``viewport`` (edges touching exactly included), or None (no layout box)."""
    where = placement or draw(
        st.sampled_from(("full", "full", "partial", "offscreen", "offscreen", "none"))
    )
    if where == "none":
        return None
    width, height = max(0, viewport.width), max(0, viewport.height)
    w = draw(st.integers(0, max(0, min(width, 600))))
    h = draw(st.integers(0, max(0, min(height, 300))))
    if where == "full":
        left = float(draw(st.integers(0, width - w)))
        top = float(draw(st.integers(0, height - h)))
        fraction = draw(st.sampled_from((0.0, 0.5, 0.25, 0.75)))
        if left + w + fraction <= width and top + h + fraction <= height:
            left, top = left + fraction, top + fraction
        return RawBox(x=left, y=top, width=w, height=h)
    side = draw(st.sampled_from(("left", "right", "top", "bottom")))
    if where == "partial":  # straddles one edge of the viewport
        w, h = max(w, 2), max(h, 2)
        x = draw(st.integers(0, max(0, width - w)))
        y = draw(st.integers(0, max(0, height - h)))
        if side == "left":
            x = -draw(st.integers(1, w - 1))
        elif side == "right":
            x = width - draw(st.integers(1, w - 1))
        elif side == "top":
            y = -draw(st.integers(1, h - 1))
        else:
            y = height - draw(st.integers(1, h - 1))
        return RawBox(x=x + draw(st.sampled_from((0.0, 0.5))), y=y, width=w, height=h)
    gap = draw(st.one_of(st.just(0), st.integers(0, 5000)))  # 0: touching the edge, outside
    x = draw(st.integers(-w, width))
    y = draw(st.integers(-h, height))
    if side == "left":
        x = -w - gap
    elif side == "right":
        x = width + gap
    elif side == "top":
        y = -h - gap
    else:
        y = height + gap
    return RawBox(x=x, y=y, width=w, height=h)


def _weighted_roles(roles: Sequence[str] | None) -> tuple[str, ...]:
    if roles is not None:
        return tuple(roles)
    # Controls twice over, so pages often admit more than the 100 elements a snapshot keeps.
    return (*INCLUDED_ROLES, *ALL_ROLES)


def _bits(flags: int, first: int, count: int) -> int:
    return (flags >> first) & ((1 << count) - 1)


@st.composite
def raw_nodes(
    draw: st.DrawFn,
    viewport: RawViewport | None = None,
    *,
    min_nodes: int = 0,
    max_nodes: int = 260,
    roles: Sequence[str] | None = None,
    deep: bool = True,
    hidden: bool = True,
    corrupt_parents: bool = False,
) -> list[RawNode]:
    """A page's nodes in depth-first document order: each ``parent`` is an earlier node on
    the ancestor chain of the node before it, so they form a real tree.

    ``deep``: now and then a chain of 15-40 nested nodes. ``hidden``: some nodes hidden (their
    descendants then usually hidden too, as Chrome reports aria-hidden subtrees). ``roles``:
    the roles to draw from (default: all, controls favoured). ``corrupt_parents``: a few
    parent links broken as no browser should report them (a node its own parent, a later
    node, a negative or out-of-range index, a cycle), for robustness tests.

    Names and boxes come from small per-page pools and everything about a node (its place in
    the tree, role, name, box and states) from one integer, so a 400-node page costs a few
    hundred draws and shrinks to few nodes, one name, one box, no states.
    """
    viewport = viewport or RawViewport(width=1280, height=800)
    role_choices = _weighted_roles(roles)
    name_pool = draw(st.lists(NAMES, min_size=1, max_size=8))
    box_pool = draw(st.lists(boxes(viewport), min_size=1, max_size=16))
    count = draw(st.integers(min_nodes, max_nodes))
    nodes: list[RawNode] = []
    stack: list[int] = []  # ancestor chain of the last node, itself included
    chain = 0  # nodes still to nest under the previous one
    focus_taken = False
    for index in range(count):
        # Bits 0-39 states, 40-79 the rest. Bytes, not an integer: Hypothesis draws big
        # integers mostly small, which would leave the high bits (the role) nearly always 0.
        flags = int.from_bytes(draw(st.binary(min_size=10, max_size=10)), "little")
        depth, chain = _depth(flags, len(stack), chain, deep)
        stack = stack[:depth]
        parent = stack[-1] if stack else None
        stack.append(index)
        role = role_choices[_bits(flags, 53, 8) % len(role_choices)]
        parent_hidden = parent is not None and nodes[parent].hidden
        hides = (hidden, parent_hidden)
        node = _node(index, parent, role, flags, (name_pool, box_pool), hides, focus_taken)
        focus_taken = focus_taken or node.focused
        nodes.append(node)
    if corrupt_parents and nodes:
        _corrupt(draw, nodes)
    return nodes


def _depth(flags: int, height: int, chain: int, deep: bool) -> tuple[int, int]:
    """Where the next node goes (its depth, below the ``height`` ancestors of the last one)
    and how many nodes are still to nest under it."""
    if chain:
        return height, chain - 1
    move = _bits(flags, 40, 7) % 100 if height else 90
    if move < 40:  # sibling of the previous node
        return height - 1, 0
    if move < 80:  # its child
        return height, 0
    if move < 90:  # back up to an ancestor's sibling
        return _bits(flags, 47, 6) * height // 64, 0
    if move < 98 or not deep:  # a new top-level node
        return 0, 0
    # its child, and a chain of 15-40 nested nodes below (2 in 100)
    return height, 14 + _bits(flags, 47, 6) % 26


def _node(
    index: int,
    parent: int | None,
    role: str,
    flags: int,
    pools: tuple[Sequence[str], Sequence[RawBox | None]],
    hides: tuple[bool, bool],
    focus_taken: bool,
) -> RawNode:
    """One node, everything about it read from ``flags``; ``hides``: whether nodes may be
    hidden, and whether its parent is; focused only if no node before it took the focus."""
    name_pool, box_pool = pools
    hidden, parent_hidden = hides

    def pick(pool: Sequence[str], first: int) -> str:
        return pool[_bits(flags, first, 4) % len(pool)]

    native = role in _NATIVELY_FOCUSABLE
    focusable = _bits(flags, 13, 3) != 0 if native else _bits(flags, 13, 3) == 7
    hidden_here = hidden and _bits(flags, 6, 4) == 15
    if parent_hidden:
        hidden_here = hidden_here or _bits(flags, 10, 3) != 0
    focused = focusable and not focus_taken and not hidden_here and _bits(flags, 16, 3) == 7
    checkable = role in _CHECKABLE or _bits(flags, 21, 3) == 7
    valued = _bits(flags, 29, 1) == 1 if role in _VALUED else _bits(flags, 30, 4) == 15
    textual = _bits(flags, 34, 1) == 1 if role in _TEXTUAL else _bits(flags, 35, 4) == 15
    return RawNode(
        handle=f"h{index}",
        parent=parent,
        tag=_TAGS.get(role, "div"),
        role=role,
        name=pick(name_pool, 61),
        value=pick(name_pool, 65) if valued else None,
        level=(1, 2, 3, 4, 5, 6, None, 3)[_bits(flags, 26, 3)] if role == "heading" else None,
        box=box_pool[_bits(flags, 73, 6) % len(box_pool)],
        focusable=focusable,
        focused=focused,
        disabled=_bits(flags, 0, 2) == 3,
        readonly=_bits(flags, 2, 2) == 3,
        busy=_bits(flags, 4, 2) == 3,
        hidden=hidden_here,
        checked=(None, "true", "false", "mixed")[_bits(flags, 19, 2)] if checkable else None,
        expanded=(None, True, False, None)[_bits(flags, 24, 2)] if role in _EXPANDABLE else None,
        text=pick(name_pool, 69) if textual else None,
    )


def _corrupt(draw: st.DrawFn, nodes: list[RawNode]) -> None:
    """A few parent links broken as no browser should report them."""
    damage = st.tuples(
        st.integers(0, len(nodes) - 1),
        st.sampled_from(("self", "later", "negative", "beyond", "cycle")),
    )
    for index, kind in draw(st.lists(damage, min_size=1, max_size=8)):
        node, target = nodes[index], index
        if kind == "later":
            target = min(len(nodes) - 1, index + 1)
        elif kind == "negative":
            target = -1 - index
        elif kind == "beyond":
            target = len(nodes) + index
        elif kind == "cycle" and node.parent is not None and 0 <= node.parent < index:
            above = node.parent  # its parent's parent becomes the node itself
            nodes[above] = nodes[above].model_copy(update={"parent": index})
            continue
        nodes[index] = node.model_copy(update={"parent": target})


@st.composite
def captures(
    draw: st.DrawFn,
    max_nodes: int = 260,
    viewport: RawViewport | st.SearchStrategy[RawViewport] | None = None,
    *,
    min_nodes: int = 0,
    roles: Sequence[str] | None = None,
    deep: bool = True,
    hidden: bool = True,
    corrupt_parents: bool = False,
) -> RawCapture:
    """A whole capture: nodes from ``raw_nodes`` (same knobs) under a viewport (given, drawn
    from a strategy, or by default from ``viewports()``), with a title, page text and maybe a
    screenshot."""
    if viewport is None:
        viewport = viewports()
    chosen = draw(viewport) if isinstance(viewport, st.SearchStrategy) else viewport
    nodes = draw(
        raw_nodes(
            chosen,
            min_nodes=min_nodes,
            max_nodes=max_nodes,
            roles=roles,
            deep=deep,
            hidden=hidden,
            corrupt_parents=corrupt_parents,
        )
    )
    return RawCapture(
        url=draw(st.sampled_from(("http://127.0.0.1/account", "https://example.com/"))),
        title=draw(NAMES),
        viewport=chosen,
        scope=draw(st.sampled_from(("viewport", "page"))),
        nodes=nodes,
        omitted=draw(st.one_of(st.just(0), st.integers(0, 500))),
        screenshot=draw(st.none() | st.just(b"\x89PNG\r\n\x1a\n")),
        text=draw(NAMES),
    )
