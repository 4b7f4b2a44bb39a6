"""The data contract: generated schema, sample snapshots, tool schemas and descriptions."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest

from subterminator.ai.render import message_image, message_text
from subterminator.errors import InvalidParamsError
from subterminator.models.conversation import Message
from subterminator.models.snapshot import Snapshot
from subterminator.schema import render_recording_schema, render_snapshot_schema
from subterminator.tools.arguments import parse_arguments
from subterminator.tools.registry import surface, tool_names, tool_schemas
from tests.support.paths import FIXTURES

SAMPLES = sorted((FIXTURES / "snapshots").glob("*.json"))
REF = {"type": "string", "pattern": "^@e\\d+$"}

# the tools' input schemas as the contract states them, verbatim
SPEC_INPUT_SCHEMAS = {
    "get_snapshot": {
        "type": "object",
        "properties": {
            "viewport_only": {
                "type": "boolean",
                "default": True,
                "description": "If true, only include elements visible in viewport",
            }
        },
    },
    "browser_click": {
        "type": "object",
        "properties": {"ref": {**REF, "description": "Element reference (e.g., '@e7')"}},
        "required": ["ref"],
    },
    "browser_fill": {
        "type": "object",
        "properties": {
            "ref": {**REF, "description": "Element reference for the input field"},
            "value": {"type": "string", "description": "Text to enter into the field"},
            "clear_first": {
                "type": "boolean",
                "default": True,
                "description": "If true, clear existing content before filling",
            },
        },
        "required": ["ref", "value"],
    },
    "browser_select": {
        "type": "object",
        "properties": {
            "ref": {**REF, "description": "Element reference for the dropdown"},
            "value": {"type": "string", "description": "Option value or visible text to select"},
        },
        "required": ["ref", "value"],
    },
    "browser_scroll": {
        "type": "object",
        "properties": {
            "ref": {
                **REF,
                "description": "Element to scroll into view. If provided, direction is ignored.",
            },
            "direction": {
                "type": "string",
                "enum": ["up", "down", "top", "bottom"],
                "description": "Scroll direction. Required if ref not provided.",
            },
            "amount": {
                "type": "integer",
                "default": 300,
                "description": "Pixels to scroll if using direction",
            },
        },
    },
    "request_human_approval": {
        "type": "object",
        "properties": {
            "action": {
                "type": "string",
                "description": "Description of the action requiring approval",
            },
            "reason": {"type": "string", "description": "Why this action needs approval"},
        },
        "required": ["action", "reason"],
    },
    "complete_task": {
        "type": "object",
        "properties": {
            "status": {
                "type": "string",
                "enum": ["success", "failed"],
                "description": "Whether the goal was achieved",
            },
            "reason": {"type": "string", "description": "Explanation of the outcome"},
        },
        "required": ["status", "reason"],
    },
}


def test_committed_schema_is_what_the_models_generate() -> None:
    committed = (FIXTURES / "snapshot_schema.json").read_text()
    assert committed == render_snapshot_schema(), (
        "fixtures/snapshot_schema.json is stale: regenerate it with `nox -s fixtures`"
    )


def test_committed_recording_schema_is_what_the_models_generate() -> None:
    committed = (FIXTURES / "recording_schema.json").read_text()
    assert committed == render_recording_schema(), (
        "fixtures/recording_schema.json is stale: regenerate it with `nox -s fixtures`"
    )
    assert json.loads(committed)["properties"]["meta"]["$ref"].endswith("RecordingMeta")


def test_schema_carries_the_spec_constraints() -> None:
    schema = json.loads(render_snapshot_schema())
    element = schema["$defs"]["Element"]
    assert element["properties"]["ref"]["pattern"] == "^@e\\d+$"
    assert element["properties"]["name"]["maxLength"] == 203
    assert schema["properties"]["elements"]["maxItems"] == 100
    assert set(schema["required"]) >= {
        "snapshot_id",
        "timestamp",
        "elements",
        "page",
        "screenshot",
        "viewport",
    }


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample_snapshots_validate(path: Path) -> None:
    document = json.loads(path.read_text())
    jsonschema.Draft202012Validator(json.loads(render_snapshot_schema())).validate(document)
    snapshot = Snapshot.model_validate(document)
    assert snapshot.screenshot, "samples carry their screenshot"


def test_netflix_stage_samples_exist() -> None:
    stems = {p.stem for p in SAMPLES}
    assert {
        "netflix_account_active",
        "netflix_retention_offer",
        "netflix_confirmation",
        "netflix_cancelled",
    } <= stems
    confirmation = Snapshot.model_validate_json(
        (FIXTURES / "snapshots/netflix_confirmation_expanded.json").read_text()
    )
    assert any(
        e.role == "button" and "finish cancel" in e.name.lower() for e in confirmation.elements
    )
    cancelled = Snapshot.model_validate_json(
        (FIXTURES / "snapshots/netflix_cancelled.json").read_text()
    )
    assert any(e.role == "heading" and "cancelled" in e.name.lower() for e in cancelled.elements)


def test_bad_snapshots_are_rejected() -> None:
    document = json.loads(SAMPLES[0].read_text())
    validator = jsonschema.Draft202012Validator(json.loads(render_snapshot_schema()))
    for broken in (
        {**document, "elements": [{**document["elements"][0], "ref": "e1"}]},
        {**document, "elements": [{**document["elements"][0], "name": "x" * 204}]},
        {**document, "elements": [{**document["elements"][0], "state": ["shiny"]}]},
        {k: v for k, v in document.items() if k != "viewport"},
    ):
        assert not validator.is_valid(broken)


def test_tool_input_schemas_are_the_spec_schemas() -> None:
    assert list(tool_names()) == list(SPEC_INPUT_SCHEMAS)
    for tool in tool_schemas():
        assert tool["input_schema"] == SPEC_INPUT_SCHEMAS[tool["name"]], tool["name"]


@pytest.mark.parametrize("name", tool_names())
def test_descriptions_have_the_six_parts(name: str) -> None:
    text = surface()[name].description
    purpose = text.split("\n\n")[0]
    assert 20 < len(purpose) < 400
    assert "refs" in text
    assert "invalid" in text
    for heading in ("WHEN TO USE:", "COMMON PATTERNS:", "ERROR CONDITIONS:", "EXAMPLE:"):
        assert heading in text
    patterns = text.split("COMMON PATTERNS:")[1].split("ERROR CONDITIONS:")[0]
    assert 2 <= patterns.count("\n- ") <= 3
    assert "->" in text.split("EXAMPLE:")[1]


def test_tool_reply_for_the_model_leaves_the_screenshot_to_the_image_block() -> None:
    snapshot = Snapshot.model_validate_json(SAMPLES[0].read_text())
    reply = Message(role="tool", result={"success": False, "error": "timeout"}, snapshot=snapshot)
    body = json.loads(message_text(reply))
    assert body["error"] == "timeout"
    assert body["snapshot"]["snapshot_id"] == snapshot.snapshot_id
    assert "screenshot" not in body["snapshot"]
    assert message_image(reply) == snapshot.screenshot


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("browser_click", {"ref": "x" * 70_000}),
        ("x" * 70_000, {}),
        ("get_snapshot", {"k" * 70_000: 1}),
        ("complete_task", {"status": "s" * 70_000, "reason": "r"}),
        ("request_human_approval", {"action": {"a": ["b" * 70_000]}, "reason": "r"}),
    ],
)
def test_invalid_params_quote_huge_input_cut_short(name: str, arguments: object) -> None:
    """Found by the execute fuzzer: the reply echoed 70,000-character arguments whole (once
    490,000 characters) into the model's context; now 80 characters of each, and the length."""
    with pytest.raises(InvalidParamsError) as caught:
        parse_arguments(name, arguments)
    assert len(str(caught.value)) < 600
    assert "characters)" in str(caught.value)
