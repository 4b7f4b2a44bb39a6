"""The pytest plugin beside pytest-playwright: both load, neither's names are taken."""

from __future__ import annotations

import pytest

from tests.support.paths import ROOT

pytest_plugins = ["pytester"]


def test_both_plugins_load_and_keep_their_options(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess("-p", "playwright", "--help")
    assert result.ret == 0, result.stderr.str()
    out = result.stdout.str()
    assert "--st-show-browser" in out  # ours
    assert "--headed" in out  # pytest-playwright's
    assert "--browser-channel" in out


def test_our_browser_fixture_works_with_pytest_playwright_loaded(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest

        pytestmark = pytest.mark.browser

        async def test_local_page(st_browser, st_static_site, tmp_path):
            (tmp_path / "index.html").write_text("<title>t</title><button>Go</button>")
            site = st_static_site(tmp_path)
            await st_browser.navigate(site.url("index.html"))
            capture = await st_browser.capture()
            assert any(n.name == "Go" for n in capture.nodes)

        def test_their_fixtures_and_ours_are_both_there(request):
            manager = request.session._fixturemanager
            assert manager.getfixturedefs("browser", request.node)  # pytest-playwright's
            assert manager.getfixturedefs("st_browser", request.node)  # ours
            assert request.config.getoption("headed") is False
            assert request.config.getoption("--st-show-browser") is False
        """
    )
    pytester.makeini(
        "[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = session\n"
        "asyncio_default_test_loop_scope = session\n"
    )
    # (--headed would really open a window: this machine has no display)
    result = pytester.runpytest_subprocess("-p", "playwright", "-q")
    result.assert_outcomes(passed=2)


def test_a_replay_browser_stands_in_for_st_browser(pytester: pytest.Pytester) -> None:
    """Override ``st_browser`` and code written against the Browser seam runs on recordings."""
    recording = ROOT / "recordings" / "netflix" / "legacy"
    pytester.makeconftest(
        f"""
        from pathlib import Path

        import pytest
        from harness.replay import ReplayBrowser
        from subterminator.recording import load

        @pytest.fixture
        def st_browser():
            return ReplayBrowser([load(Path({str(recording)!r}))])
        """
    )
    pytester.makepyfile(
        """
        from subterminator.tools.server import BrowserToolServer

        async def test_on_the_seam(st_browser):
            await st_browser.navigate(st_browser.recordings[0].meta.start_url)
            result = await BrowserToolServer(st_browser).execute("get_snapshot", {})
            assert result.success
            assert "Account" in result.snapshot.page.title
        """
    )
    pytester.makeini(
        "[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = session\n"
        "asyncio_default_test_loop_scope = session\n"
    )
    pytester.runpytest_subprocess("-q").assert_outcomes(passed=1)


def test_live_without_a_key_is_a_usage_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    pytester.makepyfile("def test_nothing():\n    pass\n")
    result = pytester.runpytest_subprocess("--live")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "ANTHROPIC_API_KEY or OPENAI_API_KEY" in result.stderr.str()


def test_live_runs_only_the_tests_whose_key_is_set(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-not-used-here")
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.st_live(key="OPENAI_API_KEY")
        def test_openai():
            pass

        @pytest.mark.st_live(key="ANTHROPIC_API_KEY")
        def test_claude():
            pass

        @pytest.mark.st_live
        def test_no_key():
            pass
        """
    )
    result = pytester.runpytest_subprocess("--live", "-v")
    result.assert_outcomes(passed=2, deselected=1)
    result.stdout.fnmatch_lines(
        [
            "*tests that need ANTHROPIC_API_KEY are deselected: it is not set*",
            "*test_openai PASSED*",
        ]
    )
    assert "test_claude" not in result.stdout.str()


def test_the_cassette_fixture_records_once_then_plays(pytester: pytest.Pytester) -> None:
    """pytest-recording's way: --st-record-mode=once writes the cassette, the default plays it."""
    pytester.makepyfile(
        """
        import pytest
        from harness.fake_anthropic import FakeAnthropic, message, tool_use
        from subterminator.ai.client import AIClient
        from subterminator.models.conversation import Message

        @pytest.fixture
        def api():
            with FakeAnthropic() as served:
                served.queue(message(tool_use("get_snapshot")))
                yield served

        async def test_one_turn(api, st_cassette):
            client = AIClient(api_key="sk-ant-test-key-000000000", base_url=api.url)
            response = await client.chat([Message(role="user", content="hi")], [], "sys")
            assert response.tool_calls[0].name == "get_snapshot"
        """
    )
    pytester.makeini(
        "[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = session\n"
        "asyncio_default_test_loop_scope = session\n"
    )
    pytester.runpytest_subprocess("--st-record-mode=once", "-q").assert_outcomes(passed=1)
    [written] = (pytester.path / "cassettes").glob("*/test_one_turn.yaml")  # per module
    assert "sk-ant-test-key" not in written.read_text()
    pytester.runpytest_subprocess("-q").assert_outcomes(passed=1)  # played, not asked again
