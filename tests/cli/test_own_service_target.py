"""A service file naming its target, through the real CLI: of two subscriptions on one account,
the one the file names is cancelled, and only it.

The person wants to drop an add-on and keep the membership: ``target="Sports pack"``. The site
records every POST, so the test asserts on what reached the service: one cancellation, the
add-on's, after a yes to a question that names the subscription.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.sites import PostRecordingSite
from tests.support.cli_helpers import on_terminal, runs_dir

pytestmark = pytest.mark.browser

SERVICE = """
from subterminator.services import ServiceConfig

ACME = ServiceConfig(
    name="acme-target",
    display_name="Acme Video",
    initial_url="https://acme.example/account",
    target="Sports pack",
)
"""


def card(name: str, billing: str, item: str) -> str:
    return (
        f"<li><article><h3>{name}</h3><p>{billing}</p>"
        f'<form method="post" action="/cancel/{item}"><button>Cancel</button></form>'
        "</article></li>"
    )


ACCOUNT = (
    '<!doctype html><html lang="en"><title>Acme Video - Account</title><h1>Your account</h1>'
    "<h2>Subscriptions</h2><ul>"
    + card("Acme Premium", "Next payment on March 3, 2027: $22.99", "premium")
    + card("Sports pack", "Next payment on March 3, 2027: $7.99", "sports")
    + "</ul>"
)
DROPPED = (
    '<!doctype html><html lang="en"><title>Acme Video - Account</title><h1>Your account</h1>'
    "<h2>Subscriptions</h2><ul>"
    + card("Acme Premium", "Next payment on March 3, 2027: $22.99", "premium")
    + "<li><article><h3>Sports pack</h3><p>Your Sports pack has been cancelled.</p>"
    '<form method="post" action="/restart/sports"><button>Restart</button></form>'
    "</article></li></ul>"
)


def test_the_file_s_target_is_cancelled_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "acme_target.py"
    path.write_text(SERVICE)
    pages = {"/account": ACCOUNT}
    with PostRecordingSite(pages, after_post={"/cancel/sports": DROPPED}) as site:
        session = on_terminal(
            *("cancel", "acme-target", "--url", site.url("/account"), "--services", str(path)),
            *("--ai", "offline", "--headless", "--runs-dir", runs_dir()),
        )
        shown = session.read_until("Approve this step? [y/N]:")
        assert 'in the subscription the page names "Sports pack"' in shown
        assert site.posted() == []
        session.send("y\r")
        assert session.wait() == 0, session.seen
        (post,) = site.posted()
    assert post.path == "/cancel/sports"
    assert "✓ Acme Video membership cancelled" in session.seen
