"""Run a nox session from a fresh clone with nothing but Python 3.11+: ``python3 dev.py tests``.

Debian's and Ubuntu's own ``python3`` refuses ``pip install`` (externally managed, PEP 668),
and a stock image has neither ``python3-venv`` (ensurepip) nor ``python3-pip``. So this script,
standard library only, makes its own virtualenv ``.venv`` beside it (pip by ensurepip where it
is present, else from a pip wheel: Debian's, ``$SUBTERMINATOR_PIP_WHEEL``, or PyPI's, checked
against its SHA-256), installs nox into it, and runs ``nox -s SESSION -- ARGS``. A second run
reuses ``.venv``. Every failure is one line that says what to do.

The file's syntax is Python 3.6's (tests/test_dev_bootstrap.py checks it), so an older
``python3`` reaches the version check and is told what it needs, not shown a SyntaxError.
"""

import os
import sys

MINIMUM = (3, 11)

if sys.version_info < MINIMUM:
    sys.exit(
        "dev.py: error: Python {}.{}+ is needed; this is {} ({}). Run it with a newer "
        "python3 (e.g. python3.11 dev.py ...).".format(
            *MINIMUM, sys.version.split()[0], sys.executable
        )
    )

import ast  # noqa: E402  (after the version check, as everything below)
import glob  # noqa: E402
import hashlib  # noqa: E402
import importlib.util  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import urllib.request  # noqa: E402
import venv  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
NOX = "nox>=2024.4.15"
# pip for a Python without ensurepip (a stock Debian or Ubuntu has no python3-venv), pinned
# and checked against its SHA-256
PIP_VERSION = "26.3"
PIP_URL = (
    "https://files.pythonhosted.org/packages/07/25/"
    "ee8c38ae72d66b844ce8eb9711ba905dba21ca1a8a0c960057c41cd23337/pip-26.3-py3-none-any.whl"
)
PIP_SHA256 = "f3b60b20ffaadd4415ed7957212a38ac63fa4c5fa375bd0f4a797777940fad13"
PIP_WHEEL_ENV = "SUBTERMINATOR_PIP_WHEEL"  # a pip wheel to use instead of downloading one
DEBIAN_WHEELS = "/usr/share/python-wheels"  # python3-pip-whl, when installed
USAGE = """usage: python3 dev.py SESSION [ARGS...]

Makes .venv beside this file (once), installs nox into it, and runs `nox -s SESSION -- ARGS`.
  python3 dev.py demo          cancel on the bundled simulator (you approve with y)
  python3 dev.py tests         the test suite (ARGS: pytest's own, instead of the defaults)
Sessions: {sessions}"""


class SetupError(Exception):
    """A step failed in a way the person can fix; the message says how."""


def say(message: str) -> None:
    print(f"dev.py: {message}", flush=True)


def fail(message: str, code: int) -> int:
    print(f"dev.py: error: {message}", file=sys.stderr)
    return code


def sessions(noxfile: Path = ROOT / "noxfile.py") -> list[str]:
    """The nox sessions, read from noxfile.py without importing nox (it is not installed yet)."""
    tree = ast.parse(noxfile.read_text(encoding="utf-8"))
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(ast.unparse(d).startswith("nox.session") for d in node.decorator_list)
    ]


def venv_python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def run(*command: str | Path, quiet: bool = False) -> bool:
    """Runs ``command``; True when it succeeded. ``quiet`` hides its output."""
    out = subprocess.DEVNULL if quiet else None
    return subprocess.run([str(part) for part in command], stdout=out, stderr=out).returncode == 0


def has_pip(python: Path) -> bool:
    return run(python, "-m", "pip", "--version", quiet=True)


def make_venv(env: Path = VENV, wheel: Path | None = None) -> Path:
    """``env`` with pip in it (made once, then reused); its Python."""
    python = venv_python(env)
    if not python.exists():
        say(f"making {env.name} with Python {sys.version.split()[0]} ({sys.executable})")
        venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(env)
    elif not run(python, "-c", "import sys; assert sys.version_info >= (3, 11)", quiet=True):
        raise SetupError(
            f"{env} holds a Python that is missing or older than 3.11: remove it "
            f"(rm -rf {env}) and run again"
        )
    if not has_pip(python):
        install_pip(python, wheel)
    return python


def install_pip(python: Path, wheel: Path | None) -> None:
    """pip by ensurepip, else from a wheel: the given one, Debian's, or PyPI's."""
    if wheel is None and importlib.util.find_spec("ensurepip") is not None:
        say("installing pip (ensurepip)")
        if run(python, "-m", "ensurepip", "--upgrade", "--default-pip", quiet=True):
            return
    with tempfile.TemporaryDirectory() as folder:
        wheel = wheel or local_pip_wheel() or download_pip(Path(folder))
        say(f"installing pip from {wheel.name}")
        # a wheel is a zip Python can run from: pip installs itself
        if not run(python, f"{wheel}/pip", "install", "--quiet", "--no-index", wheel):
            raise SetupError(f"could not install pip from {wheel} into {python.parent.parent}")


def local_pip_wheel() -> Path | None:
    """``$SUBTERMINATOR_PIP_WHEEL``, else the newest of Debian's python3-pip-whl, if any."""
    given = os.environ.get(PIP_WHEEL_ENV)
    if given:
        if not Path(given).is_file():
            raise SetupError(f"{PIP_WHEEL_ENV}={given}: no such file")
        return Path(given)
    found = sorted(glob.glob(f"{DEBIAN_WHEELS}/pip-*.whl"))
    return Path(found[-1]) if found else None


def download_pip(folder: Path) -> Path:
    """pip's wheel from PyPI into ``folder``, refused unless its SHA-256 is the pinned one."""
    say(f"ensurepip is missing (no python3-venv): downloading pip {PIP_VERSION} from PyPI")
    try:
        with urllib.request.urlopen(PIP_URL, timeout=60) as response:
            data = response.read()
    except OSError as exc:
        raise SetupError(
            f"could not download pip ({exc}); check the network or proxy, or install "
            f"python3-venv (apt-get install python3-venv), or set {PIP_WHEEL_ENV} to a pip "
            "wheel, then run again"
        ) from None
    if hashlib.sha256(data).hexdigest() != PIP_SHA256:
        raise SetupError(f"the pip wheel from {PIP_URL} is not the expected one (SHA-256)")
    wheel = folder / PIP_URL.rsplit("/", 1)[1]
    wheel.write_bytes(data)
    return wheel


def ensure_nox(python: Path) -> None:
    if run(python, "-c", "import nox", quiet=True):
        return
    say(f"installing nox into {python.parent.parent.name}")
    quiet = ("--quiet", "--disable-pip-version-check")
    if not run(python, "-m", "pip", "install", *quiet, NOX):
        raise SetupError(
            "could not install nox (pip said why above); check the network or proxy, then run again"
        )


def nox_command(python: Path, session: str, args: list[str]) -> list[str]:
    """``nox -s SESSION -- ARGS``, from this folder's noxfile; a leading ``--`` is allowed."""
    if args[:1] == ["--"]:
        args = args[1:]
    command = [str(python), "-m", "nox", "-f", str(ROOT / "noxfile.py"), "-s", session]
    return command + (["--", *args] if args else [])


def main(argv: list[str]) -> int:
    known = sessions()
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE.format(sessions=", ".join(known)))
        return 0 if argv else 2
    session, args = argv[0], argv[1:]
    if session not in known:
        return fail(f"no session {session!r}; sessions: {', '.join(known)}", 2)
    try:
        python = make_venv()
        ensure_nox(python)
    except SetupError as exc:
        return fail(str(exc), 1)
    command = nox_command(python, session, args)
    os.chdir(ROOT)
    if os.name == "nt":
        return subprocess.run(command).returncode
    os.execv(command[0], command)  # nox's exit code and Ctrl+C are the command's own


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
