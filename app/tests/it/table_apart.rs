//! Issue 29, nothing covers what the table says: while bots play, a phone's strip of seats
//! never covers the stock, the pile or what the pile asks to match (Crazy Eights with three
//! bots), and a banner on a seat (a suit named with a Jack in Dunno, a skip…) never covers
//! the seat's points on a laptop's or a large screen.

use crate::store_support::resumed;
use crate::table_still::until_a_bots_turn;
use crate::youglouf_phone::four_seats;

use cardtable::app::{CardtableApp, Screen};
use cardtable::session::host::Host;
use cardtable::session::playout::Playout;
use cardtable::ui::table::motion::{Spot, spot_rect};
use cardtable_engine::{AnyOptions, GameKind, GameRng, Phase, Seat, SeatSet, Viewer};
use egui::{Rect, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Frames of bots' play each test watches, a bot's turn after another.
const TURNS: usize = 24;

/// A match of `kind` for Ana and three bots, played at random until Ana alone is to act.
fn four_at(kind: GameKind) -> Host {
    let seed = 11;
    let mut playout = Playout::new(Host::new(AnyOptions::defaults(kind), four_seats(), seed).expect("table"));
    let mut rng = GameRng::from_seed(seed);
    for _ in 0..200 {
        let host = playout.host();
        if host.phase() == Phase::Playing && host.waiting_for() == SeatSet::only(Seat(0)) && host.history().len() > 6 {
            return host.clone();
        }
        assert!(playout.random_step(&mut rng).expect("legal"), "{kind:?}: the match went on");
    }
    panic!("{kind:?}: Ana's turn never came");
}

fn seat_count(harness: &Harness<'_, CardtableApp>) -> usize {
    match harness.state().screen() {
        Screen::Table(table) => table.session().occupants().len(),
        other => panic!("expected the table, found {other:?}"),
    }
}

/// Whether Ana is to act at the table on screen.
fn anas_turn(harness: &Harness<'_, CardtableApp>) -> bool {
    match harness.state().screen() {
        Screen::Table(table) => table.session().waiting_for().contains(Seat(0)),
        _ => false,
    }
}

/// Plays `TURNS` bots' turns (Ana playing hers), calling `check` on every frame drawn while
/// the bots play.
fn watch_bots(harness: &mut Harness<'_, CardtableApp>, mut check: impl FnMut(&Harness<'_, CardtableApp>, usize)) {
    let playing = |harness: &Harness<'_, CardtableApp>| matches!(harness.state().screen(), Screen::Table(table) if table.session().phase() == Phase::Playing);
    for turn in 0..TURNS {
        if !playing(harness) {
            return;
        }
        // Ana draws while she may (her plays are the bots' to make interesting), then plays.
        for _ in 0..4 {
            let draws = match harness.state().screen() {
                Screen::Table(table) => {
                    let session = table.session();
                    session.waiting_for() == SeatSet::only(Seat(0))
                        && session
                            .view(Viewer::Seat(Seat(0)))
                            .is_some_and(|view| view.legal().iter().any(|action| action.to_string().starts_with("draw")))
                }
                _ => false,
            };
            if !draws {
                break;
            }
            harness.key_press(egui::Key::Space);
            harness.run_steps(4);
        }
        until_a_bots_turn(harness, "Ana's turn");
        for _ in 0..600 {
            harness.step();
            check(harness, turn);
            if anas_turn(harness) || !playing(harness) {
                break;
            }
        }
    }
}

/// The chip over "to match" beside the pile (the suit, and the rank, to follow), with its
/// frame round it, if it is drawn.
fn to_match_chip(harness: &Harness<'_, CardtableApp>) -> Option<Rect> {
    let note = harness.query_all_by_value("to match").next()?.rect();
    harness
        .query_all_by(|node| node.role() == Role::Label)
        .map(|node| node.rect())
        .filter(|rect| {
            rect.bottom() <= note.top() + 0.5
                && rect.bottom() >= note.top() - 12.0
                && rect.left() < note.right()
                && rect.right() > note.left()
        })
        .map(|rect| rect.expand2(egui::vec2(8.0, 2.0)))
        .next()
}

/// Issue 29: Crazy Eights with three bots on a phone: in every frame of the bots' turns the
/// stock, the pile and the chip of what to match lie in the window, clear of the strip's rows
/// and of the mark of who played the pile's top card (which covered the chip's top), and the
/// mark is clear of the strip.
#[test]
fn a_phones_strip_never_covers_the_piles() {
    let size = [360.0, 640.0];
    let window = Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1])).expand(0.5);
    let host = four_at(GameKind::CrazyEights);
    let (_dir, mut harness) = resumed(&host, size);
    harness.run();
    let seats = seat_count(&harness);
    let mut chips = 0;
    watch_bots(&mut harness, |harness, turn| {
        let mut regions = vec![("the stock", spot_rect(&harness.ctx, Spot::Stock)), ("the pile", spot_rect(&harness.ctx, Spot::Pile))];
        let chip = to_match_chip(harness);
        chips += usize::from(chip.is_some());
        regions.push(("the chip of what to match", chip));
        // The mark of who played the pile's top card, with its frame.
        let tag = harness
            .query_all_by(|node| node.value().is_some_and(|value| value.starts_with("played by ")))
            .next()
            .map(|node| node.rect().expand2(egui::vec2(7.0, 2.0)));
        let mut covers: Vec<(String, Rect)> = (1..seats)
            .filter_map(|seat| spot_rect(&harness.ctx, Spot::Seat(Seat(seat as u8))).map(|row| (format!("seat {}'s row", seat + 1), row)))
            .collect();
        for (name, rect) in &regions {
            let Some(rect) = *rect else { continue };
            assert!(window.contains_rect(rect), "bots' turn {turn}: {name} at {rect:?} is not in the window");
            for (cover, over) in covers.iter().chain(tag.map(|tag| ("the mark of who played".to_owned(), tag)).iter()) {
                assert!(!rect.shrink(0.5).intersects(over.shrink(0.5)), "bots' turn {turn}: {cover} at {over:?} covers {name} at {rect:?}");
            }
        }
        // Nor does the mark float over the seats.
        if let Some(tag) = tag {
            covers.retain(|(_, row)| row.shrink(0.5).intersects(tag.shrink(0.5)));
            assert!(covers.is_empty(), "bots' turn {turn}: the mark of who played at {tag:?} lies over {covers:?}");
        }
    });
    assert!(chips > 0, "the chip of what to match was drawn");
}

/// The words of the badges a seat may carry in Dunno (a suit named, a skip, a pass, …).
const BADGE_WORDS: [&str; 9] = ["Hearts", "Spades", "Diamonds", "Clubs", "Skipped", "Reversed", "Passed", "One!", "Out!"];

/// Issue 29: Dunno on a phone, a laptop's and a large screen: no banner on a seat (a suit named
/// with a Jack, a skip…) covers any seat's points, in every frame of the bots' turns; a suit was
/// named on the way. On a phone the banner is a word in the seat's row of the strip (there it
/// was drawn over the row's points).
#[test]
fn a_seats_banner_never_covers_its_points() {
    let host = four_at(GameKind::Dunno);
    for size in [[360.0, 640.0], [1280.0, 800.0], [1920.0, 1080.0]] {
        // A badge's frame round its word; a phone's row shows the word alone.
        let frame = if size[0] < 400.0 { egui::Vec2::ZERO } else { egui::vec2(10.0, 3.0) };
        let (_dir, mut harness) = resumed(&host, size);
        harness.run();
        let (mut suits, mut in_rows) = (0, 0);
        watch_bots(&mut harness, |harness, turn| {
            let points: Vec<Rect> = harness
                .query_all_by(|node| {
                    node.role() == Role::Label && node.value().is_some_and(|value| value.ends_with(" points") || value.ends_with(" point"))
                })
                .map(|node| node.rect())
                .collect();
            for badge in harness
                .query_all_by(|node| node.role() == Role::Label && node.value().is_some_and(|value| BADGE_WORDS.contains(&value.as_str())))
            {
                let (word, rect) = (badge.value().unwrap_or_default(), badge.rect().expand2(frame));
                suits += usize::from(["Hearts", "Spades", "Diamonds", "Clubs"].contains(&word.as_str()));
                for total in &points {
                    assert!(
                        !rect.intersects(*total),
                        "{size:?}, bots' turn {turn}: the badge {word:?} at {rect:?} covers the points at {total:?}"
                    );
                }
                let in_a_row =
                    (0..4).filter_map(|seat| spot_rect(&harness.ctx, Spot::Seat(Seat(seat)))).any(|row| row.contains(rect.center()));
                in_rows += usize::from(size[0] < 400.0 && in_a_row);
                if size[0] < 400.0 && in_a_row {
                    // In a phone's row a seat's word covers no other word (the points with
                    // cards known, the name, the notes). The pile's ("Reversed") lies on the
                    // pile's lower edge, by design.
                    for other in harness.query_all_by(|node| node.role() == Role::Label && node.value().is_some_and(|value| value != word))
                    {
                        assert!(
                            !rect.shrink(0.5).intersects(other.rect().shrink(0.5)),
                            "{size:?}, bots' turn {turn}: the badge {word:?} at {rect:?} covers {:?} at {:?}",
                            other.value(),
                            other.rect()
                        );
                    }
                }
            }
        });
        assert!(suits > 0, "{size:?}: a bot named a suit while watched");
        if size[0] < 400.0 {
            assert!(in_rows > 0, "{size:?}: a seat's banner was seen in its row");
        }
    }
}
