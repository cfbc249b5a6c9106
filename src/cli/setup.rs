//! `setup check` and `setup random`, for any catalogued game through its catalogue entry: Deploy
//! games check and draw deployments, Deal games deal from a seed with a public commitment.

use std::io::Read;
use std::process::ExitCode;

use crate::rules::contract::{GameDef, SetupError, catalog};
use crate::rules::rng::Rng;
use crate::rules::shuffle::Seed;
use crate::rules::{Seat, contract::Secret};

/// The game named on the command line, or exit 2 with the catalogue's names.
fn game(name: &str) -> Result<&'static GameDef, ExitCode> {
    catalog::all().iter().copied().find(|d| d.kind.name.eq_ignore_ascii_case(name.trim())).ok_or_else(|| {
        let known: Vec<&str> = catalog::all().iter().map(|d| d.kind.name).collect();
        eprintln!("error: unknown variant '{name}' (known: {})", known.join(", "));
        ExitCode::from(2)
    })
}

/// A seat's short Chinese name (`南` for `南家`, `红` for `红方`), as players type it.
fn short_zh(name: &str) -> &str {
    name.strip_suffix('家').or_else(|| name.strip_suffix('方')).unwrap_or(name)
}

/// The seat `--side` names: its key or name in any language (short Chinese names too); `red`,
/// the 2-player default, also means the first seat of games whose seats are named otherwise.
fn seat(def: &GameDef, side: Option<&str>) -> Result<Seat, ExitCode> {
    let seating = &def.kind.seating;
    let Some(s) = side else { return Ok(Seat(0)) };
    let t = s.trim();
    let short = |d: &crate::rules::contract::SeatDesc| short_zh(d.name.zh_hans) == t || short_zh(d.name.zh_hant) == t;
    if let Some(seat) = seating.find(t).or_else(|| seating.seats.iter().position(short).map(|i| Seat(i as u8))) {
        return Ok(seat);
    }
    if t.eq_ignore_ascii_case("red") {
        return Ok(Seat(0));
    }
    let known: Vec<String> = seating
        .seats
        .iter()
        .map(|d| format!("{} ({}/{})", d.key.to_uppercase(), d.name.en, short_zh(d.name.zh_hans)))
        .collect();
    eprintln!("error: '{t}' is not a seat of {}; seats: {}", def.kind.name, known.join(", "));
    Err(ExitCode::from(2))
}

/// `setup check STRING [--side SEAT] [--variant GAME]`.
pub fn check(text: &str, side: Option<&str>, variant: &str) -> ExitCode {
    let mut input = text.to_string();
    if text == "-" {
        input.clear();
        if let Err(e) = std::io::stdin().read_to_string(&mut input) {
            eprintln!("error: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
    }
    let (def, seat) = match game(variant).and_then(|d| Ok((d, seat(d, side)?))) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let Some(validate) = def.validate_setup else {
        eprintln!("error: {} is dealt by the referee: there is no deployment to check", def.kind.name);
        return ExitCode::from(2);
    };
    let key = def.kind.seating.get(seat).map_or("?", |d| d.key);
    match validate(seat, &input) {
        Ok(normal) => {
            out!("ok: legal deployment for {key}: {normal}");
            ExitCode::SUCCESS
        }
        Err(SetupError::Broken(problems)) => {
            let n = problems.len();
            eprintln!("illegal deployment for {key} ({n} problem{}):", if n == 1 { "" } else { "s" });
            for p in &problems {
                eprintln!("  - {p}");
            }
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `setup random [--seed S] [--variant GAME] [--side SEAT]`. Deploy games print a deployment
/// string, written from its seat's own view, so the same seed gives the same string for every
/// seat. Deal games print a committed deal as record tags (`--seed` is then 64 hex digits).
pub fn random(seed: Option<String>, variant: &str, side: Option<&str>) -> ExitCode {
    let (def, seat) = match game(variant).and_then(|d| Ok((d, seat(d, side)?))) {
        Ok(x) => x,
        Err(code) => return code,
    };
    if let Some(deal) = def.deal {
        return random_deal(def, deal, seed.as_deref());
    }
    let Some(random_setup) = def.random_setup else {
        eprintln!("error: {} starts from a set position: there is nothing to draw", def.kind.name);
        return ExitCode::from(2);
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
    out!("{}", random_setup(seat, &mut Rng::new(seed)));
    ExitCode::SUCCESS
}

/// A deal from `--seed` (or 32 bytes of the operating system's secure generator), printed as the
/// tags a record of it carries.
fn random_deal(def: &GameDef, deal: crate::rules::contract::catalog::DealFn, seed: Option<&str>) -> ExitCode {
    let seed = match seed {
        Some(hex) => match Seed::from_hex(hex) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: --seed: {e}");
                return ExitCode::from(2);
            }
        },
        None => {
            let mut bytes = [0u8; 32];
            if let Err(e) = getrandom::getrandom(&mut bytes) {
                eprintln!("error: no random seed from the operating system: {e}");
                return ExitCode::from(2);
            }
            Seed(bytes)
        }
    };
    let dealt = deal(&Secret::new(seed.0));
    if let Some(shuffle) = def.record.shuffle {
        out!("[Shuffle \"{shuffle}\"]");
    }
    out!("[Seed \"{}\"]", seed.to_hex());
    out!("[Commit \"{}\"]", dealt.commitment);
    out!("[Deal \"{}\"]", dealt.deal.expose());
    ExitCode::SUCCESS
}
