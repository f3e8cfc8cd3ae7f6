"""Splits: patient-disjoint train/test tables, the rejections table, manifest.json and the dataset card, written
atomically (a temporary directory renamed into place) and byte-identical from the same config and database.

Patient-disjointness: pairs are grouped by the patients they mention (union-find: a pair touching several patients
joins their groups), so no patient is in both splits and the twins never straddle. Population-level tasks
aggregate over a cohort and name no patient: their subject_ids are [] and each pair is its own group, assigned by
its hash (documented in the card)."""

import hashlib
import json
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

import polars as pl

from pipeline.common.hashing import stable_hash
from pipeline.common.vocabulary import NOISE_LEVELS
from pipeline.construction.layouts import REJECTIONS, TASKS

PACKAGES = ("ehr-robustgym", "dagster", "duckdb", "polars", "pyarrow", "sqlglot", "pandera", "openai", "psycopg")


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[Any, Any] = {}

    def find(self, x: Any) -> Any:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: Any, b: Any) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb, key=str)] = min(ra, rb, key=str)


def assign_splits(pairs: list[tuple[str, list[int]]], *, seed: int, test_fraction: float) -> dict[str, str]:
    """pair_id → 'train' | 'test'. Groups (connected by shared patients) are taken into test in seeded-hash order
    until the test share reaches test_fraction."""
    uf = _UnionFind()
    for pid, subjects in pairs:
        node = ("pair", pid)
        uf.find(node)
        for s in subjects:
            uf.union(node, ("subject", int(s)))
    groups: dict[Any, list[str]] = {}
    for pid, _ in pairs:
        groups.setdefault(uf.find(("pair", pid)), []).append(pid)
    order = sorted(groups, key=lambda g: (stable_hash(seed, "split", str(g)), str(g)))
    target = test_fraction * len(pairs)
    out, n_test = {}, 0
    for g in order:
        members = groups[g]
        split = "test" if n_test + len(members) / 2 <= target and n_test < target else "train"
        if split == "test":
            n_test += len(members)
        for pid in members:
            out[pid] = split
    return out


def task_rows(rewritten: pl.DataFrame, splits: dict[str, str], version: str,
              difficulty: dict[str, str] | None = None) -> pl.DataFrame:
    """Two rows per accepted pair (clean, noise) in the dataset layout (contracts/FORMAT.md "Dataset rows");
    `difficulty` maps family id → its declared tier."""
    rows = []
    for p in rewritten.filter(pl.col("status") == "accepted").iter_rows(named=True):
        common = {
            "pair_id": p["pair_id"], "noise_level": p["noise_level"], "intent": p["intent"], "level": p["level"],
            "family": p["family"], "difficulty": (difficulty or {}).get(p["family"]), "answer_type": p["answer_type"], "tolerance": p["tolerance"],
            "subject_ids": p["subject_ids"], "split": splits[p["pair_id"]], "dataset_version": version,
            "precision": p["precision"], "ordered": p["ordered"], "answer_columns": p["answer_columns"],
            "rewriter": p["rewriter"], "noise_kind": p["noise_kind"],
            "noise_operator": p["noise_operator"],
        }
        rows.append({**common, "task_id": f"{p['pair_id']}-clean", "variant": "clean", "question": p["clean_question"],
                     "answer": p["answer"], "reference_sql": p["clean_reference_sql"], "conditions": p["clean_conditions"],
                     "failed_condition": None, "answer_aliases": p["answer_aliases"], "slots": p["clean_slots"],
                     "readings": p["clean_readings"], "correctable": None, "corrected_answer": None})
        rows.append({**common, "task_id": f"{p['pair_id']}-noise", "variant": "noise", "question": p["noise_question"],
                     "answer": None, "reference_sql": p["noise_reference_sql"], "conditions": p["noise_conditions"],
                     "failed_condition": p["failed_condition"], "answer_aliases": "[]", "slots": p["noise_slots"],
                     "readings": p["noise_readings"], "correctable": p["correctable"],
                     "corrected_answer": p["corrected_answer"]})
    return pl.DataFrame(rows, schema=TASKS.schema()).sort("task_id")


def rejection_rows(contracts: pl.DataFrame, pairs: pl.DataFrame, rewritten: pl.DataFrame, version: str) -> pl.DataFrame:
    """Every rejection of every step, with its stage and reason."""
    parts = [
        contracts.filter(pl.col("status") != "accepted").select(
            pl.lit("verification").alias("stage"), "pair_id", "family", "intent", "level",
            "reason", "detail", "slots"),
        pairs.filter(pl.col("status") != "accepted").select(
            pl.lit("noise").alias("stage"), "pair_id", "family", "intent", "level",
            "reason", "detail", pl.col("clean_slots").alias("slots")),
        rewritten.filter(pl.col("status") != "accepted").select(  # condition_share: steps.condition_share_cut
            pl.when(pl.col("reason") == "condition_share").then(pl.lit("split")).otherwise(pl.lit("rewriting"))
            .alias("stage"), "pair_id", "family", "intent", "level",
            "reason", "detail", pl.col("clean_slots").alias("slots")),
    ]
    frame = pl.concat(parts, how="vertical_relaxed").with_columns(pl.lit(version).alias("dataset_version"))
    return frame.select([pl.col(c).cast(t) for c, t in REJECTIONS.schema().items()]).sort("stage", "pair_id")


def write_parquet(frame: pl.DataFrame, path: Path) -> None:
    """Fixed writer settings so the same frame always gives the same bytes."""
    frame.write_parquet(path, compression="zstd", compression_level=3, statistics=True, row_group_size=100_000)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def package_versions() -> dict[str, str]:
    out = {}
    for p in PACKAGES:
        try:
            out[p] = metadata.version(p)
        except metadata.PackageNotFoundError:
            out[p] = "absent"
    return out


def counts(tasks: pl.DataFrame) -> dict[str, Any]:
    """Pair and task counts by split, intent, level and noise level (for the manifest, card and metadata)."""
    pairs = tasks.filter(pl.col("variant") == "clean")
    def by(cols: list[str]) -> dict[str, int]:
        g = pairs.group_by(cols).len().sort(cols)
        return {"/".join(str(v) for v in r[:-1]): int(r[-1]) for r in g.iter_rows()}
    return {
        "pairs": pairs.height, "tasks": tasks.height,
        "by_split": by(["split"]), "by_intent": by(["intent"]), "by_level": by(["level"]),
        "by_noise_level": by(["noise_level"]), "by_intent_level_noise": by(["intent", "level", "noise_level"]),
        "families": pairs["family"].n_unique() if pairs.height else 0,
    }


def publish(out_root: Path, version: str, frames: dict[str, pl.DataFrame],
            make_extra: Callable[[dict[str, str]], dict[str, bytes]]) -> Path:
    """Write the Parquet files into outputs/.<version>.tmp-*/, then the extra files made from their sha256
    (manifest, card), then rename the directory into place. A build killed before the rename leaves only a hidden
    temporary directory, removed by the next build; the previous version stays complete until replaced."""
    out_root.mkdir(parents=True, exist_ok=True)
    for stale in [*out_root.glob(f".{version}.tmp-*"), *out_root.glob(f".{version}.old-*")]:
        shutil.rmtree(stale, ignore_errors=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{version}.tmp-", dir=out_root))
    try:
        for name, frame in frames.items():
            write_parquet(frame, tmp / name)
        hashes = {name: sha256_file(tmp / name) for name in sorted(frames)}
        for name, content in make_extra(hashes).items():
            (tmp / name).write_bytes(content)
        for p in tmp.iterdir():
            with open(p, "rb") as f:
                os.fsync(f.fileno())
        os.chmod(tmp, 0o755)
        final = out_root / version
        if final.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{version}.old-", dir=out_root))
            os.rename(final, old / "v")
            os.rename(tmp, final)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, final)
        return final
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def manifest_bytes(manifest: dict[str, Any]) -> bytes:
    return (json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


def noise_share(tasks: pl.DataFrame) -> dict[str, float]:
    noise = tasks.filter(pl.col("variant") == "noise")
    c = Counter(noise["noise_level"].to_list())
    n = max(1, noise.height)
    return {lv: round(c.get(lv, 0) / n, 4) for lv in NOISE_LEVELS}


def integrity_problems(tasks: pl.DataFrame) -> list[str]:
    """What must hold for every published dataset: each Noise task has exactly one failed condition (its
    failed_condition) and no answer; each Clean task has all conditions holding; twins share a split; no patient
    is in both splits."""
    problems = []
    for tid, variant, conds, failed, answer in tasks.select("task_id", "variant", "conditions", "failed_condition",
                                                            "answer").iter_rows():
        not_holding = [c["name"] for c in json.loads(conds) if c["holds"] is not True]
        if variant == "noise" and (not_holding != [failed] or answer is not None):
            problems.append(f"{tid}: noise task fails {not_holding} (expected exactly [{failed}]) answer={answer}")
        if variant == "clean" and (not_holding or answer is None):
            problems.append(f"{tid}: clean task fails {not_holding} answer={answer}")
    straddle = tasks.group_by("pair_id").agg(pl.col("split").n_unique().alias("n")).filter(pl.col("n") > 1)
    problems += [f"pair {p} straddles splits" for p in straddle["pair_id"].to_list()]
    by_split = {s: set(tasks.filter(pl.col("split") == s)["subject_ids"].explode().drop_nulls().to_list())
                for s in ("train", "test")}
    shared = sorted(by_split["train"] & by_split["test"])
    if shared:
        problems.append(f"{len(shared)} patient(s) in both splits, e.g. {shared[:5]}")
    return problems
