//! `setup check` and `setup random`.

use std::io::Read;
use std::process::ExitCode;

use crate::rules::rng::Rng;
use crate::rules::{Seat, Setup, Variant};

/// The variant and seat named on the command line, or exit 2 with why not.
fn variant_and_seat(variant: &str, side: Option<&str>) -> Result<(&'static Variant, Seat), ExitCode> {
    let Some(v) = Variant::by_name(variant) else {
        eprintln!("error: unknown variant '{variant}' (known: junqi, junqi4, junqi4-duel)");
        return Err(ExitCode::from(2));
    };
    // `red`, the 2-player default, also means the first seat of the other variants.
    let seat = match side {
        None => Seat(0),
        Some(s) if v.seats.len() > 1 && s.eq_ignore_ascii_case("red") => Seat(0),
        Some(s) => v.seat_by_name(s).map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(2)
        })?,
    };
    Ok((v, seat))
}

/// `setup check STRING [--side red|blue|s|e|n|w] [--variant junqi|junqi4|junqi4-duel]`.
pub fn check(text: &str, side: &str, variant: &str) -> ExitCode {
    let mut input = text.to_string();
    if text == "-" {
        input.clear();
        if let Err(e) = std::io::stdin().read_to_string(&mut input) {
            eprintln!("error: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
    }
    let (variant, seat) = match variant_and_seat(variant, Some(side)) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let setup = match Setup::parse(variant, &input) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match setup.validate(variant, seat) {
        Ok(_) => {
            println!("ok: legal deployment for {}: {}", variant.seat_name(seat), setup.to_code_string(variant));
            ExitCode::SUCCESS
        }
        Err(violations) => {
            eprintln!(
                "illegal deployment for {} ({} problem{}):",
                variant.seat_name(seat),
                violations.len(),
                if violations.len() == 1 { "" } else { "s" }
            );
            for v in &violations {
                eprintln!("  - {}", v.describe(variant));
            }
            ExitCode::from(2)
        }
    }
}

/// `setup random [--seed N] [--variant V] [--side S]`: a deployment string is written from its
/// seat's own view, so the same seed gives the same string for every seat. For `junqi-flip` it
/// prints a committed deal instead (`--seed` is then 64 hex digits).
pub fn random(seed: Option<String>, variant: &str, side: Option<&str>) -> ExitCode {
    if variant.eq_ignore_ascii_case(crate::rules::flip::VARIANT_NAME) {
        return super::flip::setup_random(seed.as_deref());
    }
    let (variant, _seat) = match variant_and_seat(variant, side) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let seed = match seed.map(|s| s.trim().parse::<u64>()) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            eprintln!("error: --seed for a deployment is a whole number such as 7");
            return ExitCode::from(2);
        }
    };
    // Without --seed the layout is for real play, so it comes from the OS generator: a seed
    // from the time could be searched by anyone who knows roughly when it was made.
    let seed = match seed {
        Some(n) => n,
        None => {
            let mut bytes = [0u8; 8];
            if let Err(e) = getrandom::getrandom(&mut bytes) {
                eprintln!("error: no randomness from the operating system ({e}); give --seed N");
                return ExitCode::FAILURE;
            }
            u64::from_le_bytes(bytes)
        }
    };
    println!("{}", Setup::random(variant, &mut Rng::new(seed)).to_code_string(variant));
    ExitCode::SUCCESS
}
