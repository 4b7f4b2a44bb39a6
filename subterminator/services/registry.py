"""Where services come from: the bundled ones, service files and modules, and entry points.

A service is a ``ServiceConfig`` (``subterminator.services.base``). Besides the bundled
Netflix, SubTerminator finds services in three places, without any change to the package:

* ``--services SPEC`` on the command line (repeatable), or the ``SUBTERMINATOR_SERVICES``
  environment variable (SPECs separated by ``os.pathsep``, ``:`` on Linux and macOS). A SPEC
  is a path to a ``.py`` file (``examples/acme_service.py``) or a dotted module name
  (``mycompany.services.acme``) importable from ``sys.path``.
* The ``subterminator.services`` entry-point group of an installed distribution, e.g. in its
  ``pyproject.toml``: ``[project.entry-points."subterminator.services"]`` then
  ``acme = "acme_pkg.service:ACME"``. Entry points are read only when a name is not known yet.

A file or module is imported once; every ``ServiceConfig`` it defines at module level is
registered under its ``name`` (calling ``register_service`` there too is fine). An entry point
names a ``ServiceConfig``, a list of them, a callable returning either, or a module (read as
above). A later registration of the same name replaces the earlier one.

Only the standard library is imported here (besides ``subterminator.errors``): the pytest
plugin calls ``load_services`` before any browser or model code is needed.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
import threading
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from subterminator.errors import ServiceLoadError, ServiceNotFoundError

if TYPE_CHECKING:
    from subterminator.services.base import ServiceConfig

ENV_VAR = "SUBTERMINATOR_SERVICES"
ENTRY_POINT_GROUP = "subterminator.services"
HOW_TO_ADD = (
    "To add a service, give its file or module with --services path/to/my_service.py, "
    f"list it in ${ENV_VAR}, or install a package with a '{ENTRY_POINT_GROUP}' entry point."
)

SERVICE_CONFIGS: dict[str, ServiceConfig] = {}
_loaded: dict[str, tuple[str, ...]] = {}  # spec key -> names it registered
_entry_points_read = False
_entry_point_errors: list[str] = []
_lock = threading.RLock()  # a test server thread and the test may look up at once


def _key(name: str) -> str:
    return name.lower().strip()


def register_service(config: ServiceConfig) -> None:
    """Make ``config`` findable by ``get_service(config.name)`` (any case, spaces trimmed)."""
    if not _key(config.name):
        raise ServiceLoadError("A ServiceConfig needs a name (e.g. name='acme')")
    with _lock:
        SERVICE_CONFIGS[_key(config.name)] = config


def available_services() -> list[str]:
    """The names registered so far (entry points are added when a lookup first misses)."""
    return sorted(SERVICE_CONFIGS)


def get_service(name: str) -> ServiceConfig:
    """The service called ``name``; unknown names first load ``$SUBTERMINATOR_SERVICES``, then
    the entry points, before ``ServiceNotFoundError`` says which names exist and how to add one.
    """
    key = _key(name)
    with _lock:
        if key not in SERVICE_CONFIGS:
            load_services()
        if key not in SERVICE_CONFIGS:
            _load_entry_points(key)
        config = SERVICE_CONFIGS.get(key)
    if config is None:
        broken = "".join(f" {e}" for e in _entry_point_errors)
        raise ServiceNotFoundError(
            f"Unknown service '{name}'. Available services: {', '.join(available_services())}."
            f" {HOW_TO_ADD}{broken}"
        )
    return config


def load_services(extra: Sequence[str] = ()) -> None:
    """Load the service SPECs in ``extra`` and in ``$SUBTERMINATOR_SERVICES``.

    Idempotent and cheap when repeated: each SPEC is imported once per process. A SPEC that
    is a missing file, fails to import or defines no service raises ``ServiceLoadError``
    naming it and the cause.
    """
    from_env = [s for s in os.environ.get(ENV_VAR, "").split(os.pathsep) if s.strip()]
    with _lock:
        for spec in [*extra, *from_env]:
            _load_spec(spec.strip())


def _load_spec(spec: str) -> tuple[str, ...]:
    if not spec:
        raise ServiceLoadError("An empty service spec: give a .py file or a dotted module name")
    is_file = spec.endswith(".py") or os.sep in spec or "/" in spec
    key = str(Path(spec).expanduser().resolve()) if is_file else spec
    if key in _loaded:
        return _loaded[key]
    before = dict(SERVICE_CONFIGS)
    module = _import_file(spec, key) if is_file else _import_module(spec)
    names = _register_module(module)
    names |= {n for n, c in SERVICE_CONFIGS.items() if before.get(n) is not c}
    if not names:
        if is_file:
            sys.modules.pop(module.__name__, None)
        raise ServiceLoadError(
            f"Cannot load services from {spec!r}: it defines no ServiceConfig at module level "
            "(write e.g. ACME = ServiceConfig(name='acme', display_name='Acme', "
            "initial_url='https://acme.example/account'))"
        )
    _loaded[key] = tuple(sorted(names))
    return _loaded[key]


def _import_file(spec: str, resolved: str) -> ModuleType:
    path = Path(resolved)
    if not path.exists():
        raise ServiceLoadError(f"Cannot load services from {spec!r}: no such file ({path})")
    if not path.is_file() or path.suffix != ".py":
        raise ServiceLoadError(f"Cannot load services from {spec!r}: not a .py file ({path})")
    digest = hashlib.sha1(resolved.encode()).hexdigest()[:10]
    name = f"subterminator_services_{path.stem}_{digest}"
    loader_spec = importlib.util.spec_from_file_location(name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise ServiceLoadError(f"Cannot load services from {spec!r}: Python cannot import it")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[name] = module  # dataclasses and pickling look modules up by name
    try:
        loader_spec.loader.exec_module(module)
    except BaseException as exc:
        del sys.modules[name]
        if not isinstance(exc, Exception):
            raise
        raise ServiceLoadError(f"Cannot load services from {spec!r}: {_describe(exc)}") from exc
    return module


def _import_module(spec: str) -> ModuleType:
    try:
        return importlib.import_module(spec)
    except ModuleNotFoundError as exc:
        if exc.name is not None and spec.startswith(exc.name):
            raise ServiceLoadError(
                f"Cannot load services from {spec!r}: no module named {exc.name!r} on sys.path "
                "(for a file, give its path ending in .py)"
            ) from exc
        raise ServiceLoadError(f"Cannot load services from {spec!r}: {_describe(exc)}") from exc
    except Exception as exc:
        raise ServiceLoadError(f"Cannot load services from {spec!r}: {_describe(exc)}") from exc


def _describe(exc: Exception) -> str:
    if isinstance(exc, SyntaxError):
        return f"SyntaxError: {exc.msg} ({exc.filename}, line {exc.lineno})"
    return f"{type(exc).__name__}: {exc}"


def _register_module(module: ModuleType) -> set[str]:
    from subterminator.services.base import ServiceConfig

    names: set[str] = set()
    for value in list(vars(module).values()):
        if isinstance(value, ServiceConfig):
            register_service(value)
            names.add(_key(value.name))
    return names


def _register_object(value: object, where: str) -> set[str]:
    """An entry point's object: a ServiceConfig, a list of them, a callable or a module."""
    from subterminator.services.base import ServiceConfig

    if isinstance(value, ModuleType):
        return _register_module(value)
    if callable(value) and not isinstance(value, ServiceConfig):
        value = value()
    configs = list(value) if isinstance(value, (list, tuple)) else [value]
    if not configs or not all(isinstance(c, ServiceConfig) for c in configs):
        raise ServiceLoadError(
            f"{where} gives {type(value).__name__}, not a ServiceConfig or a list of them"
        )
    for config in configs:
        assert isinstance(config, ServiceConfig)
        register_service(config)
    return {_key(c.name) for c in configs if isinstance(c, ServiceConfig)}


def _load_entry_points(wanted: str) -> None:
    """The group's entry points: the one named ``wanted`` first (its errors are raised), then,
    once per process, the others (their errors are kept for the not-found message)."""
    global _entry_points_read
    points = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
    for point in points:
        if _key(point.name) == wanted and point.value not in _loaded:
            _loaded[point.value] = tuple(_load_entry_point(point))
    if wanted in SERVICE_CONFIGS or _entry_points_read:
        return
    _entry_points_read = True
    for point in points:
        if point.value in _loaded:
            continue
        try:
            _loaded[point.value] = tuple(_load_entry_point(point))
        except ServiceLoadError as exc:
            _entry_point_errors.append(str(exc))


def _load_entry_point(point: metadata.EntryPoint) -> set[str]:
    where = f"The entry point {point.name} = {point.value} ({ENTRY_POINT_GROUP})"
    try:
        value = point.load()
    except Exception as exc:
        raise ServiceLoadError(f"{where} cannot be loaded: {_describe(exc)}") from exc
    try:
        return _register_object(value, where)
    except ServiceLoadError:
        raise
    except Exception as exc:
        raise ServiceLoadError(f"{where} failed: {_describe(exc)}") from exc
