//! The committed, seeded, uniform deal of 翻棋 (`rules-flip.md` §1): the shuffle named
//! `fy-chacha20/1`, built on ChaCha20 (RFC 8439) and SHA-256 (FIPS 180-4) from RustCrypto's
//! `chacha20` and `sha2` crates (pure computation, no I/O).
//!
//! `fy-chacha20/1`, exactly (a name is never reused for different output):
//! - the canonical list is `abccddeeffggghhhiiijjjkkl` followed by the same in upper case (red
//!   pieces lower case, blue upper case);
//! - the generator is the ChaCha20 keystream with the 32-byte seed as key, an all-zero 96-bit nonce
//!   and the block counter starting at 0, read as consecutive little-endian 32-bit words;
//! - Fisher–Yates: for `i` from 49 down to 1, draw `j` uniform in `0..=i` and swap items `i` and `j`;
//! - a uniform `j` below `n = i + 1` takes words `x` until `x < 2^32 - (2^32 mod n)` and is `x mod n`
//!   (rejection, so there is no modulo bias);
//! - the shuffled list is the deal, item `k` on the `k`-th non-camp point in deal order.
//!
//! The commitment is the lower-case hex SHA-256 of the ASCII text `<seed hex>:<deal>`.

use std::fmt;

/// The name of the one shuffle this module implements.
pub const SHUFFLE_NAME: &str = "fy-chacha20/1";

/// The canonical list the shuffle starts from: red (lower case) then blue (upper case).
pub const CANONICAL: &str = "abccddeeffggghhhiiijjjkklABCCDDEEFFGGGHHHIIIJJJKKL";

/// A 32-byte seed.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Seed(pub [u8; 32]);

/// Debug output never shows the seed: it is the referee's secret until the game ends.
impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(..)")
    }
}

/// A seed that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeedError {
    /// Not 64 characters.
    #[error("a seed is 64 hex digits (32 bytes), not {0} characters")]
    Length(usize),
    /// A character that is not a hex digit.
    #[error("a seed is written in hex digits 0-9 a-f; '{0}' is not one")]
    NotHex(char),
}

impl Seed {
    /// Reads 64 hex digits (either case).
    pub fn from_hex(text: &str) -> Result<Seed, SeedError> {
        let text = text.trim();
        if text.chars().count() != 64 {
            return Err(SeedError::Length(text.chars().count()));
        }
        let mut bytes = [0u8; 32];
        let digits: Vec<u8> = text
            .chars()
            .map(|c| c.to_digit(16).map(|d| d as u8).ok_or(SeedError::NotHex(c)))
            .collect::<Result<_, _>>()?;
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (digits[2 * i] << 4) | digits[2 * i + 1];
        }
        Ok(Seed(bytes))
    }

    /// The seed as 64 lower-case hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A stream of little-endian 32-bit words from the ChaCha20 keystream (RFC 8439 with an all-zero
/// nonce, block counter from 0), by RustCrypto's `ChaCha20Rng`: with the stream id 0 its 64-bit
/// counter and 64-bit stream are RFC 8439's 32-bit counter and 96-bit nonce, all zero.
pub struct ChaChaWords {
    rng: chacha20::ChaCha20Rng,
}

impl ChaChaWords {
    /// The stream keyed by a seed.
    pub fn new(seed: &Seed) -> ChaChaWords {
        use chacha20::rand_core::SeedableRng;
        ChaChaWords { rng: chacha20::ChaCha20Rng::from_seed(seed.0) }
    }

    /// The next word.
    pub fn next_u32(&mut self) -> u32 {
        use chacha20::rand_core::Rng;
        self.rng.next_u32()
    }

    /// A uniform integer in `0..n` (`n >= 1`), by rejection: no modulo bias.
    pub fn below(&mut self, n: u32) -> u32 {
        let n64 = u64::from(n.max(1));
        let limit = (1u64 << 32) - (1u64 << 32) % n64;
        loop {
            let x = u64::from(self.next_u32());
            if x < limit {
                return (x % n64) as u32;
            }
        }
    }
}

/// SHA-256 (FIPS 180-4) of a message, by RustCrypto's `sha2`.
pub fn sha256(message: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(message).into()
}

/// The deal string of `fy-chacha20/1` for a seed: 50 piece codes in deal order.
pub fn shuffle(seed: &Seed) -> String {
    let mut items: Vec<char> = CANONICAL.chars().collect();
    let mut words = ChaChaWords::new(seed);
    for i in (1..items.len()).rev() {
        let j = words.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
    items.into_iter().collect()
}

/// The commitment to a seed and its deal: lower-case hex SHA-256 of `<seed hex>:<deal>`.
pub fn commit(seed: &Seed, deal: &str) -> String {
    hex(&sha256(format!("{}:{deal}", seed.to_hex()).as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unhex(s: &str) -> Vec<u8> {
        let s: String = s.split_whitespace().collect();
        (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
    }

    /// The keystream words of one 64-byte block, read through the same generator the shuffle uses.
    fn block_bytes(rng: &mut chacha20::ChaCha20Rng) -> Vec<u8> {
        use chacha20::rand_core::Rng;
        (0..16).flat_map(|_| rng.next_u32().to_le_bytes()).collect()
    }

    #[test]
    fn chacha20_keystream_rfc8439_2_3_2() {
        use chacha20::rand_core::SeedableRng;
        // RFC 8439's nonce 00000009 0000004a 00000000 with block counter 1: in the generator's
        // layout the first nonce word is the high half of the 64-bit counter, the rest the stream.
        let key: [u8; 32] = std::array::from_fn(|i| i as u8);
        let mut rng = chacha20::ChaCha20Rng::from_seed(key);
        rng.set_stream(0x4a00_0000);
        rng.set_block_pos((0x0900_0000u64 << 32) | 1);
        let expected = unhex(
            "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e
             d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
        );
        assert_eq!(block_bytes(&mut rng), expected);
    }

    #[test]
    fn chacha20_keystream_rfc8439_a_1_zero_key() {
        // Test vectors #1 and #2 of RFC 8439 A.1: zero key and nonce, counters 0 and 1 — exactly
        // the words `ChaChaWords` reads for the shuffle.
        let mut words = ChaChaWords::new(&Seed([0; 32]));
        let first: Vec<u8> = (0..32).flat_map(|_| words.next_u32().to_le_bytes()).collect();
        let expected = unhex(
            "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7
             da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586
             9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed
             29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f",
        );
        assert_eq!(first, expected);
    }

    #[test]
    fn sha256_fips_180_4_vectors() {
        assert_eq!(hex(&sha256(b"abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(hex(&sha256(b"")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(
            hex(&sha256(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        // Exactly one block of padding-length boundary (55 and 56 bytes) and a multi-block message.
        assert_eq!(hex(&sha256(&[b'a'; 1000])), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
    }

    #[test]
    fn seed_hex_round_trip_and_errors() {
        let s = Seed(std::array::from_fn(|i| (i * 7) as u8));
        assert_eq!(Seed::from_hex(&s.to_hex()), Ok(s));
        assert_eq!(Seed::from_hex(&s.to_hex().to_uppercase()), Ok(s));
        assert_eq!(Seed::from_hex("abc"), Err(SeedError::Length(3)));
        assert_eq!(Seed::from_hex(&"g".repeat(64)), Err(SeedError::NotHex('g')));
        assert_eq!(format!("{s:?}"), "Seed(..)");
    }

    #[test]
    fn a_deal_is_a_permutation_of_the_canonical_list() {
        for b in 0..20u8 {
            let deal = shuffle(&Seed([b; 32]));
            let mut a: Vec<char> = deal.chars().collect();
            let mut c: Vec<char> = CANONICAL.chars().collect();
            a.sort_unstable();
            c.sort_unstable();
            assert_eq!(a, c);
        }
    }

    #[test]
    fn uniform_draws_stay_in_range() {
        let mut w = ChaChaWords::new(&Seed([9; 32]));
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[w.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(w.below(1), 0);
    }
}
