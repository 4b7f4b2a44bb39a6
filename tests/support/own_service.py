"""The example service of one's own (examples/acme_service.py) and its local site."""

from __future__ import annotations

from harness.sites import PostRecordingSite
from tests.support.paths import ROOT

EXAMPLE = ROOT / "examples" / "acme_service.py"


PAGES = {
    "/account": """<!doctype html><html lang="en"><title>Acme Video - Account</title>
        <h1>Your account</h1><p>Plan: Premium, renews on the 3rd.</p>
        <a href="/cancel">Cancel membership</a>""",
    "/cancel": """<!doctype html><html lang="en"><title>Acme Video - Cancel</title>
        <h1>Cancel your membership?</h1><p>You can watch until the end of the period.</p>
        <form method="post" action="/cancel/confirm">
          <input type="hidden" name="membership" value="premium">
          <button type="submit">Confirm</button>
        </form>""",
}


CANCELLED = """<!doctype html><html lang="en"><title>Acme Video - Cancelled</title>
    <h1>Your membership has been cancelled.</h1><a href="/account">Back to your account</a>"""


def acme_site() -> PostRecordingSite:
    return PostRecordingSite(PAGES, after_post={"/cancel/confirm": CANCELLED})
