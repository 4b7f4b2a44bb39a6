"""Acme Video, a service of your own: ``subterminator cancel acme --services acme_service.py``.

Nothing else is required: the SafetyGate asks you before the step that cancels, and the
outcome judge accepts the run only when a page states the membership is cancelled.
"""

from subterminator.services import ServiceConfig

ACME = ServiceConfig(
    name="acme",
    display_name="Acme Video",
    initial_url="https://acme.example/account",
    # Optional, for a sharper run: the request that ends the membership (held until you
    # approve it) and the pages of the cancellation flow.
    irreversible_urls=("/cancel/confirm",),
    flow_urls=("/cancel",),
    # Where it lives, and where its pages send you to sign in or pay: the browser goes nowhere
    # else without asking you (the start page's host is always included).
    domains=("acme.example",),
    sign_in_sites=("login.acme-id.example",),
)
