//! Discord ids as the referee knows them: users as mentions (`<@id>`), channels as mentions
//! (`<#id>`) or bare ids. Shared by the service's game and tournament sides.

/// A user id as the referee knows it.
pub fn user_key(id: u64) -> String {
    format!("<@{id}>")
}

/// A channel id back from its mention (`<#id>`) or a bare id.
pub fn channel_id(text: &str) -> Option<u64> {
    let t = text.trim();
    t.strip_prefix("<#").and_then(|r| r.strip_suffix('>')).unwrap_or(t).parse().ok()
}

/// The Discord id back from a referee user key.
pub fn user_id(key: &str) -> Option<u64> {
    key.strip_prefix("<@")?.strip_suffix('>')?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_keys_round_trip() {
        assert_eq!(user_key(42), "<@42>");
        assert_eq!(user_id("<@42>"), Some(42));
        assert_eq!(user_id("alice"), None);
        assert_eq!(user_id("<@x>"), None);
    }
}
