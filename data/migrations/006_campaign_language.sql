-- 006_campaign_language: public messages (stories, reward buttons, turn summaries) were
-- written in the language of whoever ran the command, so a Russian-reading attacker gave an
-- English-reading target Russian buttons. A campaign now has one language for what it posts
-- in its channel: the GM's `core.language` setting (en, ru); NULL follows the guild's
-- preferred locale. Private replies keep the reader's own language.

ALTER TABLE campaigns ADD COLUMN language TEXT;
