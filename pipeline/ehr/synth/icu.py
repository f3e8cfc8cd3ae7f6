"""ICU-module event tables for the chunk's ICU stays: chartevents (vitals about hourly, assessments every 2-4 h),
inputevents + ingredientevents, outputevents, procedureevents, datetimeevents. Every row lies inside its stay."""

import numpy as np
import polars as pl

from pipeline.ehr.synth import catalog as cat
from pipeline.ehr.synth import physiology as phys
from pipeline.ehr.synth.cohort import Cohort
from pipeline.ehr.synth.dictionaries import assessment_itemids, chart_tail_items
from pipeline.ehr.synth.physiology import ar1
from pipeline.ehr.synth.util import S, expand, pick, sort_perm, text_or_num, to_datetime

ORDER_PER_PATIENT = 400  # orderid block per patient (inputevents + procedureevents)
TAIL_CHART_ITEMS = 48  # site-specific documentation items per ICU stay (brings chartevents to MIMIC's ~4,600 / stay)
TAIL_CHART_EVERY_H = 4
INPUT_RATE = 2.0  # administrations per (item per_day) per ICU day: ~120 inputevents per stay, MIMIC has ~116
CXR_PER_DAY = 1.2  # chest X-rays per ICU day (procedureevents ~8 per stay, MIMIC ~8.6)


def _tail_chart_cdf_draw(rng: np.random.Generator, n: int) -> np.ndarray:
    """Indices into chart_tail_items(), Zipf-weighted (a few items are documented in most stays)."""
    m = len(chart_tail_items()[0])
    w = 1.0 / (1.0 + np.arange(m)) ** 0.9
    cdf = np.cumsum(w) / w.sum()
    return np.minimum(np.searchsorted(cdf, rng.random(n), side="right"), m - 1)


class _Rows:
    """Accumulates chart rows item by item; numeric rows carry a value, text rows an index into a text table."""

    def __init__(self) -> None:
        self.stay: list[np.ndarray] = []
        self.t: list[np.ndarray] = []
        self.item: list[np.ndarray] = []
        self.num: list[np.ndarray] = []
        self.dec: list[np.ndarray] = []
        self.txt: list[np.ndarray] = []
        self.unit: list[np.ndarray] = []
        self.texts: list[str] = []
        self.units: list[str | None] = [None]
        self._text_ix: dict[str, int] = {}
        self._unit_ix: dict[str | None, int] = {None: 0}

    def text_index(self, values: tuple[str, ...]) -> np.ndarray:
        out = []
        for v in values:
            if v not in self._text_ix:
                self._text_ix[v] = len(self.texts)
                self.texts.append(v)
            out.append(self._text_ix[v])
        return np.array(out, dtype=np.int64)

    def unit_index(self, u: str | None) -> int:
        if u not in self._unit_ix:
            self._unit_ix[u] = len(self.units)
            self.units.append(u)
        return self._unit_ix[u]

    def add(self, stay: np.ndarray, t: np.ndarray, itemid: int, num: np.ndarray | None, dec: int,
            txt: np.ndarray | None, unit: str | None) -> None:
        n = len(stay)
        self.stay.append(stay)
        self.t.append(t)
        self.item.append(np.full(n, itemid, dtype=np.int64))
        self.num.append(num if num is not None else np.full(n, np.nan))
        self.dec.append(np.full(n, dec, dtype=np.int64))
        self.txt.append(txt if txt is not None else np.full(n, -1, dtype=np.int64))
        self.unit.append(np.full(n, self.unit_index(unit), dtype=np.int64))


def _schedule(rng: np.random.Generator, t0: np.ndarray, t1: np.ndarray, every_min: float, mask: np.ndarray | None = None
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Regular charting times inside [t0, t1): returns (stay index, time, position)."""
    span = t1 - t0
    n = np.maximum((span - 1) // int(every_min) + 1, 0)
    if mask is not None:
        n = np.where(mask, n, 0)
    s, k = expand(n)
    jitter = rng.integers(0, max(1, min(int(every_min) // 6, 10)), len(s))
    t = np.minimum(t0[s] + k * int(every_min) + jitter, t1[s] - 1)
    return s, t, k


def _vitals(rng: np.random.Generator, c: Cohort, R: "_Rows", t0: np.ndarray, t1: np.ndarray, art: np.ndarray,
            celsius: np.ndarray) -> None:
    """Vital signs and GCS read off each stay's physiological state (physiology.py), charted together."""
    s_adm = c.s_adm
    cf = lambda name: c.cond(name)[s_adm]  # noqa: E731
    age = (c.anchor_age[c.a_pat[s_adm]]).astype(float)
    flags = {"sepsis": cf("sepsis"), "shock": (c.shock | c.cardiogenic)[s_adm], "afib": cf("afib"), "copd": cf("copd"),
             "stroke": cf("stroke"), "vent": c.vent[s_adm], "hypertension": cf("hypertension"),
             "died_in_unit": c.died[s_adm] & (c.icu_out[s_adm] >= c.disch[s_adm]),
             "resp": cf("pneumonia") | cf("sepsis") | c.vent[s_adm], "age": age}
    st = phys.stay_state(rng, t0, t1, flags)
    items = {it.itemid: it for it in cat.CHART_ITEMS}
    jitter = rng.integers(0, 4, len(st.s))  # one reading time for everything charted at a grid point
    tt = np.minimum(st.t + jitter, t1[st.s] - 1)

    def add(mask: np.ndarray, itemid: int, v: np.ndarray) -> None:
        it = items[itemid]
        R.add(st.s[mask], tt[mask], itemid, v, it.decimals, None, it.unit)

    v = st.charted
    add(v, 220045, np.round(st.hr[v]))
    add(v, 220210, np.round(st.rr[v]))
    add(v, 220277, np.round(st.spo2[v]))
    # the cuff at every vital-sign time without an arterial line, about every 4th with one; the line at all
    cuff = v & (~art[st.s] | (rng.random(len(st.s)) < 0.25))
    for mask, ids, arterial in ((cuff, (220179, 220180, 220181), False), (v & art[st.s], (220050, 220051, 220052), True)):
        sys_, dia, mean = phys.bp_triple(rng, st.map[mask], st.pp[mask], arterial)
        for itemid, val in zip(ids, (sys_, dia, mean), strict=True):
            add(mask, itemid, val)
    temp_t = st.k % phys.TEMP_EVERY == 0
    add(temp_t & celsius[st.s], 223762, np.round(st.temp_c[temp_t & celsius[st.s]], 1))
    add(temp_t & ~celsius[st.s], 223761, np.round(st.temp_c[temp_t & ~celsius[st.s]] * 9 / 5 + 32, 1))
    g = st.k % phys.GCS_EVERY == phys.GCS_EVERY // 2
    eye, verbal, motor = phys.gcs_scores(rng, st.gcs_deficit[g], flags["vent"][st.s[g]])
    for itemid, score in ((220739, eye), (223900, verbal), (223901, motor)):
        it = items[itemid]
        opts = R.text_index(it.texts)
        choice = len(it.texts) - score  # texts run from the best score down to 1
        R.add(st.s[g], tt[g], itemid, np.array(it.text_nums, dtype=float)[choice], 0, opts[choice], it.unit)


def chartevents_frame(rng: np.random.Generator, c: Cohort, caregivers: np.ndarray, density: float = 1.0) -> pl.DataFrame:
    s_adm = c.s_adm
    ns = len(s_adm)
    t0, t1 = c.icu_in[s_adm], c.icu_out[s_adm]
    cf = lambda name: c.cond(name)[s_adm]  # noqa: E731
    vent = c.vent[s_adm]
    art = c.art[s_adm]
    afib, stroke, dm = cf("afib"), cf("stroke"), cf("t2dm")
    weight = c.weight_kg[c.a_pat[s_adm]]
    celsius = rng.random(ns) < 0.2  # some units chart temperature in °C
    R = _Rows()
    offset = rng.standard_normal((ns, 4))
    groups = {"all": None, "vent": vent, "art": art, "diabetic": dm, "fahrenheit": ~celsius, "celsius": celsius,
              "icp": c.icp[s_adm], "crrt": c.crrt[s_adm], "shock": (c.shock | c.cardiogenic)[s_adm]}
    _vitals(rng, c, R, t0, t1, art, celsius)
    for it in cat.CHART_ITEMS:
        if it.itemid in phys.STATE_ITEMS:
            continue
        mask = groups[it.group]
        every = it.every_h * 60 / (density if it.every_h > 1 else 1.0)
        s, t, _k = _schedule(rng, t0, t1, every, mask)
        n = len(s)
        if it.texts:
            opts = R.text_index(it.texts)
            choice = np.minimum(rng.geometric(0.65, n) - 1, len(opts) - 1)
            if it.itemid == 220048:
                choice = np.where(afib[s], 0, choice)
                txt = np.where(afib[s], R.text_index(("AF (Atrial Fibrillation)",))[0], opts[choice])
            else:
                if it.itemid in (220739, 223900, 223901):
                    choice = np.where(stroke[s] | vent[s], np.minimum(choice + 2, len(opts) - 1), choice)
                txt = opts[choice]
            num = np.array(it.text_nums, dtype=float)[choice] if it.text_nums else None
            R.add(s, t, it.itemid, num, 0, txt, it.unit)
            continue
        z = rng.standard_normal(n)
        v = it.mean + it.sd * (0.6 * z + 0.8 * offset[s, it.itemid % 4])
        if it.itemid == 224639:
            v = weight[s] + 0.8 * z
        elif it.itemid == 225664:
            v = 175 + 45 * z
        v = np.maximum(v, 0.1)
        R.add(s, t, it.itemid, v, it.decimals, None, it.unit)
    # admission weight and height once
    for it, p, val in ((cat.WEIGHT_ITEM, 1.0, weight), (cat.HEIGHT_ITEM, 0.6, c.height_cm[c.a_pat[s_adm]])):
        m = np.flatnonzero(rng.random(ns) < p)
        R.add(m, np.minimum(t0[m] + rng.integers(5, 90, len(m)), t1[m] - 1), it.itemid, val[m], it.decimals, None, it.unit)
    # code status twice a day: limited (DNR / DNI / comfort care) in the stays the cohort marked, else full code
    it = cat.CODE_STATUS_ITEM
    s, t, _k = _schedule(rng, t0, t1, it.every_h * 60)
    opts = R.text_index(it.texts)
    limited = c.dnr[s_adm][s]
    choice = np.where(limited, 1 + np.minimum(rng.geometric(0.55, len(s)) - 1, len(opts) - 2), 0)
    R.add(s, t, it.itemid, None, 0, opts[choice], None)
    # the long tail of MetaVision documentation: each stay charts a few dozen of the site-specific items
    tail_ids, tail_values = chart_tail_items()
    n_tail = rng.poisson(TAIL_CHART_ITEMS, ns)
    ts, _tk = expand(n_tail)
    which = _tail_chart_cdf_draw(rng, len(ts))
    pair = pl.DataFrame({"s": ts, "w": which}).unique(maintain_order=True)
    ts, which = pair["s"].to_numpy(), pair["w"].to_numpy()
    every = TAIL_CHART_EVERY_H * 60 / density
    n_rows = np.maximum((t1 - t0)[ts] // int(every), 1)
    r, k = expand(n_rows)
    rs = ts[r]
    rt = np.minimum(t0[rs] + k * int(every) + rng.integers(0, 30, len(r)), t1[rs] - 1)
    vals_ix = [R.text_index(v) for v in tail_values]
    n_vals = np.array([len(v) for v in vals_ix])
    val_off = np.cumsum(n_vals) - n_vals
    flat = np.concatenate(vals_ix)
    wr = which[r]
    pick_v = flat[val_off[wr] + np.minimum(rng.geometric(0.6, len(r)) - 1, n_vals[wr] - 1)]
    for j in np.unique(wr):
        m = wr == j
        R.add(rs[m], rt[m], int(tail_ids[j]), None, 0, pick_v[m], None)
    # nursing assessments
    ids = assessment_itemids()
    for (_label, _category, every_h, values), itemid in zip(cat.ASSESSMENTS, ids, strict=True):
        s, t, _k = _schedule(rng, t0, t1, every_h * 60 / density)
        opts = R.text_index(values)
        choice = np.minimum(rng.geometric(0.7, len(s)) - 1, len(opts) - 1)
        R.add(s, t, itemid, None, 0, opts[choice], None)

    stay = np.concatenate(R.stay)
    t = np.concatenate(R.t)
    item = np.concatenate(R.item)
    o = sort_perm(stay, t, item)
    stay, t, item = stay[o], t[o], item[o]
    num = np.concatenate(R.num)[o]
    dec = np.concatenate(R.dec)[o]
    txt = np.concatenate(R.txt)[o]
    unit = np.concatenate(R.unit)[o]
    scale = 10.0 ** dec
    num = np.round(num * scale) / scale
    is_txt = txt >= 0
    value = text_or_num(is_txt, txt, R.texts, num, dec)
    nr = len(stay)
    cg = caregivers[rng.integers(0, len(caregivers), ns)]
    return pl.DataFrame({
        "subject_id": c.a_subject[s_adm[stay]], "hadm_id": c.hadm_id[s_adm[stay]], "stay_id": c.stay_id[stay],
        "caregiver_id": cg[stay], "charttime": to_datetime(t), "storetime": to_datetime(t + rng.integers(0, 40, nr)),
        "itemid": item, "value": value, "valuenum": pl.Series(num).fill_nan(None), "valueuom": pick(R.units, unit),
        "warning": np.zeros(nr, dtype=np.int16),
    })


def input_tables(rng: np.random.Generator, c: Cohort, caregivers: np.ndarray, chunk_patients: int,
                 density: float = 1.0) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """inputevents + ingredientevents + procedureevents (they share the orderid block)."""
    s_adm = c.s_adm
    ns = len(s_adm)
    t0, t1 = c.icu_in[s_adm], c.icu_out[s_adm]
    los_d = (t1 - t0) / 1440
    flags = {cond.name: c.conds[s_adm, i] for i, cond in enumerate(cat.CONDITIONS)}
    flags["vent"] = c.vent[s_adm]
    for name in ("shock", "cardiogenic", "nmb", "crrt"):
        flags[name] = getattr(c, name)[s_adm]
    weight = c.weight_kg[c.a_pat[s_adm]]
    vent = c.vent[s_adm]
    art = c.art[s_adm]
    span0 = t1 - t0
    vstart = t0 + np.minimum(rng.integers(0, 120, ns), span0 // 4)
    vend = np.minimum(vstart + (span0 * rng.uniform(0.4, 0.95, ns)).astype(np.int64), t1 - 1)
    vend = np.maximum(vend, vstart + 1)
    parts = []
    for j, it in enumerate(cat.INPUT_ITEMS):
        elig = np.ones(ns, bool) if it.condition is None else flags[it.condition]
        has = elig & (rng.random(ns) < it.p)
        oral = it.ordercategoryname.startswith("14-")
        if it.kind == "drip":
            # a continuous infusion runs for its therapy (pressors while in shock, sedation while ventilated), charted
            # as rate-change rows every 1-6 h, each ending when the next starts
            if it.condition in ("vent", "nmb"):
                w0, w1 = vstart.copy(), vend.copy()
            else:
                early = it.condition in ("shock", "cardiogenic")
                w0 = t0 + np.where(early, rng.integers(0, 180, ns), (rng.random(ns) * 0.5 * span0).astype(np.int64))
                med = 30 * 60 if early else 20 * 60
                w1 = w0 + np.exp(np.log(med) + 0.7 * rng.standard_normal(ns)).astype(np.int64)
            w0 = np.minimum(w0, t1 - 12)
            w1 = np.clip(w1, w0 + 10, t1 - 1)
            seg = np.exp(np.log(180) + 0.4 * rng.standard_normal(ns)) / density
            n = np.where(has, np.clip(np.round((w1 - w0) / seg), 1, 150), 0).astype(np.int64)
            s, k = expand(n)
            nn = len(s)
            wl = (w1 - w0)[s]
            start = w0[s] + (k * wl / n[s]).astype(np.int64)
            end = w0[s] + ((k + 1) * wl / n[s]).astype(np.int64)
        elif it.kind == "abx":
            # scheduled doses at the drug's interval from early in the stay through a course of ~5 days
            interval = np.where((it.itemid == 225893) & (rng.random(ns) < 0.3), 6 * 60, int(24 * 60 / it.per_day))
            w0 = t0 + rng.integers(0, 360, ns)
            w0 = np.minimum(w0, t1 - 40)
            w1 = np.minimum(w0 + np.exp(np.log(5 * 1440) + 0.5 * rng.standard_normal(ns)).astype(np.int64), t1 - 31)
            n = np.where(has, np.maximum((w1 - w0) // interval + 1, 1), 0)
            s, k = expand(n)
            nn = len(s)
            lo, hi = cat.ABX_INFUSION_MIN.get(it.itemid, (30, 30))
            minutes = np.where(rng.random(ns) < 0.3, hi, lo)[s]  # extended infusion in some stays
            start = w0[s] + k * interval[s] + rng.integers(0, 20, nn)
            end = start + minutes
        elif it.kind == "intermittent":
            # electrolyte replacement: a few doses of 10-40 mEq (1-4 g) over hours, each its own row
            n = np.where(has, np.maximum(1, rng.poisson(1.5 * it.per_day * los_d * density)), 0)
            s, k = expand(n)
            nn = len(s)
            doses, dose_p = cat.INTERMITTENT_DOSES[it.itemid]
            amount_i = np.array(doses)[rng.choice(len(doses), nn, p=np.array(dose_p) / sum(dose_p))]
            start = t0[s] + ((k + rng.random(nn) * 0.8) / n[s] * (t1 - t0)[s]).astype(np.int64)
            end = start + np.round(amount_i / it.rate * 60).astype(np.int64)
        else:
            n = np.where(has, np.maximum(1, rng.poisson(INPUT_RATE * it.per_day * los_d * density)), 0)
            s, k = expand(n)
            nn = len(s)
            start = t0[s] + ((k + rng.random(nn) * 0.5) / n[s] * (t1 - t0)[s]).astype(np.int64)
            if it.kind == "push" or oral:
                end = start + 1  # a push, or oral / tube intake recorded when taken
            else:
                end = start + np.where(it.ordercategorydescription == "Bolus", rng.integers(30, 61, nn), rng.integers(120, 600, nn))
        start = np.minimum(start, t1[s] - 2)
        end = np.clip(end, start + 1, t1[s])
        dur = end - start
        if it.kind == "drip":
            # the rate wanders (titration) around the stay's own level
            lvl = np.exp((0.3 if it.rateuom and "kg" in it.rateuom else 0.2) * rng.standard_normal(ns))[s]
            rate = it.rate * lvl * np.exp(0.25 * ar1(rng, s, k, 0.7))
            amount = rate * weight[s] * dur / 1000.0 if it.rateuom and "kg" in it.rateuom else rate / 60.0 * dur
        elif it.kind == "intermittent":
            rate = np.full(nn, it.rate)
            amount = amount_i.astype(float)
        elif it.kind == "abx":
            amount = np.full(nn, it.amount)
            rate = 100.0 / (dur / 60.0)  # a 100 mL bag
        elif it.kind == "fluid" and not oral:
            rate = it.rate * np.exp(0.2 * rng.standard_normal(nn))
            amount = rate / 60.0 * dur if it.rateuom else np.full(nn, it.amount)
            if it.ordercategorydescription == "Bolus":
                amount = np.round(np.full(nn, it.amount))
                rate = amount / dur * 60
        else:
            rate = np.full(nn, np.nan)
            amount = np.full(nn, it.amount) * np.where(it.amountuom == "dose", 1.0, np.exp(0.2 * rng.standard_normal(nn)))
            if oral:
                amount = np.round(amount / 10) * 10
        chain_first = k == 0
        parts.append({"s": s, "k": k, "n": n[s], "j": np.full(nn, j), "start": start, "end": end,
                      "amount": np.round(amount, 4), "rate": np.round(rate, 4), "first": chain_first})
    d = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    o = np.lexsort((d["j"], d["start"], d["s"]))
    d = {key: v[o] for key, v in d.items()}
    nr = len(d["s"])
    base = c.chunk * chunk_patients * ORDER_PER_PATIENT + 1
    orderid = base + np.arange(nr, dtype=np.int64)
    items = cat.INPUT_ITEMS
    J = pl.Series(d["j"])
    kind = np.array([it.kind for it in items])[d["j"]]
    # linkorderid: drips keep the first orderid of their chain of rate changes
    chain_key = d["s"] * 1000 + d["j"]
    first_oid = pl.DataFrame({"k": chain_key, "oid": orderid}).group_by("k", maintain_order=True).agg(pl.col("oid").min())
    link = pl.DataFrame({"k": chain_key}).join(first_oid, on="k", how="left", maintain_order="left")["oid"].to_numpy()
    link = np.where(kind == "drip", link, orderid)
    last_in_chain = d["k"] == d["n"] - 1
    status = np.where((kind == "drip") & ~last_in_chain, "ChangeDose/Rate", "FinishedRunning")
    has_rate = ~np.isnan(d["rate"])
    sa = s_adm[d["s"]]
    cg = caregivers[rng.integers(0, len(caregivers), nr)]
    inputs = pl.DataFrame({
        "subject_id": c.a_subject[sa], "hadm_id": c.hadm_id[sa], "stay_id": c.stay_id[d["s"]], "caregiver_id": cg,
        "starttime": to_datetime(d["start"]), "endtime": to_datetime(d["end"]),
        "storetime": to_datetime(d["end"] + rng.integers(0, 60, nr)),
        "itemid": pl.Series([it.itemid for it in items]).gather(J), "amount": d["amount"],
        "amountuom": pick([it.amountuom for it in items], d["j"]),
        "rate": pl.Series(d["rate"]).fill_nan(None),
        "rateuom": pl.select(pl.when(pl.Series(has_rate)).then(pick([it.rateuom or "mL/hour" for it in items], d["j"]))
                             .otherwise(None)).to_series(),
        "orderid": orderid, "linkorderid": link,
        "ordercategoryname": pick([it.ordercategoryname for it in items], d["j"]),
        "secondaryordercategoryname": S(np.where(kind == "drip", "Additive (Med)", None)),
        "ordercomponenttypedescription": pl.Series(np.where(kind == "fluid", "Main order parameter",
                                                            "Additive [Medication]"), dtype=pl.String),
        "ordercategorydescription": pick([it.ordercategorydescription for it in items], d["j"]),
        "patientweight": weight[d["s"]].round(1), "totalamount": np.where(kind == "fluid", np.round(d["amount"]), 250.0),
        "totalamountuom": pl.Series(["mL"] * nr, dtype=pl.String), "isopenbag": np.zeros(nr, dtype=np.int16),
        "continueinnextdept": np.zeros(nr, dtype=np.int16), "statusdescription": S(status),
        "originalamount": d["amount"], "originalrate": pl.Series(d["rate"]).fill_nan(None),
    })
    # ingredients: free water volume of every input, calories of dextrose / propofol
    vol = np.where(kind == "fluid", d["amount"], np.where(kind == "drip", (d["end"] - d["start"]) / 60 * 10,
                                                          np.where(np.isin(kind, ["abx", "intermittent"]), 100.0, 5.0)))
    vol = np.round(vol, 2)
    cal_item = np.isin(np.array([it.itemid for it in items])[d["j"]], [220949, 222168])
    ci = np.flatnonzero(cal_item)
    ing_rows = np.concatenate([np.arange(nr), ci])
    ing_kind = np.concatenate([np.zeros(nr, dtype=np.int64), np.ones(len(ci), dtype=np.int64)])
    amount = np.concatenate([vol, np.round(vol[ci] * np.where(np.array([it.itemid for it in items])[d["j"][ci]] == 220949, 0.17, 1.1), 2)])
    oo = np.lexsort((ing_kind, ing_rows))
    ing_rows, ing_kind, amount = ing_rows[oo], ing_kind[oo], amount[oo]
    dur_h = np.maximum((d["end"] - d["start"])[ing_rows] / 60, 1 / 60)
    ingredients = pl.DataFrame({
        "subject_id": c.a_subject[sa[ing_rows]], "hadm_id": c.hadm_id[sa[ing_rows]], "stay_id": c.stay_id[d["s"][ing_rows]],
        "caregiver_id": cg[ing_rows], "starttime": to_datetime(d["start"][ing_rows]), "endtime": to_datetime(d["end"][ing_rows]),
        "storetime": to_datetime(d["end"][ing_rows] + 5),
        "itemid": pl.Series([x[0] for x in cat.INGREDIENTS]).gather(pl.Series(ing_kind)), "amount": amount,
        "amountuom": pick([x[2] for x in cat.INGREDIENTS], ing_kind), "rate": np.round(amount / dur_h, 3),
        "rateuom": pick(["mL/hour", "kcal/hour"], ing_kind), "orderid": orderid[ing_rows], "linkorderid": link[ing_rows],
        "statusdescription": S(status[ing_rows]), "originalamount": amount,
        "originalrate": np.round(amount / dur_h, 3),
    })

    # procedureevents continue the same orderid block
    pparts = []
    span = span0

    def add(mask: np.ndarray, j: int, start: np.ndarray, end: np.ndarray, per_day: float = 0.0, extra_p: float = 0.0
            ) -> None:
        """One episode per stay in mask, charted as several rows when MIMIC splits it (a re-intubation, a new
        filter, a replaced line): 1 + Poisson(per_day * days) + Bernoulli(extra_p) rows with short gaps."""
        idx = np.flatnonzero(mask)
        st, en = start[idx].astype(np.int64), end[idx].astype(np.int64)
        dur = np.maximum(en - st, 0)
        n = 1 + rng.poisson(per_day * dur / 1440) + (rng.random(len(idx)) < extra_p)
        n = np.where(dur >= 60 * n, n, 1)
        e, k = expand(n)
        # boundary k of an episode (k >= 1) sits near k/n of it; row k runs from boundary k (+ a gap) to boundary k+1
        bound = st[e] + ((k + np.where(k > 0, rng.uniform(-0.3, 0.3, len(e)), 0)) / n[e] * dur[e]).astype(np.int64)
        last = k == n[e] - 1
        seg1 = np.where(last, en[e], np.r_[bound[1:], 0])
        seg0 = np.where(k > 0, np.minimum(bound + rng.integers(1, 30, len(e)), seg1 - 1), bound)
        pparts.append((idx[e], np.full(len(e), j), seg0, seg1))

    add(vent, 0, vstart, vend, 0.35, 0.1)
    add(flags["copd"] & ~vent & (rng.random(ns) < 0.4), 1, t0 + span // 5, t0 + span // 2, 0.5)
    add(vent, 2, vstart, vstart)
    add(c.crrt[s_adm], 3, t0 + span // 4, t0 + (span * 3) // 4, 0.7, 0.2)
    add(art, 4, t0 + np.minimum(30, span // 10), t1 - 1, 0.1, 0.1)
    n_cxr = 1 + rng.poisson(CXR_PER_DAY * los_d)
    cs, ck = expand(n_cxr)
    cx_t = t0[cs] + ((ck + rng.random(len(cs))) / n_cxr[cs] * span[cs]).astype(np.int64)
    pparts.append((cs, np.full(len(cs), 5), cx_t, cx_t))
    add(rng.random(ns) < 0.25, 6, t0 + span // 3, t0 + span // 3)
    add(rng.random(ns) < 0.9, 7, t0, t1 - 1, 0.3, 0.2)
    ps = np.concatenate([p[0] for p in pparts])
    pj = np.concatenate([p[1] for p in pparts])
    pst = np.concatenate([p[2] for p in pparts]).astype(np.float64)
    pen = np.concatenate([p[3] for p in pparts]).astype(np.float64)
    instant = np.array([x[3] == "instant" for x in cat.PROCEDURE_ITEMS])[pj]
    pen = np.where(instant, pst + 1 / 60, np.maximum(pen, pst + 1))  # instantaneous: endtime = starttime + 1 s
    po = np.lexsort((pj, pst, ps))
    ps, pj, pst, pen, instant = ps[po], pj[po], pst[po], pen[po], instant[po]
    npr = len(ps)
    poid = base + nr + np.arange(npr, dtype=np.int64)
    if nr + npr >= chunk_patients * ORDER_PER_PATIENT:
        raise ValueError("orderid block exhausted")
    loc = np.where(pj == 4, "Left Radial", np.where(pj == 7, "Right Antecubital", None))
    loccat = np.where(pj == 4, "Invasive Arterial", np.where(pj == 7, "Peripheral", None))
    psa = s_adm[ps]
    procedures = pl.DataFrame({
        "subject_id": c.a_subject[psa], "hadm_id": c.hadm_id[psa], "stay_id": c.stay_id[ps],
        "caregiver_id": caregivers[rng.integers(0, len(caregivers), npr)], "starttime": to_datetime(pst),
        "endtime": to_datetime(pen), "storetime": to_datetime(np.floor(pen) + rng.integers(1, 60, npr)),
        "itemid": pl.Series([x[0] for x in cat.PROCEDURE_ITEMS]).gather(pl.Series(pj)),
        "value": np.where(instant, 1.0, np.round(pen - pst)), "valueuom": S(np.where(instant, None, "min")),
        "location": S(loc), "locationcategory": S(loccat),
        "orderid": poid, "linkorderid": poid,
        "ordercategoryname": pick([x[2] for x in cat.PROCEDURE_ITEMS], pj),
        "ordercategorydescription": S(np.where(instant, "Electrolytes", "Task")),
        "patientweight": weight[ps].round(1), "isopenbag": np.zeros(npr, dtype=np.int16),
        "continueinnextdept": np.zeros(npr, dtype=np.int16), "statusdescription": pl.Series(["FinishedRunning"] * npr, dtype=pl.String),
        "originalamount": np.zeros(npr), "originalrate": np.zeros(npr),
    })
    return inputs, ingredients, procedures


def _stack_by_stay_time_item(
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]],
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Concatenate per-item (stay, time, item, value) parts and order the rows by stay, time, item."""
    s, t, j, v = (np.concatenate(column) for column in zip(*parts, strict=True))
    o = np.lexsort((j, t, s))
    return s[o], t[o], j[o], v[o]


def outputevents_frame(rng: np.random.Generator, c: Cohort, caregivers: np.ndarray, density: float = 1.0) -> pl.DataFrame:
    s_adm = c.s_adm
    ns = len(s_adm)
    t0, t1 = c.icu_in[s_adm], c.icu_out[s_adm]
    foley = rng.random(ns) < 0.75
    aki = c.cond("aki")[s_adm]
    parts = []
    for j, (itemid, _label, _uom, mean, every_h) in enumerate(cat.OUTPUT_ITEMS):
        mask = foley if itemid == 226559 else (~foley if itemid == 226560 else rng.random(ns) < 0.1)
        s, t, _ = _schedule(rng, t0, t1, every_h * 60 / density, mask)
        v = np.round(mean * np.exp(0.5 * rng.standard_normal(len(s))) * np.where(aki[s], 0.4, 1.0))
        parts.append((s, t, np.full(len(s), j), np.maximum(v, 1)))
    s, t, j, v = _stack_by_stay_time_item(parts)
    n = len(s)
    return pl.DataFrame({
        "subject_id": c.a_subject[s_adm[s]], "hadm_id": c.hadm_id[s_adm[s]], "stay_id": c.stay_id[s],
        "caregiver_id": caregivers[rng.integers(0, len(caregivers), n)], "charttime": to_datetime(t),
        "storetime": to_datetime(t + rng.integers(1, 60, n)),
        "itemid": pl.Series([x[0] for x in cat.OUTPUT_ITEMS]).gather(pl.Series(j)), "value": v,
        "valueuom": pick([x[2] for x in cat.OUTPUT_ITEMS], j),
    })


def datetimeevents_frame(rng: np.random.Generator, c: Cohort, caregivers: np.ndarray) -> pl.DataFrame:
    s_adm = c.s_adm
    ns = len(s_adm)
    t0, t1 = c.icu_in[s_adm], c.icu_out[s_adm]
    female_young = (c.gender[c.a_pat[s_adm]] == 0) & (c.anchor_age[c.a_pat[s_adm]] < 50)
    masks = [rng.random(ns) < 0.8, rng.random(ns) < 0.5, c.vent[s_adm] | (rng.random(ns) < 0.3), rng.random(ns) < 0.4,
             female_young]
    every = [90, 120, 90, 120, 10 ** 9]  # line checks charted every 1.5-2 h (MIMIC ~106 datetimeevents / stay)
    parts = []
    for j, (mask, ev) in enumerate(zip(masks, every, strict=True)):
        s, t, _ = _schedule(rng, t0, t1, ev, mask)
        inserted = t0[s] - rng.integers(0, 2 * 1440, ns)[s]
        val = np.where(j == 4, t0[s] - rng.integers(5, 40, ns)[s] * 1440, inserted)
        val = val - val % 1440 if j == 4 else val
        parts.append((s, t, np.full(len(s), j), val))
    s, t, j, val = _stack_by_stay_time_item(parts)
    n = len(s)
    return pl.DataFrame({
        "subject_id": c.a_subject[s_adm[s]], "hadm_id": c.hadm_id[s_adm[s]], "stay_id": c.stay_id[s],
        "caregiver_id": caregivers[rng.integers(0, len(caregivers), n)], "charttime": to_datetime(t),
        "storetime": to_datetime(t + rng.integers(1, 30, n)),
        "itemid": pl.Series([x[0] for x in cat.DATETIME_ITEMS]).gather(pl.Series(j)), "value": to_datetime(val),
        "valueuom": pl.Series(["Date"] * n, dtype=pl.String), "warning": np.zeros(n, dtype=np.int16),
    })
