"""A model on the simulator's 2026 flow, as the OpenAI stand-in answers it."""

from __future__ import annotations

from harness.fake_api import plan_responder
from harness.fake_openai import Responder, completion, latest_elements
from harness.fake_openai import tool_call as call

PLAN = [  # what a model does on the simulator's 2026 flow: (role, name, nth), then done
    ("link", "Manage membership", 0),
    ("button", "Cancel membership", 0),
    ("button", "Show option contents", 2),
    ("button", "Finish Cancellation", 0),
]


def model_on_the_2026_flow() -> Responder:
    """A model that reads each request's newest snapshot and clicks the next step by name."""
    return plan_responder(
        PLAN,
        latest_elements,
        lambda n, ref: completion(call("browser_click", id=f"call_{n}", ref=ref)),
        lambda n: completion(
            call("complete_task", id=f"call_{n}", status="success", reason="done")
        ),
    )
