//! Headless play through the `cardtable` binary (issue 28, item 5): `cardtable host` prints the
//! invite (online) or the address and code (LAN), `cardtable join` bots join with it, play to
//! the end and exit 0 only with a verified record. Everything binds to loopback; the online
//! table names no relay, so its invite carries its direct address only.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `cardtable host` with `args` in a data folder of its own; returns it and its first
/// line.
pub(crate) fn host(data: &std::path::Path, args: &[&str]) -> (Child, String) {
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
pub(crate) fn join(data: &std::path::Path, args: &[&str]) -> Child {
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

/// Waits for `child` (at most `limit`, then kills it); its exit and output.
pub(crate) fn finish(mut child: Child, limit: Duration) -> (bool, String) {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut output = String::new();
            if let Some(stdout) = child.stdout.as_mut() {
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
pub(crate) struct Reaper(pub(crate) Vec<u32>);

impl Drop for Reaper {
    fn drop(&mut self) {
        for pid in &self.0 {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
    }
}

/// Hosts with `host_args`, lets two bot guests join with what `guest_target` reads from the
/// host's first line (target, code and the arguments after them, such as `--seat-code`), and
/// checks every process ends well.
fn plays_to_a_verified_end(host_args: &[&str], guest_target: impl Fn(&str) -> (String, String, Vec<String>)) {
    let data = tempfile::tempdir().expect("temp dir");
    let (host_child, first) = host(&data.path().join("host"), host_args);
    let mut reaper = Reaper(vec![host_child.id()]);
    let (target, code, more) = guest_target(&first);
    let guests: Vec<Child> = (0..2)
        .map(|index| {
            let mut args = vec![target.as_str(), "--code", &code, "--bot", "normal", "--bind", "127.0.0.1:0"];
            args.extend(more.iter().map(String::as_str));
            join(&data.path().join(format!("guest{index}")), &args)
        })
        .collect();
    reaper.0.extend(guests.iter().map(Child::id));
    for guest in guests {
        let (success, output) = finish(guest, Duration::from_secs(240));
        assert!(success, "a guest failed: {output}");
        assert!(output.contains("verified on this device"), "{output}");
    }
    let (success, output) = finish(host_child, Duration::from_secs(30));
    assert!(success && output.contains("match over"), "{output}");
    reaper.0.clear();
}

#[test]
fn two_bot_guests_join_a_headless_online_host_by_its_invite_and_verify_the_match() {
    let args = ["--online", "--game", "dunno", "--seats", "guest,guest", "--print-invite", "--bind", "127.0.0.1:0"];
    plays_to_a_verified_end(&args, |first| {
        assert!(first.starts_with("cardtable:join?"), "{first}");
        let invite: cardtable::net::invite::Invite = first.parse().expect("the invite reads");
        assert!(invite.seat.is_some(), "the invite carries the seat code: {first}");
        (first.to_owned(), invite.code().to_string(), Vec::new())
    });
}

#[test]
fn two_bot_guests_join_a_headless_lan_host_by_address_and_code() {
    let args = ["--lan", "--game", "dunno", "--seats", "guest,guest", "--print-invite", "--bind", "127.0.0.1:0"];
    plays_to_a_verified_end(&args, |first| {
        let [address, code, seat_code] = first.split_whitespace().collect::<Vec<_>>()[..] else {
            panic!("ADDRESS CODE SEAT_CODE: {first}")
        };
        (address.to_owned(), code.to_owned(), vec!["--seat-code".to_owned(), seat_code.to_owned()])
    });
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
