"""The README's own-service example, kept working: a service file, a local site, the real CLI.

The site records every POST, so the tests assert on what reached the service, not on what
the agent said: the cancellation form is submitted exactly once, only after the person's yes,
and never after a no.
"""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from harness.sites import PostRecordingSite
from subterminator.cancellation import EXIT_DECLINED
from tests.support.cli_helpers import on_terminal, run_cli, runs_dir
from tests.support.own_service import EXAMPLE, acme_site

pytestmark = pytest.mark.browser


def cancel_args(site: PostRecordingSite) -> list[str]:
    return [
        *("cancel", "acme", "--url", site.url("/account")),
        *("--ai", "offline", "--headless", "--runs-dir", runs_dir()),
    ]


def test_a_yes_submits_the_cancellation_once_and_the_run_reports_success() -> None:
    with acme_site() as site:
        session = on_terminal(*cancel_args(site), "--services", str(EXAMPLE))
        shown = session.read_until("Approve this step? [y/N]:")
        assert 'Click "Confirm"' in shown
        assert site.posted() == []  # held at the approval: nothing reached the service
        session.send("y\r")
        assert session.wait() == 0, session.seen
        (post,) = site.posted()
    assert post.path == "/cancel/confirm"
    assert post.form == {"membership": ["premium"]}
    assert "Starting Acme Video cancellation..." in session.seen
    assert "✓ Acme Video membership cancelled" in session.seen
    assert "Evidence: the page says" in session.seen  # on the page's word, quoted


def test_a_no_sends_nothing_to_the_service() -> None:
    with acme_site() as site:  # the service found through the environment variable this time
        done = run_cli(
            *cancel_args(site),
            answers="n\nplease keep it\n",
            SUBTERMINATOR_SERVICES=str(EXAMPLE),
        )
        assert site.posted() == []
    assert done.returncode == EXIT_DECLINED, done.stdout + done.stderr
    assert "Approve this step? [y/N]:" in done.stdout
    assert "You declined" in done.stdout
    assert "please keep it" in done.stdout


def test_an_unknown_service_says_how_to_add_one() -> None:
    done = run_cli("cancel", "acme", "--ai", "offline")
    assert done.returncode == 2
    said = " ".join(done.stderr.split())
    assert "Unknown service 'acme'. Available services: netflix." in said
    assert "--services path/to/my_service.py" in said


def test_the_post_recording_site_serves_pages_and_records_forms() -> None:
    with PostRecordingSite({"/": "<h1>Home</h1>"}) as site:
        with urllib.request.urlopen(site.url("/")) as page:
            assert b"<h1>Home</h1>" in page.read()
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(site.url("/nowhere"))
        assert missing.value.code == 404
        request = urllib.request.Request(site.url("/"), data=b"a=1&b=two+words&a=3")
        with urllib.request.urlopen(request) as answer:  # answered with the page itself
            assert b"<h1>Home</h1>" in answer.read()
        (post,) = site.posted("/")
        assert post.form == {"a": ["1", "3"], "b": ["two words"]}
        assert site.posted("/other") == []
    with pytest.raises(ValueError, match="must start with '/'"):
        PostRecordingSite({"account": ""})
