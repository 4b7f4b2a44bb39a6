"""Playwright MCP's action shapes beyond a click, a fill and a choice, said as our calls.

Each translator says what the call will do as the canonical calls the gate judges, each
carrying the Playwright MCP call that runs in its place (``ToolCall.via``):

- ``browser_press_key``: a ``key_press`` stand-in; the gate reads, when it runs, what the key
  does on the element then focused (Enter or Space on a button or a link is its click, Enter
  in a form's field the form's submission) and judges that (``stack.foreign``);
- ``browser_type``: our fill of the field (``basic``'s); with ``submit``, then Enter in it,
  said as above. Each part stands for its own Playwright MCP call (the typing, then the
  key), so neither runs the other's step under its judgment;
- ``browser_fill_form``: each field as our own call (a text field's fill, a dropdown's
  choice, a box's or a radio's click), one at a time, each judged and run alone (a field
  that asks asks on its own; the fields before it stay filled). A slider, which none of our
  calls moves, is asked as an element the gate could not read;
- ``browser_handle_dialog``: the click of the dialog's accept or dismiss button;
- ``browser_evaluate``, ``browser_drag``, ``browser_drop``, ``browser_file_upload``,
  ``browser_tabs``, ``browser_navigate_back``: their stand-ins (``tools.builtin.stand_ins``),
  judged by what they are; ``browser_tabs`` ``new`` with an address is our ``browser_open``
  (the ``Opener`` judges the address); a drop of files from the disk is an upload;
- any element a call names that the ``Resolver`` cannot read as exactly one of ours: the
  ``unread_target`` stand-in, which asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from subterminator.models.conversation import ToolCall
from subterminator.pwmcp import basic
from subterminator.pwmcp.translate import Resolver, Translator, unread, unread_call
from subterminator.stack.translated import Translated, canonical, refuse

# a fill-form field's type, as our call that does it
FIELD_CALLS = {"textbox": "browser_fill", "combobox": "browser_select"}
TOGGLES = frozenset({"checkbox", "radio"})


def _args(call: ToolCall) -> dict[str, Any]:
    return call.arguments if isinstance(call.arguments, dict) else {}


def _bad(call: ToolCall, why: str) -> Translated:
    return refuse("invalid_params", f"{call.name}: {why}")


def _strings(value: object) -> list[str] | None:
    """A list of strings, or None when it is not one."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def _part(call: ToolCall, name: str, arguments: Mapping[str, Any]) -> ToolCall:
    """One Playwright MCP call that a part of ``call`` is, for that part to stand for."""
    return ToolCall(id=call.id, name=name, arguments=dict(arguments))


async def press_key(call: ToolCall, resolver: Resolver) -> Translated:
    key = _args(call).get("key")
    if not isinstance(key, str) or not key:
        return _bad(call, "key must be a key's name, such as Enter or ArrowLeft")
    return Translated((canonical(call, "key_press", {"key": key}),))


async def type_text(call: ToolCall, resolver: Resolver) -> Translated:
    submit = _args(call).get("submit", False)
    if not isinstance(submit, bool):
        return _bad(call, "submit must be true or false")
    if not submit:
        return await basic.type_text(call, resolver)
    typing = {k: v for k, v in _args(call).items() if k != "submit"}
    fill = await basic.type_text(_part(call, call.name, typing), resolver)
    if fill.refused is not None:
        return fill
    enter = _part(call, "browser_press_key", {"key": "Enter"})
    return Translated((*fill.calls, canonical(enter, "key_press", {"key": "Enter"})))


async def _field(call: ToolCall, field: object, resolver: Resolver) -> ToolCall | Translated | None:
    """One field of a fill-form call as our call on it; a refusal when its target names no
    element; None when it is malformed."""
    if not isinstance(field, dict):
        return None
    kind, value, target = field.get("type"), field.get("value"), field.get("target")
    if not isinstance(kind, str) or not isinstance(value, str):
        return None
    alone = _part(call, call.name, {"fields": [field]})
    ref = await resolver.ref(target)
    if ref is None:
        unreadable = await unread(alone, target, resolver)
        return unreadable if unreadable.refused is not None else unreadable.calls[0]
    if kind not in FIELD_CALLS and kind not in TOGGLES:
        return unread_call(alone, target)
    if kind in TOGGLES:
        return canonical(alone, "browser_click", {"ref": ref})
    return canonical(alone, FIELD_CALLS[kind], {"ref": ref, "value": value})


async def fill_form(call: ToolCall, resolver: Resolver) -> Translated:
    fields = _args(call).get("fields")
    if not isinstance(fields, list) or not fields:
        return _bad(call, "fields must be a list of fields")
    calls = []
    for field in fields:
        said = await _field(call, field, resolver)
        if said is None:
            return _bad(call, "each field needs a target, a type and a string value")
        if isinstance(said, Translated):
            return said  # a field that names nothing: none of them runs
        calls.append(said)
    return Translated(tuple(calls))


async def handle_dialog(call: ToolCall, resolver: Resolver) -> Translated:
    accept = _args(call).get("accept")
    if not isinstance(accept, bool):
        return _bad(call, "accept must be true or false")
    return Translated((canonical(call, "dialog_answer", {"accept": accept}),))


async def evaluate(call: ToolCall, resolver: Resolver) -> Translated:
    args = _args(call)
    code, target = args.get("function"), args.get("target")
    if not isinstance(code, str):
        return _bad(call, "function must be a string of code")
    said: dict[str, Any] = {"code": code}
    ref = await resolver.ref(target) if target is not None else None
    if ref is not None:  # the element it is given; code is judged as code either way
        said["ref"] = ref
    return Translated((canonical(call, "page_code", said),))


async def drag(call: ToolCall, resolver: Resolver) -> Translated:
    args = _args(call)
    start, end = args.get("startTarget"), args.get("endTarget")
    source, dest = await resolver.ref(start), await resolver.ref(end)
    if source is None or dest is None:
        return await unread(call, start if source is None else end, resolver)
    return Translated((canonical(call, "page_drag", {"ref": source, "to": dest}),))


async def drop(call: ToolCall, resolver: Resolver) -> Translated:
    args = _args(call)
    paths = _strings(args.get("paths", []))
    if paths is None:
        return _bad(call, "paths must be a list of file paths")
    if paths:  # files from the disk, whatever element takes them
        return Translated((canonical(call, "file_upload", {"paths": paths}),))
    target = args.get("target")
    ref = await resolver.ref(target)
    if ref is None:
        return await unread(call, target, resolver)
    return Translated((canonical(call, "page_drop", {"ref": ref}),))


async def file_upload(call: ToolCall, resolver: Resolver) -> Translated:
    paths = _strings(_args(call).get("paths", []))
    if paths is None:
        return _bad(call, "paths must be a list of file paths")
    return Translated((canonical(call, "file_upload", {"paths": paths}),))


async def tabs(call: ToolCall, resolver: Resolver) -> Translated:
    args = _args(call)
    action, url = args.get("action"), args.get("url")
    if action not in ("list", "new", "select", "close"):
        return _bad(call, "action must be list, new, select or close")
    if action == "new" and isinstance(url, str) and url:
        return Translated((canonical(call, "browser_open", {"url": url}),))
    return Translated((canonical(call, "tab_action", {"action": action}),))


async def navigate_back(call: ToolCall, resolver: Resolver) -> Translated:
    return Translated((canonical(call, "go_back", {}),))


SHAPES: dict[str, Translator] = {
    "browser_press_key": press_key,
    "browser_type": type_text,
    "browser_fill_form": fill_form,
    "browser_handle_dialog": handle_dialog,
    "browser_evaluate": evaluate,
    "browser_drag": drag,
    "browser_drop": drop,
    "browser_file_upload": file_upload,
    "browser_tabs": tabs,
    "browser_navigate_back": navigate_back,
}
