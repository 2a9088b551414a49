//! Headless play through the `cardtable` binary (issue 28, item 5): `cardtable host` prints the
//! invite (online) or the address and code (LAN), `cardtable join` bots join with it, play to
//! the end and exit 0 only with a verified record. Everything binds to loopback; the online
//! table names no relay, so its invite carries its direct address only.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::net_support::lines::Lines;

/// Starts `cardtable host` with `args` in a data folder of its own; returns it and its first
/// line.
fn host(data: &std::path::Path, args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("--data-dir")
        .arg(data)
        .arg("host")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the host starts");
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().expect("stdout")).read_line(&mut line).expect("the first line");
    (child, line.trim().to_owned())
}

/// Runs `cardtable join` with `args` to its end.
fn join(data: &std::path::Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("--data-dir")
        .arg(data)
        .arg("join")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the guest starts")
}

/// Waits for `child` (at most `limit`, then kills it); its exit and output (read as it came
/// by `lines` when given, else at the end).
fn finish(mut child: Child, lines: Option<Lines>, limit: Duration) -> (bool, String) {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut output = String::new();
            if let Some(lines) = lines {
                output = lines.all().join("\n");
            } else if let Some(stdout) = child.stdout.as_mut() {
                let _ = std::io::Read::read_to_string(stdout, &mut output);
            }
            return (status.success(), output);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Ends a process left running when a test fails (a host whose guests never came).
struct Reaper(Vec<u32>);

impl Drop for Reaper {
    fn drop(&mut self) {
        for pid in &self.0 {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
    }
}

/// A headless host and two bot guests joined with what `guest_target` reads from the host's
/// first line (target, code and the arguments after them, such as `--seat-code`); the
/// processes are ended if the test fails.
pub(crate) struct HeadlessTable {
    /// Where their data folders are.
    _data: tempfile::TempDir,
    host: Option<Child>,
    /// The two guests.
    pub(crate) guests: Vec<Child>,
    /// Their standard output, read as it comes.
    guest_lines: Vec<Lines>,
    reaper: Reaper,
}

impl HeadlessTable {
    /// Hosts with `host_args` and lets the two guests join.
    pub(crate) fn start(host_args: &[&str], guest_target: impl Fn(&str) -> (String, String, Vec<String>)) -> HeadlessTable {
        let data = tempfile::tempdir().expect("temp dir");
        let (host_child, first) = host(&data.path().join("host"), host_args);
        let mut reaper = Reaper(vec![host_child.id()]);
        let (target, code, more) = guest_target(&first);
        let mut guests: Vec<Child> = (0..2)
            .map(|index| {
                let mut args = vec![target.as_str(), "--code", &code, "--bot", "normal", "--bind", "127.0.0.1:0"];
                args.extend(more.iter().map(String::as_str));
                join(&data.path().join(format!("guest{index}")), &args)
            })
            .collect();
        reaper.0.extend(guests.iter().map(Child::id));
        let guest_lines = guests.iter_mut().map(Lines::follow).collect();
        HeadlessTable { _data: data, host: Some(host_child), guests, guest_lines, reaper }
    }

    /// Waits (at most `limit`) for guest `index` to print a line starting with `prefix`.
    pub(crate) fn wait_for_guest_line(&mut self, index: usize, prefix: &str, limit: Duration) -> String {
        self.guest_lines[index].wait_for(prefix, limit)
    }

    /// Checks every process ends well (each guest within `limit`, its record verified);
    /// returns the guests' outputs.
    pub(crate) fn every_device_ends_verified(mut self, limit: Duration) -> Vec<String> {
        let mut outputs = Vec::new();
        let lines = std::mem::take(&mut self.guest_lines);
        for (index, (guest, lines)) in std::mem::take(&mut self.guests).into_iter().zip(lines).enumerate() {
            let (success, output) = finish(guest, Some(lines), limit);
            assert!(success, "guest {index} failed: {output}");
            assert!(output.contains("verified on this device"), "{output}");
            outputs.push(output);
        }
        let (success, output) = finish(self.host.take().expect("the host"), None, Duration::from_secs(30));
        assert!(success && output.contains("match over"), "{output}");
        self.reaper.0.clear();
        outputs
    }
}

/// The guests' target from an online host's first line: the invite and its code.
pub(crate) fn invite_target(first: &str) -> (String, String, Vec<String>) {
    assert!(first.starts_with("cardtable:join?"), "{first}");
    let invite: cardtable::net::invite::Invite = first.parse().expect("the invite reads");
    assert!(invite.seat.is_some(), "the invite carries the seat code: {first}");
    (first.to_owned(), invite.code().to_string(), Vec::new())
}

/// The guests' target from a LAN host's first line: `ADDRESS CODE SEAT_CODE`.
pub(crate) fn lan_target(first: &str) -> (String, String, Vec<String>) {
    let [address, code, seat_code] = first.split_whitespace().collect::<Vec<_>>()[..] else { panic!("ADDRESS CODE SEAT_CODE: {first}") };
    (address.to_owned(), code.to_owned(), vec!["--seat-code".to_owned(), seat_code.to_owned()])
}

#[test]
fn two_bot_guests_join_a_headless_online_host_by_its_invite_and_verify_the_match() {
    let args = ["--online", "--game", "dunno", "--seats", "guest,guest", "--print-invite", "--bind", "127.0.0.1:0"];
    HeadlessTable::start(&args, invite_target).every_device_ends_verified(Duration::from_secs(240));
}

#[test]
fn two_bot_guests_join_a_headless_lan_host_by_address_and_code() {
    let args = ["--lan", "--game", "dunno", "--seats", "guest,guest", "--print-invite", "--bind", "127.0.0.1:0"];
    HeadlessTable::start(&args, lan_target).every_device_ends_verified(Duration::from_secs(240));
}

#[test]
fn a_wrong_code_for_an_invite_is_refused_before_any_connection() {
    let data = tempfile::tempdir().expect("temp dir");
    let invite = cardtable::net::invite::Invite::new([7; 32], &[], &["127.0.0.1:9".parse().expect("address")]).expect("invite");
    let output = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("--data-dir")
        .arg(data.path())
        .args(["join", &invite.to_string(), "--code", "AAAA-AAAA", "--bot", "random"])
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("the code AAAA-AAAA is not this invite's"), "{stderr}");
}

#[test]
fn a_relay_without_a_certificate_is_refused_unless_it_is_a_dev_relay() {
    let output = Command::new(env!("CARGO_BIN_EXE_cardtable")).args(["relay", "--http-bind", "127.0.0.1:0"]).output().expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("needs a certificate (--tls-cert and --tls-key)") && stderr.contains("--dev"), "{stderr}");
    let output = Command::new(env!("CARGO_BIN_EXE_cardtable")).args(["relay", "--tls-cert", "relay.crt"]).output().expect("runs");
    assert!(String::from_utf8_lossy(&output.stderr).contains("--tls-key"), "a certificate needs its key");
}
