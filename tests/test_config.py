"""One source of configuration: every field of a `robustgym build --config` file reaches the steps that use it.

The file sets every BuildConfig / LLMConfig field to a non-default value (a field added later without a value here
fails the coverage test); the real build runs through Dagster on the tiny EHR with the LLM rewriter pointed at the
local stand-in server; then each asset's recorded config (the object it handed to its step) must equal the file,
and the observable effects must show: the outputs folder and version, the manifest, the model, temperature, key
and judge setting the LLM server saw."""

import argparse
import json
from pathlib import Path

import pytest
import yaml
from dagster import AssetKey, DagsterInstance
from fake_llm import FakeLLM
from pydantic import BaseModel

from pipeline.assets.commands import build_config_from_args, register
from pipeline.cli import main
from pipeline.construction.config import BuildConfig, LLMConfig

DATA = Path(__file__).parent / "data" / "families"
CONSTRUCTION_ASSETS = ["request_families", "bound_requests", "evidence_contracts", "noise_pairs", "rewritten_pairs",
                       "dataset_split"]


def full_config(tmp: Path, llm_url: str) -> dict:
    return {
        "version": "cfgtest", "seed": 5, "per_family_cap": 12, "test_fraction": 0.3, "chunk_size": 7,
        "max_noise_attempts": 2, "avoid_correctable": True, "contracts_dir": str(DATA / "contracts"), "sql_dir": str(DATA / "sql"),
        "outputs_dir": str(tmp / "out"), "query_timeout_s": 5.0,
        "llm": {"enabled": True, "base_url": llm_url, "model": "fake-model", "api_key_env": "RG_TEST_KEY",
                "concurrency": 3, "timeout_s": 9.0, "max_retries": 1, "judge": False,
                "cache_dir": str(tmp / "llm_cache"), "temperature": 0.7},
    }


def _non_default(model: type[BaseModel], values: dict, prefix: str = "") -> list[str]:
    """Fields the file leaves out or sets to their default (a value equal to the default proves nothing)."""
    bad = []
    for name, field in model.model_fields.items():
        if name == "llm":
            bad += _non_default(LLMConfig, values.get("llm", {}), "llm.")
        elif name not in values or values[name] == field.default:
            bad.append(prefix + name)
    return bad


def test_config_file_covers_every_field(tmp_path):
    assert _non_default(BuildConfig, full_config(tmp_path, "http://127.0.0.1:1/v1")) == []


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["build", *argv])


def test_flags_override_the_file_field_by_field(tmp_path):
    path = tmp_path / "build.yaml"
    path.write_text(yaml.safe_dump(full_config(tmp_path, "http://127.0.0.1:1/v1")))
    cfg = build_config_from_args(_parse(["--config", str(path), "--query-timeout-s", "7", "--llm-temperature", "0.3",
                                         "--no-llm-enabled", "--outputs-dir", "/x"]))
    expected = full_config(tmp_path, "http://127.0.0.1:1/v1")
    expected.update(query_timeout_s=7.0, outputs_dir="/x")
    expected["llm"].update(temperature=0.3, enabled=False)
    assert cfg.model_dump() == expected


def test_unknown_config_key_is_one_clear_error(tmp_path):
    path = tmp_path / "build.yaml"
    path.write_text(yaml.safe_dump({"query_timeout": 5}))
    with pytest.raises(ValueError, match="query_timeout"):
        build_config_from_args(_parse(["--config", str(path)]))


def test_every_config_field_reaches_the_steps(tiny_duckdb_url, tmp_path, monkeypatch, capsys):
    fake = FakeLLM()
    try:
        monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
        monkeypatch.setenv("RG_TEST_KEY", "key-from-the-named-variable")
        data = full_config(tmp_path, fake.url)
        path = tmp_path / "build.json"
        path.write_text(json.dumps(data))
        code = main(["build", "--db", tiny_duckdb_url, "--no-generate", "--config", str(path)])
        assert code == 0, capsys.readouterr()
    finally:
        fake.close()
    expected = BuildConfig.model_validate(data).model_dump(mode="json")
    with DagsterInstance.get() as instance:
        for name in CONSTRUCTION_ASSETS:
            event = instance.get_latest_materialization_event(AssetKey(name))
            recorded = event.asset_materialization.metadata["build_config"].value
            assert recorded == expected, f"{name} ran with a config other than the file's"
    out = tmp_path / "out" / "cfgtest"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["config"] == {"version": "cfgtest", "seed": 5, "per_family_cap": 12, "test_fraction": 0.3,
                                  "max_noise_attempts": 2, "avoid_correctable": True, "rewriter": "llm:fake-model"}
    assert fake.bodies, "the LLM rewriter was never called"
    assert {b["model"] for b in fake.bodies} == {"fake-model"}
    assert {b.get("temperature") for b in fake.bodies} == {0.7}
    assert set(fake.keys) == {"key-from-the-named-variable"}
    assert not any(b["messages"][-1]["content"].startswith("You check") for b in fake.bodies), "judge was off"
    assert any((tmp_path / "llm_cache").iterdir())


def test_environment_variables_bind_at_run_time_through_envvar(monkeypatch, tmp_path):
    """The code location binds ROBUSTGYM_* through Dagster's EnvVar: the value a run sees is the environment's
    when the run starts, not when the module was imported."""
    from dagster import EnvVar, materialize

    from pipeline.assets.assets import ALL_ASSETS, FAMILY_PARTITIONS
    from pipeline.definitions import default_resources

    request_families = next(a for a in ALL_ASSETS if a.key.to_user_string() == "request_families")

    monkeypatch.setenv("ROBUSTGYM_LLM_MODEL", "model-at-load")
    resources = default_resources()
    assert isinstance(resources["settings"].llm.model, EnvVar)
    monkeypatch.setenv("ROBUSTGYM_LLM_MODEL", "model-at-run")
    result = materialize([request_families], resources={"settings": resources["settings"]},
                         partition_key=FAMILY_PARTITIONS.get_partition_keys()[0])
    event = result.get_asset_materialization_events()[0]
    assert event.materialization.metadata["build_config"].value["llm"]["model"] == "model-at-run"
    monkeypatch.delenv("ROBUSTGYM_LLM_MODEL")
    assert default_resources()["settings"].llm.model is None  # unset: the default, never a failing EnvVar
