"""A facade selector read as the ref our capture gave the one element it names.

A CSS selector is matched in our isolated world of the top document (page scripts cannot
redefine ``querySelectorAll`` there), with CSS's own meaning: no frames, no shadow roots. It
must match exactly one element, which our capture registered; then the gate judges the
action on that ref as on any other. Several matches are said with their count, none as none.
Our own refs (``@e7``) are accepted as they are, when current.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from playwright.async_api import Error as PlaywrightError

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.errors import BrowserActionError, BrowserError
from subterminator.models.tools import ErrorCode
from subterminator.pwmcp.resolve import registered_ref
from subterminator.tools.arguments import echo
from subterminator.tools.server import BrowserToolServer

Choice = Literal["value", "index", "label"]  # how a facade call names a list's option
OUR_REF = re.compile(r"@e\d+")
# The one element ``sel`` matches, else "count:N" or "error:why" (a primitive comes back as
# its value, an element as a remote object).
MATCH_JS = """function (sel) {
  let all;
  try { all = document.querySelectorAll(sel); } catch (e) { return 'error:' + e.message; }
  return all.length === 1 ? all[0] : 'count:' + all.length;
}"""

# The value of the list's option named by its value, its index or its label (as Playwright's
# select_option matches each), or null when the list has none such.
OPTION_JS = """function (by, key) {
  if (!this.options) return null;
  const all = [...this.options];
  const o = by === 'index' ? all[key]
    : all.find(o => (by === 'value' ? o.value : o.label) === key);
  return o ? o.value : null;
}"""


@dataclass(frozen=True)
class Selected:
    """What a selector names: our ``ref`` of its one element, or why not (``code`` and
    ``problem``). ``count`` is how many elements it matched; one with no ref is an element
    the gate could not read."""

    ref: str | None = None
    count: int = 0
    code: ErrorCode | None = None
    problem: str | None = None
    handle: str | None = None  # the one element's node, registered or not (a hover's)

    @property
    def unread(self) -> bool:
        return self.ref is None and self.count == 1 and self.code is None


def _refused(code: ErrorCode, problem: str, count: int = 0) -> Selected:
    return Selected(count=count, code=code, problem=problem)


class SelectorResolver:
    """Facade selectors on our browser, as our server's refs (the gate's)."""

    def __init__(self, browser: PlaywrightBrowser, server: BrowserToolServer) -> None:
        self._browser = browser
        self._server = server

    async def select(self, selector: str) -> Selected:
        if OUR_REF.fullmatch(selector.strip()):
            ref = selector.strip()
            if self._server.registry.peek(ref) is None:
                return _refused(
                    "ref_invalid",
                    f"{echo(ref)} is not a ref of the latest snapshot; use a CSS selector or "
                    "a ref from the latest reply's data.snapshot",
                )
            return Selected(ref=ref, count=1)
        try:
            return await self._css(selector)
        except (BrowserError, BrowserActionError, PlaywrightError) as exc:
            return _refused("action_failed", f"the page could not be read: {exc}")

    async def _css(self, selector: str) -> Selected:
        devtools = self._browser.devtools
        doc = await devtools.top()
        params = {"functionDeclaration": MATCH_JS, "arguments": [{"value": selector}]}
        found = await devtools.in_world(doc, "Runtime.callFunctionOn", params)
        result = found.get("result", {})
        said = result.get("value")
        if isinstance(said, str) and said.startswith("error:"):
            return _refused("invalid_params", f"{echo(selector)} is not a valid CSS selector")
        if isinstance(said, str):
            count = int(said.removeprefix("count:"))
            if count == 0:
                return _refused("ref_invalid", self._none(selector))
            return _refused(
                "invalid_params",
                f"{echo(selector)} matches {count} elements; an action needs a selector that "
                "names one (add an id, an attribute or :nth-of-type)",
                count,
            )
        object_id = result.get("objectId")
        if not object_id:
            return _refused("ref_invalid", self._none(selector))
        node = await devtools.send("DOM.describeNode", {"objectId": object_id}, via=doc.session)
        handle = f":{node['node']['backendNodeId']}"
        for fresh in (False, True):
            if fresh:  # not in the last capture (out of view): the whole page, read again
                await self._server.get_snapshot(viewport_only=False)
            ref = await registered_ref(self._browser, self._server.registry, handle)
            if ref is not None:
                return Selected(ref=ref, count=1, handle=handle)
        return Selected(count=1, handle=handle)

    def _none(self, selector: str) -> str:
        """No element matches; on a page with frames, why CSS may not find one there."""
        said = f"no element matches {echo(selector)} in the page"
        frames = len(self._browser.page.frames) - 1
        if frames > 0:
            said += (
                f" (it has {frames} frame{'s' if frames > 1 else ''}, which a CSS selector "
                "does not reach into: name an element inside one by its @eN ref from "
                "data.snapshot)"
            )
        return said

    @property
    def url(self) -> str:
        """The tab's address now (a page may have moved on since our last capture)."""
        return self._browser.page.url

    async def option(
        self, ref: str, by: Literal["value", "index", "label"], key: object
    ) -> str | None:
        """The value of the option of the list ``ref`` names that ``key`` names ``by`` its
        value, index or label (what our choice of it is said by, so the gate judges the
        option that will be chosen), or None when the list has none such."""
        info = self._server.registry.peek(ref)
        if info is None or info.handle is None:
            return None
        devtools = self._browser.devtools
        try:
            node = await devtools.resolve(info.handle)
            value = await devtools.call_on(node, OPTION_JS, by, key)
        except (BrowserError, BrowserActionError, PlaywrightError):
            return None
        return value if isinstance(value, str) else None
