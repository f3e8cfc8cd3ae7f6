"""The benchmark's vocabulary, defined once. Family files are validated against these Literals, the pandera schemas
and the gym's Task model check the same tuples, and reports order their rows by them."""

from typing import Literal, get_args

Intent = Literal["demographics", "vitals", "medications", "cost", "labs", "diagnoses"]
Level = Literal["patient", "population"]
NoiseLevel = Literal["record", "value", "query"]
AnswerType = Literal["number", "integer", "string", "datetime", "date", "boolean", "list", "number_with_unit"]
NoiseKind = Literal["content", "identifier"]  # what a noise operator falsifies: clinical content or an identifier
Variant = Literal["clean", "noise"]
Status = Literal["accepted", "rejected"]
Split = Literal["train", "test"]
Difficulty = Literal["easy", "medium", "hard"]
Stage = Literal["verification", "noise", "rewriting", "split"]  # the construction steps that can reject an item

INTENTS: tuple[str, ...] = get_args(Intent)
LEVELS: tuple[str, ...] = get_args(Level)
NOISE_LEVELS: tuple[str, ...] = get_args(NoiseLevel)
ANSWER_TYPES: tuple[str, ...] = get_args(AnswerType)
NOISE_KINDS: tuple[str, ...] = get_args(NoiseKind)
VARIANTS: tuple[str, ...] = get_args(Variant)
STATUSES: tuple[str, ...] = get_args(Status)
SPLITS: tuple[str, ...] = get_args(Split)
DIFFICULTIES: tuple[str, ...] = get_args(Difficulty)
STAGES: tuple[str, ...] = get_args(Stage)
