"""A model on the simulator's 2026 flow through Playwright MCP's tools: it reads the newest
Playwright MCP snapshot in each request and clicks the next step by its ref there."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from harness.fake_api import Responder, plan_responder
from harness.fake_openai import completion
from harness.fake_openai import tool_call as call
from tests.support.openai_flow import PLAN

LINE = re.compile(r'^\s*- (\w+) "((?:[^"\\]|\\.)*)"[^\n]*\[ref=((?:f\d+)?e\d+)\]', re.MULTILINE)


def yaml_elements(texts: Iterable[str]) -> list[dict[str, Any]]:
    """Role, name and ref of each line of the newest text holding a Playwright MCP snapshot."""
    for text in texts:
        found = LINE.findall(text)
        if found:
            return [{"role": r, "name": n, "ref": ref} for r, n, ref in found]
    return []


def openai_texts(body: dict[str, Any]) -> list[str]:
    texts = []
    for message in reversed(body["messages"]):
        content = message.get("content")
        parts = content if isinstance(content, list) else [{"type": "text", "text": content}]
        texts += [part.get("text") or "" for part in parts]
    return texts


def gpt_on_the_2026_flow_by_playwright_refs() -> Responder:
    return plan_responder(
        PLAN,
        lambda body: yaml_elements(openai_texts(body)),
        lambda n, ref: completion(call("browser_click", id=f"call_{n}", target=ref)),
        lambda n: completion(
            call("complete_task", id=f"call_{n}", status="success", reason="done")
        ),
    )
