"""The build configuration, in one place. Dagster's resources and the CLI both fill this model."""

from pydantic import BaseModel, Field


class LLMConfig(BaseModel):
    """An OpenAI-compatible endpoint used for rewriting and (optionally) judging. Off by default."""

    enabled: bool = False
    base_url: str | None = None
    model: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    concurrency: int = Field(4, ge=1, le=64)
    timeout_s: float = Field(60.0, gt=0)
    max_retries: int = Field(2, ge=0, le=10)
    judge: bool = True  # also run the semantic LLM judge when the LLM is enabled
    cache_dir: str | None = None  # default: <project>/.cache/llm
    temperature: float = 0.0


class BuildConfig(BaseModel):
    """Everything that determines a dataset version besides the database content."""

    version: str = "v1"
    seed: int = 0
    per_family_cap: int = Field(160, ge=1, description="bindings sampled per family (a family's max_bindings wins)")
    test_fraction: float = Field(0.175, gt=0, lt=1)
    chunk_size: int = Field(1000, ge=1, description="bindings per set-based query")
    max_noise_attempts: int = Field(3, ge=1, le=10)
    contracts_dir: str | None = None  # default: <project>/contracts
    sql_dir: str | None = None  # default: <project>/sql/families
    outputs_dir: str | None = None  # default: <project>/outputs
    query_timeout_s: float = 600.0
    llm: LLMConfig = LLMConfig()

    def manifest_view(self) -> dict:
        """The config as recorded in manifest.json: nothing machine-specific (paths, URLs, keys)."""
        return {
            "version": self.version,
            "seed": self.seed,
            "per_family_cap": self.per_family_cap,
            "test_fraction": self.test_fraction,
            "max_noise_attempts": self.max_noise_attempts,
            "rewriter": f"llm:{self.llm.model}" if self.llm.enabled else "offline",
        }
