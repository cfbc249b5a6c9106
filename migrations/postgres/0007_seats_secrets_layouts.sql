-- 0007 (PostgreSQL): secrets keyed by game, kind and seat (the 翻棋 deal). Seats and layouts by
-- family, which SQLite's 0007 also moved, were created in that shape by 0001 and 0004.

CREATE TABLE game_secrets (
    game_id     BIGINT NOT NULL REFERENCES games(id),
    seat        BIGINT CHECK (seat IS NULL OR seat >= 0),
    kind        TEXT NOT NULL,
    body        TEXT NOT NULL,
    shuffle     TEXT,
    seed        TEXT,
    commitment  TEXT,
    CHECK (kind <> 'deal' OR (seat IS NULL AND shuffle IS NOT NULL AND length(seed) = 64
                              AND length(commitment) = 64 AND length(body) = 50))
);
-- One secret of a kind per game and seat; NULL seats compare equal here.
CREATE UNIQUE INDEX game_secrets_key ON game_secrets(game_id, kind, COALESCE(seat, -1));

-- A deal is fixed before the first ply and never changes (rules-flip.md §1): refuse edits.
CREATE FUNCTION game_secrets_deal_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a flip deal never changes';
END;
$$;
CREATE TRIGGER game_secrets_deal_no_update BEFORE UPDATE ON game_secrets
    FOR EACH ROW WHEN (OLD.kind = 'deal') EXECUTE FUNCTION game_secrets_deal_fixed();
CREATE TRIGGER game_secrets_deal_no_delete BEFORE DELETE ON game_secrets
    FOR EACH ROW WHEN (OLD.kind = 'deal') EXECUTE FUNCTION game_secrets_deal_fixed();
