//! The engine's integration tests, in one test binary (each file below was a binary of its
//! own, each linking the engine and its test dependencies again).

mod conformance;
mod replay_digests;
