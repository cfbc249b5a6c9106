//! Layouts: players' saved layouts and the last one each deployed, per layout family
//! (`GameKind::layouts`, migration 0007), and the layout a deployment panel suggested (0006).

use super::StoreError;
use super::dialect::{Conn, query, query_as};

//
// Saved and last layouts are kept per layout family (`Variant::layout_family`, migration 0007): a
// layout is offered only in games whose deployments it fits.

/// Saves (or replaces) a named layout of a family.
pub async fn layout_save(conn: &mut Conn, user: &str, family: &str, name: &str, setup: &str) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO layouts (user_id, family, name, setup) VALUES (?, ?, ?, ?)
         ON CONFLICT(user_id, family, name) DO UPDATE SET setup = excluded.setup",
    )
    .bind(user)
    .bind(family)
    .bind(name)
    .bind(setup)
    .execute(conn)
    .await?;
    Ok(())
}

/// A named layout of a family.
pub async fn layout_get(conn: &mut Conn, user: &str, family: &str, name: &str) -> Result<Option<String>, StoreError> {
    let row: Option<(String,)> =
        query_as(&*conn, "SELECT setup FROM layouts WHERE user_id = ? AND family = ? AND name = ?")
            .bind(user)
            .bind(family)
            .bind(name)
            .fetch_optional(conn)
            .await?;
    Ok(row.map(|r| r.0))
}

/// A user's layouts of a family as (name, setup), by name.
pub async fn layout_list(conn: &mut Conn, user: &str, family: &str) -> Result<Vec<(String, String)>, StoreError> {
    Ok(query_as(&*conn, "SELECT name, setup FROM layouts WHERE user_id = ? AND family = ? ORDER BY name")
        .bind(user)
        .bind(family)
        .fetch_all(conn)
        .await?)
}

/// Deletes a named layout of a family; whether it existed.
pub async fn layout_delete(conn: &mut Conn, user: &str, family: &str, name: &str) -> Result<bool, StoreError> {
    let r = query(&*conn, "DELETE FROM layouts WHERE user_id = ? AND family = ? AND name = ?")
        .bind(user)
        .bind(family)
        .bind(name)
        .execute(conn)
        .await?;
    Ok(r.rows_affected() > 0)
}

/// The layout a deployment panel suggested to `user` in `game`, if one was drawn.
pub async fn suggestion_get(conn: &mut Conn, game: i64, user: &str) -> Result<Option<String>, StoreError> {
    // fetch_all runs the statement to its end, so no read stays open on the write connection.
    let rows: Vec<(String,)> =
        query_as(&*conn, "SELECT setup FROM deploy_suggestions WHERE game_id = ? AND user_id = ?")
            .bind(game)
            .bind(user)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().next().map(|r| r.0))
}

/// Keeps the layout a deployment panel suggests (drawn once per game and player).
pub async fn suggestion_put(conn: &mut Conn, game: i64, user: &str, setup: &str) -> Result<(), StoreError> {
    query(&*conn, "INSERT INTO deploy_suggestions (game_id, user_id, setup) VALUES (?, ?, ?)")
        .bind(game)
        .bind(user)
        .bind(setup)
        .execute(conn)
        .await?;
    Ok(())
}

/// Remembers the layout of a family a user deployed last.
pub async fn last_layout_set(conn: &mut Conn, user: &str, family: &str, setup: &str) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO last_layouts (user_id, family, setup) VALUES (?, ?, ?)
         ON CONFLICT(user_id, family) DO UPDATE SET setup = excluded.setup",
    )
    .bind(user)
    .bind(family)
    .bind(setup)
    .execute(conn)
    .await?;
    Ok(())
}

/// The layout of a family a user deployed last.
pub async fn last_layout_get(conn: &mut Conn, user: &str, family: &str) -> Result<Option<String>, StoreError> {
    let row: Option<(String,)> = query_as(&*conn, "SELECT setup FROM last_layouts WHERE user_id = ? AND family = ?")
        .bind(user)
        .bind(family)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|r| r.0))
}

/// Replaces the layout a deployment panel shows by the player's edit of it (a swap of two points
/// before their first deployment), so the picture, Save and Confirm show and submit the edit.
pub async fn suggestion_set(conn: &mut Conn, game: i64, user: &str, setup: &str) -> Result<(), StoreError> {
    query(
        &*conn,
        "INSERT INTO deploy_suggestions (game_id, user_id, setup) VALUES (?, ?, ?)
         ON CONFLICT (game_id, user_id) DO UPDATE SET setup = excluded.setup",
    )
    .bind(game)
    .bind(user)
    .bind(setup)
    .execute(conn)
    .await?;
    Ok(())
}
