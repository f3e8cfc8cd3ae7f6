"""The build configuration, defined once. Everything else derives from these models: the Dagster resource
(pipeline/assets/resources.py builds its fields from them), the `robustgym build` flags (generated from them) and
the `--config` file (validated by them). tests/test_config.py proves every field reaches the steps."""

from pydantic import BaseModel, ConfigDict, Field


class LLMConfig(BaseModel):
    """An OpenAI-compatible endpoint used for rewriting and (optionally) judging. Off by default."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = Field(False, description="rewrite with the LLM (else the offline rewriter)")
    base_url: str | None = Field(None, description="OpenAI-compatible endpoint")
    model: str | None = Field(None, description="model name at the endpoint")
    api_key_env: str = Field("OPENAI_API_KEY", description="environment variable holding the key")
    concurrency: int = Field(4, ge=1, le=64, description="requests in flight")
    timeout_s: float = Field(60.0, gt=0, description="seconds per request")
    max_retries: int = Field(2, ge=0, le=10, description="retries per request")
    judge: bool = Field(True, description="also run the semantic LLM judge when the LLM is enabled")
    cache_dir: str | None = Field(None, description="response cache (default <project>/.cache/llm)")
    temperature: float = Field(0.0, ge=0, le=2, description="sampling temperature")


class BuildConfig(BaseModel):
    """Everything that determines a dataset version besides the database content."""

    model_config = ConfigDict(extra="forbid")

    version: str = Field("v1", description="dataset version, the output folder name")
    seed: int = Field(0, description="seed of the EHR generation and of every sampled choice of the build")
    per_family_cap: int = Field(160, ge=1, description="bindings sampled per family (a family's larger max_bindings wins)")
    test_fraction: float = Field(0.175, gt=0, lt=1, description="share of pairs in the test split")
    chunk_size: int = Field(1000, ge=1, description="bindings per set-based query")
    max_noise_attempts: int = Field(3, ge=1, le=10, description="noise candidates tried per contract and level")
    avoid_correctable: bool = Field(False, description="pick each pair's noise level away from correctable twins "
                                                       "(their drop-one reading finds the Clean answer)")
    contracts_dir: str | None = Field(None, description="family files (default <project>/contracts)")
    sql_dir: str | None = Field(None, description="family SQL (default <project>/sql/families)")
    outputs_dir: str | None = Field(None, description="outputs root (default <project>/outputs)")
    query_timeout_s: float = Field(600.0, gt=0, description="seconds one construction query may run")
    llm: LLMConfig = LLMConfig()

    def manifest_view(self) -> dict:
        """The config as recorded in manifest.json: nothing machine-specific (paths, URLs, keys)."""
        return {
            "version": self.version,
            "seed": self.seed,
            "per_family_cap": self.per_family_cap,
            "test_fraction": self.test_fraction,
            "max_noise_attempts": self.max_noise_attempts,
            "avoid_correctable": self.avoid_correctable,
            "rewriter": f"llm:{self.llm.model}" if self.llm.enabled else "offline",
        }
