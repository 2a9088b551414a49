//! The table's keyboard, read once a frame: arrows move across the hand, Enter plays, Space
//! draws or passes, digits pick cards by position (as in the Dunno seed: "1 2 3" then Enter
//! plays those in that order; 0 draws), C D H S name a suit (only letters: a digit picks a card,
//! and the same key must never both pick a wild card and name its suit), O declares "One!".
//! Youglouf adds T (take the open deck), Y (call Youglouf), X (skip a power), Z (snap), and
//! digits for slots: your own, or another seat's as its seat number then its slot number.

use cardtable_engine::Suit;
use egui::Key;

/// What the keyboard asked for this frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Keys {
    /// Move the cursor by this many cards.
    pub step: i32,
    /// A digit 1–9, as a position from 0.
    pub digit: Option<usize>,
    /// Enter.
    pub play: bool,
    /// 0: draw.
    pub draw: bool,
    /// Space: draw or pass.
    pub space: bool,
    /// C, D, H or S.
    pub suit_letter: Option<Suit>,
    /// O: "One!".
    pub one: bool,
    /// T: take the open deck's top (Youglouf).
    pub take: bool,
    /// Y: call Youglouf.
    pub call: bool,
    /// X: skip a power (Youglouf).
    pub skip: bool,
    /// Z: arm a snap (Youglouf).
    pub snap: bool,
}

const DIGITS: [Key; 9] = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];
const SUIT_LETTERS: [(Key, Suit); 4] = [(Key::C, Suit::Clubs), (Key::D, Suit::Diamonds), (Key::H, Suit::Hearts), (Key::S, Suit::Spades)];

impl Keys {
    /// Reads this frame's keys, unless a text field has the keyboard.
    #[must_use]
    pub fn read(ctx: &egui::Context) -> Keys {
        if ctx.egui_wants_keyboard_input() {
            return Keys::default();
        }
        ctx.input(|input| Keys {
            step: i32::from(input.key_pressed(Key::ArrowRight)) - i32::from(input.key_pressed(Key::ArrowLeft)),
            digit: DIGITS.iter().position(|&key| input.key_pressed(key)),
            play: input.key_pressed(Key::Enter),
            draw: input.key_pressed(Key::Num0),
            space: input.key_pressed(Key::Space),
            suit_letter: SUIT_LETTERS.iter().find(|(key, _)| input.key_pressed(*key)).map(|(_, suit)| *suit),
            one: input.key_pressed(Key::O),
            take: input.key_pressed(Key::T),
            call: input.key_pressed(Key::Y),
            skip: input.key_pressed(Key::X),
            snap: input.key_pressed(Key::Z),
        })
    }

    /// The suit named, when a suit is being chosen: C, D, H or S. Never a digit: digits pick
    /// cards, and a digit that picked an eight would otherwise name its suit in the same press.
    #[must_use]
    pub fn suit(&self) -> Option<Suit> {
        self.suit_letter
    }
}

/// How long a control that takes Enter must have been on screen before Enter acts on it.
pub const ENTER_SETTLE: f64 = 0.5;

/// Whether Enter was pressed for the control `id` (not while a menu covers it), counting
/// only a fresh press, not a held key's repeats, and only once the control has been on screen
/// for [`ENTER_SETTLE`]: an Enter meant for what was there before (the previous player's move,
/// the round's last card) must not hand the device over or skip the standings.
#[must_use]
pub fn settled_enter(ui: &egui::Ui, id: egui::Id) -> bool {
    let fresh = ui.input(|input| {
        input.events.iter().any(|event| matches!(event, egui::Event::Key { key: Key::Enter, pressed: true, repeat: false, .. }))
    });
    ui.is_enabled() && fresh && settled(ui, id)
}

/// Whether the button of `response` was clicked: by a pointer at once; by the keyboard (Space
/// or Enter on the button holding the focus) only once it has been on screen for
/// [`ENTER_SETTLE`]: a key meant for the round's last card must not skip the standings that
/// replaced it.
#[must_use]
pub fn settled_click(ui: &egui::Ui, response: &egui::Response) -> bool {
    // Read first, so the time on screen is counted every frame the button is drawn.
    let settled = settled(ui, response.id);
    response.clicked_by(egui::PointerButton::Primary) || (ui.is_enabled() && settled && response.clicked())
}

/// Whether the button of `response`, which also answers Enter, was pressed: a
/// [`settled_click`] or a [`settled_enter`].
#[must_use]
pub fn settled_press(ui: &egui::Ui, response: &egui::Response) -> bool {
    settled_click(ui, response) || settled_enter(ui, response.id)
}

/// Whether the control `id` has been on screen for [`ENTER_SETTLE`] (drawn every frame since).
fn settled(ui: &egui::Ui, id: egui::Id) -> bool {
    let now = ui.input(|input| input.time);
    let frame = ui.ctx().cumulative_frame_nr();
    let shown_since = ui.ctx().data_mut(|data| {
        let seen: &mut (u64, f64) = data.get_temp_mut_or_insert_with(id, || (frame, now));
        // Not drawn last frame: it has just (re)appeared.
        if seen.0 + 1 < frame {
            seen.1 = now;
        }
        seen.0 = frame;
        seen.1
    });
    now - shown_since >= ENTER_SETTLE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame at `time` with `events`, drawing one button that holds the keyboard's focus;
    /// returns whether it counted as pressed.
    fn frame(ctx: &egui::Context, time: f64, events: Vec<egui::Event>) -> bool {
        let mut pressed = false;
        let input = egui::RawInput { time: Some(time), events, ..Default::default() };
        let mut output = ctx.run_ui(input, |ui| {
            let response = ui.button("Deal the next round (Enter)");
            response.request_focus();
            pressed = settled_press(ui, &response);
        });
        output.textures_delta.clear();
        pressed
    }

    fn key(key: Key) -> egui::Event {
        egui::Event::Key { key, physical_key: None, pressed: true, repeat: false, modifiers: egui::Modifiers::NONE }
    }

    /// Issue 29: Enter or Space, on a button that has the focus or not, does nothing until the
    /// button has been on screen for [`ENTER_SETTLE`]; then either presses it. A pointer's click
    /// counts at once.
    #[test]
    fn keys_press_a_button_only_once_it_has_been_on_screen_a_moment() {
        let ctx = egui::Context::default();
        assert!(!frame(&ctx, 0.0, Vec::new()));
        assert!(!frame(&ctx, 0.1, Vec::new()), "the focus is given");
        assert!(!frame(&ctx, 0.2, vec![key(Key::Space)]), "Space on the focused button, at once");
        assert!(!frame(&ctx, 0.3, vec![key(Key::Enter)]), "Enter, at once");
        assert!(frame(&ctx, 0.6, vec![key(Key::Space)]), "Space a moment later");
        assert!(frame(&ctx, 0.7, vec![key(Key::Enter)]), "Enter a moment later");

        let clicked = egui::Context::default();
        assert!(!frame(&clicked, 0.0, Vec::new()));
        let at = egui::pos2(30.0, 20.0);
        let press = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        assert!(!frame(&clicked, 0.05, vec![egui::Event::PointerMoved(at), press(true)]));
        assert!(frame(&clicked, 0.1, vec![press(false)]), "a click counts at once");
    }
}
