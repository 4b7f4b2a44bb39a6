"""An MCP client over stdio that walks to the final step and hangs on the question: run by
tests/mcp/test_mcp_stdio.py, which kills it there, as a client that crashed or was closed would die.

    python -m tests.support.dying_client COMMAND ARG...   (the server's command line)
"""

from __future__ import annotations

import os
import sys
from typing import Any

import anyio
import mcp.types as types
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters

from tests.support.mcp_helpers import walk_to_the_final_step


async def hang(context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
    print("asked", flush=True)
    await anyio.sleep_forever()
    raise AssertionError("unreachable")


async def main(command: str, args: list[str]) -> None:
    server = StdioServerParameters(command=command, args=args, env=dict(os.environ))
    async with Client(server, mode="legacy", elicitation_callback=hang) as client:
        await walk_to_the_final_step(client)


if __name__ == "__main__":
    anyio.run(main, sys.argv[1], sys.argv[2:])
