"""`robustgym ehr generate|load|export|check`: the EHR substrate from the command line."""

import argparse

from pipeline.paths import DEFAULT_DB_URL


def register(subparsers: argparse._SubParsersAction) -> None:
    ehr = subparsers.add_parser("ehr", help="generate, load, export and check the MIMIC-IV EHR")
    sub = ehr.add_subparsers(dest="ehr_command", required=True)

    gen = sub.add_parser("generate", help="generate a synthetic MIMIC-IV and load it")
    size = gen.add_mutually_exclusive_group(required=True)
    size.add_argument("--patients", type=int, help="number of patients")
    size.add_argument("--scale", choices=("tiny", "default", "full"), help="preset patient count")
    gen.add_argument("--seed", type=int, default=0)
    gen.add_argument("--db", default=DEFAULT_DB_URL, help=f"target database URL (default {DEFAULT_DB_URL})")
    gen.add_argument("--if-absent", action="store_true", help="do nothing if the database already holds this EHR")
    gen.add_argument("--workers", type=int, default=2)
    gen.add_argument("--keep-parquet", action="store_true", help="keep the Parquet staging files")
    gen.set_defaults(func=_generate)

    load = sub.add_parser("load", help="load PhysioNet-layout files (hosp/*.csv.gz, icu/*.csv.gz)")
    load.add_argument("--source", required=True, help="directory holding hosp/ and icu/")
    load.add_argument("--db", default=DEFAULT_DB_URL)
    load.add_argument("--workers", type=int, default=2)
    load.set_defaults(func=_load)

    export = sub.add_parser("export", help="write the EHR in the PhysioNet layout")
    export.add_argument("--db", default=DEFAULT_DB_URL)
    export.add_argument("--out", required=True)
    export.add_argument("--workers", type=int, default=2)
    export.set_defaults(func=_export)

    check = sub.add_parser("check", help="integrity report: counts, FK orphans, realism invariants")
    check.add_argument("--db", default=DEFAULT_DB_URL)
    check.set_defaults(func=_check)


def _generate(args: argparse.Namespace) -> int:
    from pipeline.ehr.build import generate_ehr, scales

    patients = args.patients if args.patients is not None else scales()[args.scale]
    result = generate_ehr(patients, args.seed, args.db, if_absent=args.if_absent, workers=args.workers,
                          keep_parquet=args.keep_parquet)
    print(result.render())
    return 0


def _load(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pipeline.ehr.load import load_physionet

    print(load_physionet(Path(args.source), args.db, workers=args.workers).render())
    return 0


def _export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pipeline.ehr.export import export_physionet

    print(export_physionet(args.db, Path(args.out), workers=args.workers).render())
    return 0


def _check(args: argparse.Namespace) -> int:
    from pipeline.ehr.check import check_database
    from pipeline.ehr.database import connect

    with connect(args.db) as db:
        report = check_database(db)
    print(report.render())
    return 0 if report.ok else 1
