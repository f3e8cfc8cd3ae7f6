"""The MCP server end to end: the SDK's own client starts `robustgym mcp` over stdio, lists the tasks, and for the
first N plays the oracle through the tools (start_task, execute_sql of the reference SQL, submit_answer: the
gold answer on Clean, null on Noise); then it reads results.jsonl. Checks that an MCP session records correct
results at scale, and how many tool calls per second the server answers.

Usage: python -m bench.run mcp -- --dataset outputs/v1 [--db URL] [--tasks 100]
"""

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from pipeline.gym.tasks import load_tasks
from pipeline.paths import DEFAULT_DB_URL


def main(argv: list[str]) -> int:
    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    p = argparse.ArgumentParser(prog="bench mcp")
    p.add_argument("--dataset", default="outputs/v1")
    p.add_argument("--db", default=DEFAULT_DB_URL)
    p.add_argument("--tasks", type=int, default=100)
    args = p.parse_args(argv)
    by_question = {t.question: t for t in load_tasks(args.dataset, "test")}
    out = Path(tempfile.mkdtemp(prefix="bench-mcp-"))
    robustgym = str(Path(sys.executable).with_name("robustgym"))
    calls = 0

    async def session() -> float:
        nonlocal calls
        params = StdioServerParameters(command=robustgym, args=["mcp", "--dataset", args.dataset, "--db", args.db,
                                                                "--out", str(out / "run"), "--model", "mcp-oracle"])
        start = time.perf_counter()
        async with Client(params, read_timeout_seconds=120) as client:
            listing = json.loads((await client.call_tool("list_tasks", {"limit": args.tasks})).content[0].text)
            calls += 1
            for item in listing["tasks"]:
                text = (await client.call_tool("start_task", {"task_id": item["task_id"]})).content[0].text
                task = by_question[text.rsplit(f"## Your task ({item['task_id']})\n\n", 1)[-1]]
                await client.call_tool("execute_sql", {"query": task.reference_sql})
                await client.call_tool("submit_answer", {"answer": task.answer if task.variant == "clean" else None})
                calls += 3
        return time.perf_counter() - start

    try:
        seconds = anyio.run(session)
        rows = [json.loads(line) for line in (out / "run" / "results.jsonl").read_text().splitlines()]
    finally:
        shutil.rmtree(out, ignore_errors=True)
    correct = sum(r["correct"] for r in rows)
    print("| measure | result |\n|---|---|")
    print(f"| MCP over stdio, SDK client, {len(rows)} tasks | {correct}/{len(rows)} recorded correct "
          f"({sum(r['variant'] == 'clean' for r in rows)} Clean) in {seconds:.1f} s ({calls} tool calls, "
          f"{calls / seconds:.0f} per second, server start included) |")
    return 0 if rows and correct == len(rows) else 1
