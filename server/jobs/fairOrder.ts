/**
 * The fair order of the queue, as the CTE `turns`: a queued job's turn is its place among its
 * user's queued jobs; jobs go by (turn, when the user last had a job started, seq). So the workers
 * go round-robin across users, the user served longest ago first: a burst of one user waits behind
 * other users' single prompts. Used by the claim and by queue positions alike.
 * Its cost grows with the queue, not with the history: each queued job's user's last start is one
 * probe of jobs_user_started (migration 6). MATERIALIZED and join-free, so it is worked out once
 * per statement whatever the planner believes of the queue's size: its statistics lag behind a
 * burst of new prompts, and a nested loop planned for "one queued job" over thousands took 0.2 s.
 */
export const FAIR_TURNS = `turns AS MATERIALIZED (
    SELECT q.id, q.seq, row_number() OVER (PARTITION BY q.user_id ORDER BY q.seq) AS turn,
      COALESCE((SELECT max(s.started_at) FROM jobs s WHERE s.user_id = q.user_id), '-infinity'::timestamptz) AS last_started
    FROM jobs q WHERE q.status = 'queued')`;
