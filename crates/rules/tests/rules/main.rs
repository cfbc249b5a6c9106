//! The rules crate's tests as one binary: each test binary links the crate once, so one binary
//! for all of them builds and links once (and links only `junqi-rules`, not the whole bot).

mod board;
mod combat_end;
mod common;
mod flip;
mod junqi4;
mod junqi4_family;
mod moves;
mod props;
mod setup;
