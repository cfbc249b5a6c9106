//! Build script: `sqlx::migrate!()` embeds `migrations/sqlite/` and `migrations/postgres/` at
//! compile time, and cargo does not know that, so without this line a new migration would be
//! silently left out of incremental builds (cargo watches the folder and everything below it).

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
