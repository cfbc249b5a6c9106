//! Build script: `sqlx::migrate!()` embeds `migrations/` at compile time, and cargo does not know
//! that, so without this line a new migration would be silently left out of incremental builds.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
