//! A small in-memory referee implementing the adapter's port on top of the rules core, for the
//! end-to-end tests of the Discord adapter. Public texts and images are made from spectator views
//! and `PlyReport::public` only, like the real referee's.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::Cursor;
use std::sync::Mutex;

use junqi_referee::discord::port::{
    Actor, BoxFut, Complete, DeployAction, Effect, File, GameService, Request, ServiceError,
};
use junqi_referee::rules::rng::Rng;
use junqi_referee::rules::view::View;
use junqi_referee::rules::{Game, Mode, Outcome, PlyReport, RuleOptions, Seat, Setup, Variant, Viewer};
use junqi_referee::rules::notation::{format_move, parse_point};

struct Table {
    players: [u64; 2],
    layouts: [String; 2],
    confirmed: [bool; 2],
    game: Option<Game>,
    last: Option<PlyReport>,
}

#[derive(Default)]
struct Inner {
    challenges: HashMap<u64, (u64, Option<u64>)>,
    tables: HashMap<u64, Table>,
    saved: HashMap<u64, Vec<(String, String)>>,
    next: u64,
    seed: u64,
}

/// The stand-in referee.
#[derive(Default)]
pub struct MemoryReferee {
    inner: Mutex<Inner>,
}

fn user(t: &str) -> ServiceError {
    ServiceError::User(t.to_string())
}

/// A tiny PNG of a view: one pixel per point, coloured by side; a piece whose identity this
/// viewer knows gets a brighter shade. Enough to prove the adapter attaches what it is given.
pub fn png_of(view: &View) -> Vec<u8> {
    let mut img = image::RgbImage::new(5, 12);
    for (i, cell) in view.cells.iter().enumerate() {
        let p = view.variant.board.point(junqi_referee::rules::PointId(i as u8));
        let colour = match cell {
            None => [255, 255, 255],
            Some(c) => {
                let base = if c.seat == Seat::RED { [200, 0, 0] } else { [0, 0, 200] };
                if c.kind.is_some() { [base[0] / 2 + 100, 100, base[2] / 2 + 100] } else { base }
            }
        };
        img.put_pixel(p.x as u32, p.y as u32, image::Rgb(colour));
    }
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn outcome_text(o: Outcome) -> &'static str {
    match o {
        Outcome::Moved => "",
        Outcome::AttackerWon => "，进攻方胜 (attacker won)",
        Outcome::DefenderWon => "，防守方胜 (defender won)",
        Outcome::BothRemoved => "，同归于尽 (both removed)",
        Outcome::FlagCaptured => "，夺得军旗 (flag captured)",
    }
}

impl Inner {
    fn find_game(&self, actor: u64, game: Option<u64>) -> Result<u64, ServiceError> {
        match game {
            Some(g) if self.tables.contains_key(&g) => Ok(g),
            Some(g) => Err(user(&format!("没有编号为 {g} 的对局。 (no game {g})"))),
            None => {
                let mine: Vec<u64> = self.tables.iter().filter(|(_, t)| t.players.contains(&actor)).map(|(g, _)| *g).collect();
                match mine.as_slice() {
                    [g] => Ok(*g),
                    _ => Err(user("请指定对局编号。 (which game?)")),
                }
            }
        }
    }

    fn seat(&self, g: u64, actor: u64) -> Result<usize, ServiceError> {
        self.tables[&g].players.iter().position(|p| *p == actor).ok_or_else(|| user("这不是你的对局。 (not your game)"))
    }

    fn panel(&self, g: u64, s: usize, note: &str) -> Effect {
        let t = &self.tables[&g];
        let text = format!(
            "对局 #{g} 布阵{}{}\n`{}`",
            if t.confirmed[s] { "已确认 (confirmed)" } else { "：确认前可随意更改 (deploy, then confirm)" },
            note,
            t.layouts[s]
        );
        Effect::Panel {
            game: g,
            user: t.players[s],
            text,
            layout: t.layouts[s].clone(),
            image: Some(File { name: "layout.png".into(), bytes: vec![0x89, b'P', b'N', b'G', s as u8] }),
            saved: self.saved.get(&t.players[s]).map(|v| v.iter().map(|(n, _)| n.clone()).collect()).unwrap_or_default(),
            confirmed: t.confirmed[s],
        }
    }

    fn public_board(&self, g: u64) -> File {
        let t = &self.tables[&g];
        let game = t.game.as_ref().unwrap();
        let view = game.view(Viewer::Spectator, Mode::Dark, t.last.as_ref());
        File { name: format!("game-{g}.png"), bytes: png_of(&view) }
    }

    fn execute(&mut self, a: &Actor, req: Request) -> Result<Vec<Effect>, ServiceError> {
        let v = Variant::junqi();
        match req {
            Request::Challenge { opponent, .. } => {
                if opponent.as_ref().is_some_and(|o| o.0 == a.user) {
                    return Err(user("不能挑战自己。 (you cannot challenge yourself)"));
                }
                self.next += 1;
                let c = self.next;
                self.challenges.insert(c, (a.user, opponent.as_ref().map(|o| o.0)));
                Ok(vec![Effect::Challenge {
                    challenge: c,
                    opponent: opponent.map(|o| o.0),
                    text: format!("{} 发起军棋挑战 #{c}（暗棋） — {} challenges (dark)", a.name, a.name),
                }])
            }
            Request::Accept { challenge } => {
                let Some(&(from, to)) = self.challenges.get(&challenge) else { return Err(user("挑战已失效。 (no such challenge)")) };
                if from == a.user || to.is_some_and(|t| t != a.user) {
                    return Err(user("这个挑战不是给你的。 (this challenge is not for you)"));
                }
                self.challenges.remove(&challenge);
                let mut layouts = [String::new(), String::new()];
                for l in &mut layouts {
                    self.seed += 1;
                    *l = Setup::random(v, &mut Rng::new(self.seed)).to_code_string(v);
                }
                self.tables.insert(challenge, Table { players: [from, a.user], layouts, confirmed: [false; 2], game: None, last: None });
                Ok(vec![
                    Effect::ChallengeClosed { challenge, text: format!("挑战 #{challenge} 已被接受。 (accepted)") },
                    Effect::GameOpened {
                        game: challenge,
                        challenge,
                        title: format!("军棋 #{challenge}"),
                        text: "双方请布阵（私信面板）。 Deploy via the DM panel.".into(),
                        players: vec![from, a.user],
                    },
                    self.panel(challenge, 0, ""),
                    self.panel(challenge, 1, ""),
                ])
            }
            Request::Decline { challenge } => {
                self.challenges.remove(&challenge).ok_or_else(|| user("挑战已失效。 (no such challenge)"))?;
                Ok(vec![Effect::ChallengeClosed { challenge, text: format!("挑战 #{challenge} 已被拒绝。 (declined)") }])
            }
            Request::Deploy { game, action } => {
                let g = self.find_game(a.user, game)?;
                let s = self.seat(g, a.user)?;
                if self.tables[&g].game.is_some() {
                    return Err(user("对局已开始，不能再布阵。 (the game has started)"));
                }
                if self.tables[&g].confirmed[s] && action != DeployAction::Show {
                    return Err(user("你的布阵已确认。 (your layout is confirmed)"));
                }
                let seat = Seat(s as u8);
                match action {
                    DeployAction::Show => Ok(vec![self.panel(g, s, "")]),
                    DeployAction::Random => {
                        self.seed += 1;
                        self.tables.get_mut(&g).unwrap().layouts[s] = Setup::random(v, &mut Rng::new(self.seed)).to_code_string(v);
                        Ok(vec![self.panel(g, s, "")])
                    }
                    DeployAction::Submit(text) => {
                        let setup = Setup::parse(v, &text).map_err(|e| user(&format!("布阵无法识别 (bad layout): {e}")))?;
                        if let Err(errs) = setup.validate(v, seat) {
                            let list: Vec<String> = errs.iter().map(|e| e.describe(v)).collect();
                            return Err(user(&format!("布阵不合规 (illegal layout): {}", list.join("; "))));
                        }
                        self.tables.get_mut(&g).unwrap().layouts[s] = setup.to_code_string(v);
                        Ok(vec![self.panel(g, s, "")])
                    }
                    DeployAction::Load(name) => {
                        let l = self.saved.get(&a.user).and_then(|v| v.iter().find(|(n, _)| *n == name)).map(|(_, l)| l.clone());
                        let l = l.ok_or_else(|| user("没有这个布阵。 (no such layout)"))?;
                        self.tables.get_mut(&g).unwrap().layouts[s] = l;
                        Ok(vec![self.panel(g, s, "")])
                    }
                    DeployAction::SaveAs(name) => {
                        let l = self.tables[&g].layouts[s].clone();
                        self.saved.entry(a.user).or_default().push((name.clone(), l));
                        Ok(vec![self.panel(g, s, &format!("（已保存为 {name}）"))])
                    }
                    DeployAction::Confirm => {
                        let t = self.tables.get_mut(&g).unwrap();
                        t.confirmed[s] = true;
                        let mut out = vec![self.panel(g, s, "")];
                        let t = self.tables.get_mut(&g).unwrap();
                        if t.confirmed == [true, true] {
                            let deps: Vec<_> = (0..2)
                                .map(|i| Setup::parse(v, &t.layouts[i]).unwrap().validate(v, Seat(i as u8)).unwrap())
                                .collect();
                            t.game = Some(Game::new(v, RuleOptions::default(), &deps, Seat::RED));
                            let red = t.players[0];
                            out.push(Effect::Public {
                                game: g,
                                text: "双方布阵完毕，红方先走。 Both deployed; Red to move.".into(),
                                image: Some(self.public_board(g)),
                                ping: Some(red),
                                notable: false,
                            });
                        } else {
                            out.push(Effect::Public {
                                game: g,
                                text: "一方已确认布阵。 One side has deployed.".into(),
                                image: None,
                                ping: None,
                                notable: false,
                            });
                        }
                        Ok(out)
                    }
                }
            }
            Request::Move { game, from, to } => {
                let g = self.find_game(a.user, game)?;
                let s = self.seat(g, a.user)?;
                let t = self.tables.get_mut(&g).unwrap();
                let Some(game) = t.game.as_mut() else { return Err(user("对局还没开始。 (the game has not started)")) };
                if game.to_move() != Seat(s as u8) {
                    return Err(user("还没轮到你。 (not your turn)"));
                }
                let f = parse_point(&v.board, &from).map_err(|_| user(&format!("没有 {from} 这个位置。 (no point {from})")))?;
                let d = parse_point(&v.board, &to).map_err(|_| user(&format!("没有 {to} 这个位置。 (no point {to})")))?;
                let report = game
                    .play(junqi_referee::rules::Move { from: f, to: d })
                    .map_err(|e| user(&format!("不合规的走法 (illegal move): {e}")))?;
                let public = report.public(Mode::Dark, Viewer::Spectator);
                let mut text = format!("{}. {}{}", public.ply, format_move(&v.board, public.mv), outcome_text(public.outcome));
                for r in &public.revealed {
                    text.push_str(&format!("；{} 的军旗在 {} (flag revealed)", v.seat_name(r.seat), v.board.name(r.point)));
                }
                let end = public.end;
                let next = game.to_move();
                t.last = Some(report);
                let notable = end.is_some() || public.outcome == Outcome::FlagCaptured;
                if end.is_some() {
                    text.push_str(" — 对局结束 (game over)");
                }
                let ping = if end.is_some() { None } else { Some(t.players[next.index()]) };
                Ok(vec![Effect::Public { game: g, text, image: Some(self.public_board(g)), ping, notable }])
            }
            Request::Resign { game } => {
                let g = self.find_game(a.user, game)?;
                let s = self.seat(g, a.user)?;
                let t = self.tables.get_mut(&g).unwrap();
                let Some(game) = t.game.as_mut() else { return Err(user("对局还没开始。 (the game has not started)")) };
                game.resign(Seat(s as u8)).ok_or_else(|| user("对局已结束。 (the game is over)"))?;
                let view = game.view(Viewer::Everyone, Mode::Dark, None);
                Ok(vec![Effect::Public {
                    game: g,
                    text: format!("{} 认输，对局结束。 {} resigned.", a.name, a.name),
                    image: Some(File { name: format!("game-{g}-reveal.png"), bytes: png_of(&view) }),
                    ping: None,
                    notable: true,
                }])
            }
            Request::Board { game } => {
                let g = self.find_game(a.user, game)?;
                let s = self.seat(g, a.user)?;
                let t = &self.tables[&g];
                let game = t.game.as_ref().ok_or_else(|| user("对局还没开始。 (not started)"))?;
                let view = game.view(Viewer::Seat(Seat(s as u8)), Mode::Dark, t.last.as_ref());
                Ok(vec![Effect::Private { user: a.user, text: "你的棋盘 (your board)".into(), file: Some(File { name: "mine.png".into(), bytes: png_of(&view) }) }])
            }
            other => Err(user(&format!("测试裁判不支持 (not in the test referee): {other:?}"))),
        }
    }

    fn complete(&self, a: &Actor, q: Complete) -> Vec<(String, String)> {
        let v = Variant::junqi();
        let game = match &q {
            Complete::From { game, .. } | Complete::To { game, .. } => *game,
        };
        let Ok(g) = self.find_game(a.user, game) else { return vec![] };
        let Ok(s) = self.seat(g, a.user) else { return vec![] };
        let Some(game) = self.tables[&g].game.as_ref() else { return vec![] };
        if game.to_move() != Seat(s as u8) {
            return vec![];
        }
        let moves = game.legal_moves();
        let mut out: Vec<String> = match &q {
            Complete::From { prefix, .. } => moves.iter().map(|m| v.board.name(m.from).to_string()).filter(|n| n.starts_with(prefix.as_str())).collect(),
            Complete::To { from, prefix, .. } => moves
                .iter()
                .filter(|m| v.board.name(m.from) == from)
                .map(|m| v.board.name(m.to).to_string())
                .filter(|n| n.starts_with(prefix.as_str()))
                .collect(),
        };
        out.sort();
        out.dedup();
        out.into_iter().take(25).map(|n| (n.clone(), n)).collect()
    }
}

impl MemoryReferee {
    /// Where a player's piece of the live game stands (test-only introspection of hidden facts, to
    /// steer the game into a combat; never used for anything the bot shows).
    pub fn legal_moves(&self, game: u64) -> Vec<(String, String, bool)> {
        let s = self.inner.lock().unwrap();
        let v = Variant::junqi();
        let g = s.tables[&game].game.as_ref().unwrap();
        g.legal_moves()
            .into_iter()
            .map(|m| (v.board.name(m.from).to_string(), v.board.name(m.to).to_string(), g.piece_at(m.to).is_some()))
            .collect()
    }

    /// The identity names of pieces still hidden from the public (for leak checks).
    pub fn hidden_names() -> Vec<String> {
        let v = Variant::junqi();
        v.pieces.iter().flat_map(|p| [p.zh.to_string(), p.en.to_string()]).collect()
    }
}

impl GameService for MemoryReferee {
    fn execute<'a>(&'a self, actor: &'a Actor, request: Request) -> BoxFut<'a, Result<Vec<Effect>, ServiceError>> {
        Box::pin(async move { self.inner.lock().unwrap().execute(actor, request) })
    }

    fn complete<'a>(&'a self, actor: &'a Actor, question: Complete) -> BoxFut<'a, Vec<(String, String)>> {
        Box::pin(async move { self.inner.lock().unwrap().complete(actor, question) })
    }
}
