"""The capture's questions counted in our own isolated world, where capture.js runs: each
element's box, computed style and visibility, per run of the script and per element."""

from __future__ import annotations

from typing import Any

from subterminator.browser.playwright_browser import PlaywrightBrowser

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
