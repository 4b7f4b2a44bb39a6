"""The run's parts when the V02 facade is the front door: the server at the bottom of the
stack, and the facade's tools in front of it."""

from __future__ import annotations

from dataclasses import dataclass

from subterminator.browser.protocol import Browser
from subterminator.facade.front import FacadeFront, Instance
from subterminator.facade.reading import Folders, Reading
from subterminator.facade.search import SearchProvider
from subterminator.facade.select import SelectorResolver
from subterminator.facade.server import FacadeToolServer
from subterminator.pwmcp.assemble import real
from subterminator.stack import ToolStack
from subterminator.tools.server import BrowserToolServer

# Said to a model in the system prompt when it drives the facade in a conversation.
TOOLS_NOTE = """THESE TOOLS: the V02 browser facade. Name elements by CSS selector (one \
element) or by an @eN ref from the latest reply's data.snapshot. The person is asked before \
an irreversible step; a refusal says why (data.error_code)."""


@dataclass(frozen=True)
class FacadeSetup:
    """What a facade session brings: its browser's name, its folders, its search provider."""

    instance: Instance
    folders: Folders
    search: SearchProvider | None = None


def facade_server(
    browser: Browser, launched: Browser, setup: FacadeSetup, told: BrowserToolServer
) -> FacadeToolServer:
    """Ours at the bottom of the stack, with the facade's own actions and reads; its refs,
    snapshots and who is told what pages do by themselves are the front door's own server's
    (``told``)."""
    hands = real(launched)
    reading = Reading(hands, told.registry, setup.folders, setup.search)
    server = FacadeToolServer(
        browser, hands, reading, registry=told.registry, factory=told.factory, caps=told.caps
    )
    server.on_side_effect = told.on_side_effect
    return server


def facade_front(stack: ToolStack, launched: Browser, setup: FacadeSetup) -> FacadeFront:
    return FacadeFront(stack, SelectorResolver(real(launched), stack.server), setup.instance)
