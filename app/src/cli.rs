//! Command-line interface: no subcommand opens the window; `scenario` and `sim` run headless.

use std::path::PathBuf;

use cardtable_engine::GameKind;
use clap::{Parser, Subcommand};

use crate::commands::sim_args::SimArgs;

/// Cardtable: classic shedding card games with friends, hot-seat, over the LAN, or against bots.
#[derive(Debug, Parser)]
#[command(name = "cardtable", version, about)]
pub struct Cli {
    /// How the window opens (when no command is given).
    #[command(flatten)]
    pub window: WindowArgs,
    /// What to do; without one, the game window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Keep profiles, history and saved games in this folder instead of the platform's
    /// config folder (which follows XDG_CONFIG_HOME on Linux).
    #[arg(long, global = true, value_name = "FOLDER")]
    pub data_dir: Option<PathBuf>,
}

/// How the window opens.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct WindowArgs {
    /// An online table's invite (`cardtable:join?…`, as a chat or a browser hands it over):
    /// the window opens on the join screen with it filled in.
    #[arg(value_name = "INVITE", value_parser = parse_invite_link)]
    pub invite: Option<String>,
    /// Sit down at once at a quick game of this game (you and bots, default rules).
    #[arg(long, value_parser = GameKind::from_id)]
    pub quick_play: Option<GameKind>,
    /// Open this game's tutorial at once (a short scripted deal against a teacher).
    #[arg(long, value_parser = GameKind::from_id, conflicts_with = "quick_play")]
    pub learn: Option<GameKind>,
    /// Open a scenario file at the table (docs/scenarios.md): its deal with its steps played,
    /// you in seat 0 and bots in the other seats; not saved. The file is checked first.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["quick_play", "learn"])]
    pub scenario: Option<PathBuf>,
    /// Seed of the first match (default: from the clock), to see the same deal again.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The window's size in points, WIDTHxHEIGHT (e.g. 360x640).
    #[arg(long, value_parser = parse_size)]
    pub window_size: Option<WindowSize>,
    /// The IPv4 address of the network interface LAN discovery announces and listens on
    /// (default: the saved setting, else the system's choice); 127.0.0.1 keeps it on this
    /// machine.
    #[arg(long)]
    pub lan_interface: Option<std::net::Ipv4Addr>,
    /// Hard bots think this many milliseconds per decision (0: the game's iteration budget),
    /// instead of the settings' thinking time.
    #[arg(long, value_name = "MS")]
    pub think_ms: Option<u32>,
}

/// A window size in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WindowSize {
    /// Width.
    pub width: f32,
    /// Height.
    pub height: f32,
}

/// The smallest window the layout is made for (a phone held upright is 360 wide).
const SMALLEST_WINDOW: f32 = 320.0;

/// A `cardtable:` link, bounded; its fields are read on the join screen, which says in words
/// what is wrong with them (a link opened from a browser has no terminal to print to).
fn parse_invite_link(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.len() > crate::net::invite::MAX_INVITE {
        return Err(format!("an invite is at most {} characters; this one has {}", crate::net::invite::MAX_INVITE, text.len()));
    }
    if !text.starts_with("cardtable:") {
        return Err(format!("`{}` is not an invite (`cardtable:join?…`) nor a command", text.chars().take(40).collect::<String>()));
    }
    Ok(text.to_owned())
}

fn parse_size(text: &str) -> Result<WindowSize, String> {
    let bad = || format!("`{text}` is not a size like 1000x720");
    let (width, height) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let width: f32 = width.trim().parse().map_err(|_| bad())?;
    let height: f32 = height.trim().parse().map_err(|_| bad())?;
    if !(SMALLEST_WINDOW..=10_000.0).contains(&width) || !(SMALLEST_WINDOW..=10_000.0).contains(&height) {
        return Err(format!("`{text}`: each side must be between {SMALLEST_WINDOW} and 10000"));
    }
    Ok(WindowSize { width, height })
}

/// Headless commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a scenario file (explicit deck + scripted actions) and print views, events and
    /// outcome as JSON; exits non-zero naming the first illegal action.
    Scenario {
        /// The scenario file (see docs/scenarios.md).
        file: PathBuf,
    },
    /// Play random legal matches headless and print a summary.
    Sim(SimArgs),
    /// Export the match history as CSV (one row per seat of each match) or JSON (every full
    /// record, replayable).
    Export {
        /// `csv` or `json`.
        #[arg(long, value_enum, default_value_t = crate::store::export_job::ExportFormat::Csv)]
        format: crate::store::export_job::ExportFormat,
        /// The file to write (`-`: standard output); by default `exports/history-<time>.<format>`
        /// in the data folder. Only a regular file is written (replaced whole, never half):
        /// a folder, link, pipe or device there is refused.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Host a table without a window, on the LAN or online, and start its match once every
    /// guest seat is taken and ready; prints the result when it is over.
    Host(HostArgs),
    /// Join a table as a bot (by invite, or by LAN address), play to the end and print the
    /// result; exits non-zero unless the host's record verified on this device.
    Join(JoinArgs),
    /// Run a relay server for online play (iroh's): devices that name it in their relays meet
    /// through it and learn their outside address from it. It forwards only encrypted packets.
    /// Needs a build with the cargo feature `relay`.
    Relay(crate::commands::relay::RelayArgs),
    /// Test aid for the store's crash test: plays and records bots' matches into the data
    /// folder until killed, printing `recorded <id>` once each is durable.
    #[command(hide = true)]
    StoreSoak {
        /// Seed of the matches played.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// `cardtable host`'s arguments.
#[derive(Debug, Clone, clap::Args)]
pub struct HostArgs {
    /// Host online (iroh: guests join with the invite, through a relay or directly).
    #[arg(long, conflicts_with = "lan", required_unless_present = "lan")]
    pub online: bool,
    /// Host on the LAN (QUIC; guests join by address and code).
    #[arg(long)]
    pub lan: bool,
    /// The game.
    #[arg(long, value_parser = GameKind::from_id)]
    pub game: GameKind,
    /// The seats, in order: `guest` (open for a guest) or `bot:LEVEL` (random, easy, normal,
    /// hard), separated by commas.
    #[arg(long, value_delimiter = ',', value_parser = crate::commands::net_play::parse_seat, required = true)]
    pub seats: Vec<crate::commands::net_play::SeatArg>,
    /// Print the invite (online, with the seat code in it) or `ADDRESS CODE SEAT_CODE` (LAN)
    /// as the first line.
    #[arg(long)]
    pub print_invite: bool,
    /// The line: relays, socket, relays' certificates.
    #[command(flatten)]
    pub line: LineArgs,
}

/// `cardtable join`'s arguments.
#[derive(Debug, Clone, clap::Args)]
pub struct JoinArgs {
    /// The host's invite (`cardtable:join?…`) or LAN address (`IP:PORT`).
    pub target: String,
    /// The host's code, as read aloud (checked against the invite, or pinned on the LAN).
    #[arg(long)]
    pub code: crate::net::identity::JoinCode,
    /// The table's seat code (six digits, shown on the host's screen; an invite carries it).
    /// Without it the bot joins and waits for the host to let it in.
    #[arg(long, value_name = "DIGITS")]
    pub seat_code: Option<crate::net::protocol::SeatCode>,
    /// How the bot plays: random, easy, normal or hard.
    #[arg(long, value_parser = crate::commands::net_play::parse_level, default_value = "normal")]
    pub bot: cardtable_engine::bots::BotLevel,
    /// The line: relays, socket, relays' certificates.
    #[command(flatten)]
    pub line: LineArgs,
}

/// How a headless host or guest reaches the others, the same for both.
#[derive(Debug, Clone, clap::Args)]
pub struct LineArgs {
    /// A relay server's URL (online; repeat for several), besides an invite's. A host with
    /// none is reached at its direct addresses only.
    #[arg(long = "relay", value_name = "URL")]
    pub relays: Vec<String>,
    /// Where this device binds.
    #[arg(long, default_value = "0.0.0.0:0")]
    pub bind: std::net::SocketAddr,
    /// Trust the certificates in this PEM file for relays, besides the web's authorities (a
    /// relay of your own with a certificate you made).
    #[arg(long, value_name = "FILE")]
    pub relay_ca: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learn_opens_a_games_tutorial_and_names_the_games_when_it_is_wrong() {
        let cli = Cli::try_parse_from(["cardtable", "--learn", "dunno"]).expect("parses");
        assert_eq!(cli.window.learn, Some(GameKind::Dunno));
        let error = Cli::try_parse_from(["cardtable", "--learn", "poker"]).expect_err("no such game").to_string();
        assert!(error.contains("unknown game `poker`") && error.contains("crazy-eights"), "{error}");
        let error =
            Cli::try_parse_from(["cardtable", "--learn", "dunno", "--quick-play", "dunno"]).expect_err("one or the other").to_string();
        assert!(error.contains("cannot be used with"), "{error}");
    }

    #[test]
    fn a_cardtable_link_is_the_windows_one_argument_and_commands_stay_commands() {
        let link = "cardtable:join?key=07&code=K7QM-2XPA&addr=127.0.0.1:9";
        let cli = Cli::try_parse_from(["cardtable", link]).expect("parses");
        assert_eq!(cli.window.invite.as_deref(), Some(link));
        assert!(cli.command.is_none(), "the window opens");
        let cli = Cli::try_parse_from(["cardtable", "sim", "--game", "dunno"]).expect("a command");
        assert!(cli.command.is_some() && cli.window.invite.is_none());
        let error = Cli::try_parse_from(["cardtable", "https://example.org/"]).expect_err("not a link").to_string();
        assert!(error.contains("is not an invite"), "{error}");
        let long = format!("cardtable:{}", "x".repeat(crate::net::invite::MAX_INVITE));
        let error = Cli::try_parse_from(["cardtable", long.as_str()]).expect_err("too long").to_string();
        assert!(error.contains("at most 2048 characters"), "{error}");
    }
}
