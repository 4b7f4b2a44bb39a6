"""The capture's questions counted in our own isolated world, where capture.js runs: each
element's box, computed style and visibility, per run of the script and per element."""

from __future__ import annotations

from typing import Any

from subterminator.browser.capture import RawCapture
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import CaptureScope

# Wraps each question so that it counts, per run of the capture script (a capture runs it again
# when Chrome had not kept its accessibility tree), per element and per question; the script is
# the one a first capture left in our world.
COUNT_JS = """() => {
  const runs = globalThis.__asked = [];
  const run = globalThis.__subterminatorCapture;  // kept in the world by the first capture
  globalThis.__subterminatorCapture = (...a) => { runs.push(new Map()); return run(...a); };
  const tally = (key, el) => {
    const counts = runs[runs.length - 1];
    if (!counts) return;
    let per = counts.get(key);
    if (!per) counts.set(key, per = new Map());
    per.set(el, (per.get(el) || 0) + 1);
  };
  const box = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function () {
    tally('box', this);
    return box.call(this);
  };
  const shows = Element.prototype.checkVisibility;
  Element.prototype.checkVisibility = function (o) {
    tally('visible ' + JSON.stringify(o || {}), this);
    return shows.call(this, o);
  };
  const style = globalThis.getComputedStyle;
  globalThis.getComputedStyle = function (el, pseudo) {
    tally('style', el);
    return style.call(this, el, pseudo);
  };
  return true;
}"""
# per run: [question, elements asked, most asks of one element]
READ_JS = """() => globalThis.__asked.map((counts) =>
  [...counts].map(([key, per]) => [key, per.size, Math.max(...per.values())]))"""


async def in_our_world(browser: PlaywrightBrowser, script: str) -> Any:
    devtools = browser._devtools
    found = await devtools.in_world(
        await devtools.top(),
        "Runtime.callFunctionOn",
        {"functionDeclaration": script, "returnByValue": True},
    )
    return found["result"]["value"]


async def counted(
    browser: PlaywrightBrowser, url: str, scope: CaptureScope = "viewport"
) -> tuple[RawCapture, list[list[Any]]]:
    """A capture of ``url`` in ``scope`` and its questions counted (READ_JS's runs); a first
    capture leaves the script in our world for COUNT_JS to wrap."""
    await browser.navigate(url)
    await browser.capture()
    assert await in_our_world(browser, COUNT_JS)
    capture = await browser.capture(scope=scope)
    return capture, await in_our_world(browser, READ_JS)


def most_asked(runs: list[list[Any]], question: str) -> int:
    """How many elements were asked ``question`` in the run that asked the most."""
    return int(max(elements for run in runs for key, elements, _ in run if key == question))
