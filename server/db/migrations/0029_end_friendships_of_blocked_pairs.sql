-- Decisions §22: a block ends the pair's friendship and requests. Blocks written before that rule left
-- them standing; end them once here, as a block now does in its own transaction.
DELETE FROM "friendships" f
WHERE EXISTS (
  SELECT 1 FROM "user_blocks" b
  WHERE (b."blocker_id" = f."requester_id" AND b."blocked_id" = f."addressee_id")
     OR (b."blocker_id" = f."addressee_id" AND b."blocked_id" = f."requester_id")
);
