//! What a finished match leaves behind: the full record (seed, options, seats, every step, every
//! round's scores with their breakdown, the result), and the small summary the history list and
//! the statistics read, kept apart so listing thousands of matches never parses their steps.

pub mod compact;

use cardtable_engine::bots::BotLevel;
use cardtable_engine::seat::MAX_SEATS;
use cardtable_engine::{AnyOptions, BySeat, GameKind, MatchResult, RoundEnd, RoundResult, Seat, SeatSet};
use serde::{Deserialize, Serialize};

use super::document::Document;
use super::profiles::{ProfileBook, ProfileId};
use crate::session::host::{Host, Step};
use crate::session::replay::{self, MatchStart, ReplayError};
use crate::session::seating::Occupant;
use compact::{RecordFile, RecordV1};

/// A match's identity: its start time and a part of its seed. Also its file name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MatchId(String);

/// A match id that is not one: only ASCII letters, digits and `-`, at most 64, so an id read
/// from a file can never name a path outside the history folder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a match id")]
pub struct BadMatchId(String);

impl MatchId {
    /// The id of a match started at `started` from `seed`.
    #[must_use]
    pub fn new(started: jiff::Timestamp, seed: u64) -> MatchId {
        MatchId(format!("{}-{:08x}", started.strftime("%Y%m%dT%H%M%S%3fZ"), seed >> 32))
    }

    /// The id as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for MatchId {
    type Error = BadMatchId;
    fn try_from(text: String) -> Result<MatchId, BadMatchId> {
        let valid = !text.is_empty() && text.len() <= 64 && text.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-');
        if valid { Ok(MatchId(text)) } else { Err(BadMatchId(text)) }
    }
}

impl From<MatchId> for String {
    fn from(id: MatchId) -> String {
        id.0
    }
}

impl std::fmt::Display for MatchId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The ids of the match files (`<id>.json`) in `folder`; other files (backups, damaged files,
/// originals of upgraded files: their names have a dot before `.json`) are left out.
///
/// # Errors
/// The folder cannot be listed (a missing folder has no files).
pub fn ids_in(folder: &std::path::Path) -> Result<Vec<MatchId>, super::error::StoreError> {
    let listing_error = |error| super::error::StoreError::io("list", folder, error);
    let entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(listing_error(error)),
    };
    let mut ids = Vec::new();
    for entry in entries {
        let name = match entry {
            Ok(entry) => entry.file_name(),
            Err(error) => {
                // One entry the system cannot describe: the others are still listed.
                tracing::warn!(%error, folder = %folder.display(), "an entry of the folder cannot be read");
                continue;
            }
        };
        if let Some(stem) = name.to_string_lossy().strip_suffix(".json")
            && let Ok(id) = MatchId::try_from(stem.to_owned())
        {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// Who sat in a seat, as it was when the match was played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The name at the table then (kept when the profile is renamed or deleted).
    pub name: String,
    /// The person's profile, if they played under one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<ProfileId>,
    /// The bot's level, if a bot sat here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotLevel>,
}

impl SeatRecord {
    /// The seats of a table, humans matched to profiles by name.
    #[must_use]
    pub fn from_seats(seats: &[Occupant], profiles: &ProfileBook) -> Vec<SeatRecord> {
        seats
            .iter()
            .map(|occupant| SeatRecord {
                name: occupant.name().to_owned(),
                profile: if occupant.is_human() { profiles.by_name(occupant.name()).map(|profile| profile.id) } else { None },
                bot: occupant.bot_level(),
            })
            .collect()
    }

    /// Forgets the profiles of the seats not played at this device: a player at another device
    /// may go by a name that is also one of this device's profiles, and must not be credited
    /// to it.
    pub fn keep_profiles_of(seats: &mut [SeatRecord], played_here: SeatSet) {
        for (seat, record) in Seat::all(seats.len()).zip(seats.iter_mut()) {
            if !played_here.contains(seat) {
                record.profile = None;
            }
        }
    }

    /// The occupant to seat again for a replay.
    #[must_use]
    pub fn occupant(&self) -> Occupant {
        match self.bot {
            Some(level) => Occupant::Bot { name: self.name.clone(), level },
            None => Occupant::Human { name: self.name.clone() },
        }
    }
}

/// A finished match, complete: it replays exactly. On disk it takes the compact form of
/// [`compact`] (format 2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "RecordFile", try_from = "RecordFile")]
pub struct MatchRecord {
    /// Identity.
    pub id: MatchId,
    /// When the first card was dealt.
    pub started: jiff::Timestamp,
    /// When the match was decided.
    pub finished: jiff::Timestamp,
    /// The game and its house rules.
    pub options: AnyOptions,
    /// Who sat where.
    pub seats: Vec<SeatRecord>,
    /// The seed the cards were dealt from.
    pub seed: u64,
    /// Every round's points, with the breakdown and the cards they came from.
    pub rounds: Vec<RoundResult>,
    /// Winners, losers, final totals.
    pub result: MatchResult,
    /// Every action and deal in order: with the seed, the match itself.
    pub steps: Vec<Step>,
    /// Set for a match played at another device's table on the home network. Once the host's
    /// record replayed here as the match was played ([`NetworkPlay::verdict`]), the record holds
    /// the seed and every step and replays like any other; otherwise it holds the rounds and
    /// result only.
    pub network: Option<NetworkPlay>,
    /// How many moves a person took back (0, and not written, for most matches: records
    /// written before undo was counted read the same).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub undos: u32,
}

/// Whether a count is nothing (such counts are left out of the files).
#[allow(clippy::trivially_copy_pass_by_ref, reason = "serde's skip_serializing_if passes a reference")]
pub(crate) fn is_zero(count: &u32) -> bool {
    *count == 0
}

/// How this device took part in a match on the home network.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetworkPlay {
    /// The seats played on this device (none when it watched).
    pub seats: SeatSet,
    /// Whether the match was decided; `false` when the table closed first (the host left), so
    /// only the rounds finished before are kept and nobody won or lost.
    pub decided: bool,
    /// Whether the host's record of the match replayed on this device as it was played here
    /// (then the record holds the seed and every step, and replays); `None` for matches kept
    /// before records were sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<super::verdict::Verdict>,
}

impl NetworkPlay {
    /// Whether the host's record replayed on this device as the match was played here.
    #[must_use]
    pub fn verified(&self) -> bool {
        self.verdict == Some(super::verdict::Verdict::Verified)
    }
}

impl Document for MatchRecord {
    const KIND: &'static str = "match";
    /// 1: every type in its own serde form; 2: the compact form ([`compact`]).
    const SCHEMA: u32 = 2;

    /// Format 1 is read into its types and written again in the compact form.
    fn migrate(from: u32, data: serde_json::Value) -> Result<serde_json::Value, String> {
        match from {
            1 => {
                let old: RecordV1 = serde_json::from_value(data).map_err(|error| error.to_string())?;
                serde_json::to_value(MatchRecord::from(old)).map_err(|error| error.to_string())
            }
            _ => Err(format!("no migration from format {from}")),
        }
    }

    /// A history holds thousands of records (7,466 matches once filled 440 MB): keeping the
    /// format-1 original of each beside its compact copy would undo what the compact form
    /// saves, so the original goes once the upgraded file reads back as this very record.
    fn original_redundant(&self, reread: &Self) -> bool {
        self == reread
    }

    /// A record read from a file is used without another look (summaries, statistics, the
    /// replay): every seat it names must be at its table, every list by seat as long as the
    /// table, every step of its game.
    fn check(&self) -> Result<(), String> {
        let seats = self.seats.len();
        check_table(&self.options, seats)?;
        check_seat_set("the winners", self.result.winners, seats)?;
        check_seat_set("the losers", self.result.losers, seats)?;
        check_by_seat("the result's totals", self.result.totals.len(), seats)?;
        for (index, round) in self.rounds.iter().enumerate() {
            check_by_seat(&format!("round {}'s scores", index + 1), round.scores.len(), seats)?;
            check_by_seat(&format!("round {}'s totals", index + 1), round.totals.len(), seats)?;
            if let RoundEnd::WentOut(seat) | RoundEnd::LastHolder(seat) | RoundEnd::Called(seat) = round.end {
                check_seat(&format!("round {}'s end", index + 1), seat, seats)?;
            }
        }
        if let Some(network) = &self.network {
            check_seat_set("the seats played here", network.seats, seats)?;
        }
        check_steps(&self.steps, self.game(), seats)?;
        self.check_replay()
    }
}

impl MatchRecord {
    /// A record of a match played here is trusted only if its steps, replayed from its seed,
    /// play to its stored rounds and result (a tampered winner or score is damage like any
    /// other). Records of matches at another device's table keep what this device was shown,
    /// checked when they were played (`crate::net::verify`).
    fn check_replay(&self) -> Result<(), String> {
        if self.network.is_some() {
            return Ok(());
        }
        let occupants = self.occupants();
        let start = MatchStart { options: &self.options, seats: &occupants, seed: self.seed };
        let (rounds, host) = replay::played_out(&start, &self.steps).map_err(|error| format!("its steps do not replay: {error}"))?;
        if rounds != self.rounds {
            return Err("its rounds' scores are not what its steps play to".to_owned());
        }
        if host.game().match_result() != Some(&self.result) {
            return Err("its result is not what its steps play to".to_owned());
        }
        Ok(())
    }
}

/// Checks a table of `seats` seats can play `options`' game.
///
/// # Errors
/// It cannot, in words.
pub(crate) fn check_table(options: &AnyOptions, seats: usize) -> Result<(), String> {
    let range = options.seat_range();
    if range.contains(&seats) && seats <= MAX_SEATS {
        Ok(())
    } else {
        Err(format!("{seats} seats, but {} is played by {} to {}", options.kind(), range.start(), range.end()))
    }
}

fn check_seat(what: &str, seat: Seat, seats: usize) -> Result<(), String> {
    if seat.index() < seats { Ok(()) } else { Err(format!("{what} names seat {}, at a table of {seats}", seat.0)) }
}

fn check_seat_set(what: &str, set: SeatSet, seats: usize) -> Result<(), String> {
    set.iter().try_for_each(|seat| check_seat(what, seat, seats))
}

fn check_by_seat(what: &str, len: usize, seats: usize) -> Result<(), String> {
    if len == seats { Ok(()) } else { Err(format!("{what} list {len} seats, at a table of {seats}")) }
}

/// Most steps a match record or save may hold. Measured with `cardtable sim` (2,000 random
/// matches of each game, 4 seats): no round goes past the engine's turn cap of 2,000 decisions
/// (Crazy Eights and Dunno reach it), and a match averages 2.8 rounds (Crazy Eights, 3,643
/// steps) to 6.6 (One Hundred and One, 667 steps); bots' matches take about 200. This allows
/// 50 rounds at the cap: 27 times the longest average, while a record past it (a 10⁶-step one
/// was 8 MB, and exporting it took 263 MB) is refused as damage.
pub const MAX_STEPS: usize = 100_000;

/// Checks there are at most [`MAX_STEPS`] steps, and every step acts for a seat at the table, in `game`'s actions.
///
/// # Errors
/// The first step that does not, in words.
pub(crate) fn check_steps(steps: &[Step], game: GameKind, seats: usize) -> Result<(), String> {
    if steps.len() > MAX_STEPS {
        return Err(format!("it holds {} steps, more than any match takes ({MAX_STEPS})", steps.len()));
    }
    for (index, step) in steps.iter().enumerate() {
        if let Step::Act(seat, action) = step {
            check_seat(&format!("step {index}"), *seat, seats)?;
            if action.kind() != game {
                return Err(format!("step {index} is a {} action in a match of {game}", action.kind()));
            }
        }
    }
    Ok(())
}

/// What a device saw of a match on the home network, to record it.
#[derive(Debug, Clone, Copy)]
pub struct NetworkMatch<'a> {
    /// The game and its house rules.
    pub options: &'a AnyOptions,
    /// Who sat where.
    pub seats: &'a [Occupant],
    /// The seats this device played.
    pub played: SeatSet,
    /// Every finished round.
    pub rounds: &'a [RoundResult],
    /// The result, once decided.
    pub result: Option<&'a MatchResult>,
    /// When the match began and when it ended (or the table closed).
    pub started: jiff::Timestamp,
    /// When it ended.
    pub finished: jiff::Timestamp,
    /// Makes the id unique (a guest has no seed).
    pub nonce: u64,
    /// The host's record as checked here: the verdict, with the seed, steps and rounds of a
    /// record that replays (`None`: no record came).
    pub checked: Option<CheckedRecord<'a>>,
}

/// A host's record of a match, as checked on this device.
#[derive(Debug, Clone, Copy)]
pub struct CheckedRecord<'a> {
    /// Whether it replays as the match was played here.
    pub verdict: super::verdict::Verdict,
    /// The seed the shares give.
    pub seed: u64,
    /// Every step.
    pub steps: &'a [Step],
    /// Every round's result, from the replay.
    pub rounds: &'a [RoundResult],
}

/// Why a match could not be recorded.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The match is not decided yet.
    #[error("the match is not over")]
    NotOver,
    /// The match does not replay from its steps (a bug).
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

impl MatchRecord {
    /// The record of a decided match.
    ///
    /// # Errors
    /// The match is not over, or does not replay.
    pub fn from_host(
        id: MatchId,
        started: jiff::Timestamp,
        finished: jiff::Timestamp,
        host: &Host,
        profiles: &ProfileBook,
    ) -> Result<MatchRecord, RecordError> {
        let result = host.game().match_result().ok_or(RecordError::NotOver)?.clone();
        let options = host.game().options();
        let start = MatchStart { options: &options, seats: host.seats(), seed: host.seed() };
        let rounds = replay::round_results(&start, host.steps())?;
        Ok(MatchRecord {
            id,
            started,
            finished,
            seats: SeatRecord::from_seats(host.seats(), profiles),
            seed: host.seed(),
            rounds,
            result,
            steps: host.steps().to_vec(),
            options,
            network: None,
            undos: host.undos(),
        })
    }

    /// Credits the seats this device played at a networked table to `profile` where no
    /// profile was matched by their name: the host may have numbered the name this device
    /// joined with ("Ana 2") to keep names apart at its table.
    pub fn credit_played_seats(&mut self, profile: ProfileId) {
        let Some(played) = self.network.as_ref().map(|network| network.seats) else { return };
        for (seat, record) in Seat::all(self.seats.len()).zip(self.seats.iter_mut()) {
            if played.contains(seat) && record.profile.is_none() && record.bot.is_none() {
                record.profile = Some(profile);
            }
        }
    }

    /// The record of a match played on the home network, from what this device saw: the
    /// seats (profiles matched by name for the seats it played), every finished round, and the
    /// result once decided (`None`: the table closed first, and the rounds so far are kept).
    #[must_use]
    pub fn from_network(seen: NetworkMatch<'_>, profiles: &ProfileBook) -> MatchRecord {
        let mut seats = SeatRecord::from_seats(seen.seats, profiles);
        SeatRecord::keep_profiles_of(&mut seats, seen.played);
        let decided = seen.result.is_some();
        let replay = seen.checked.filter(|checked| checked.verdict == super::verdict::Verdict::Verified);
        let rounds = replay.map_or(seen.rounds, |checked| checked.rounds);
        let result = seen.result.cloned().unwrap_or_else(|| MatchResult {
            winners: SeatSet::EMPTY,
            losers: SeatSet::EMPTY,
            totals: rounds.last().map_or_else(|| BySeat::from(vec![0; seats.len()]), |round| round.totals.clone()),
            rounds: u32::try_from(rounds.len()).unwrap_or(u32::MAX),
        });
        let verdict = Some(seen.checked.map_or(super::verdict::Verdict::NoRecord, |checked| checked.verdict));
        MatchRecord {
            id: MatchId::new(seen.started, seen.nonce),
            started: seen.started,
            finished: seen.finished,
            options: seen.options.clone(),
            seats,
            seed: replay.map_or(0, |checked| checked.seed),
            rounds: rounds.to_vec(),
            result,
            steps: replay.map_or_else(Vec::new, |checked| checked.steps.to_vec()),
            network: Some(NetworkPlay { seats: seen.played, decided, verdict }),
            // Nothing is taken back at a networked table.
            undos: 0,
        }
    }

    /// Whether the record replays: matches played here do, and matches played at another
    /// device's table whose record replayed here as they were played.
    #[must_use]
    pub fn replays(&self) -> bool {
        self.network.as_ref().is_none_or(NetworkPlay::verified)
    }

    /// The game played.
    #[must_use]
    pub fn game(&self) -> GameKind {
        self.options.kind()
    }

    /// The occupants, to replay the match.
    #[must_use]
    pub fn occupants(&self) -> Vec<Occupant> {
        self.seats.iter().map(SeatRecord::occupant).collect()
    }

    /// The summary the history list shows.
    #[must_use]
    pub fn summary(&self) -> MatchSummary {
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(index, seat_record)| {
                let seat = Seat(u8::try_from(index).expect("a table has at most eight seats"));
                SeatSummary {
                    name: seat_record.name.clone(),
                    profile: seat_record.profile,
                    bot: seat_record.bot,
                    total: self.result.totals.as_slice().get(index).copied().unwrap_or(0),
                    won: self.result.winners.contains(seat),
                    lost: self.result.losers.contains(seat),
                    round_points: self
                        .rounds
                        .iter()
                        .map(|round| round.scores.as_slice().get(index).map_or(0, cardtable_engine::SeatScore::total))
                        .collect(),
                }
            })
            .collect();
        MatchSummary {
            id: self.id.clone(),
            finished: self.finished,
            game: self.game(),
            rounds: self.result.rounds,
            seats,
            network: self.network.clone(),
            undos: self.undos,
        }
    }
}

/// One seat of a match summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The name played under.
    pub name: String,
    /// The profile, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<ProfileId>,
    /// The bot's level, if a bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotLevel>,
    /// Final total.
    pub total: i32,
    /// Among the winners.
    pub won: bool,
    /// Among the losers.
    pub lost: bool,
    /// Points scored in each round.
    pub round_points: Vec<i32>,
}

/// A finished match in brief: enough for the history list and the statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSummary {
    /// Identity (and the record's file name).
    pub id: MatchId,
    /// When the match was decided.
    pub finished: jiff::Timestamp,
    /// The game.
    pub game: GameKind,
    /// Rounds played.
    pub rounds: u32,
    /// Each seat's outcome.
    pub seats: Vec<SeatSummary>,
    /// Set for a match seen on the home network (it does not replay; see [`MatchRecord`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<NetworkPlay>,
    /// How many moves a person took back.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub undos: u32,
}

impl MatchSummary {
    /// Whether the match was decided (a networked table may close first); statistics count
    /// only decided matches.
    #[must_use]
    pub fn decided(&self) -> bool {
        self.network.as_ref().is_none_or(|network| network.decided)
    }

    /// The seat `profile` played, if they played.
    #[must_use]
    pub fn seat_of(&self, profile: ProfileId) -> Option<&SeatSummary> {
        self.seats.iter().find(|seat| seat.profile == Some(profile))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_name_files_and_nothing_else() {
        let id = MatchId::new(jiff::Timestamp::from_second(1_700_000_000).expect("in range"), 0xdead_beef_0000_0001);
        assert_eq!(id.as_str(), "20231114T221320000Z-deadbeef");
        assert!(serde_json::from_str::<MatchId>("\"../../etc/passwd\"").is_err());
        assert!(serde_json::from_str::<MatchId>("\"\"").is_err());
        assert!(serde_json::from_str::<MatchId>(&format!("\"{}\"", "a".repeat(65))).is_err());
        assert_eq!(serde_json::from_str::<MatchId>("\"abc-123\"").expect("valid").as_str(), "abc-123");
    }
}
