"""`make bench` entry point: runs the benchmark suites and prints their figures.

Usage: python -m bench.run [suite ...] [-- suite args]
Suites: generate, backends, construction, build, gym, mcp, scale (default: all but scale, at the scales each suite
names as quick; scale needs --db).
Each suite module exposes main(argv) -> int and prints Markdown rows ready for BENCHMARKS.md.
"""

import importlib
import sys
import time

SUITES = ("generate", "backends", "construction", "build", "gym", "mcp", "scale")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1 :]
    chosen = argv or [s for s in SUITES if s != "scale"]
    unknown = [s for s in chosen if s not in SUITES]
    if unknown:
        print(f"unknown benchmark suite(s): {', '.join(unknown)}; choose from {', '.join(SUITES)}", file=sys.stderr)
        return 2
    status = 0
    for suite in chosen:
        module = importlib.import_module(f"bench.bench_{suite}")
        print(f"\n## {suite}\n", flush=True)
        start = time.perf_counter()
        status |= int(module.main(extra) or 0)
        print(f"\n({suite}: {time.perf_counter() - start:.1f} s)", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
