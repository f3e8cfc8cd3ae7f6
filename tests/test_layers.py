"""Layers import one way: ehr ← construction ← assets (the Dagster layer), and the gym uses ehr only. Every import
of every module under pipeline/ is scanned — including those inside functions and module names handed to
importlib — so a lazy import cannot hide a dependency on a higher layer."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pipeline"

# layer → the layers it may import besides itself. `paths` and `common` are the shared bottom; Dagster appears only
# in the Dagster layer (assets/ and the code location), the command-line wiring sits on top of everything.
ALLOWED: dict[str, set[str]] = {
    "paths": set(),
    "common": {"paths"},
    "ehr": {"paths", "common"},
    "construction": {"paths", "common", "ehr"},
    "gym": {"paths", "common", "ehr"},
    "dagster": {"paths", "common", "ehr", "construction", "gym"},
    "cli": {"paths", "common", "ehr", "construction", "gym", "dagster"},
}
# third-party packages only some layers may use
RESTRICTED_PACKAGES = {"dagster": {"dagster"}, "dagster_webserver": {"dagster"}}


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "pipeline":
        return None
    if len(parts) == 1 or parts[1] == "__init__":
        return "paths"
    return {"assets": "dagster", "definitions": "dagster", "cli": "cli"}.get(parts[1], parts[1])


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_modules(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, module) for every import statement anywhere in the source (module level, functions, classes,
    conditionals), relative imports resolved, plus string constants passed to importlib.import_module."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            out.append((node.lineno, base))
            out += [(node.lineno, f"{base}.{a.name}") for a in node.names if base.startswith("pipeline")]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            out.append((node.lineno, node.args[0].value))
    return out


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    own = layer_of(module)
    found = []
    for line, target in imported_modules(source, module, is_package):
        top = target.split(".")[0]
        if top in RESTRICTED_PACKAGES and own not in RESTRICTED_PACKAGES[top]:
            found.append(f"{module}:{line} imports {target} (only the {'/'.join(RESTRICTED_PACKAGES[top])} layer may)")
        other = layer_of(target)
        if other is None or other == own:
            continue
        if other not in ALLOWED:
            found.append(f"{module}:{line} imports {target}: {other} is not a known layer (add it to ALLOWED)")
        elif other not in ALLOWED[own]:
            found.append(f"{module}:{line} imports {target}: {own} may not import {other}")
    return found


def all_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_module_has_a_layer():
    unknown = {module_name(p) for p in all_modules() if layer_of(module_name(p)) not in ALLOWED}
    assert not unknown, f"modules outside every layer: {sorted(unknown)}"


def test_layers_import_one_way():
    found = []
    for path in all_modules():
        found += violations(path.read_text(), module_name(path), path.name == "__init__.py")
    assert not found, "layer violations:\n" + "\n".join(found)


@pytest.mark.parametrize(("module", "source", "expected"), [
    ("pipeline.gym.env", "def f():\n    from pipeline.construction import steps\n", "gym may not import construction"),
    ("pipeline.construction.steps", "import pipeline.assets.run\n", "construction may not import dagster"),
    ("pipeline.ehr.build", "from ..construction.slots import DUMMY\n", "ehr may not import construction"),
    ("pipeline.gym.tasks", "import importlib\nimportlib.import_module('pipeline.assets.run')\n", "gym may not import dagster"),
    ("pipeline.gym.evaluate", "if True:\n    import dagster\n", "only the dagster layer may"),
    ("pipeline.common.answers", "from pipeline.gym import tasks\n", "common may not import gym"),
])
def test_scanner_catches_hidden_imports(module, source, expected):
    """The scanner itself: imports inside functions, relative, conditional and via importlib are all seen."""
    assert any(expected in v for v in violations(source, module)), violations(source, module)


def test_scanner_allows_downward_imports():
    assert violations("from pipeline.ehr.database import connect\nfrom pipeline.common import answers\n",
                      "pipeline.gym.env") == []
