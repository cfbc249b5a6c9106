//! `setup check` and `setup random`.

use std::io::Read;
use std::process::ExitCode;

use super::Side;
use crate::rules::rng::Rng;
use crate::rules::{Seat, Setup, Variant};

/// `setup check STRING [--side red|blue]`.
pub fn check(text: &str, side: Side) -> ExitCode {
    let mut input = text.to_string();
    if text == "-" {
        input.clear();
        if let Err(e) = std::io::stdin().read_to_string(&mut input) {
            eprintln!("error: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
    }
    let variant = Variant::junqi();
    let seat = if side == Side::Red { Seat::RED } else { Seat::BLUE };
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

/// `setup random [--seed N] [--variant junqi|junqi-flip]`.
pub fn random(seed: Option<String>, variant: &str) -> ExitCode {
    if variant.eq_ignore_ascii_case(crate::rules::flip::VARIANT_NAME) {
        return super::flip::setup_random(seed.as_deref());
    }
    if Variant::by_name(variant).is_none() {
        eprintln!("error: unknown variant '{variant}' (junqi, junqi-flip)");
        return ExitCode::from(2);
    }
    let seed = match seed.map(|s| s.trim().parse::<u64>()) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            eprintln!("error: --seed for a junqi deployment is a whole number such as 7");
            return ExitCode::from(2);
        }
    };
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let variant = Variant::junqi();
    println!("{}", Setup::random(variant, &mut Rng::new(seed)).to_code_string(variant));
    ExitCode::SUCCESS
}
