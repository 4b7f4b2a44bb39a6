"""The facade's reads of the page's content: ``browser_inspect`` (HTML, whether an element
exists, an attribute) and ``browser_extract`` (text, cookies), and the wait for an element.

Everything is read in our isolated world (``facade.nodes``), with secrets withheld where they
are read: a password or one-time code, a card, a hidden input's token, a token's meta tag;
and a cookie's value never leaves the browser (it is the person's signed-in session).
A selector matching several elements is read whole (HTML, text: each in document order) or
from its first (an attribute), and ``data.matches`` says how many there were.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from subterminator.facade import nodes
from subterminator.facade.chunks import capped, chunked
from subterminator.facade.front import refused
from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.arguments import echo
from subterminator.tools.facade.args import ExtractArgs, InspectArgs

if TYPE_CHECKING:
    from subterminator.facade.reading import Reading

WITHHELD_COOKIE = "(withheld)"
COOKIE_NOTE = (
    "Cookie values are withheld: they are the person's signed-in sessions. Every cookie of "
    "the browser is listed, by name, domain, path and flags."
)
COOKIE_FIELDS = ("name", "domain", "path", "expires", "httpOnly", "secure", "sameSite")
POLL_SECONDS = 0.1


async def inspect(reading: Reading, args: InspectArgs) -> BrowserResponse:
    if args.action == "get_html":
        return await _html(reading, args)
    if not args.selector:
        return refused("invalid_params", f"browser_inspect {args.action} needs a selector")
    if args.action == "exists":
        seen = await nodes.run(reading, args.selector, "probe", {})
        if isinstance(seen, BrowserResponse):
            return seen
        count = int(seen["matches"])
        return BrowserResponse(success=True, data={"exists": count > 0, "count": count})
    return await _attribute(reading, args.selector, args.attribute)


async def _html(reading: Reading, args: InspectArgs) -> BrowserResponse:
    options = {
        "maxDepth": args.max_depth,
        "collapse": args.collapse_depth,
        "ellipsize": args.ellipsize_text_after,
    }
    said = await nodes.run(reading, args.selector, "html", options)
    if isinstance(said, BrowserResponse):
        return said
    if not said["matches"]:
        return nodes.no_match(args.selector)
    html = capped(nodes.scrubbed(str(said["text"])), reading.limits.html_response)
    return html.model_copy(update={"data": {"matches": said["matches"]}})


async def _attribute(reading: Reading, selector: str, attribute: str | None) -> BrowserResponse:
    if not attribute:
        return refused("invalid_params", "browser_inspect get_attribute needs attribute")
    said = await nodes.run(reading, selector, "attribute", {"attribute": attribute})
    if isinstance(said, BrowserResponse):
        return said
    if not said["matches"]:
        return nodes.no_match(selector)
    value = said.get("value")
    data: dict[str, Any] = {
        "attribute": attribute,
        "value": None if value is None else nodes.scrubbed(str(value)),
        "matches": said["matches"],
    }
    if said.get("withheld"):
        data["withheld"] = True
    return BrowserResponse(success=True, data=data)


async def extract(reading: Reading, args: ExtractArgs) -> BrowserResponse:
    if args.action == "get_cookies":
        return await _cookies(reading)
    options = {
        "maxDepth": args.max_depth,
        "ellipsize": args.ellipsize_text_after,
        "tags": args.include_tag_names,
        "skipHidden": args.skip_hidden,
    }
    said = await nodes.run(reading, args.selector, "text", options, root="body")
    if isinstance(said, BrowserResponse):
        return said
    if not said["matches"]:
        return nodes.no_match(args.selector)
    text = nodes.scrubbed(str(said["text"]))
    limits = reading.limits
    if args.use_chunking:
        length = min(args.length or limits.text_chunk, limits.max_chunk)
        answer = chunked(text, args.offset, length, args.snapshot_checksum)
    else:
        answer = capped(text, limits.text_response)
    return answer.model_copy(update={"data": {"matches": said["matches"]}})


async def _cookies(reading: Reading) -> BrowserResponse:
    """Every cookie of the browser, each said without its value."""
    held = await reading.browser.page.context.cookies()
    cookies = [
        {k: v for k, v in dict(cookie).items() if k in COOKIE_FIELDS} | {"value": WITHHELD_COOKIE}
        for cookie in held
    ]
    return BrowserResponse(
        success=True, cookies=cookies, data={"count": len(cookies), "note": COOKIE_NOTE}
    )


async def wait_for(reading: Reading, selector: str, state: str, seconds: float) -> BrowserResponse:
    """Until an element ``selector`` names is ``state`` (visible: one shown; hidden: none
    shown; present: one in the document), looked at every tenth of a second."""
    if not selector.strip():
        return refused("invalid_params", "the wait needs a selector")
    started = time.monotonic()
    while True:
        seen = await nodes.run(reading, selector, "probe", {})
        if isinstance(seen, BrowserResponse):
            if (seen.data or {}).get("error_code") != "action_failed":
                return seen  # an invalid selector, a ref that is not current: never will be
        elif _reached(state, seen):
            waited = round((time.monotonic() - started) * 1000)
            data = {"state": state, "waited_ms": waited, "matches": seen["matches"]}
            return BrowserResponse(success=True, data=data)
        if time.monotonic() - started >= seconds:
            return refused("timeout", f"{_not_yet(selector, state)} after {seconds:g} s")
        await asyncio.sleep(POLL_SECONDS)


def _not_yet(selector: str, state: str) -> str:
    if state == "hidden":
        return f"an element matching {echo(selector)} was still shown"
    return f"no element matching {echo(selector)} was {state}"


def _reached(state: str, seen: dict[str, Any]) -> bool:
    if state == "present":
        return int(seen["matches"]) > 0
    shown = int(seen["visible"]) > 0
    return shown if state == "visible" else not shown
