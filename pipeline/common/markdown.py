"""One markdown-table writer for asset previews, check failure cases, the dataset card and evaluation reports."""

from collections.abc import Iterable, Sequence
from typing import Any

import polars as pl


def _cell(value: Any, width: int | None) -> str:
    text = str(value).replace("|", "\\|").replace("\n", " ")
    return text[:width] if width else text


def md_table(header: Sequence[str], rows: Iterable[Sequence[Any]], *, align: Sequence[str] | None = None,
             width: int | None = None) -> str:
    """A GitHub markdown table. `align` holds one of "l" / "r" per column (default left); cells longer than `width`
    characters are cut, and pipes inside cells are escaped so a value never breaks the table."""
    marks = [":" if a == "r" else "" for a in (align or ["l"] * len(header))]
    lines = ["| " + " | ".join(_cell(h, None) for h in header) + " |",
             "|" + "".join(f"---{m}|" for m in marks)]
    lines += ["| " + " | ".join(_cell(v, width) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def frame_table(frame: pl.DataFrame, *, limit: int | None = None, width: int = 80) -> str:
    """The first `limit` rows of a frame as a markdown table ("(empty)" for no rows)."""
    if frame.height == 0:
        return "(empty)"
    head = frame.head(limit) if limit is not None else frame
    return md_table(head.columns, head.iter_rows(), width=width)
