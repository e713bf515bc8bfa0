"""Issue 15 item 6, what can be checked without a Docker daemon: the metrics setting, the image's Dockerfile
and the compose file (every variable it sets is a setting Parlor reads), and the README that explains them."""

from __future__ import annotations

import pytest

import bot.__main__ as entry
from bot.settings import Settings, SettingsError


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
