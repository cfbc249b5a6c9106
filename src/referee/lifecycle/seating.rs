//! From a challenge to the first ply: opening a game, taking seats, private deployments (Deploy
//! kinds) or the committed deal (Deal kinds), and who plays first.

use crate::rules::EndReason;
use crate::rules::Seat;
use crate::rules::contract::catalog::{First, GameDef};
use crate::rules::contract::{Explained, Over, Secret, SetupError, SetupStyle, Standing};
use crate::rules::rng::Rng;
use crate::store::{self, DeadlineRow, DeploymentRow, GameRow, status};

use super::super::route::Terms;
use super::super::{DeploySource, Effect, Mistake, Msg, Res, chess_clock, time};
use super::mistake::{GameMistake, Waiting};
use super::words::Said;
use super::{
    AnyLive, Referee, Turn, bot_seat, deploy_time, deploy_word, kind_of, mistake, options_of, rebuild, seat_count,
    seat_words, split_players,
};

impl Referee {
    /// Opens a game of a catalogued kind and seats its challenger (`seat=X` among the option
    /// words chooses the seat, the first otherwise; `players=N` the number of seats, for kinds
    /// played by several counts).
    pub(in crate::referee) async fn any_challenge(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        user: &str,
        server: &str,
        terms: Terms<'_>,
    ) -> Res<()> {
        let kind = def.kind;
        if terms.opponent == Some(user) {
            return Err(Mistake::SelfChallenge.into());
        }
        // A game against the bot: the bot plays the kind at a level it has, and no player can
        // be the bot.
        if bot_seat::is_bot(user) {
            return Err(Mistake::SelfChallenge.into());
        }
        if let Some(bot) = terms.opponent.filter(|o| bot_seat::is_bot(o)) {
            self.check_bot_challenge(def, bot)?;
        }
        // `TOTAL+INCREMENT` is a total-time clock (`chess_clock.rs`): the total stands as the
        // game's time, the clock itself is kept as the referee's `clock=` word below.
        let total_clock = match chess_clock::parse_total_clock(terms.time) {
            None => None,
            Some(Ok(c)) => Some(c),
            Some(Err(e)) => return Err(time::refusal(terms.time, e).into()),
        };
        let per_move = match total_clock {
            Some(c) => Some(c.total),
            None => time::time_control(terms.time)?,
        };
        let mode = kind
            .mode(terms.mode)
            .ok_or_else(|| mistake(GameMistake::Settings(kind.mode_error(terms.mode).to_string())))?;
        let mut seat_word = None;
        let mut words = Vec::new();
        for w in terms.rules.split_whitespace() {
            match w.split_once('=') {
                Some((k, s)) if k.eq_ignore_ascii_case("seat") => seat_word = Some(s),
                _ => words.push(w),
            }
        }
        let words = words.join(" ");
        let (players, rest) = split_players(&words);
        let count = match players {
            None => kind.seating.counts.first().copied().unwrap_or(2),
            Some(n) => n.parse::<u8>().ok().filter(|&c| def.check_seats(c).is_ok()).ok_or_else(|| {
                let offered: Vec<String> = kind.seating.counts.iter().map(u8::to_string).collect();
                mistake(GameMistake::Players { asked: n.into(), kind: kind.name, offered: offered.join(", ") })
            })?,
        };
        let seated = kind.for_seats(count);
        let seat = match seat_word {
            None => Seat(0),
            Some(s) => seated.seating.find(s).filter(|s| s.index() < usize::from(count)).ok_or_else(|| {
                let known: Vec<String> = seated.seating.seats.iter().take(usize::from(count)).map(seat_key).collect();
                mistake(GameMistake::UnknownSeat { name: s.into(), kind: kind.name, known: known.join(", ") })
            })?,
        };
        let options = (kind.settings)(mode.key, &rest).map_err(|e| mistake(GameMistake::Settings(e.to_string())))?;
        // The smallest count is the default and stays unwritten.
        let options = match (Some(&count) != kind.seating.counts.first(), options.is_empty()) {
            (false, _) => options,
            (true, true) => format!("players={count}"),
            (true, false) => format!("players={count} {options}"),
        };
        // A deployment time of the challenge's own (see `deploy_time`), checked as a time control.
        let options = match deploy_word(&words) {
            None => options,
            Some(w) => {
                time::time_control(w)?;
                [options, format!("deploy={w}")].join(" ").trim().to_string()
            }
        };
        // Takebacks allowed or forbidden (悔棋, `takeback.rs`): the referee's word, kept as written.
        let options = match super::split_takeback(&words).map_err(mistake)?.0 {
            None => options,
            Some(allow) => {
                [options, format!("takeback={}", if allow { "yes" } else { "no" })].join(" ").trim().to_string()
            }
        };
        let options = match total_clock {
            None => options,
            Some(_) => [options, format!("{}={}", chess_clock::CLOCK, terms.time.trim())].join(" ").trim().to_string(),
        };
        let mut row = GameRow {
            id: 0,
            server_id: server.into(),
            variant: kind.name.into(),
            mode: mode.key.into(),
            rules: options,
            per_move,
            challenger: user.into(),
            invited: terms.opponent.map(str::to_string),
            seats: Default::default(),
            status: status::CHALLENGED.into(),
            first_seat: 0,
            draw_offer: None,
            result: None,
            rematch_of: None,
            created_at: t.now,
            updated_at: t.now,
        };
        row.seats.set(seat.index(), Some(user.into()));
        self.open_any(t, def, row, seat).await
    }

    /// Stores a new game with its challenger seated, sets the challenge's expiry and announces it.
    pub(super) async fn open_any(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        mut row: GameRow,
        seat: Seat,
    ) -> Res<()> {
        let bot = row.invited.clone().filter(|u| bot_seat::is_bot(u));
        let server = store::server_get(t.tx, &row.server_id).await?;
        row.id = store::game_insert(t.tx, &row).await?;
        let due = time::after(t.now, server.challenge_ttl);
        let d = DeadlineRow {
            game_id: row.id,
            kind: "challenge".into(),
            seat: None,
            due_at: Some(due),
            remind_at: None,
            remaining: None,
        };
        store::deadline_set(t.tx, &d).await?;
        let said = Said::Opened {
            game: row.id,
            kind: kind_of(def, &row),
            seats: seat_count(def, &row),
            by: (seat, row.challenger.clone()),
            invited: row.invited.as_deref(),
            mode: &row.mode,
            options: &row.rules,
            per_move: row.per_move,
            rematch_of: row.rematch_of,
        };
        self.say(t, &row, said).await?;
        t.out.effects.push(Effect::TimerSet { game: row.id, at: due });
        // The bot accepts at once (a game against it, or a rematch of one).
        match bot {
            Some(bot) => self.any_join(t, def, &bot, None, &mut row, &mut None).await,
            None => Ok(()),
        }
    }

    /// Seats a player (the seat asked for, or the next free one); the last one starts the setup.
    pub(super) async fn any_join(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        user: &str,
        asked: Option<&str>,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let n = seat_count(def, row);
        let mine = row.seats.seat_of(user).map(|s| Seat(s as u8));
        let taken = (0..n).filter(|&s| row.seats.user(s).is_some()).count();
        if n > 2
            && let Some(seat) = mine
        {
            return Err(mistake(GameMistake::AlreadySeated { game, seat: seat_words(def, row, seat) }));
        }
        if row.status != status::CHALLENGED {
            // A table that filled up: say so to whoever else tries to sit down.
            if n > 2 && mine.is_none() && taken == n {
                return Err(mistake(GameMistake::Full(game)));
            }
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        if row.challenger == user && n == 2 {
            return Err(Mistake::OwnChallenge(game).into());
        }
        if let Some(invited) = row.invited.as_deref().filter(|i| *i != user) {
            // Two seats: the invitation is the whole table. More: the invited player keeps a
            // seat until they sit, and anyone may take the others (else a 6-player table
            // challenged to one opponent could never fill).
            let free = (0..n).filter(|&s| row.seats.user(s).is_none()).count();
            if n == 2 || (row.seats.seat_of(invited).is_none() && free <= 1) {
                return Err(Mistake::NotInvited(game).into());
            }
        }
        // Challenges stored before every game seated its challenger at once (2-player games
        // until migration 0007's code) seat them now, in the first seat.
        if row.seats.seat_of(&row.challenger).is_none() && row.seats.user(0).is_none() {
            let challenger = row.challenger.clone();
            store::seats::seat_put(t.tx, row, 0, &challenger).await?;
        }
        let free: Vec<Seat> = (0..n).filter(|&s| row.seats.user(s).is_none()).map(|s| Seat(s as u8)).collect();
        match mine {
            // A rematch stored with both seats taken (before the lifecycle): accepting starts it.
            Some(_) if free.is_empty() => {}
            Some(seat) => return Err(mistake(GameMistake::AlreadySeated { game, seat: seat_words(def, row, seat) })),
            None => {
                let seat = match asked {
                    Some(name) => {
                        let seating = kind_of(def, row).seating;
                        let s = seating.find(name).filter(|s| s.index() < n).ok_or_else(|| {
                            let known: Vec<String> = seating.seats.iter().take(n).map(seat_key).collect();
                            let (name, kind, known) = (name.into(), def.kind.name, known.join(", "));
                            mistake(GameMistake::UnknownSeat { name, kind, known })
                        })?;
                        if !free.contains(&s) {
                            let user = row.seats.user(s.index()).unwrap_or("?").to_string();
                            return Err(mistake(GameMistake::SeatTaken { game, seat: seat_words(def, row, s), user }));
                        }
                        s
                    }
                    None => *free.first().ok_or_else(|| mistake(GameMistake::Full(game)))?,
                };
                store::seats::seat_put(t.tx, row, seat.index(), user).await?;
                row.updated_at = t.now;
                let free: Vec<Seat> = free.into_iter().filter(|&s| s != seat).collect();
                if !free.is_empty() {
                    store::game_update(t.tx, row).await?;
                    let who = (seat, user.to_string());
                    return self.say(t, row, Said::Joined { game, kind: kind_of(def, row), who, free }).await;
                }
            }
        }
        self.table_full(t, def, row, live).await
    }

    /// Every seat is taken: seats drawn by lot where the kind wants it, the table announced, then
    /// the private deployments or the first ply.
    async fn table_full(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let n = seat_count(def, row);
        store::deadline_clear(t.tx, game).await?;
        t.out.effects.push(Effect::TimerCancel { game });
        if (def.policy)(&options_of(row)).first == First::SeatsByLot {
            self.seat_by_lot(t, row, n).await?;
        }
        row.updated_at = t.now;
        let table = (0..n).map(|s| (Seat(s as u8), row.seats.user(s).unwrap_or("?").to_string())).collect();
        self.say(t, row, Said::IsOn { game, kind: kind_of(def, row), table }).await?;
        if def.kind.setup != SetupStyle::Deploy {
            return self.any_begin(t, def, row, live).await;
        }
        row.status = status::DEPLOYING.into();
        store::game_update(t.tx, row).await?;
        for s in (0..n).filter(|&s| !row.seats.user(s).is_some_and(bot_seat::is_bot)) {
            self.prompt_deploy(t, def, row, Seat(s as u8)).await?;
        }
        // The bot's seats deploy at once (the players deploy after them, so the game begins
        // with a player's deployment).
        let bots: Vec<usize> = (0..n).filter(|&s| row.seats.user(s).is_some_and(bot_seat::is_bot)).collect();
        for s in bots {
            self.bot_deploy(t, def, row, live, Seat(s as u8)).await?;
        }
        // With a time control, deploying takes at most one move's time, or the challenge's
        // `deploy=` time (see `deploy_time_up`).
        if let Some(limit) = deploy_time(row) {
            let at = time::after(t.now, limit);
            let d = DeadlineRow {
                game_id: game,
                kind: "deploy".into(),
                seat: None,
                due_at: Some(at),
                remind_at: None,
                remaining: None,
            };
            store::deadline_set(t.tx, &d).await?;
            t.out.effects.push(Effect::TimerSet { game, at });
        }
        Ok(())
    }

    /// The deployment deadline of a game with a time control passed (the turn's time is
    /// `t.now`): a team with a seat that has not deployed loses, announced as a timeout, when
    /// exactly one team has deployed completely; when none has (or several have, at a table of
    /// more teams), the game is aborted, as a player could abort it before it began.
    pub(in crate::referee) async fn deploy_time_up(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let n = seat_count(def, row);
        let deployed = store::deployments_get(t.tx, game).await?;
        let team = |s: usize| def.kind.seating.seats.get(s).map_or(s as u8, |d| d.team);
        let missing: Vec<usize> = (0..n).filter(|&s| !deployed.iter().any(|d| d.seat == s as i64)).collect();
        if missing.is_empty() {
            return Ok(());
        }
        let mut complete: Vec<u8> = (0..n).map(team).filter(|&tm| !missing.iter().any(|&s| team(s) == tm)).collect();
        complete.sort_unstable();
        complete.dedup();
        if let [winner] = complete[..] {
            let over = Over { standing: Standing::Team(winner), reason: EndReason::Timeout };
            return self.any_finish(t, def, row, live, over).await;
        }
        row.status = status::ABORTED.into();
        row.updated_at = t.now;
        store::game_update(t.tx, row).await?;
        *live = None;
        t.out.effects.push(Effect::TimerCancel { game });
        self.public(t.tx, &row.server_id, Some(game), Msg::DeployTimeUp { game }, t.out).await
    }

    /// Asks a seat's player, in private, for their deployment, offering their last layout of the
    /// kind's family (also for the games a tournament round opens).
    pub(in crate::referee) async fn prompt_deploy(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &GameRow,
        seat: Seat,
    ) -> Res<()> {
        let u = row.seats.user(seat.index()).unwrap_or("?").to_string();
        let last = store::last_layout_get(t.tx, &u, def.kind.layouts).await?.map(|l| (def.show_setup)(&l));
        self.tell(t, row, &u, Said::DeployPrompt { game: row.id, kind: kind_of(def, row), seat, last }).await
    }

    /// Begins a game a tournament round opened with both seats taken, of a kind with nothing to
    /// deploy (its pieces dealt or set out by the rules).
    pub(in crate::referee) async fn begin_round_game(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
    ) -> Res<()> {
        self.any_begin(t, def, row, &mut None).await
    }

    /// Draws who sits where from fresh entropy (a Fisher–Yates shuffle of the seated players;
    /// with two, an even first byte keeps the challenger in the first seat).
    async fn seat_by_lot(&self, t: &mut Turn<'_>, row: &mut GameRow, n: usize) -> Res<()> {
        let bytes = self.entropy("first", row.id)?;
        let mut users: Vec<String> = (0..n).map(|s| row.seats.user(s).unwrap_or("?").to_string()).collect();
        for i in (1..n).rev() {
            let j = i - usize::from(bytes[(n - 1 - i) % bytes.len()]) % (i + 1);
            users.swap(i, j);
        }
        // Everyone who moves leaves first: a player sits in one seat at a time.
        let moved: Vec<usize> = (0..n).filter(|&s| row.seats.user(s) != Some(users[s].as_str())).collect();
        for &s in &moved {
            store::seats::seat_delete(t.tx, row, s).await?;
        }
        for &s in &moved {
            store::seats::seat_put(t.tx, row, s, &users[s]).await?;
        }
        Ok(())
    }

    /// Stores a seat's deployment (text, random, saved or last), checked by the game; the last one
    /// begins the game.
    pub(super) async fn any_deploy(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        user: &str,
        source: &DeploySource,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let (Some(validate), Some(random)) = (def.validate_setup, def.random_setup) else {
            return Err(mistake(GameMistake::NotOffered { game, what: super::Feature::Deployments }));
        };
        // Before anyone accepted, the challenger (and the one invited) are told the game waits
        // for its acceptance: they are its players-to-be, not strangers to it.
        if row.status == status::CHALLENGED
            && (row.challenger == user || row.invited.as_deref() == Some(user) || row.seats.seat_of(user).is_some())
        {
            // Two seats wait for the opponent's acceptance, more for players to take the rest.
            let waiting = if seat_count(def, row) > 2 {
                Waiting::Players
            } else if row.invited.as_deref() == Some(user) {
                Waiting::YourAcceptance
            } else {
                Waiting::Acceptance
            };
            return Err(mistake(GameMistake::NotStarted { game, waiting }));
        }
        let seat = row.seats.seat_of(user).map(|s| Seat(s as u8)).ok_or(Mistake::NotYourGame(game))?;
        if row.status != status::DEPLOYING {
            return Err(Mistake::WrongState { game, status: row.status.clone() }.into());
        }
        let family = def.kind.layouts;
        let text = match source {
            DeploySource::Text(text) => text.clone(),
            DeploySource::Random => {
                let bytes = self.entropy(&format!("deploy:{}", seat.0), game)?;
                let seed = u64::from_le_bytes(bytes[..8].try_into().expect("8 of 32 bytes"));
                random(seat, &mut Rng::new(seed))
            }
            // A saved layout, else the classic of that name (so `load` reaches the classics on
            // every adapter); the player's own comes first.
            DeploySource::Saved(name) => match store::layout_get(t.tx, user, family, name).await? {
                Some(text) => text,
                None => crate::rules::contract::edit::classic(def, name)
                    .map(|c| c.setup.to_string())
                    .ok_or_else(|| Mistake::UnknownLayout(name.clone()))?,
            },
            DeploySource::Last => store::last_layout_get(t.tx, user, family)
                .await?
                .ok_or_else(|| Mistake::UnknownLayout("last".into()))?,
            DeploySource::Classic(name) => crate::rules::contract::edit::classic(def, name)
                .map(|c| c.setup.to_string())
                .ok_or_else(|| Mistake::UnknownLayout(name.clone()))?,
            // The layout being edited is the one deployed: a swap replaces it by a legal one.
            DeploySource::Swap(a, b) => {
                let deployed = store::deployments_get(t.tx, game).await?;
                let mine = deployed.into_iter().find(|d| d.seat == i64::from(seat.0));
                let current =
                    mine.ok_or_else(|| mistake(GameMistake::NotStarted { game, waiting: Waiting::YourDeployment }))?;
                crate::rules::contract::edit::swap_points(def, seat, &current.setup, a, b)
                    .map_err(|e| mistake(GameMistake::Swap(e)))?
            }
        };
        let setup = validate(seat, &text).map_err(setup_mistake)?;
        let before = store::deployments_get(t.tx, game).await?;
        let first_time = !before.iter().any(|d| d.seat == i64::from(seat.0));
        let dep = DeploymentRow { game_id: game, seat: i64::from(seat.0), user_id: user.into(), setup: setup.clone() };
        store::deployment_put(t.tx, &dep).await?;
        store::last_layout_set(t.tx, user, family, &setup).await?;
        let n = seat_count(def, row);
        let rows = (def.show_setup)(&setup);
        self.tell(t, row, user, Said::DeployTaken { game, seats: n, rows: &rows }).await?;
        if first_time {
            self.say(t, row, Said::Deployed { game, kind: kind_of(def, row), seat }).await?;
        }
        if before.len() + usize::from(first_time) < n {
            return Ok(());
        }
        self.any_begin(t, def, row, live).await
    }

    /// Every seat is taken and set up: deals (Deal kinds, from fresh entropy, committed in public),
    /// draws who plays first where the options ask for it, and the first ply is due.
    async fn any_begin(
        &self,
        t: &mut Turn<'_>,
        def: &'static GameDef,
        row: &mut GameRow,
        live: &mut Option<AnyLive>,
    ) -> Res<()> {
        let game = row.id;
        let n = seat_count(def, row);
        if let Some(deal) = def.deal {
            let seed = self.entropy("seed", game)?;
            let dealt = deal(&Secret::new(seed));
            let secret = store::flip::FlipRow {
                game_id: game,
                shuffle: def.record.shuffle.unwrap_or("").into(),
                seed: seed.iter().map(|b| format!("{b:02x}")).collect(),
                commitment: dealt.commitment.clone(),
                deal: dealt.deal.expose().clone(),
            };
            store::flip::flip_insert(t.tx, &secret).await?;
            self.say(t, row, Said::Committed { game, commitment: &dealt.commitment }).await?;
        }
        let first = match (def.policy)(&options_of(row)).first {
            First::Drawn => Seat(self.entropy("first", game)?[0] % n as u8),
            First::FirstSeat | First::SeatsByLot => Seat(0),
        };
        row.first_seat = i64::from(first.0);
        row.status = status::PLAYING.into();
        row.updated_at = t.now;
        store::game_update(t.tx, row).await?;
        *live = rebuild(t.tx, def, row).await?;
        // The game may know better: a draughts game from a set position where the second seat
        // is to move.
        let first = live.as_ref().map_or(first, |l| l.game.to_move());
        let who = (first, row.seats.user(first.index()).unwrap_or("?").to_string());
        self.say(t, row, Said::Started { game, kind: kind_of(def, row), first: who }).await?;
        self.any_renders(def, row, t);
        self.set_move_deadline(t.tx, row, first, t.now, t.out).await?;
        self.say_clocks(t, def, row).await?;
        self.bot_turn(t, def, row, live).await
    }
}

/// A setup the game refuses, as the player's mistake: every broken rule, or why it cannot be read.
pub(in crate::referee) fn setup_mistake(e: SetupError) -> super::Fail {
    match e {
        SetupError::Broken(lines) => mistake(GameMistake::SetupBroken(lines)),
        SetupError::Unreadable(why) => mistake(GameMistake::Setup(why)),
        other => mistake(GameMistake::Setup(Explained::new(other.to_string(), other.to_string()))),
    }
}

/// A seat as a list of seats names it for players who typed another: `s (South/南家)`.
fn seat_key(d: &crate::rules::contract::SeatDesc) -> String {
    format!("{} ({}/{})", d.key, d.name.en, d.name.zh_hans)
}
