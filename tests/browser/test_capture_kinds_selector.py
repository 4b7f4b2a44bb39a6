"""capture.js skips its candidate selector for an element without attributes and answers by the
tag name alone (most elements of a long table or chat log carry none): that shortcut holds only
while its list of bare tag names is exactly the part of the selector that asks for no
attribute."""

from __future__ import annotations

import re

from subterminator.browser.page_capture import CAPTURE_JS


def _strings(source: str) -> str:
    return "".join(re.findall(r"'([^']*)'", source))


def test_the_bare_tags_are_the_selectors_parts_without_an_attribute() -> None:
    selector = re.search(r"const SEL = (.*?);\n", CAPTURE_JS, re.S)
    bare = re.search(r"const BARE = new Set\(\[(.*?)\]\);", CAPTURE_JS, re.S)
    assert selector is not None
    assert bare is not None
    parts = {part.strip() for part in _strings(selector[1]).split(",")}
    tags = {part for part in parts if re.fullmatch(r"[a-z][a-z0-9]*", part)}
    assert tags == set(re.findall(r"'([^']+)'", bare[1]))
    # every other part asks for an attribute, so an element without any cannot match it
    assert all("[" in part for part in parts - tags)
