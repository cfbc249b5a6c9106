//! The committed, seeded, uniform deal of 翻棋 (`rules-flip.md` §1): ChaCha20 (RFC 8439) and
//! SHA-256 (FIPS 180-4), written here because the rules core is std-only, and the shuffle named
//! `fy-chacha20/1` built on them.
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

/// The ChaCha20 block function (RFC 8439 §2.3): 64 keystream bytes for one counter value.
pub fn chacha20_block(key: &[u8; 32], counter: u32, nonce: &[u8; 12]) -> [u8; 64] {
    let mut state = [0u32; 16];
    state[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
    for i in 0..8 {
        state[4 + i] = u32::from_le_bytes(key[4 * i..4 * i + 4].try_into().expect("4 bytes"));
    }
    state[12] = counter;
    for i in 0..3 {
        state[13 + i] = u32::from_le_bytes(nonce[4 * i..4 * i + 4].try_into().expect("4 bytes"));
    }
    let mut w = state;
    fn qr(w: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
        w[a] = w[a].wrapping_add(w[b]);
        w[d] = (w[d] ^ w[a]).rotate_left(16);
        w[c] = w[c].wrapping_add(w[d]);
        w[b] = (w[b] ^ w[c]).rotate_left(12);
        w[a] = w[a].wrapping_add(w[b]);
        w[d] = (w[d] ^ w[a]).rotate_left(8);
        w[c] = w[c].wrapping_add(w[d]);
        w[b] = (w[b] ^ w[c]).rotate_left(7);
    }
    for _ in 0..10 {
        qr(&mut w, 0, 4, 8, 12);
        qr(&mut w, 1, 5, 9, 13);
        qr(&mut w, 2, 6, 10, 14);
        qr(&mut w, 3, 7, 11, 15);
        qr(&mut w, 0, 5, 10, 15);
        qr(&mut w, 1, 6, 11, 12);
        qr(&mut w, 2, 7, 8, 13);
        qr(&mut w, 3, 4, 9, 14);
    }
    let mut out = [0u8; 64];
    for (chunk, (x, s)) in out.chunks_exact_mut(4).zip(w.iter().zip(&state)) {
        chunk.copy_from_slice(&x.wrapping_add(*s).to_le_bytes());
    }
    out
}

/// A stream of little-endian 32-bit words from the ChaCha20 keystream (nonce zero, counter from 0).
pub struct ChaChaWords {
    key: [u8; 32],
    counter: u32,
    block: [u8; 64],
    pos: usize,
}

impl ChaChaWords {
    /// The stream keyed by a seed.
    pub fn new(seed: &Seed) -> ChaChaWords {
        ChaChaWords { key: seed.0, counter: 0, block: [0; 64], pos: 64 }
    }

    /// The next word.
    pub fn next_u32(&mut self) -> u32 {
        if self.pos == 64 {
            self.block = chacha20_block(&self.key, self.counter, &[0; 12]);
            // 2^32 blocks are far beyond what a shuffle reads; wrapping keeps this total.
            self.counter = self.counter.wrapping_add(1);
            self.pos = 0;
        }
        let w = u32::from_le_bytes(self.block[self.pos..self.pos + 4].try_into().expect("4 bytes"));
        self.pos += 4;
        w
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

const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
];

/// SHA-256 (FIPS 180-4) of a message.
pub fn sha256(message: &[u8]) -> [u8; 32] {
    let mut h: [u32; 8] =
        [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    let mut data = message.to_vec();
    let bit_len = (message.len() as u64).wrapping_mul(8);
    data.push(0x80);
    while data.len() % 64 != 56 {
        data.push(0);
    }
    data.extend_from_slice(&bit_len.to_be_bytes());
    for chunk in data.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (x, b) in w.iter_mut().zip(chunk.chunks_exact(4)) {
            *x = u32::from_be_bytes(b.try_into().expect("4 bytes"));
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for (k, wi) in K.iter().zip(&w) {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh.wrapping_add(s1).wrapping_add(ch).wrapping_add(*k).wrapping_add(*wi);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (i, x) in h.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&x.to_be_bytes());
    }
    out
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

    #[test]
    fn chacha20_block_rfc8439_2_3_2() {
        let key: [u8; 32] = std::array::from_fn(|i| i as u8);
        let nonce: [u8; 12] = unhex("000000090000004a00000000").try_into().unwrap();
        let expected = unhex(
            "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e
             d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
        );
        assert_eq!(chacha20_block(&key, 1, &nonce).to_vec(), expected);
    }

    #[test]
    fn chacha20_block_rfc8439_a_1_zero_key() {
        let expected = unhex(
            "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7
             da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
        );
        assert_eq!(chacha20_block(&[0; 32], 0, &[0; 12]).to_vec(), expected);
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
