"""Medication chain: poe (order) -> pharmacy (verified order) -> prescriptions (MAIN + BASE components)
-> emar (each bedside administration, inside the order's start/stop window) -> emar_detail.

eMAR rows exist only for patients whose anchor_year_group is 2011 - 2013 or later: MIMIC's eMAR system was rolled
out 2011-2013, so the oldest group has prescriptions but no administrations, as in MIMIC.
"""

import zlib

import numpy as np
import polars as pl

from pipeline.ehr.synth import catalog as cat
from pipeline.ehr.synth.cohort import Cohort
from pipeline.ehr.synth.util import DAY_MIN, S, expand, group_rank, pick, to_datetime

PHARMACY_PER_PATIENT = 200  # keeps pharmacy_id within 8 digits at full scale
EMAR_FIRST_GROUP = 1  # anchor_year_group index from which eMAR exists ('2011 - 2013')

_D = cat.DRUGS


def _col(attr: str) -> list:
    return [getattr(d, attr) for d in _D]


def _gsn(name: str) -> str:
    return f"{zlib.crc32(name.encode()) % 1_000_000:06d}"


def _ndc(name: str) -> str:
    return f"{zlib.crc32(('ndc' + name).encode()) % 100_000_000_000:011d}"


_GSN = [_gsn(d.formulary_drug_cd) for d in _D]
_NDC = [_ndc(d.formulary_drug_cd) for d in _D]
_INTERVAL = np.array(_col("interval_h"))
_ONCE = np.array([d.frequency == "ONCE" for d in _D])
_PRN = np.array(_col("prn"))
_ACUTE = np.array(_col("acute"))
_ICU_DRUG = np.array([("icu" in d.boosts or "vent" in d.boosts) and d.base_p == 0 for d in _D])
_DOSES24 = np.where(_ONCE, 1.0, np.round(24 / _INTERVAL, 1))


def _flags(c: Cohort) -> dict[str, np.ndarray]:
    f = {cond.name: c.conds[:, i] for i, cond in enumerate(cat.CONDITIONS)}
    f["icu"] = c.icu
    f["vent"] = c.vent
    return f


def draw_orders(rng: np.random.Generator, c: Cohort) -> dict[str, np.ndarray]:
    """Medication orders per admission: drug choice from conditions, times inside the admission."""
    na = c.n_adm
    flags = _flags(c)
    adm_l, drug_l, k_l, n_l = [], [], [], []
    has_all = np.zeros((na, len(_D)), dtype=bool)
    for j, d in enumerate(_D):
        p = np.full(na, d.base_p)
        for cond, v in d.boosts.items():
            if v > 0:
                p = np.where(flags[cond], np.maximum(p, v), p)
        for cond, v in d.boosts.items():
            if v == 0:
                p = np.where(flags[cond], 0.0, p)
        has_all[:, j] = rng.random(na) < p
    for cond, names in cat.REQUIRE_ANY.items():
        cols = [j for j, d in enumerate(_D) if d.drug in names]
        first = [j for j, d in enumerate(_D) if d.drug == names[0]][0]
        has_all[flags[cond] & ~has_all[:, cols].any(axis=1), first] = True
    for j in range(len(_D)):
        has = has_all[:, j]
        # changed / renewed orders: a drug is often re-ordered during the stay (MIMIC has ~33 orders per admission)
        n = np.where(has, 1 + np.minimum(rng.poisson(1.0, na), 6), 0)
        idx = np.flatnonzero(n)
        a, k = expand(n[idx])
        adm_l.append(idx[a])
        drug_l.append(np.full(len(a), j))
        k_l.append(k)
        n_l.append(n[idx][a])
    adm = np.concatenate(adm_l)
    drug = np.concatenate(drug_l)
    k = np.concatenate(k_l)
    n = np.concatenate(n_l)
    no = len(adm)
    u = rng.random(no)
    # window inside which the order is placed
    w0 = c.admit[adm].copy()
    w1 = c.disch[adm].copy()
    icu_drug = _ICU_DRUG[drug] & c.icu[adm]
    w0 = np.where(icu_drug, c.icu_in[adm], w0)
    w1 = np.where(icu_drug, c.icu_out[adm], w1)
    wl = w1 - w0
    seg0 = np.where(_ACUTE[drug], 0.12, 0.15)
    frac = np.where(k == 0, seg0 * u, (k + u * 0.9) / n * 0.9)
    ordertime = w0 + (frac * wl).astype(np.int64)
    start = ordertime + rng.integers(10, 90, no)
    start = np.minimum(start, w1 - 30)
    ordertime = np.minimum(ordertime, start - 5)
    ordertime = np.maximum(ordertime, c.admit[adm])
    start = np.maximum(start, ordertime + 1)
    # stop: next order of the same drug replaces it; ONCE orders last a couple of hours
    nxt = np.r_[ordertime[1:], 0]
    same_next = np.r_[(adm[1:] == adm[:-1]) & (drug[1:] == drug[:-1]), False]
    stop = np.where(_ONCE[drug], start + rng.integers(60, 180, no),
                    np.where(same_next, nxt, w0 + ((frac + 0.3 + 0.7 * rng.random(no)) * wl).astype(np.int64)))
    stop = np.minimum(np.maximum(stop, start + 30), c.disch[adm])
    start = np.minimum(start, stop - 1)
    replaced = same_next
    return {"adm": adm, "drug": drug, "k": k, "ordertime": ordertime, "start": start, "stop": stop, "replaced": replaced}


def poe_rows(rng: np.random.Generator, c: Cohort, orders: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """All provider orders of the chunk (medications + the rest), with per-subject poe_seq in time order."""
    na = c.n_adm
    los_d = (c.disch - c.admit) / DAY_MIN
    types = [(t, s) for t, s, _ in cat.POE_NONMED]
    rates = np.array([r for _, _, r in cat.POE_NONMED])
    nm = rng.poisson(np.outer(los_d + 0.5, rates))
    nm_adm, nm_type = np.nonzero(nm)
    reps = nm[nm_adm, nm_type]
    r_i, _ = expand(reps)
    nm_adm, nm_type = nm_adm[r_i], nm_type[r_i]
    nm_t = c.admit[nm_adm] + ((c.disch - c.admit)[nm_adm] * rng.random(len(nm_adm))).astype(np.int64)
    # ADT orders: admit at admittime, discharge shortly before dischtime
    adt_adm = np.concatenate([np.arange(na), np.arange(na)])
    adt_t = np.concatenate([c.admit, np.maximum(c.disch - rng.integers(60, 600, na), c.admit)])
    adt_kind = np.concatenate([np.zeros(na, dtype=np.int64), np.ones(na, dtype=np.int64)])

    n_med = len(orders["adm"])
    n_nm = len(nm_adm)
    kind = np.concatenate([np.zeros(n_med), np.ones(n_nm), np.full(2 * na, 2)]).astype(np.int64)  # 0 med, 1 other, 2 ADT
    adm = np.concatenate([orders["adm"], nm_adm, adt_adm])
    t = np.concatenate([orders["ordertime"], nm_t, adt_t])
    sub = np.concatenate([np.arange(n_med), nm_type, adt_kind])
    o = np.lexsort((sub, kind, t, c.a_pat[adm]))
    pos = np.empty(len(o), dtype=np.int64)
    pos[o] = np.arange(len(o))
    pat_sorted = c.a_pat[adm[o]]
    seq = group_rank(pat_sorted)
    return {"order": o, "pos": pos, "adm": adm, "t": t, "kind": kind, "sub": sub, "seq_sorted": seq,
            "n_med": np.array(n_med), "types": np.array(types, dtype=object)}


def medication_tables(rng: np.random.Generator, c: Cohort, providers: np.ndarray, chunk_patients: int,
                      emar_density: float = 1.0) -> dict[str, pl.DataFrame]:
    orders = draw_orders(rng, c)
    P = poe_rows(rng, c, orders)
    o, adm, kind, sub, t = P["order"], P["adm"], P["kind"], P["sub"], P["t"]
    seq_sorted = P["seq_sorted"]
    subj_sorted = c.a_subject[adm[o]]
    poe_id_sorted = pl.Series(subj_sorted).cast(pl.String) + "-" + pl.Series(seq_sorted).cast(pl.String)
    n_med = int(P["n_med"])
    # poe_seq / poe_id of each medication order (original order index -> sorted position)
    med_pos = P["pos"][:n_med]
    med_poe_seq = seq_sorted[med_pos]
    med_poe_id = poe_id_sorted.gather(pl.Series(med_pos))
    ntot = len(o)
    prov_idx = rng.integers(0, len(providers), ntot)
    prov = pick(list(providers), prov_idx)

    # discontinue links between consecutive orders of the same drug in one admission
    rep = orders["replaced"]
    nxt_id = pl.concat([med_poe_id.slice(1), pl.Series([None], dtype=pl.String)])
    prv_id = pl.concat([pl.Series([None], dtype=pl.String), med_poe_id.slice(0, n_med - 1)]) if n_med else med_poe_id
    prev_rep = np.r_[False, rep[:-1]]
    disc_by = pl.select(pl.when(pl.Series(rep)).then(nxt_id).otherwise(None)).to_series()
    disc_of = pl.select(pl.when(pl.Series(prev_rep)).then(prv_id).otherwise(None)).to_series()
    disc_by_all = pl.concat([disc_by, pl.Series([None] * (ntot - n_med), dtype=pl.String)])
    disc_of_all = pl.concat([disc_of, pl.Series([None] * (ntot - n_med), dtype=pl.String)])

    types = P["types"]
    order_type = np.where(kind == 0, "Medications", np.where(kind == 2, "ADT orders", None)).astype(object)
    order_subtype = np.full(ntot, None, dtype=object)
    nm = kind == 1
    order_type[nm] = np.array([x[0] for x in types], dtype=object)[sub[nm]]
    order_subtype[nm] = np.array([x[1] for x in types], dtype=object)[sub[nm]]
    order_subtype[kind == 2] = np.where(sub[kind == 2] == 0, "Admit", "Discharge")
    trans = np.concatenate([np.where(prev_rep, "Change", "New"), np.full(ntot - n_med, "New")]).astype(object)
    poe = pl.DataFrame({
        "poe_id": poe_id_sorted,
        "poe_seq": seq_sorted,
        "subject_id": subj_sorted,
        "hadm_id": c.hadm_id[adm[o]],
        "ordertime": to_datetime(t[o]),
        "order_type": S(order_type[o]),
        "order_subtype": S(order_subtype[o]),
        "transaction_type": S(trans[o]),
        "discontinue_of_poe_id": disc_of_all.gather(pl.Series(o)),
        "discontinued_by_poe_id": disc_by_all.gather(pl.Series(o)),
        "order_provider_id": prov,
        "order_status": S(np.where(rng.random(ntot) < 0.97, "Inactive", "Active")),
    })

    # poe_detail for ADT orders
    adt_sorted = np.flatnonzero(kind[o] == 2)
    is_admit = sub[o][adt_sorted] == 0
    det_parts = []
    for f_i, (field, values) in enumerate(cat.POE_DETAIL_FIELDS):
        rows = adt_sorted[is_admit] if f_i < 3 else adt_sorted[~is_admit]
        det_parts.append(pl.DataFrame({
            "r": rows, "f": np.full(len(rows), f_i), "field_name": pl.Series([field] * len(rows), dtype=pl.String),
            "field_value": pick(values, rng.integers(0, len(values), len(rows)) if f_i != 2 else
                                np.where(rng.random(len(rows)) < 0.8, 0, rng.integers(1, len(values), len(rows)))),
        }))
    det = pl.concat(det_parts).sort("r", "f")
    r = det["r"].to_numpy()
    poe_detail = pl.DataFrame({"poe_id": poe_id_sorted.gather(pl.Series(r)), "poe_seq": seq_sorted[r],
                               "subject_id": subj_sorted[r], "field_name": det["field_name"], "field_value": det["field_value"]})

    # pharmacy: one per medication order, ids in (subject, start) order
    m_adm, drug = orders["adm"], orders["drug"]
    start, stop = orders["start"], orders["stop"]
    ph_o = np.lexsort((drug, start, c.a_pat[m_adm]))
    if n_med >= chunk_patients * PHARMACY_PER_PATIENT:
        raise ValueError("pharmacy id block exhausted")
    pharmacy_id = np.empty(n_med, dtype=np.int64)
    pharmacy_id[ph_o] = 1_000_000 + c.chunk * chunk_patients * PHARMACY_PER_PATIENT + np.arange(n_med)
    g = pl.Series(drug)
    entertime = orders["ordertime"] + rng.integers(0, 10, n_med)
    entertime = np.minimum(entertime, start)
    verified = entertime + rng.integers(2, 45, n_med)
    status = np.where(rep, "Inactive (Due to a change order)",
                      np.where(stop >= c.disch[m_adm], "Discontinued via patient discharge", "Discontinued"))
    med_prov = prov.gather(pl.Series(med_pos))

    def dcol(attr: str, dtype: pl.DataType = pl.String) -> pl.Series:
        return pl.Series(_col(attr), dtype=dtype).gather(g)

    pharmacy = pl.DataFrame({
        "subject_id": c.a_subject[m_adm], "hadm_id": c.hadm_id[m_adm], "pharmacy_id": pharmacy_id, "poe_id": med_poe_id,
        "starttime": to_datetime(start), "stoptime": to_datetime(stop), "medication": dcol("drug"),
        "proc_type": dcol("proc_type"), "status": S(status), "entertime": to_datetime(entertime),
        "verifiedtime": to_datetime(verified), "route": dcol("route"), "frequency": dcol("frequency"),
        "disp_sched": S(np.where(_ONCE[drug], None, np.where(_INTERVAL[drug] <= 8, "0, 8, 16", "8, 20"))),
        "sliding_scale": S(np.where(np.array(_col("sliding_scale"))[drug], "Y", "N")),
        "doses_per_24_hrs": _DOSES24[drug], "duration": pl.Series([None] * n_med, dtype=pl.Float32),
        "duration_interval": S(np.where(_ONCE[drug], "Doses", "Ongoing")),
        "expiration_value": np.full(n_med, 36), "expiration_unit": pl.Series(["Hours"] * n_med, dtype=pl.String),
        "dispensation": S(np.where(rng.random(n_med) < 0.8, "Omnicell", "Floor Stock Item")),
    }).sort("pharmacy_id")  # pharmacy ids were assigned in (subject, starttime) order

    # prescriptions: MAIN row + BASE row for drugs given in a diluent
    has_base = np.array([d.base_solution is not None for d in _D])[drug]
    bi = np.flatnonzero(has_base)
    main = pl.DataFrame({
        "subject_id": c.a_subject[m_adm], "hadm_id": c.hadm_id[m_adm], "pharmacy_id": pharmacy_id, "poe_id": med_poe_id,
        "poe_seq": med_poe_seq, "order_provider_id": med_prov, "starttime": to_datetime(start), "stoptime": to_datetime(stop),
        "drug_type": pl.Series(["MAIN"] * n_med, dtype=pl.String), "drug": dcol("drug"),
        "formulary_drug_cd": dcol("formulary_drug_cd"), "gsn": pl.Series(_GSN).gather(g), "ndc": pl.Series(_NDC).gather(g),
        "prod_strength": dcol("prod_strength"), "dose_val_rx": dcol("dose_val_rx"), "dose_unit_rx": dcol("dose_unit_rx"),
        "form_val_disp": dcol("form_val_disp"), "form_unit_disp": dcol("form_unit_disp"),
        "doses_per_24_hrs": _DOSES24[drug], "route": dcol("route"), "o": np.zeros(n_med, dtype=np.int64),
    })
    base_names = [d.base_solution or "" for d in _D]
    gb = g.gather(pl.Series(bi))
    base = pl.DataFrame({
        "subject_id": c.a_subject[m_adm[bi]], "hadm_id": c.hadm_id[m_adm[bi]], "pharmacy_id": pharmacy_id[bi],
        "poe_id": med_poe_id.gather(pl.Series(bi)), "poe_seq": med_poe_seq[bi], "order_provider_id": med_prov.gather(pl.Series(bi)),
        "starttime": to_datetime(start[bi]), "stoptime": to_datetime(stop[bi]),
        "drug_type": pl.Series(["BASE"] * len(bi), dtype=pl.String), "drug": pl.Series(base_names).gather(gb),
        "formulary_drug_cd": pl.Series([("NS" if b.startswith("0.9") else "ISOD") + "100" for b in base_names]).gather(gb),
        "gsn": pl.Series([None] * len(bi), dtype=pl.String), "ndc": pl.Series(["0"] * len(bi), dtype=pl.String),
        "prod_strength": pl.Series(["100 mL Bag"] * len(bi), dtype=pl.String), "dose_val_rx": pl.Series(["100"] * len(bi), dtype=pl.String),
        "dose_unit_rx": pl.Series(["mL"] * len(bi), dtype=pl.String), "form_val_disp": pl.Series(["100"] * len(bi), dtype=pl.String),
        "form_unit_disp": pl.Series(["mL"] * len(bi), dtype=pl.String), "doses_per_24_hrs": _DOSES24[drug[bi]],
        "route": pl.Series(["IV"] * len(bi), dtype=pl.String), "o": np.ones(len(bi), dtype=np.int64),
    })
    prescriptions = pl.concat([main, base]).sort("subject_id", "starttime", "pharmacy_id", "o").drop("o")

    # eMAR: administrations at the order's interval inside [start, stop]
    interval = (_INTERVAL[drug] * 60).astype(np.int64)
    n_sched = np.minimum((stop - start) // interval + 1, 60)
    n_sched = np.where(_ONCE[drug], 1, n_sched)
    n_sched = np.where(_PRN[drug], rng.binomial(n_sched, 0.5), n_sched)
    if emar_density != 1.0:
        n_sched = rng.binomial(n_sched, min(emar_density, 1.0))
    n_sched = np.where(c.group[c.a_pat[m_adm]] >= EMAR_FIRST_GROUP, n_sched, 0)
    e_ord, e_k = expand(n_sched)
    ne = len(e_ord)
    sched = start[e_ord] + e_k * interval[e_ord]
    chart = np.clip(sched + rng.integers(-20, 40, ne), start[e_ord], stop[e_ord])
    ev = rng.choice(len(cat.EMAR_EVENTS), ne, p=np.array(cat.EMAR_EVENT_P) / sum(cat.EMAR_EVENT_P))
    e_adm = m_adm[e_ord]
    e_pat = c.a_pat[e_adm]
    eo = np.lexsort((e_ord, chart, e_pat))
    e_ord, e_k, sched, chart, ev, e_adm, e_pat = (x[eo] for x in (e_ord, e_k, sched, chart, ev, e_adm, e_pat))
    emar_seq = group_rank(e_pat)
    e_subj = c.subject_id[e_pat]
    emar_id = pl.Series(e_subj).cast(pl.String) + "-" + pl.Series(emar_seq).cast(pl.String)
    ge = pl.Series(drug[e_ord])
    emar = pl.DataFrame({
        "subject_id": e_subj, "hadm_id": c.hadm_id[e_adm], "emar_id": emar_id, "emar_seq": emar_seq,
        "poe_id": med_poe_id.gather(pl.Series(e_ord)), "pharmacy_id": pharmacy_id[e_ord],
        "enter_provider_id": pick(list(providers), rng.integers(0, len(providers), ne)),
        "charttime": to_datetime(chart), "medication": pl.Series(_col("drug")).gather(ge),
        "event_txt": pick(cat.EMAR_EVENTS, ev), "scheduletime": to_datetime(sched),
        "storetime": to_datetime(chart + rng.integers(0, 30, ne)),
    })

    # emar_detail: a summary row (parent_field_ordinal NULL) and, when given, a component row '1.1'
    given = np.isin(ev, [0, 3, 4, 5, 9])
    gi = np.flatnonzero(given)
    route = pl.Series(_col("route")).gather(ge)
    adm_type = pl.Series(np.where(np.isin(np.array(_col("route"))[drug[e_ord]], ["IV", "IV DRIP"]), "IV Bolus", "Standard"),
                         dtype=pl.String)
    summary = pl.DataFrame({
        "subject_id": e_subj, "emar_id": emar_id, "emar_seq": emar_seq,
        "parent_field_ordinal": pl.Series([None] * ne, dtype=pl.String), "administration_type": adm_type,
        "pharmacy_id": pharmacy_id[e_ord], "barcode_type": pl.Series(["PH"] * ne, dtype=pl.String),
        "complete_dose_not_given": S(np.where(given, None, "Yes")),
        "dose_due": pl.Series(_col("dose_val_rx")).gather(ge), "dose_due_unit": pl.Series(_col("dose_unit_rx")).gather(ge),
        "route": route, "r": np.arange(ne), "o": np.zeros(ne, dtype=np.int64),
    })
    gg = ge.gather(pl.Series(gi))
    comp = pl.DataFrame({
        "subject_id": e_subj[gi], "emar_id": emar_id.gather(pl.Series(gi)), "emar_seq": emar_seq[gi],
        "parent_field_ordinal": pl.Series(["1.1"] * len(gi), dtype=pl.String), "administration_type": adm_type.gather(pl.Series(gi)),
        "pharmacy_id": pharmacy_id[e_ord[gi]], "barcode_type": pl.Series(["PH"] * len(gi), dtype=pl.String),
        "dose_due": pl.Series(_col("dose_val_rx")).gather(gg), "dose_due_unit": pl.Series(_col("dose_unit_rx")).gather(gg),
        "dose_given": pl.Series(_col("dose_val_rx")).gather(gg), "dose_given_unit": pl.Series(_col("dose_unit_rx")).gather(gg),
        "product_amount_given": pl.Series(_col("form_val_disp")).gather(gg), "product_unit": pl.Series(_col("form_unit_disp")).gather(gg),
        "product_code": pl.Series(_col("formulary_drug_cd")).gather(gg), "product_description": pl.Series(_col("prod_strength")).gather(gg),
        "route": route.gather(pl.Series(gi)), "r": gi, "o": np.ones(len(gi), dtype=np.int64),
    })
    emar_detail = pl.concat([summary, comp], how="diagonal_relaxed").sort("r", "o").drop("r", "o")
    return {"poe": poe, "poe_detail": poe_detail, "pharmacy": pharmacy, "prescriptions": prescriptions,
            "emar": emar, "emar_detail": emar_detail}
