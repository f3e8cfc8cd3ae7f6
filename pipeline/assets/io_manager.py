"""A small Parquet IO manager (dagster-polars is broken on polars 2): polars frames as Parquet, anything else as
JSON, under $DAGSTER_HOME/storage/robustgym (or .dagster_home/storage/robustgym)."""

import json
import os
from pathlib import Path
from typing import Any

import polars as pl
from dagster import ConfigurableIOManager, InputContext, OutputContext

from pipeline.paths import PROJECT_ROOT


def default_storage_dir() -> str:
    home = os.environ.get("DAGSTER_HOME") or str(PROJECT_ROOT / ".dagster_home")
    return str(Path(home) / "storage" / "robustgym")


class PolarsParquetIOManager(ConfigurableIOManager):
    base_dir: str = default_storage_dir()

    def _path(self, key_path: list[str]) -> Path:
        return Path(self.base_dir).joinpath(*key_path)

    def handle_output(self, context: OutputContext, obj: Any) -> None:
        base = self._path(list(context.asset_key.path))
        base.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(obj, pl.DataFrame):
            tmp = base.with_suffix(".parquet.tmp")
            obj.write_parquet(tmp, compression="zstd")
            tmp.replace(base.with_suffix(".parquet"))
            base.with_suffix(".json").unlink(missing_ok=True)
            context.add_output_metadata({"path": str(base.with_suffix(".parquet")), "rows": obj.height})
        else:
            tmp = base.with_suffix(".json.tmp")
            tmp.write_text(json.dumps(obj, indent=1, sort_keys=True, default=str))
            tmp.replace(base.with_suffix(".json"))
            base.with_suffix(".parquet").unlink(missing_ok=True)

    def load_input(self, context: InputContext) -> Any:
        base = self._path(list(context.asset_key.path))
        if base.with_suffix(".parquet").exists():
            return pl.read_parquet(base.with_suffix(".parquet"))
        if base.with_suffix(".json").exists():
            return json.loads(base.with_suffix(".json").read_text())
        raise FileNotFoundError(f"no stored value for asset {context.asset_key.to_user_string()} under {self.base_dir}: "
                                "materialize it first")
