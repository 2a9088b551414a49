//! What the table says with a sound: the cards the viewer sees move (played, drawn), a deal, the
//! turn coming to a person at this device, and the end of a round or match as the person here
//! lived it (won or lost). The screen collects the cues while it draws; the app plays them after
//! the frame (`TableScreen::take_cues`), so drawing stays free of side effects.

use cardtable_engine::{MatchResult, Phase, RoundResult, Seat, SeatSet};

use super::motion::{Motion, Spot};
use super::results::round_winners;
use crate::sound::Cue;

/// Follows the table between frames and notes the cues it owes.
#[derive(Debug, Default)]
pub struct CueWatch {
    /// Cues noted since the app last took them.
    pending: Vec<Cue>,
    /// Whether a person here was to act at the last look (`None` before the first look).
    turn_here: Option<bool>,
    /// The round number and whether it was in play, at the last look.
    round: Option<(u32, bool)>,
}

/// What the watch looks at in one frame.
pub struct Moment<'a> {
    /// The match's phase.
    pub phase: Phase,
    /// Its round's number.
    pub round: u32,
    /// The seats people play on this device.
    pub local: SeatSet,
    /// The seats the match waits for.
    pub waiting: SeatSet,
    /// The round just finished, if any.
    pub last_round: Option<&'a RoundResult>,
    /// The match result, once decided.
    pub result: Option<&'a MatchResult>,
    /// Which totals lead in this game.
    pub better: cardtable_engine::Better,
}

impl CueWatch {
    /// Notes the sound of cards the viewer just saw move (one of each kind a frame: a bot's
    /// burst of moves is one click, not a rattle).
    pub fn moved(&mut self, motions: &[Motion]) {
        for motion in motions {
            let cue = match (motion.from, motion.to) {
                (_, Spot::Seat(_)) => Cue::CardDrawn,
                (_, Spot::Pile | Spot::Stock) => Cue::CardPlayed,
            };
            self.note(cue);
        }
    }

    /// Follows the table at one frame's `moment`: a new round dealt, the turn come to a
    /// person here, a round or match ended.
    pub fn follow(&mut self, moment: &Moment<'_>) {
        let playing = moment.phase == Phase::Playing;
        let here = moment.waiting.iter().any(|seat| moment.local.contains(seat));
        if let Some((round, was_playing)) = self.round {
            if playing && (!was_playing || round != moment.round) {
                self.note(Cue::Shuffled);
            }
            if was_playing && !playing {
                self.ended(moment);
            }
        }
        if here && self.turn_here == Some(false) {
            self.note(Cue::YourTurn);
        }
        self.turn_here = Some(here);
        self.round = Some((moment.round, playing));
    }

    /// A round just ended: won or lost for the one person here (several people at one device
    /// share the screen: the standings say who won, with no sound taking a side).
    fn ended(&mut self, moment: &Moment<'_>) {
        let Some(person) = only_person(moment.local) else { return };
        if let Some(result) = moment.result {
            self.note(if result.winners.contains(person) { Cue::MatchWon } else { Cue::MatchLost });
        } else if let Some(round) = moment.last_round {
            let best = round_winners(round, moment.better);
            self.note(if best.contains(&person) { Cue::RoundWon } else { Cue::RoundLost });
        }
    }

    /// Notes a deal now (a new match sat down at).
    pub fn dealt(&mut self) {
        self.note(Cue::Shuffled);
    }

    fn note(&mut self, cue: Cue) {
        if !self.pending.contains(&cue) {
            self.pending.push(cue);
        }
    }

    /// The cues noted since the last call.
    pub fn take(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.pending)
    }
}

/// The one person at this device, when there is exactly one.
#[must_use]
pub fn only_person(local: SeatSet) -> Option<Seat> {
    if local.len() == 1 { local.first() } else { None }
}

#[cfg(test)]
mod tests {
    use cardtable_engine::{Better, BySeat, Card, Rank, Suit};

    use super::*;

    fn moment(phase: Phase, round: u32, waiting: SeatSet) -> Moment<'static> {
        Moment { phase, round, local: SeatSet::only(Seat(0)), waiting, last_round: None, result: None, better: Better::Higher }
    }

    #[test]
    fn cards_moving_click_once_a_kind() {
        let mut watch = CueWatch::default();
        let card = Card::new(Rank::Seven, Suit::Hearts);
        watch.moved(&[
            Motion::shown(Spot::Seat(Seat(1)), Spot::Pile, card),
            Motion::shown(Spot::Seat(Seat(2)), Spot::Pile, card),
            Motion::hidden(Spot::Stock, Spot::Seat(Seat(0))),
        ]);
        assert_eq!(watch.take(), vec![Cue::CardPlayed, Cue::CardDrawn]);
        assert!(watch.take().is_empty(), "taken cues are gone");
    }

    #[test]
    fn the_turn_chimes_when_it_comes_here_not_while_it_stays() {
        let mut watch = CueWatch::default();
        // The first look sets the scene: sitting down on one's own turn says nothing.
        watch.follow(&moment(Phase::Playing, 1, SeatSet::only(Seat(0))));
        assert!(watch.take().is_empty());
        watch.follow(&moment(Phase::Playing, 1, SeatSet::only(Seat(1))));
        assert!(watch.take().is_empty());
        watch.follow(&moment(Phase::Playing, 1, SeatSet::only(Seat(0))));
        assert_eq!(watch.take(), vec![Cue::YourTurn]);
        watch.follow(&moment(Phase::Playing, 1, SeatSet::only(Seat(0))));
        assert!(watch.take().is_empty());
    }

    #[test]
    fn a_new_round_shuffles() {
        let mut watch = CueWatch::default();
        watch.follow(&moment(Phase::RoundOver, 1, SeatSet::default()));
        watch.follow(&moment(Phase::Playing, 2, SeatSet::only(Seat(1))));
        assert_eq!(watch.take(), vec![Cue::Shuffled]);
    }

    #[test]
    fn a_match_ends_won_or_lost_for_the_one_person_here() {
        let totals = BySeat::from(vec![10, 3]);
        for (winner, cue) in [(Seat(0), Cue::MatchWon), (Seat(1), Cue::MatchLost)] {
            let result = MatchResult { winners: SeatSet::only(winner), losers: SeatSet::default(), totals: totals.clone(), rounds: 1 };
            let mut watch = CueWatch::default();
            watch.follow(&moment(Phase::Playing, 1, SeatSet::only(Seat(1))));
            let over = Moment { result: Some(&result), ..moment(Phase::MatchOver, 1, SeatSet::default()) };
            watch.follow(&over);
            assert_eq!(watch.take(), vec![cue]);
        }
        // Two people at one device: the standings say who won, no sound takes a side.
        let result = MatchResult { winners: SeatSet::only(Seat(0)), losers: SeatSet::default(), totals, rounds: 1 };
        let mut watch = CueWatch::default();
        let both: SeatSet = [Seat(0), Seat(1)].into_iter().collect();
        watch.follow(&Moment { local: both, ..moment(Phase::Playing, 1, SeatSet::default()) });
        watch.follow(&Moment { local: both, result: Some(&result), ..moment(Phase::MatchOver, 1, SeatSet::default()) });
        assert!(watch.take().is_empty());
    }
}
