"""contracts/README.md's catalogue is generated from the family YAML files: the committed page must be what the
generator makes of today's files, so a family edited without regenerating fails here."""

import shutil
from pathlib import Path

import pytest

from pipeline.construction.requests import catalogue

ROOT = Path(__file__).resolve().parents[1]
CONTRACTS = ROOT / "contracts"


def test_committed_catalogue_is_current():
    page = (CONTRACTS / "README.md").read_text()
    assert catalogue.render(page, catalogue.family_specs(CONTRACTS)) == page, (
        "contracts/README.md is stale: run python -m pipeline.construction.requests.catalogue")


def _copy(tmp_path: Path) -> Path:
    out = tmp_path / "contracts"
    shutil.copytree(CONTRACTS, out)
    return out


def test_an_edited_family_makes_the_page_stale_until_regenerated(tmp_path):
    contracts = _copy(tmp_path)
    yaml_path = contracts / "labs" / "min_on_day.yaml"
    text = yaml_path.read_text()
    first = "  - \"What was patient {subject_id}'s lowest {lab_label} on {chart_date} during admission {hadm_id}?\""
    assert first in text
    yaml_path.write_text(text.replace(first, "  - \"On {chart_date}, what was the lowest {lab_label} of patient "
                                             "{subject_id} in admission {hadm_id}?\""))
    assert catalogue.main(["--contracts-dir", str(contracts), "--check"]) == 1
    assert catalogue.main(["--contracts-dir", str(contracts)]) == 0
    assert catalogue.main(["--contracts-dir", str(contracts), "--check"]) == 0
    page = (contracts / "README.md").read_text()
    assert "| `labs.min_on_day` | patient | On {chart_date}, what was the lowest {lab_label} of patient" in page
    assert "## Difficulty tiers" in page  # the prose around the generated sections is kept


def test_noise_cell_groups_operators_by_level():
    spec = next(s for s in catalogue.family_specs(CONTRACTS) if s.id == "cost.proc_charge")
    assert catalogue.noise_cell(spec) == "record: proc_coded_in_admission; query: proc_coded_in_admission"


def test_page_without_markers_is_one_clear_error(tmp_path):
    contracts = _copy(tmp_path)
    page = contracts / "README.md"
    page.write_text(page.read_text().replace(catalogue.END.format(name="tiers"), ""))
    with pytest.raises(ValueError, match="tiers"):
        catalogue.render(page.read_text(), catalogue.family_specs(contracts))
    assert catalogue.main(["--contracts-dir", str(contracts), "--check"]) == 2


def test_invalid_family_file_is_one_clear_error(tmp_path):
    contracts = _copy(tmp_path)
    (contracts / "labs" / "broken.yaml").write_text("id: labs.broken\nintent: labs\n")
    with pytest.raises(ValueError, match="broken.yaml: not a valid family"):
        catalogue.family_specs(contracts)
