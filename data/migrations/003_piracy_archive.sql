-- 003_piracy_archive: Ottoman piracy kept every piracy in its state, which every command
-- parses and writes whole, so a long campaign got slower with each piracy. A piracy now
-- lives in the state only until its last reward; resolved ones move to the ruleset archive
-- (series 'piracies', seq = the piracy's id). The state keeps the piracy still awaiting
-- rewards (`pending_piracy`, at most one, OP-5.3) and the last id given (state schema 2).

INSERT INTO ruleset_archive (campaign_id, ruleset, key, seq, body)
SELECT s.campaign_id, s.ruleset, 'piracies', json_extract(p.value, '$.id'), p.value
FROM ruleset_state AS s, json_each(s.state, '$.piracies') AS p
WHERE s.ruleset = 'ottoman_piracy' AND json_extract(p.value, '$.status') = 'done';

UPDATE ruleset_state
SET state = json_remove(
        json_set(
            state,
            '$.pending_piracy',
            json((SELECT p.value FROM json_each(ruleset_state.state, '$.piracies') AS p
                  WHERE json_extract(p.value, '$.status') != 'done'
                  ORDER BY json_extract(p.value, '$.id') DESC LIMIT 1)),
            '$.last_piracy_id',
            COALESCE((SELECT MAX(json_extract(p.value, '$.id'))
                      FROM json_each(ruleset_state.state, '$.piracies') AS p), 0)
        ),
        '$.piracies'
    ),
    row_version = row_version + 1
WHERE ruleset = 'ottoman_piracy' AND json_type(state, '$.piracies') = 'array';

UPDATE ruleset_state SET schema_version = 2 WHERE ruleset = 'ottoman_piracy';
