-- 002_ruleset_archive: records a ruleset keeps but no command changes again (fleet combat's
-- round reports, the battle log), out of the ruleset state that every command parses and
-- writes whole. Existing fleet combat states move their reports here (state schema 2).

CREATE TABLE ruleset_archive (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    ruleset TEXT NOT NULL,
    key TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (campaign_id, ruleset, key, seq)
) WITHOUT ROWID;

INSERT INTO ruleset_archive (campaign_id, ruleset, key, seq, body)
SELECT s.campaign_id, s.ruleset, 'battle/' || json_extract(b.value, '$.id'),
       json_extract(r.value, '$.round'), r.value
FROM ruleset_state AS s, json_each(s.state, '$.battles') AS b, json_each(b.value, '$.rounds') AS r
WHERE s.ruleset = 'fleet_combat';

-- json_each yields the battles in array order and json_group_array keeps the order its rows
-- come in (SQLite before 3.44 has no ORDER BY inside an aggregate); the migration test
-- checks the battles keep their order.
UPDATE ruleset_state
SET state = json_set(
        state,
        '$.battles',
        json((SELECT json_group_array(json_remove(b.value, '$.rounds'))
              FROM json_each(ruleset_state.state, '$.battles') AS b))
    ),
    schema_version = 2,
    row_version = row_version + 1
WHERE ruleset = 'fleet_combat' AND json_type(state, '$.battles') = 'array';

UPDATE ruleset_state SET schema_version = 2 WHERE ruleset = 'fleet_combat';
