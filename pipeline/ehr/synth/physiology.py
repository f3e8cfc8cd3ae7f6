"""A physiological state per ICU stay that drives the bedside measurements jointly.

Each stay gets a 15-minute grid; on it run an acuity curve (shock that resolves under treatment, a terminal
decline when the patient dies in the unit) and smooth AR(1) courses per stay for arterial pressure, pulse pressure,
heart rate, respiration, oxygenation, temperature and consciousness. The charted values are read off that state:
a blood-pressure triple is one cuff (or arterial) reading with mean = (systolic + 2 x diastolic) / 3 up to monitor
noise; heart rate follows fever and shock; GCS eye, verbal and motor are charted together from one level of
consciousness. Vitals are charted hourly, every 30 minutes while the patient is unstable.
"""

from dataclasses import dataclass

import numpy as np
from scipy.signal import lfilter

from pipeline.ehr.synth.util import expand

GRID_MIN = 15
HOURLY, UNSTABLE = 4, 2  # grid steps between vital-sign rows: stable, unstable
TEMP_EVERY, GCS_EVERY = 16, 16  # every 4 h
# chart items whose values come from the state (icu.chartevents_frame skips them in its per-item loop)
STATE_ITEMS = frozenset({220045, 220210, 220277, 220179, 220180, 220181, 220050, 220051, 220052, 223761, 223762,
                         220739, 223900, 223901})


def ar1(rng: np.random.Generator, group: np.ndarray, pos: np.ndarray, phi: float) -> np.ndarray:
    """A stationary AR(1) course with unit variance per group (rows grouped and in order), all groups at once.

    One filter runs over the concatenation; the previous group's tail leaks into a group as phi^(pos+1) * y[a-1],
    which is removed exactly."""
    n = len(group)
    if n == 0:
        return np.zeros(0)
    e = rng.standard_normal(n)
    e = np.where(pos == 0, e, e * np.sqrt(1 - phi * phi))
    y = lfilter([1.0], [1.0, -phi], e)
    first = np.flatnonzero(pos == 0)
    starts = first[first > 0]
    prev_val = np.zeros(n)
    prev_val[starts] = y[starts - 1]
    # carry each group's leak base along its rows
    idx = np.maximum.accumulate(np.where(pos == 0, np.arange(n), 0))
    prev = prev_val[idx]
    return y - phi ** (pos + 1.0) * prev


@dataclass
class StayState:
    s: np.ndarray  # stay index of each grid point
    k: np.ndarray  # grid position inside the stay
    t: np.ndarray  # minutes
    acuity: np.ndarray  # 0 (stable) .. 1 (in shock / dying)
    map: np.ndarray
    pp: np.ndarray  # pulse pressure
    hr: np.ndarray
    rr: np.ndarray
    spo2: np.ndarray
    temp_c: np.ndarray
    gcs_deficit: np.ndarray  # 0 = fully conscious .. 12 = GCS 3
    charted: np.ndarray  # vital signs charted at this grid point

    def at(self, mask: np.ndarray) -> "StayState":
        return StayState(*(getattr(self, f)[mask] for f in self.__dataclass_fields__))


def stay_state(rng: np.random.Generator, t0: np.ndarray, t1: np.ndarray, f: dict[str, np.ndarray]) -> StayState:
    """The state of every stay on its grid. f holds per-stay flags: sepsis, shock, afib, copd, stroke, vent,
    hypertension, died_in_unit, resp (a respiratory cause), age."""
    ns = len(t0)
    n_grid = np.maximum((t1 - t0 - 1) // GRID_MIN + 1, 1)
    s, k = expand(n_grid)
    t = t0[s] + GRID_MIN * k
    h = k * GRID_MIN / 60.0
    stay_h = (t1 - t0)[s] / 60.0
    z = rng.standard_normal((ns, 8))
    # acuity: shock resolving with a time constant of ~18 h (at most 40% of the stay), sepsis without shock
    # milder, a terminal decline over the last 12 h of a death in the unit, a little at arrival for everyone
    tau = np.minimum(np.exp(np.log(18) + 0.5 * z[:, 0]), 0.4 * (t1 - t0) / 60.0)
    amp = np.where(f["shock"], 0.7 + 0.3 * rng.random(ns), np.where(f["sepsis"], 0.45, 0.15))
    early = amp[s] * np.exp(-h / np.where(f["shock"] | f["sepsis"], tau, 4.0)[s])
    to_end = stay_h - h
    terminal = np.where(f["died_in_unit"][s], np.clip(1 - to_end / np.minimum(12, 0.5 * stay_h), 0, 1), 0)
    acuity = np.maximum(early, terminal)
    shock = f["shock"][s]
    sepsis = f["sepsis"][s]
    # mean arterial pressure: the stay's own level, hypertension higher, shock lower despite vasopressors
    map_b = 83 + 9 * z[:, 1] + 7 * f["hypertension"] + 10 * f["stroke"] - 3 * f["sepsis"]
    ar_map = ar1(rng, s, k, 0.97)
    surge = rng.random(len(s)) < 0.004  # pain, agitation, a hypertensive surge
    mapv = map_b[s] - acuity * np.where(shock, 22, 10) + 7.5 * ar_map + np.where(surge, 25 + 15 * rng.random(len(s)), 0)
    mapv = np.clip(mapv, 38, 165)
    pp_b = 50 + 0.35 * (f["age"] - 60) + 9 * z[:, 2]
    pp = np.clip(pp_b[s] - 10 * acuity + 6 * ar1(rng, s, k, 0.95), 20, 110)
    # temperature: fever of sepsis falling under antibiotics (and antipyretics), hypothermia of a terminal decline
    fever = np.where(sepsis, (1.0 + 0.8 * rng.random(ns))[s] * np.exp(-h / 30), 0)
    temp = 36.9 + 0.25 * z[s, 3] + fever - 1.2 * terminal + 0.3 * ar1(rng, s, k, 0.95)
    temp = np.clip(temp, 32.0, 41.5)
    # heart rate: the stay's level, tachycardia with shock, sepsis, fever and terminal decline; AF irregular
    hr_b = 80 + 10 * z[:, 4] + 12 * f["afib"]
    hr = hr_b[s] + 25 * acuity * (shock | sepsis) + 8 * np.maximum(temp - 37.2, 0) + 7 * ar1(rng, s, k, 0.95)
    hr = hr + np.where(f["afib"][s], 9 * rng.standard_normal(len(s)), 0)
    spike = rng.random(len(s)) < 0.004  # runs of tachycardia (rapid AF, pain, agitation)
    hr = np.clip(np.where(spike, hr + 30 + 30 * rng.random(len(s)), hr), 28, 210)
    # respiration: set on the ventilator, faster when sick otherwise
    rr = np.where(f["vent"][s], 16 + 2 * z[s, 5] + 2 * ar1(rng, s, k, 0.9),
                  17 + 2.5 * z[s, 5] + 9 * acuity + 3 * ar1(rng, s, k, 0.9))
    rr = np.clip(rr, 6, 48)
    # oxygen saturation: high with a heavy lower tail (COPD, respiratory failure, desaturation episodes)
    resp = f["resp"][s] | f["copd"][s]
    spo2 = 98.3 + 0.8 * z[s, 6] - 2.5 * f["copd"][s] - 5 * acuity * resp - np.abs(1.3 * ar1(rng, s, k, 0.9))
    dip = rng.random(len(s)) < 0.015
    spo2 = np.where(dip, spo2 - np.exp(np.log(7) + 0.5 * rng.standard_normal(len(s))), spo2)
    spo2 = np.clip(spo2, 55, 100)
    # consciousness: stroke deficit, sedation on the ventilator, encephalopathy of shock and dying
    deficit = (np.where(f["stroke"], 2 + 5 * rng.random(ns), 0)[s] + np.where(f["vent"], 4 + 5 * rng.random(ns), 0)[s]
               + 4 * acuity + 1.2 * np.abs(ar1(rng, s, k, 0.95)))
    deficit = np.clip(deficit, 0, 12)
    unstable = acuity > 0.5
    charted = (k % HOURLY == 0) | (unstable & (k % UNSTABLE == 0))
    return StayState(s, k, t, acuity, mapv, pp, hr, rr, spo2, temp, deficit, charted)


def bp_triple(rng: np.random.Generator, mapv: np.ndarray, pp: np.ndarray, arterial: bool
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One reading: the monitor's mean, and systolic/diastolic around it with mean ~ (S + 2D)/3."""
    n = len(mapv)
    m = mapv + rng.normal(0, 2.0 if arterial else 3.0, n)
    p = np.clip(pp * (1.1 if arterial else 1.0) + rng.normal(0, 4, n), 18, None)
    p = np.minimum(p, 3 * (m - 15))
    d = m - p / 3 + rng.normal(0, 1.2, n)
    s = d + p + rng.normal(0, 2.0, n)
    return np.round(s), np.round(d), np.round(m)


def gcs_scores(rng: np.random.Generator, deficit: np.ndarray, vent: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Eye (1-4), verbal (1-5) and motor (1-6) from one level of consciousness; intubated patients: verbal 1."""
    n = len(deficit)
    eye = np.clip(np.round(4 - 0.3 * deficit + rng.normal(0, 0.35, n)), 1, 4)
    verbal = np.clip(np.round(5 - 0.4 * deficit + rng.normal(0, 0.4, n)), 1, 5)
    verbal = np.where(vent, 1, verbal)
    motor = np.clip(np.round(6 - 0.42 * deficit + rng.normal(0, 0.4, n)), 1, 6)
    return eye.astype(np.int64), verbal.astype(np.int64), motor.astype(np.int64)
