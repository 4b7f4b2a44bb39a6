"""pytest plugin (entry point ``pytest11``): options, markers, fixtures and recorded flows.

It behaves in any project it is installed into, as pytest-recording and syrupy do:

- importing it costs only ``pytest`` and the standard library; the browser, the SDK, vcrpy and
  hypothesis are imported by the fixture or item that uses them;
- a missing extra (pytest-asyncio, vcrpy) turns the features that need it off, with one line in
  the report header and an error naming the install command where one is used;
- nothing changes at import or start-up: Hypothesis profiles are registered and loaded only when
  asked for (``--hypothesis-profile st-...`` or the ``st_hypothesis_profile`` ini option); the
  model-request guard applies only to tests that use our fixtures, markers or recordings
  (or to every test, with the ``st_guard_all`` ini option);
- options, fixtures and markers are namespaced (``--st-...``, ``st_...``; ``--live`` is the
  product's own switch), so pytest-recording, pytest-playwright and syrupy load beside it; the
  old unprefixed names still work and warn (``names.py``);
- recordings are collected only where asked: a path given on the command line, or under the
  folders named by the ``st_recordings`` ini option.

Fixtures live in ``fixtures.py`` (browsers, sites, scripted parts) and ``cassettes.py``.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest

from harness.plugin import availability
from harness.plugin.cassettes import (
    CALL_FAILED,
    st_cassette,
    st_cassette_config,
    st_cassette_marker,
)
from harness.plugin.fixtures import (
    st_browser,
    st_chromium_session,
    st_on_both_browsers,
    st_orchestrator,
    st_playwright,
    st_post_site,
    st_simulator,
    st_static_site,
)
from harness.plugin.names import (
    FIXTURES,
    MARKERS,
    RUNNING,
    cassette,
    chromium_session,
    closest_marker,
    on_both_browsers,
    static_site,
    warn_old_markers,
)
from harness.plugin.recordings import collect_recording

__all__ = [
    "cassette",
    "chromium_session",
    "on_both_browsers",
    "st_browser",
    "st_cassette",
    "st_cassette_config",
    "st_cassette_marker",
    "st_chromium_session",
    "st_on_both_browsers",
    "st_orchestrator",
    "st_playwright",
    "st_post_site",
    "st_simulator",
    "st_static_site",
    "static_site",
]

# subterminator.ai.selection.KEY_ENVS: --live needs one; a live test names the one it needs
KEY_ENVS = ("ANTHROPIC_API_KEY", "OPENAI_API_KEY")
PROFILES = ("st-fast", "st-ci", "st-thorough")  # harness.profiles.DEPTHS, without hypothesis
# A test that uses any of these (or a marker below, or is a recorded flow) is ours: the
# model-request guard applies to it.
OUR_FIXTURES = frozenset(
    {
        *FIXTURES,
        *FIXTURES.values(),
        "st_browser",
        "st_orchestrator",
        "st_playwright",
        "st_post_site",
        "st_simulator",
    }
)
OUR_MARKERS = (*MARKERS, *MARKERS.values())
RECORD_MODES = ("none", "once", "new_episodes", "all", "rewrite")
# why each deselected live test was left out ("--live", or the key it needs); whether any runs
LEFT_OUT = pytest.StashKey[list[str]]()
LIVE_RUN = pytest.StashKey[bool]()


def pytest_addoption(parser: pytest.Parser) -> None:
    _command_line(parser.getgroup("subterminator", "SubTerminator harness"))
    _ini(parser)


def _command_line(group: pytest.OptionGroup) -> None:
    group.addoption(
        "--live",
        action="store_true",
        default=False,
        help="run tests marked 'st_live' (real sites, real model API; needs network and a key)",
    )
    group.addoption(
        "--st-record-mode",
        choices=RECORD_MODES,
        default=None,
        help="cassette record mode (pytest-recording's modes): none plays only (the default); "
        "once, new_episodes, all and rewrite record; the real API is reached only with --live",
    )
    group.addoption(
        "--st-replay-strict",
        action="store_true",
        default=None,
        help="cassette replays fail on any prompt drift (system prompt, tools, messages), "
        "showing the diff",
    )
    group.addoption(
        "--st-show-browser",
        action="store_true",
        default=False,
        help="show the browser window in browser tests (pytest-playwright's --headed works too)",
    )
    group.addoption(
        "--st-update-transcripts",
        action="store_true",
        default=False,
        help="recorded flows whose transcript changed rewrite it instead of failing "
        "(syrupy's --snapshot-update, where syrupy is installed, does too)",
    )


def _ini(parser: pytest.Parser) -> None:
    parser.addini(
        "st_recordings",
        type="paths",
        default=[],
        help="folders whose recordings (**/recording.json) are collected as replay tests "
        "(a recording folder given on the command line is collected anyway)",
    )
    parser.addini(
        "st_services",
        type="args",
        default=[],
        help="service modules or .py files to load (as `subterminator --services`)",
    )
    parser.addini(
        "st_guard_all",
        type="bool",
        default=False,
        help="apply the model-request guard to every test of this project, not only to those "
        "using SubTerminator's fixtures, markers or recordings",
    )
    parser.addini(
        "st_hypothesis_profile",
        default="",
        help=f"load this SubTerminator Hypothesis profile ({', '.join(PROFILES)}) unless "
        "--hypothesis-profile names one",
    )


@pytest.hookimpl(tryfirst=True)  # before hypothesis's plugin loads --hypothesis-profile
def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--live") and not any(os.environ.get(key) for key in KEY_ENVS):
        raise pytest.UsageError(
            f"--live runs the agent against the real model API: set {' or '.join(KEY_ENVS)}"
        )
    asked = config.getoption("hypothesis_profile", None)
    ini = str(config.getini("st_hypothesis_profile") or "")
    if asked in PROFILES or ini:
        from harness import profiles

        if ini and ini not in PROFILES:
            raise pytest.UsageError(
                f"st_hypothesis_profile = {ini}: not one of {', '.join(PROFILES)}"
            )
        profiles.register()
        if ini and not asked:
            profiles.load(ini)
    for line in (
        "st_cassette(path=None, *, record_mode=None, strict=None, allow_unused=None): the "
        "test plays its model traffic from this cassette (default "
        "cassettes/<module>/<test>.yaml beside the test file)",
        "st_live(key=None): needs the real network and model API; runs only with --live, and "
        "only where its key (key='OPENAI_API_KEY', say) is set",
        "browser: drives a real headless Chromium",
        "st_replay: replays a recorded flow (recording.json)",
        *(f"{old}: deprecated, the old name of {new}" for old, new in MARKERS.items()),
    ):
        config.addinivalue_line("markers", line)


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [f"subterminator: {line}" for line in availability.missing()]


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A ``recording.json`` is a test file where asked (``harness/plugin/recordings.py``)."""
    return collect_recording(file_path, parent)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without --live, live tests are deselected (not skipped): CI shows no skips. With it, so
    are those whose key is not set. Why each was left out is kept for the line after the
    collection count."""
    live = config.getoption("--live")

    def left_out(item: pytest.Item) -> str | None:
        """Why ``item`` is deselected (``--live``, or the key it needs); None if it runs."""
        marker = closest_marker(item, "st_live")
        if marker is None:
            return None
        key = marker.kwargs.get("key")
        if not live:
            return "--live"
        return key if key is not None and not os.environ.get(key) else None

    for item in items:
        warn_old_markers(item)
    why = {item: left_out(item) for item in items}
    config.stash[LEFT_OUT] = [reason for reason in why.values() if reason is not None]
    config.stash[LIVE_RUN] = any(
        reason is None and closest_marker(item, "st_live") for item, reason in why.items()
    )
    if out := [item for item, reason in why.items() if reason is not None]:
        config.hook.pytest_deselected(items=out)
        items[:] = [item for item in items if why[item] is None]


def pytest_report_collectionfinish(config: pytest.Config) -> list[str]:
    """Said only where there are live tests: a project without them hears nothing of them."""
    left_out = config.stash.get(LEFT_OUT, [])
    lines = []
    if config.stash.get(LIVE_RUN, False):
        lines.append(
            "subterminator: --live: tests marked 'st_live' reach real sites and the model API"
        )
    if count := left_out.count("--live"):
        tests = "1 test" if count == 1 else f"{count} tests"
        lines.append(f"subterminator: {tests} marked 'st_live' deselected; run with --live")
    lines += [
        f"subterminator: --live: tests that need {key} are deselected: it is not set"
        for key in dict.fromkeys(left_out)
        if key != "--live"
    ]
    return lines


def ours(item: pytest.Item) -> bool:
    """A recorded flow, or a test using our fixtures or markers (every test, with
    ``st_guard_all``): the model-request guard applies to it."""
    if type(item).__module__.startswith("harness.") or item.config.getini("st_guard_all"):
        return True
    names = set(getattr(item, "fixturenames", ()))
    if names & OUR_FIXTURES:
        return True
    return any(item.get_closest_marker(name) is not None for name in OUR_MARKERS)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    """Our tests reach the real model API only under --live; other tests are left alone."""
    item.config.stash[RUNNING] = item  # where an old fixture name's warning points
    if not ours(item):
        return (yield)
    from subterminator.ai import guard

    with guard.requests_allowed(bool(item.config.getoption("--live"))):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Remembers a failed call, so a cassette recorded by it is not written."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[CALL_FAILED] = True
    return report
