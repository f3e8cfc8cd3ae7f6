"""The build's one progress display. On a terminal: a single tqdm line redrawn in place (step, families done,
elapsed). Elsewhere (CI logs, pipes): one plain line per finished step, so a log holds a handful of readable lines
instead of thousands of carriage returns."""

import sys
import threading
import time
from typing import TextIO

from tqdm import tqdm

from pipeline.construction.sqlexec import Progress

# the steps the assets report, in build order (a worker build: the family runs are one step, `families`)
STEPS = ("EHR", "bind", "verify", "noise", "rewrite", "split")
WORKER_STEPS = ("EHR", "families", "split")
_PLAIN = "{desc} | {elapsed}"  # a step that does not go family by family
_FAMILIES = "{desc} | {n_fmt}/{total_fmt} families | {elapsed}"


class BuildProgress(Progress):
    def __init__(self, stream: TextIO | None = None, *, tty: bool | None = None, steps: tuple[str, ...] = STEPS):
        self.stream = stream or sys.stderr
        self.steps = steps
        self.tty = self.stream.isatty() if tty is None else tty
        self.start = time.perf_counter()
        self.seconds: dict[str, float] = {}  # finished step → its wall seconds
        self._lock = threading.Lock()
        self._name: str | None = None
        self._step_start = self.start
        self._done = self._total = 0
        self._bar = tqdm(total=0, file=self.stream, leave=False, dynamic_ncols=True, mininterval=0.5,
                         bar_format=_PLAIN) if self.tty else None

    def step(self, name: str) -> None:
        with self._lock:
            self._finish()
            self._name, self._step_start, self._done, self._total = name, time.perf_counter(), 0, 0
            if self._bar is not None:
                self._bar.bar_format = _PLAIN
                self._bar.reset(total=0)
                self._bar.set_description_str(self._desc(), refresh=True)

    def add_total(self, n: int) -> None:
        with self._lock:
            self._total += n
            if self._bar is not None:
                self._bar.bar_format = _FAMILIES
                self._bar.total = self._total
                self._bar.refresh()

    def advance(self, n: int = 1) -> None:
        with self._lock:
            self._done += n
            if self._bar is not None:
                self._bar.update(n)

    def close(self) -> None:
        """End the display (the step running, if any, counts as finished)."""
        with self._lock:
            self._finish()
            self._name = None
            if self._bar is not None:
                self._bar.close()
                self._bar = None

    def abandon(self) -> None:
        """End the display after a failure: the step running is not reported as finished."""
        with self._lock:
            self._name = None
            if self._bar is not None:
                self._bar.close()
                self._bar = None

    def summary(self) -> str:
        return " · ".join(f"{name} {s:.1f} s" for name, s in self.seconds.items())

    def _desc(self) -> str:
        i = self.steps.index(self._name) + 1 if self._name in self.steps else "?"
        return f"build [{i}/{len(self.steps)}] {self._name}"

    def _finish(self) -> None:
        if self._name is None:
            return
        now = time.perf_counter()
        self.seconds[self._name] = now - self._step_start
        if self._bar is None:
            families = f" {self._done}/{self._total} families" if self._total else ""
            print(f"{self._desc()}:{families} in {now - self._step_start:.1f} s (elapsed {now - self.start:.0f} s)",
                  file=self.stream, flush=True)
