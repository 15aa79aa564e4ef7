-- 013_choice_closing_entry: a closed question remembers the number of the entry whose command
-- closed it. Why: pruning the outbox keeps the post of a question an undo may still reopen,
-- and it judged that by comparing the time the question was closed with the time of the entry
-- before the oldest command an undo can reach. Written by bot processes on different hosts,
-- those two times come from different clocks: a skew larger than the gap between two commands
-- pruned the post of a question an undo could still reopen (its redraw then had no message).
-- `closed_seq` is the `seq` of that entry in the campaign's log, which every process numbers
-- in one order, so reachability compares entry numbers (bot/storage/outbox.py `prune`).
-- Questions closed before this migration keep NULL and are still judged by time.
-- `choices_by_closing` lets a pruning batch find a campaign's questions closed by a command an
-- undo can reach without reading all the campaign's questions.
ALTER TABLE pending_choices ADD COLUMN closed_seq INTEGER;
CREATE INDEX IF NOT EXISTS choices_by_closing ON pending_choices (campaign_id, closed_seq);
