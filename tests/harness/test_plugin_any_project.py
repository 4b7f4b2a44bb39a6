"""The plugin in someone else's project (a stranger's): it loads with nothing beyond pytest, changes
nothing at import, guards only its own tests, collects recordings only where asked, and loads
beside pytest-recording, pytest-playwright and syrupy."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys

import pytest

from tests.support.paths import ROOT

pytestmark = pytest.mark.subprocess  # pytest in a subprocess

pytest_plugins = ["pytester"]

LEGACY = ROOT / "recordings" / "netflix" / "legacy"
HEAVY = ("anthropic", "playwright", "hypothesis", "vcr", "pydantic", "subterminator", "babel")


def test_importing_the_plugin_imports_none_of_the_heavy_parts() -> None:
    """Start-up cost is structural: only pytest and the standard library (``nox -s bench --
    --startup-only`` measures the time)."""
    code = (
        "import sys, harness.plugin\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({HEAVY!r})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]", out.stdout


def test_without_the_extras_the_plugin_loads_and_says_what_is_off(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As after ``pip install subterminator`` (no extras): pytest-asyncio, vcrpy and hypothesis
    cannot be imported; another project's tests still run."""
    blocked = pytester.mkdir("blocked")
    (blocked / "sitecustomize.py").write_text(
        "import sys\n"
        "for name in ('pytest_asyncio', 'vcr', 'hypothesis', '_hypothesis_pytestplugin',\n"
        "             'syrupy', 'xdist', 'pytest_playwright', 'pytest_recording'):\n"
        "    sys.modules[name] = None\n"
    )
    monkeypatch.setenv("PYTHONPATH", str(blocked))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(
        test_theirs="def test_their_own():\n    assert 1 + 1 == 2\n",
        test_uses_ours="def test_needs_a_browser(st_browser):\n    pass\n",
    )
    result = pytester.runpytest_subprocess("-p", "harness.plugin", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=1)
    out = result.stdout.str()
    assert "subterminator: the browser fixtures" in out
    assert "pytest_asyncio is not installed (pip install 'subterminator[test]')" in out
    assert "the st_browser fixture needs pytest_asyncio" in out


def test_another_project_s_hypothesis_settings_are_its_own(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)  # under CI hypothesis itself picks its own `ci`
    pytester.makepyfile(
        """
        from hypothesis import settings

        def test_default_profile_untouched():
            assert settings.get_current_profile_name() == "default"
            assert settings().max_examples == 100
            assert settings().deadline is not None
        """
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_our_profiles_load_when_asked(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import os
        from hypothesis import settings

        def test_profile():
            assert settings.get_current_profile_name() == os.environ["WANT"]
            assert settings().deadline is None
        """
    )
    pytester._monkeypatch.setenv("WANT", "st-thorough")
    pytester.runpytest_subprocess("--hypothesis-profile", "st-thorough").assert_outcomes(passed=1)
    pytester.makeini("[pytest]\nst_hypothesis_profile = st-ci\n")
    pytester._monkeypatch.setenv("WANT", "st-ci")
    pytester.runpytest_subprocess().assert_outcomes(passed=1)


def test_the_model_request_guard_applies_to_our_tests_only(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import pytest
        from subterminator.ai import guard

        def test_theirs():
            assert guard.ALLOW_MODEL_REQUESTS is True

        @pytest.mark.st_cassette
        def test_ours_by_marker():
            assert guard.ALLOW_MODEL_REQUESTS is False

        def test_theirs_again():
            assert guard.ALLOW_MODEL_REQUESTS is True
        """
    )
    pytester.makeconftest(
        "import pytest\n\n@pytest.fixture\ndef st_cassette_config():\n"
        "    return {'record_mode': 'all', 'path': 'unused.yaml'}\n"
    )
    pytester.runpytest_subprocess("-p", "no:randomly").assert_outcomes(passed=3)


def test_a_recording_in_another_project_is_left_alone_unless_asked_for(
    pytester: pytest.Pytester,
) -> None:
    shutil.copytree(LEGACY, pytester.path / "data" / "recordings" / "flow")
    pytester.makepyfile("def test_theirs():\n    pass\n")
    pytester.runpytest_subprocess().assert_outcomes(passed=1)  # not collected: not asked
    pytester.makeini("[pytest]\nst_recordings = data/recordings\n")
    result = pytester.runpytest_subprocess("-v")
    result.assert_outcomes(passed=5)  # recorded, offline, cassette, cassette-openai; and theirs
    assert "recording.json::cassette PASSED" in result.stdout.str()
    assert "recording.json::cassette-openai PASSED" in result.stdout.str()


def test_pytest_on_a_recording_folder_anywhere_replays_it(pytester: pytest.Pytester) -> None:
    flow = pytester.path / "my flows" / "cancel-by-hand"
    shutil.copytree(LEGACY, flow)
    (flow / "transcript.json").unlink()
    result = pytester.runpytest_subprocess(str(flow), "-v")
    result.assert_outcomes(passed=4, warnings=2)  # both cassettes' runs write no transcript
    assert "wrote the recorded transcript" in result.stdout.str()
    assert (flow / "transcript.json").exists()  # written on the first run, then compared
    pytester.runpytest_subprocess(str(flow)).assert_outcomes(passed=4)


def test_a_recording_that_cannot_be_replayed_says_why(pytester: pytest.Pytester) -> None:
    broken = pytester.path / "broken"
    shutil.copytree(LEGACY, broken)
    (broken / "recording.json").write_text('{"meta": {"format_version": 1}, "pages": 3}')
    other = pytester.path / "other-service"
    shutil.copytree(LEGACY, other)
    text = (other / "recording.json").read_text()
    (other / "recording.json").write_text(text.replace('"service": "netflix"', '"service": "acme"'))
    result = pytester.runpytest_subprocess(str(broken), str(other))
    out = result.stdout.str()
    assert result.ret == pytest.ExitCode.INTERRUPTED  # collection errors
    assert "broken/recording.json: meta.service: Field required" in out
    assert "Unknown service 'acme'" in out
    assert "Traceback" not in out


def test_four_plugins_load_together(pytester: pytest.Pytester) -> None:
    """pytest-recording, pytest-playwright, syrupy and ours: each one's options and fixtures."""
    help_text = pytester.runpytest_subprocess("--help").stdout.str()
    for option in ("--record-mode", "--st-record-mode", "--headed", "--snapshot-update", "--live"):
        assert option in help_text, option
    pytester.makeini(
        "[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = session\n"
        "asyncio_default_test_loop_scope = session\n"
    )
    pytester.makepyfile(
        """
        import pytest

        def test_theirs_and_ours(request, snapshot):
            assert request.config.getoption("record_mode") in (None, "none")  # pytest-recording's
            assert request.config.getoption("--st-record-mode") is None  # ours
            assert request.config.getoption("headed") is False  # pytest-playwright's
            manager = request.session._fixturemanager
            for name in ("vcr_config", "page", "st_browser", "st_cassette"):
                assert manager.getfixturedefs(name, request.node), name
            assert {"a": 1} == snapshot

        @pytest.mark.vcr
        def test_their_vcr_marker():
            pass

        @pytest.mark.browser
        async def test_our_browser(st_browser, tmp_path, st_static_site):
            (tmp_path / "index.html").write_text("<title>t</title><button>Go</button>")
            await st_browser.navigate(st_static_site(tmp_path).url("index.html"))
            assert any(n.name == "Go" for n in (await st_browser.capture()).nodes)
        """
    )
    pytester.runpytest_subprocess("--snapshot-update").assert_outcomes(passed=3)
    pytester.runpytest_subprocess().assert_outcomes(passed=3)


def test_a_recording_of_another_service_replays_with_its_service_file(
    pytester: pytest.Pytester,
) -> None:
    flow = pytester.path / "recordings" / "acme" / "by-hand"
    shutil.copytree(LEGACY, flow)
    (flow / "transcript.json").unlink()
    for cassette in ("cassette.yaml", "cassette-openai.yaml"):  # Netflix's model traffic
        (flow / cassette).unlink()
    data = json.loads((flow / "recording.json").read_text())
    data["meta"]["service"] = "acme"
    data["expected"]["approvals"] = None  # as a recording made by hand has it
    (flow / "recording.json").write_text(json.dumps(data))
    shutil.copy(ROOT / "examples" / "acme_service.py", pytester.path / "acme_service.py")
    pytester.makeini("[pytest]\nst_recordings = recordings\nst_services = acme_service.py\n")
    result = pytester.runpytest_subprocess("-v", "-k", "recorded")
    result.assert_outcomes(passed=1, deselected=1, warnings=1)


def test_a_project_without_live_tests_hears_nothing_of_them(pytester: pytest.Pytester) -> None:
    """The "live tests deselected" line is said only where there are live tests."""
    pytester.makepyfile("def test_theirs():\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert "subterminator:" not in result.stdout.str()


def test_deselected_live_tests_are_counted_after_the_collection(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.st_live
        def test_real_site():
            pass

        @pytest.mark.st_live
        def test_real_model():
            pass

        def test_offline():
            pass
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, deselected=2)
    result.stdout.fnmatch_lines(
        [
            "collected 3 items / 2 deselected / 1 selected",
            "subterminator: 2 tests marked 'st_live' deselected; run with --live",
        ]
    )


def test_the_simulator_fixture_serves_a_stranger_s_browser_test(pytester: pytest.Pytester) -> None:
    """``st_simulator`` starts the bundled simulator on 127.0.0.1 for anyone's test
    (a variant by indirect parametrization, an unknown one named), and stops it after."""
    pytester.makeini(
        "[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = session\n"
        "asyncio_default_test_loop_scope = session\n"
    )
    pytester.makepyfile(
        """
        from pathlib import Path

        import pytest

        async def names(browser):
            return [node.name for node in (await browser.capture()).nodes]

        async def test_the_default_variant(st_simulator, st_browser):
            assert st_simulator.base_url.startswith("http://127.0.0.1:")
            Path("served.txt").write_text(st_simulator.base_url)
            await st_browser.navigate(st_simulator.url())
            assert "Manage membership" in await names(st_browser)
            assert st_simulator.account.status == "active"

        @pytest.mark.parametrize("st_simulator", ["legacy"], indirect=True)
        async def test_another_variant(st_simulator, st_browser):
            await st_browser.navigate(st_simulator.url())
            assert "Cancel Membership" in await names(st_browser)

        @pytest.mark.parametrize("st_simulator", ["2025"], indirect=True)
        def test_no_such_variant(st_simulator):
            pass

        async def test_nth_counts_from_zero(st_simulator, st_browser, st_orchestrator):
            from harness.scripted_ai import ScriptedAI, click
            from subterminator.services import NETFLIX

            await st_browser.navigate(st_simulator.url("/cancelplan"))
            script = ScriptedAI([click("Show option contents", nth=3)])
            said = "3 elements named 'Show option contents', so no nth=3"
            with pytest.raises(AssertionError, match=said):
                await st_orchestrator(script, NETFLIX).run(NETFLIX.goal_template)
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, errors=1)
    assert "st_simulator: no variant '2025'; variants: 2026, legacy," in result.stdout.str()
    port = int((pytester.path / "served.txt").read_text().rsplit(":", 1)[1])
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
