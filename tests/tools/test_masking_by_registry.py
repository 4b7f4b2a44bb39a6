"""Which tool calls type a value, and so have it masked in every record, is read from the
registry: a fill-type tool registered tomorrow is masked as ``browser_fill`` is today."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pydantic import Field, StrictStr

from subterminator.models.tools import ToolResult
from subterminator.snapshot.secrecy import KNOWN, Named, is_mask
from subterminator.tools.args import RefArg, ToolArgs
from subterminator.tools.masking import masked_arguments, types_a_value
from subterminator.tools.registry import REGISTRY
from subterminator.tools.server import BrowserToolServer
from subterminator.tools.spec import LOOP, ToolSpec


class TypeArgs(ToolArgs):
    ref: RefArg = Field(description="the field")
    value: StrictStr = Field(description="what to type, key by key")


async def _type(server: BrowserToolServer, args: TypeArgs) -> ToolResult:
    return await server.browser_fill(args.ref, args.value, True)


TYPE = ToolSpec(
    name="browser_type_keys",
    args=TypeArgs,
    description="Type into a field key by key.",
    title="Type into a field",
    effect="destructive",
    surfaces=frozenset({LOOP}),
    handler=_type,
    inspects="fill",
    verb="Type into",
)
PASSWORD = Named("", secret=True)  # a password field, whatever it is called


@pytest.fixture
def registered() -> Iterator[None]:
    REGISTRY.register(TYPE)
    yield
    REGISTRY.unregister(TYPE)


def test_a_new_fill_type_tool_has_its_secret_value_masked(registered: None) -> None:
    typed = "hunter2-kennwort-7731"
    written = masked_arguments(
        TYPE.name, {"ref": "@e4", "value": typed}, PASSWORD, sign_in_step=True
    )
    assert is_mask(written["value"]), written
    assert typed in KNOWN.values()  # scrubbed from free text too (a model's thought)


def test_a_card_number_is_masked_in_any_field_of_a_new_fill_type_tool(registered: None) -> None:
    written = masked_arguments(
        TYPE.name,
        {"ref": "@e4", "value": "4111 1111 1111 1111"},
        Named("Notiz"),
        sign_in_step=False,
    )
    assert is_mask(written["value"]), written


def test_every_registered_tool_that_fills_or_selects_types_a_value() -> None:
    typing = {s.name for s in REGISTRY.specs() if s.inspects in ("fill", "select")}
    assert typing >= {"browser_fill", "browser_select"}
    assert {s.name for s in REGISTRY.specs() if types_a_value(s.name)} == typing


def test_a_tool_that_types_nothing_is_written_as_called() -> None:
    arguments = {"ref": "@e2", "value": "4111 1111 1111 1111"}
    assert masked_arguments("browser_click", arguments, PASSWORD, sign_in_step=True) is arguments
    assert masked_arguments(None, arguments, PASSWORD, sign_in_step=True) is arguments


def test_a_choice_is_masked_only_in_a_secret_field() -> None:
    chosen = {"ref": "@e5", "value": "4111 1111 1111 1111"}
    assert masked_arguments("browser_select", chosen, Named("Plan"), sign_in_step=True) is chosen
    assert is_mask(masked_arguments("browser_select", chosen, PASSWORD, sign_in_step=True)["value"])
