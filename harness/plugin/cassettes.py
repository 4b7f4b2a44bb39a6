"""The ``st_cassette`` fixture and marker: a test's model traffic, played from or recorded into a
vcrpy cassette (``harness/cassette.py``).

Settings are layered, the first that sets a value wins:

1. the command line: ``--st-record-mode``, ``--st-replay-strict``;
2. the ``st_cassette_config`` fixture (a dict; override it in a conftest or module);
3. the marker: ``@pytest.mark.st_cassette("path.yaml", record_mode=..., strict=...,
   allow_unused=...)``;
4. defaults: ``cassettes/<module>/<test>.yaml`` beside the test file, mode ``none`` (play only).

A relative path is read from the test file's folder. The marker alone is enough: a test marked
``st_cassette`` uses one whether or not it asks for the fixture. (``cassette``, the old name of
both, still works and warns: ``names.py``.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from harness.plugin import availability
from harness.plugin.names import closest_marker

if TYPE_CHECKING:
    from vcr.cassette import Cassette

# Set when the test's call failed (the plugin's makereport hook): a fixture does not see the
# test's exception, and a failed run must not write or replace a cassette.
CALL_FAILED = pytest.StashKey[bool]()
KEYS = ("path", "record_mode", "strict", "allow_unused", "secrets")
_UNSAFE = re.compile(r"[^\w.\-]+")


@dataclass(frozen=True)
class CassetteSettings:
    path: Path
    record_mode: str = "none"
    strict: bool = False
    allow_unused: bool = False
    secrets: tuple[str, ...] = ()


def default_path(request: pytest.FixtureRequest) -> Path:
    """``cassettes/<module>/<Class.>test[params].yaml`` beside the test file: per module, so
    same-named tests in two modules never share one."""
    name = request.node.name
    if request.cls is not None:
        name = f"{request.cls.__name__}.{name}"
    return request.path.parent / "cassettes" / request.path.stem / f"{_UNSAFE.sub('-', name)}.yaml"


def resolve(request: pytest.FixtureRequest, config: dict[str, Any]) -> CassetteSettings:
    """Marker < ``st_cassette_config`` < command line."""
    unknown = set(config) - set(KEYS)
    if unknown:
        raise pytest.UsageError(f"st_cassette_config: unknown keys {sorted(unknown)}; use {KEYS}")
    layers: dict[str, Any] = {}
    marker = closest_marker(request.node, "st_cassette")
    if marker is not None:
        if marker.args:
            layers["path"] = marker.args[0]
        layers.update({k: v for k, v in marker.kwargs.items() if v is not None})
    layers.update({k: v for k, v in config.items() if v is not None})
    mode = request.config.getoption("--st-record-mode")
    if mode is not None:
        layers["record_mode"] = mode
    if request.config.getoption("--st-replay-strict"):
        layers["strict"] = True
    path = Path(layers.pop("path", None) or default_path(request))
    if not path.is_absolute():
        path = request.path.parent / path
    return CassetteSettings(
        path=path,
        record_mode=str(layers.get("record_mode", "none")),
        strict=bool(layers.get("strict", False)),
        allow_unused=bool(layers.get("allow_unused", False)),
        secrets=tuple(layers.get("secrets", ())),
    )


@pytest.fixture
def st_cassette_config() -> dict[str, Any]:
    """Override to set cassette settings for a module or folder (``path``, ``record_mode``,
    ``strict``, ``allow_unused``, ``secrets``); the command line still wins."""
    return {}


@pytest.fixture
def st_cassette(
    request: pytest.FixtureRequest, st_cassette_config: dict[str, Any]
) -> Iterator[Cassette]:
    """The test's cassette: AIClient requests inside the test are played from it (mode
    ``none``) or recorded into it (``once``, ``new_episodes``, ``all``, ``rewrite``)."""
    availability.require("vcr", "the st_cassette fixture")
    from harness.cassette import use_cassette

    settings = resolve(request, st_cassette_config)
    if settings.record_mode == "none" and not settings.path.exists():
        pytest.fail(
            f"No cassette at {settings.path} (record mode 'none' only plays one). Record it:\n"
            f"  pytest '{request.node.nodeid}' --st-record-mode=once --live\n"
            "(--live reaches the real model API and needs ANTHROPIC_API_KEY or "
            "OPENAI_API_KEY; a test that "
            "serves its own model API on 127.0.0.1 records without it)",
            pytrace=False,
        )
    manager = use_cassette(
        settings.path,
        settings.record_mode,  # type: ignore[arg-type]
        secrets=settings.secrets,
        allow_unused=settings.allow_unused,
        strict=settings.strict,
    )
    played = manager.__enter__()
    try:
        yield played
    finally:
        if request.node.stash.get(CALL_FAILED, False):
            failed = TestFailedError("the test failed: its cassette is left as it was")
            manager.__exit__(TestFailedError, failed, None)
        else:
            manager.__exit__(None, None, None)


class TestFailedError(Exception):
    """Thrown into the cassette when its test failed, so vcrpy writes nothing."""

    __test__ = False


@pytest.fixture(autouse=True)
def st_cassette_marker(request: pytest.FixtureRequest) -> None:
    """``@pytest.mark.st_cassette`` alone is enough: the marked test gets the fixture."""
    asked = {"st_cassette", "cassette"} & set(request.fixturenames)
    if not asked and closest_marker(request.node, "st_cassette"):
        request.getfixturevalue("st_cassette")
