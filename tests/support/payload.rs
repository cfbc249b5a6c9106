//! Builders for interaction payloads as Discord sends them (a module of `fake_discord`).

use super::*;

fn member(user: u64, name: &str) -> Value {
    json!({"user": user_json(user, name), "roles": [], "joined_at": now_iso(), "deaf": false, "mute": false,
           "flags": 0, "permissions": "2199023255551"})
}

fn base(kind: u8, id: u64, user: (u64, &str), channel: Option<u64>, data: Value) -> Value {
    let mut v = json!({
        "id": id.to_string(), "application_id": APP_ID.to_string(), "type": kind, "data": data,
        "token": format!("tok-{id}"), "version": 1, "entitlements": [],
        // Bob's Discord is in English, everyone else's in 简体中文.
        "locale": if user.1 == "bob" { "en-US" } else { "zh-CN" },
        "app_permissions": "2199023255551", "authorizing_integration_owners": {}, "attachment_size_limit": 10485760,
    });
    match channel {
        Some(ch) => {
            v["guild_id"] = json!(GUILD_ID.to_string());
            v["guild_locale"] = json!("zh-CN");
            v["channel_id"] = json!(ch.to_string());
            v["channel"] = json!({"id": ch.to_string(), "type": 0});
            v["member"] = member(user.0, user.1);
        }
        None => {
            // A DM: the interaction carries `user`, and the channel is the DM channel.
            v["user"] = user_json(user.0, user.1);
            v["channel_id"] = json!("1");
            v["channel"] = json!({"id": "1", "type": 1});
            v["context"] = json!(1);
        }
    }
    v
}

/// `/junqi <sub> name=value…` in `channel` (string options; user options as ids).
pub fn command(id: u64, user: (u64, &str), channel: u64, sub: &str, opts: &[(&str, Value)]) -> Value {
    let options: Vec<Value> = opts
        .iter()
        .map(|(n, v)| {
            let kind = if n.ends_with("opponent") {
                6
            } else if *n == "announcements" {
                7
            } else if v.is_boolean() {
                5
            } else if v.is_i64() {
                4
            } else {
                3
            };
            json!({"name": n, "type": kind, "value": v})
        })
        .collect();
    let mut data = json!({"id": "1", "name": "junqi", "type": 1,
                          "options": [{"name": sub, "type": 1, "options": options}]});
    let resolved: Vec<(String, Value)> = opts
        .iter()
        .filter(|(n, _)| n.ends_with("opponent"))
        .map(|(_, v)| {
            let uid: u64 = v.as_str().unwrap().parse().unwrap();
            (uid.to_string(), user_json(uid, "opponent"))
        })
        .collect();
    if !resolved.is_empty() {
        let users: serde_json::Map<String, Value> = resolved.into_iter().collect();
        data["resolved"] = json!({"users": users});
    }
    // Channel options come with the channel in `resolved`, as Discord sends them.
    let channels: serde_json::Map<String, Value> = opts
        .iter()
        .filter(|(n, _)| *n == "announcements")
        .map(|(_, v)| {
            let id = v.as_str().unwrap().to_string();
            (id.clone(), json!({"id": id, "name": "announcements", "type": 0, "permissions": "2199023255551"}))
        })
        .collect();
    if !channels.is_empty() {
        data["resolved"]["channels"] = Value::Object(channels);
    }
    base(2, id, user, Some(channel), data)
}

/// `/junqi <group> <sub> name=value…` (or `/junqi <sub>` with a one-element path): options
/// named `user` are user options (ids, resolved as Discord sends them), booleans, integers and
/// strings by their JSON type.
pub fn command_path(id: u64, user: (u64, &str), channel: u64, path: &[&str], opts: &[(&str, Value)]) -> Value {
    let options: Vec<Value> = opts
        .iter()
        .map(|(n, v)| {
            let kind = if *n == "user" {
                6
            } else if v.is_boolean() {
                5
            } else if v.is_i64() || v.is_u64() {
                4
            } else {
                3
            };
            json!({"name": n, "type": kind, "value": v})
        })
        .collect();
    let mut sub = json!({"name": path[path.len() - 1], "type": 1, "options": options});
    for group in path[..path.len() - 1].iter().rev() {
        sub = json!({"name": group, "type": 2, "options": [sub]});
    }
    let mut data = json!({"id": "1", "name": "junqi", "type": 1, "options": [sub]});
    let users: serde_json::Map<String, Value> = opts
        .iter()
        .filter(|(n, _)| *n == "user")
        .map(|(_, v)| {
            let uid: u64 = v.as_str().unwrap().parse().unwrap();
            (uid.to_string(), user_json(uid, "player"))
        })
        .collect();
    if !users.is_empty() {
        data["resolved"] = json!({"users": users});
    }
    base(2, id, user, Some(channel), data)
}

/// An autocomplete request for `/junqi <sub>` with `focused` being typed.
pub fn autocomplete(
    id: u64,
    user: (u64, &str),
    channel: u64,
    sub: &str,
    opts: &[(&str, &str)],
    focused: &str,
) -> Value {
    let options: Vec<Value> = opts
        .iter()
        .map(|(n, v)| {
            let mut o = json!({"name": n, "type": 3, "value": v});
            if *n == focused {
                o["focused"] = json!(true);
            }
            o
        })
        .collect();
    let data = json!({"id": "1", "name": "junqi", "type": 1,
                      "options": [{"name": sub, "type": 1, "options": options}]});
    base(4, id, user, Some(channel), data)
}

/// A button press (`custom_id`) on a message, in a guild channel or (None) a DM.
pub fn button(id: u64, user: (u64, &str), channel: Option<u64>, custom_id: &str) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let mut v = base(3, id, user, channel, data);
    let ch = channel.unwrap_or(1);
    v["message"] = super::message_json(id - 1, ch, &json!({}));
    v
}

/// A message typed by a user in a guild channel (MESSAGE_CREATE).
pub fn message(id: u64, user: (u64, &str), channel: u64, text: &str) -> Value {
    let mut m = super::message_json(id, channel, &json!({"content": text}));
    m["author"] = user_json(user.0, user.1);
    m["guild_id"] = json!(GUILD_ID.to_string());
    m["member"] = json!({"roles": [], "joined_at": now_iso(), "deaf": false, "mute": false, "flags": 0});
    m
}

/// A select-menu choice.
pub fn select(id: u64, user: (u64, &str), channel: Option<u64>, custom_id: &str, values: &[&str]) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
    let mut v = base(3, id, user, channel, data);
    v["message"] = super::message_json(id - 1, channel.unwrap_or(1), &json!({}));
    v
}

/// A modal submission with text inputs (custom_id, value).
pub fn modal(id: u64, user: (u64, &str), channel: Option<u64>, custom_id: &str, inputs: &[(&str, &str)]) -> Value {
    let rows: Vec<Value> = inputs
        .iter()
        .map(|(c, v)| json!({"type": 1, "components": [{"type": 4, "custom_id": c, "value": v}]}))
        .collect();
    base(5, id, user, channel, json!({"custom_id": custom_id, "components": rows}))
}
