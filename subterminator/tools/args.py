"""The base every tool's argument model shares, and the JSON schema a model is shown.

An argument model is the single source of its tool's ``input_schema``: the schema below is
plain JSON schema as the tool contract writes it (no titles, an optional argument is absent or
a value, never null), so what a model reads stays byte-identical to the contract.
"""

from __future__ import annotations

import copy
import functools
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictStr
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from subterminator.models.snapshot import REF_PATTERN

RefArg = Annotated[StrictStr, Field(pattern=REF_PATTERN)]


class ToolArgs(BaseModel):
    """Strict and closed: a wrong type or an unknown argument is refused with a message."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _ToolSchema(GenerateJsonSchema):
    """Plain JSON schema: no titles, optional means absent-or-value."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        return self.generate_inner(schema["schema"])

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        if schema.get("default") is None:
            return self.generate_inner(schema["schema"])
        return super().default_schema(schema)

    def model_schema(self, schema: core_schema.ModelSchema) -> JsonSchemaValue:
        out = super().model_schema(schema)
        out.pop("title", None)
        out.pop("additionalProperties", None)  # extras are refused at validation, with a message
        return out


def json_schema(model: type[ToolArgs]) -> dict[str, Any]:
    """The ``input_schema`` a model is given for a tool taking ``model``: made once per model
    (pydantic takes ~2 ms a schema, and an MCP server reads every tool's at each call), a copy
    each time, as callers may change it."""
    return copy.deepcopy(_made_schema(model))


@functools.cache
def _made_schema(model: type[ToolArgs]) -> dict[str, Any]:
    return model.model_json_schema(schema_generator=_ToolSchema)
