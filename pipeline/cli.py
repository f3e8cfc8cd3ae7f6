"""The `robustgym` console script. Each area registers its own subcommands; this module only wires them."""

import argparse
import importlib
import logging
import sys

# each module exposes register(subparsers), adding its subcommands with a `func`
_COMMAND_MODULES = (
    "pipeline.ehr.commands",  # robustgym ehr generate|load|export|check
    "pipeline.assets.commands",  # robustgym build
    "pipeline.gym.commands",  # robustgym eval|report|export-sft
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="robustgym", description="EHR-RobustGym: Clean–Noise benchmark and gym")
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except (FileNotFoundError, ValueError, KeyError, RuntimeError) as e:
        # user-facing failures: one clear line, no traceback (use -v for one)
        if args.verbose:
            raise
        print(f"robustgym: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
