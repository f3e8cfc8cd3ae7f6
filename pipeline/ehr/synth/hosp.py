"""Hospital-module event tables driven by each admission's conditions: diagnoses, procedures, DRGs, HCPCS,
labevents, microbiology and OMR."""

import numpy as np
import polars as pl

from pipeline.ehr.synth import catalog as cat
from pipeline.ehr.synth import codes
from pipeline.ehr.synth.cohort import Cohort
from pipeline.ehr.synth.dictionaries import d_labitems
from pipeline.ehr.synth.physiology import ar1
from pipeline.ehr.synth.util import (
    DAY_MIN,
    S,
    expand,
    group_rank,
    pick,
    sort_perm,
    text_or_num,
    to_date,
    to_datetime,
)

LAB_PER_PATIENT = 2000  # labevent_id block per patient (int32 stays in range at full scale)
SPECIMEN_PER_PATIENT = 200
MICRO_PER_PATIENT = 100


def _stack(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    keys = parts[0].keys()
    return {k: np.concatenate([p[k] for p in parts]) for k in keys}


# --------------------------------------------------------------------------------------------- diagnoses


TAIL_DX_MEAN = 3.5  # long-tail secondary diagnoses per admission (codes drawn from the whole code system)
FILLER_DX_MEAN = 5.5  # common comorbidity / status codes per admission
TAIL_PX_MEAN = 0.8  # long-tail procedures per admission


def _by_sex(rng: np.random.Generator, c: Cohort, idx: np.ndarray, kind: str, version: int, n: np.ndarray) -> tuple:
    """n[i] long-tail codes of one code system for admission idx[i], from the pool of the patient's sex."""
    a, pos = expand(n)
    out = np.empty(len(a), dtype=object)
    male = c.gender[c.a_pat[idx[a]]] == 1
    for m in (False, True):
        rows = np.flatnonzero(male == m)
        out[rows] = codes.tail_pool(kind, version, m).draw(rng, len(rows))
    return idx[a], pos, out


def diagnoses_frame(rng: np.random.Generator, c: Cohort) -> pl.DataFrame:
    parts = []
    for i, cond in enumerate(cat.CONDITIONS):
        for version, cc in ((9, cond.icd9), (10, cond.icd10)):
            for j, (code, _title) in enumerate(cc):
                idx = np.flatnonzero(c.conds[:, i] & (c.icd_version == version))
                key = np.where(c.principal[idx] == i, j, 1000 + cond.priority * 10 + j)
                parts.append({"adm": idx, "key": key, "code": np.full(len(idx), code, dtype=object)})
    for version, tail in ((9, c.tail_principal9), (10, c.tail_principal10)):
        idx = np.flatnonzero((c.principal < 0) & (c.icd_version == version))
        parts.append({"adm": idx, "key": np.zeros(len(idx), dtype=np.int64), "code": tail[idx]})
    # severity codes right after the modelled conditions: septic shock, arrest, DNR, palliative care
    for j, (flag, pair) in enumerate(cat.OUTCOME_CODES.items()):
        for v, (code, _title) in zip((9, 10), pair, strict=True):
            idx = np.flatnonzero(getattr(c, flag) & (c.icd_version == v))
            parts.append({"adm": idx, "key": np.full(len(idx), 4000 + j), "code": np.full(len(idx), code, dtype=object)})
    for version, pool in ((9, cat.FILLER_DX9), (10, cat.FILLER_DX10)):
        idx = np.flatnonzero(c.icd_version == version)
        k = np.minimum(rng.poisson(FILLER_DX_MEAN, len(idx)), len(pool))
        order = np.argsort(rng.random((len(idx), len(pool))), axis=1)
        a, pos = expand(k)
        pool_codes = np.array([p[0] for p in pool], dtype=object)[order[a, pos]]
        male = c.gender[c.a_pat[idx[a]]] == 1
        ok = codes.sex_allowed("dx", version, pool_codes, True) & male | codes.sex_allowed("dx", version, pool_codes, False) & ~male
        parts.append({"adm": idx[a][ok], "key": 5000 + pos[ok], "code": pool_codes[ok]})
        t_adm, t_pos, t_codes = _by_sex(rng, c, idx, "dx", version, rng.poisson(TAIL_DX_MEAN, len(idx)))
        parts.append({"adm": t_adm, "key": 6000 + t_pos, "code": t_codes})
    d = _stack(parts)
    o = np.lexsort((d["key"], d["adm"]))
    # one row per (admission, code): the first (highest-ranked) occurrence stays
    key = pl.DataFrame({"adm": d["adm"][o], "code": S(d["code"][o])}).unique(maintain_order=True)
    adm = key["adm"].to_numpy()
    return pl.DataFrame({
        "subject_id": c.a_subject[adm], "hadm_id": c.hadm_id[adm], "seq_num": group_rank(adm),
        "icd_code": key["code"], "icd_version": c.icd_version[adm],
    })


def procedures_frame(rng: np.random.Generator, c: Cohort) -> pl.DataFrame:
    parts = []

    def add(mask: np.ndarray, code: str, version: int) -> None:
        idx = np.flatnonzero(mask & (c.icd_version == version))
        parts.append({"adm": idx, "code": np.full(len(idx), code, dtype=object)})

    na = c.n_adm
    for i, cond in enumerate(cat.CONDITIONS):
        if cond.procedure_p <= 0:
            continue
        m = c.conds[:, i] & (rng.random(na) < cond.procedure_p)
        for code, _ in cond.procedures9:
            add(m, code, 9)
        for code, _ in cond.procedures10:
            add(m, code, 10)
    for code, _ in cat.VENT_PX9:
        add(c.vent, code, 9)
    for code, _ in cat.VENT_PX10:
        add(c.vent, code, 10)
    for version, pool in ((9, cat.FILLER_PX9), (10, cat.FILLER_PX10)):
        m = rng.random(na) < 0.3
        which = rng.integers(0, len(pool), na)
        for j, (code, _) in enumerate(pool):
            add(m & (which == j), code, version)
        idx = np.flatnonzero(c.icd_version == version)
        t_adm, _pos, t_codes = _by_sex(rng, c, idx, "px", version, rng.poisson(TAIL_PX_MEAN, len(idx)))
        parts.append({"adm": t_adm, "code": t_codes})
    d = _stack(parts)
    # one row per (admission, code)
    key = pl.DataFrame({"adm": d["adm"], "code": S(d["code"])}).unique(maintain_order=True)
    adm = key["adm"].to_numpy()
    t = c.admit[adm] + ((c.disch[adm] - c.admit[adm]) * rng.random(len(adm))).astype(np.int64)
    o = np.lexsort((t, adm))
    adm, t = adm[o], t[o]
    return pl.DataFrame({
        "subject_id": c.a_subject[adm], "hadm_id": c.hadm_id[adm], "seq_num": group_rank(adm),
        "chartdate": to_date(t), "icd_code": key["code"].gather(pl.Series(o)), "icd_version": c.icd_version[adm],
    })


def _drg_rule(code10: str) -> int:
    head = code10[:3]
    for k, (lo, hi, *_rest) in enumerate(cat.DRG_RULES):
        if lo <= head <= hi:
            return k
    return -1


def drgcodes_frame(rng: np.random.Generator, c: Cohort) -> pl.DataFrame:
    """One MS-DRG ('HCFA') and often one APR-DRG per admission, from the principal diagnosis's family; the
    MS-DRG severity tier (W MCC / W CC / W/O CC/MCC) follows the admission's acuity."""
    na = c.n_adm
    cond10 = np.array([cond.icd10[0][0] for cond in cat.CONDITIONS], dtype=object)
    p10 = np.where(c.principal >= 0, cond10[np.maximum(c.principal, 0)], c.tail_principal10)
    uniq, inv = np.unique(p10.astype(str), return_inverse=True)
    rule = np.array([_drg_rule(u) for u in uniq], dtype=np.int64)[inv]
    n_chronic = c.conds.sum(axis=1)
    tier = np.where(c.icu | c.died | ((rng.random(na) < 0.15) & (n_chronic >= 2)), 0, np.where((n_chronic >= 3) | (rng.random(na) < 0.35), 1, 2))
    # families: rule k -> codes; explicit DRGs of conditions whose treatment defines the DRG (surgery) win
    fam_codes, fam_titles, apr_codes, apr_titles = [], [], [], []
    for lo, _hi, first, pattern, title, apr, apr_title in cat.DRG_RULES:
        del lo
        fam_codes.append([f"{first + off:03d}" for off in cat.DRG_OFFSET[pattern]])
        fam_titles.append([title + suf for suf in cat.DRG_SUFFIX[pattern]])
        apr_codes.append(f"{apr:03d}")
        apr_titles.append(apr_title)
    safe = np.maximum(rule, 0)
    hc = np.array(fam_codes, dtype=object)[safe, tier]
    ht = np.array(fam_titles, dtype=object)[safe, tier]
    ac = np.array(apr_codes, dtype=object)[safe]
    at = np.array(apr_titles, dtype=object)[safe]
    for name in ("knee_replacement", "cholecystitis", "cardiac_surgery"):
        cond = cat.CONDITIONS[cat.COND_INDEX[name]]
        m = c.principal == cat.COND_INDEX[name]
        hc[m], ht[m] = cond.drg_hcfa
        ac[m], at[m] = cond.drg_apr
    miss = rule < 0
    hc[miss], ht[miss] = cat.DEFAULT_DRG[0]
    ac[miss], at[miss] = cat.DEFAULT_DRG[1]
    sev = np.clip(1 + rng.poisson(0.8, na) + c.icu + c.died, 1, 4)
    mort = np.clip(sev - rng.integers(0, 2, na) + c.died, 1, 4)
    h = np.flatnonzero(rng.random(na) < 0.88)
    a = np.flatnonzero(rng.random(na) < 0.52)
    fh = pl.DataFrame({
        "subject_id": c.a_subject[h], "hadm_id": c.hadm_id[h], "drg_type": pl.Series(["HCFA"] * len(h), dtype=pl.String),
        "drg_code": S(hc[h]), "description": S(ht[h]),
        "drg_severity": pl.Series([None] * len(h), dtype=pl.Int16), "drg_mortality": pl.Series([None] * len(h), dtype=pl.Int16),
    })
    fa = pl.DataFrame({
        "subject_id": c.a_subject[a], "hadm_id": c.hadm_id[a], "drg_type": pl.Series(["APR"] * len(a), dtype=pl.String),
        "drg_code": S(ac[a]), "description": S(at[a]),
        "drg_severity": pl.Series(sev[a], dtype=pl.Int16), "drg_mortality": pl.Series(mort[a], dtype=pl.Int16),
    })
    # in admission order (subject, then time): hadm_ids are random, so sorting by them would scatter the subjects
    order = pl.Series("_adm", np.concatenate([h, a]))
    return pl.concat([fh, fa]).with_columns(order).sort("_adm", "drg_type", maintain_order=True).drop("_adm")


def hcpcs_frame(rng: np.random.Generator, c: Cohort) -> pl.DataFrame:
    na = c.n_adm
    obs = np.isin(c.adm_type, [1, 2, 6, 8])
    rules = [("99291", c.icu & (rng.random(na) < 0.5)), ("36556", c.icu & (rng.random(na) < 0.2)),
             ("94002", c.vent & (rng.random(na) < 0.5)), ("G0378", obs & (rng.random(na) < 0.3)),
             ("99218", obs & (rng.random(na) < 0.15)), ("99223", rng.random(na) < 0.05),
             ("93010", rng.random(na) < 0.05), ("71045", rng.random(na) < 0.04)]
    adm_l, code_l = [], []
    for code, m in rules:
        idx = np.flatnonzero(m)
        adm_l.append(idx)
        code_l.append(np.full(len(idx), code, dtype=object))
    adm = np.concatenate(adm_l)
    codes = np.concatenate(code_l)
    t = c.admit[adm] + ((c.disch[adm] - c.admit[adm]) * rng.random(len(adm))).astype(np.int64)
    o = np.lexsort((t, adm))
    adm, codes, t = adm[o], codes[o], t[o]
    short = {code: s for code, _, _, s in cat.HCPCS_USED}
    return pl.DataFrame({
        "subject_id": c.a_subject[adm], "hadm_id": c.hadm_id[adm], "chartdate": to_date(t),
        "hcpcs_cd": S(codes), "seq_num": group_rank(adm),
        "short_description": pl.Series([short[x] for x in codes], dtype=pl.String),
    })


# ------------------------------------------------------------------------------------------------- labs

def _tail_labs() -> tuple[cat.Lab, ...]:
    """The long tail of lab tests (catalog.TAIL_LABS_*), as Lab entries with their d_labitems itemids."""
    d = d_labitems()
    ids = {(lab, fl): (i, cg) for i, lab, fl, cg in zip(d["itemid"], d["label"], d["fluid"], d["category"], strict=True)}
    out = [cat.Lab(i, lab, fl, cg, u, lo, hi, m, sd, dec, lognormal=ln)
           for i, lab, fl, cg, u, lo, hi, m, sd, dec, ln in cat.TAIL_LABS_REAL]
    for lab, fl, u, lo, hi, m, sd, dec, ln in cat.TAIL_LABS_LISTED:
        i, cg = ids[(lab, fl)]
        out.append(cat.Lab(i, lab, fl, cg, u, lo, hi, m, sd, dec, lognormal=ln))
    return tuple(out)


_TAIL = _tail_labs()
_ALL_LABS = cat.LABS + _TAIL
_LAB_INDEX = {lab.itemid: i for i, lab in enumerate(_ALL_LABS)}
_PANEL_NAMES = list(cat.PANELS)
_N_CORE_PANELS = len(_PANEL_NAMES)
# every tail test is a one-test "panel" after the core panels
_PANEL_SIZES = np.array([len(cat.PANELS[p]) for p in _PANEL_NAMES] + [1] * len(_TAIL))
_PANEL_OFFSETS = np.cumsum(_PANEL_SIZES) - _PANEL_SIZES
_PANEL_ITEMS = np.array([_LAB_INDEX[i] for p in _PANEL_NAMES for i in cat.PANELS[p]] + [_LAB_INDEX[t.itemid] for t in _TAIL])
_TAIL_W = 1.0 / (1.0 + np.arange(len(_TAIL))) ** 0.8
_TAIL_CDF = np.cumsum(_TAIL_W) / _TAIL_W.sum()
_LAB_MEAN = np.array([lab.mean for lab in _ALL_LABS])
_LAB_SD = np.array([lab.sd for lab in _ALL_LABS])
_LAB_DEC = np.array([lab.decimals for lab in _ALL_LABS])
_LAB_LOG = np.array([lab.lognormal for lab in _ALL_LABS])
_LAB_TEXT = np.array([bool(lab.texts) for lab in _ALL_LABS])
_LAB_LO = np.array([np.nan if lab.lower is None else lab.lower for lab in _ALL_LABS])
_LAB_HI = np.array([np.nan if lab.upper is None else lab.upper for lab in _ALL_LABS])
_LAB_NTEXT = np.array([len(lab.texts) for lab in _ALL_LABS])
_LAB_TEXT_OFF = np.cumsum(_LAB_NTEXT) - _LAB_NTEXT
_LAB_TEXTS = [t for lab in _ALL_LABS for t in lab.texts]
OUTPATIENT_DRAWS = 4.0  # mean outpatient blood draws per patient (before the first admission; hadm_id NULL)


def _li(itemid: int) -> int:
    return _LAB_INDEX[itemid]


def labevents_frame(rng: np.random.Generator, c: Cohort, providers: np.ndarray, chunk_patients: int,
                    density: float = 1.0) -> pl.DataFrame:
    """Blood draws over each admission (denser in the ICU and when something is abnormal), panels sharing a
    specimen_id, values pulled by the admission's conditions; plus outpatient draws without hadm_id."""
    na = c.n_adm
    los_d = (c.disch - c.admit) / DAY_MIN
    icu_d = np.where(c.icu, (c.icu_out - c.icu_in) / DAY_MIN, 0.0)
    sick = c.cond("sepsis") | c.cond("hyperkalemia") | c.cond("aki") | c.cond("hyponatremia") | c.cond("gi_bleed")
    rate = (1.2 + 0.6 * sick) * density
    n_draw = 1 + rng.poisson(los_d * rate + icu_d * 2.0 * density)
    d_adm, d_k = expand(n_draw)
    frac = (d_k + 0.8 * rng.random(len(d_adm))) / n_draw[d_adm]
    t = c.admit[d_adm] + (frac * (c.disch - c.admit)[d_adm]).astype(np.int64)
    t = np.minimum(t, c.disch[d_adm] - 1)
    in_icu = c.icu[d_adm] & (t >= c.icu_in[d_adm]) & (t < c.icu_out[d_adm])
    first = d_k == 0

    # outpatient draws before the first admission (NULL hadm_id)
    n_out = rng.poisson(OUTPATIENT_DRAWS * density, c.n_patients)
    o_pat, o_k = expand(n_out)
    first_adm = np.searchsorted(c.a_pat, np.arange(c.n_patients))
    o_t = c.admit[first_adm[o_pat]] - (o_k + 1) * 40 * DAY_MIN - rng.integers(DAY_MIN, 30 * DAY_MIN, len(o_pat))
    # chronic state for outpatients comes from their first admission
    o_adm = first_adm[o_pat]

    # emergency-department draws before admission: the admission's first values, but no hadm_id yet
    e_adm = np.flatnonzero(c.ed)
    e_t = c.edreg[e_adm] + ((c.admit - c.edreg)[e_adm] * (0.2 + 0.5 * rng.random(len(e_adm)))).astype(np.int64)

    # all draws: inpatient, outpatient, ED
    nd_in, n_o = len(d_adm), len(o_adm)
    D_adm = np.concatenate([d_adm, o_adm, e_adm])
    D_t = np.concatenate([t, o_t, e_t])
    D_frac = np.concatenate([frac, np.zeros(n_o + len(e_adm))])
    D_icu = np.concatenate([in_icu, np.zeros(n_o + len(e_adm), bool)])
    D_first = np.concatenate([first, np.zeros(n_o, bool), np.ones(len(e_adm), bool)])
    D_inpt = np.arange(len(D_adm)) < nd_in
    D_acute = D_inpt | (np.arange(len(D_adm)) >= nd_in + n_o)  # the admission's acute state shows (ED too)
    nd = len(D_adm)
    # rows come out in (subject, charttime) order without a final sort: order the draws first
    perm = sort_perm(c.a_pat[D_adm], D_t)
    D_adm, D_t, D_frac, D_icu, D_first, D_inpt, D_acute = (
        x[perm] for x in (D_adm, D_t, D_frac, D_icu, D_first, D_inpt, D_acute))

    # which panels on each draw
    p_ward = np.array([cat.PANEL_P[p][0] for p in _PANEL_NAMES])
    p_icu = np.array([cat.PANEL_P[p][1] for p in _PANEL_NAMES])
    P = np.where(D_icu[:, None], p_icu[None, :], p_ward[None, :])
    M = rng.random((nd, _N_CORE_PANELS)) < P
    pi = {p: i for i, p in enumerate(_PANEL_NAMES)}
    M[D_first | ~D_inpt, pi["chem"]] = True
    M[D_first | ~D_inpt, pi["cbc"]] = True
    for cond, panels in cat.FIRST_DRAW_PANELS.items():
        m = D_first & c.cond(cond)[D_adm]
        for p in panels:
            M[m, pi[p]] = True
    # HbA1c reflects three months: at most once per admission (its first inpatient draw), never in the ED
    M[(D_inpt & ~D_first) | (D_acute & ~D_inpt), pi["a1c"]] = False
    sepsis_d = c.cond("sepsis")[D_adm] & D_inpt
    M[sepsis_d & (rng.random(nd) < 0.5), pi["lactate"]] = True
    M[c.cond("hyperkalemia")[D_adm] & D_inpt, pi["chem"]] = True
    M[~D_inpt, pi["bg"]] = False
    M[~D_inpt, pi["lactate"]] = False
    M[M[:, pi["bg"]], pi["lactate"]] = False  # the gas panel already carries lactate

    s_draw, s_panel = np.nonzero(M)
    # long-tail tests, one specimen each, on some draws
    t_draw, _tk = expand(rng.poisson(cat.TAIL_LABS_PER_DRAW * density, nd))
    t_test = np.minimum(np.searchsorted(_TAIL_CDF, rng.random(len(t_draw)), side="right"), len(_TAIL) - 1)
    t_key = np.unique(t_draw * len(_TAIL) + t_test)
    s_draw = np.concatenate([s_draw, t_key // len(_TAIL)])
    s_panel = np.concatenate([s_panel, _N_CORE_PANELS + t_key % len(_TAIL)])
    so = np.lexsort((s_panel, s_draw))
    s_draw, s_panel = s_draw[so], s_panel[so]
    ns = len(s_draw)
    # per-draw physiological state: each analyte a course per admission (the admission's own level, an AR(1)
    # wander from draw to draw, and the acute change its diagnosis drives), so consecutive results resemble each other
    A = D_adm
    cf = lambda name: c.cond(name)[A]  # noqa: E731
    grp = A * 2 + ~D_acute  # outpatient draws form their own course, ED draws open the admission's
    pos = group_rank(grp) - 1
    za = rng.standard_normal((na, 9))[A]  # the admission's level per analyte
    ua = rng.random((na, 4))[A]
    ar = np.stack([ar1(rng, grp, pos, 0.6) for _ in range(9)], axis=1)
    dev = 0.7 * za + 0.71 * ar  # unit variance, lag-1 correlation ~0.8 within an admission
    days = np.maximum(D_t - c.admit[A], 0) / DAY_MIN
    female = c.gender[c.a_pat[A]] == 0
    # creatinine: a person's baseline (wide, by sex), doubled in CKD, climbing through an AKI
    base_cr = np.exp(np.log(np.where(female, 0.78, 0.98)) + 0.4 * za[:, 0]) * np.where(cf("ckd"), 1.8 * np.exp(0.25 * ua[:, 0]), 1.0)
    cr = base_cr * np.exp(0.07 * ar[:, 0])
    aki = cf("aki") & D_acute
    cr = np.where(aki, np.maximum(base_cr, 0.7) * (1 + 2.2 * D_frac), cr)
    bun = 15 * np.exp(0.25 * za[:, 1] + 0.08 * ar[:, 1]) * (cr / base_cr) ** 0.8 * np.where(cf("ckd"), 1.6, 1.0)
    k = 4.1 + 0.3 * dev[:, 2] + 0.3 * cf("ckd")
    hk = cf("hyperkalemia") & D_acute
    k_start = 5.8 + 1.2 * ua[:, 1]
    k = np.where(hk, np.where(D_first, k_start, 4.3 + (k_start - 4.3) * np.exp(-days / 0.8) + 0.15 * ar[:, 2]), k)
    na_v = 139 + 2.4 * dev[:, 3]
    hn = cf("hyponatremia") & D_acute
    na_start = 118 + 10 * ua[:, 2]
    na_v = np.where(hn, np.where(D_first, na_start, na_start + (136 - na_start) * np.minimum(days / 3, 1) + 1.2 * ar[:, 3]), na_v)
    dm = cf("t2dm")
    glu = np.where(dm, 170 + 40 * dev[:, 4], 104 + 14 * dev[:, 4])
    glu = np.where(dm & D_first & D_acute, 200 + 150 * ua[:, 3], glu)
    sep = cf("sepsis") & D_acute
    wbc = np.exp(np.log(7.6) + 0.22 * za[:, 5] + 0.12 * ar[:, 5])
    wbc = np.where(sep, wbc * (1 + (0.6 + 0.8 * ua[:, 0]) * np.exp(-days / 3)), wbc)
    wbc = np.where(sep & D_first, np.maximum(wbc, 11.3 + 4 * ua[:, 1]), wbc)
    wbc = np.where(cf("pneumonia") & D_acute & ~sep, wbc * 1.3, wbc)
    lac = np.where(sep, 1.4 + (1.2 + 3.4 * ua[:, 2]) * np.exp(-days / 1.0), 1.2) * np.exp(0.15 * ar[:, 6])
    hgb = np.where(female, 12.3, 13.6) + 1.1 * za[:, 7] + 0.45 * ar[:, 7]
    anem = (cf("anemia") | cf("gi_bleed"))
    bleed = cf("gi_bleed") & D_acute
    hgb = np.where(anem, 9.4 + 0.9 * za[:, 7] + 0.4 * ar[:, 7], hgb)
    hgb = np.where(bleed, 6.8 + 1.5 * ua[:, 3] + 1.6 * np.minimum(days / 2, 1) + 0.35 * ar[:, 7], hgb)  # then transfused
    hgb = np.where(anem & D_first, np.minimum(hgb, 11.4), hgb)
    hco3 = np.where(sep | cf("aki"), 19.5, 25) + 2.2 * dev[:, 8]
    ph = np.where(sep, 7.31, 7.39) + 0.035 * dev[:, 8]

    state = {50912: cr, 51006: bun, 50971: k, 50983: na_v, 50931: glu, 51301: wbc, 50813: lac, 51222: hgb,
             51221: hgb * 3 + 0.6 * ar[:, 1], 50882: hco3, 50820: ph}
    special = {
        50963: (cf("heart_failure"), lambda n: np.exp(np.log(4500) + 0.7 * rng.standard_normal(n))),
        51003: (cf("mi"), lambda n: np.exp(np.log(0.4) + 1.0 * rng.standard_normal(n))),
        50911: (cf("mi"), lambda n: 25 + 15 * rng.random(n)),
        50852: (dm, lambda n: 7.2 + 3.5 * rng.random(n)),
        50885: (cf("cirrhosis"), lambda n: 2 + 4 * rng.random(n)),
        50862: (cf("cirrhosis"), lambda n: 2.3 + 0.6 * rng.random(n)),
        51237: (cf("cirrhosis"), lambda n: 1.5 + 0.6 * rng.random(n)),
        51265: (cf("cirrhosis") | sep, lambda n: 70 + 60 * rng.random(n)),
        50889: (sep | cf("pneumonia"), lambda n: 60 + 150 * rng.random(n)),
        50924: (anem, lambda n: 5 + 10 * rng.random(n)),
    }

    # rows
    r_spec, r_pos = expand(_PANEL_SIZES[s_panel])
    r_draw = s_draw[r_spec]
    L = _PANEL_ITEMS[_PANEL_OFFSETS[s_panel[r_spec]] + r_pos]
    nr = len(L)
    zr = rng.standard_normal(nr)
    lo, hi = _LAB_LO[L], _LAB_HI[L]
    is_text = _LAB_TEXT[L]
    raw = np.where(_LAB_LOG[L], _LAB_MEAN[L] * np.exp(0.45 * zr), _LAB_MEAN[L] + _LAB_SD[L] * zr)
    for itemid, arr in state.items():
        m = _li(itemid) == L
        raw[m] = arr[r_draw[m]]
    for itemid, (cond_rows, fn) in special.items():
        m = (_li(itemid) == L) & cond_rows[r_draw]
        if m.any():
            raw[m] = fn(int(m.sum()))
    bx = _li(50802) == L
    raw = np.where(bx, np.clip(raw, -30, 30), np.maximum(raw, 10.0 ** -_LAB_DEC[L]))
    scale = 10.0 ** _LAB_DEC[L]
    valuenum = np.round(raw * scale) / scale
    abnormal = (valuenum < lo) | (valuenum > hi)

    # text results: index into the global list of lab text values
    n_opts = _LAB_NTEXT[L]
    choice = np.floor(rng.random(nr) * np.maximum(n_opts, 1)).astype(np.int64)
    uti_rows = np.isin(L, [_li(51487), _li(51486)]) & c.cond("uti")[D_adm[r_draw]]
    choice = np.where(uti_rows, n_opts - 1, choice)
    spec_rows = _li(52033) == L
    choice = np.where(spec_rows, np.where(D_icu[r_draw] & c.vent[D_adm[r_draw]], 0, 1), choice)
    text_idx = _LAB_TEXT_OFF[L] + choice

    # per-specimen attributes
    s_t = D_t[s_draw]
    store = s_t + np.clip(np.exp(np.log(70) + 0.6 * rng.standard_normal(ns)), 8, 1440).astype(np.int64)
    bg_spec = s_panel == pi["bg"]
    prio = np.where(D_icu[s_draw] & (rng.random(ns) < 0.7), 1, np.where(rng.random(ns) < 0.12, 1, 0))
    prio = np.where(bg_spec, 2, prio)
    spec_base = 1_000_000 + c.chunk * chunk_patients * SPECIMEN_PER_PATIENT
    spec_id = spec_base + np.arange(ns, dtype=np.int64)
    if ns >= chunk_patients * SPECIMEN_PER_PATIENT or nr >= chunk_patients * LAB_PER_PATIENT:
        raise ValueError("lab id block exhausted; lower the lab density")
    prov = rng.integers(0, len(providers), ns)

    subj = c.a_subject[D_adm[r_draw]]
    hadm = np.where(D_inpt[r_draw], c.hadm_id[D_adm[r_draw]], -1)
    df = pl.DataFrame({
        "subject_id": subj,
        "hadm_id": pl.Series(hadm).replace(-1, None),
        "specimen_id": spec_id[r_spec],
        "itemid": pl.Series([lab.itemid for lab in _ALL_LABS]).gather(pl.Series(L)),
        "order_provider_id": pick(list(providers), prov).gather(pl.Series(r_spec)),
        "charttime": to_datetime(s_t).gather(pl.Series(r_spec)),
        "storetime": to_datetime(store).gather(pl.Series(r_spec)),
        "value": text_or_num(is_text, text_idx, _LAB_TEXTS, valuenum, _LAB_DEC[L]),
        "valuenum": pl.Series(np.where(is_text, np.nan, valuenum)).fill_nan(None),
        "valueuom": pick([lab.unit for lab in _ALL_LABS], L),
        "ref_range_lower": pl.Series(lo).fill_nan(None),
        "ref_range_upper": pl.Series(hi).fill_nan(None),
        "flag": S(np.where(abnormal & ~is_text, "abnormal", None)),
        "priority": pick(["ROUTINE", "STAT", None], prio).gather(pl.Series(r_spec)),
    })
    lab_base = c.chunk * chunk_patients * LAB_PER_PATIENT + 1
    return df.with_columns(pl.Series("labevent_id", lab_base + np.arange(df.height, dtype=np.int64)))


# ---------------------------------------------------------------------------------------- microbiology


_ORG_INDEX = {name: i for i, (_id, name, _cls) in enumerate(cat.ORGANISMS)}
_AB_INDEX = {name: i for i, (_id, name) in enumerate(cat.ANTIBIOTICS)}
_ORG_CLASS = [cls for _id, _n, cls in cat.ORGANISMS]
_PANEL_AB = [tuple(_AB_INDEX[a] for a in cat.SUSCEPTIBILITY_PANELS[cls][0]) if cls in cat.SUSCEPTIBILITY_PANELS else ()
             for cls in _ORG_CLASS]
_PANEL_LEN = np.array([len(p) for p in _PANEL_AB])
_PANEL_OFF = np.cumsum(_PANEL_LEN) - _PANEL_LEN
_PANEL_FLAT = np.array([a for p in _PANEL_AB for a in p], dtype=np.int64)
_P_RESIST = np.array([cat.SUSCEPTIBILITY_PANELS.get(cls, ((), 0.0))[1] for cls in _ORG_CLASS])


def microbiology_frame(rng: np.random.Generator, c: Cohort, providers: np.ndarray, chunk_patients: int) -> pl.DataFrame:
    """Cultures ordered for the conditions that call for them; positivity by specimen and condition, organisms from
    each specimen's usual flora (skin contaminants in a few blood cultures), susceptibility rows per organism class."""
    na = c.n_adm
    kinds = cat.SPECIMENS
    r = lambda p: rng.random(na) < p  # noqa: E731
    cond = c.cond
    rules = [  # specimen kind, admissions, specimens each, P(positive)
        (0, cond("sepsis"), 2, 0.45), (0, ~cond("sepsis") & r(0.55), 2, 0.07),
        (1, cond("uti"), 1, 0.75), (1, ~cond("uti") & r(0.5), 1, 0.15),
        (2, cond("pneumonia") & r(0.7), 1, 0.4), (2, c.vent & r(0.6), 2, 0.3),
        (3, c.icu & r(0.9), 1, 0.08), (3, ~c.icu & r(0.3), 1, 0.06),
        (4, r(0.15) | (c.icu & r(0.2)), 1, 0.12),
        (5, cond("cellulitis") & r(0.6), 1, 0.6), (5, r(0.1), 1, 0.5),
        (6, c.icu & r(0.05), 1, 0.2), (7, c.vent & r(0.15), 1, 0.45),
        (8, (cond("stroke") & r(0.1)) | r(0.005), 1, 0.05), (9, cond("cirrhosis") & r(0.4), 1, 0.15),
    ]
    adm_l, kind_l, pos_l = [], [], []
    for kind, mask, count, p_pos in rules:
        idx = np.repeat(np.flatnonzero(mask), count)
        adm_l.append(idx)
        kind_l.append(np.full(len(idx), kind))
        pos_l.append(rng.random(len(idx)) < p_pos)
    adm = np.concatenate(adm_l)
    kind = np.concatenate(kind_l)
    positive = np.concatenate(pos_l)
    o = np.argsort(adm, kind="stable")
    adm, kind, positive = adm[o], kind[o], positive[o]
    nsp = len(adm)
    t = c.admit[adm] + np.minimum(((c.disch[adm] - c.admit[adm]) * 0.2 * rng.random(nsp)).astype(np.int64),
                                  c.disch[adm] - c.admit[adm] - 1)
    org = np.zeros(nsp, dtype=np.int64)
    u = rng.random(nsp)
    for k, flora in cat.SPECIMEN_ORGANISMS.items():
        m = kind == k
        w = np.array([x[1] for x in flora])
        cdf = np.cumsum(w) / w.sum()
        org[m] = np.array([_ORG_INDEX[x[0]] for x in flora])[np.minimum(np.searchsorted(cdf, u[m], side="right"), len(w) - 1)]
    # rows per specimen: one (negative, screen, flora, yeast, contaminant) or one per antibiotic of the panel
    n_ab = np.where(positive & (kind != 3), _PANEL_LEN[org], 0)
    n_rows = np.maximum(n_ab, 1)
    r_sp, r_k = expand(n_rows)
    nr = len(r_sp)
    has_ab = n_ab[r_sp] > 0
    ab = _PANEL_FLAT[np.minimum(_PANEL_OFF[org[r_sp]] + r_k, max(len(_PANEL_FLAT) - 1, 0))]
    uu = rng.random(nr)
    p_r = _P_RESIST[org[r_sp]]
    interp = np.where(uu < p_r, "R", np.where(uu < p_r + 0.04, "I", "S")).astype(object)
    dil = np.array([0.25, 0.5, 1, 2, 4, 8, 16, 32])[np.where(interp == "R", rng.integers(5, 8, nr), rng.integers(0, 5, nr))]
    sp_base = 1_000_000 + c.chunk * chunk_patients * MICRO_PER_PATIENT
    ev_base = 1 + c.chunk * chunk_patients * MICRO_PER_PATIENT
    if nr >= chunk_patients * MICRO_PER_PATIENT:
        raise ValueError("micro id block exhausted")
    spec_t = t[r_sp]
    store = spec_t + rng.integers(36 * 60, 96 * 60, nsp)[r_sp]
    org_item = np.array([x[0] for x in cat.ORGANISMS])[org[r_sp]]
    pos_r = positive[r_sp]

    def nullable(arr: np.ndarray, mask: np.ndarray, dtype: pl.DataType) -> pl.Series:
        s = pl.Series(arr).cast(dtype)
        return pl.select(pl.when(pl.Series(mask)).then(s).otherwise(None)).to_series()

    return pl.DataFrame({
        "microevent_id": ev_base + np.arange(nr, dtype=np.int64),
        "subject_id": c.a_subject[adm[r_sp]],
        "hadm_id": c.hadm_id[adm[r_sp]],
        "micro_specimen_id": sp_base + r_sp,
        "order_provider_id": pick(list(providers), rng.integers(0, len(providers), nsp)).gather(pl.Series(r_sp)),
        "chartdate": to_datetime(spec_t - spec_t % DAY_MIN),
        "charttime": to_datetime(spec_t),
        "spec_itemid": pl.Series([k[0] for k in kinds]).gather(pl.Series(kind[r_sp])),
        "spec_type_desc": pick([k[1] for k in kinds], kind[r_sp]),
        "test_seq": np.ones(nr, dtype=np.int64),
        "storedate": to_datetime(store - store % DAY_MIN),
        "storetime": to_datetime(store),
        "test_itemid": pl.Series([k[2] for k in kinds]).gather(pl.Series(kind[r_sp])),
        "test_name": pick([k[3] for k in kinds], kind[r_sp]),
        "org_itemid": nullable(org_item, pos_r, pl.Int64),
        "org_name": nullable(pick([x[1] for x in cat.ORGANISMS], org[r_sp]).to_numpy(), pos_r, pl.String),
        "isolate_num": nullable(np.ones(nr, dtype=np.int64), pos_r, pl.Int16),
        "quantity": pl.Series([None] * nr, dtype=pl.String),
        "ab_itemid": nullable(np.array([x[0] for x in cat.ANTIBIOTICS])[ab], has_ab, pl.Int64),
        "ab_name": nullable(pick([x[1] for x in cat.ANTIBIOTICS], ab).to_numpy(), has_ab, pl.String),
        "dilution_text": nullable(("<=" + pl.Series(dil).cast(pl.String).str.replace(r"\.0$", "")).to_numpy(), has_ab, pl.String),
        "dilution_comparison": nullable(np.full(nr, "<=        ", dtype=object), has_ab, pl.String),
        "dilution_value": nullable(dil, has_ab, pl.Float64),
        "interpretation": nullable(interp, has_ab, pl.String),
        "comments": S(np.where(pos_r, None, "No growth.")),
    })


# ------------------------------------------------------------------------------------------------- omr


def omr_frame(rng: np.random.Generator, c: Cohort) -> pl.DataFrame:
    n = c.n_patients
    visits = 1 + rng.poisson(4.0, n)
    v_pat, v_k = expand(visits)
    first_adm = np.searchsorted(c.a_pat, np.arange(n))
    day = c.admit[first_adm[v_pat]] // DAY_MIN - 10 - v_k * 60 - rng.integers(0, 50, len(v_pat))
    nv = len(v_pat)
    has_h = rng.random(nv) < 0.35
    w_kg = c.weight_kg[v_pat] + rng.normal(0, 1.5, nv)
    h_in = c.height_cm[v_pat] / 2.54
    sbp = np.round(rng.normal(128, 15, nv)).astype(np.int64)
    dbp = np.round(rng.normal(76, 9, nv)).astype(np.int64)
    bmi = w_kg / (c.height_cm[v_pat] / 100) ** 2
    parts = [
        pl.DataFrame({"v": np.arange(nv), "result_name": "Blood Pressure",
                      "result_value": pl.Series(sbp).cast(pl.String) + "/" + pl.Series(dbp).cast(pl.String), "o": 0}),
        pl.DataFrame({"v": np.arange(nv), "result_name": "Weight (Lbs)", "result_value": pl.Series(np.round(w_kg * 2.20462, 1)).cast(pl.String), "o": 1}),
        pl.DataFrame({"v": np.arange(nv), "result_name": "BMI (kg/m2)", "result_value": pl.Series(np.round(bmi, 1)).cast(pl.String), "o": 2}),
        pl.DataFrame({"v": np.flatnonzero(has_h), "result_name": "Height (Inches)",
                      "result_value": pl.Series(np.round(h_in[has_h], 1)).cast(pl.String), "o": 3}),
    ]
    df = pl.concat(parts).sort("v", "o")
    v = df["v"].to_numpy()
    return pl.DataFrame({
        "subject_id": c.subject_id[v_pat[v]], "chartdate": pl.Series(day[v].astype(np.int32)).cast(pl.Date),
        "seq_num": np.ones(len(v), dtype=np.int64), "result_name": df["result_name"], "result_value": df["result_value"],
    }).sort("subject_id", "chartdate", maintain_order=True)
