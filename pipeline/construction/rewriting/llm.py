"""LLM rewriting through any OpenAI-compatible endpoint (the `openai` client): prompts from prompts/, a JSON answer
with both rewrites, an on-disk cache keyed by the sha256 of the request (reruns are free and reproducible),
bounded concurrency, retries and timeouts. Every failure becomes a reason string, never an exception."""

import hashlib
import json
import logging
import os
import re
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from pipeline.common.hashing import canonical_json
from pipeline.construction.config import LLMConfig
from pipeline.paths import PROJECT_ROOT, PROMPTS_DIR

log = logging.getLogger(__name__)


class LLMFailure(Exception):
    """A call that produced no usable answer; `reason` is the rejection reason."""

    def __init__(self, reason: str, detail: str):
        self.reason, self.detail = reason, detail
        super().__init__(f"{reason}: {detail}")


@dataclass(frozen=True)
class LLMResult:
    data: dict[str, Any]
    cached: bool


def load_prompt(name: str) -> str:
    path = PROMPTS_DIR / name
    if not path.is_file():
        raise FileNotFoundError(f"prompt file {path} not found")
    return path.read_text()


def parse_json_object(text: str | None) -> dict[str, Any]:
    """The JSON object in a model reply (tolerates a code fence around it)."""
    if not text:
        raise ValueError("empty reply")
    s = text.strip()
    fence = re.match(r"^```(?:json)?\s*(.*?)\s*```$", s, re.S)
    if fence:
        s = fence.group(1)
    data = json.loads(s)
    if not isinstance(data, dict):
        raise ValueError("reply is not a JSON object")
    return data


class LLMClient:
    """One configured endpoint + cache. Thread-safe; one openai client shared by the worker threads."""

    def __init__(self, cfg: LLMConfig):
        if not cfg.base_url or not cfg.model:
            raise ValueError("the LLM rewriter needs base_url and model (--llm-base-url, --llm-model)")
        from openai import OpenAI

        self.cfg = cfg
        self.cache_dir = Path(cfg.cache_dir) if cfg.cache_dir else PROJECT_ROOT / ".cache" / "llm"
        key = os.environ.get(cfg.api_key_env) or "not-needed"
        self.client = OpenAI(base_url=cfg.base_url, api_key=key, timeout=cfg.timeout_s, max_retries=cfg.max_retries)
        self._lock = threading.Lock()
        self.calls = 0
        self.cache_hits = 0

    def request_key(self, prompt: str, payload: Any) -> str:
        return hashlib.sha256(canonical_json({"model": self.cfg.model, "temperature": self.cfg.temperature,
                                              "prompt": prompt, "payload": payload}).encode()).hexdigest()

    def _cache_path(self, key: str) -> Path:
        return self.cache_dir / key[:2] / f"{key}.json"

    def complete_json(self, prompt_template: str, payload: Any, validate: Callable[[dict], None] | None = None) -> LLMResult:
        """Send the prompt (with {{payload}} filled), return the parsed JSON object. Malformed replies are retried
        up to max_retries times; only a valid reply is cached."""
        from openai import APIConnectionError, APIStatusError, APITimeoutError

        prompt = prompt_template.replace("{{payload}}", json.dumps(payload, indent=2, ensure_ascii=False, sort_keys=True))
        key = self.request_key(prompt, payload)
        path = self._cache_path(key)
        if path.is_file():
            try:
                data = json.loads(path.read_text())["response"]
                if validate:
                    validate(data)
                with self._lock:
                    self.cache_hits += 1
                return LLMResult(data, True)
            except (ValueError, KeyError):
                path.unlink(missing_ok=True)
        last = LLMFailure("llm_malformed_json", "no reply")
        for _ in range(self.cfg.max_retries + 1):
            try:
                with self._lock:
                    self.calls += 1
                resp = self.client.chat.completions.create(
                    model=self.cfg.model, temperature=self.cfg.temperature,
                    messages=[{"role": "user", "content": prompt}],
                )
            except APITimeoutError as e:
                raise LLMFailure("llm_timeout", f"no reply within {self.cfg.timeout_s:g} s ({e})") from None
            except APIStatusError as e:
                raise LLMFailure("llm_http_error", f"HTTP {e.status_code}: {str(e)[:200]}") from None
            except APIConnectionError as e:
                raise LLMFailure("llm_connection_error", str(e)[:200]) from None
            try:
                content = resp.choices[0].message.content
                data = parse_json_object(content)
                if validate:
                    validate(data)
            except (ValueError, KeyError, IndexError, AttributeError, TypeError) as e:
                last = LLMFailure("llm_malformed_json", f"{e}; reply: {str(locals().get('content'))[:200]!r}")
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".tmp{threading.get_ident()}")
            tmp.write_text(canonical_json({"model": self.cfg.model, "response": data}))
            tmp.replace(path)
            return LLMResult(data, False)
        raise last


def run_parallel(items: Sequence[Any], fn: Callable[[Any], Any], *, concurrency: int, desc: str) -> list[Any]:
    """fn over items with bounded concurrency and a progress bar; results in input order (exceptions returned)."""
    results: list[Any] = [None] * len(items)
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        futures = {pool.submit(fn, item): i for i, item in enumerate(items)}
        for fut in tqdm(as_completed(futures), total=len(futures), desc=desc, disable=len(items) < 2, leave=False):
            i = futures[fut]
            try:
                results[i] = fut.result()
            except Exception as e:  # noqa: BLE001 - each failure becomes that item's rejection
                results[i] = e
    return results


def _require_strings(*keys: str) -> Callable[[dict], None]:
    def check(data: dict) -> None:
        for k in keys:
            if not isinstance(data.get(k), str) or not data[k].strip():
                raise ValueError(f"missing string field {k!r}")
    return check


def _require_bools(*keys: str) -> Callable[[dict], None]:
    def check(data: dict) -> None:
        for k in keys:
            if not isinstance(data.get(k), bool):
                raise ValueError(f"missing boolean field {k!r}")
    return check


REWRITE_CHECK = _require_strings("clean", "noise")
JUDGE_CHECK = _require_bools("clean_same_meaning", "noise_same_meaning")
