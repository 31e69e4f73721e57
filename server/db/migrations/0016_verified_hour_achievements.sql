-- Custom SQL migration file, put your code below! --
-- hand-written
-- Hour achievements count verified hours, no longer the planned estimate (decisions.md §21; decision
-- 0030). Each person's verified hours: the union of the time spans of the events they were recorded as
-- attending, their own and cancelled events left out (as sumAttendedMinutesOnce counts them).
CREATE TEMPORARY TABLE verified_hours_now AS
WITH spans AS (
  SELECT r.user_id, e.date AS starts_at, e.date + make_interval(mins => e.duration_minutes) AS ends_at
  FROM rsvps r JOIN events e ON e.id = r.event_id
  WHERE r.attended AND e.status = 'scheduled' AND e.organizer_id <> r.user_id
), reached AS (
  SELECT user_id, starts_at, ends_at,
         max(ends_at) OVER (PARTITION BY user_id ORDER BY starts_at, ends_at
                            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier_end
  FROM spans
), islands AS (
  SELECT user_id, starts_at, ends_at,
         sum(CASE WHEN earlier_end IS NULL OR starts_at > earlier_end THEN 1 ELSE 0 END)
           OVER (PARTITION BY user_id ORDER BY starts_at, ends_at ROWS UNBOUNDED PRECEDING) AS island
  FROM reached
), merged AS (
  SELECT user_id, min(starts_at) AS island_start, max(ends_at) AS island_end FROM islands GROUP BY user_id, island
)
SELECT user_id, floor(sum(extract(epoch FROM island_end - island_start)) / 3600)::int AS hours
FROM merged GROUP BY user_id;
--> statement-breakpoint
-- Everyone whose hour achievements change is told through the achievement poll's version.
UPDATE users SET achievements_version = achievements_version + 1
WHERE id IN (
  SELECT ua.user_id FROM user_achievements ua JOIN achievements a ON a.id = ua.achievement_id
  WHERE a.metric = 'volunteerHours'
  UNION
  SELECT user_id FROM verified_hours_now WHERE hours > 0
);
--> statement-breakpoint
-- An hour achievement unlocked on planned hours that verified hours do not reach is taken back: it
-- claimed time nobody confirmed. One that verified hours reach keeps its first unlock time.
UPDATE user_achievements ua
SET progress = coalesce(v.hours, 0),
    unlocked_at = CASE WHEN coalesce(v.hours, 0) >= a.requirement THEN coalesce(ua.unlocked_at, now()) END,
    updated_at = now()
FROM achievements a, user_achievements self
LEFT JOIN verified_hours_now v ON v.user_id = self.user_id
WHERE a.id = ua.achievement_id AND a.metric = 'volunteerHours' AND self.id = ua.id;
--> statement-breakpoint
DELETE FROM user_achievements ua USING achievements a
WHERE a.id = ua.achievement_id AND a.metric = 'volunteerHours' AND ua.progress = 0 AND ua.unlocked_at IS NULL;
--> statement-breakpoint
INSERT INTO user_achievements (user_id, achievement_id, progress, unlocked_at)
SELECT v.user_id, a.id, v.hours, CASE WHEN v.hours >= a.requirement THEN now() END
FROM verified_hours_now v CROSS JOIN achievements a
WHERE a.metric = 'volunteerHours' AND v.hours > 0
ON CONFLICT (user_id, achievement_id) DO NOTHING;
--> statement-breakpoint
DROP TABLE verified_hours_now;
