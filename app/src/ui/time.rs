//! Moments in the player's time zone, written the same way on every screen.

/// When, in the viewer's time zone: "2026-11-22 14:05".
#[must_use]
pub fn when(time: jiff::Timestamp) -> String {
    time.to_zoned(jiff::tz::TimeZone::system()).strftime("%Y-%m-%d %H:%M").to_string()
}

/// The time of day, to the second, in the viewer's time zone: "14:05:09" (for what happens
/// again and again, such as a save that keeps failing).
#[must_use]
pub fn clock(time: jiff::Timestamp) -> String {
    time.to_zoned(jiff::tz::TimeZone::system()).strftime("%H:%M:%S").to_string()
}
