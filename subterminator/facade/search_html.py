"""DuckDuckGo's HTML results page read by its structure (the stdlib's parser, no script run).

A result is an ``a.result__a`` (its title and link) followed by a ``.result__snippet``; an
advertisement's block carries ``result--ad`` and is left out, as is a link back to DuckDuckGo
itself. DuckDuckGo's links go through its redirector (``/l/?uddg=<address>``): the address
they stand for is taken from it, never followed.
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import parse_qs, urljoin, urlsplit

Found = tuple[str, str, str | None]  # title, address, snippet
MAX_RESULTS = 100
VOID = frozenset({"area", "br", "col", "embed", "hr", "img", "input", "source", "wbr"})


def _classes(attrs: list[tuple[str, str | None]]) -> set[str]:
    return {c for name, value in attrs if name == "class" and value for c in value.split()}


def _target(href: str, base: str) -> str:
    """The address a result's link stands for (DuckDuckGo's redirector unwrapped)."""
    url = urljoin(base, href)
    parts = urlsplit(url)
    if (parts.hostname or "").endswith("duckduckgo.com"):
        wrapped = parse_qs(parts.query).get("uddg", [""])[0]
        return wrapped if wrapped else ""  # DuckDuckGo's own (an ad's counter): left out
    return url


class _Results(HTMLParser):
    def __init__(self, base: str) -> None:
        super().__init__(convert_charrefs=True)
        self.base = base
        self.found: list[list[str]] = []  # [title, url, snippet]
        self.ad = False  # inside an advertisement's block (until the next result's)
        self.into: str | None = None  # "title" or "snippet": whose text is read now
        self.depth = 0  # open tags inside the title or snippet element
        self.proof = False  # the page asks for a CAPTCHA

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.into is not None:
            self.depth += tag not in VOID  # an element with no end tag opens nothing
            return
        classes = _classes(attrs)
        if any(c.startswith("anomaly-modal") for c in classes) or ("id", "challenge-form") in attrs:
            self.proof = True
        if "result" in classes or "result--ad" in classes:
            self.ad = "result--ad" in classes
        if self.ad or len(self.found) >= MAX_RESULTS:
            return
        if tag == "a" and "result__a" in classes:
            href = next((v for n, v in attrs if n == "href" and v), "")
            self.found.append(["", _target(href, self.base), ""])
            self.into, self.depth = "title", 0
        elif "result__snippet" in classes and self.found:
            self.into, self.depth = "snippet", 0

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.into is None:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self.into is None or tag in VOID:
            return
        if self.depth == 0:
            self.into = None
        else:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.into == "title":
            self.found[-1][0] += data
        elif self.into == "snippet":
            self.found[-1][2] += data


def duckduckgo_results(html: str, base: str) -> tuple[list[Found], bool]:
    """The results on the page, in order, and whether the page asks for a CAPTCHA."""
    parser = _Results(base)
    parser.feed(html)
    parser.close()
    found = [(t.strip(), u, s.strip() or None) for t, u, s in parser.found if u]
    return found, parser.proof
