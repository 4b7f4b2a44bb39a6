"""The gate routes a call by what its tool is, and its parts hold no more than they need.

Another front door (Playwright MCP's tools, a V02 facade) names the same kinds of action
otherwise: registering its specs is all it takes, for the gate reads each tool's ``kind`` (the
outcome, a question for the person, an address to open) and ``inspects``, never its name. A
throwaway surface here, with its own names for those three, goes through a real stack on
real Chromium and reaches the same parts as the built-in tools.

The wiring rules: the run builder is the one place a ``ToolStack`` is built (tests included:
they build through it); the gate's parts read the tool server only through the port
(``Completion`` and ``SiteReach`` included), and the MCP front door makes no tools of its own.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from harness.approvals import ScriptedApprovals
from subterminator.assembly import build_run
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.conversation import ToolCall
from subterminator.services.base import ServiceConfig
from subterminator.stack import Reply, ToolStack
from subterminator.tools.builtin import browser_open
from subterminator.tools.builtin.browser_open import OpenArgs
from subterminator.tools.builtin.complete_task import CompleteArgs
from subterminator.tools.builtin.request_human_approval import ApprovalArgs
from subterminator.tools.registry import REGISTRY, kind
from subterminator.tools.spec import ToolSpec
from tests.support.paths import ROOT
from tests.support.recording_site import RecordingSite, page

SURFACE = "v02"
FINISH = ToolSpec(
    name="finish_run",
    args=CompleteArgs,
    description="Say how the run ended.",
    title="Finish",
    effect="read-only",
    surfaces=frozenset({SURFACE}),
    handler=None,
    kind="complete",
)
CONSULT = ToolSpec(
    name="consult_user",
    args=ApprovalArgs,
    description="Ask the user.",
    title="Consult",
    effect="read-only",
    surfaces=frozenset({SURFACE}),
    handler=None,
    kind="ask",
)
GO_TO = ToolSpec(
    name="go_to",
    args=OpenArgs,
    description="Go to an address.",
    title="Go to",
    effect="additive",
    surfaces=frozenset({SURFACE}),
    handler=browser_open.SPEC.handler,
    kind="open",
)
OTHERS: tuple[ToolSpec[Any], ...] = (FINISH, CONSULT, GO_TO)
SERVICE = ServiceConfig(
    name="routing",
    display_name="Routing Video",
    initial_url="http://127.0.0.1/",
    flow_urls=("/p/",),
)
PAGES = {
    # Portuguese, then Korean: the flow's pages, neutral words (routing reads no words)
    "/p/conta": page("pt", "Sua conta", "<a href='/p/passo'>Próximo</a>"),
    "/p/passo": page(
        "ko", "다음 단계", "<form method='post' action='/p/fim'><button>확인</button></form>"
    ),
}


@pytest.fixture
def registered() -> Iterator[None]:
    for spec in OTHERS:
        REGISTRY.register(spec)
    yield
    for spec in OTHERS:
        REGISTRY.unregister(spec)


@pytest.fixture(scope="module")
def site() -> Iterator[RecordingSite]:
    with RecordingSite(PAGES) as served:
        yield served


async def on_page(
    browser: PlaywrightBrowser, site: RecordingSite, person: ScriptedApprovals
) -> tuple[ToolStack, Reply]:
    start = site.url("/p/conta")
    await browser.navigate(start)
    stack = build_run(SERVICE, browser, person, start_url=start).stack
    shown = await stack.execute(ToolCall(id="s", name="get_snapshot", arguments={}))
    site.reset()
    return stack, shown


def test_the_builtin_tools_say_what_they_are() -> None:
    assert kind("complete_task") == "complete"
    assert kind("request_human_approval") == "ask"
    assert kind("browser_open") == "open"
    assert {kind(n) for n in ("get_snapshot", "browser_click", "browser_scroll")} == {"browser"}
    assert kind("no_such_tool") == "browser"  # the server below refuses it by name


def test_a_tool_the_gate_inspects_is_one_the_browser_answers() -> None:
    with pytest.raises(ValueError, match="only a tool the browser answers"):
        ToolSpec(
            name="odd",
            args=OpenArgs,
            description="",
            title="",
            effect="destructive",
            surfaces=frozenset({SURFACE}),
            handler=None,
            inspects="click",
            verb="Press",
            kind="open",
        )


@pytest.mark.browser
@pytest.mark.usefixtures("registered")
async def test_another_surfaces_completion_is_judged_on_the_page_not_taken_at_its_word(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    stack, _ = await on_page(browser, site, ScriptedApprovals([]))
    claim = {"status": "success", "reason": "done"}
    reply = await stack.execute(ToolCall(id="f", name="finish_run", arguments=claim))
    assert reply.result["acknowledged"] is False  # the outcome judge answered, not the server
    assert reply.ended is None
    assert "Cannot verify success" in reply.result["message"]
    gave_up = {"status": "failed", "reason": "no way through"}
    reply = await stack.execute(ToolCall(id="f", name="finish_run", arguments=gave_up))
    assert reply.ended is not None
    assert reply.ended.reason == "task_failed"


@pytest.mark.browser
@pytest.mark.usefixtures("registered")
async def test_another_surfaces_question_is_put_to_the_person(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    person = ScriptedApprovals([(False, "not yet")])
    stack, _ = await on_page(browser, site, person)
    asked = {"action": "Continue", "reason": "it may not be undone"}
    reply = await stack.execute(ToolCall(id="a", name="consult_user", arguments=asked))
    assert reply.result["approved"] is False
    assert reply.result["message"] == "User feedback: not yet"
    assert [r.kind for r in person.requests] == ["ai_request"]


@pytest.mark.browser
@pytest.mark.usefixtures("registered")
async def test_another_surfaces_typed_address_is_asked_for_as_browser_open_is(
    browser: PlaywrightBrowser, site: RecordingSite
) -> None:
    person = ScriptedApprovals([False])
    stack, _ = await on_page(browser, site, person)
    typed = site.url("/p/passo")  # a flow page not shown yet: typed, not reached by a click
    reply = await stack.execute(ToolCall(id="o", name="go_to", arguments={"url": typed}))
    assert reply.result["error"] == "human_rejected", reply.result
    assert [r.action for r in person.requests] == [f'Open "{typed}"']
    assert site.received("/p/passo") == []  # a no: never opened
    assert reply.snapshot.page.url == site.url("/p/conta")


# -- the wiring -----------------------------------------------------------------------------

STACK = ROOT / "subterminator" / "stack"
BUILDER = "subterminator/assembly/builder.py"


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _builds_a_stack(path: Path) -> bool:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name == "ToolStack":
                return True
    return False


def test_only_the_run_builder_builds_a_tool_stack_tests_included() -> None:
    everywhere = [
        p for d in ("subterminator", "harness", "tests") for p in (ROOT / d).rglob("*.py")
    ]
    builders = {str(p.relative_to(ROOT)) for p in everywhere if _builds_a_stack(p)}
    assert builders == {BUILDER}


def _compares_a_name_to_a_word(path: Path) -> list[str]:
    """``x.name == "..."`` (or ``!=``, ``in``): routing by what a tool is called."""
    found = []
    for node in ast.walk(_tree(path)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        named = any(isinstance(s, ast.Attribute) and s.attr == "name" for s in sides)
        worded = any(
            (isinstance(s, ast.Constant) and isinstance(s.value, str))
            or (
                isinstance(s, ast.Tuple | ast.Set)
                and all(isinstance(e, ast.Constant) for e in s.elts)
            )
            for s in sides
        )
        if named and worded:
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_part_of_the_stack_routes_a_call_by_its_tools_name() -> None:
    found = [f for path in sorted(STACK.glob("*.py")) for f in _compares_a_name_to_a_word(path)]
    assert found == []


def test_the_name_check_sees_routing_by_name(tmp_path: Path) -> None:
    sample = tmp_path / "routing.py"
    sample.write_text("if call.name == 'complete_task':\n    pass\nok = spec.name in ('a', 'b')\n")
    assert len(_compares_a_name_to_a_word(sample)) == 2


# the stack's modules that may know the tool server: the port (the gate's one way to read
# it), the backstop (the layer right above it) and the stack's top (which hands it on)
KNOW_THE_SERVER = {"port.py", "backstop.py", "__init__.py"}


def test_the_stacks_parts_know_the_tool_server_only_through_the_port() -> None:
    reaching = {
        path.name
        for path in STACK.glob("*.py")
        if path.name not in KNOW_THE_SERVER and "subterminator.tools.server" in _imports(path)
    }
    assert reaching == set()


def test_no_part_of_the_gate_holds_the_whole_gate() -> None:
    """A part gets the port, the asker, a layer: never ``GatedTools`` itself."""
    holding = {
        path.name
        for path in STACK.glob("*.py")
        if path.name not in ("gated.py", "__init__.py")
        and "subterminator.stack.gated" in _imports(path)
    }
    assert holding == set()


def test_the_mcp_front_door_makes_no_tools_of_its_own() -> None:
    """The builder makes the browser's tools as the session asks for them."""
    made_here = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "subterminator" / "mcp").rglob("*.py")
        if _imports(path)
        & {
            "subterminator.tools.server",
            "subterminator.snapshot.factory",
            "subterminator.snapshot.registry",
        }
    }
    assert made_here == set()
