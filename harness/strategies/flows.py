"""Whole recorded flows (``Recording``) made up by hypothesis, for the ``ReplayBrowser``.

Recorded Netflix flows are few and alike; a generated flow is any number of generated pages
(``captures.raw_nodes``: every role, state, odd name and depth) joined by recorded clicks and
fills, some of them loops back, some to a page with nothing to click. Whatever runs on a
recording (the tool server, the orchestrator, replay tests) can then be run on flows nobody
wrote. Boxes are in document coordinates, as in a real recording, on pages up to three
viewports tall, so scrolling and cutting the viewport out of the page are exercised too.
"""

from __future__ import annotations

from hypothesis import strategies as st

from harness.strategies.captures import INCLUDED_ROLES, NAMES, raw_nodes
from subterminator.browser.capture import RawCapture, RawNode, RawViewport
from subterminator.recording.model import (
    BrowserEvent,
    RecordedPage,
    Recording,
    RecordingMeta,
    fingerprint,
    identity_of,
)

VIEWPORT = RawViewport(width=1280, height=800)
ORIGIN = "http://127.0.0.1:8765"
RECORDED_AT = "2026-01-01T00:00:00+00:00"


def _actionable(node: RawNode) -> bool:
    return node.role in INCLUDED_ROLES and not node.hidden and not node.disabled


@st.composite
def recorded_pages(draw: st.DrawFn, path: str, max_nodes: int = 80) -> RecordedPage:
    """One page at ``path``: generated nodes on a page up to three viewports tall."""
    tall = VIEWPORT.model_copy(update={"height": VIEWPORT.height * draw(st.integers(1, 3))})
    nodes = draw(raw_nodes(tall, max_nodes=max_nodes))
    capture = RawCapture(
        url=f"{ORIGIN}{path}",
        title=draw(NAMES),
        viewport=VIEWPORT,
        scope="page",
        nodes=nodes,
        text=draw(NAMES),
    )
    return RecordedPage(id=fingerprint(capture), capture=capture)


@st.composite
def recordings(
    draw: st.DrawFn,
    max_pages: int = 5,
    max_nodes: int = 80,
    service: str = "generated",
) -> Recording:
    """A flow of 1 to ``max_pages`` pages: a navigation to the first, then on each page some
    of its enabled controls recorded as clicks (and textboxes as fills) leading to any page of
    the flow, itself included."""
    count = draw(st.integers(1, max_pages))
    pages = [draw(recorded_pages(f"/flow/{i}", max_nodes)) for i in range(count)]
    ids = [p.id for p in pages]
    start = pages[0].capture.url
    events = [BrowserEvent(call="navigate", page="", arguments={"url": start}, result_page=ids[0])]
    for page in pages:
        nodes = page.capture.nodes
        actionable = [i for i, n in enumerate(nodes) if _actionable(n)]
        if not actionable:
            continue
        chosen = draw(st.lists(st.sampled_from(actionable), max_size=8, unique=True))
        for index in chosen:
            fills = nodes[index].role == "textbox"
            events.append(
                BrowserEvent(
                    call="fill" if fills else "click",
                    page=page.id,
                    target=identity_of(nodes, index),
                    arguments={"value": draw(st.sampled_from(["", "Ann", "x"]))} if fills else {},
                    result_page=draw(st.sampled_from(ids)),
                )
            )
    meta = RecordingMeta(
        service=service,
        flow=f"generated-{count}",
        source="simulator",
        recorded_at=RECORDED_AT,
        viewport={"width": VIEWPORT.width, "height": VIEWPORT.height},
        start_url=start,
    )
    return Recording(meta=meta, pages=pages, events=events)
