//! What the Discord adapter must not lose on a restart, kept by the referee's store: where each
//! game and each challenge lives on Discord, and the adapter's per-server options (announcements
//! channel, thread per game, default time control). Channel and message ids are opaque text here.

use super::StoreError;
use super::dialect::{Conn, query, query_as};

/// A server's adapter options; `None` fields are not set.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DiscordServerRow {
    /// The server id.
    pub server_id: String,
    /// The channel that hears notable results.
    pub announcements: Option<String>,
    /// One thread per game (None: the config decides).
    pub thread_per_game: Option<bool>,
    /// The time control of challenges that give none.
    pub default_time: Option<String>,
}

/// A server's adapter options (all unset if never stored).
pub async fn discord_server_get(conn: &mut Conn, server_id: &str) -> Result<DiscordServerRow, StoreError> {
    // thread_per_game is stored as 0/1 (SQLite has no booleans, and sqlx's `Any` driver reads
    // an integer as no `bool`), so it is read as an integer.
    let row = query_as::<(String, Option<String>, Option<i64>, Option<String>)>(
        &*conn,
        "SELECT server_id, announcements, thread_per_game, default_time FROM discord_servers WHERE server_id = ?",
    )
    .bind(server_id)
    .fetch_optional(conn)
    .await?
    .map(|(server_id, announcements, thread, default_time)| DiscordServerRow {
        server_id,
        announcements,
        thread_per_game: thread.map(|t| t != 0),
        default_time,
    });
    Ok(row.unwrap_or_else(|| DiscordServerRow { server_id: server_id.into(), ..DiscordServerRow::default() }))
}

/// Writes a server's adapter options.
pub async fn discord_server_put(conn: &mut Conn, row: &DiscordServerRow) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO discord_servers (server_id, announcements, thread_per_game, default_time) VALUES (?, ?, ?, ?)
         ON CONFLICT(server_id) DO UPDATE SET announcements = excluded.announcements,
             thread_per_game = excluded.thread_per_game, default_time = excluded.default_time",
    )
    .bind(&row.server_id)
    .bind(&row.announcements)
    .bind(row.thread_per_game.map(i64::from))
    .bind(&row.default_time)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records (or moves) the channel a game is played in.
pub async fn discord_game_put(conn: &mut Conn, game_id: i64, channel: &str) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO discord_games (game_id, channel) VALUES (?, ?)
         ON CONFLICT(game_id) DO UPDATE SET channel = excluded.channel",
    )
    .bind(game_id)
    .bind(channel)
    .execute(conn)
    .await?;
    Ok(())
}

/// The channel a game is played in.
pub async fn discord_game_channel(conn: &mut Conn, game_id: i64) -> Result<Option<String>, StoreError> {
    Ok(query_as::<(String,)>(&*conn, "SELECT channel FROM discord_games WHERE game_id = ?")
        .bind(game_id)
        .fetch_optional(conn)
        .await?
        .map(|r| r.0))
}

/// The game a channel means: with a thread per game its one game; in a shared channel the most
/// recent game that is still live there, else the most recent one.
pub async fn discord_game_at(conn: &mut Conn, channel: &str) -> Result<Option<i64>, StoreError> {
    Ok(query_as::<(i64,)>(
        &*conn,
        "SELECT d.game_id FROM discord_games d JOIN games g ON g.id = d.game_id WHERE d.channel = ?
         ORDER BY g.status IN ('challenged', 'deploying', 'playing') DESC, d.game_id DESC LIMIT 1",
    )
    .bind(channel)
    .fetch_optional(conn)
    .await?
    .map(|r| r.0))
}

/// Records the message that carries a challenge's buttons.
pub async fn discord_challenge_put(
    conn: &mut Conn,
    game_id: i64,
    channel: &str,
    message: &str,
) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO discord_challenges (game_id, channel, message) VALUES (?, ?, ?)
         ON CONFLICT(game_id) DO UPDATE SET channel = excluded.channel, message = excluded.message",
    )
    .bind(game_id)
    .bind(channel)
    .bind(message)
    .execute(conn)
    .await?;
    Ok(())
}

/// The (channel, message) that carries a challenge's buttons.
pub async fn discord_challenge_get(conn: &mut Conn, game_id: i64) -> Result<Option<(String, String)>, StoreError> {
    Ok(query_as::<(String, String)>(&*conn, "SELECT channel, message FROM discord_challenges WHERE game_id = ?")
        .bind(game_id)
        .fetch_optional(conn)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::each_store;
    use crate::store::{GameRow, Store, game_insert, game_update, status};

    async fn game(s: &Store, st: &str) -> i64 {
        let mut row = GameRow {
            id: 0,
            server_id: "s1".into(),
            variant: "junqi".into(),
            mode: "dark".into(),
            rules: String::new(),
            per_move: None,
            challenger: "alice".into(),
            invited: None,
            seats: Default::default(),
            status: status::CHALLENGED.into(),
            first_seat: 0,
            draw_offer: None,
            result: None,
            rematch_of: None,
            created_at: 1,
            updated_at: 1,
        };
        let mut tx = s.begin().await.unwrap();
        row.id = game_insert(&mut tx, &row).await.unwrap();
        row.status = st.into();
        game_update(&mut tx, &row).await.unwrap();
        tx.commit().await.unwrap();
        row.id
    }

    #[tokio::test]
    async fn server_options_default_to_unset_and_round_trip() {
        each_store(async |s: Store| {
            let mut c = s.conn().await.unwrap();
            let empty = discord_server_get(&mut c, "g1").await.unwrap();
            assert_eq!(empty, DiscordServerRow { server_id: "g1".into(), ..Default::default() });
            let row = DiscordServerRow {
                server_id: "g1".into(),
                announcements: Some("42".into()),
                thread_per_game: Some(false),
                default_time: Some("1d".into()),
            };
            discord_server_put(&mut c, &row).await.unwrap();
            assert_eq!(discord_server_get(&mut c, "g1").await.unwrap(), row);
            let changed = DiscordServerRow { announcements: None, ..row };
            discord_server_put(&mut c, &changed).await.unwrap();
            assert_eq!(discord_server_get(&mut c, "g1").await.unwrap(), changed);
        })
        .await;
    }

    #[tokio::test]
    async fn a_game_channel_is_recorded_and_moved() {
        each_store(async |s: Store| {
            let g = game(&s, status::PLAYING).await;
            let mut c = s.conn().await.unwrap();
            assert_eq!(discord_game_channel(&mut c, g).await.unwrap(), None);
            discord_game_put(&mut c, g, "700").await.unwrap();
            assert_eq!(discord_game_channel(&mut c, g).await.unwrap().as_deref(), Some("700"));
            discord_game_put(&mut c, g, "701").await.unwrap();
            assert_eq!(discord_game_channel(&mut c, g).await.unwrap().as_deref(), Some("701"));
            // A game that does not exist cannot be placed (foreign key).
            assert!(discord_game_put(&mut c, g + 100, "702").await.is_err());
        })
        .await;
    }

    #[tokio::test]
    async fn a_channel_means_its_live_game_first() {
        each_store(async |s: Store| {
            let live = game(&s, status::PLAYING).await;
            let later_finished = game(&s, status::FINISHED).await;
            let mut c = s.conn().await.unwrap();
            assert_eq!(discord_game_at(&mut c, "700").await.unwrap(), None);
            discord_game_put(&mut c, later_finished, "700").await.unwrap();
            assert_eq!(discord_game_at(&mut c, "700").await.unwrap(), Some(later_finished));
            discord_game_put(&mut c, live, "700").await.unwrap();
            assert_eq!(discord_game_at(&mut c, "700").await.unwrap(), Some(live));
            assert_eq!(discord_game_at(&mut c, "701").await.unwrap(), None);
        })
        .await;
    }

    #[tokio::test]
    async fn a_challenge_message_round_trips() {
        each_store(async |s: Store| {
            let g = game(&s, status::CHALLENGED).await;
            let mut c = s.conn().await.unwrap();
            assert_eq!(discord_challenge_get(&mut c, g).await.unwrap(), None);
            discord_challenge_put(&mut c, g, "700", "9001").await.unwrap();
            assert_eq!(discord_challenge_get(&mut c, g).await.unwrap(), Some(("700".into(), "9001".into())));
        })
        .await;
    }
}
