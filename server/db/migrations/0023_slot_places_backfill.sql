-- Events that had slots before slot_places existed: their total of places (decision 0032).
UPDATE events SET slot_places = (SELECT coalesce(sum(capacity), 0) FROM slots WHERE slots.event_id = events.id)
WHERE slot_count > 0;
