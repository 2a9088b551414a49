//! The app's integration tests, in one test binary: each file below was a binary of its own,
//! and each linked the whole app (egui, glow, quinn) again; one binary links it once (the
//! README's "Measured" has the cold `cargo test --workspace` before and after). A new test
//! file goes in this folder with one more `mod` line here: a file beside this folder would be
//! a binary of its own again, and a file here without its `mod` line is not compiled at all.
//!
//! The tests of one binary share a process and run side by side on threads. A test that needs
//! the process to itself (the process-wide language, the resident-memory figure) runs itself
//! again in a child process of its own: [`own_process`].

// Shared by the tests below.
mod hot_seat_driver;
mod net_support;
mod own_process;
mod store_support;

mod about;
#[path = "../../../tests/cli.rs"]
mod cli;
mod commands;
mod full_match;
mod hosted_match;
mod hostile_files;
mod hostile_paths;
mod hostile_records;
mod hostile_saves;
mod hot_seat;
mod language;
mod net_away;
mod net_connect;
mod net_discovery;
mod net_fair;
mod net_faults;
mod net_headless;
mod net_hostile;
mod net_hostile_admission;
mod net_hostile_memory;
mod net_leak;
mod net_lobby_rejoin;
mod net_match;
mod net_names;
mod net_nat_lab;
mod net_one_identity;
#[cfg(feature = "online")]
mod net_online;
mod net_online_window;
mod net_rejoin;
mod net_remove;
mod net_rules;
mod net_seat_code;
mod net_seats;
mod net_window;
mod net_wrong_codes;
mod progress;
mod round_end;
mod sound;
mod start_screen;
mod store_cli;
mod store_compact;
mod store_crash_loop;
mod store_files;
mod store_jobs;
mod store_keeper;
mod store_screens;
mod table;
mod table_apart;
mod table_layout;
mod table_still;
mod touch_targets;
mod tutorial;
mod undo;
mod youglouf_phone;
