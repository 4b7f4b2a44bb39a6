"""A facade call said as the calls our gate judges.

Each action that changes the page is said as our own canonical calls on the ref our capture
gave the element its selector names (``facade.select``), each carrying the facade's call in
``ToolCall.via`` where ours would not do exactly it (a right click, keys typed one at a time,
an option by index): the gate judges what it will do, and below it the facade's own action
runs on the same node. A click is a click whichever button or count; typing is a fill; a
choice is said by the value of the option that will be chosen; a key is a ``key_press``
(Enter in a form: its submission); back, forward and refresh are a ``history_step``; code is
a ``page_script``; an address is our ``browser_open``. Reads are our ``get_snapshot``
carrying the read, answered below without a capture. A call that cannot be said so is
refused here, before anything runs, in one sentence naming the action and what it lacks.
"""

from __future__ import annotations

from typing import Any

from subterminator.facade.hands import key_combo
from subterminator.facade.select import Choice, Selected, SelectorResolver
from subterminator.models.conversation import ToolCall
from subterminator.stack.translated import Translated, canonical, refuse
from subterminator.tools.arguments import echo
from subterminator.tools.facade.args import ExecuteArgs, InteractArgs, NavigateArgs

READ = "get_snapshot"
POINTED = frozenset({"hover", "press"})  # actions that point at an element, control or not
# What each action of browser_interact cannot do without.
NEEDS: dict[str, tuple[str, ...]] = {
    "click": ("selector",),
    "type": ("selector", "text"),
    "select": ("selector",),
    "hover": ("selector",),
    "press": ("key",),
    "wait": ("selector",),
}
CHOICES: tuple[Choice, ...] = ("value", "index", "label")
TYPING_S = 120  # the longest a slow typing may take, keys and delays together


def read(call: ToolCall) -> Translated:
    return Translated((canonical(call, READ, {}),))


def _ours(call: ToolCall, name: str, arguments: dict[str, Any], own: bool) -> ToolCall:
    """Our ``name``; carrying the facade's call when its own action is to run (``own``)."""
    if own:
        return canonical(call, name, arguments)
    return ToolCall(id=call.id, name=name, arguments=arguments)


def navigate(call: ToolCall, args: NavigateArgs) -> Translated:
    if args.action == "get_url":
        return read(call)
    if args.action == "goto":
        if not args.url:
            return refuse("invalid_params", 'browser_navigate action "goto" needs url')
        calls = [ToolCall(id=call.id, name="browser_open", arguments={"url": args.url})]
        if args.wait_for:
            calls.append(canonical(call, READ, {}))
        return Translated(tuple(calls))
    return Translated((canonical(call, "history_step", {"action": args.action}),))


def execute(call: ToolCall, args: ExecuteArgs) -> Translated:
    return Translated((canonical(call, "page_script", {"code": args.code}),))


def _given(args: InteractArgs, name: str) -> bool:
    """A selector of only spaces names nothing, and an empty key is no key; typing no text
    is typing (after ``clear``: the field emptied)."""
    value = getattr(args, name)
    if value is None:
        return False
    return name == "text" or bool(value.strip() if name == "selector" else value)


def _required(args: InteractArgs) -> str | None:
    """What the action needs and was not given, said in one sentence (None: nothing)."""
    missing = [name for name in NEEDS.get(args.action, ()) if not _given(args, name)]
    if missing:
        return f'browser_interact action "{args.action}" needs {" and ".join(missing)}'
    if args.action == "type" and len(args.text or "") * args.delay > TYPING_S:
        return (
            f'browser_interact action "type" would take over {TYPING_S} s at a delay of '
            f"{args.delay:g} s a key: give a shorter delay"
        )
    if args.action == "select":
        given = [n for n in CHOICES if getattr(args, n) is not None]
        if len(given) != 1:
            said = " and ".join(given) if given else "none"
            return (
                'browser_interact action "select" needs exactly one of value, index or label '
                f"(given: {said})"
            )
    return None


async def interact(call: ToolCall, args: InteractArgs, resolver: SelectorResolver) -> Translated:
    missing = _required(args)
    if missing is not None:
        return refuse("invalid_params", missing)
    if args.action == "wait":
        return read(call)
    if args.action == "scroll" and args.selector is None:
        return _page_scroll(call, args)
    if args.action == "press" and args.selector is None:
        return _press(call, args)
    selected = await resolver.select(args.selector or "")
    if args.action in POINTED and selected.handle is not None:
        return _pointed(call, args, selected.ref, selected.handle)
    if selected.ref is None:
        return _unselected(args, selected)
    return await _on(call, args, selected.ref, resolver)


def _pointed(call: ToolCall, args: InteractArgs, ref: str | None, handle: str) -> Translated:
    """A hover, or the focus a key press on an element begins with: on any element (a
    tooltip's anchor need not be a control), run unasked with the backstop armed (a page's
    listeners may send on either); a key then is judged by what it does."""
    pointer = canonical(call, "pointer_step", {"ref": ref} if ref else {"handle": handle})
    if args.action == "hover":
        return Translated((pointer,))
    return Translated((pointer, *_press(call, args).calls))


def _unselected(args: InteractArgs, selected: Selected) -> Translated:
    if selected.unread or selected.code is None:
        return refuse(
            "element_not_visible",
            f"{echo(args.selector)} matches one element that SubTerminator's snapshot does "
            "not show (hidden, or out of its reach), so it is not acted on",
        )
    return refuse(selected.code, selected.problem or "no element")


async def _on(
    call: ToolCall, args: InteractArgs, ref: str, resolver: SelectorResolver
) -> Translated:
    """The action on our ``ref`` of the element its selector names."""
    if args.action == "click":
        own = args.button != "left" or args.click_count != 1
        return Translated((_ours(call, "browser_click", {"ref": ref}, own),))
    if args.action == "type":
        fill = {"ref": ref, "value": args.text or "", "clear_first": args.clear}
        return Translated((_ours(call, "browser_fill", fill, args.delay > 0),))
    if args.action == "select":
        return await _choice(call, args, ref, resolver)
    return Translated((ToolCall(id=call.id, name="browser_scroll", arguments={"ref": ref}),))


async def _choice(
    call: ToolCall, args: InteractArgs, ref: str, resolver: SelectorResolver
) -> Translated:
    """The option the facade names (by value, index or label), said as our choice of its
    value: the gate judges, and the check after reads, the option that will be chosen."""
    by = next(n for n in CHOICES if getattr(args, n) is not None)
    key = getattr(args, by)
    value = await resolver.option(ref, by, key)
    if value is None:
        return refuse(
            "invalid_params",
            f"{echo(args.selector)} has no option with {by} {echo(key)}: nothing was chosen",
        )
    return Translated((canonical(call, "browser_select", {"ref": ref, "value": value}),))


def _press(call: ToolCall, args: InteractArgs) -> Translated:
    return Translated(
        (canonical(call, "key_press", {"key": key_combo(args.key or "", args.modifiers)}),)
    )


def _page_scroll(call: ToolCall, args: InteractArgs) -> Translated:
    """Up or down by our own scroll; sideways (or by no pixels at all) the facade's own
    step, which changes nothing on the page to judge."""
    if args.direction in ("up", "down") and args.amount > 0:
        scroll = {"direction": args.direction, "amount": args.amount}
        return Translated((ToolCall(id=call.id, name="browser_scroll", arguments=scroll),))
    return Translated((canonical(call, READ, {}),))
