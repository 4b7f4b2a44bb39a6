"""The seven tools: schemas, the ActionExecutor and the BrowserToolServer."""

from subterminator.tools.executor import ActionExecutor, LatencyCaps
from subterminator.tools.schemas import TOOL_NAMES, TOOL_SCHEMAS, parse_arguments
from subterminator.tools.server import BrowserToolServer

__all__ = [
    "TOOL_NAMES",
    "TOOL_SCHEMAS",
    "ActionExecutor",
    "BrowserToolServer",
    "LatencyCaps",
    "parse_arguments",
]
