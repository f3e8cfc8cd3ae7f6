"""Where the project's files live: sql/, contracts/ and prompts/ are data at the top level, beside the package,
so family authors edit them without touching code; ROBUSTGYM_HOME overrides the root for installs outside a checkout."""

import os
from pathlib import Path

PROJECT_ROOT = Path(os.environ.get("ROBUSTGYM_HOME", Path(__file__).resolve().parent.parent))
SQL_DIR = PROJECT_ROOT / "sql"
SCHEMA_DIR = SQL_DIR / "schema"
CONTRACTS_DIR = PROJECT_ROOT / "contracts"
PROMPTS_DIR = PROJECT_ROOT / "prompts"
OUTPUTS_DIR = PROJECT_ROOT / "outputs"
DATA_DIR = PROJECT_ROOT / "data"
REFERENCE_DIR = Path(__file__).resolve().parent / "ehr" / "reference"

DEFAULT_DB_PATH = DATA_DIR / "ehr.duckdb"
DEFAULT_DB_URL = f"duckdb:///{DEFAULT_DB_PATH}"
