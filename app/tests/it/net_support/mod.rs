//! Shared by the LAN tests: the leak check on decoded frames, an in-memory table driven
//! through the real core and codec, helpers to host and join over loopback QUIC, and the
//! networked window under egui_kittest.
// Each test file uses a different part of this module.
#![allow(dead_code)]

pub mod attack;
pub mod hostile;
pub mod leak;
pub mod lines;
pub mod memory;
#[cfg(feature = "online")]
pub mod online;
pub mod quic;
pub mod slow_link;
pub mod window;
