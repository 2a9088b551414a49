//! A test that needs the process to itself, in a binary whose tests share one: the language
//! is process-wide (`i18n::set_language`, which every window also sets as it opens), and a
//! resident-memory figure counts everything the process holds. Such a test opens with
//!
//! ```ignore
//! if own_process::ran_alone(module_path!(), "the_test_s_name") {
//!     return;
//! }
//! ```
//!
//! In the binary's own run, that runs the test again in a child process of this binary, alone
//! (`--exact`, one thread), checks that exactly it passed there, and returns true. In the child
//! it returns false, and the test's body runs.

use std::process::Command;

/// Set in the child to the test it runs.
const CHILD: &str = "CARDTABLE_TEST_OWN_PROCESS";

/// The test's name as the test harness knows it: its module path within this binary, then
/// its function's name (`module_path!()` starts with the binary's own name, which the
/// harness leaves out).
pub fn test_name(module_path: &str, function: &str) -> String {
    let module = module_path.split_once("::").map_or("", |(_, module)| module);
    if module.is_empty() { function.to_owned() } else { format!("{module}::{function}") }
}

/// Runs the test `function` of `module_path` alone in a child process and returns true once
/// it has passed there; in that child, returns false (run the test's body).
pub fn ran_alone(module_path: &str, function: &str) -> bool {
    let name = test_name(module_path, function);
    if std::env::var_os(CHILD).is_some_and(|child| child == name.as_str()) {
        return false;
    }
    let exe = std::env::current_exe().expect("this test binary");
    let output = Command::new(exe)
        .args([name.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, &name)
        .output()
        .expect("the test binary runs again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // What the test printed (figures, a failure's message), shown as its own output.
    eprint!("{stderr}");
    assert!(
        output.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{name}, alone in a child process: {:?}\nstdout: {stdout}\nstderr: {stderr}",
        output.status
    );
    true
}
