"""``harness.pwmcp_hands``: Playwright MCP's snapshot text read by role and name, as the attack
cases through this backend read it; a move our tools have and its tools do not, said so."""

from __future__ import annotations

import pytest

from harness.pwmcp_hands import NotSayable, named, same_name, target_of, through_pwmcp
from subterminator.models.conversation import Message, ToolCall

SNAPSHOT = """### Page
- Page URL: http://127.0.0.1:8000/case/index
### Snapshot
```yaml
- generic [active] [ref=f3e1]:
  - heading "Kündigen?" [level=1] [ref=f3e2]
  - paragraph [ref=f3e3]: Text
  - button "Say \\"yes\\"" [ref=f3e5]
  - link "Weiter" [ref=f3e6] [cursor=pointer]:
    - /url: commit
  - link "Weiter" [ref=f3e7] [cursor=pointer]:
    - /url: index
  - iframe [ref=f3e8]:
    - button "OK" [ref=f4e2]
```"""


def test_each_element_with_a_ref_is_read_with_its_role_and_name() -> None:
    read = [(e.role, e.name, e.ref) for e in named(SNAPSHOT)]
    assert ("button", 'Say "yes"', "f3e5") in read
    assert ("paragraph", "", "f3e3") in read
    assert ("button", "OK", "f4e2") in read


def test_namesakes_are_told_apart_by_their_place() -> None:
    assert target_of("link", "Weiter", 0, SNAPSHOT) == "f3e6"
    assert target_of("link", "Weiter", 1, SNAPSHOT) == "f3e7"
    with pytest.raises(AssertionError, match="no link 'Weiter' \\(#2\\)"):
        target_of("link", "Weiter", 2, SNAPSHOT)


def test_names_agree_without_format_characters_and_past_our_cut() -> None:
    assert same_name("Fin\u200bish", "Finish")
    assert same_name("Continue and keep...", "Continue and keep enjoying the plan")
    assert not same_name("F\u0456nish", "Finish")  # a look-alike letter is another name


def test_a_move_without_an_element_is_not_sayable() -> None:
    messages = [Message(role="user", content="Goal", page_text=SNAPSHOT)]
    with pytest.raises(NotSayable):
        through_pwmcp(ToolCall(id="1", name="browser_scroll", arguments={}), messages)
    done = through_pwmcp(ToolCall(id="2", name="get_snapshot", arguments={}), messages)
    assert (done.name, done.arguments) == ("browser_snapshot", {})
