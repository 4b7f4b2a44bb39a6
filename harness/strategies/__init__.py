"""Hypothesis strategies for SubTerminator's property tests, shipped for users' own tests.

- ``calls``: tool calls a model might send, valid and malformed, each labelled with the
  replies it may get;
- ``captures``: raw page captures as Chrome reports them (every role and state, odd and long
  names, deep trees, hidden subtrees, boxes in, across and out of the viewport);
- ``conversations``: conversations of any length and mix of the seven tools, as the
  orchestrator builds them (hostile and long strings, malformed calls, replies without a call);
- ``flows``: whole recorded flows of generated pages, for the ``ReplayBrowser``;
- ``pages``: adversarial last pages of a cancellation (languages, names, mechanisms,
  containers, relabelling, frames) as HTML, with ``sweep``, an attacker script for them.
"""

from harness.strategies.calls import (
    Call,
    every_wrong_type,
    malformed_calls,
    tool_calls,
    valid_calls,
)
from harness.strategies.captures import boxes, captures, names, raw_nodes, viewports
from harness.strategies.conversations import Conversation, Turn, conversations, turns
from harness.strategies.flows import recorded_pages, recordings
from harness.strategies.pages import (
    LANGUAGES,
    FinalPage,
    Language,
    Sweep,
    final_pages,
    sweep,
    touched,
)

__all__ = [
    "LANGUAGES",
    "Call",
    "Conversation",
    "FinalPage",
    "Language",
    "Sweep",
    "Turn",
    "boxes",
    "captures",
    "conversations",
    "every_wrong_type",
    "final_pages",
    "malformed_calls",
    "names",
    "raw_nodes",
    "recorded_pages",
    "recordings",
    "sweep",
    "tool_calls",
    "touched",
    "turns",
    "valid_calls",
    "viewports",
]
