"""The closed-network rule shared by the browser's request blocking and the model guard."""

from __future__ import annotations

import pytest

from subterminator.net import is_local_url


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/x",
        "http://localhost/",
        "http://[::1]:9/",
        "http://app.localhost/",
        "http://127.8.9.10/",
        "data:text/html,hi",
        "about:blank",
        "file:///tmp/a.html",
    ],
)
def test_local(url: str) -> None:
    assert is_local_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://www.netflix.com/account",
        "http://10.0.0.1/",
        "http://192.168.1.1/",
        "https://api.anthropic.com/v1/messages",
        "http://localhost.evil.com/",
        "ws://example.com/",
    ],
)
def test_not_local(url: str) -> None:
    assert not is_local_url(url)
