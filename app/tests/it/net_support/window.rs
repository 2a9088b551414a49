//! The networked window under egui_kittest, kept to loopback: a temporary LAN folder, the
//! window's network steps until the network has answered, text typed into a named field.

use std::net::Ipv4Addr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cardtable::app::CardtableApp;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// An empty temporary folder for `test`'s `name` (removed if it was there).
pub fn temp_dir(test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-{test}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A window of `size` kept to loopback (`--lan-interface 127.0.0.1`) with its LAN files in
/// `dir`; `setup` sets it up further.
pub fn loopback_window(size: [f32; 2], dir: PathBuf, setup: impl Fn(&mut CardtableApp) + 'static) -> Harness<'static, CardtableApp> {
    Harness::builder().with_size(size).build_eframe(move |cc| {
        let mut app = CardtableApp::new(cc, 1);
        app.set_lan_interface(Some(Ipv4Addr::LOCALHOST));
        app.set_lan_dir(dir.clone());
        setup(&mut app);
        app
    })
}

/// Steps the window until `done` holds (the network answers on its own threads).
pub fn run_until(harness: &mut Harness<'_, CardtableApp>, what: &str, done: impl Fn(&Harness<'_, CardtableApp>) -> bool) {
    // Generous: a loaded CI machine builds and runs other tests meanwhile; a fast one returns early.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(harness) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        harness.step();
        std::thread::sleep(Duration::from_millis(20));
    }
    // Messages keep waking the window: step a few frames rather than wait for it to settle.
    harness.run_steps(3);
}

/// Types `text` into the field labelled `label`.
pub fn type_into(harness: &mut Harness<'_, CardtableApp>, label: &str, text: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(2);
    harness.get_by_label(label).type_text(text);
    harness.run_steps(2);
}
