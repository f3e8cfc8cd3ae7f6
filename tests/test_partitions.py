"""One partition per request family: `dagster dev` lists them, an edited family makes its partitions stale and no
other, a family rebuilt alone gives the rows it gave beside every other family, and the split then is stale."""

import shutil
from pathlib import Path

import polars as pl
import pytest
from dagster import AssetKey, DagsterInstance
from dagster._utils.test.data_versions import get_stale_status_resolver

from pipeline.assets.assets import FAMILY_LEVEL_ASSETS, construction_assets, family_partitions
from pipeline.assets.resources import BuildSettings, EHRResource
from pipeline.assets.run import materialize_build, materialize_families, observe_family_files
from pipeline.construction.requests.family import family_files
from pipeline.definitions import defs
from pipeline.paths import CONTRACTS_DIR

DATA = Path(__file__).parent / "data" / "families"


def test_dagster_lists_one_partition_per_family_file():
    graph = defs.resolve_asset_graph()
    files = family_files(CONTRACTS_DIR)
    assert len(files) == len(list(CONTRACTS_DIR.rglob("*.yaml"))) - 1  # every file but synonyms.yaml
    for name in (*FAMILY_LEVEL_ASSETS, "family_files"):
        assert graph.get(AssetKey(name)).partitions_def.get_partition_keys() == sorted(files), name
    for name in ("ehr_database", "dataset_split"):
        assert graph.get(AssetKey(name)).partitions_def is None, name


def _statuses(instance: DagsterInstance, contracts: Path) -> dict[tuple[str, str | None], str]:
    resolver = get_stale_status_resolver(instance, construction_assets(family_partitions(contracts)))
    keys = sorted(family_files(contracts))
    out = {(a, k): resolver.get_status(AssetKey(a), k).value for a in FAMILY_LEVEL_ASSETS for k in keys}
    out["dataset_split", None] = resolver.get_status(AssetKey("dataset_split")).value
    return out


@pytest.fixture
def own_families(tmp_path: Path) -> Path:
    shutil.copytree(DATA / "contracts", tmp_path / "contracts")
    shutil.copytree(DATA / "sql", tmp_path / "sql")
    return tmp_path


def test_an_edited_family_alone_is_stale_and_rebuilds_alone(own_families, tiny_duckdb_url):
    tmp = own_families
    settings = BuildSettings(version="p1", contracts_dir=str(tmp / "contracts"), sql_dir=str(tmp / "sql"),
                             outputs_dir=str(tmp / "outputs"), per_family_cap=30, chunk_size=25)
    ehr = EHRResource(db_url=tiny_duckdb_url, generate_if_absent=False)
    storage = tmp / "storage"
    files = family_files(tmp / "contracts")
    edited, kept = sorted(files)[0], sorted(files)[-1]
    with DagsterInstance.ephemeral() as instance:
        assert materialize_build(ehr, settings, instance=instance, storage_dir=str(storage),
                                 log_level="CRITICAL").success
        assert set(_statuses(instance, tmp / "contracts").values()) == {"FRESH"}
        stored = {a: pl.read_parquet(storage / a / f"{kept}.parquet") for a in FAMILY_LEVEL_ASSETS}
        assert stored["rewritten_pairs"].height > 0

        # an edit to a SQL file the family names (its reference query) stales that family's partitions only
        ref = tmp / "sql" / next(iter(pl.read_parquet(storage / "request_families" / f"{edited}.parquet")
                                      .select(pl.col("spec").str.json_path_match("$.spec.reference"))["spec"]))
        ref.write_text(ref.read_text() + "\n-- edited\n")
        observe_family_files(settings, instance=instance)
        status = _statuses(instance, tmp / "contracts")
        stale = {k for k, v in status.items() if v == "STALE"}
        assert stale == {(a, edited) for a in FAMILY_LEVEL_ASSETS}, stale

        # rebuilt alone, the edited family is fresh again and the split, which reads every partition, is stale; an
        # unchanged family rebuilt alone stores exactly the rows it had from the build of every family together
        results = materialize_families(ehr, settings, [edited, kept], instance=instance, storage_dir=str(storage))
        assert all(r.success for r in results)
        status = _statuses(instance, tmp / "contracts")
        assert {v for k, v in status.items() if k[0] != "dataset_split"} == {"FRESH"}
        assert status["dataset_split", None] == "STALE"
        for a in FAMILY_LEVEL_ASSETS:
            assert pl.read_parquet(storage / a / f"{kept}.parquet").equals(stored[a]), a


def test_shared_checks_are_those_a_tenth_of_the_families_can_break():
    """The per-family level choice caps only measures.SHARED_CHECKS: a check fewer families can break stays under
    MAX_CONDITION_SHARE of the Noise even if they give it all of theirs, so the set must follow the families."""
    import yaml

    from pipeline.construction.quality.measures import MAX_CONDITION_SHARE, SHARED_CHECKS, condition_check

    files = family_files(CONTRACTS_DIR)
    breakers: dict[str, int] = {}
    for path in files.values():
        for check in {condition_check(n["breaks"]) for n in yaml.safe_load(path.read_text()).get("noise", [])}:
            breakers[check] = breakers.get(check, 0) + 1
    assert {c for c, n in breakers.items() if n >= MAX_CONDITION_SHARE * len(files)} == SHARED_CHECKS
