"""The tools: one spec per tool (builtin/), the registry that builds every surface from them,
argument validation, the ActionExecutor and the BrowserToolServer."""

from subterminator.tools.arguments import parse_arguments
from subterminator.tools.executor import ActionExecutor, LatencyCaps
from subterminator.tools.registry import REGISTRY, tool_names, tool_schemas
from subterminator.tools.server import BrowserToolServer
from subterminator.tools.spec import ToolSpec

__all__ = [
    "REGISTRY",
    "ActionExecutor",
    "BrowserToolServer",
    "LatencyCaps",
    "ToolSpec",
    "parse_arguments",
    "tool_names",
    "tool_schemas",
]
