//! The hostile-network tests' shared setup: a quick match, the host's limits with or without
//! the message rate, and a real guest seated against a bot.

use cardtable::net::limits::HostLimits;
use cardtable::net::server::{HostHandle, HostSettings};
use cardtable::session::authority::Pacing;
use cardtable_engine::{AnyOptions, GameKind, Seat};

use super::quic::{Player, fill_with_bots, hello, join_pinned, lobby_ready, settings};

/// One round of Crazy Eights: a guest against a bot, quickly decided.
pub fn one_round() -> AnyOptions {
    AnyOptions::from_json(GameKind::CrazyEights, &serde_json::json!({"score_limit": 0})).expect("options")
}

/// The host's default limits but the message rate: a random guest against an unpaced bot acts
/// far faster than a person (the rate limit has its own test in net_hostile.rs).
pub fn unlimited_rate() -> HostLimits {
    HostLimits { message_burst: u32::MAX, messages_per_second: u32::MAX, ..HostLimits::default() }
}

/// The host's default limits but the handshake rates: for tests that connect many devices from
/// one loopback address within a second to try something else.
pub fn lifted_handshake_rates() -> HostLimits {
    HostLimits { handshake_burst_per_address: u32::MAX, handshake_burst: u32::MAX, ..HostLimits::default() }
}

/// The host's own limits (the tests' usual settings lift the message rate limit).
pub fn hostile_settings(limits: HostLimits) -> HostSettings {
    HostSettings { limits, bot_pace: Pacing { pause: Some(0.005) }, ..settings() }
}

/// A guest joins, sits in seat 0 against a bot in seat 1, and the match starts.
pub async fn seated_guest(handle: &mut HostHandle, fingerprint: cardtable::net::identity::Fingerprint) -> Player {
    // The bot first: a seat change makes everyone unready.
    fill_with_bots(handle, 1, 2);
    let link = join_pinned(handle.addr(), fingerprint, hello("Ana", None)).await;
    let player = Player::new(link, Seat(0), 3);
    player.sit();
    lobby_ready(handle).await;
    handle.command(cardtable::net::table::HostCommand::Start);
    player
}
