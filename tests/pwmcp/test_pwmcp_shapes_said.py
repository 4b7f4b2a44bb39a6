"""What each Playwright MCP action shape is said as, before anything runs.

Every part is one of our calls, and stands for exactly the Playwright MCP call that does
that part (``via``): typing with submit is the typing, then Enter, so neither part runs the
other's step under its own judgment. A target the resolver cannot read is never guessed at.
"""

from __future__ import annotations

import pytest

from subterminator.models.conversation import ToolCall
from subterminator.pwmcp.shapes import SHAPES
from subterminator.stack.translated import Translated
from subterminator.tools.builtin.stand_ins import STAND_IN
from subterminator.tools.registry import inspects, kind, surface
from subterminator.tools.spec import LOOP, MCP

NAMES = {"e4": "@e7", "e5": "@e8"}


class Known:
    """A resolver that knows two of our refs by Playwright MCP's names for them."""

    async def ref(self, target: object) -> str | None:
        return NAMES.get(target) if isinstance(target, str) else None

    async def focused(self) -> str | None:
        return None

    async def names_one(self, target: object) -> bool:
        """``e9``: an element Playwright MCP's engine finds and the gate could not read."""
        return target in NAMES or target == "e9"


async def said(name: str, **arguments: object) -> Translated:
    return await SHAPES[name](ToolCall(id="c1", name=name, arguments=arguments), Known())


def parts(translated: Translated) -> list[tuple[str, object, str, object]]:
    """Each part as (our name, our arguments, the original's name, its arguments)."""
    assert translated.refused is None, translated.refused
    out = []
    for call in translated.calls:
        assert call.via is not None
        assert call.id == call.via.id == "c1"
        out.append((call.name, call.arguments, call.via.name, call.via.arguments))
    return out


async def test_typing_with_submit_is_the_typing_then_enter_each_its_own_call() -> None:
    typed = await said("browser_type", target="e4", text="zu teuer", submit=True, slowly=True)
    assert parts(typed) == [
        (
            "browser_fill",
            {"ref": "@e7", "value": "zu teuer"},
            "browser_type",
            {"target": "e4", "text": "zu teuer", "slowly": True},
        ),
        ("key_press", {"key": "Enter"}, "browser_press_key", {"key": "Enter"}),
    ]
    plain = await said("browser_type", target="e4", text="x")
    assert [p[0] for p in parts(plain)] == ["browser_fill"]


async def test_a_form_is_filled_one_field_at_a_time_each_as_our_own_call() -> None:
    fields = [
        {"target": "e4", "name": "Grund", "type": "textbox", "value": "teuer"},
        {"target": "e5", "name": "Plan", "type": "combobox", "value": "Basis"},
        {"target": "e4", "name": "AGB", "type": "checkbox", "value": "true"},
        {"target": "e5", "name": "Lautstärke", "type": "slider", "value": "3"},
        {"target": "e9", "name": "Fremd", "type": "textbox", "value": "x"},
    ]
    filled = parts(await said("browser_fill_form", fields=fields))
    assert [(name, args) for name, args, _, _ in filled] == [
        ("browser_fill", {"ref": "@e7", "value": "teuer"}),
        ("browser_select", {"ref": "@e8", "value": "Basis"}),
        ("browser_click", {"ref": "@e7"}),
        ("unread_target", {"tool": "browser_fill_form", "target": "e5"}),
        ("unread_target", {"tool": "browser_fill_form", "target": "e9"}),
    ]
    assert [via for _, _, _, via in filled] == [{"fields": [f]} for f in fields]


async def test_the_shapes_the_gate_cannot_read_are_their_stand_ins() -> None:
    code = "() => document.forms[0].submit()"
    assert parts(await said("browser_evaluate", function=code, target="e9"))[0][:2] == (
        "page_code",
        {"code": code},
    )
    assert parts(await said("browser_drag", startTarget="e4", endTarget="e5"))[0][:2] == (
        "page_drag",
        {"ref": "@e7", "to": "@e8"},
    )
    assert parts(await said("browser_drag", startTarget="e4", endTarget="e9"))[0][:2] == (
        "unread_target",
        {"tool": "browser_drag", "target": "e9"},
    )
    dropped = await said("browser_drop", target="e4", paths=["/home/me/id.pdf"])
    assert parts(dropped)[0][:2] == ("file_upload", {"paths": ["/home/me/id.pdf"]})
    assert parts(await said("browser_drop", target="e5", data={"text/plain": "x"}))[0][:2] == (
        "page_drop",
        {"ref": "@e8"},
    )
    assert parts(await said("browser_handle_dialog", accept=True, promptText="ja"))[0][:2] == (
        "dialog_answer",
        {"accept": True},
    )
    assert parts(await said("browser_tabs", action="new", url="http://127.0.0.1/p/"))[0][:2] == (
        "browser_open",
        {"url": "http://127.0.0.1/p/"},
    )
    assert parts(await said("browser_tabs", action="select", index=1))[0][:2] == (
        "tab_action",
        {"action": "select"},
    )
    assert parts(await said("browser_navigate_back"))[0][:2] == ("go_back", {})
    assert parts(await said("browser_press_key", key="Shift+Enter"))[0][:2] == (
        "key_press",
        {"key": "Shift+Enter"},
    )


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("browser_press_key", {}),
        ("browser_type", {"target": "e4", "text": 3}),
        ("browser_fill_form", {"fields": []}),
        ("browser_fill_form", {"fields": [{"target": "e4", "type": "textbox"}]}),
        ("browser_handle_dialog", {"accept": "yes"}),
        ("browser_evaluate", {"function": None}),
        ("browser_file_upload", {"paths": "/etc/passwd"}),
        ("browser_tabs", {"action": "move"}),
    ],
)
async def test_malformed_arguments_are_refused_before_anything_runs(
    name: str, arguments: dict[str, object]
) -> None:
    refused = (await said(name, **arguments)).refused
    assert refused is not None
    assert refused.code == "invalid_params"
    assert name in refused.message


def test_the_stand_ins_are_on_no_client_surface_and_the_gate_routes_them_by_kind() -> None:
    stand_ins = surface(STAND_IN).names()
    assert set(stand_ins) == {
        "page_code",
        "page_drag",
        "page_drop",
        "file_upload",
        "key_press",
        "dialog_answer",
        "tab_action",
        "go_back",
        "page_script",  # the V02 facade's code, steps and pointer
        "history_step",
        "pointer_step",
        "unread_target",
    }
    for name in stand_ins:
        assert name not in surface(LOOP)
        assert name not in surface(MCP)
        assert kind(name) == "foreign"
        assert inspects(name) is None


async def test_a_target_that_names_nothing_is_refused_and_no_field_runs() -> None:
    fields = [
        {"target": "e4", "name": "Grund", "type": "textbox", "value": "teuer"},
        {"target": "#plan", "name": "Plan", "type": "combobox", "value": "Basis"},
    ]
    filled = await said("browser_fill_form", fields=fields)
    assert filled.calls == ()
    assert filled.refused is not None
    assert filled.refused.code == "ref_invalid"
    dragged = await said("browser_drag", startTarget="e4", endTarget="e404")
    assert dragged.refused is not None
    assert dragged.refused.code == "ref_invalid"
