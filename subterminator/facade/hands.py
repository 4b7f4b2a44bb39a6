"""What runs below the gate for a facade call, where ours would act.

The gate judged our own canonical call on our ref (a click, a fill, a choice); an action of
the facade's that ours does not do exactly (a right or double click, keys typed one at a time,
an option chosen by index, a hover, a key with modifiers, a step in the history, code) runs
here in its place, on the same node or page (``PlaywrightBrowser.perform`` marks and prechecks
the node as our own actions do, and keeps the page's dialogs).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from playwright.async_api import Locator

from subterminator.browser.actions import Perform
from subterminator.browser.documents import Node
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import ActionKind
from subterminator.errors import BrowserActionError
from subterminator.models.conversation import ToolCall
from subterminator.tools.facade.args import InteractArgs, NavigateArgs

# The page scrolled by (x, y) pixels at once, in our world of it (the page's own scrollBy
# may be redefined); settled after a frame, so the snapshot after reads the new offset.
SCROLL_BY_JS = """function (x, y) {
  window.scrollTo({left: window.scrollX + x, top: window.scrollY + y, behavior: 'instant'});
  return new Promise(r => requestAnimationFrame(() => r(window.scrollX)));
}"""
MODIFIERS = {"ctrl": "Control", "alt": "Alt", "shift": "Shift", "meta": "Meta"}


def interact_args(via: ToolCall) -> InteractArgs:
    return InteractArgs.model_validate(via.arguments or {})


def key_combo(key: str, modifiers: Sequence[str] | None) -> str:
    """Playwright's name for ``key`` with ``modifiers`` held (``Control+Shift+Enter``)."""
    held = [MODIFIERS[m] for m in modifiers or () if m in MODIFIERS]
    return "+".join([*dict.fromkeys(held), key])


def wall_ms(args: InteractArgs, base_ms: int) -> int:
    """How long the facade's action may take: keys typed one at a time take their delays
    on top of the actionability waits (else a slow typing is cut off half typed)."""
    if args.action != "type":
        return base_ms
    return base_ms + int(len(args.text or "") * args.delay * 1000)


def sideways(via: ToolCall) -> bool:
    """A page scrolled by the facade's own step (left or right, which nothing of ours does,
    or by no pixels): the translation sends only those here."""
    if via.name != "browser_interact":
        return False
    args = interact_args(via)
    return args.action == "scroll" and args.selector is None


async def on_element(
    via: ToolCall, canonical: str, browser: PlaywrightBrowser, handle: str, ms: int
) -> None:
    """The facade's action on the node the gate judged as our ``canonical`` call."""
    args = interact_args(via)
    kind, act = _performer(args, canonical, ms)
    await browser.perform(handle, kind, act)


def _performer(args: InteractArgs, canonical: str, ms: int) -> tuple[ActionKind, Perform]:
    """The action kind our precheck reads, and what then acts on the located node."""

    async def click(locator: Locator, _node: Node, _state: dict[str, Any]) -> None:
        await locator.click(button=args.button, click_count=args.click_count, timeout=ms)

    async def typing(locator: Locator, _node: Node, _state: dict[str, Any]) -> None:
        if args.clear:
            await locator.fill("", timeout=ms)
        await locator.press_sequentially(args.text or "", delay=args.delay * 1000, timeout=ms)

    async def select(locator: Locator, _node: Node, _state: dict[str, Any]) -> None:
        if args.index is not None:
            await locator.select_option(index=args.index, timeout=ms)
        elif args.label is not None:
            await locator.select_option(label=args.label, timeout=ms)
        else:
            await locator.select_option(value=args.value or "", timeout=ms)

    async def hover(locator: Locator, _node: Node, _state: dict[str, Any]) -> None:
        await locator.hover(timeout=ms)

    async def focus(locator: Locator, _node: Node, _state: dict[str, Any]) -> None:
        await locator.focus(timeout=ms)

    async def press(locator: Locator, _node: Node, _state: dict[str, Any]) -> None:
        await locator.press(key_combo(args.key or "", args.modifiers), timeout=ms)

    if args.action == "press":  # judged a click (Enter on a control), or the focus first
        return ("click", press) if canonical == "browser_click" else ("scroll", focus)
    performers: dict[str, tuple[ActionKind, Perform]] = {
        "click": ("click", click),
        "type": ("fill", typing),
        "select": ("select", select),
        "hover": ("scroll", hover),
    }
    if args.action not in performers:
        raise BrowserActionError("action_failed", f"{args.action} acts on no element")
    return performers[args.action]


async def on_page(via: ToolCall, browser: PlaywrightBrowser, ms: int) -> None:
    """The facade's page-wide step: a key, a step in the history. (Code runs in ``code``.)"""
    page = browser.page
    if via.name == "browser_navigate":
        nav = NavigateArgs.model_validate(via.arguments or {})
        timeout = nav.timeout * 1000
        if nav.action == "back":
            await page.go_back(timeout=timeout)
        elif nav.action == "forward":
            await page.go_forward(timeout=timeout)
        elif nav.action == "refresh":
            await page.reload(timeout=timeout)
        return
    args = interact_args(via)
    if args.action == "press" and args.key:
        await page.keyboard.press(key_combo(args.key, args.modifiers))
    elif sideways(via):
        sign = -1 if args.direction in ("left", "up") else 1
        across = args.direction in ("left", "right")
        step = [sign * args.amount, 0] if across else [0, sign * args.amount]
        devtools = browser.devtools
        params = {
            "functionDeclaration": SCROLL_BY_JS,
            "arguments": [{"value": step[0]}, {"value": step[1]}],
            "awaitPromise": True,
        }
        await devtools.in_world(await devtools.top(), "Runtime.callFunctionOn", params)
