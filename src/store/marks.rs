//! A player's marks: private guesses on enemy pieces, drawn on that player's own board only.

use super::StoreError;
use super::dialect::{Conn, query, query_as};

/// One mark as stored: the point its piece stood on after `ply` plies, and the guessed piece's
/// code.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MarkRow {
    /// Point name (`c9`).
    pub point: String,
    /// Piece code in the variant's table (`a` = 司令).
    pub piece: String,
    /// Plies played when `point` was right.
    pub ply: i64,
}

/// A player's marks in a game, by point.
pub async fn marks_of(conn: &mut Conn, game_id: i64, user: &str) -> Result<Vec<MarkRow>, StoreError> {
    Ok(query_as::<MarkRow>(
        &*conn,
        "SELECT point, piece, ply FROM marks WHERE game_id = ? AND user_id = ? ORDER BY point",
    )
    .bind(game_id)
    .bind(user)
    .fetch_all(conn)
    .await?)
}

/// Replaces all of a player's marks in a game (call it inside the command's transaction).
pub async fn marks_replace(conn: &mut Conn, game_id: i64, user: &str, marks: &[MarkRow]) -> Result<(), StoreError> {
    query(&*conn, "DELETE FROM marks WHERE game_id = ? AND user_id = ?")
        .bind(game_id)
        .bind(user)
        .execute(&mut *conn)
        .await?;
    for m in marks {
        query(&*conn, "INSERT INTO marks (game_id, user_id, point, piece, ply) VALUES (?, ?, ?, ?, ?)")
            .bind(game_id)
            .bind(user)
            .bind(&m.point)
            .bind(&m.piece)
            .bind(m.ply)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::each_store;
    use crate::store::{GameRow, Store, game_insert, status};

    async fn setup(s: Store) -> (Store, i64) {
        let row = GameRow {
            id: 0,
            server_id: String::new(),
            variant: "junqi".into(),
            mode: "dark".into(),
            rules: String::new(),
            per_move: None,
            challenger: "alice".into(),
            invited: None,
            seats: Default::default(),
            status: status::PLAYING.into(),
            first_seat: 0,
            draw_offer: None,
            result: None,
            rematch_of: None,
            created_at: 1,
            updated_at: 1,
        };
        let mut tx = s.begin().await.unwrap();
        let id = game_insert(&mut tx, &row).await.unwrap();
        tx.commit().await.unwrap();
        (s, id)
    }

    fn mark(point: &str, piece: &str, ply: i64) -> MarkRow {
        MarkRow { point: point.into(), piece: piece.into(), ply }
    }

    #[tokio::test]
    async fn marks_are_per_player_and_sorted() {
        each_store(async |s: Store| {
            let (s, g) = setup(s).await;
            let mut tx = s.begin().await.unwrap();
            marks_replace(&mut tx, g, "alice", &[mark("c9", "a", 3), mark("b8", "k", 3)]).await.unwrap();
            marks_replace(&mut tx, g, "bob", &[mark("c4", "j", 4)]).await.unwrap();
            tx.commit().await.unwrap();
            let mut c = s.conn().await.unwrap();
            assert_eq!(marks_of(&mut c, g, "alice").await.unwrap(), [mark("b8", "k", 3), mark("c9", "a", 3)]);
            assert_eq!(marks_of(&mut c, g, "bob").await.unwrap(), [mark("c4", "j", 4)]);
            assert!(marks_of(&mut c, g, "carol").await.unwrap().is_empty());
        })
        .await;
    }

    #[tokio::test]
    async fn replacing_marks_drops_the_old_ones() {
        each_store(async |s: Store| {
            let (s, g) = setup(s).await;
            let mut tx = s.begin().await.unwrap();
            marks_replace(&mut tx, g, "alice", &[mark("c9", "a", 3), mark("b8", "k", 3)]).await.unwrap();
            marks_replace(&mut tx, g, "alice", &[mark("c8", "a", 5)]).await.unwrap();
            tx.commit().await.unwrap();
            let mut c = s.conn().await.unwrap();
            assert_eq!(marks_of(&mut c, g, "alice").await.unwrap(), [mark("c8", "a", 5)]);
            // Not committed: nothing changes.
            let mut tx = s.begin().await.unwrap();
            marks_replace(&mut tx, g, "alice", &[]).await.unwrap();
            drop(tx);
            assert_eq!(marks_of(&mut c, g, "alice").await.unwrap().len(), 1);
        })
        .await;
    }
}
