"""Hosting, what can be checked without a Docker daemon: the metrics setting, the image's Dockerfile
and the compose file (every variable it sets is a setting Parlor reads), and the README that explains them."""

from __future__ import annotations

from pathlib import PurePosixPath

import pytest
import yaml

import bot.__main__ as entry
from bot.settings import DEFAULT_DB, ROOT, SETTINGS_HELP, Settings, SettingsError


def test_the_metrics_port_is_optional_and_checked(monkeypatch, capsys):
    monkeypatch.delenv("PARLOR_METRICS_PORT", raising=False)
    assert Settings.from_env(env_file=None).metrics_port is None  # off by default
    monkeypatch.setenv("PARLOR_METRICS_PORT", "9150")
    assert Settings.from_env(env_file=None).metrics_port == 9150
    for wrong in ("70000", "-1", "metrics"):
        monkeypatch.setenv("PARLOR_METRICS_PORT", wrong)
        with pytest.raises(SettingsError, match="PARLOR_METRICS_PORT"):
            Settings.from_env(env_file=None)
    with pytest.raises(SystemExit):
        entry.main(["--help"])
    assert "PARLOR_METRICS_PORT" in capsys.readouterr().out


def dockerfile() -> dict[str, list[str]]:
    """The Dockerfile's instructions: keyword → the argument text of each (continuation lines joined)."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    instructions: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            keyword, _, arguments = line.strip().partition(" ")
            instructions.setdefault(keyword.upper(), []).append(" ".join(arguments.split()))
    return instructions


def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def bot_services(config: dict) -> dict[str, dict]:
    return {name: service for name, service in config["services"].items() if service.get("build") == "."}


def image_data_folder() -> str:
    """Where the image keeps Parlor's data folder: the default database's folder, under the image's WORKDIR."""
    (workdir,) = dockerfile()["WORKDIR"]
    return str(PurePosixPath(workdir) / DEFAULT_DB.parent.relative_to(ROOT).as_posix())


def test_the_image_runs_python_m_bot_as_a_user_with_the_data_folder_as_a_volume():
    steps = dockerfile()
    assert steps["FROM"] == ["python:3.11-slim"]
    assert steps["CMD"] == ['["python", "-m", "bot"]']
    (user,) = steps["USER"]
    assert user not in ("root", "0") and any("useradd" in run and user in run for run in steps["RUN"])
    assert any("pip install" in run for run in steps["RUN"])
    assert image_data_folder() == "/app/data"
    assert steps["VOLUME"] == [f'["{image_data_folder()}"]']
    assert any(f"chown {user}:{user} {image_data_folder()}" in run for run in steps["RUN"])  # the user may write it
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").split()
    assert {".env", ".git", ".venv", "data"} <= set(ignored)  # no token, history or local database in the image
    assert not set(ignored) & {"bot", "cogs", "games", "localdiscord", "faces", "pyproject.toml", "README.md"}


def test_compose_runs_postgresql_and_bots_on_shards_with_settings_parlor_reads(monkeypatch):
    config = compose()
    postgres = config["services"]["postgres"]
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    bots = bot_services(config)
    assert len(bots) >= 2
    shards = []
    for name, service in bots.items():
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy", name
        assert f"parlor-data:{image_data_folder()}" in service["volumes"], name
        environment = service["environment"]
        assert set(environment) <= set(SETTINGS_HELP), (name, set(environment) - set(SETTINGS_HELP))
        assert environment["PARLOR_DATABASE"].startswith("postgresql://")
        for key, value in environment.items():  # the values are ones Parlor takes
            monkeypatch.setenv(key, value.replace("${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}", "secret"))
        Settings.from_env(env_file=None)
        shards.append((int(environment["PARLOR_SHARD_COUNT"]), environment["PARLOR_SHARD_IDS"]))
    counts = {count for count, _ in shards}
    assert len(counts) == 1  # every process agrees on the number of shards, and together they run each once
    assert sorted(int(i) for _, ids in shards for i in ids.split(",")) == list(range(counts.pop()))


def test_the_readme_documents_the_image_and_the_compose_file():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for needed in (
        "docker compose up",
        "compose.yaml",
        "docker build",
        image_data_folder(),
        "POSTGRES_PASSWORD",
        "PARLOR_METRICS_PORT",
        "PARLOR_SHARD_IDS",
    ):
        assert needed in readme, needed
