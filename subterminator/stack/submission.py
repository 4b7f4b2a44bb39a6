"""A form's submission that no click makes, said as the submission it is and run bound to it.

Enter in a field of a form without a button submits it; a step back, forward or a reload onto a
page a form's POST returned sends that POST again. Neither has a control whose click the gate
reads, so each is described here as the form's submission (``submission``: its method and
address, the page it is sent from), the effect a question shows and a yes is bound to; and run
here (``sent``) under the arming the gate chose, a person's yes recorded as the step that ran.
"""

from __future__ import annotations

from subterminator.browser.effect import ActionEffect, EffectTarget
from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import PageInfo, Snapshot
from subterminator.models.tools import ToolResult
from subterminator.stack.asking import Asker
from subterminator.stack.backstop import Arming
from subterminator.stack.checkpoints import Checkpoints
from subterminator.stack.parts import GateParts
from subterminator.stack.port import tool_result


def submission(page: PageInfo, method: str, action: str, *, role: str, name: str) -> ActionEffect:
    """The submission of a form (``method`` to ``action``) from ``page``, as a click on its
    submit button would be read (``role`` and ``name``: what stands for that button)."""
    target = EffectTarget(
        tag="input", role=role, name=name, submits=True, form_method=method, form_action=action
    )
    return ActionEffect(
        action="click",
        target=target,
        page_url=page.url,
        page_title=page.title,
        page_lang=page.lang,
        page_text=page.text,
    )


async def confirmed(
    asker: Asker, what: str, why: str, snapshot: Snapshot, *, control: str, undone: str
) -> ToolResult | None:
    """The person asked about a step that may not be undone: their no (``undone`` says what
    did not happen), or None for a yes."""
    decision = await asker.ask(asker.request("irreversible", what, why, snapshot, control=control))
    return None if decision.approved else await asker.refused(decision, undone)


async def sent(
    parts: GateParts,
    checkpoints: Checkpoints,
    call: ToolCall,
    arming: Arming,
    approved: str | None,
    *,
    page: str,
    writes: bool,
) -> ToolResult:
    """``call`` run below under ``arming``; ``approved`` names the person's yes, if one was
    given: in flight while it runs, then the step that ran on ``page`` (``writes``: it sent
    a write)."""
    port, ledger = parts.port, parts.ledger
    with ledger.flying(approved, port.acted), parts.backstop.arming(arming):
        result = tool_result(await parts.backstop.execute(call))
    if approved and result.error is None:
        ledger.ran(approved, page, writes=writes)
    return await checkpoints.after(result)
