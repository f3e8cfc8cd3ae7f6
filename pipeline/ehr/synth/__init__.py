"""Synthetic MIMIC-IV v3.1 generator: all 31 tables, chunked by patients, streamed to Parquet.

Layout written by generate_parquet():
    out_dir/<hosp|icu>/<table>/part-<NNNNN>.parquet   one part per patient chunk (dictionaries: part-00000)
    out_dir/manifest.json                              row counts per table, seed, patients, generator version
    out_dir/_SUCCESS                                   written last; its presence means the set is complete

Same (patients, seed, chunk_patients) -> byte-identical files: every chunk draws from its own RNG streams
(default_rng([seed, chunk, table])) and ids come from per-chunk blocks, so chunks are independent (and can run
in parallel worker processes without changing the bytes).
"""

import json
import multiprocessing
import os
import resource
import shutil
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from pipeline.ehr.schema import Table, mimic_tables

GENERATOR_VERSION = "1.2.0"
SCALE_PRESETS: dict[str, int] = {"tiny": 50, "default": 3000, "full": 300_000}
DICTIONARY_TABLES = ("d_hcpcs", "d_icd_diagnoses", "d_icd_procedures", "d_labitems", "d_items", "provider", "caregiver")

__all__ = ["GENERATOR_VERSION", "SCALE_PRESETS", "GenerationReport", "generate_parquet", "part_path", "table_files"]


@dataclass
class GenerationReport:
    patients: int
    seed: int
    out_dir: str
    chunk_patients: int
    chunks: int
    workers: int
    rows: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    peak_rss_mb: float = 0.0  # max over the parent and its worker processes
    cpu_seconds: float = 0.0  # user + system CPU of the parent and its workers (robust to a busy machine)
    generator_version: str = GENERATOR_VERSION

    @property
    def total_rows(self) -> int:
        return sum(self.rows.values())

    @property
    def rows_per_second(self) -> float:
        return self.total_rows / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict:
        d = asdict(self)
        d["total_rows"] = self.total_rows
        d["rows_per_second"] = round(self.rows_per_second)
        d["rows_per_cpu_second"] = round(self.total_rows / self.cpu_seconds) if self.cpu_seconds else 0
        return d


def part_path(out_dir: Path, table: Table, part: int) -> Path:
    return Path(out_dir) / table.module / table.name / f"part-{part:05d}.parquet"


def table_files(out_dir: Path) -> dict[str, list[Path]]:
    """Parquet files per table of a generated directory (for loaders)."""
    return {t.name: sorted((Path(out_dir) / t.module / t.name).glob("part-*.parquet")) for t in mimic_tables()}


def _cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _peak_rss_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024.0


def _write(df: pl.DataFrame, table: Table, path: Path) -> int:
    from pipeline.ehr.synth.util import conform, write_parquet_atomic

    out = conform(df, table)
    write_parquet_atomic(out, path)
    return out.height


def _dictionary_frames(seed: int) -> dict[str, pl.DataFrame]:
    from pipeline.ehr.synth import dictionaries as dct

    return {
        "d_hcpcs": dct.d_hcpcs(), "d_icd_diagnoses": dct.d_icd_diagnoses(), "d_icd_procedures": dct.d_icd_procedures(),
        "d_labitems": dct.d_labitems(), "d_items": dct.d_items(),
        "provider": pl.DataFrame({"provider_id": pl.Series(dct.provider_ids(seed), dtype=pl.String)}),
        "caregiver": pl.DataFrame({"caregiver_id": dct.caregiver_ids(seed)}),
    }


def iter_chunk_frames(seed: int, chunk: int, first_patient: int, n: int, chunk_patients: int
                      ) -> Iterator[tuple[str, pl.DataFrame]]:
    """The patient-level tables of one chunk, one at a time, so a writer can free each before the next is built
    (peak memory is the cohort plus the largest table, not the whole chunk)."""
    from pipeline.ehr.synth import cohort, hosp, icu, meds
    from pipeline.ehr.synth.dictionaries import caregiver_ids, provider_ids

    def rng(k: int) -> np.random.Generator:
        return np.random.default_rng([seed, chunk, k])

    providers = provider_ids(seed)
    caregivers = caregiver_ids(seed)
    c = cohort.build_cohort(rng(0), chunk, first_patient, n, chunk_patients)
    transfers, icustays = cohort.transfers_and_stays(rng(1), c, chunk_patients)
    yield "patients", cohort.patients_frame(c)
    yield "admissions", cohort.admissions_frame(rng(2), c, providers)
    yield "transfers", transfers
    yield "icustays", icustays
    del transfers, icustays
    yield "services", cohort.services_frame(rng(3), c)
    yield "diagnoses_icd", hosp.diagnoses_frame(rng(4), c)
    yield "procedures_icd", hosp.procedures_frame(rng(5), c)
    yield "drgcodes", hosp.drgcodes_frame(rng(6), c)
    yield "hcpcsevents", hosp.hcpcs_frame(rng(7), c)
    yield "labevents", hosp.labevents_frame(rng(8), c, providers, chunk_patients)
    yield "microbiologyevents", hosp.microbiology_frame(rng(9), c, providers, chunk_patients)
    yield "omr", hosp.omr_frame(rng(10), c)
    med = meds.medication_tables(rng(11), c, providers, chunk_patients)
    for name in list(med):
        yield name, med.pop(name)
    yield "chartevents", icu.chartevents_frame(rng(12), c, caregivers)
    inputs, ingredients, procedures = icu.input_tables(rng(13), c, caregivers, chunk_patients)
    yield "inputevents", inputs
    yield "ingredientevents", ingredients
    yield "procedureevents", procedures
    del inputs, ingredients, procedures
    yield "outputevents", icu.outputevents_frame(rng(14), c, caregivers)
    yield "datetimeevents", icu.datetimeevents_frame(rng(15), c, caregivers)


def _run_chunk(args: tuple[int, int, int, int, int, str]) -> dict[str, int]:
    """Generate one chunk and write one part per table; returns row counts (runs in workers too)."""
    seed, chunk, first, n, chunk_patients, out_dir = args
    tables = {t.name: t for t in mimic_tables()}
    counts = {}
    for name, df in iter_chunk_frames(seed, chunk, first, n, chunk_patients):
        counts[name] = _write(df, tables[name], part_path(Path(out_dir), tables[name], chunk))
        del df
    missing = set(tables) - set(counts) - set(DICTIONARY_TABLES)
    if missing:
        raise RuntimeError(f"chunk {chunk} produced no frame for {sorted(missing)}")
    return counts


def generate_parquet(patients: int, seed: int, out_dir: Path, *, chunk_patients: int = 5000, progress: bool = False,
                     workers: int = 1) -> GenerationReport:
    """Generate `patients` synthetic MIMIC-IV patients into `out_dir` as Parquet (see module docstring).

    workers > 1 runs chunks in parallel processes (output bytes do not depend on it)."""
    if patients < 1 or chunk_patients < 1:
        raise ValueError("patients and chunk_patients must be positive")
    from pipeline.ehr.synth.codes import check_available

    check_available()  # a missing or damaged code-system package fails here, before any file is written
    t0 = time.perf_counter()
    cpu0 = _cpu_seconds()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for marker in ("_SUCCESS", "manifest.json"):
        (out_dir / marker).unlink(missing_ok=True)
    for module in ("hosp", "icu"):
        if (out_dir / module).exists():
            shutil.rmtree(out_dir / module)
    tables = {t.name: t for t in mimic_tables()}
    n_chunks = -(-patients // chunk_patients)
    report = GenerationReport(patients, seed, str(out_dir), chunk_patients, n_chunks, workers)
    rows = {name: 0 for name in tables}
    for name, df in _dictionary_frames(seed).items():
        rows[name] = _write(df, tables[name], part_path(out_dir, tables[name], 0))

    jobs = [(seed, i, i * chunk_patients, min(chunk_patients, patients - i * chunk_patients), chunk_patients, str(out_dir))
            for i in range(n_chunks)]

    def consume(i: int, counts: dict[str, int]) -> None:
        for k, v in counts.items():
            rows[k] += v
        if progress:
            done = sum(rows.values())
            el = time.perf_counter() - t0
            print(f"[synth] chunk {i + 1}/{n_chunks}  rows {done:,}  {el:,.1f}s  {done / max(el, 1e-9):,.0f} rows/s  "
                  f"rss {_peak_rss_mb():,.0f} MB", file=sys.stderr, flush=True)

    if workers <= 1 or n_chunks == 1:
        for job in jobs:
            consume(job[1], _run_chunk(job))
    else:
        env_threads = os.environ.get("POLARS_MAX_THREADS")
        os.environ["POLARS_MAX_THREADS"] = "1"  # workers are the parallelism; avoid oversubscribing the cores
        # spawn (not fork: polars' thread pool does not survive fork) re-runs the parent's main file in each worker;
        # when that "file" does not exist (python -c / stdin / notebooks) hide it so workers start cleanly
        main = sys.modules.get("__main__")
        main_file = getattr(main, "__file__", None)
        hide_main = main is not None and main_file is not None and getattr(main, "__spec__", None) is None \
            and not Path(main_file).is_file()
        if hide_main:
            del main.__file__
        try:
            ctx = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as ex:
                for i, counts in enumerate(ex.map(_run_chunk, jobs)):
                    consume(i, counts)
        finally:
            if hide_main:
                main.__file__ = main_file
            if env_threads is None:
                os.environ.pop("POLARS_MAX_THREADS", None)
            else:
                os.environ["POLARS_MAX_THREADS"] = env_threads

    report.rows = rows
    report.seconds = time.perf_counter() - t0
    report.peak_rss_mb = _peak_rss_mb()
    report.cpu_seconds = _cpu_seconds() - cpu0
    manifest = {"generator_version": GENERATOR_VERSION, "patients": patients, "seed": seed,
                "chunk_patients": chunk_patients, "chunks": n_chunks, "rows": rows, "total_rows": sum(rows.values())}
    tmp = out_dir / ".manifest.json.tmp"
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    os.replace(tmp, out_dir / "manifest.json")
    (out_dir / "_SUCCESS").write_text("")
    return report
