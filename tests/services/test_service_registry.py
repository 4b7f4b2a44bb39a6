"""Services from outside the package: files, modules, $SUBTERMINATOR_SERVICES, entry points."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from subterminator.cli.parser import build_parser, service_specs
from subterminator.errors import ConfigurationError, ServiceLoadError, ServiceNotFoundError
from subterminator.models.snapshot import Snapshot
from subterminator.services import NETFLIX, ServiceConfig, get_service, load_services, registry
from tests.support.paths import FIXTURES, ROOT


@pytest.fixture(autouse=True)
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with only the bundled services, and leaves nothing behind."""
    monkeypatch.delenv(registry.ENV_VAR, raising=False)
    configs = dict(registry.SERVICE_CONFIGS)
    loaded = dict(registry._loaded)
    errors = list(registry._entry_point_errors)
    monkeypatch.setattr(registry, "_entry_points_read", False)
    yield
    registry.SERVICE_CONFIGS.clear()
    registry.SERVICE_CONFIGS.update(configs)
    registry._loaded.clear()
    registry._loaded.update(loaded)
    registry._entry_point_errors[:] = errors


def unique(prefix: str) -> str:
    """A module or service name no other test (or earlier run in this process) used."""
    return f"{prefix}{uuid.uuid4().hex[:8]}"


def service_source(name: str, *, extra: str = "") -> str:
    return textwrap.dedent(
        f"""\
        from subterminator.services import ServiceConfig

        SERVICE = ServiceConfig(
            name="{name}", display_name="{name.title()}", initial_url="https://{name}.example/"
        )
        """
    ) + textwrap.dedent(extra)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# -- files and modules ----------------------------------------------------------------------


def test_a_file_registers_its_module_level_services_once(tmp_path: Path) -> None:
    name = unique("beta")
    path = write(tmp_path / "beta_service.py", service_source(name))
    load_services([str(path)])
    first = get_service(name)
    assert first.display_name == name.title()
    assert first.initial_url == f"https://{name}.example/"
    load_services([str(path)])  # idempotent: not imported again (a new import, a new object)
    load_services([str(tmp_path / "." / "beta_service.py")])  # the same file, spelt otherwise
    assert get_service(name.upper()) is first
    assert get_service("netflix") is NETFLIX


def test_a_file_may_call_register_service_itself(tmp_path: Path) -> None:
    name = unique("gamma")
    text = textwrap.dedent(
        f"""\
        from subterminator.services import ServiceConfig, register_service

        for suffix in ("-a", "-b"):
            register_service(
                ServiceConfig(name="{name}" + suffix, display_name="G", initial_url="https://g/")
            )
        """
    )
    load_services([str(write(tmp_path / "gamma.py", text))])
    assert get_service(f"{name}-a").name == f"{name}-a"
    assert get_service(f"{name}-b").name == f"{name}-b"


def test_a_dotted_module_on_sys_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package, name = unique("st_pkg_"), unique("delta")
    write(tmp_path / package / "__init__.py", "")
    write(tmp_path / package / "acme.py", service_source(name))
    monkeypatch.syspath_prepend(str(tmp_path))
    load_services([f"{package}.acme"])
    assert get_service(name).name == name


def test_the_environment_variable_is_read_on_the_first_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = unique("eps"), unique("zeta")
    first = write(tmp_path / "one.py", service_source(one))
    second = write(tmp_path / "two.py", service_source(two))
    monkeypatch.setenv(registry.ENV_VAR, f"{first}{os.pathsep}{os.pathsep}{second}")
    assert get_service(two).name == two  # no load_services call: get_service honours it
    assert get_service(one).name == one


def test_a_minimal_service_judges_success_by_the_outcome_judge() -> None:
    service = ServiceConfig(name="acme", display_name="Acme Video", initial_url="https://a/")
    assert "Acme Video" in service.goal_template
    assert service.checkpoint_conditions == []
    assert service.irreversible_rules == []

    def sample(name: str) -> Snapshot:
        return Snapshot.model_validate_json((FIXTURES / "snapshots" / f"{name}.json").read_text())

    for fixture, verified in (
        ("netflix_cancelled", True),
        ("netflix_account_active", False),
        ("netflix_confirmation_expanded", False),
    ):
        snapshot = sample(fixture)
        assert service.verify_success(snapshot) is verified, fixture
        assert service.verify_success(snapshot) is NETFLIX.verify_success(snapshot), fixture
        assert service.checkpoints(snapshot) == []
        assert not service.check_failure(snapshot)


def test_an_explicit_goal_is_kept() -> None:
    service = ServiceConfig(name="a", display_name="A", initial_url="https://a/", goal_template="x")
    assert service.goal_template == "x"


# -- entry points ---------------------------------------------------------------------------


def distribution(root: Path, module: str, entry_points: str, source: str) -> None:
    """An installed distribution, as importlib.metadata finds one on sys.path."""
    info = root / f"{module}-1.0.dist-info"
    write(info / "METADATA", f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    write(info / "entry_points.txt", f"[subterminator.services]\n{entry_points}\n")
    write(root / f"{module}.py", source)


def test_an_entry_point_is_loaded_when_its_name_is_first_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, name, other = unique("st_ep_"), unique("eta"), unique("theta")
    source = service_source(name) + textwrap.dedent(
        f"""\

        def more():
            return [ServiceConfig(name="{other}", display_name="T", initial_url="https://t/")]
        """
    )
    distribution(tmp_path, module, f"{name} = {module}:SERVICE\nmore = {module}:more", source)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert module not in sys.modules  # lazily: nothing is imported before a lookup misses
    assert get_service("netflix") is NETFLIX
    assert module not in sys.modules
    assert get_service(name).name == name
    assert get_service(other).name == other  # a callable returning a list


def test_a_broken_entry_point_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module, name = unique("st_ep_"), unique("iota")
    source = "raise RuntimeError('the plugin is broken')\n"
    distribution(tmp_path, module, f"{name} = {module}:SERVICE", source)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ServiceLoadError, match=rf"entry point {name} = {module}:SERVICE.*broken"):
        get_service(name)
    with pytest.raises(ServiceNotFoundError, match=rf"Unknown service 'kappa'.*{module}.*broken"):
        get_service("kappa")  # the others' errors are part of the not-found message


def test_an_entry_point_that_is_not_a_service(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, name = unique("st_ep_"), unique("lambda")
    distribution(tmp_path, module, f"{name} = {module}:VALUE", "VALUE = 42\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ServiceLoadError, match=r"gives int, not a ServiceConfig"):
        get_service(name)


# -- errors ---------------------------------------------------------------------------------


def test_an_unknown_name_lists_the_services_and_says_how_to_add_one() -> None:
    with pytest.raises(ServiceNotFoundError) as caught:
        get_service("hulu")
    message = str(caught.value)
    assert message.startswith("Unknown service 'hulu'. Available services: netflix.")
    assert "--services path/to/my_service.py" in message
    assert "$SUBTERMINATOR_SERVICES" in message
    assert "'subterminator.services' entry point" in message
    assert isinstance(caught.value, ConfigurationError)  # the CLI's exit 2


@pytest.mark.parametrize(
    ("text", "cause"),
    [
        (None, r"no such file"),
        ("def broken(:\n", r"SyntaxError: .*line 1"),
        ("import st_no_such_module_anywhere\n", r"ModuleNotFoundError: No module named"),
        ("raise ValueError('bad config')\n", r"ValueError: bad config"),
        ("X = 1\n", r"it defines no ServiceConfig at module level"),
    ],
)
def test_a_bad_file_names_the_spec_and_the_cause(
    tmp_path: Path, text: str | None, cause: str
) -> None:
    path = tmp_path / "my_service.py"
    if text is not None:
        write(path, text)
    with pytest.raises(ServiceLoadError, match=rf"Cannot load services from '{path}': {cause}"):
        load_services([str(path)])
    assert not [m for m in sys.modules if m.startswith("subterminator_services_my_service")]


def test_a_folder_or_an_unknown_module_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ServiceLoadError, match=r"not a \.py file"):
        load_services([str(tmp_path)])
    with pytest.raises(ServiceLoadError, match=r"no module named 'st_nowhere' on sys.path"):
        load_services(["st_nowhere.services"])


def test_a_bad_spec_in_the_environment_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(registry.ENV_VAR, str(tmp_path / "gone.py"))
    with pytest.raises(ServiceLoadError, match=r"gone\.py.*no such file"):
        get_service("anything")


# -- the command line -----------------------------------------------------------------------


def test_services_may_be_given_before_or_after_the_command() -> None:
    args = build_parser().parse_args(
        ["--services", "a.py", "cancel", "acme", "--services", "b.py", "--services", "pkg.mod"]
    )
    assert service_specs(args) == ["a.py", "b.py", "pkg.mod"]
    for command in ("record", "login"):
        extra = ["--out", "x"] if command == "record" else []
        args = build_parser().parse_args([command, "acme", "--services", "c.py", *extra])
        assert service_specs(args) == ["c.py"]


def test_the_cli_says_which_spec_is_bad_and_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "nope.py"
    done = subprocess.run(
        [sys.executable, "-m", "subterminator.cli", "cancel", "acme", "--services", str(missing)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert f"Cannot load services from '{missing}': no such file" in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr


def test_record_cassettes_takes_services(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "harness.record_cassettes", "--services", str(tmp_path / "x.py")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "Cannot load services from" in done.stderr
    assert "no such file" in done.stderr


def test_importing_the_registry_loads_no_browser_or_model_code() -> None:
    code = (
        "import sys, subterminator.services.registry as r; r.load_services(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('playwright', 'anthropic')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


def test_an_empty_spec_is_refused() -> None:
    with pytest.raises(ServiceLoadError, match="An empty service spec"):
        load_services([" "])
    with pytest.raises(SystemExit):
        build_parser().parse_args(["cancel", "acme", "--services", ""])


@pytest.mark.parametrize("command", ["cancel", "record"])
def test_the_simulator_is_refused_for_another_service(command: str, tmp_path: Path) -> None:
    example = ROOT / "examples" / "acme_service.py"
    argv = [command, "acme", "--services", str(example), "--sim", "2026"]
    argv += ["--out", str(tmp_path / "rec")] if command == "record" else []
    done = subprocess.run(
        [sys.executable, "-m", "subterminator.cli", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "The simulator is Netflix's; acme has none" in done.stderr
    assert not (tmp_path / "rec").exists()
