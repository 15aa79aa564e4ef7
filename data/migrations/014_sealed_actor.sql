-- 014_sealed_actor: a hidden entry may keep who made it sealed for good. Why: a Space pirates
-- bribe (SP-I33) is published when its turn ends, and the victim must not learn who paid
-- unless the GM sets `reveal_briber_to_victim`. Such an entry is written with no actor (0)
-- and no faction; `sealed` keeps the real actor and faction (canonical JSON with a random
-- nonce, bot/secret_rolls.py `Sealed`), whose sha256 the entry shows as `sealed_commitment`.
-- No entry ever publishes it: the GMs and the actor read it, and a GM can prove who it was.
-- Hidden parts written before this migration keep NULL: their entries name their actor.
ALTER TABLE secret_rolls ADD COLUMN sealed TEXT;
