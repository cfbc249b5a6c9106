//! The SQL of ratings and tournaments (migration 0003). Like the rest of the store, every function
//! takes a connection so that it composes inside the referee's transaction.

use super::StoreError;
use super::dialect::{Conn, query, query_as};

// ---------------------------------------------------------------------------------------------
// Ratings

/// A player's Glicko-2 rating on one server for one variant.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    /// The server.
    pub server_id: String,
    /// The variant.
    pub variant: String,
    /// The player.
    pub user_id: String,
    /// Rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
    /// Last change.
    pub updated_at: i64,
}

const RATING_COLUMNS: &str = "server_id, variant, user_id, rating, deviation, volatility, games, updated_at";

/// A player's rating, if they ever played a rated game there.
pub async fn rating_get(
    conn: &mut Conn,
    server: &str,
    variant: &str,
    user: &str,
) -> Result<Option<RatingRow>, StoreError> {
    Ok(query_as::<RatingRow>(
        &*conn,
        format!("SELECT {RATING_COLUMNS} FROM ratings WHERE server_id = ? AND variant = ? AND user_id = ?"),
    )
    .bind(server)
    .bind(variant)
    .bind(user)
    .fetch_optional(conn)
    .await?)
}

/// Writes a player's rating.
pub async fn rating_put(conn: &mut Conn, r: &RatingRow) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO ratings (server_id, variant, user_id, rating, deviation, volatility, games, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(server_id, variant, user_id) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,
             updated_at = excluded.updated_at",
    )
    .bind(&r.server_id)
    .bind(&r.variant)
    .bind(&r.user_id)
    .bind(r.rating)
    .bind(r.deviation)
    .bind(r.volatility)
    .bind(r.games)
    .bind(r.updated_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The best-rated players of a server for a variant, best first (ties by user id).
pub async fn ratings_top(
    conn: &mut Conn,
    server: &str,
    variant: &str,
    limit: i64,
) -> Result<Vec<RatingRow>, StoreError> {
    Ok(query_as::<RatingRow>(
        &*conn,
        format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE server_id = ? AND variant = ?
         ORDER BY rating DESC, user_id LIMIT ?"
        ),
    )
    .bind(server)
    .bind(variant)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// Whether the server refuses resigning in the first plies.
pub async fn no_early_resign(conn: &mut Conn, server: &str) -> Result<bool, StoreError> {
    let row: Option<(i64,)> = query_as(&*conn, "SELECT no_early_resign FROM rating_rules WHERE server_id = ?")
        .bind(server)
        .fetch_optional(conn)
        .await?;
    Ok(row.is_some_and(|r| r.0 != 0))
}

/// Sets the server's early-resignation rule.
pub async fn set_no_early_resign(conn: &mut Conn, server: &str, on: bool) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO rating_rules (server_id, no_early_resign) VALUES (?, ?)
         ON CONFLICT(server_id) DO UPDATE SET no_early_resign = excluded.no_early_resign",
    )
    .bind(server)
    .bind(i64::from(on))
    .execute(conn)
    .await?;
    Ok(())
}

/// A player's finished games on a server, by mode: (mode, games, wins, draws, losses).
pub async fn user_stats(
    conn: &mut Conn,
    server: &str,
    user: &str,
) -> Result<Vec<(String, i64, i64, i64, i64)>, StoreError> {
    Ok(query_as(
        &*conn,
        // (`COUNT(*) FILTER`, not SQLite's `SUM` of a comparison: PostgreSQL sums no booleans.)
        // Seats 0 and 1 of the two-seat games (no seat 2 or beyond), whose results name Red or
        // Blue: what the stats counted when those games kept their players in games.red/blue.
        "SELECT g.mode, COUNT(*),
             COUNT(*) FILTER (WHERE (s.seat = 0 AND g.result LIKE 'red_wins:%')
                 OR (s.seat = 1 AND g.result LIKE 'blue_wins:%')),
             COUNT(*) FILTER (WHERE g.result LIKE 'draw:%'),
             COUNT(*) FILTER (WHERE (s.seat = 0 AND g.result LIKE 'blue_wins:%')
                 OR (s.seat = 1 AND g.result LIKE 'red_wins:%'))
         FROM games g JOIN game_seats s ON s.game_id = g.id AND s.user_id = ?2
         WHERE g.server_id = ?1 AND g.status = 'finished' AND s.seat < 2
             AND NOT EXISTS (SELECT 1 FROM game_seats x WHERE x.game_id = g.id AND x.seat >= 2)
         GROUP BY g.mode ORDER BY g.mode",
    )
    .bind(server)
    .bind(user)
    .fetch_all(conn)
    .await?)
}

/// How many moves a game's log holds (its plies), less those taken back (悔棋).
pub async fn moves_count(conn: &mut Conn, game: i64) -> Result<i64, StoreError> {
    let row: (i64,) = query_as(
        &*conn,
        "SELECT COUNT(*) FILTER (WHERE kind = 'move') - COUNT(*) FILTER (WHERE kind = 'takeback')
         FROM events WHERE game_id = ?",
    )
    .bind(game)
    .fetch_one(conn)
    .await?;
    Ok(row.0)
}

// ---------------------------------------------------------------------------------------------
// Tournaments

/// Tournament statuses.
pub mod tstatus {
    /// Taking entrants.
    pub const OPEN: &str = "open";
    /// Rounds being played.
    pub const RUNNING: &str = "running";
    /// Over; final standings announced.
    pub const FINISHED: &str = "finished";
}

/// A tournament's row.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentRow {
    /// Id.
    pub id: i64,
    /// Server.
    pub server_id: String,
    /// Name.
    pub name: String,
    /// Who created it (may start it).
    pub organiser: String,
    /// Format name.
    pub format: String,
    /// Swiss rounds.
    pub rounds: Option<i64>,
    /// Variant of its games.
    pub variant: String,
    /// Mode of its games.
    pub mode: String,
    /// Rule options of its games.
    pub rules: String,
    /// Seconds per move of its games.
    pub per_move: Option<i64>,
    /// Seconds a round lasts at most.
    pub round_time: Option<i64>,
    /// When it starts by itself.
    pub starts_at: Option<i64>,
    /// See [`tstatus`].
    pub status: String,
    /// The current round (0 before the start).
    pub round: i64,
    /// Creation time.
    pub created_at: i64,
}

const T_COLUMNS: &str = "id, server_id, name, organiser, format, rounds, variant, mode, rules, per_move, round_time, \
     starts_at, status, round, created_at";

/// Inserts a tournament (its id is ignored) and returns the id.
pub async fn tournament_insert(conn: &mut Conn, t: &TournamentRow) -> Result<i64, StoreError> {
    let (id,): (i64,) = query_as(
        &*conn,
        "INSERT INTO tournaments (server_id, name, organiser, format, rounds, variant, mode, rules, per_move,
             round_time, starts_at, status, round, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(&t.server_id)
    .bind(&t.name)
    .bind(&t.organiser)
    .bind(&t.format)
    .bind(t.rounds)
    .bind(&t.variant)
    .bind(&t.mode)
    .bind(&t.rules)
    .bind(t.per_move)
    .bind(t.round_time)
    .bind(t.starts_at)
    .bind(&t.status)
    .bind(t.round)
    .bind(t.created_at)
    .fetch_one(conn)
    .await?;
    Ok(id)
}

/// Writes a tournament's status and current round.
pub async fn tournament_update(conn: &mut Conn, t: &TournamentRow) -> Result<(), StoreError> {
    query(&*conn, "UPDATE tournaments SET status = ?, round = ? WHERE id = ?")
        .bind(&t.status)
        .bind(t.round)
        .bind(t.id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A tournament by id.
pub async fn tournament_get(conn: &mut Conn, id: i64) -> Result<Option<TournamentRow>, StoreError> {
    Ok(query_as::<TournamentRow>(&*conn, format!("SELECT {T_COLUMNS} FROM tournaments WHERE id = ?"))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Locks a tournament's row until the transaction ends, on PostgreSQL, which several referee
/// processes may share: of two that find its start or a round's deadline due, the second waits
/// and then reads what the first wrote. (An SQLite transaction already has the one write lock.)
pub async fn tournament_lock(conn: &mut Conn, id: i64) -> Result<(), StoreError> {
    if super::Backend::of(conn) == super::Backend::Postgres {
        query(&*conn, "SELECT id FROM tournaments WHERE id = ? FOR UPDATE").bind(id).execute(conn).await?;
    }
    Ok(())
}

/// Open tournaments whose start time passed at or before `now`, oldest start first.
pub async fn tournaments_starting(conn: &mut Conn, now: i64) -> Result<Vec<TournamentRow>, StoreError> {
    Ok(query_as::<TournamentRow>(
        &*conn,
        format!(
            "SELECT {T_COLUMNS} FROM tournaments WHERE status = 'open' AND starts_at IS NOT NULL AND starts_at <= ?
         ORDER BY starts_at, id"
        ),
    )
    .bind(now)
    .fetch_all(conn)
    .await?)
}

/// An entrant.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EntrantRow {
    /// Tournament.
    pub tournament_id: i64,
    /// The player.
    pub user_id: String,
    /// When they joined.
    pub joined_at: i64,
    /// Joining order.
    pub seq: i64,
    /// Seed (1 = top), fixed at the start.
    pub seed: Option<i64>,
    /// The round from which they no longer play.
    pub withdrawn_round: Option<i64>,
}

/// Adds an entrant; false if they were already in.
pub async fn entrant_add(conn: &mut Conn, t: i64, user: &str, now: i64) -> Result<bool, StoreError> {
    let r = query(
        &*conn,
        "INSERT INTO entrants (tournament_id, user_id, joined_at, seq)
         VALUES (?1, ?2, ?3, (SELECT COALESCE(MAX(seq), 0) + 1 FROM entrants WHERE tournament_id = ?1))
         ON CONFLICT(tournament_id, user_id) DO NOTHING",
    )
    .bind(t)
    .bind(user)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Removes an entrant; false if they were not in.
pub async fn entrant_remove(conn: &mut Conn, t: i64, user: &str) -> Result<bool, StoreError> {
    let r = query(&*conn, "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?")
        .bind(t)
        .bind(user)
        .execute(conn)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Writes an entrant's seed and withdrawal.
pub async fn entrant_update(conn: &mut Conn, e: &EntrantRow) -> Result<(), StoreError> {
    query(&*conn, "UPDATE entrants SET seed = ?, withdrawn_round = ? WHERE tournament_id = ? AND user_id = ?")
        .bind(e.seed)
        .bind(e.withdrawn_round)
        .bind(e.tournament_id)
        .bind(&e.user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A tournament's entrants: by seed once seeded, by joining order before.
pub async fn entrants_of(conn: &mut Conn, t: i64) -> Result<Vec<EntrantRow>, StoreError> {
    Ok(query_as::<EntrantRow>(
        &*conn,
        "SELECT tournament_id, user_id, joined_at, seq, seed, withdrawn_round FROM entrants
         WHERE tournament_id = ? ORDER BY COALESCE(seed, seq), seq",
    )
    .bind(t)
    .fetch_all(conn)
    .await?)
}

/// A round that began.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RoundRow {
    /// Tournament.
    pub tournament_id: i64,
    /// Round number (1-based).
    pub round: i64,
    /// When it began.
    pub started_at: i64,
    /// When its time runs out, if it has a time.
    pub due_at: Option<i64>,
    /// When all its boards were in.
    pub finished_at: Option<i64>,
}

/// Records a round's start.
pub async fn round_insert(conn: &mut Conn, r: &RoundRow) -> Result<(), StoreError> {
    query(&*conn, "INSERT INTO rounds (tournament_id, round, started_at, due_at, finished_at) VALUES (?, ?, ?, ?, ?)")
        .bind(r.tournament_id)
        .bind(r.round)
        .bind(r.started_at)
        .bind(r.due_at)
        .bind(r.finished_at)
        .execute(conn)
        .await?;
    Ok(())
}

/// Marks a round finished.
pub async fn round_finish(conn: &mut Conn, t: i64, round: i64, at: i64) -> Result<(), StoreError> {
    query(&*conn, "UPDATE rounds SET finished_at = ? WHERE tournament_id = ? AND round = ?")
        .bind(at)
        .bind(t)
        .bind(round)
        .execute(conn)
        .await?;
    Ok(())
}

/// Unfinished rounds whose time ran out at or before `now`, in the order they ran out.
pub async fn rounds_due(conn: &mut Conn, now: i64) -> Result<Vec<RoundRow>, StoreError> {
    Ok(query_as::<RoundRow>(
        &*conn,
        "SELECT tournament_id, round, started_at, due_at, finished_at FROM rounds
         WHERE due_at IS NOT NULL AND due_at <= ? AND finished_at IS NULL ORDER BY due_at, tournament_id",
    )
    .bind(now)
    .fetch_all(conn)
    .await?)
}

/// One board of a round.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PairingRow {
    /// Tournament.
    pub tournament_id: i64,
    /// Round (1-based).
    pub round: i64,
    /// Board (1-based).
    pub board: i64,
    /// Red player.
    pub red: String,
    /// Blue player (None: a bye).
    pub blue: Option<String>,
    /// The game, once created.
    pub game_id: Option<i64>,
    /// The result (`BoardResult::as_str`).
    pub result: Option<String>,
}

const P_COLUMNS: &str = "tournament_id, round, board, red, blue, game_id, result";

/// Inserts a board.
pub async fn pairing_insert(conn: &mut Conn, p: &PairingRow) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO pairings (tournament_id, round, board, red, blue, game_id, result) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(p.tournament_id)
    .bind(p.round)
    .bind(p.board)
    .bind(&p.red)
    .bind(&p.blue)
    .bind(p.game_id)
    .bind(&p.result)
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes a board's game and result.
pub async fn pairing_update(conn: &mut Conn, p: &PairingRow) -> Result<(), StoreError> {
    query(&*conn, "UPDATE pairings SET game_id = ?, result = ? WHERE tournament_id = ? AND round = ? AND board = ?")
        .bind(p.game_id)
        .bind(&p.result)
        .bind(p.tournament_id)
        .bind(p.round)
        .bind(p.board)
        .execute(conn)
        .await?;
    Ok(())
}

/// Every board of a tournament, by round and board.
pub async fn pairings_of(conn: &mut Conn, t: i64) -> Result<Vec<PairingRow>, StoreError> {
    Ok(query_as::<PairingRow>(
        &*conn,
        format!("SELECT {P_COLUMNS} FROM pairings WHERE tournament_id = ? ORDER BY round, board"),
    )
    .bind(t)
    .fetch_all(conn)
    .await?)
}

/// The board a game is played on, if it belongs to a tournament.
pub async fn pairing_of_game(conn: &mut Conn, game: i64) -> Result<Option<PairingRow>, StoreError> {
    Ok(query_as::<PairingRow>(&*conn, format!("SELECT {P_COLUMNS} FROM pairings WHERE game_id = ?"))
        .bind(game)
        .fetch_optional(conn)
        .await?)
}

/// The earliest tournament start or round deadline still to come, for the adapter's timer.
pub async fn next_wakeup(conn: &mut Conn) -> Result<Option<i64>, StoreError> {
    let row: (Option<i64>,) = query_as(
        &*conn,
        "SELECT MIN(t) FROM (SELECT MIN(starts_at) AS t FROM tournaments WHERE status = 'open'
         UNION ALL SELECT MIN(due_at) FROM rounds WHERE finished_at IS NULL) AS times",
    )
    .fetch_one(conn)
    .await?;
    Ok(row.0)
}

#[cfg(test)]
mod tests;
