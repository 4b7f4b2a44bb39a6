"""``TaskResult``: how a run ended, as both front doors and the run record say it, plus the
run's token usage."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from subterminator.models.conversation import Usage

TaskReason = Literal[
    "completed",  # the goal was reached and verified on the page
    "already_cancelled",  # the page showed the cancelled state and nothing irreversible was done
    # an approved irreversible step ran, but the page did not confirm the cancellation after it
    "unverified_after_final_step",
    "task_failed",  # the AI determined the goal cannot be reached (its reason is in `error`)
    "human_rejected",  # a person declined a checkpoint and the task ended without success
    # a step only a person can take in the browser (sign-in, a code, a CAPTCHA) was not done:
    # no window to do it in, the person said not done, or it was still there after their yes
    "human_action_needed",
    # a person's yes was needed and nobody could be asked (standard input ended at the
    # prompt: no terminal, ``< /dev/null``): the step was not taken, and no one said no
    "no_one_to_ask",
    "max_turns_exceeded",
    "llm_no_action",  # three replies in a row without a tool call (or none the server could parse)
    "llm_error",  # the model API failed after the retry policy
    "llm_malformed",  # the model API answered something no known answer shape explains
    "llm_refused",  # the model declined the task (its words are in `message`)
    "browser_error",  # the browser failed (crashed, closed)
    # an MCP connection failed; run records written before ``browser_error`` existed say it
    # of a browser crash too, and are still read
    "mcp_error",
    "verification_failed",  # success was claimed but never verified before the turns ran out
    "no_effect",  # three attempts at one control had no visible effect (it is named)
]


class TaskResult(BaseModel):
    success: bool
    verified: bool
    reason: TaskReason
    turns: int
    final_url: str | None = None
    error: str | None = None
    message: str | None = Field(default=None, description="The AI's own account of the outcome")
    evidence: list[str] = Field(
        default_factory=list, description="What the page showed that the verdict rests on"
    )
    ends_on: str | None = Field(default=None, description="The period end the page printed")
    usage: Usage = Field(default_factory=Usage)
