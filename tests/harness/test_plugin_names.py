"""The plugin's fixtures and markers carry its prefix (``st_``); the old unprefixed names still
work, each use warning with its new name; recorded flows' transcripts update with the plugin's
own option, not only syrupy's."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from tests.support.paths import ROOT

pytest_plugins = ["pytester"]

LEGACY = ROOT / "recordings" / "netflix" / "legacy"
OLD_FIXTURES = ("cassette", "chromium_session", "static_site", "on_both_browsers")
ASYNC_INI = (
    "[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = session\n"
    "asyncio_default_test_loop_scope = session\n"
)


def test_every_fixture_and_marker_of_the_plugin_is_prefixed(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_theirs():\n    pass\n")
    listed = pytester.runpytest_subprocess("--fixtures", "-p", "no:cacheprovider").stdout.lines
    names: set[str] = set()
    ours = False
    for line in listed:
        if line.startswith("-") and "fixtures defined from" in line:
            ours = "harness." in line
        elif ours and (found := re.match(r"(\w+)( \[\w+ scope\])? -- ", line)):
            names.add(found[1])
    assert {"st_cassette", "st_chromium_session", "st_static_site"} <= names
    assert {name for name in names if not name.startswith("st_")} == set(OLD_FIXTURES)
    markers = pytester.runpytest_subprocess("--markers").stdout.str()
    for name in ("st_cassette", "st_live", "st_replay"):
        assert f"@pytest.mark.{name}" in markers
    for old in ("cassette", "live", "replay"):
        assert f"@pytest.mark.{old}: deprecated, the old name of st_{old}" in markers


def test_the_old_fixture_names_work_and_warn(pytester: pytest.Pytester) -> None:
    (pytester.path / "site").mkdir()
    (pytester.path / "site" / "index.html").write_text("<title>t</title><button>Go</button>")
    pytester.makeini(ASYNC_INI)
    pytester.makepyfile(
        """
        from pathlib import Path

        async def test_old_site(static_site, st_static_site):
            assert static_site is st_static_site

        async def test_old_chromium(chromium_session, st_chromium_session):
            assert chromium_session is st_chromium_session

        async def test_old_both(on_both_browsers, st_static_site):
            site = st_static_site(Path("site"))
            seen = []

            async def body(browser):
                await browser.navigate(site.url("index.html"))
                seen.append(any(n.name == "Go" for n in (await browser.capture()).nodes))

            await on_both_browsers(body)
            assert seen == [True, True]
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, warnings=3)
    out = result.stdout.str()
    for old in ("static_site", "chromium_session", "on_both_browsers"):
        assert f"the '{old}' fixture is now 'st_{old}'" in out


def test_the_old_cassette_marker_and_fixture_work_and_warn(pytester: pytest.Pytester) -> None:
    pytester.makeini(ASYNC_INI)
    pytester.makepyfile(
        """
        import pytest

        @pytest.mark.cassette("one.yaml", record_mode="all")
        def test_marked(cassette, st_cassette):
            assert cassette is st_cassette
            assert str(st_cassette._path).endswith("one.yaml")

        @pytest.mark.live
        def test_live_by_its_old_name():
            pass
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, deselected=1, warnings=3)
    out = result.stdout.str()
    assert "the 'cassette' marker is now 'st_cassette'" in out
    assert "the 'live' marker is now 'st_live'" in out
    assert "the 'cassette' fixture is now 'st_cassette'" in out


def test_a_changed_transcript_is_rewritten_with_the_plugins_own_option(
    pytester: pytest.Pytester,
) -> None:
    """Without syrupy (its ``--snapshot-update`` does not exist then) the flag is ours."""
    flow = pytester.path / "flow"
    shutil.copytree(LEGACY, flow)
    for cassette in flow.glob("cassette*.yaml"):
        cassette.unlink()
    path = flow / "transcript.json"
    stored = json.loads(path.read_text("utf-8"))
    stored["recorded"]["turns"][0] = "something else"
    path.write_text(json.dumps(stored), "utf-8")
    args = ("-p", "no:syrupy", "-p", "no:cacheprovider", "flow")
    failed = pytester.runpytest_subprocess(*args)
    failed.assert_outcomes(passed=1, failed=1)
    assert "--st-update-transcripts to accept" in failed.stdout.str()
    pytester.runpytest_subprocess(*args, "--st-update-transcripts").assert_outcomes(passed=2)
    pytester.runpytest_subprocess(*args).assert_outcomes(passed=2)
    assert (
        json.loads(path.read_text("utf-8"))["recorded"]
        == json.loads((LEGACY / "transcript.json").read_text("utf-8"))["recorded"]
    )
