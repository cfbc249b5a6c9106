//! What Discord refuses, read from its API documentation: the limits of a message body and the
//! schema of a command registration. The fake answers with these refusals.

#![allow(dead_code)]

use serde_json::{Value, json};

/// Discord's 50035 "Invalid Form Body" with one field's error, as the API words it.
pub(super) fn form_error(field: &str, sub: Option<&str>, code: &str, message: &str) -> (u16, Value) {
    let err = json!({"_errors": [{"code": code, "message": message}]});
    let errors = match sub {
        Some(k) => json!({ field: { k: err } }),
        None => json!({ field: err }),
    };
    (400, json!({"message": "Invalid Form Body", "code": 50035, "errors": errors}))
}

/// What Discord refuses in a message body (create, edit, follow-up, interaction response):
/// content over 2,000 characters, more than 100 users in `allowed_mentions`, more than 10 embeds
/// or an embed over its limits, more than 5 rows of components, more than 5 buttons in a row, a
/// custom id over 100 characters or a label over 80.
pub fn message_refusal(body: &Value) -> Option<(u16, Value)> {
    if body["content"].as_str().is_some_and(|c| c.chars().count() > 2000) {
        return Some(form_error("content", None, "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length."));
    }
    if body["allowed_mentions"]["users"].as_array().is_some_and(|u| u.len() > 100) {
        return Some(form_error(
            "allowed_mentions",
            Some("users"),
            "BASE_TYPE_MAX_LENGTH",
            "Must be 100 or fewer in length.",
        ));
    }
    let embeds = body["embeds"].as_array().cloned().unwrap_or_default();
    if embeds.len() > 10 {
        return Some(form_error("embeds", None, "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."));
    }
    let len = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    let mut total = 0;
    for e in &embeds {
        if len(&e["title"]) > 256 || len(&e["description"]) > 4096 {
            return Some(form_error("embeds", Some("0"), "BASE_TYPE_MAX_LENGTH", "Must be 4096 or fewer in length."));
        }
        total += len(&e["title"]) + len(&e["description"]);
    }
    if total > 6000 {
        return Some((400, json!({"message": "Embed size exceeds maximum size of 6000", "code": 50035})));
    }
    let rows = body["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        return Some(form_error("components", None, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."));
    }
    // Custom ids are unique within a message (Discord: "Component custom id cannot be duplicated").
    let mut ids = std::collections::HashSet::new();
    for row in &rows {
        let items = row["components"].as_array().cloned().unwrap_or_default();
        for c in &items {
            if let Some(id) = c["custom_id"].as_str()
                && !ids.insert(id.to_string())
            {
                return Some(form_error(
                    "components",
                    Some("0"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                ));
            }
        }
        if items.len() > 5 {
            return Some(form_error("components", Some("0"), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."));
        }
        for c in &items {
            if len(&c["custom_id"]) > 100 || len(&c["label"]) > 80 {
                return Some(form_error(
                    "components",
                    Some("0"),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 100 or fewer in length.",
                ));
            }
        }
    }
    None
}

/// Discord's locales (the keys a `*_localizations` map may have).
const LOCALES: [&str; 34] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko", "he",
    "ar",
];

/// Whether `name` is a valid command or option name: 1–32 characters, each `-`, `_`, a letter
/// or a number (`^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`), lowercase where it has case.
fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name.chars().all(|c| {
            (c == '-'
                || c == '_'
                || c.is_alphanumeric()
                || ('\u{0900}'..='\u{097F}').contains(&c)
                || ('\u{0E00}'..='\u{0E7F}').contains(&c))
                && !c.is_uppercase()
        })
}

/// The registration schema of one command (or option), as Discord checks it: names, lengths,
/// localizations, at most 25 options, required options before optional ones, choices; adds the
/// characters it counts towards the 8,000 limit (the longest localization of each field).
fn check_command(c: &Value, at: &str, size: &mut usize) -> Result<(), String> {
    let longest = |field: &str| -> Result<usize, String> {
        let mut n = c[field].as_str().map_or(0, |s| s.chars().count());
        if let Some(map) = c[format!("{field}_localizations")].as_object() {
            for (k, v) in map {
                if !LOCALES.contains(&k.as_str()) {
                    return Err(format!("{at}.{field}_localizations: invalid locale {k}"));
                }
                let v = v.as_str().unwrap_or("");
                if field == "name" && !valid_name(v) {
                    return Err(format!("{at}.name_localizations.{k}: invalid name {v:?}"));
                }
                n = n.max(v.chars().count());
            }
        }
        Ok(n)
    };
    let name = c["name"].as_str().unwrap_or("");
    if !valid_name(name) {
        return Err(format!("{at}.name: invalid name {name:?}"));
    }
    let d = c["description"].as_str().unwrap_or("").chars().count();
    if !(1..=100).contains(&d) {
        return Err(format!("{at}.description: must be 1-100 characters, is {d}"));
    }
    *size += longest("name")? + longest("description")?;
    if longest("description")? > 100 {
        return Err(format!("{at}.description_localizations: over 100 characters"));
    }
    let options = c["options"].as_array().cloned().unwrap_or_default();
    if options.len() > 25 {
        return Err(format!("{at}.options: {} options, at most 25", options.len()));
    }
    let mut optional_seen = false;
    for (i, o) in options.iter().enumerate() {
        let here = format!("{at}.options.{i}");
        if o["required"].as_bool() == Some(true) {
            if optional_seen {
                return Err(format!("{here}: a required option after an optional one"));
            }
        } else if !matches!(o["type"].as_u64(), Some(1 | 2)) {
            optional_seen = true;
        }
        let choices = o["choices"].as_array().cloned().unwrap_or_default();
        if choices.len() > 25 {
            return Err(format!("{here}.choices: at most 25"));
        }
        for ch in &choices {
            let n = ch["name"].as_str().map_or(0, |s| s.chars().count());
            if !(1..=100).contains(&n) {
                return Err(format!("{here}.choices: a name of {n} characters"));
            }
            *size += n + ch["value"].as_str().map_or_else(|| ch["value"].to_string().len(), |v| v.chars().count());
        }
        check_command(o, &here, size)?;
    }
    Ok(())
}

/// Discord's refusal of a command registration (50035 with where), or None.
pub fn registration_refusal(commands: &Value) -> Option<(u16, Value)> {
    for (i, c) in commands.as_array().into_iter().flatten().enumerate() {
        let mut size = 0;
        let checked = check_command(c, &i.to_string(), &mut size)
            .and_then(|()| if size > 8000 { Err(format!("{i}: {size} characters, at most 8000")) } else { Ok(()) });
        if let Err(e) = checked {
            return Some((
                400,
                json!({"message": "Invalid Form Body", "code": 50035, "errors": {"_errors": [
                {"code": "APPLICATION_COMMAND_INVALID", "message": e}]}}),
            ));
        }
    }
    None
}

/// A route's rate-limit headers as Discord sends them on every answer (docs/topics/Rate_Limits.md):
/// a bucket of 50 with `remaining` left, refilled `reset_after` seconds from now.
pub(super) fn bucket_headers(remaining: u32, reset_after: f64) -> Vec<(&'static str, String)> {
    let reset = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_secs_f64()
        + reset_after;
    vec![
        ("x-ratelimit-limit", "50".to_string()),
        ("x-ratelimit-remaining", remaining.to_string()),
        ("x-ratelimit-reset", format!("{reset:.3}")),
        ("x-ratelimit-reset-after", format!("{reset_after:.3}")),
        ("x-ratelimit-bucket", "fake-bucket".to_string()),
    ]
}

/// Discord's 429 (docs/topics/Rate_Limits.md): the body `{"message", "retry_after", "global"}`,
/// `retry-after` in seconds; a route's limit also spends its bucket (`x-ratelimit-scope: user`),
/// the global limit says so with `x-ratelimit-global` (and no bucket headers).
pub(super) fn rate_limited(secs: f64, global: bool) -> (u16, Value, Vec<(&'static str, String)>) {
    let body = json!({"message": "You are being rate limited.", "retry_after": secs, "global": global});
    let mut headers = vec![("retry-after", format!("{secs}"))];
    if global {
        headers.push(("x-ratelimit-global", "true".to_string()));
        headers.push(("x-ratelimit-scope", "global".to_string()));
    } else {
        headers.push(("x-ratelimit-scope", "user".to_string()));
        headers.extend(bucket_headers(0, secs));
    }
    (429, body, headers)
}
