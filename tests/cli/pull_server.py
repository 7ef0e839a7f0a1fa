#!/usr/bin/env python3
"""A stand-in for the services' APIs that `slaudit pull` reads, for the tests
of tests/cli/pull.sh: listens on 127.0.0.1 on a port of the system's choice
(written to PORTFILE), answers in each API's shape, and logs every request
(its path, and whether it carried the expected token) to LOG.

URL layout: /MODE/KIND/... where MODE says how to answer:
  ok        as the API would
  500once   HTTP 500 on the first request of each path, then as ok
  429once   HTTP 429 with Retry-After: 1 on the first request, then as ok
  truncated a Content-Length longer than the body, then the connection closed
  slow      waits 3 s before answering
  deny      HTTP 401
KIND is sp (statuspage), pd (PagerDuty), og (Opsgenie), io (incident.io),
prom (Prometheus). When the file PHASE2 exists in the state folder the
services answer as they would later: an incident resolved since, a new one.
Every body served is also written to DUMP/NNN.json, for the tests to ingest
them as files.

usage: PULL_SERVER_TOKEN=TOKEN pull_server.py STATEDIR (the token in the
environment, not the command line, which ps shows)
"""
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

STATE = sys.argv[1]
TOKEN = os.environ["PULL_SERVER_TOKEN"]
LOCK = threading.Lock()
SEEN = {}
COUNTER = [0]


def later():
    return os.path.exists(os.path.join(STATE, "PHASE2"))


# ---- Statuspage API v2 -------------------------------------------------

PAGE = {"id": "kctbh9vrtdwd", "name": "Example Cloud", "url": "https://status.example.test",
        "time_zone": "Etc/UTC", "updated_at": "2026-11-20T10:00:00.000Z"}


def sp_update(iid, n, status, at, comp_status):
    return {"id": "upd%s%d" % (iid, n), "status": status, "body": "Update %d." % n,
            "incident_id": iid, "created_at": at, "updated_at": at, "display_at": at,
            "affected_components": [{"code": "cmp1", "name": "API", "old_status": "operational",
                                     "new_status": comp_status}],
            "deliver_notifications": True, "custom_tweet": None, "tweet_id": None}


def sp_incident(iid, name, start, end):
    ups = [sp_update(iid, 1, "investigating", start, "major_outage")]
    if end:
        ups.insert(0, sp_update(iid, 2, "resolved", end, "operational"))
    return {"id": iid, "name": name, "status": "resolved" if end else "investigating",
            "created_at": start, "updated_at": end or start, "monitoring_at": None,
            "resolved_at": end, "impact": "major", "shortlink": "https://stspg.io/" + iid,
            "started_at": start, "page_id": PAGE["id"], "incident_updates": ups,
            "components": [{"id": "cmp1", "name": "API", "status": "operational",
                            "created_at": "2025-01-01T00:00:00.000Z",
                            "updated_at": "2026-11-01T00:00:00.000Z", "position": 1,
                            "description": None, "showcase": True, "start_date": None,
                            "group_id": None, "page_id": PAGE["id"], "group": False,
                            "only_show_if_degraded": False}]}


def statuspage(path):
    if path.endswith("/api/v2/incidents.json"):
        incs = [sp_incident("inc2", "Elevated errors", "2026-11-10T08:00:00.000Z",
                            "2026-11-10T08:45:00.000Z" if later() else None),
                sp_incident("inc1", "API outage", "2026-11-03T12:00:00.000Z",
                            "2026-11-03T13:30:00.000Z")]
        return {"page": PAGE, "incidents": incs}
    if path.endswith("/api/v2/scheduled-maintenances.json"):
        return {"page": PAGE, "scheduled_maintenances": [{
            "id": "mnt1", "name": "Database upgrade", "status": "completed",
            "created_at": "2026-11-01T00:00:00.000Z", "updated_at": "2026-11-06T04:00:00.000Z",
            "monitoring_at": None, "resolved_at": "2026-11-06T04:00:00.000Z", "impact":
            "maintenance", "shortlink": "https://stspg.io/mnt1",
            "started_at": "2026-11-06T02:00:00.000Z", "page_id": PAGE["id"],
            "scheduled_for": "2026-11-06T02:00:00.000Z",
            "scheduled_until": "2026-11-06T04:00:00.000Z",
            "incident_updates": [{"id": "mu1", "status": "scheduled", "body": "Planned.",
                                  "incident_id": "mnt1", "created_at": "2026-11-01T00:00:00.000Z",
                                  "updated_at": "2026-11-01T00:00:00.000Z",
                                  "display_at": "2026-11-01T00:00:00.000Z",
                                  "affected_components": [{"code": "cmp1", "name": "API",
                                                           "old_status": "operational",
                                                           "new_status": "operational"}]}],
            "components": [{"id": "cmp1", "name": "API", "status": "operational"}]}]}
    if path.endswith("/api/v2/components.json"):
        return {"page": PAGE, "components": [{"id": "cmp1", "name": "API",
                                              "status": "operational", "position": 1,
                                              "created_at": "2025-01-01T00:00:00.000Z",
                                              "updated_at": "2026-11-01T00:00:00.000Z",
                                              "group": False, "group_id": None}]}
    return None


# ---- PagerDuty REST API v2 --------------------------------------------


def pd_incident(n, created, status, resolved_at=None, acked=None):
    inc = {"id": "Q%05dABC" % n, "type": "incident", "summary": "[#%d] Disk full" % n,
           "incident_number": n, "title": "Disk full on db-%d" % n, "created_at": created,
           "updated_at": resolved_at or created, "status": status, "urgency": "high",
           "incident_key": "key%d" % n, "last_status_change_at": resolved_at or acked or created,
           "service": {"id": "PSVC1", "type": "service_reference", "summary": "Payments API"},
           "priority": {"id": "PP1", "type": "priority", "summary": "P2"},
           "teams": [{"id": "PT1", "type": "team_reference", "summary": "Payments"}],
           "acknowledgements": [], "assignments": []}
    if acked:
        inc["acknowledgements"] = [{"at": acked, "acknowledger": {"id": "PU1",
                                                                "type": "user_reference"}}]
    if resolved_at:
        inc["resolved_at"] = resolved_at
    return inc


def pagerduty(path, q):
    if not path.endswith("/incidents"):
        return None
    incs = [pd_incident(1, "2026-11-02T10:00:00Z", "resolved", "2026-11-02T11:00:00Z"),
            pd_incident(2, "2026-11-05T03:00:00Z", "resolved", "2026-11-05T03:40:00Z",
                        "2026-11-05T03:05:00Z"),
            pd_incident(3, "2026-11-09T22:00:00Z", "resolved", "2026-11-09T23:15:00Z"),
            pd_incident(4, "2026-11-12T07:30:00Z", "resolved" if later() else "acknowledged",
                        "2026-11-12T09:00:00Z" if later() else None, "2026-11-12T07:36:00Z")]
    if later():
        incs.append(pd_incident(5, "2026-11-14T16:00:00Z", "triggered"))
    offset = int(q.get("offset", ["0"])[0])
    limit = 2  # the server pages by two, whatever was asked
    page = incs[offset:offset + limit]
    return {"incidents": page, "limit": limit, "offset": offset, "total": None,
            "more": offset + limit < len(incs) or (offset + limit == len(incs) and
                                                 len(page) == limit)}


# ---- Opsgenie Alert API v2 --------------------------------------------


def og_alert(n, created, status, closed_ms=None):
    a = {"seen": True, "id": "a%04d-og" % n, "tinyId": str(100 + n), "alias": "alias%d" % n,
         "message": "CPU high on node-%d" % n, "status": status, "acknowledged": False,
         "isSeen": True, "tags": ["prod"], "snoozed": False, "count": 1,
         "lastOccurredAt": created, "createdAt": created, "updatedAt": created,
         "source": "prometheus", "owner": "", "priority": "P2",
         "teams": [{"id": "t1"}], "responders": [], "integration": {"id": "i1", "name": "api",
                                                                   "type": "API"},
         "report": {"ackTime": 120000}, "ownerTeamId": "t1"}
    if closed_ms:
        a["report"]["closeTime"] = closed_ms
    return a


def opsgenie(path, q, host):
    if not path.endswith("/v2/alerts"):
        return None
    alerts = [og_alert(1, "2026-11-04T01:00:00.000Z", "closed", 1800000),
              og_alert(2, "2026-11-07T05:00:00.000Z", "closed", 600000),
              og_alert(3, "2026-11-11T09:00:00.000Z", "closed", 3600000)]
    offset = int(q.get("offset", ["0"])[0])
    page = alerts[offset:offset + 2]
    paging = {"first": "http://%s%s?offset=0&limit=2" % (host, path)}
    if offset + 2 < len(alerts):
        paging["next"] = "http://%s%s?offset=%d&limit=2" % (host, path, offset + 2)
    return {"data": page, "paging": paging, "took": 0.01, "requestId": "req-%d" % offset}


# ---- incident.io API v2 -------------------------------------------------


def io_incident(n, created, resolved):
    return {"id": "01HIO%04d" % n, "reference": "INC-%d" % n, "name": "Checkout errors %d" % n,
            "created_at": created, "updated_at": resolved,
            "incident_status": {"id": "st", "name": "Closed", "category": "closed"},
            "severity": {"id": "sev", "name": "Major", "rank": 2},
            "incident_timestamp_values": [
                {"incident_timestamp": {"id": "t1", "name": "Impact started", "rank": 1},
                 "value": {"value": created}},
                {"incident_timestamp": {"id": "t2", "name": "Resolved", "rank": 2},
                 "value": {"value": resolved}}]}


def incidentio(path, q):
    if not path.endswith("/v2/incidents"):
        return None
    if q.get("after", [""])[0] == "01HIO0002":
        return {"incidents": [io_incident(3, "2026-11-13T10:00:00Z", "2026-11-13T10:30:00Z")],
                "pagination_meta": {"page_size": 250, "total_record_count": 3}}
    return {"incidents": [io_incident(1, "2026-11-01T10:00:00Z", "2026-11-01T11:00:00Z"),
                          io_incident(2, "2026-11-08T10:00:00Z", "2026-11-08T12:00:00Z")],
            "pagination_meta": {"after": "01HIO0002", "page_size": 250,
                                "total_record_count": 3}}


# ---- Prometheus HTTP API ------------------------------------------------

DOWN_FROM, DOWN_TO = 1794096000, 1794096000 + 600  # 2026-11-08T00:00Z, ten minutes down


def prometheus(path, q):
    if not path.endswith("/api/v1/query_range"):
        return None
    start, end, step = (int(float(q[k][0])) for k in ("start", "end", "step"))
    if (end - start) // step + 1 > 11000:
        return ("error", {"status": "error", "errorType": "bad_data",
                          "error": "exceeded maximum resolution of 11,000 points per "
                                   "timeseries. Try decreasing the query resolution "
                                   "(?step=XX)"})
    values = [[t, "0" if DOWN_FROM <= t < DOWN_TO else "1"] for t in range(start, end + 1, step)]
    return {"status": "success", "data": {"resultType": "matrix", "result": [
        {"metric": {"__name__": "up", "instance": "api-1:9100", "job": "node"},
         "values": values}]}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, code, body, extra=()):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = urlsplit(self.path)
        q = parse_qs(parts.query)
        segs = parts.path.split("/", 3)
        mode, kind, rest = (segs + ["", "", "", ""])[1:4]
        auth = self.headers.get("Authorization", "")
        with LOCK:
            first = self.path not in SEEN
            SEEN[self.path] = SEEN.get(self.path, 0) + 1
            COUNTER[0] += 1
            number = COUNTER[0]  # in the order asked, which is the order served
            with open(os.path.join(STATE, "requests.log"), "a") as log:
                log.write("%s %s token=%s\n" % (mode, self.path,
                                                "yes" if TOKEN in auth else "no"))
        if mode == "slow":
            time.sleep(3)
        if mode == "deny":
            return self.send(401, {"error": {"message": "Unauthorized", "code": 2006}})
        if mode == "500once" and first:
            return self.send(500, {"error": "internal"})
        if mode == "429once" and first:
            return self.send(429, {"message": "Rate limit exceeded"}, [("Retry-After", "1")])
        needs_token = kind in ("pd", "og", "io")
        if needs_token and TOKEN not in auth:
            return self.send(401, {"error": {"message": "Unauthorized"}})
        answer = {"sp": lambda: statuspage("/" + rest),
                  "pd": lambda: pagerduty("/" + rest, q),
                  "og": lambda: opsgenie("/" + rest, q, self.headers.get("Host")),
                  "io": lambda: incidentio("/" + rest, q),
                  "prom": lambda: prometheus("/" + rest, q)}.get(kind, lambda: None)()
        if answer is None:
            return self.send(404, {"error": "not found"})
        if isinstance(answer, tuple):
            return self.send(400, answer[1])
        if mode == "truncated":
            data = json.dumps(answer).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data[:len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            return None
        # Kept before it is sent, so that it is there once the client has it.
        name = os.path.join(STATE, "dump", "%03d-%s.json" % (number, kind))
        with open(name, "wb") as f:
            f.write(json.dumps(answer).encode())
        self.send(200, answer)
        return None


def main():
    os.makedirs(os.path.join(STATE, "dump"), exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    with open(os.path.join(STATE, "port.tmp"), "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(os.path.join(STATE, "port.tmp"), os.path.join(STATE, "port"))
    server.serve_forever()


if __name__ == "__main__":
    main()
