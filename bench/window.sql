-- window.sql — the availability evaluation as window-function SQL over the
-- intervals table: boundaries of every series, running counts of the
-- intervals open per status (SUM OVER), each stretch between boundaries
-- (LEAD OVER) given its worst status, clipped to calendar months and weighed
-- (down 1, maintenance 1, partial 0.3, degraded and up 0). Uncovered or
-- unknown time leaves the denominator, as in slaudit's neutral measure.
-- Maintenance windows are not applied (the benchmark data has none).
WITH RECURSIVE
months(m, lo, hi) AS (
  SELECT 0, CAST(strftime('%s', '2025-01-01') AS INTEGER),
            CAST(strftime('%s', '2025-01-01', '+1 month') AS INTEGER)
  UNION ALL
  SELECT m + 1, hi, CAST(strftime('%s', hi, 'unixepoch', '+1 month') AS INTEGER)
  FROM months WHERE m < 11),
edges(entity, service, t, down, maint, partial, degraded, up) AS (
  SELECT entity, service, t,
         SUM(d * (status = 'down')), SUM(d * (status = 'maintenance')),
         SUM(d * (status = 'partial')), SUM(d * (status = 'degraded')),
         SUM(d * (status = 'up'))
  FROM (SELECT entity, service, start AS t, status, 1 AS d FROM intervals
        UNION ALL
        SELECT entity, service, end, status, -1 FROM intervals)
  GROUP BY entity, service, t),
stretches AS (
  SELECT entity, service, t AS lo, LEAD(t) OVER w AS hi,
         SUM(down) OVER w AS n_down, SUM(maint) OVER w AS n_maint,
         SUM(partial) OVER w AS n_partial, SUM(degraded) OVER w AS n_degraded,
         SUM(up) OVER w AS n_up
  FROM edges
  WINDOW w AS (PARTITION BY entity, service ORDER BY t ROWS UNBOUNDED PRECEDING)),
weighed AS (
  SELECT entity, service, lo AS s_lo, hi AS s_hi,
         CASE WHEN n_down > 0 OR n_maint > 0 THEN 1.0
              WHEN n_partial > 0 THEN 0.3 ELSE 0.0 END AS weight,
         (n_down + n_maint + n_partial + n_degraded + n_up) > 0 AS known
  FROM stretches WHERE hi IS NOT NULL)
SELECT count(*) AS service_months, avg(availability) AS mean_availability FROM (
  SELECT entity, service, m,
         1.0 - SUM(weight * (min(s_hi, months.hi) - max(s_lo, months.lo)))
             / SUM(min(s_hi, months.hi) - max(s_lo, months.lo)) AS availability
  FROM weighed JOIN months ON s_lo < months.hi AND s_hi > months.lo
  WHERE known
  GROUP BY entity, service, m);
