/* rules_perf.c — checks on measured performance and incident handling: AVL,
 * MNT, INC and GPU rules. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/rules_checks.h"
#include "engine/time/sltime.h"

#define HOUR 3600
#define DAY 86400

/* The uptime target of month m: the one the evaluation chose for it, so the
 * findings judge each month against the target every report shows (NAN when
 * nothing is committed and the profile states no objective). */
static double
target_for(const struct audit_month *m, const char **from)
{
    *from = m->target_from;
    return m->target_percent;
}

/* The month as the audit's zone counts it: a month of Europe/Berlin begins
 * the evening before in UTC. */
static void
month_label(int64_t start, const char *zone, char out[96])
{
    struct sl_civil c;
    sltime_to_civil(start, zone, &c, NULL);
    if (zone && strcmp(zone, "UTC"))
        snprintf(out, 96, "%04d-%02d (%s)", c.year, c.month, zone);
    else
        snprintf(out, 96, "%04d-%02d", c.year, c.month);
}

static bool
month_breached(const struct audit_month *m, double *target)
{
    const char *from;
    *target = target_for(m, &from);
    return m->known && !isnan(*target) && 100.0 * m->availability < *target;
}

RULE_CHECK(check_avl001)
{
    const struct audit_data *d = ctx->data;
    bool any_target = false;
    for (size_t i = 0; i < d->nmonths; i++) {
        const struct audit_month *m = &d->months[i];
        if (!m->service)
            continue;
        const char *from;
        double target = target_for(m, &from);
        if (isnan(target))
            continue;
        any_target = true;
        if (!month_breached(m, &target))
            continue;
        char label[96];
        month_label(m->start, d->zone, label);
        double allowed = (1 - target / 100.0) * (double)(m->end - m->start) / 60.0;
        double measured = (1 - m->availability) * (double)(m->end - m->start) / 60.0;
        struct finding *f = audit_finding(
            ctx, rule, NULL, m->service, m->start, m->end, label,
            "%s availability in %s was %.3f %%, below the %g %% committed in %s (about %.0f "
            "min of downtime against %.0f allowed; neutral measure)",
            m->service, label, 100.0 * m->availability, target, from, measured, allowed);
        findings_evidence(ctx->findings, f, "month", label, m->start, m->end, NULL, 0,
                          "availability %.5f against target %.5f", m->availability, target / 100.0);
    }
    if (!any_target)
        audit_no_data(ctx, "no SLA uptime target stored and no slo_percent in the profile");
}

RULE_CHECK(check_avl002)
{
    const struct audit_data *d = ctx->data;
    int consecutive = (int)audit_param(ctx, rule, "consecutive_months");
    int of_window = (int)audit_param(ctx, rule, "breaches_in_window");
    int window = (int)audit_param(ctx, rule, "window_months");
    bool any_target = false;
    /* Months come sorted by service then start; walk each service's run. */
    for (size_t i = 0; i < d->nmonths;) {
        size_t j = i;
        while (j < d->nmonths && d->months[j].service && d->months[i].service &&
               !strcmp(d->months[j].service, d->months[i].service))
            j++;
        if (j == i) {
            i++;
            continue;
        }
        int run = 0, best_run = 0, best_in_window = 0;
        double target = NAN;
        for (size_t k = i; k < j; k++) {
            bool b = month_breached(&d->months[k], &target);
            any_target |= !isnan(target);
            run = b ? run + 1 : 0;
            if (run > best_run)
                best_run = run;
            int in_window = 0;
            for (size_t w = k + 1 > (size_t)window + i ? k + 1 - (size_t)window : i; w <= k; w++)
                in_window += month_breached(&d->months[w], &target);
            if (in_window > best_in_window)
                best_in_window = in_window;
        }
        if (best_run >= consecutive || best_in_window >= of_window) {
            struct finding *f =
                audit_finding(ctx, rule, NULL, d->months[i].service, d->months[i].start,
                              d->months[j - 1].end, d->months[i].service,
                              "%s missed its %g %% objective in %d consecutive months and %d of %d "
                              "(chronic failure at %d consecutive or %d of %d)",
                              d->months[i].service, target, best_run, best_in_window, window,
                              consecutive, of_window, window);
            for (size_t k = i; k < j; k++) {
                if (!month_breached(&d->months[k], &target))
                    continue;
                char label[96];
                month_label(d->months[k].start, d->zone, label);
                findings_evidence(ctx->findings, f, "month", label, d->months[k].start,
                                  d->months[k].end, NULL, 0, "availability %.5f",
                                  d->months[k].availability);
            }
        }
        i = j;
    }
    if (!any_target)
        audit_no_data(ctx, "no SLA uptime target stored and no slo_percent in the profile");
}

RULE_CHECK(check_avl003)
{
    const struct audit_data *d = ctx->data;
    double down = audit_param(ctx, rule, "down_minutes") * 60;
    double limited = audit_param(ctx, rule, "limited_minutes") * 60;
    if (!d->nmonths && !d->nruns) {
        audit_no_data(ctx, "no status intervals stored for the entity");
        return;
    }
    for (size_t i = 0; i < d->nruns; i++) {
        const struct audit_run_of *r = &d->runs[i];
        double len = (double)(r->end - r->start);
        bool is_down = r->status == SVC_DOWN;
        if (!(is_down ? len > down : len > limited))
            continue;
        char a[24], subject[48];
        audit_time_text(r->start, a);
        snprintf(subject, sizeof subject, "%s", a);
        struct finding *f = audit_finding(
            ctx, rule, NULL, r->service, r->start, r->end, subject,
            "%s was %s for %.0f min from %s (over %.0f min): a NIS2 significant-incident candidate",
            r->service, is_down ? "completely unavailable" : "partially available", len / 60.0, a,
            (is_down ? down : limited) / 60.0);
        findings_evidence(ctx->findings, f, "interval", NULL, r->start, r->end, NULL, 0, "%s",
                          is_down ? "down" : "partial");
    }
}

static bool
is_major(const struct audit_incident *inc)
{
    return inc->severity && (!strcmp(inc->severity, "sev1") || !strcmp(inc->severity, "sev2"));
}

RULE_CHECK(check_avl004)
{
    const struct audit_data *d = ctx->data;
    double downtime = audit_param(ctx, rule, "downtime_hours") * HOUR;
    double duration = audit_param(ctx, rule, "duration_hours") * HOUR;
    for (size_t i = 0; i < d->nruns; i++) {
        const struct audit_run_of *r = &d->runs[i];
        if (r->status != SVC_DOWN || !profile_is_critical(&d->profile, r->service) ||
            (double)(r->end - r->start) <= downtime)
            continue;
        char a[24];
        audit_time_text(r->start, a);
        struct finding *f = audit_finding(
            ctx, rule, NULL, r->service, r->start, r->end, a,
            "critical service %s was down for %.0f min from %s, over the %.3g h DORA downtime "
            "threshold",
            r->service, (double)(r->end - r->start) / 60.0, a, downtime / HOUR);
        findings_evidence(ctx->findings, f, "interval", NULL, r->start, r->end, NULL, 0, "down");
    }
    for (size_t i = 0; i < d->nincidents; i++) {
        const struct audit_incident *inc = &d->incidents[i];
        int64_t start = inc->started != SLTIME_NONE ? inc->started : inc->detected;
        int64_t end = inc->resolved != SLTIME_NONE ? inc->resolved : d->to;
        if (!audit_rule_fits(rule, inc) || !is_major(inc) || start == SLTIME_NONE ||
            (double)(end - start) <= duration)
            continue;
        struct finding *f =
            audit_finding(ctx, rule, NULL, inc->service, start, end, inc->key,
                          "incident %s lasted %.1f h%s, over the %.3g h DORA duration threshold",
                          inc->key, (double)(end - start) / HOUR,
                          inc->resolved == SLTIME_NONE ? " (still open)" : "", duration / HOUR);
        audit_evidence_incident(ctx, f, inc, "%s", inc->title ? inc->title : "");
    }
    if (!d->profile.ncritical)
        snprintf(ctx->status->why, sizeof ctx->status->why,
                 "the profile names no critical services: only incident duration checked");
}

static int
incident_start_cmp(const void *a, const void *b)
{
    const struct audit_incident *const *x = a, *const *y = b;
    int c = strcmp((*x)->root_cause_tag, (*y)->root_cause_tag);
    if (c)
        return c;
    int64_t sx = (*x)->started != SLTIME_NONE ? (*x)->started : (*x)->detected;
    int64_t sy = (*y)->started != SLTIME_NONE ? (*y)->started : (*y)->detected;
    return sx < sy ? -1 : sx > sy ? 1 : strcmp((*x)->key, (*y)->key);
}

static int64_t
incident_start(const struct audit_incident *inc)
{
    return inc->started != SLTIME_NONE ? inc->started : inc->detected;
}

RULE_CHECK(check_avl005)
{
    const struct audit_data *d = ctx->data;
    int min = (int)audit_param(ctx, rule, "min_incidents");
    int64_t window = (int64_t)(audit_param(ctx, rule, "window_days") * DAY);
    const struct audit_incident **tagged = calloc(d->nincidents + 1, sizeof *tagged);
    size_t n = 0;
    if (!tagged) {
        ctx->findings->nomem = true;
        return;
    }
    for (size_t i = 0; i < d->nincidents; i++)
        if (audit_rule_fits(rule, &d->incidents[i]) && d->incidents[i].root_cause_tag &&
            incident_start(&d->incidents[i]) != SLTIME_NONE)
            tagged[n++] = &d->incidents[i];
    if (!n)
        audit_no_data(ctx, "no incident or postmortem carries a root_cause_tag");
    qsort(tagged, n, sizeof *tagged, incident_start_cmp);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && !strcmp(tagged[j]->root_cause_tag, tagged[i]->root_cause_tag))
            j++;
        /* The largest set of same-tag incidents within one window. */
        size_t best_lo = i, best_n = 0;
        for (size_t lo = i, hi = i; hi < j; hi++) {
            while (incident_start(tagged[hi]) - incident_start(tagged[lo]) > window)
                lo++;
            if (hi - lo + 1 > best_n) {
                best_n = hi - lo + 1;
                best_lo = lo;
            }
        }
        if ((int)best_n >= min) {
            const struct audit_incident *first = tagged[best_lo],
                                        *last = tagged[best_lo + best_n - 1];
            struct finding *f = audit_finding(
                ctx, rule, NULL, first->service, incident_start(first), incident_start(last),
                first->root_cause_tag,
                "%zu incidents with root cause '%s' within %.0f days (recurring at %d): assess "
                "them together as one incident",
                best_n, first->root_cause_tag,
                (double)(incident_start(last) - incident_start(first)) / DAY, min);
            for (size_t k = best_lo; k < best_lo + best_n; k++)
                audit_evidence_incident(ctx, f, tagged[k], "root cause %s",
                                        tagged[k]->root_cause_tag);
        }
        i = j;
    }
    free(tagged);
}

RULE_CHECK(check_mnt001)
{
    const struct audit_data *d = ctx->data;
    double default_notice_h = audit_param(ctx, rule, "notice_hours");
    const char *default_from = "the default";
    if (!isnan(d->profile.maintenance_notice_hours)) {
        default_notice_h = d->profile.maintenance_notice_hours;
        default_from = "the profile";
    }
    if (!d->nmaintenance) {
        audit_no_data(ctx, "no maintenance windows stored for the entity");
        return;
    }
    for (size_t i = 0; i < d->nmaintenance; i++) {
        const struct maintenance *m = &d->maintenance[i];
        const char *file = d->maintenance_origin ? d->maintenance_origin[i].file : NULL;
        /* The notice of the commitment in force when the work began. */
        const struct audit_sla *c = audit_commitment_at(d, m->service, m->start);
        bool from_sla = c && !isnan(c->terms.maintenance_notice_hours);
        double notice_h = from_sla ? c->terms.maintenance_notice_hours : default_notice_h;
        char notice_from[160];
        if (from_sla && c->document)
            snprintf(notice_from, sizeof notice_from, "the SLA (%s)", c->document);
        else
            snprintf(notice_from, sizeof notice_from, "%s", from_sla ? "the SLA" : default_from);
        char a[24];
        audit_time_text(m->start, a);
        /* In whole seconds: exactly the notice period ahead is enough. */
        bool announced = m->announced != SLTIME_NONE;
        int64_t ahead = announced ? m->start - m->announced : 0;
        if (announced && ahead >= llround(notice_h * HOUR))
            continue;
        char ahead_text[64];
        if (!announced)
            snprintf(ahead_text, sizeof ahead_text, "never announced");
        else if (ahead < 0)
            snprintf(ahead_text, sizeof ahead_text, "announced after it began");
        else
            snprintf(ahead_text, sizeof ahead_text, "announced %lld h %02lld min ahead",
                     (long long)(ahead / HOUR), (long long)(ahead % HOUR / 60));
        struct finding *f = audit_finding(
            ctx, rule, NULL, m->service, m->start, m->end, m->key ? m->key : a,
            "maintenance %s on %s at %s (%.0f min) was %s, under the %.3g h notice of %s: it "
            "counts as unplanned downtime",
            m->key ? m->key : "(no id)", m->service, a, (double)(m->end - m->start) / 60.0,
            ahead_text, notice_h, notice_from);
        findings_evidence(ctx->findings, f, "maintenance", m->key, m->start, m->end, file, m->line,
                          "%s", ahead_text);
    }
    double cap = d->profile.maintenance_cap_hours;
    if (isnan(cap))
        return;
    /* Hours of maintenance per service and calendar month against the cap. */
    for (size_t i = 0; i < d->nmonths; i++) {
        const struct audit_month *mo = &d->months[i];
        if (!mo->service)
            continue;
        double hours = 0;
        for (size_t k = 0; k < d->nmaintenance; k++) {
            const struct maintenance *m = &d->maintenance[k];
            if (strcmp(m->service, mo->service))
                continue;
            int64_t a = m->start > mo->start ? m->start : mo->start;
            int64_t b = m->end < mo->end ? m->end : mo->end;
            if (b > a)
                hours += (double)(b - a) / HOUR;
        }
        if (hours <= cap)
            continue;
        char label[96];
        month_label(mo->start, d->zone, label);
        audit_finding(ctx, rule, NULL, mo->service, mo->start, mo->end, label,
                      "%s had %.1f h of maintenance in %s, over the profile's monthly cap of "
                      "%.3g h",
                      mo->service, hours, label, cap);
    }
}

RULE_CHECK(check_inc001)
{
    const struct audit_data *d = ctx->data;
    for (size_t i = 0; i < d->nincidents; i++) {
        const struct audit_incident *inc = &d->incidents[i];
        if (!audit_rule_fits(rule, inc) || !is_major(inc) || inc->resolved == SLTIME_NONE)
            continue;
        const struct audit_postmortem *pm = audit_postmortem_of(d, inc->key);
        char missing[80] = "";
        if (pm) {
            const char *parts[] = {pm->impact ? NULL : "impact", pm->timeline ? NULL : "timeline",
                                   pm->root_cause ? NULL : "root cause",
                                   pm->actions ? NULL : "actions"};
            for (size_t k = 0; k < 4; k++)
                if (parts[k]) {
                    size_t len = strlen(missing);
                    snprintf(missing + len, sizeof missing - len, "%s%s", len ? ", " : "",
                             parts[k]);
                }
            if (!*missing)
                continue;
        }
        char r[24];
        audit_time_text(inc->resolved, r);
        struct finding *f;
        if (!pm)
            f = audit_finding(ctx, rule, NULL, inc->service, incident_start(inc), inc->resolved,
                              inc->key, "%s incident %s, resolved %s, has no postmortem",
                              inc->severity, inc->key, r);
        else
            f = audit_finding(ctx, rule, NULL, inc->service, incident_start(inc), inc->resolved,
                              inc->key, "the postmortem of %s incident %s lacks: %s", inc->severity,
                              inc->key, missing);
        audit_evidence_incident(ctx, f, inc, "%s", inc->title ? inc->title : "");
        if (pm)
            findings_evidence(ctx->findings, f, "postmortem", pm->link, pm->published, SLTIME_NONE,
                              pm->origin.file, pm->origin.line, "lacks %s", missing);
    }
}

RULE_CHECK(check_inc002)
{
    /* Only postmortems that exist: a missing one is INC-001's finding, and
     * reporting it twice would count one fact as two. */
    const struct audit_data *d = ctx->data;
    int days = (int)audit_param(ctx, rule, "business_days");
    for (size_t i = 0; i < d->nincidents; i++) {
        const struct audit_incident *inc = &d->incidents[i];
        const struct audit_postmortem *pm = audit_postmortem_of(d, inc->key);
        if (!audit_rule_fits(rule, inc) || inc->resolved == SLTIME_NONE || !pm ||
            pm->published == SLTIME_NONE)
            continue;
        int64_t deadline = calendar_business_deadline(&d->calendar, inc->resolved, days);
        if (pm->published < deadline)
            continue;
        char r[24], p[24], dl[24];
        audit_time_text(inc->resolved, r);
        audit_time_text(pm->published, p);
        audit_time_text(deadline, dl);
        struct finding *f = audit_finding(
            ctx, rule, NULL, inc->service, inc->resolved, pm->published, inc->key,
            "the postmortem of %s was published %s, after the %d-business-day deadline %s "
            "(resolved %s)",
            inc->key, p, days, dl, r);
        audit_evidence_incident(ctx, f, inc, "resolved %s", r);
        findings_evidence(ctx->findings, f, "postmortem", pm->link, pm->published, SLTIME_NONE,
                          pm->origin.file, pm->origin.line, "published %s", p);
    }
}

RULE_CHECK(check_inc003)
{
    const struct audit_data *d = ctx->data;
    if (!d->nactions) {
        audit_no_data(ctx, "no postmortem action items stored");
        return;
    }
    for (size_t i = 0; i < d->nactions; i++) {
        const struct audit_action *a = &d->actions[i];
        const struct audit_incident *inc = audit_incident_by_key(d, a->incident);
        int64_t due = a->due;
        const char *due_from = "its due date";
        if (due == SLTIME_NONE && inc && inc->resolved != SLTIME_NONE && is_major(inc)) {
            double weeks = audit_param(
                ctx, rule, !strcmp(inc->severity, "sev1") ? "due_weeks_sev1" : "due_weeks_sev2");
            due = inc->resolved + (int64_t)(weeks * 7 * DAY);
            due_from = "the default due date";
        }
        if (due == SLTIME_NONE)
            continue;
        bool late = a->closed != SLTIME_NONE ? a->closed > due : d->to > due;
        if (!late)
            continue;
        char dt[24], ct[24];
        audit_time_text(due, dt);
        audit_time_text(a->closed, ct);
        int64_t end = a->closed != SLTIME_NONE ? a->closed : d->to;
        struct finding *f = audit_finding(
            ctx, rule, NULL, inc ? inc->service : NULL, due, end, a->key,
            a->closed != SLTIME_NONE
                ? "action item %s of %s (owner %s) was closed %s, %.0f days after %s %s"
                : "action item %s of %s (owner %s) is still open %.0s%.0f days after %s %s",
            a->key, a->incident, a->owner ? a->owner : "none", a->closed != SLTIME_NONE ? ct : "",
            (double)(end - due) / DAY, due_from, dt);
        findings_evidence(ctx->findings, f, "action", a->key, due, a->closed, a->origin.file,
                          a->origin.line, "%s", a->title ? a->title : "");
    }
}

/* The response target for severity sev of an incident of service starting
 * at t: the commitment in force then, else the profile. */
static double
response_target(const struct audit_data *d, const char *service, int64_t t, int sev,
                const char **from, bool *business)
{
    const struct audit_sla *c = audit_commitment_at(d, service, t);
    for (size_t i = 0; c && i < c->terms.nresponse_times; i++) {
        const struct sla_response_time *r = &c->terms.response_times[i];
        if (severity_rank(severity_normalise(r->severity)) == sev) {
            *from = "the SLA";
            *business = r->business_hours;
            return r->minutes;
        }
    }
    *from = "the profile";
    *business = false;
    return d->profile.response_minutes[sev];
}

RULE_CHECK(check_inc004)
{
    const struct audit_data *d = ctx->data;
    bool any = false;
    for (size_t i = 0; i < d->nincidents; i++) {
        const struct audit_incident *inc = &d->incidents[i];
        if (!audit_rule_fits(rule, inc))
            continue;
        int sev = severity_rank(inc->severity);
        const char *from;
        bool business;
        int64_t origin = inc->detected != SLTIME_NONE ? inc->detected : inc->started;
        double target =
            sev ? response_target(d, inc->service, origin != SLTIME_NONE ? origin : d->from, sev,
                                  &from, &business)
                : NAN;
        if (isnan(target))
            continue;
        any = true;
        if (origin == SLTIME_NONE || inc->acknowledged == SLTIME_NONE)
            continue;
        double tta = (double)(inc->acknowledged - origin);
        if (tta <= target * 60)
            continue;
        struct finding *f = audit_finding(
            ctx, rule, NULL, inc->service, origin, inc->acknowledged, inc->key,
            "%s incident %s was acknowledged after %.1f min, over the %.3g min response time of "
            "%s (24x7 clock%s)",
            inc->severity, inc->key, tta / 60, target, from,
            business ? "; the commitment is on business hours, so this may overstate" : "");
        audit_evidence_incident(ctx, f, inc, "TTA %.1f min", tta / 60);
    }
    if (!any)
        audit_no_data(ctx, "no response-time target in the SLA or the profile");
}

static bool
closed_state(const char *state)
{
    static const char *const open[] = {"open",          "triggered",  "acknowledged", "active",
                                       "investigating", "identified", "monitoring",   NULL};
    for (size_t i = 0; state && open[i]; i++)
        if (!strcmp(state, open[i]))
            return false;
    return true;
}

RULE_CHECK(check_inc005)
{
    const struct audit_data *d = ctx->data;
    struct finding *f = NULL;
    size_t n = 0;
    for (size_t i = 0; i < d->nincidents; i++) {
        const struct audit_incident *inc = &d->incidents[i];
        if (!audit_rule_fits(rule, inc))
            continue;
        /* only what the record's source can carry: a machine log states no
         * severity, no source but a team's tool an acknowledgement */
        unsigned carries = record_source_carries(inc->source);
        char missing[96] = "";
        const char *parts[] = {
            inc->severity || !(carries & CARRIES_SEVERITY) ? NULL : "severity",
            inc->detected != SLTIME_NONE || inc->started != SLTIME_NONE ? NULL : "detected",
            inc->acknowledged != SLTIME_NONE || !(carries & CARRIES_ACKNOWLEDGED) ? NULL
                                                                                  : "acknowledged",
            inc->resolved != SLTIME_NONE || !closed_state(inc->state) ? NULL : "resolved"};
        for (size_t k = 0; k < 4; k++)
            if (parts[k]) {
                size_t len = strlen(missing);
                snprintf(missing + len, sizeof missing - len, "%s%s", len ? ", " : "", parts[k]);
            }
        if (!*missing)
            continue;
        n++;
        if (!f) {
            f = audit_finding(ctx, rule, NULL, NULL, d->from, d->to, "records", "%s",
                              "incident records lack required fields");
        }
        audit_evidence_incident(ctx, f, inc, "lacks %s", missing);
    }
    if (f) {
        char msg[160];
        snprintf(msg, sizeof msg, "%zu of %zu incident records lack severity or a required time", n,
                 d->nincidents);
        free(f->message);
        f->message = strdup(msg);
        if (!f->message)
            ctx->findings->nomem = true;
    }
}

static bool
external_detection(const char *by)
{
    static const char *const words[] = {"customer", "external",    "user",
                                        "report",   "third_party", NULL};
    for (size_t i = 0; by && words[i]; i++)
        if (!strcmp(by, words[i]))
            return true;
    return false;
}

RULE_CHECK(check_inc006)
{
    const struct audit_data *d = ctx->data;
    double max_share = audit_param(ctx, rule, "max_share_percent");
    size_t n = 0, external = 0;
    for (size_t i = 0; i < d->nincidents; i++)
        if (audit_rule_fits(rule, &d->incidents[i]) && is_major(&d->incidents[i]) &&
            d->incidents[i].detected_by) {
            n++;
            external += external_detection(d->incidents[i].detected_by);
        }
    if (!n) {
        audit_no_data(ctx, "no Sev-1/2 incident says how it was detected (detected_by)");
        return;
    }
    double share = 100.0 * (double)external / (double)n;
    if (share <= max_share)
        return;
    struct finding *f =
        audit_finding(ctx, rule, NULL, NULL, d->from, d->to, "detection",
                      "%zu of %zu Sev-1/2 incidents (%.1f %%) were detected by customers or "
                      "external reports, over %.3g %%",
                      external, n, share, max_share);
    for (size_t i = 0; i < d->nincidents; i++)
        if (audit_rule_fits(rule, &d->incidents[i]) && is_major(&d->incidents[i]) &&
            external_detection(d->incidents[i].detected_by))
            audit_evidence_incident(ctx, f, &d->incidents[i], "detected by %s",
                                    d->incidents[i].detected_by);
}

RULE_CHECK(check_inc007)
{
    const struct audit_data *d = ctx->data;
    for (size_t i = 0; i < d->nincidents; i++) {
        const struct audit_incident *inc = &d->incidents[i];
        bool change_caused = (inc->cause && !strcmp(inc->cause, "change")) || inc->change_id;
        if (!audit_rule_fits(rule, inc) || !change_caused)
            continue;
        const struct audit_change *linked = NULL;
        for (size_t k = 0; k < d->nchanges && !linked; k++) {
            const struct audit_change *c = &d->changes[k];
            if (inc->change_id && !strcmp(inc->change_id, c->key))
                linked = c;
            for (size_t j = 0; j < c->nincidents && !linked; j++)
                if (!strcmp(c->incidents[j], inc->key))
                    linked = c;
        }
        bool approved = linked && (linked->approved != SLTIME_NONE ||
                                   (linked->emergency && linked->retro_approved != SLTIME_NONE));
        if (approved)
            continue;
        struct finding *f;
        if (!linked)
            f = audit_finding(
                ctx, rule, NULL, inc->service, incident_start(inc), inc->resolved, inc->key,
                "incident %s was caused by a change%s%s but no change record "
                "links it",
                inc->key, inc->change_id ? " " : "", inc->change_id ? inc->change_id : "");
        else
            f = audit_finding(
                ctx, rule, NULL, inc->service, incident_start(inc), inc->resolved, inc->key,
                "incident %s was caused by change %s, which was never approved%s", inc->key,
                linked->key,
                linked->emergency ? " (an emergency change with no retro-approval)" : "");
        audit_evidence_incident(ctx, f, inc, "cause %s", inc->cause ? inc->cause : "change");
        if (linked)
            findings_evidence(
                ctx->findings, f, "change", linked->key, linked->approved, SLTIME_NONE,
                linked->origin.file, linked->origin.line, "approved %s, emergency %s",
                linked->approved != SLTIME_NONE ? "yes" : "no", linked->emergency ? "yes" : "no");
    }
}

static int
fault_cmp(const void *a, const void *b)
{
    const struct audit_gpu_fault *const *x = a, *const *y = b;
    int c = strcmp((*x)->host ? (*x)->host : "", (*y)->host ? (*y)->host : "");
    if (!c)
        c = strcmp((*x)->gpu ? (*x)->gpu : "", (*y)->gpu ? (*y)->gpu : "");
    if (!c)
        c = (*x)->time < (*y)->time ? -1 : (*x)->time > (*y)->time;
    return c;
}

static bool
same_gpu(const struct audit_gpu_fault *a, const struct audit_gpu_fault *b)
{
    return !strcmp(a->host ? a->host : "", b->host ? b->host : "") &&
           !strcmp(a->gpu ? a->gpu : "", b->gpu ? b->gpu : "");
}

RULE_CHECK(check_gpu001)
{
    const struct audit_data *d = ctx->data;
    int min = (int)audit_param(ctx, rule, "min_faults");
    int64_t window = (int64_t)(audit_param(ctx, rule, "window_days") * DAY);
    if (!d->ngpu_faults) {
        audit_no_data(ctx, "no GPU fault (Xid) events stored for the entity");
        return;
    }
    const struct audit_gpu_fault **hw = calloc(d->ngpu_faults, sizeof *hw);
    size_t n = 0;
    if (!hw) {
        ctx->findings->nomem = true;
        return;
    }
    for (size_t i = 0; i < d->ngpu_faults; i++)
        if (d->gpu_faults[i].xid_class && !strcmp(d->gpu_faults[i].xid_class, "hardware"))
            hw[n++] = &d->gpu_faults[i];
    qsort(hw, n, sizeof *hw, fault_cmp);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && same_gpu(hw[i], hw[j]))
            j++;
        size_t best_lo = i, best_n = 0;
        for (size_t lo = i, hi = i; hi < j; hi++) {
            while (hw[hi]->time - hw[lo]->time >= window)
                lo++;
            if (hi - lo + 1 > best_n) {
                best_n = hi - lo + 1;
                best_lo = lo;
            }
        }
        if ((int)best_n >= min) {
            char subject[128];
            snprintf(subject, sizeof subject, "%s/%s", hw[i]->host ? hw[i]->host : "?",
                     hw[i]->gpu ? hw[i]->gpu : "?");
            struct finding *f = audit_finding(
                ctx, rule, NULL, NULL, hw[best_lo]->time, hw[best_lo + best_n - 1]->time, subject,
                "GPU %s had %zu hardware-class Xid faults within %.0f days (lemon node at %d)",
                subject, best_n, (double)window / DAY, min);
            for (size_t k = best_lo; k < best_lo + best_n; k++)
                findings_evidence(ctx->findings, f, "gpu-event", subject, hw[k]->time, SLTIME_NONE,
                                  hw[k]->origin.file, hw[k]->origin.line, "Xid %d", hw[k]->xid);
        }
        i = j;
    }
    free(hw);
}

RULE_CHECK(check_gpu003)
{
    const struct audit_data *d = ctx->data;
    if (!(audit_param(ctx, rule, "fleet_gpus") >= 1)) {
        audit_no_data(ctx, "the fleet size is unknown: set GPU-003.fleet_gpus in the profile's "
                           "thresholds");
        return;
    }
    bool measured = false, any_target = false;
    for (size_t i = 0; i < d->nmonths; i++) {
        const struct audit_month *m = &d->months[i];
        if (!m->service || !m->capacity_known)
            continue;
        measured = true;
        const char *from;
        double target = target_for(m, &from);
        if (isnan(target))
            continue;
        any_target = true;
        double hours = m->gpu_seconds / HOUR, lost = m->gpu_seconds_lost / HOUR;
        double allowed = (100 - target) / 100 * hours;
        /* A part in 10^9 of the fleet's hours is rounding, not a breach: a
         * month lost exactly at the allowance stays quiet. */
        if (lost <= allowed + 1e-9 * hours)
            continue;
        char label[96];
        month_label(m->start, d->zone, label);
        struct finding *f = audit_finding(
            ctx, rule, NULL, m->service, m->start, m->end, label,
            "%s lost %.1f of %.1f GPU-hours in %s (%.3g %% of a %ld-GPU fleet), more than the "
            "%.1f GPU-hours (%.3g %%) that the %g %% objective of %s allows",
            m->service, lost, hours, label, 100 * lost / hours, m->fleet_gpus, allowed,
            100 - target, target, from);
        findings_evidence(ctx->findings, f, "month", label, m->start, m->end, NULL, 0,
                          "capacity-weighted availability %.5f against target %.5f",
                          1 - lost / hours, target / 100.0);
    }
    if (!measured)
        audit_no_data(ctx, "no month of the window has measured GPU capacity");
    else if (!any_target)
        audit_no_data(ctx, "no SLA uptime target stored and no slo_percent in the profile");
}
