"""Which ``recording.json`` files are tests: those under a path given on the command line, and
those under the ``st_recordings`` ini folders. Anything else named ``recording.json`` in a
project is left alone. Deciding costs a name comparison; the replay machinery is imported only
when a recording is collected."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

FILE_NAME = "recording.json"  # subterminator.recording.store.FILE_NAME


@cache
def _roots(config: pytest.Config) -> tuple[Path, ...]:
    roots = [Path(p).resolve() for p in config.getini("st_recordings")]
    if config.args_source == pytest.Config.ArgsSource.ARGS:
        base = config.invocation_params.dir
        for arg in config.args:
            path = (base / arg.split("::")[0]).resolve()
            roots.append(path)
    return tuple(roots)


def asked_for(file_path: Path, config: pytest.Config) -> bool:
    if file_path.name != FILE_NAME:
        return False
    path = file_path.resolve()
    return any(path == root or path.is_relative_to(root) for root in _roots(config))


def collect_recording(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if not asked_for(file_path, parent.config):
        return None
    from harness.replay.collect import RecordingFile

    return RecordingFile.from_parent(parent, path=file_path)
