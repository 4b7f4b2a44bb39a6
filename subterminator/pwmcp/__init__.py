"""Playwright MCP as the browser, behind our gate: its process, and its refs read on our side.

Playwright MCP connects to the Chromium we launched through our own Playwright driver
(``Browser.bind``), not over raw CDP: its refs live in the driver's injected script, so
only a client of the same driver resolves them (``refs``). See docs/design/playwright-mcp.md.
"""
