"""``HumanSteps``: a step only a person can take (sign-in, a code, a CAPTCHA, a secret to
type), done by them in the browser window, never by the AI and never as a yes.

The person is asked to do it; their yes is checked on the page, and while the obstacle is
still there they are asked again, told so, a few times. When it is not done (no window,
"not done", still there), the run ends (``Asker.stop``) instead of the AI wandering on a
sign-in page.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from subterminator.models.snapshot import Snapshot
from subterminator.models.tools import ToolResult
from subterminator.services.base import Checkpoint
from subterminator.stack.parts import GateParts
from subterminator.stack.persons import ASKED, CHECKPOINT, SecretStep, secret_page

log = logging.getLogger(__name__)

MAX_HUMAN_TRIES = 3  # a yes while the obstacle is still on the page is asked again, this often
Still = Callable[[Snapshot], Awaitable[bool]]  # is the obstacle still on this page?


class HumanSteps:
    """The person's own steps in the browser, for one run."""

    def __init__(self, parts: GateParts) -> None:
        self.asker, self.port, self.backstop = parts.asker, parts.port, parts.backstop
        self.service, self.gate, self.ledger = parts.service, parts.gate, parts.ledger

    async def act(
        self, checkpoint: Checkpoint, snapshot: Snapshot, still: Still | None = None
    ) -> ToolResult | None:
        """A step only a person can take, in the browser window.

        A yes is checked on the page (``still``, else the checkpoint's own condition): while
        the obstacle is still there the person is asked again, told so, up to
        ``MAX_HUMAN_TRIES`` times. The fresh page once it is gone; None when it was not done
        (no window, "not done", still there), with the run halted.
        """
        if self.asker.halt is not None:  # the run ended: nobody acts on an answer now
            return None
        what = checkpoint.message.split(". ")[0].rstrip(".")
        self.backstop.disarm()  # what the person sends in the browser is theirs
        for tries in range(1, MAX_HUMAN_TRIES + 1):
            reason = f"Checkpoint: {checkpoint.name}"
            if tries > 1:
                reason = (
                    f"Still there: the page still shows it after your yes (asking {tries} of "
                    f"{MAX_HUMAN_TRIES}). {reason}"
                )
            decision = await self.asker.ask(
                self.asker.request("human_action", checkpoint.message, reason, snapshot)
            )
            if not decision.approved:  # (nobody to ask has its own ending, set by ``ask``)
                self.asker.stop(f"{what}. {decision.message or 'Not done.'}")
                return None
            fresh = await self.port.snapshot()
            snapshot = fresh.snapshot
            if not await self._there(checkpoint, snapshot, still):
                done = f"The person handled '{checkpoint.name}' in the browser."
                return fresh.model_copy(update={"message": done})
        self.asker.stop(
            f"{what}. It was still there after {MAX_HUMAN_TRIES} answers of yes: finish it in "
            "the browser, then run again."
        )
        return None

    async def _there(self, checkpoint: Checkpoint, snapshot: Snapshot, still: Still | None) -> bool:
        if still is not None:
            return await still(snapshot)
        return any(c.name == checkpoint.name for c in self.service.checkpoints(snapshot))

    def asks_secret(self, snapshot: Snapshot) -> bool:
        """A page of the flow asking for a secret (a re-authentication before the last step, a
        code, a card), whatever its words: a field that is one by what it is, still empty."""
        if self.ledger.flow_done or secret_page(self.port.registry) is None:
            return False
        url = snapshot.page.url
        return self.ledger.in_flow(url) or self.gate.classify_snapshot(snapshot) != "outside"

    async def secret_page(self, snapshot: Snapshot) -> ToolResult | None:
        """Handed to the person before anything is pressed, whoever drives: the fresh page once
        they did it; None when not done (the run halted)."""
        log.info("a page of the flow asks for a secret: the person's step")

        async def still(_: Snapshot) -> bool:
            return secret_page(self.port.registry) is not None

        step = SecretStep(ASKED, typing=False)
        checkpoint = Checkpoint(CHECKPOINT, step.message, lambda _: True, kind="human_action")
        return await self.act(checkpoint, snapshot, still)
