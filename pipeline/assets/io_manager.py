"""A small Parquet IO manager (dagster-polars is broken on polars 2): polars frames as Parquet, anything else as
JSON, under $DAGSTER_HOME/storage/robustgym (or .dagster_home/storage/robustgym). A family-level (partitioned)
table is one file per partition, <asset>/<family>.parquet, holding that family's rows: a run over some partitions
writes those files only, and a reader of many partitions gets their rows concatenated in partition-key order."""

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
        if context.has_asset_partitions:
            self._write_partitions(base, sorted(context.asset_partition_keys), obj)
            context.add_output_metadata({"path": str(base), "rows": obj.height})
            return
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

    @staticmethod
    def _write_partitions(base: Path, keys: list[str], frame: Any) -> None:
        if not isinstance(frame, pl.DataFrame) or "family" not in frame.columns:
            raise TypeError(f"a family-partitioned asset returns a polars frame with a family column, not {type(frame)}")
        stray = sorted(set(frame["family"].unique().to_list()) - set(keys))
        if stray:
            raise ValueError(f"{base.name}: rows for families outside the run's partitions: {stray[:5]}")
        base.mkdir(parents=True, exist_ok=True)
        for key in keys:
            tmp = base / f".{key}.parquet.tmp"
            frame.filter(pl.col("family") == key).write_parquet(tmp, compression="zstd")
            tmp.replace(base / f"{key}.parquet")

    def load_input(self, context: InputContext) -> Any:
        base = self._path(list(context.asset_key.path))
        if context.has_asset_partitions:
            keys = sorted(context.asset_partition_keys)
            missing = [k for k in keys if not (base / f"{k}.parquet").exists()]
            if missing:
                raise FileNotFoundError(f"no stored partition(s) {missing[:5]} of asset {context.asset_key.to_user_string()} "
                                        f"under {self.base_dir}: materialize them first")
            return pl.concat([pl.read_parquet(base / f"{k}.parquet") for k in keys], how="vertical")
        if base.with_suffix(".parquet").exists():
            return pl.read_parquet(base.with_suffix(".parquet"))
        if base.with_suffix(".json").exists():
            return json.loads(base.with_suffix(".json").read_text())
        raise FileNotFoundError(f"no stored value for asset {context.asset_key.to_user_string()} under {self.base_dir}: "
                                "materialize it first")
