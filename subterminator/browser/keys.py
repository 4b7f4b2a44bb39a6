"""``PlaywrightBrowser.keyed``: what Enter or Space pressed now would act on, read live.

keys.js reads the focused element in our isolated world (through open shadow roots) and says
what the key does there, as a browser does it: the click of that control, the click of a
form's default button, the form's own submission, or nothing of the sort. The element it acts
on is handed back by each handle a capture may have given it: capture.js's own, and the one
DevTools names it by, so the gate finds its ref whichever way the last capture went.
"""

from __future__ import annotations

from subterminator.browser.devtools import DevTools, script
from subterminator.browser.keyed import Keyed
from subterminator.browser.native_dialogs import NativeDialogs
from subterminator.browser.protocol import Activating

_KEYS_JS = script("keys")


class Keys:
    """The reads of one browser's tab, answered while no native dialog holds it."""

    def __init__(self, devtools: DevTools, dialogs: NativeDialogs) -> None:
        self._devtools, self._dialogs = devtools, dialogs

    async def keyed(self, key: Activating) -> Keyed:
        """What ``key`` pressed now on the tab's focused element would do (unknown while a
        native dialog holds the page: no script runs there)."""
        if self._dialogs.blocked(self._devtools.page) is not None:
            return Keyed(how="unknown")
        return await keyed(self._devtools, key)


async def keyed(devtools: DevTools, key: Activating) -> Keyed:
    """What ``key`` pressed now on the tab's focused element would do."""
    top = await devtools.top()
    root = await devtools.root(top)
    data = await devtools.call_on(root, _KEYS_JS, key)
    if not isinstance(data, dict):
        return Keyed(how="unknown")
    handles = [str(data["handle"])] if data.get("handle") else []
    if data.get("how") in ("element", "default", "form"):
        found = await devtools.send(
            "Runtime.evaluate",
            {"expression": "globalThis.__subterminatorKeyed", "contextId": root.context_id},
            via=top.session,
        )
        object_id = found.get("result", {}).get("objectId")
        if object_id:
            node = await devtools.send("DOM.describeNode", {"objectId": object_id}, via=top.session)
            handles.append(f"{top.handle_prefix}{node['node']['backendNodeId']}")
    return Keyed(
        how=data.get("how", "unknown"),
        handles=handles,
        name=str(data.get("name", "")),
        role=str(data.get("role", "")),
        form_method=str(data.get("method", "")),
        form_action=str(data.get("action", "")),
    )
