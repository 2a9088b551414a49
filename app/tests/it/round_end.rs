//! Issue 19: a round's end shows the standings (place, round points, total) in place order,
//! says who took the round, and keeps the next deal within reach, in every game at a phone's,
//! a laptop's and a large screen's size. A match is played by random legal moves to its first
//! round's end, saved, and resumed in the real app.

use crate::store_support;

use cardtable::session::host::Host;
use cardtable::session::playout::Playout;
use cardtable::ui::table::results::{round_winners, standings};
use cardtable_engine::{AnyOptions, GameKind, GameRng, Phase};
use egui_kittest::kittest::Queryable;
use store_support::{resumed, seats};

const SIZES: [[f32; 2]; 3] = [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]];

/// A match of `kind` played by random legal moves to the end of its first round.
fn first_round_over(kind: GameKind, seed: u64) -> Host {
    let mut playout = Playout::new(Host::new(AnyOptions::defaults(kind), seats(), seed).expect("table"));
    let mut rng = GameRng::from_seed(seed);
    while playout.host().phase() == Phase::Playing {
        playout.random_step(&mut rng).expect("legal");
    }
    playout.into_host()
}

#[test]
fn a_round_end_shows_the_standings_in_place_order_and_the_next_deal_in_reach() {
    for &kind in GameKind::ALL {
        let host = first_round_over(kind, 11);
        let round = host.game().last_round().expect("a finished round").clone();
        let names: Vec<String> = host.seats().iter().map(|occupant| occupant.name().to_owned()).collect();
        for size in SIZES {
            let (_dir, harness) = resumed(&host, size);
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
            // One row per seat, in place order: each place label ("1.") stands above the next.
            let order = standings(&round, kind.better());
            let mut rows = Vec::new();
            for (place, seat) in &order {
                let total = format!("total {}", round.totals[*seat]);
                let row = harness
                    .query_all_by_value(&format!("{place}."))
                    .map(|node| node.rect())
                    .find(|rect| harness.query_all_by_value(&total).any(|total| (total.rect().center().y - rect.center().y).abs() < 4.0))
                    .unwrap_or_else(|| panic!("{kind} at {size:?}: no row placed {place} with {total} for {}", names[seat.index()]));
                rows.push(row.center().y);
            }
            assert!(rows.windows(2).all(|pair| pair[0] <= pair[1]), "{kind} at {size:?}: rows out of place order {rows:?}");
            if round_winners(&round, kind.better()).len() < names.len() {
                let said = harness
                    .query_all_by_role(egui::accesskit::Role::Label)
                    .any(|node| node.value().is_some_and(|value| value.contains("took the round")));
                assert!(said, "{kind} at {size:?}: who took the round is said");
            }
            // What comes next: the next deal, or (the match decided in one round) back to start.
            let next = if host.phase() == Phase::MatchOver { "Back to start" } else { "Deal the next round (Enter)" };
            let next = harness.query_by_label(next).unwrap_or_else(|| panic!("{kind} at {size:?}: no {next:?}"));
            assert!(window.contains_rect(next.rect()), "{kind} at {size:?}: what comes next at {:?} is out of reach", next.rect());
        }
    }
}
