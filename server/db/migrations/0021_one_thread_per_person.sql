-- Decisions §21, one thread per person: a thread the sender began with an e-mail address joins that
-- person's thread once the recipient has answered the sender (the recipient chose to be known). Before
-- this rule the answer started a second thread; this joins the messages written before such an answer.
UPDATE "messages" AS addressed
SET "receiver_email" = NULL
WHERE addressed."receiver_email" IS NOT NULL
  AND addressed."receiver_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "messages" AS answer
    WHERE answer."sender_id" = addressed."receiver_id"
      AND answer."receiver_id" = addressed."sender_id"
      AND answer."created_at" >= addressed."created_at"
  );
