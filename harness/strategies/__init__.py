"""Hypothesis strategies for SubTerminator's property tests, shipped for users' own tests.

- ``calls``: tool calls a model might send, valid and malformed, each labelled with the
  replies it may get.
"""

from harness.strategies.calls import Call, malformed_calls, tool_calls, valid_calls

__all__ = ["Call", "malformed_calls", "tool_calls", "valid_calls"]
