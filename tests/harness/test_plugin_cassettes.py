"""The cassette fixture and marker as a user meets them: every record mode, paths per module and
beside the test file, the marker alone, settings layered CLI > st_cassette_config > marker, and a
missing cassette named with the command that records it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.subprocess  # pytest in a subprocess

pytest_plugins = ["pytester"]

INI = (
    "[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = session\n"
    "asyncio_default_test_loop_scope = session\n"
)
# A test module asking a local Messages API (harness.fake_anthropic) ``CALLS`` times; it checks
# how many of its requests reached the server (``HITS``): the rest were played from the cassette.
ASKING = """
import os
import pytest
from harness.fake_anthropic import FakeAnthropic, message, tool_use
from subterminator.ai.client import AIClient
from subterminator.models.conversation import Message

@pytest.fixture
def api():
    with FakeAnthropic() as served:
        served.queue(*[message(tool_use("get_snapshot")) for _ in range(5)])
        yield served

{decorator}
async def test_one({arguments}):
    client = AIClient(api_key="sk-ant-test-key-000000000", base_url=api.url)
    for turn in range(int(os.environ.get("CALLS", "1"))):
        reply = await client.chat([Message(role="user", content=f"turn {{turn}}")], [], "sys")
        assert reply.tool_calls[0].name == "get_snapshot"
    assert len(api.requests) == int(os.environ["HITS"]), api.requests
"""


def module(
    pytester: pytest.Pytester,
    name: str = "test_asks",
    decorator: str = "",
    arguments: str = "api, st_cassette",
) -> Path:
    pytester.makeini(INI)
    return pytester.makepyfile(**{name: ASKING.format(decorator=decorator, arguments=arguments)})


def run(pytester: pytest.Pytester, *args: str, hits: int, calls: int = 1) -> pytest.RunResult:
    pytester._monkeypatch.setenv("HITS", str(hits))
    pytester._monkeypatch.setenv("CALLS", str(calls))
    return pytester.runpytest_subprocess("-q", *args)


def interactions(path: Path) -> int:
    return path.read_text().count("- request:")


def test_every_record_mode_does_what_pytest_recording_s_does(pytester: pytest.Pytester) -> None:
    module(pytester)
    cassette = pytester.path / "cassettes" / "test_asks" / "test_one.yaml"
    run(pytester, hits=0).assert_outcomes(errors=1)  # none: nothing to play yet
    run(pytester, "--st-record-mode=once", hits=1).assert_outcomes(passed=1)
    assert interactions(cassette) == 1
    run(pytester, "--st-record-mode=once", hits=0).assert_outcomes(passed=1)  # plays
    run(pytester, hits=0).assert_outcomes(passed=1)  # none plays
    run(pytester, "--st-record-mode=new_episodes", hits=1, calls=2).assert_outcomes(passed=1)
    assert interactions(cassette) == 2  # the recorded one played, the new one added
    run(pytester, "--st-record-mode=all", hits=1).assert_outcomes(passed=1)  # asks again
    run(pytester, "--st-record-mode=rewrite", hits=1).assert_outcomes(passed=1)
    assert interactions(cassette) == 1  # afresh
    assert not list(cassette.parent.glob("*.rewriting"))
    run(pytester, hits=0).assert_outcomes(passed=1)


def test_a_failing_rewrite_keeps_the_old_cassette(pytester: pytest.Pytester) -> None:
    module(pytester)
    run(pytester, "--st-record-mode=once", hits=2, calls=2).assert_outcomes(passed=1)
    cassette = pytester.path / "cassettes" / "test_asks" / "test_one.yaml"
    before = cassette.read_text()
    run(pytester, "--st-record-mode=rewrite", hits=99).assert_outcomes(failed=1)
    assert cassette.read_text() == before
    assert not list(cassette.parent.glob("*.rewriting"))


def test_a_missing_cassette_names_its_path_and_the_command_that_records_it(
    pytester: pytest.Pytester,
) -> None:
    module(pytester)
    result = run(pytester, hits=0)
    result.assert_outcomes(errors=1)
    out = result.stdout.str()
    expected = pytester.path / "cassettes" / "test_asks" / "test_one.yaml"
    assert f"No cassette at {expected}" in out
    assert "pytest 'test_asks.py::test_one' --st-record-mode=once" in out
    assert "Could not connect" not in out


def test_same_named_tests_in_two_modules_have_a_cassette_each(pytester: pytest.Pytester) -> None:
    module(pytester, "test_first")
    module(pytester, "test_second")
    run(pytester, "--st-record-mode=once", hits=1).assert_outcomes(passed=2)
    folder = pytester.path / "cassettes"
    assert sorted(str(p.relative_to(folder)) for p in folder.glob("**/*.yaml")) == [
        "test_first/test_one.yaml",
        "test_second/test_one.yaml",
    ]


def test_the_marker_alone_uses_a_cassette_at_a_path_beside_the_test_file(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeini(INI)
    sub = pytester.mkdir("sub")
    (sub / "test_marked.py").write_text(
        ASKING.format(decorator='@pytest.mark.st_cassette("recorded/one.yaml")', arguments="api")
    )
    elsewhere = pytester.mkdir("elsewhere")
    pytester._monkeypatch.chdir(elsewhere)  # a marker's path is not read from the cwd
    pytester._monkeypatch.setenv("HITS", "1")
    args = ("--rootdir", str(pytester.path), "-c", str(pytester.path / "tox.ini"))
    test = str(sub / "test_marked.py")
    pytester.runpytest_subprocess(test, "--st-record-mode=once", *args).assert_outcomes(passed=1)
    assert (sub / "recorded" / "one.yaml").exists()
    assert not (elsewhere / "recorded").exists()
    pytester._monkeypatch.setenv("HITS", "0")
    pytester.runpytest_subprocess(test, *args).assert_outcomes(passed=1)  # played


def test_settings_are_layered_cli_then_config_fixture_then_marker(
    pytester: pytest.Pytester,
) -> None:
    """The marker says rewrite; the config fixture says none; the command line says once."""
    module(
        pytester,
        decorator='@pytest.mark.st_cassette("marked.yaml", record_mode="rewrite")',
        arguments="api",
    )
    pytester.makeconftest(
        """
        import pytest

        @pytest.fixture
        def st_cassette_config():
            return {"record_mode": "none"}
        """
    )
    run(pytester, hits=0).assert_outcomes(errors=1)  # the fixture's none beats the marker
    assert not (pytester.path / "marked.yaml").exists()
    run(pytester, "--st-record-mode=once", hits=1).assert_outcomes(passed=1)  # the CLI beats both
    assert (pytester.path / "marked.yaml").exists()  # the marker's path still applies
    run(pytester, hits=0).assert_outcomes(passed=1)


def test_an_unknown_setting_in_the_config_fixture_is_named(pytester: pytest.Pytester) -> None:
    module(pytester)
    pytester.makeconftest(
        "import pytest\n\n@pytest.fixture\ndef st_cassette_config():\n    return {'mode': 'once'}\n"
    )
    result = run(pytester, hits=0)
    assert "unknown keys ['mode']" in result.stdout.str() + result.stderr.str()
