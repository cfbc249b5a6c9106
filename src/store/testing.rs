//! Fresh stores for the store's tests, on every backend the run can reach: a new SQLite file
//! always, and a new schema in the PostgreSQL database `JUNQI_TEST_POSTGRES` names (a URL), when
//! it is set (`.ci/run` starts a throwaway cluster and sets it).

use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::{AnyConnection, Connection, Executor};

use super::{Durability, Store};

/// The variable naming the PostgreSQL database the tests may use.
pub const POSTGRES_VAR: &str = "JUNQI_TEST_POSTGRES";

/// Distinguishes the stores of one test process.
static NEXT: AtomicU64 = AtomicU64::new(0);

/// A name no other store of this run (nor of another run on the same server) has.
fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    format!("{prefix}_{}_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed), nanos % 1_000_000_007)
}

/// `url` with one more query parameter.
fn with_param(url: &str, param: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}{param}")
}

/// Runs `test` on a fresh SQLite store, then, if [`POSTGRES_VAR`] is set, on a fresh PostgreSQL
/// store (a schema of its own, dropped afterwards). A failure names the backend it happened on.
pub async fn each_store(test: impl AsyncFn(Store)) {
    let dir = std::env::temp_dir().join(unique("junqi-store"));
    std::fs::create_dir_all(&dir).unwrap();
    let store = Store::open(&dir.join("test.db"), Durability::Normal).await.expect("open SQLite store");
    test(store.clone()).await;
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    if let Some(url) = std::env::var(POSTGRES_VAR).ok().filter(|u| !u.trim().is_empty()) {
        let (store, schema) = postgres_store(&url).await;
        test(store.clone()).await;
        store.close().await;
        drop_schema(&url, &schema).await;
    }
}

/// A store on a new, empty schema of the PostgreSQL database at `url`, and the schema's name.
pub async fn postgres_store(url: &str) -> (Store, String) {
    sqlx::any::install_default_drivers();
    let schema = unique("t");
    let mut admin = AnyConnection::connect(url).await.unwrap_or_else(|e| panic!("{POSTGRES_VAR}={url}: {e}"));
    admin.execute(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}"))).await.unwrap();
    admin.close().await.unwrap();
    let store = Store::open_url(&schema_url(url, &schema), Durability::Normal).await.expect("open PostgreSQL store");
    (store, schema)
}

/// The URL of the database at `url` with `schema` as its search path (where its tables go).
pub fn schema_url(url: &str, schema: &str) -> String {
    with_param(url, &format!("options[search_path]={schema}"))
}

/// Drops a schema [`postgres_store`] made.
pub async fn drop_schema(url: &str, schema: &str) {
    let mut admin = AnyConnection::connect(url).await.unwrap();
    admin.execute(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE"))).await.unwrap();
    admin.close().await.unwrap();
}

/// A fresh database for a test, named as a setting names one: a new SQLite file, or, when the run
/// puts the referee's tests on PostgreSQL (`JUNQI_TEST_BACKEND=postgres`, as `.ci/run`'s second
/// pass does), the URL of a new schema of [`POSTGRES_VAR`]'s database.
pub async fn fresh_db(tag: &str) -> std::path::PathBuf {
    let on_postgres = std::env::var("JUNQI_TEST_BACKEND").is_ok_and(|b| b.eq_ignore_ascii_case("postgres"));
    if !on_postgres {
        let db = std::env::temp_dir().join(unique(&format!("junqi-{tag}")));
        return db.with_extension("db");
    }
    let url = std::env::var(POSTGRES_VAR).expect("JUNQI_TEST_BACKEND=postgres needs JUNQI_TEST_POSTGRES");
    sqlx::any::install_default_drivers();
    let schema = unique("rt");
    let mut admin = AnyConnection::connect(&url).await.unwrap_or_else(|e| panic!("{POSTGRES_VAR}={url}: {e}"));
    admin.execute(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}"))).await.unwrap();
    admin.close().await.unwrap();
    std::path::PathBuf::from(schema_url(&url, &schema))
}
