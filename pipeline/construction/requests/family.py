"""Request families: YAML files in contracts/<intent>/ (format: contracts/FORMAT.md), loaded into pydantic models
and validated before anything runs. Every error names the file, the line and the field, so a family author can fix
it without reading engine code; all errors of all files are reported at once."""

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import sqlglot
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from sqlglot import exp
from sqlglot.errors import OptimizeError, ParseError
from sqlglot.optimizer.qualify import qualify
from sqlglot.schema import MappingSchema

from pipeline.common.vocabulary import INTENTS, AnswerType, Difficulty, Intent, Level, NoiseKind, NoiseLevel
from pipeline.construction.slots import DUMMY, PLACEHOLDER_RE, SLOT_TYPES, sql_literal
from pipeline.ehr.schema import sqlglot_schema
from pipeline.paths import PROJECT_ROOT, SCHEMA_DIR

QUESTION_SLOT_RE = re.compile(r"\{(\w+)\}")


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SlotSpec(_Strict):
    type: str
    synonyms: str | None = None
    # a slot the question does not show because the shown slots listed here determine it (a stay's admission, a
    # title's code): the question names each thing once (DESIGN §4 "One handle per target")
    determined_by: list[str] = Field(default_factory=list)

    @field_validator("type")
    @classmethod
    def _known_type(cls, v: str) -> str:
        if v not in SLOT_TYPES:
            raise ValueError(f"unknown slot type {v!r}; expected one of {', '.join(SLOT_TYPES)}")
        return v


class ConditionSpec(_Strict):
    name: str = Field(pattern=r"^\w+$")
    sql: str


class AnswerSpec(_Strict):
    type: AnswerType
    tolerance: float = Field(0.0, ge=0)
    precision: Literal["minute", "day"] | None = None
    columns: list[str] | None = None
    cardinality: Literal["one", "many"] = "one"
    aliases: str | None = None
    ordered: bool = False


class ShiftSpec(_Strict):
    slot: str
    factors: list[float] | None = None
    round: int | None = None
    hours: list[float] | None = None
    days: list[int] | None = None
    add: list[float] | None = None

    @model_validator(mode="after")
    def _one_strategy(self) -> "ShiftSpec":
        given = [k for k in ("factors", "hours", "days", "add") if getattr(self, k)]
        if len(given) != 1:
            raise ValueError("shift needs exactly one of factors, hours, days, add")
        return self

    @property
    def strategy(self) -> str:
        return next(k for k in ("factors", "hours", "days", "add") if getattr(self, k))


class NoiseSpec(_Strict):
    level: NoiseLevel
    breaks: str
    kind: NoiseKind  # content: the clinical content is false (a measurement never taken, a
    # threshold never crossed, events in the other order); identifier: a restated identifier contradicts the record
    candidates: str | None = None
    shift: ShiftSpec | None = None
    # the perturbed values of these slots (as one tuple) must occur among the family's Clean contracts, so no value
    # exists only in Noise (a threshold, window, title or unit a Clean question of the family also uses)
    match_clean: list[str] = Field(default_factory=list)
    # the drop-one reading's SQL where the generic one (the reference without the predicates that read the perturbed
    # slots, noise/drop_one.py) cannot be formed: written like the reference, without the perturbed detail
    drop_one: str | None = None

    @property
    def operator(self) -> str:
        """The operator's name in the dataset (`noise_operator`): level, broken condition and the perturbation's
        source (its candidates file, or the shifted slot)."""
        source = self.candidates.removesuffix(".sql") if self.candidates else f"shift:{self.shift.slot}"
        return f"{self.level}:{self.breaks}:{source}"

    @model_validator(mode="after")
    def _one_source(self) -> "NoiseSpec":
        if (self.candidates is None) == (self.shift is None):
            raise ValueError("a noise entry needs exactly one of candidates (SQL file) or shift")
        return self


class ReadingSpec(_Strict):
    """One reasonable reading of the request as an SQL variant of the reference (same placeholders and answer
    columns). Noise twins must give no answer under every reading; `clean` says what a Clean task needs."""

    name: str = Field(pattern=r"^\w+$")
    sql: str | None = None
    # the reference with some of its fragments swapped ({included fragment: fragment to include instead}): a reading
    # that differs from the reference only in a definition kept in a fragment (a code set) is written once, not as a
    # copy of the reference that drifts from it
    swap: dict[str, str] | None = None
    clean: Literal["agree", "alias", "noise_only"] = "agree"
    description: str = ""

    @model_validator(mode="after")
    def _one_source(self) -> "ReadingSpec":
        if (self.sql is None) == (self.swap is None):
            raise ValueError("a reading needs exactly one of sql (an SQL file) or swap (fragments of the reference)")
        return self

    @property
    def key(self) -> str:
        """The key of the reading's SQL in Family.sql: its file, or a name of its own for a swapped reference."""
        return self.sql if self.sql is not None else f"reading:{self.name}"


class FamilySpec(_Strict):
    id: str = Field(pattern=r"^[a-z_]+\.[A-Za-z0-9_]+$")
    intent: Intent
    level: Level
    difficulty: Difficulty  # the request's reasoning depth (contracts/README.md)
    description: str = ""
    slots: dict[str, SlotSpec]
    binding: str
    conditions: list[ConditionSpec] = Field(min_length=1)
    reference: str
    answer: AnswerSpec
    noise: list[NoiseSpec] = Field(min_length=1)
    readings: list[ReadingSpec] = Field(default_factory=list)
    questions: list[str] = Field(min_length=3)
    max_bindings: int | None = Field(None, ge=1)


class FamilyError(ValueError):
    """One problem in one family file, located by file, line and field."""

    def __init__(self, file: str, line: int | None, field_path: str, message: str):
        self.file, self.line, self.field, self.message = file, line, field_path, message
        loc = f"{file}:{line}" if line else file
        super().__init__(f"{loc}: field '{field_path}': {message}")


class FamilyValidationError(ValueError):
    """All problems found while loading the families (reported together)."""

    def __init__(self, errors: list[FamilyError]):
        self.errors = errors
        super().__init__(f"{len(errors)} problem(s) in the request families:\n"
                         + "\n".join(f"  {e}" for e in errors))


@dataclass
class Family:
    """A validated family with its SQL templates read from disk (so it can travel between steps as data)."""

    spec: FamilySpec
    path: str  # the YAML file, relative to the contracts dir's parent when possible
    sql: dict[str, str] = field(default_factory=dict)  # relative SQL path → text

    @property
    def id(self) -> str:
        return self.spec.id

    def text(self, rel: str) -> str:
        return self.sql[rel]

    @property
    def slot_kinds(self) -> dict[str, str]:
        return {name: SLOT_TYPES[s.type].kind for name, s in self.spec.slots.items()}

    def condition(self, name: str) -> ConditionSpec:
        return next(c for c in self.spec.conditions if c.name == name)

    def to_json(self) -> dict[str, Any]:
        return {"spec": self.spec.model_dump(mode="json"), "path": self.path, "sql": dict(sorted(self.sql.items()))}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Family":
        return cls(FamilySpec.model_validate(data["spec"]), data["path"], dict(data["sql"]))


# ---------------------------------------------------------------- YAML with line numbers


def _line_map(text: str) -> dict[tuple, int]:
    """(key, index, …) path → 1-based line of that node, from the YAML node tree."""
    root = yaml.compose(text, Loader=_LOADER)
    out: dict[tuple, int] = {}

    def walk(node: yaml.Node, path: tuple) -> None:
        out[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                out[(*path, k.value)] = k.start_mark.line + 1
                walk(v, (*path, k.value))
                out[(*path, k.value)] = k.start_mark.line + 1
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                walk(v, (*path, i))

    if root is not None:
        walk(root, ())
    return out


def _line_for(lines: dict[tuple, int], loc: tuple) -> int | None:
    loc = tuple(loc)
    while loc:
        if loc in lines:
            return lines[loc]
        loc = loc[:-1]
    return lines.get(())


def _field(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "<root>"


# ---------------------------------------------------------------- SQL checks


def render_dummy(template: str, kinds: dict[str, str]) -> str:
    """Placeholders → dummy literals of the right type (for parsing and schema checks only)."""
    return PLACEHOLDER_RE.sub(lambda m: sql_literal(kinds.get(m.group(1), "int"), DUMMY[kinds.get(m.group(1), "int")]), template)


def _sql_line(text: str, needle: str) -> int | None:
    for i, line in enumerate(text.splitlines(), 1):
        if re.search(rf"\b{re.escape(needle)}\b", line, re.I):
            return i
    return None


def check_sql(text: str, kinds: dict[str, str], *, lateral: bool, needs_holds: bool = False) -> list[tuple[int | None, str]]:
    """Problems of one SQL template (memoised: families share condition files)."""
    used = tuple(sorted((k, v) for k, v in kinds.items() if k in _placeholders(text)))
    return list(_check_sql_cached(text, used, lateral, needs_holds))


@lru_cache(maxsize=4096)
def _check_sql_cached(text: str, used_kinds: tuple, lateral: bool, needs_holds: bool) -> tuple:
    key = hashlib.sha256(json.dumps([_schema_digest(), text, used_kinds, lateral, needs_holds]).encode()).hexdigest()
    disk = _disk_cache()
    if key in disk:
        return tuple(tuple(p) for p in disk[key])
    problems = tuple(_check_sql(text, dict(used_kinds), lateral=lateral, needs_holds=needs_holds))
    if not problems:  # only clean results are remembered; problems are recomputed so messages stay fresh
        disk[key] = []
        _save_disk_cache()
    return problems


_CHECK_CACHE = PROJECT_ROOT / ".cache" / "sqlcheck.json"


@lru_cache(maxsize=1)
def _schema_digest() -> str:
    """What a schema check depends on besides the SQL text: the DDL and the sqlglot version."""
    ddl = "".join(p.read_text() for p in sorted(SCHEMA_DIR.glob("*.sql")))
    return hashlib.sha256(f"{sqlglot.__version__}|{ddl}".encode()).hexdigest()


@lru_cache(maxsize=1)
def _disk_cache() -> dict:
    """Schema-check results of unchanged templates (SQL parsing and qualifying ~200 files is seconds per build)."""
    try:
        return json.loads(_CHECK_CACHE.read_text())
    except (OSError, ValueError):
        return {}


def _save_disk_cache() -> None:
    try:
        _CHECK_CACHE.parent.mkdir(parents=True, exist_ok=True)
        tmp = _CHECK_CACHE.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(_disk_cache()))
        tmp.replace(_CHECK_CACHE)
    except OSError:
        pass


def _check_sql(text: str, kinds: dict[str, str], *, lateral: bool, needs_holds: bool = False) -> list[tuple[int | None, str]]:
    """Problems of one SQL template: parse, one SELECT (no top-level WITH where it runs as LATERAL), tables and
    columns that exist in the MIMIC-IV schema. Returns (sql line, message) pairs."""
    try:
        stmts = [s for s in sqlglot.parse(render_dummy(text, kinds), read="postgres") if s is not None]
    except ParseError as e:
        errs = e.errors[0] if e.errors else {}
        return [(errs.get("line"), f"SQL does not parse: {str(e).splitlines()[0]}")]
    if len(stmts) != 1:
        return [(None, f"expected exactly one SQL statement, found {len(stmts)}")]
    tree = stmts[0]
    problems: list[tuple[int | None, str]] = []
    if not isinstance(tree, exp.Select | exp.Union):
        problems.append((1, f"expected a SELECT, found {type(tree).__name__.upper()}"))
    if lateral and isinstance(tree, exp.Select) and any(c.alias_or_name == "rg_b" for c in tree.find_all(exp.CTE)):
        problems.append((_sql_line(text, "rg_b"), "the name rg_b is reserved for the engine's bindings CTE"))
    if needs_holds and isinstance(tree, exp.Select) and [s.alias_or_name for s in tree.selects] != ["holds"]:
        problems.append((1, "a condition must return exactly one column named `holds`"))
    schema = sqlglot_schema()
    mapping = _mapping_schema()
    cte_names = {c.alias_or_name for c in tree.find_all(exp.CTE)}
    for table in tree.find_all(exp.Table):
        name, db = table.name, table.db
        if not db and name in cte_names:
            continue
        if not name:
            continue  # table functions etc.
        if db:
            if db not in schema or name not in schema[db]:
                problems.append((_sql_line(text, name), f"table {db}.{name} does not exist in the MIMIC-IV schema"))
        else:
            problems.append((_sql_line(text, name), f"table {name!r} must be schema-qualified (mimiciv_hosp., mimiciv_icu., mimiciv_derived.)"))
    if problems:
        return problems
    try:
        qualify(tree, schema=mapping, dialect="postgres", validate_qualify_columns=True, quote_identifiers=False)
    except OptimizeError as e:
        msg = str(e)
        m = re.search(r"Unknown column: (\w+)|Column '(\w+)'", msg)
        col = (m.group(1) or m.group(2)) if m else None
        problems.append((_sql_line(text, col) if col else None, f"{msg.split('. Line:')[0]} (not in the MIMIC-IV schema)"))
    except Exception as e:  # sqlglot raises a few other types on odd SQL
        problems.append((None, f"cannot check against the schema: {e}"))
    return problems


@lru_cache(maxsize=1)
def _mapping_schema() -> MappingSchema:
    """Built once: constructing sqlglot's MappingSchema per template was most of the validation time."""
    return MappingSchema(sqlglot_schema(), dialect="postgres")


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER_RE.findall(text))


# ---------------------------------------------------------------- loading


def _rel(path: Path, base: Path) -> str:
    try:
        return str(path.resolve().relative_to(base.resolve()))
    except ValueError:
        return str(path)


# `-- include: path name=value …`; a line ending in a backslash continues on the next comment line (`--   …`)
INCLUDE_RE = re.compile(r"^[ \t]*-- include: (\S+)((?:[^\n\\]|\\(?!\n))*(?:\\\n[ \t]*--(?:[^\n\\]|\\(?!\n))*)*)\n?",
                        re.MULTILINE)
CONTINUATION_RE = re.compile(r"\\\n[ \t]*--")
INCLUDE_ARG_RE = re.compile(r"(\w+)=(\"[^\"\n]*\"|[^\s\"]*)")
HOLE_RE = re.compile(r"\$\{(\w+)\}")
MAX_INCLUDE_DEPTH = 4


class IncludeError(ValueError):
    """An `-- include:` line that names no file or a hole the fragment lacks (or leaves one unfilled), or files that
    include each other."""


def _include_args(rel: str, rest: str, where: str) -> dict[str, str]:
    """`name=value …` after the fragment path → {name: value} (a value with spaces in double quotes); anything else
    on the line is an error."""
    args: dict[str, str] = {}
    pos = 0
    rest = rest.rstrip()
    while pos < len(rest):
        if rest[pos] in " \t":
            pos += 1
            continue
        m = INCLUDE_ARG_RE.match(rest, pos)
        if not m or (m.end() < len(rest) and rest[m.end()] not in " \t"):
            raise IncludeError(f"{where}: include of {rel}: expected name=value, found {rest[pos:].split()[0]!r}")
        if m.group(1) in args:
            raise IncludeError(f"{where}: include of {rel}: hole ${{{m.group(1)}}} given twice")
        value = m.group(2)
        args[m.group(1)] = value[1:-1] if value.startswith('"') else value
        pos = m.end()
    return args


def expand_includes(text: str, sql_dir: Path, chain: tuple[str, ...] = (), *, name: str = "<sql>") -> str:
    """Replace each `-- include: <path under sql/families> [hole=value …]` line with that fragment's SQL
    (recursively), every `${hole}` in it replaced by the include's value for it.

    A block several families need (the Charlson comorbidity flags, the lab display label over another alias) lives in
    one fragment, so a fix reaches every family that uses it; the stored reference SQL is the expanded text, the
    same query an agent or the oracle runs. The fragment's leading comment lines are its own header and are not
    copied. A hole without a value or a value for no hole is an error naming the including file and the hole."""

    def one(m: re.Match) -> str:
        rel = m.group(1)
        where = chain[-1] if chain else name
        if rel in chain or len(chain) >= MAX_INCLUDE_DEPTH:
            raise IncludeError(f"include cycle or depth over {MAX_INCLUDE_DEPTH}: {' -> '.join([name, *chain, rel])}")
        args = _include_args(rel, CONTINUATION_RE.sub(" ", m.group(2)), where)
        frag = sql_dir / rel
        if not frag.is_file():
            raise IncludeError(f"{where}: included SQL file not found: {rel}")
        lines = frag.read_text().splitlines(keepends=True)
        while lines and lines[0].lstrip().startswith("--") and not INCLUDE_RE.match(lines[0]):
            lines.pop(0)
        body = "".join(lines)
        holes = set(HOLE_RE.findall(body))
        for hole in sorted(holes - set(args)):
            raise IncludeError(f"{where}: include of {rel}: hole ${{{hole}}} has no value")
        for hole in sorted(set(args) - holes):
            raise IncludeError(f"{where}: include of {rel}: {hole}= names no hole of the fragment (holes: "
                               f"{', '.join(sorted(holes)) or 'none'})")
        body = HOLE_RE.sub(lambda h: args[h.group(1)], body)
        body = expand_includes(body, sql_dir, (*chain, rel), name=name)
        return body if body.endswith("\n") or not m.group(0).endswith("\n") else body + "\n"

    return INCLUDE_RE.sub(one, text)


def swap_includes(text: str, swap: dict[str, str]) -> tuple[str, str | None]:
    """`text` with each `-- include:` of a fragment in `swap` including its replacement instead (the include's hole
    values kept), or a problem naming a fragment `text` does not include."""
    found: set[str] = set()

    def one(m: re.Match) -> str:
        rel = m.group(1)
        if rel not in swap:
            return m.group(0)
        found.add(rel)
        start = m.start(1) - m.start(0)
        return m.group(0)[:start] + swap[rel] + m.group(0)[start + len(rel):]

    out = INCLUDE_RE.sub(one, text)
    missing = sorted(set(swap) - found)
    return out, (f"swap names {', '.join(missing)}, which the reference does not include" if missing else None)


def included_files(text: str) -> list[str]:
    """The fragments a SQL file includes directly (paths under sql/families)."""
    return [m.group(1) for m in INCLUDE_RE.finditer(text)]


def load_family_file(path: Path, sql_dir: Path, *, display_base: Path | None = None) -> tuple[Family | None, list[FamilyError]]:
    """Load and validate one YAML family. Returns the family (None if invalid) and its errors."""
    shown = _rel(path, display_base) if display_base else str(path)
    text = path.read_text()
    try:
        data = yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader (libyaml's when available)
        lines = _line_map(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = mark.line + 1 if mark else None
        return None, [FamilyError(shown, line, "<yaml>", f"malformed YAML: {getattr(e, 'problem', None) or e}")]
    if not isinstance(data, dict):
        return None, [FamilyError(shown, 1, "<root>", "a family file must be a YAML mapping")]
    try:
        spec = FamilySpec.model_validate(data)
    except ValidationError as e:
        errors = []
        for err in e.errors():
            loc = tuple(err["loc"])
            msg = err["msg"]
            if err["type"] == "literal_error":
                msg = f"unknown value {err.get('input')!r}: {msg}"
            elif err["type"] == "extra_forbidden":
                msg = "unknown field (typo?)"
            errors.append(FamilyError(shown, _line_for(lines, loc), _field(loc), msg))
        return None, errors

    errors: list[FamilyError] = []

    def err(loc: tuple, msg: str, sql_file: str | None = None, sql_line: int | None = None) -> None:
        where = f" [{sql_file}:{sql_line}]" if sql_file and sql_line else (f" [{sql_file}]" if sql_file else "")
        errors.append(FamilyError(shown, _line_for(lines, loc), _field(loc), msg + where))

    if spec.id.split(".", 1)[0] != spec.intent:
        err(("id",), f"id must start with its intent: {spec.intent}.<name>")
    intent_dir = path.parent.name
    if intent_dir in INTENTS and intent_dir != spec.intent:
        err(("intent",), f"file is under contracts/{intent_dir}/ but declares intent {spec.intent!r}")
    kinds = {name: SLOT_TYPES[s.type].kind for name, s in spec.slots.items()}
    declared = set(spec.slots)
    cond_names = [c.name for c in spec.conditions]
    if len(set(cond_names)) != len(cond_names):
        err(("conditions",), "condition names must be unique")

    # SQL files: exist, parse, reference the schema, use only declared placeholders
    family = Family(spec, shown, {})
    sql_refs: list[tuple[tuple, str, bool, bool, bool]] = [(("binding",), spec.binding, False, False, True)]
    sql_refs += [(("conditions", i, "sql"), c.sql, True, True, False) for i, c in enumerate(spec.conditions)]
    sql_refs.append((("reference",), spec.reference, True, False, False))
    sql_refs += [(("noise", i, "candidates"), n.candidates, True, False, False) for i, n in enumerate(spec.noise) if n.candidates]
    sql_refs += [(("noise", i, "drop_one"), n.drop_one, True, False, False) for i, n in enumerate(spec.noise) if n.drop_one]
    if spec.answer.aliases:
        sql_refs.append((("answer", "aliases"), spec.answer.aliases, True, False, False))
    sql_refs += [(("readings", i, "sql"), r.sql, True, False, False) for i, r in enumerate(spec.readings) if r.sql]
    swapped = {r.key: (("readings", i, "swap"), r.swap) for i, r in enumerate(spec.readings) if r.swap}
    sql_refs += [(loc, key, True, False, False) for key, (loc, _) in swapped.items()]
    for loc, rel, lateral, holds, is_binding in sql_refs:
        file = sql_dir / (spec.reference if rel in swapped else rel)
        if not file.is_file():
            err(loc, f"SQL file not found: {_rel(file, display_base) if display_base else file}")
            continue
        shown_sql = _rel(file, display_base) if display_base else str(file)
        raw = file.read_text()
        if rel in swapped:
            raw, problem = swap_includes(raw, swapped[rel][1])
            if problem:
                err(loc, problem, shown_sql)
                continue
            shown_sql = f"{shown_sql} ({rel})"
        try:
            text_sql = expand_includes(raw, sql_dir, name=shown_sql)
        except IncludeError as e:
            err(loc, str(e), shown_sql)
            continue
        family.sql[rel] = text_sql
        used = _placeholders(text_sql)
        if is_binding and used:
            err(loc, f"the binding query takes no placeholders, found {sorted(used)}", shown_sql)
        allowed = declared | ({"answer"} if loc == ("answer", "aliases") else set())
        for name in sorted(used - allowed):
            err(loc, f"placeholder {{{{{name}}}}} is not a declared slot", shown_sql, _sql_line(text_sql, name))
        akinds = dict(kinds, answer="text")
        for sql_line, msg in check_sql(text_sql, akinds, lateral=lateral, needs_holds=holds):
            err(loc, msg, shown_sql, sql_line)
        if is_binding and not used:
            _check_binding_columns(text_sql, declared, lambda m, f=shown_sql, lc=loc: err(lc, m, f))

    for name, slot in spec.slots.items():
        for other in slot.determined_by:
            if other not in declared or other == name:
                err(("slots", name, "determined_by"), f"determined_by names {other!r}, not another declared slot")
    for i, q in enumerate(spec.questions):
        for name in sorted(set(QUESTION_SLOT_RE.findall(q)) - declared):
            err(("questions", i), f"placeholder {{{name}}} is not a declared slot")
    if len(set(spec.questions)) < 3:
        err(("questions",), "at least 3 distinct surface forms are required")
    for name, s in spec.slots.items():
        if s.synonyms and SLOT_TYPES[s.type].kind != "text":
            err(("slots", name, "synonyms"), "synonyms apply to text slots only")
    for i, n in enumerate(spec.noise):
        if n.breaks not in cond_names:
            err(("noise", i, "breaks"), f"breaks names no condition: {n.breaks!r} (conditions: {', '.join(cond_names)})")
        for name in n.match_clean:
            if name not in declared:
                err(("noise", i, "match_clean"), f"match_clean slot {name!r} is not a declared slot")
        if n.shift:
            if n.shift.slot not in declared:
                err(("noise", i, "shift", "slot"), f"shift slot {n.shift.slot!r} is not a declared slot")
            else:
                kind = kinds[n.shift.slot]
                ok = {"factors": ("float", "int"), "add": ("float", "int"), "hours": ("datetime",), "days": ("datetime", "date")}
                if kind not in ok[n.shift.strategy]:
                    err(("noise", i, "shift"), f"shift {n.shift.strategy} does not apply to a {spec.slots[n.shift.slot].type} slot")
    reading_names = [r.name for r in spec.readings]
    if len(set(reading_names)) != len(reading_names):
        err(("readings",), "reading names must be unique")
    for i, r in enumerate(spec.readings):
        if r.clean == "alias" and spec.answer.type != "string":
            err(("readings", i, "clean"), "clean: alias needs a string answer (the verifier matches aliases as text)")
        if r.sql == spec.reference or (r.swap and all(k == v for k, v in r.swap.items())):
            err(("readings", i, "sql" if r.sql else "swap"), "a reading must differ from the reference SQL")
    if spec.answer.columns is None and spec.answer.type == "number_with_unit":
        err(("answer", "columns"), "number_with_unit needs columns: [value column, unit column]")
    if spec.answer.type == "number_with_unit" and spec.answer.columns and len(spec.answer.columns) != 2:
        err(("answer", "columns"), "number_with_unit needs exactly two columns")
    if spec.answer.type == "list" and spec.answer.cardinality != "many":
        err(("answer", "cardinality"), "a list answer needs cardinality: many")
    return (None if errors else family), errors


@lru_cache(maxsize=1024)
def _output_columns(text: str) -> frozenset[str] | None:
    try:
        tree = sqlglot.parse_one(text, read="postgres")
    except ParseError:
        return None
    if not isinstance(tree, exp.Select) or any(isinstance(s, exp.Star) for s in tree.selects):
        return None
    return frozenset(s.alias_or_name for s in tree.selects)


def _check_binding_columns(text: str, declared: set[str], report) -> None:
    cols = _output_columns(text)
    if cols is None:
        return
    if cols != declared:
        missing, extra = sorted(declared - cols), sorted(cols - declared)
        report(f"binding columns must be exactly the slots (missing {missing}, extra {extra})")


def family_files(contracts_dir: Path) -> dict[str, Path]:
    """family id → its YAML file, read off each file's `id:` without validating it (a file whose id cannot be read is
    left to load_families to report). One partition of the family-level assets per entry."""
    out: dict[str, Path] = {}
    for f in sorted(p for p in Path(contracts_dir).rglob("*.yaml") if p.name != "synonyms.yaml"):
        try:
            data = yaml.load(f.read_text(), Loader=_LOADER)  # noqa: S506 - a safe loader
        except yaml.YAMLError:
            continue
        fid = data.get("id") if isinstance(data, dict) else None
        if isinstance(fid, str) and fid not in out:
            out[fid] = f
    return out


SQL_PATH_RE = re.compile(r"[\w./-]+\.sql\b")


def family_digest(path: Path, sql_dir: Path) -> str:
    """sha256 over a family's YAML and every SQL file it names, fragments included, so a change to any of them (and
    to nothing else) changes it: the data version of the family's partition. Cheap: no parsing beyond the names."""
    h = hashlib.sha256()
    seen: set[str] = set()
    todo = [("yaml", path)]
    while todo:
        rel, file = todo.pop(0)
        text = file.read_text() if file.is_file() else "<missing>"
        h.update(f"{rel}\0{text}\0".encode())
        names = SQL_PATH_RE.findall(text) if rel == "yaml" else included_files(text)
        for name in names:
            if name not in seen:
                seen.add(name)
                todo.append((name, Path(sql_dir) / name))
    return h.hexdigest()


def load_family_subset(contracts_dir: Path, sql_dir: Path, ids: list[str], *, display_base: Path | None = None
                       ) -> list[Family]:
    """The families `ids` alone (one partition's worth: a broken file elsewhere does not stop them); raises
    FamilyValidationError for an id no file declares or a file that does not validate."""
    files = family_files(contracts_dir)
    errors = [FamilyError(str(contracts_dir), None, "id", f"no family file declares id {i!r}") for i in ids
              if i not in files]
    families = []
    for i in ids:
        if i in files:
            fam, errs = load_family_file(files[i], Path(sql_dir), display_base=display_base)
            errors += errs
            if fam is not None:
                families.append(fam)
    if errors:
        raise FamilyValidationError(errors)
    return sorted(families, key=lambda f: f.id)


def load_families(contracts_dir: Path, sql_dir: Path, *, display_base: Path | None = None) -> list[Family]:
    """Every family under contracts_dir (recursively, *.yaml except synonyms.yaml), validated; raises
    FamilyValidationError listing every problem of every file."""
    files = sorted(p for p in Path(contracts_dir).rglob("*.yaml") if p.name != "synonyms.yaml")
    if not files:
        raise FamilyValidationError([FamilyError(str(contracts_dir), None, "<dir>", "no family YAML files found")])
    families, errors = [], []
    seen: dict[str, str] = {}
    for f in files:
        fam, errs = load_family_file(f, Path(sql_dir), display_base=display_base)
        errors += errs
        if fam is not None:
            if fam.id in seen:
                errors.append(FamilyError(fam.path, 1, "id", f"duplicate family id {fam.id!r} (also in {seen[fam.id]})"))
                continue
            seen[fam.id] = fam.path
            families.append(fam)
    if errors:
        raise FamilyValidationError(errors)
    return sorted(families, key=lambda f: f.id)


def load_synonyms(path: Path) -> dict[str, dict[str, list[str]]]:
    """contracts/synonyms.yaml: {group: {canonical: [synonym, …]}}; missing file → no synonyms."""
    if not Path(path).is_file():
        return {}
    data = yaml.safe_load(Path(path).read_text()) or {}
    if not isinstance(data, dict):
        raise FamilyValidationError([FamilyError(str(path), 1, "<root>", "synonyms must be a mapping {group: {canonical: [synonyms]}}")])
    out: dict[str, dict[str, list[str]]] = {}
    for group, table in data.items():
        if not isinstance(table, dict):
            raise FamilyValidationError([FamilyError(str(path), None, str(group), "expected a mapping canonical → list of synonyms")])
        out[str(group)] = {str(k): [str(x) for x in (v or [])] for k, v in table.items()}
    return out
