"""Seeded, platform-independent hashing for every deterministic choice (sampling, noise candidates, surface forms,
splits). Python's hash() is salted per process and polars' row hash depends on dtypes, so neither is used."""

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def stable_hash(*parts: Any) -> int:
    """64-bit hash of JSON-serialisable parts."""
    digest = hashlib.blake2b(canonical_json(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def short_id(*parts: Any, n: int = 16) -> str:
    return hashlib.sha256(canonical_json(parts).encode()).hexdigest()[:n]
