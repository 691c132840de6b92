/**
 * The fair order of the queue, as CTEs `served` and `turns`: a queued job's turn is its place among
 * its user's queued jobs; jobs go by (turn, when the user last had a job started, seq). So the
 * workers go round-robin across users, the user served longest ago first: a burst of one user
 * waits behind other users' single prompts. Used by the claim and by queue positions alike.
 * Its cost grows with the queue, not with the history: a user's last start is one probe of
 * jobs_user_started, the queued jobs come from jobs_user_unfinished (migration 5).
 */
export const FAIR_TURNS = `served AS (
    SELECT u.user_id, COALESCE((SELECT max(s.started_at) FROM jobs s WHERE s.user_id = u.user_id), '-infinity'::timestamptz) AS last_started
    FROM (SELECT DISTINCT user_id FROM jobs WHERE status = 'queued') u),
  turns AS (
    SELECT q.id, q.seq, s.last_started, (row_number() OVER (PARTITION BY q.user_id ORDER BY q.seq))::int AS turn
    FROM jobs q JOIN served s ON s.user_id = q.user_id WHERE q.status = 'queued')`;
