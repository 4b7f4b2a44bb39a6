"""One definition per tool: every surface, the dispatch, the gate and the docs come from the specs.

A throwaway tool registered here (``browser_press``: a click under another name and verb)
shows it: it appears on the surfaces it names and nowhere else, the server runs its handler,
and the gate, on a real page, inspects it as the click it declares and asks the person in its
own verb. A read-only one the gate lets through.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from pydantic import Field

import subterminator
from harness.approvals import ScriptedApprovals
from harness.sites import StaticSite
from subterminator.assembly import build_run
from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.mcp.tools import Catalog, tool_list
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import BoundingBox, Element, PageInfo, Snapshot, ViewportInfo
from subterminator.models.tools import ToolResult
from subterminator.safety import SafetyGate
from subterminator.services.base import ServiceConfig
from subterminator.tools.args import RefArg, ToolArgs
from subterminator.tools.builtin.stand_ins import STAND_IN
from subterminator.tools.docs import render
from subterminator.tools.facade import V02
from subterminator.tools.registry import REGISTRY, Registry, inspects, tool_schemas, verb
from subterminator.tools.server import BrowserToolServer
from subterminator.tools.spec import LOOP, MCP, ToolSpec
from tests.support.browser_helpers import by_name

DOCS = Path(subterminator.__file__).parents[1] / "docs" / "tools.md"
BOX = BoundingBox(x=0, y=0, width=10, height=10)
# the page says the step ends something, in Polish: the gate reads structure, not our words
FINAL_TEXT = "Czy na pewno chcesz zakończyć członkostwo? Tego nie można cofnąć."


class PressArgs(ToolArgs):
    ref: RefArg = Field(description="Element reference (e.g., '@e7')")


pressed: list[PressArgs] = []


async def _press(server: BrowserToolServer, args: PressArgs) -> ToolResult:
    pressed.append(args)
    return await server.browser_click(args.ref)


async def _peek(server: BrowserToolServer, args: PressArgs) -> ToolResult:
    return await server.get_snapshot()


PRESS = ToolSpec(
    name="browser_press",
    args=PressArgs,
    description="Press a control by its ref.",
    title="Press a control",
    effect="destructive",
    surfaces=frozenset({LOOP, MCP}),
    handler=_press,
    inspects="click",
    verb="Press",
)
PEEK = ToolSpec(
    name="browser_peek",
    args=PressArgs,
    description="Look at a control by its ref.",
    title="Look at a control",
    effect="read-only",
    surfaces=frozenset({"peek"}),  # a surface of its own: on no other list
    handler=_peek,
)


@pytest.fixture
def registered() -> Iterator[None]:
    pressed.clear()
    for spec in (PRESS, PEEK):
        REGISTRY.register(spec)
    yield
    for spec in (PRESS, PEEK):
        REGISTRY.unregister(spec)


# -- each spec -----------------------------------------------------------------------------


@pytest.mark.parametrize("spec", REGISTRY.specs(), ids=lambda s: s.name)
def test_each_argument_model_and_its_schema_agree(spec: ToolSpec[Any]) -> None:
    schema = spec.input_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    fields = spec.args.model_fields
    assert set(schema.get("properties", {})) == set(fields)
    assert set(schema.get("required", [])) == {n for n, f in fields.items() if f.is_required()}


EXAMPLES = [
    (spec, example)
    for spec in REGISTRY.specs()
    for example in re.findall(rf"EXAMPLE: {spec.name}\((\{{.*?\}})\) ->", spec.description)
]


@pytest.mark.parametrize(("spec", "example"), EXAMPLES, ids=lambda x: getattr(x, "name", ""))
def test_each_description_example_is_a_call_the_schema_and_the_model_accept(
    spec: ToolSpec[Any], example: str
) -> None:
    arguments = json.loads(example)
    jsonschema.validate(arguments, spec.input_schema())
    spec.args.model_validate(arguments)


def test_every_tool_has_one_spec_and_the_builtins_are_two_surfaces_and_stand_ins() -> None:
    names = [spec.name for spec in REGISTRY.specs()]
    assert len(names) == len(set(names))
    assert REGISTRY.surface_names() == (LOOP, MCP, STAND_IN, V02)
    loop = REGISTRY.surface(LOOP).names()
    assert REGISTRY.surface(MCP).names() == ("browser_open", *loop, "browser_screenshot")
    answered_by_the_loop = {s.name for s in REGISTRY.specs() if s.handler is None}
    assert answered_by_the_loop == {"request_human_approval", "complete_task"}


def test_a_spec_the_gate_inspects_says_the_verb_and_is_not_read_only() -> None:
    with pytest.raises(ValueError, match="needs a verb"):
        ToolSpec("x", PressArgs, "", "", "destructive", frozenset({LOOP}), None, "click")
    with pytest.raises(ValueError, match="not read-only"):
        ToolSpec("x", PressArgs, "", "", "read-only", frozenset({LOOP}), None, "click", "X")


def test_a_name_is_one_tool_per_surface() -> None:
    registry = Registry(REGISTRY.specs())
    with pytest.raises(ValueError, match="already a tool on the loop surface"):
        registry.register(
            ToolSpec("browser_click", PressArgs, "", "", "read-only", frozenset({LOOP}), _press)
        )


def test_a_name_on_several_surfaces_as_different_tools_must_be_asked_of_a_surface() -> None:
    other = ToolSpec("browser_click", PressArgs, "", "", "read-only", frozenset({"pw"}), _press)
    registry = Registry((*REGISTRY.specs(), other))
    assert registry.surface("pw")["browser_click"] is other
    with pytest.raises(LookupError, match="ask one surface"):
        registry.spec("browser_click")


# -- the surfaces are built from the registry ------------------------------------------------


@pytest.mark.usefixtures("registered")
def test_a_new_tool_is_on_the_surfaces_it_names_and_no_other() -> None:
    loop = [t["name"] for t in tool_schemas()]
    assert loop[-1] == "browser_press"
    assert "browser_peek" not in loop
    listed = {t.name: t for t in tool_list()}
    assert "browser_press" in listed
    assert "browser_peek" not in listed
    annotations = listed["browser_press"].annotations
    assert annotations is not None
    assert annotations.destructive_hint
    assert listed["browser_press"].input_schema == {**PRESS.input_schema(), "type": "object"}
    assert REGISTRY.surface("peek").names() == ("browser_peek",)
    assert "browser_press" in render()
    assert "## The peek surface" in render()


@pytest.mark.parametrize("surface", [MCP, V02])
async def test_the_names_a_call_is_checked_against_are_the_tools_listed(surface: str) -> None:
    catalog = Catalog(surface=surface)
    assert await catalog.names() == tuple(tool.name for tool in await catalog.tools())


def test_without_it_no_surface_has_it() -> None:
    assert "browser_press" not in [t["name"] for t in tool_schemas()]
    assert "browser_press" not in {t.name for t in tool_list()}
    assert inspects("browser_press") is None
    assert verb("browser_press") == "browser_press"


def test_the_gate_reads_kind_and_verb_from_the_specs() -> None:
    assert {s.name: s.inspects for s in REGISTRY.specs() if s.inspects} == {
        "browser_click": "click",
        "browser_fill": "fill",
        "browser_select": "select",
    }
    for spec in REGISTRY.specs():
        assert inspects(spec.name) == spec.inspects
        assert verb(spec.name) == (spec.verb or spec.name)


def _judge(tool: str) -> tuple[bool, str]:
    control = Element(ref="@e0", role="button", name="Dalej", state=["visible"], bbox=BOX)
    snapshot = Snapshot(
        snapshot_id="s1",
        timestamp="2026-01-01T00:00:00+00:00",
        elements=[control],
        focused=None,
        page=PageInfo(url="http://127.0.0.1/p/leave", title="", text=FINAL_TEXT),
        screenshot="",
        viewport=ViewportInfo(width=1280, height=800, scroll_x=0, scroll_y=0),
    )
    effect = ActionEffect(
        action="click",
        target=EffectTarget(
            tag="button", submits=True, form_method="POST", form_action="http://127.0.0.1/p/done"
        ),
        page_url="http://127.0.0.1/p/leave",
        page_text=FINAL_TEXT,
    )
    gate = SafetyGate(flow_urls=("/p/",))
    gate.ledger.saw("http://127.0.0.1/p/leave")
    verdict = gate.judge(
        ToolCall(id="t", name=tool, arguments={"ref": "@e0"}), control, effect, snapshot
    )
    return verdict.ask, verdict.question


@pytest.mark.usefixtures("registered")
def test_the_gate_judges_a_new_tool_by_its_declared_kind_in_its_own_verb() -> None:
    asks, question = _judge("browser_press")
    assert asks
    assert question.startswith('Press "Dalej"'), question
    assert _judge("browser_click")[0]  # the same control, the same answer as a click
    assert not _judge("browser_peek")[0]  # a read-only tool is not an action to judge


# -- on a real page ----------------------------------------------------------------------------

PAGE = """<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Rezygnacja</title>
</head><body><h1>Rezygnacja</h1><p>{text}</p>
<form method="post" action="/p/done"><button type="submit">Dalej</button></form>
<button type="button" onclick="this.textContent='Zwinięte'">Zwiń</button>
</body></html>"""
SERVICE = ServiceConfig(
    name="press",
    display_name="Press Video",
    initial_url="http://127.0.0.1/",
    flow_urls=("/p/",),
)


@pytest.fixture(scope="module")
def site(
    st_static_site: Callable[[Path], StaticSite], tmp_path_factory: pytest.TempPathFactory
) -> StaticSite:
    root = tmp_path_factory.mktemp("press")
    (root / "p").mkdir()
    (root / "p" / "leave.html").write_text(PAGE.format(text=FINAL_TEXT), encoding="utf-8")
    return st_static_site(root)


@pytest.mark.browser
@pytest.mark.usefixtures("registered")
async def test_the_server_runs_a_new_tool_by_its_handler(
    browser: PlaywrightBrowser, site: StaticSite
) -> None:
    await browser.navigate(site.url("p/leave.html"))
    server = BrowserToolServer(browser)
    shown = await server.execute("get_snapshot", {})
    fold = by_name(shown.snapshot, "Zwiń", "button")
    result = await server.execute(
        ToolCall(id="t", name="browser_press", arguments={"ref": fold.ref})
    )
    assert result.success, result.message
    assert pressed == [PressArgs(ref=fold.ref)]
    assert by_name(result.snapshot, "Zwinięte", "button")
    refused = await server.execute("browser_press", {"ref": "e1"})
    assert refused.error == "invalid_params"
    assert pressed == [PressArgs(ref=fold.ref)]


@pytest.mark.browser
@pytest.mark.usefixtures("registered")
async def test_through_the_stack_a_new_tool_is_gated_as_the_click_it_declares(
    browser: PlaywrightBrowser, site: StaticSite
) -> None:
    await browser.navigate(site.url("p/leave.html"))
    person = ScriptedApprovals([False])
    stack = build_run(SERVICE, browser, person).stack
    shown = await stack.execute(ToolCall(id="t", name="get_snapshot"))
    final = by_name(shown.snapshot, "Dalej", "button")
    reply = await stack.execute(
        ToolCall(id="t", name="browser_press", arguments={"ref": final.ref})
    )
    assert reply.result.get("error") == "human_rejected", reply.result
    assert len(person.requests) == 1
    assert person.requests[0].action.startswith('Press "Dalej"')
    assert pressed == []  # the person said no: the handler never ran
    assert (await browser.page.title()) == "Rezygnacja"


# -- the docs --------------------------------------------------------------------------------


def test_docs_tools_md_is_the_generated_text() -> None:
    """Regenerate with ``python -m subterminator.tools.docs > docs/tools.md``."""
    assert DOCS.read_text(encoding="utf-8") == render()
