"""The pandas baseline: availability per entity, service and month from the
probe CSV (a probe covers [t, next probe); a gap over twice the cadence counts
one cadence; down 1, partial 0.3, degraded 0, up 0) and MTTR (mean and median
TTR) per entity and month from the incident CSV. Reads in chunks so that a
year of probes fits in memory.

usage: /usr/bin/python3 pandas_eval.py PROBES.CSV INCIDENTS.CSV"""
import sys

import numpy as np
import pandas as pd

CADENCE = 60
WEIGHT = {"down": 1.0, "partial": 0.3, "degraded": 0.0, "up": 0.0, "maintenance": 1.0}


def seconds(col):
    return pd.to_datetime(col, format="%Y-%m-%dT%H:%M:%SZ").astype("int64") // 10**9


def availability(path):
    """Sums weighted downtime and known time per (series, month) in numpy
    arrays; the last probe of each series in a chunk waits for the next chunk."""
    series, down, known = {}, {}, {}
    carry = None

    def account(sid, t, covers, weight):
        month = t.astype("datetime64[s]").astype("datetime64[M]").astype("int64")
        key = pd.DataFrame({"sid": sid, "month": month, "known": covers,
                            "down": covers * weight})
        for (s, m), row in key.groupby(["sid", "month"])[["known", "down"]].sum().iterrows():
            known[(s, m)] = known.get((s, m), 0) + row["known"]
            down[(s, m)] = down.get((s, m), 0) + row["down"]

    for chunk in pd.read_csv(path, usecols=["time", "entity", "service", "status"],
                             dtype={"entity": "category", "service": "category",
                                    "status": "category"}, chunksize=4_000_000):
        ent, svc = chunk["entity"].cat, chunk["service"].cat
        pair = ent.codes.to_numpy().astype(np.int64) * len(svc.categories) + svc.codes.to_numpy()
        uniq, inverse = np.unique(pair, return_inverse=True)
        ids = np.array([series.setdefault((ent.categories[u // len(svc.categories)],
                                           svc.categories[u % len(svc.categories)]),
                                          len(series)) for u in uniq])
        sid = ids[inverse]
        t = seconds(chunk["time"]).to_numpy()
        stat = chunk["status"].cat
        weight = np.array([WEIGHT.get(c.lower(), 0.0) for c in stat.categories])[stat.codes]
        if carry is not None:
            sid = np.concatenate([carry[0], sid])
            t = np.concatenate([carry[1], t])
            weight = np.concatenate([carry[2], weight])
        order = np.lexsort((t, sid))
        sid, t, weight = sid[order], t[order], weight[order]
        last = np.ones(len(sid), dtype=bool)
        last[:-1] = sid[1:] != sid[:-1]
        gap = np.empty(len(t), dtype=np.int64)
        gap[:-1] = t[1:] - t[:-1]
        covers = np.where(gap <= 2 * CADENCE, gap, CADENCE)
        keep = ~last
        account(sid[keep], t[keep], covers[keep], weight[keep])
        carry = (sid[last], t[last], weight[last])
    if carry is not None:
        account(carry[0], carry[1], np.full(len(carry[0]), CADENCE), carry[2])
    result = pd.DataFrame({"known": pd.Series(known), "down": pd.Series(down)})
    result["availability"] = 1 - result["down"] / result["known"]
    return result


def mttr(path):
    inc = pd.read_csv(path, usecols=["entity", "started", "detected", "resolved"])
    start = seconds(inc["started"].fillna(inc["detected"]))
    ttr = seconds(inc["resolved"]) - start
    frame = pd.DataFrame({"entity": inc["entity"], "ttr": ttr,
                          "month": pd.to_datetime(start, unit="s").dt.to_period("M")})
    return frame.groupby(["entity", "month"])["ttr"].agg(["count", "mean", "median"])


def main():
    avail = availability(sys.argv[1])
    times = mttr(sys.argv[2])
    print(f"{len(avail)} service-months, mean availability {avail['availability'].mean():.6f}; "
          f"{len(times)} entity-months, MTTR {times['mean'].mean():.0f} s")


if __name__ == "__main__":
    main()
