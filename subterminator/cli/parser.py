"""Arguments and their validation: a bad value is refused here, argparse-style, with exit 2.

Standard library only (see ``subterminator.cli``).
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from subterminator import __version__

DEFAULT_MODEL_HINT = "claude-sonnet-4-6"


def _turns(text: str) -> int:
    """--max-turns: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or math.isinf(value):  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


def _address(text: str) -> str:
    """A start page: a whole web address (the browser goes exactly there)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty address; leave the option out for the default")
    scheme, _, rest = text.partition("://")
    if scheme.lower() not in ("http", "https", "file") or not rest.strip("/"):
        raise argparse.ArgumentTypeError(
            f"not a web address: {text!r} (give it whole, e.g. https://www.netflix.com/account)"
        )
    return text


def _site(text: str) -> str:
    """--allow-site: a host name (subdomains included), or an address whose host is taken."""
    host = text.strip().lower()
    if "://" in host:
        host = host.partition("://")[2]
    host = host.split("/", 1)[0].split("@")[-1].rsplit(":", 1)[0].strip(".")
    if not host or any(c in host for c in " *?#\\"):
        raise argparse.ArgumentTypeError(f"not a site: {text!r} (give a host, e.g. paypal.com)")
    return host


def _allow_site(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow-site",
        action="append",
        type=_site,
        default=[],
        metavar="SITE",
        help="let the browser open SITE (and its subdomains) without asking; repeatable. "
        "Local addresses and non-web schemes stay refused",
    )


def _page(text: str) -> str:
    """snapshot's target: a URL, or a local file that must exist."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty address")
    looks_local = text.startswith((".", "/", "~")) or text.lower().endswith((".html", ".htm"))
    if "://" not in text and looks_local and not Path(text).expanduser().exists():
        raise argparse.ArgumentTypeError(f"no such file: {text}")
    return text


def _model(text: str) -> str:
    """A model's name; whose it is (and whether a server serves it) is decided before the run
    starts. Refused here: what cannot be a name (empty, spaces, a bare prefix)."""
    if not text or any(c.isspace() for c in text) or text in ("claude-", "gpt-"):
        raise argparse.ArgumentTypeError(
            f"not a model name: {text!r} (for example {DEFAULT_MODEL_HINT} or gpt-4o)"
        )
    return text


def _base_url(text: str) -> str:
    """An OpenAI-compatible server's API root, e.g. http://127.0.0.1:11434/v1."""
    scheme, _, rest = text.partition("://")
    if scheme.lower() not in ("http", "https") or not rest.strip("/"):
        raise argparse.ArgumentTypeError(
            f"not a server address: {text!r} (for example http://127.0.0.1:11434/v1)"
        )
    return text


def _folder(text: str) -> Path:
    """A folder that may not exist yet, but must not be a file."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path")
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    return path


def _new_file(text: str) -> Path:
    """Where to write a file: its folder must exist, and it must not be a folder itself."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path")
    path = Path(text).expanduser()
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder, not a file name")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"no such folder: {path.parent}")
    return path


def _spec(text: str) -> str:
    """--services: a .py file or a dotted module (loaded, with its errors, by the registry)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty service spec: give a .py file or a module")
    return text.strip()


SERVICES_HELP = (
    "load services from a .py file or a dotted module (repeatable; also $SUBTERMINATOR_SERVICES, "
    "and installed 'subterminator.services' entry points)"
)


def _services(parser: argparse.ArgumentParser, dest: str) -> None:
    parser.add_argument(
        "--services",
        dest=dest,
        action="append",
        type=_spec,
        default=[],
        metavar="SPEC",
        help=SERVICES_HELP,
    )


def service_specs(args: argparse.Namespace) -> list[str]:
    """Every --services SPEC, given before the command or after it."""
    return [*getattr(args, "global_services", []), *getattr(args, "services", [])]


def _service(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("service", help="the service, e.g. netflix (see --services to add one)")
    _services(sub, "services")


def _profile(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--profile",
        type=_folder,
        default=None,
        metavar="DIR",
        help="browser profile folder (default for real sites: ~/.subterminator/browser-profile)",
    )


def _window(sub: argparse.ArgumentParser) -> None:
    group = sub.add_mutually_exclusive_group()
    group.add_argument(
        "--headed",
        dest="headed",
        action="store_const",
        const=True,
        default=None,
        help="show the browser window (the default on real sites)",
    )
    group.add_argument(
        "--headless",
        dest="headed",
        action="store_const",
        const=False,
        help="no browser window (the default on the simulator)",
    )


def _keep_downloads(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--keep-downloads",
        action="store_true",
        help="keep what pages download, in the run record's folder (default: refused)",
    )


def _backend(sub: argparse.ArgumentParser) -> None:
    """Whose browser tools run behind the gate (docs/playwright-mcp.md)."""
    group = sub.add_argument_group("the browser tools behind the gate")
    group.add_argument(
        "--backend",
        choices=["builtin", "playwright-mcp"],
        default="builtin",
        help="builtin: SubTerminator's own browser tools (the default); playwright-mcp: "
        "Microsoft's Playwright MCP (pinned, installed by npm on first use; Node.js 18+) on the "
        "same Chromium, behind the same gate",
    )
    group.add_argument(
        "--playwright-mcp-option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="pass one option to Playwright MCP, e.g. viewport-size=1280x720 (repeatable; with "
        "--backend playwright-mcp; the options that reach the browser are refused: see "
        "docs/playwright-mcp.md)",
    )


def _snapshot_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    snap = sub.add_parser("snapshot", help="print the Snapshot JSON the model would see for a page")
    snap.add_argument("url", type=_page, help="a URL or a local HTML file")
    snap.add_argument(
        "--screenshot",
        type=_new_file,
        default=None,
        metavar="FILE",
        help="also save the model's screenshot as a PNG (the JSON never holds it)",
    )
    snap.add_argument(
        "--all",
        action="store_true",
        help="include elements outside the viewport (viewport_only=false)",
    )
    snap.add_argument("--headed", action="store_true", help="show the browser window")
    snap.add_argument(
        "--wait", type=_seconds, default=0.0, metavar="SECONDS", help="wait before capturing"
    )


def _record_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    record = sub.add_parser(
        "record", help="record a flow as you click through it (replayable, no model needed)"
    )
    _service(record)
    record.add_argument("--out", type=_folder, required=True, metavar="DIR", help="where to record")
    record.add_argument(
        "--sim",
        nargs="?",
        const="2026",
        default=None,
        metavar="VARIANT",
        help="the bundled simulator (variant, default 2026), as cancel's --sim",
    )
    record.add_argument(
        "--url", type=_address, default=None, help="start page (default: the service's)"
    )
    record.add_argument(
        "--headless",
        action="store_true",
        help="no window: nothing can be clicked, so only the start page is recorded (scripts)",
    )
    _profile(record)


def _cassettes_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    made = sub.add_parser(
        "cassettes",
        help="make recordings' cassettes (their model traffic, replayed through the real SDKs)",
    )
    made.add_argument(
        "folders",
        nargs="*",
        type=Path,
        metavar="DIR",
        help="recording folders (default: every recording under ./recordings)",
    )
    made.add_argument(
        "--provider",
        action="append",
        choices=["anthropic", "openai"],
        default=[],
        help="whose cassette to make (repeatable; default: Claude's, and OpenAI's where a "
        "cassette-openai.yaml is already there)",
    )
    _services(made, "services")


def _login_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    login = sub.add_parser(
        "login",
        help="open the browser profile in a window to sign in (later runs reuse the session)",
    )
    _service(login)
    login.add_argument(
        "--url", type=_address, default=None, help="page to open (default: the service's)"
    )
    _profile(login)


def _cancel_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cancel = sub.add_parser(
        "cancel", help="cancel a subscription (a person approves the final step)"
    )
    cancel.add_argument(  # optional only for --list-variants: cli/cancel.py asks for it
        "service", nargs="?", help="the service, e.g. netflix (see --services to add one)"
    )
    _services(cancel, "services")
    _cancel_ai(cancel)
    _cancel_run(cancel)


def _cancel_ai(cancel: argparse.ArgumentParser) -> None:
    """Who decides a cancel run, and how far it may go."""
    cancel.add_argument(
        "--model",
        type=_model,
        help="the model: claude-* (ANTHROPIC_API_KEY), gpt-*, o1, o3, o4-mini... "
        "(OPENAI_API_KEY), or any name an OpenAI-compatible server serves (--base-url, "
        f"$OPENAI_BASE_URL) (default: $SUBTERMINATOR_MODEL or {DEFAULT_MODEL_HINT})",
    )
    cancel.add_argument(
        "--base-url",
        type=_base_url,
        default=None,
        metavar="URL",
        help="an OpenAI-compatible server (vLLM, Ollama, LM Studio) to ask for --model",
    )
    cancel.add_argument("--max-turns", type=_turns, default=None, help="turn limit (default 20)")
    cancel.add_argument(
        "--dry-run",
        action="store_true",
        help="show the first action the AI proposes; execute nothing",
    )
    cancel.add_argument(
        "-v", "--verbose", action="store_true", help="show thoughts, arguments, timings"
    )
    cancel.add_argument(
        "--no-checkpoint",
        action="store_true",
        help="approve checkpoints automatically (simulator only)",
    )
    cancel.add_argument(
        "--ai",
        choices=["auto", "model", "claude", "offline"],
        default="auto",
        help="who decides: the model, or the offline policy (auto: the model if its key is "
        "set, offline on the simulator without one unless --model names one; model: the "
        "model or an error, never a substitute; claude: the same, for a Claude model)",
    )


def _cancel_run(cancel: argparse.ArgumentParser) -> None:
    """Where a cancel run starts, what it may reach, and where it is kept."""
    cancel.add_argument("--url", type=_address, help="start page override (e.g. another host)")
    _allow_site(cancel)
    cancel.add_argument(
        "--sim",
        nargs="?",
        const="2026",
        default=None,
        metavar="VARIANT",
        help="run against the bundled simulator (variant, default 2026; see --list-variants)",
    )
    cancel.add_argument(
        "--list-variants", action="store_true", help="list simulator variants (no service needed)"
    )
    cancel.add_argument(
        "--record",
        type=_folder,
        default=None,
        metavar="DIR",
        help="record the run into DIR (recording.json, replayable with the pytest plugin)",
    )
    cancel.add_argument(
        "--runs-dir",
        type=_folder,
        default=None,
        metavar="DIR",
        help="where run records go (default ~/.subterminator/runs)",
    )
    _keep_downloads(cancel)
    _window(cancel)
    _profile(cancel)
    _backend(cancel)


def _http_address(value: str) -> str:
    port = value.rpartition(":")[2]
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(
            f"expected [HOST:]PORT, e.g. 127.0.0.1:8931; got {value!r}"
        )
    return value


def _some_seconds(text: str) -> float:
    value = _seconds(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def _http_door(serve: argparse.ArgumentParser) -> None:
    """Who may use the HTTP server (see README, "The MCP server over HTTP")."""
    door = serve.add_argument_group("--http: who may connect")
    door.add_argument(
        "--allow-remote",
        action="store_true",
        help="let --http bind beyond loopback (0.0.0.0, a LAN address); a bearer token is then "
        "required. The traffic is plain HTTP: prefer an SSH tunnel or a TLS proxy",
    )
    door.add_argument(
        "--require-token",
        action="store_true",
        help="require a bearer token on loopback too (kept in ~/.subterminator/mcp-token, "
        "0600; generated if absent)",
    )
    door.add_argument(
        "--token-file",
        type=Path,
        default=None,
        metavar="PATH",
        help="require the bearer token in PATH (0600; generated if absent). Or set "
        "SUBTERMINATOR_MCP_TOKEN",
    )
    door.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME[:PORT]",
        help="another name clients reach the server by (Host and Origin are checked)",
    )
    door.add_argument(
        "--idle-timeout",
        type=_some_seconds,
        default=300.0,
        metavar="SECONDS",
        help="end a session (its browser, its record) after this long without a request "
        "(default 300)",
    )


def _mcp_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser(
        "mcp",
        help="serve the browser tools, with the safety gate, to an MCP client (Claude Code, ...)",
    )
    serve.add_argument(
        "service", nargs="?", default="netflix", help="the service (default: netflix)"
    )
    _services(serve, "services")
    serve.add_argument(
        "--sim",
        nargs="?",
        const="2026",
        default=None,
        metavar="VARIANT",
        help="the bundled simulator (variant, default 2026) instead of the real site",
    )
    serve.add_argument("--url", type=_address, default=None, help="start page override")
    _allow_site(serve)
    serve.add_argument(
        "--http",
        type=_http_address,
        default=None,
        metavar="[HOST:]PORT",
        help="streamable HTTP on this address (default: stdio)",
    )
    _http_door(serve)
    serve.add_argument(
        "--runs-dir",
        type=_folder,
        default=None,
        metavar="DIR",
        help="where run records go (default ~/.subterminator/runs)",
    )
    serve.add_argument("--no-record", action="store_true", help="write no run record")
    _keep_downloads(serve)
    serve.add_argument(
        "--screenshots",
        action="store_true",
        help="kept so older client configurations still start: a run record keeps a "
        "screenshot with every turn anyway (~35 ms a call)",
    )
    serve.add_argument(
        "--whole-replies",
        action="store_true",
        help="every reply carries the whole page; by default, after the first whole page, an "
        "action's reply carries what changed and unchanged elements keep their refs",
    )
    serve.add_argument("-v", "--verbose", action="store_true", help="log to stderr")
    _window(serve)
    _profile(serve)
    _backend(serve)
    _facade(serve)


def _facade(sub: argparse.ArgumentParser) -> None:
    """Which tools the MCP server lists (docs/v02-facade.md)."""
    group = sub.add_argument_group("the tools served")
    group.add_argument(
        "--tools",
        choices=["default", "v02"],
        default="default",
        help="default: SubTerminator's browser tools; v02: the V02 facade's nine action-based "
        "tools (CSS selectors, JavaScript, raw HTML), behind the same gate",
    )
    group.add_argument(
        "--search",
        default=None,
        metavar="PROVIDER",
        help="web_search's provider with --tools v02: duckduckgo (the default), none, or a "
        "search address with {query} (JSON results)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="subterminator", description="AI-led browser agent for cancelling subscriptions."
    )
    parser.add_argument("--version", action="version", version=f"subterminator {__version__}")
    _services(parser, "global_services")
    sub = parser.add_subparsers(dest="command", required=True)
    _cancel_parser(sub)
    _login_parser(sub)
    _snapshot_parser(sub)
    _record_parser(sub)
    _cassettes_parser(sub)
    _mcp_parser(sub)
    schema = sub.add_parser("schema", help="print the snapshot JSON schema")
    schema.add_argument(
        "--recording", action="store_true", help="the recording format's schema instead"
    )
    return parser
