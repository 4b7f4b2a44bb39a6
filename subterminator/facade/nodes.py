"""The facade's reads run on what a selector names, in our isolated world of the page.

A CSS selector is matched in the top document (CSS's own meaning: no frames, no shadow roots);
an ``@eN`` ref reads the element our capture gave it, wherever it is. Each read is one of our
scripts (``facade/js``), started by the same prelude: what the selector matched, and what is
secret there, by the definition the page capture and the gate's inspection share
(``browser.secret_fields``). The script answers with plain data, or why it could not.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from playwright.async_api import Error as PlaywrightError

from subterminator.browser import playwright_errors
from subterminator.browser.secret_fields import CREDENTIAL_WORDS, SECRET_AUTOCOMPLETE
from subterminator.errors import BrowserActionError
from subterminator.facade.chunks import sayable
from subterminator.facade.front import refused
from subterminator.facade.select import OUR_REF
from subterminator.models.browser_response import BrowserResponse
from subterminator.snapshot.secrecy import KNOWN, WITHHELD
from subterminator.tools.arguments import echo

if TYPE_CHECKING:
    from subterminator.facade.reading import Reading

Root = Literal["html", "body", "none"]
# Names of attributes (and of meta tags) that carry a token: their values are withheld. Words
# only widen what structure (a password, a hidden input) already withholds.
TOKEN_NAMES = r"csrf|xsrf|token|nonce|secret|authenticity"
SECRETS = {
    "secretAc": SECRET_AUTOCOMPLETE,
    "words": CREDENTIAL_WORDS.pattern,
    "tokens": TOKEN_NAMES,
    "withheld": WITHHELD,
}


@cache
def script(name: str) -> str:
    """Our read ``name`` as a function of (selector, fallback root, options), its prelude first."""
    folder = resources.files("subterminator.facade").joinpath("js")
    prelude = folder.joinpath("prelude.js").read_text("utf-8")
    body = folder.joinpath(f"{name}.js").read_text("utf-8")
    return f"function (sel, fallback, o) {{\n{prelude}\n{body}\n}}"


def scrubbed(text: str) -> str:
    """``text`` as UTF-8 can say it, every secret this process saw typed replaced by its mask."""
    return KNOWN.scrub(sayable(text))


def no_match(selector: str | None) -> BrowserResponse:
    return refused("ref_invalid", f"no element matches {echo(selector or 'the page')}")


async def run(
    reading: Reading, selector: str | None, name: str, options: dict[str, Any], root: Root = "html"
) -> dict[str, Any] | BrowserResponse:
    """Our script ``name`` on what ``selector`` names (None: the ``root``): its answer, or
    the refusal a client reads (an invalid selector, a ref that is not current)."""
    opts = SECRETS | options
    try:
        if selector is not None and OUR_REF.fullmatch(selector.strip()):
            said = await _on_ref(reading, selector.strip(), name, opts)
        else:
            said = await _in_top(reading, selector, name, opts, root)
    except (PlaywrightError, BrowserActionError) as exc:
        detail = playwright_errors.first_line(str(exc))
        return refused("action_failed", f"the page could not be read: {detail}")
    if isinstance(said, BrowserResponse):
        return said
    if not isinstance(said, dict):
        return refused("action_failed", "the page could not be read")
    if "invalid" in said:
        return refused("invalid_params", f"{echo(selector)} is not a valid CSS selector")
    return said


async def _in_top(
    reading: Reading, selector: str | None, name: str, opts: dict[str, Any], root: Root
) -> Any:
    devtools = reading.browser.devtools
    doc = await devtools.top()
    params = {
        "functionDeclaration": script(name),
        "arguments": [{"value": selector}, {"value": root}, {"value": opts}],
        "returnByValue": True,
    }
    found = await devtools.in_world(doc, "Runtime.callFunctionOn", params)
    if "exceptionDetails" in found:
        raise BrowserActionError("action_failed", _exception(found["exceptionDetails"]))
    return found.get("result", {}).get("value")


async def _on_ref(reading: Reading, ref: str, name: str, opts: dict[str, Any]) -> Any:
    """The script with ``this`` as the ref's element; an element since removed reads as none."""
    info = reading.registry.peek(ref)
    if info is None or info.handle is None:
        return refused(
            "ref_invalid",
            f"{echo(ref)} is not a ref of the latest snapshot; use a CSS selector or a ref "
            "from the latest reply's data.snapshot",
        )
    devtools = reading.browser.devtools
    try:
        node = await devtools.resolve(info.handle)
    except BrowserActionError as exc:
        if exc.code != "element_detached":
            raise
        return await _in_top(reading, None, name, opts, "none")
    return await devtools.call_on(node, script(name), None, "none", opts)


def _exception(details: dict[str, Any]) -> str:
    thrown = details.get("exception", {}).get("description") or details.get("text") or ""
    return playwright_errors.first_line(str(thrown))[:200]
