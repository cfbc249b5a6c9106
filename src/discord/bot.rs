//! The running bot: the poise framework, the event handler for buttons, menus, modals and text
//! moves, and the referee's clock. What they share (state, the executor) is in
//! [`context`](super::context); the slash commands are in [`commands`](super::commands).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateInputText,
    CreateInteractionResponse, CreateModal, GatewayIntents, GuildId, Http, InputTextStyle, ModalInteraction,
};
use tokio::sync::Mutex;

use super::config::{Config, Locale};
use super::context::{Data, Executor, Places, Replier, locale_of, perform, report, with_retry};
use super::error::BotError;
use super::plan::{ComponentId, Origin, plan};
use super::port::{Actor, DeployAction, DrawAction, GameService, Request};
use super::text::{Say, say};

fn actor_of(user: &serenity::User, locale: &str, guild: Option<GuildId>, request: u64, default: Locale) -> Actor {
    Actor {
        user: user.id.get(),
        name: user.global_name.clone().unwrap_or_else(|| user.name.clone()),
        locale: locale_of(locale, default),
        guild: guild.map(|g| g.get()),
        request,
    }
}

/// The value chosen in a select menu (empty for anything else).
fn chosen(c: &ComponentInteraction) -> String {
    match &c.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

async fn on_component(ctx: &serenity::Context, data: &Data, c: &ComponentInteraction) -> Result<(), BotError> {
    let actor = actor_of(&c.user, &c.locale, c.guild_id, c.id.get(), data.config.locale);
    let Some(id) = ComponentId::parse(&c.data.custom_id) else {
        let r = CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new().content(say(actor.locale, Say::Stale)).ephemeral(true),
        );
        with_retry(|| c.create_response(&ctx.http, r.clone())).await?;
        return Ok(());
    };
    // The Edit and Save-as buttons answer with a form; that must be the first response.
    match id {
        ComponentId::Edit(game) => {
            // The form must be the first response, within 3 seconds: it is filled from a stored
            // read, never after a referee command or a picture.
            let layout = match data.service.panel_layout(game, actor.user).await {
                Ok(layout) => layout,
                Err(e) => {
                    let r = CreateInteractionResponse::Message(
                        serenity::CreateInteractionResponseMessage::new()
                            .content(BotError::from(e).user_text(actor.locale))
                            .ephemeral(true),
                    );
                    with_retry(|| c.create_response(&ctx.http, r.clone())).await?;
                    return Ok(());
                }
            };
            let input = CreateInputText::new(InputTextStyle::Paragraph, say(actor.locale, Say::LayoutField), "layout")
                .value(layout)
                .min_length(25)
                .max_length(1000);
            let modal = CreateModal::new(ComponentId::EditSubmit(game).encode(), say(actor.locale, Say::EditTitle))
                .components(vec![CreateActionRow::InputText(input)]);
            with_retry(|| c.create_response(&ctx.http, CreateInteractionResponse::Modal(modal.clone()))).await?;
            return Ok(());
        }
        // The review's Jump…: a form asking for the ply (answered by `on_modal` with the board).
        ComponentId::ReviewJump(game) => {
            let input = CreateInputText::new(InputTextStyle::Short, say(actor.locale, Say::PlyField), "ply")
                .placeholder("0")
                .min_length(1)
                .max_length(10);
            let modal =
                CreateModal::new(ComponentId::ReviewJumpSubmit(game).encode(), say(actor.locale, Say::JumpTitle))
                    .components(vec![CreateActionRow::InputText(input)]);
            with_retry(|| c.create_response(&ctx.http, CreateInteractionResponse::Modal(modal.clone()))).await?;
            return Ok(());
        }
        ComponentId::SaveAs(game) => {
            let input = CreateInputText::new(InputTextStyle::Short, say(actor.locale, Say::NameField), "name")
                .min_length(1)
                .max_length(40);
            let modal = CreateModal::new(ComponentId::SaveSubmit(game).encode(), say(actor.locale, Say::SaveTitle))
                .components(vec![CreateActionRow::InputText(input)]);
            with_retry(|| c.create_response(&ctx.http, CreateInteractionResponse::Modal(modal.clone()))).await?;
            return Ok(());
        }
        _ => {}
    }
    let panel = c.guild_id.is_none();
    // Defer within Discord's 3 seconds, before the referee and any rendering.
    if panel {
        with_retry(|| c.create_response(&ctx.http, CreateInteractionResponse::Acknowledge)).await?;
    } else {
        with_retry(|| c.defer_ephemeral(&ctx.http)).await?;
    }
    let request = match id {
        ComponentId::Accept(ch) => Request::Accept { challenge: ch },
        ComponentId::Seat(ch, seat) => Request::Join { challenge: ch, seat },
        ComponentId::Decline(ch) => Request::Decline { challenge: ch },
        ComponentId::Review(g, _, ply) => Request::Review { game: g, ply: Some(ply) },
        ComponentId::TakebackAccept(g) => Request::Takeback { game: Some(g), action: DrawAction::Accept },
        ComponentId::TakebackDecline(g) => Request::Takeback { game: Some(g), action: DrawAction::Decline },
        ComponentId::Random(g) => Request::Deploy { game: Some(g), action: DeployAction::Random },
        ComponentId::Confirm(g) => Request::Deploy { game: Some(g), action: DeployAction::Confirm },
        // `/junqi resign`'s confirmation: only now is the game resigned.
        ComponentId::Resign(g) => Request::Resign { game: Some(g) },
        ComponentId::Load(g) => Request::Deploy { game: Some(g), action: DeployAction::Load(chosen(c)) },
        // The layout editor: a first pick redraws the panel asking for its partner, the second
        // swaps (and the panel is redrawn with the new image).
        ComponentId::Pick(g, _) => Request::Deploy { game: Some(g), action: DeployAction::Pick(chosen(c)) },
        ComponentId::SwapWith(g, _, a) => Request::Deploy { game: Some(g), action: DeployAction::Swap(a, chosen(c)) },
        _ => return Err(BotError::User(say(actor.locale, Say::Stale).into())),
    };
    let mut exec = Executor::new(&ctx.http, data, Replier::Component(c, panel), c.channel_id, c.guild_id);
    if let Err(e) = perform(&mut exec, &actor, request).await {
        report(&mut exec, actor.locale, &e).await;
    }
    Ok(())
}

async fn on_modal(ctx: &serenity::Context, data: &Data, m: &ModalInteraction) -> Result<(), BotError> {
    let actor = actor_of(&m.user, &m.locale, m.guild_id, m.id.get(), data.config.locale);
    let value = |key: &str| {
        m.data.components.iter().flat_map(|r| r.components.iter()).find_map(|c| match c {
            serenity::ActionRowComponent::InputText(t) if t.custom_id == key => t.value.clone(),
            _ => None,
        })
    };
    let panel = m.guild_id.is_none();
    if panel {
        with_retry(|| m.create_response(&ctx.http, CreateInteractionResponse::Acknowledge)).await?;
    } else {
        with_retry(|| m.defer_ephemeral(&ctx.http)).await?;
    }
    let request = match ComponentId::parse(&m.data.custom_id) {
        Some(ComponentId::EditSubmit(g)) => {
            Request::Deploy { game: Some(g), action: DeployAction::Submit(value("layout").unwrap_or_default()) }
        }
        Some(ComponentId::SaveSubmit(g)) => {
            Request::Deploy { game: Some(g), action: DeployAction::SaveAs(value("name").unwrap_or_default()) }
        }
        Some(ComponentId::ReviewJumpSubmit(g)) => {
            let typed = value("ply").unwrap_or_default();
            match typed.trim().parse::<u32>() {
                Ok(ply) => Request::Review { game: g, ply: Some(ply) },
                Err(_) => {
                    let mut exec = Executor::new(&ctx.http, data, Replier::Modal(m, panel), m.channel_id, m.guild_id);
                    let text = crate::rules::echo::echo(&typed);
                    let e = BotError::User(say(actor.locale, Say::BadPly).replace("{text}", &text));
                    report(&mut exec, actor.locale, &e).await;
                    return Ok(());
                }
            }
        }
        _ => {
            let mut exec = Executor::new(&ctx.http, data, Replier::Modal(m, panel), m.channel_id, m.guild_id);
            report(&mut exec, actor.locale, &BotError::User(say(actor.locale, Say::Stale).into())).await;
            return Ok(());
        }
    };
    let mut exec = Executor::new(&ctx.http, data, Replier::Modal(m, panel), m.channel_id, m.guild_id);
    if let Err(e) = perform(&mut exec, &actor, request).await {
        report(&mut exec, actor.locale, &e).await;
    }
    Ok(())
}

async fn on_message(ctx: &serenity::Context, data: &Data, msg: &serenity::Message) -> Result<(), BotError> {
    if msg.author.bot || !data.config.message_content {
        return Ok(());
    }
    if !super::plan::may_be_action(&msg.content) {
        return Ok(());
    }
    let Some(game) = data.channel_game(msg.channel_id).await else { return Ok(()) };
    let actor = actor_of(&msg.author, "", msg.guild_id, msg.id.get(), data.config.locale);
    // A move `c6-c7`, `S.c6-C.s`, a 翻棋 flip `flip c6` / `+c6`: whatever the game reads as the
    // author's action; anything else is chat.
    let Some(request) = data.service.typed(&actor, game, &msg.content).await else { return Ok(()) };
    let mut exec = Executor::new(&ctx.http, data, Replier::Channel(msg.channel_id), msg.channel_id, msg.guild_id);
    exec.private_to = Some(msg.author.id);
    // Until the referee names the delivery, posts answering this message (a refusal) are
    // de-duplicated by the message's own id (Discord nonces: at most 25 characters).
    exec.nonce = Some(format!("m{}", msg.id.get()));
    if let Err(e) = perform(&mut exec, &actor, request).await {
        report(&mut exec, actor.locale, &e).await;
    }
    Ok(())
}

async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent, data: &Data) -> Result<(), BotError> {
    match event {
        serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(c) } => {
            on_component(ctx, data, c).await
        }
        serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Modal(m) } => {
            on_modal(ctx, data, m).await
        }
        serenity::FullEvent::Message { new_message } => on_message(ctx, data, new_message).await,
        _ => Ok(()),
    }
}

async fn on_error(err: poise::FrameworkError<'_, Data, BotError>) {
    match err {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let locale = locale_of(ctx.locale().unwrap_or(""), ctx.data().config.locale);
            if let BotError::Internal { reference, detail } | BotError::Unavailable { reference, detail } = &error {
                tracing::error!(reference = %reference, detail = %detail, "fault in a command");
            }
            let reply = poise::CreateReply::default().content(error.user_text(locale)).ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!(error = %e, "could not report an error");
            }
        }
        poise::FrameworkError::EventHandler { error, .. } => {
            tracing::error!(error = %error, "event handler failed");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "poise error handler failed");
            }
        }
    }
}

/// The referee's clock: deadlines, reminders and expiries, posted where their games live, and
/// whatever the outbox holds undelivered (at start: what a crash kept from being posted). Each
/// delivery is posted with its nonce and confirmed once posted; one that fails stays in the
/// outbox and is posted again on a later round (Discord drops the posts it already made). Runs
/// for the life of the bot; wakes at the referee's next deadline (at least once a minute).
async fn run_clock(http: Arc<Http>, data: Data) {
    loop {
        let wait = match data.service.tick().await {
            Ok((deliveries, next)) => {
                for d in deliveries {
                    let origin = Origin { actor: 0, locale: data.config.locale, panel_here: false };
                    let actions = plan(&d.effects, &origin, data.config.locale);
                    let mut exec = Executor::new(&http, &data, Replier::Nobody, ChannelId::new(1), None);
                    exec.nonce = Some(d.nonce.clone());
                    match exec.run(actions).await {
                        Ok(()) => data.service.delivered(&d.nonce).await,
                        Err(e) => tracing::error!(error = %e, "could not post the referee's clock effects"),
                    }
                }
                next.unwrap_or(60).clamp(1, 60)
            }
            Err(e) => {
                tracing::error!(error = %e, "the referee's clock failed");
                30
            }
        };
        tokio::time::sleep(Duration::from_secs(wait)).await;
    }
}

/// The intents the bot asks for: guilds and guild messages always; message content only when
/// plain-text moves are enabled (it is privileged and must be switched on in the portal too).
pub fn intents(config: &Config) -> GatewayIntents {
    let mut i = GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
    if config.message_content {
        i |= GatewayIntents::MESSAGE_CONTENT;
    }
    i
}

/// Builds the client on a given HTTP client (tests pass one aimed at a fake Discord) and runs it
/// until the gateway closes for good.
pub async fn run_with_http(config: Config, http: Http, service: Arc<dyn GameService>) -> Result<(), BotError> {
    let dev_guild = config.dev_guild;
    let shards = config.shards;
    // The slash commands belong to the application, not to a shard: the process that runs
    // shard 0 (which also gets every DM) registers them, the others leave them be.
    let registers = shards.is_none_or(|r| r.owns_dms());
    let intents = intents(&config);
    let places = Arc::new(Mutex::new(Places::default()));
    let data = Data { service: service.clone(), config: config.clone(), places: places.clone() };
    let ticker = Data { service, config, places };
    // Set by `setup` when registration fails for good; returned once the client has stopped.
    let stopped: Arc<Mutex<Option<BotError>>> = Arc::new(Mutex::new(None));
    let failed = stopped.clone();
    let options = poise::FrameworkOptions {
        commands: vec![super::commands::junqi()],
        event_handler: |fw, event| Box::pin(on_event(fw.serenity_context, event, fw.user_data)),
        on_error: |err| Box::pin(on_error(err)),
        initialize_owners: false,
        ..Default::default()
    };
    let framework = poise::Framework::builder()
        .options(options)
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            let guilds: Vec<GuildId> = ready.guilds.iter().map(|g| g.id).collect();
            Box::pin(async move {
                let commands = &framework.options().commands;
                if !registers {
                    tracing::info!(
                        "shards {}: commands are registered by the process running shard 0",
                        shards.map(|r| r.to_string()).unwrap_or_default()
                    );
                } else if let Err(e) = register(ctx, commands, dev_guild).await {
                    // Without registered commands (and without its data, which poise only sets
                    // after this) the bot would stay online and ignore everyone: stop instead.
                    tracing::error!(error = %e, "giving up");
                    *failed.lock().await = Some(e);
                    framework.shard_manager().shutdown_all().await;
                    return Err(BotError::internal("command registration failed"));
                }
                if registers && dev_guild.is_none() {
                    remove_guild_copies(&ctx.http, &guilds).await;
                }
                tracing::info!(commands_registered = registers, "ready");
                tokio::spawn(run_clock(ctx.http.clone(), ticker));
                Ok(data)
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents).framework(framework).await?;
    let started = match shards {
        // serenity's range is inclusive of its end (`4..7` boots shards 4, 5, 6 and 7).
        Some(r) => {
            tracing::info!(shards = %r, "starting gateway shards");
            client.start_shard_range(r.first..r.last, r.total).await
        }
        // As many shards as Discord recommends for the bot's servers (one below 2,500).
        None => client.start_autosharded().await,
    };
    started.map_err(|e| match e {
        serenity::Error::Http(serenity::HttpError::Request(r)) => BotError::DiscordUnreachable(r.to_string()),
        other => other.into(),
    })?;
    match stopped.lock().await.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// How many times command registration is tried at start, and the first wait between tries
/// (doubled each time: 1 s, 2 s, 4 s, 8 s).
const REGISTER_ATTEMPTS: u32 = 5;
const REGISTER_FIRST_WAIT: Duration = Duration::from_secs(1);

/// Registers the slash commands (in the development server, or globally), retrying with backoff
/// when Discord answers 5xx or 429 or the network fails; a refusal that retrying cannot cure
/// (a bad token, an invalid command) ends it at once.
async fn register(
    ctx: &serenity::Context,
    commands: &[poise::Command<Data, BotError>],
    dev_guild: Option<u64>,
) -> Result<(), BotError> {
    let mut wait = REGISTER_FIRST_WAIT;
    let mut attempt = 1;
    loop {
        let result = match dev_guild {
            Some(g) => poise::builtins::register_in_guild(ctx, commands, GuildId::new(g)).await,
            None => poise::builtins::register_globally(ctx, commands).await,
        };
        let e = match result {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        let transient = match &e {
            serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
                let status = r.status_code.as_u16();
                status == 429 || status >= 500
            }
            serenity::Error::Http(serenity::HttpError::Request(_)) => true,
            _ => false,
        };
        if !transient || attempt >= REGISTER_ATTEMPTS {
            return Err(BotError::Registration { attempts: attempt, last: e.to_string() });
        }
        tracing::warn!(error = %e, attempt, ?wait, "command registration failed; retrying");
        tokio::time::sleep(wait).await;
        wait *= 2;
        attempt += 1;
    }
}

/// Registered globally, the commands would show twice in a server that still holds copies
/// registered there while `dev_guild` named it (Discord keeps a server's commands until they are
/// overwritten): each server the bot is in that has any gets them removed at start. A failure is
/// logged and start-up goes on; the global commands work regardless.
async fn remove_guild_copies(http: &Http, guilds: &[GuildId]) {
    for g in guilds {
        match g.get_commands(http).await {
            Ok(copies) if copies.is_empty() => {}
            Ok(copies) => match g.set_commands(http, Vec::new()).await {
                Ok(_) => {
                    tracing::info!(guild = %g, removed = copies.len(), "removed the server's copies of the commands")
                }
                Err(e) => {
                    tracing::warn!(guild = %g, error = %e, "could not remove the server's copies of the commands")
                }
            },
            Err(e) => tracing::warn!(guild = %g, error = %e, "could not list the server's commands"),
        }
    }
}

/// Runs the bot against the real Discord.
pub async fn run(config: Config, service: Arc<dyn GameService>) -> Result<(), BotError> {
    let token = config.require_token().map_err(|e| BotError::User(e.to_string()))?.to_string();
    let http = match &config.discord_proxy {
        // The proxy keeps Discord's rate limits for every process of the bot; serenity's own
        // limiter would call discord.com directly, past it.
        Some(proxy) => serenity::HttpBuilder::new(token).proxy(proxy.as_str()).ratelimiter_disabled(true).build(),
        None => serenity::HttpBuilder::new(token).build(),
    };
    run_with_http(config, http, service).await
}
