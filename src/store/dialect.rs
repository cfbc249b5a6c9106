//! The two SQL dialects the store speaks: SQLite (the embedded default) and PostgreSQL.
//!
//! Every statement is written once, in SQLite's words, and run through sqlx's `Any` driver, so
//! the store's functions take one connection type ([`Conn`]) whatever the backend. Where the
//! dialects differ, [`Backend::sql`] translates the text for PostgreSQL just before it is sent:
//!
//! * placeholders: SQLite's `?` (numbered in order) and `?N` become PostgreSQL's `$N`;
//! * the few fragments in [`REWRITES`] that have no common spelling (SQLite's JSON aggregate).
//!
//! The rest of the SQL (`ON CONFLICT … DO UPDATE/NOTHING`, `RETURNING`, `COALESCE`, partial
//! indexes) is spelled the same by both, and the statements are written in that common subset;
//! the schemas themselves are per backend (`migrations/sqlite/`, `migrations/postgres/`).

use std::borrow::Cow;

use sqlx::AnyConnection;
use sqlx::any::{Any, AnyArguments};
use sqlx::query::{Query, QueryAs, QueryScalar};
use sqlx::{AssertSqlSafe, FromRow};

/// The connection every store function takes: SQLite or PostgreSQL behind sqlx's `Any` driver.
pub type Conn = AnyConnection;

/// Which database engine a connection talks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file (or memory database): one process, one writer.
    Sqlite,
    /// A PostgreSQL server, which several processes may share.
    Postgres,
}

/// Fragments of SQLite SQL and their PostgreSQL spelling, applied in order by [`Backend::sql`].
const REWRITES: &[(&str, &str)] = &[
    // A game's seats as a JSON array of `[seat, user]` pairs (`seats::SEATS_COLUMN`). Over no
    // rows SQLite's aggregate gives `[]`, PostgreSQL's NULL.
    ("json_group_array(json_array(seat, user_id))", "COALESCE(json_agg(json_build_array(seat, user_id))::text, '[]')"),
];

impl Backend {
    /// The backend of a connection.
    pub fn of(conn: &Conn) -> Backend {
        Backend::from_name(conn.backend_name())
    }

    /// The backend sqlx names `name` (`"PostgreSQL"`, `"SQLite"`).
    pub fn from_name(name: &str) -> Backend {
        if name.eq_ignore_ascii_case("postgresql") { Backend::Postgres } else { Backend::Sqlite }
    }

    /// The backend a database setting names: a `postgres://` or `postgresql://` URL is
    /// PostgreSQL, anything else an SQLite file (or `sqlite:` URL).
    pub fn of_setting(database: &str) -> Backend {
        let d = database.trim_start();
        if d.starts_with("postgres://") || d.starts_with("postgresql://") { Backend::Postgres } else { Backend::Sqlite }
    }

    /// `sql`, written for SQLite, in this backend's dialect. SQLite's text is returned as is.
    pub fn sql(self, sql: impl Into<Cow<'static, str>>) -> Cow<'static, str> {
        let sql = sql.into();
        match self {
            Backend::Sqlite => sql,
            Backend::Postgres => Cow::Owned(to_postgres(&sql)),
        }
    }
}

/// SQLite SQL in PostgreSQL's dialect: placeholders renumbered, [`REWRITES`] applied. Text inside
/// single quotes, double quotes and `--` comments is left alone.
pub fn to_postgres(sql: &str) -> String {
    let mut s = sql.to_string();
    for (from, to) in REWRITES {
        if s.contains(from) {
            s = s.replace(from, to);
        }
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut next = 0u32;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == c {
                        break;
                    }
                }
            }
            '-' if chars.peek() == Some(&'-') => {
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == '\n' {
                        break;
                    }
                }
            }
            '?' => {
                out.push('$');
                if chars.peek().is_some_and(char::is_ascii_digit) {
                    while let Some(d) = chars.next_if(char::is_ascii_digit) {
                        out.push(d);
                    }
                } else {
                    next += 1;
                    out.push_str(&next.to_string());
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// [`sqlx::query`] with `sql` in `conn`'s dialect.
pub fn query(conn: &Conn, sql: impl Into<Cow<'static, str>>) -> Query<'static, Any, AnyArguments> {
    sqlx::query(AssertSqlSafe(Backend::of(conn).sql(sql)))
}

/// [`sqlx::query_as`] with `sql` in `conn`'s dialect.
pub fn query_as<O>(conn: &Conn, sql: impl Into<Cow<'static, str>>) -> QueryAs<'static, Any, O, AnyArguments>
where
    O: for<'r> FromRow<'r, sqlx::any::AnyRow>,
{
    sqlx::query_as(AssertSqlSafe(Backend::of(conn).sql(sql)))
}

/// [`sqlx::query_scalar`] with `sql` in `conn`'s dialect.
pub fn query_scalar<O>(conn: &Conn, sql: impl Into<Cow<'static, str>>) -> QueryScalar<'static, Any, O, AnyArguments>
where
    (O,): for<'r> FromRow<'r, sqlx::any::AnyRow>,
{
    sqlx::query_scalar(AssertSqlSafe(Backend::of(conn).sql(sql)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_and_quoted_text_is_left_alone() {
        assert_eq!(
            to_postgres("SELECT a FROM t WHERE b = ? AND c = ? AND d = 'why?' -- what?\n AND e = ?"),
            "SELECT a FROM t WHERE b = $1 AND c = $2 AND d = 'why?' -- what?\n AND e = $3"
        );
        assert_eq!(to_postgres("WHERE a = ?1 OR b = ?1 OR c = ?2"), "WHERE a = $1 OR b = $1 OR c = $2");
        assert!(to_postgres("(SELECT json_group_array(json_array(seat, user_id)) FROM s)").contains("json_agg"));
    }

    #[test]
    fn a_setting_names_its_backend() {
        assert_eq!(Backend::of_setting("junqi.db"), Backend::Sqlite);
        assert_eq!(Backend::of_setting("sqlite::memory:"), Backend::Sqlite);
        assert_eq!(Backend::of_setting("postgres://u@localhost/j"), Backend::Postgres);
        assert_eq!(Backend::of_setting("postgresql://localhost/j"), Backend::Postgres);
        assert_eq!(Backend::from_name("PostgreSQL"), Backend::Postgres);
        assert_eq!(Backend::from_name("SQLite"), Backend::Sqlite);
    }
}
