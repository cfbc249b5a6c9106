//! The database a referee test runs on: a new SQLite file, or — with `JUNQI_TEST_BACKEND=postgres`
//! and `JUNQI_TEST_POSTGRES` naming a server — a new schema of that PostgreSQL database, named by
//! its URL (every place a database is named takes either, `Store::open` included). `.ci/run` runs
//! the referee's tests and the golden transcripts a second time so (issue 18 point 1).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{Connection, Executor};

/// Whether this run puts the referee tests on PostgreSQL.
pub fn on_postgres() -> bool {
    std::env::var("JUNQI_TEST_BACKEND").is_ok_and(|b| b.eq_ignore_ascii_case("postgres"))
}

/// A fresh, empty database for the test `tag`, on the backend of this run.
pub async fn fresh_db(tag: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    if !on_postgres() {
        let db = std::env::temp_dir().join(format!("junqi-test-{tag}-{}-{n}.db", std::process::id()));
        for s in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{s}", db.display()));
        }
        return db;
    }
    let url = std::env::var("JUNQI_TEST_POSTGRES").expect("JUNQI_TEST_BACKEND=postgres needs JUNQI_TEST_POSTGRES");
    let clean: String =
        tag.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    let schema = format!("rt_{}_{}_{n}", &clean[..clean.len().min(30)], std::process::id());
    let mut admin = sqlx::PgConnection::connect(&url).await.expect("JUNQI_TEST_POSTGRES answers");
    admin.execute(sqlx::AssertSqlSafe(format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))).await.unwrap();
    admin.execute(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}"))).await.unwrap();
    admin.close().await.unwrap();
    let sep = if url.contains('?') { '&' } else { '?' };
    PathBuf::from(format!("{url}{sep}options[search_path]={schema}"))
}
