"""The registry: every tool's spec, and the surfaces built from them.

A surface is a named, ordered set of specs (the conversation loop's seven; the MCP front
door's nine). Each client-facing list, the server's dispatch and the gate's lookups read from
here, so registering a spec is all it takes to add a tool everywhere it says it belongs.
Names are unique within a surface; two surfaces may one day hold different tools of one name
(another front door's own ``browser_click``), and then a lookup must say which surface.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import Any

from subterminator.browser.protocol import ActionKind
from subterminator.tools.builtin import BUILTIN
from subterminator.tools.facade import FACADE
from subterminator.tools.spec import LOOP, Kind, ToolSpec


class Surface:
    """The tools one kind of client sees, in the order it sees them."""

    def __init__(self, name: str, specs: Iterable[ToolSpec[Any]]) -> None:
        self.name = name
        self.specs = tuple(specs)
        self._by_name = {spec.name: spec for spec in self.specs}

    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __getitem__(self, name: str) -> ToolSpec[Any]:
        return self._by_name[name]

    @cached_property
    def _schemas(self) -> list[dict[str, Any]]:
        return [
            {
                "name": spec.name,
                "description": spec.description,
                "input_schema": spec.input_schema(),
            }
            for spec in self.specs
        ]

    def schemas(self) -> list[dict[str, Any]]:
        """Name, description and input schema per tool: what an AI client sends a model."""
        return self._schemas


class Registry:
    """The specs in the order they were registered; a surface lists its own in that order."""

    def __init__(self, specs: Iterable[ToolSpec[Any]] = ()) -> None:
        self._specs: list[ToolSpec[Any]] = []
        self._surfaces: dict[str, Surface] = {}
        for spec in specs:
            self.register(spec)

    def register(self, spec: ToolSpec[Any]) -> ToolSpec[Any]:
        """Add ``spec`` to the surfaces it names; a name already on one of them is refused."""
        for surface in spec.surfaces:
            if spec.name in self.surface(surface):
                raise ValueError(f"{spec.name} is already a tool on the {surface} surface")
        self._specs.append(spec)
        self._surfaces.clear()
        return spec

    def unregister(self, spec: ToolSpec[Any]) -> None:
        """Take ``spec`` off every surface (a plugin unloaded, a test's throwaway tool)."""
        self._specs.remove(spec)
        self._surfaces.clear()

    def surface(self, name: str) -> Surface:
        if name not in self._surfaces:
            self._surfaces[name] = Surface(name, (s for s in self._specs if name in s.surfaces))
        return self._surfaces[name]

    def surface_names(self) -> tuple[str, ...]:
        """Every surface some tool is on, the loop's first, then in the order first named."""
        named = [LOOP] + [s for spec in self._specs for s in sorted(spec.surfaces)]
        return tuple(dict.fromkeys(n for n in named if self.surface(n).specs))

    def specs(self) -> tuple[ToolSpec[Any], ...]:
        return tuple(self._specs)

    def spec(self, name: str) -> ToolSpec[Any] | None:
        """The tool called ``name`` on any surface; ambiguous names must ask a surface."""
        found = [s for s in self._specs if s.name == name]
        if len(found) > 1:
            raise LookupError(f"{name} names tools on several surfaces; ask one surface")
        return found[0] if found else None


REGISTRY = Registry((*BUILTIN, *FACADE))


def tool_spec(name: str) -> ToolSpec[Any] | None:
    return REGISTRY.spec(name)


def surface(name: str = LOOP) -> Surface:
    return REGISTRY.surface(name)


def tool_names(surface: str = LOOP) -> tuple[str, ...]:
    return REGISTRY.surface(surface).names()


def tool_schemas(surface: str = LOOP) -> list[dict[str, Any]]:
    """What an AI client is given as the tool list (the conversation loop's by default)."""
    return REGISTRY.surface(surface).schemas()


def inspects(name: str) -> ActionKind | None:
    """What the gate reads on the live page before a call of ``name`` runs; None: nothing."""
    spec = REGISTRY.spec(name)
    return None if spec is None else spec.inspects


def kind(name: str) -> Kind:
    """Which part of the gate answers a call of ``name``: what the tool is, whatever it is
    called (a name no tool has is the browser's to refuse)."""
    spec = REGISTRY.spec(name)
    return "browser" if spec is None else spec.kind


def acts(name: str) -> bool:
    """A call of ``name`` may change something (not read-only): its requests are guarded."""
    spec = REGISTRY.spec(name)
    return spec is not None and spec.effect != "read-only"


def verb(name: str) -> str:
    """The verb the person reads in the gate's question ("Click"); the name when there is none."""
    spec = REGISTRY.spec(name)
    return name if spec is None or spec.verb is None else spec.verb
