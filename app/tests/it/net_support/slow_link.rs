//! A link that delays and loses frames, for the NAT lab on kernels built without `tc netem`
//! (no `sch_netem`): two TAP devices, one in each network namespace, joined by threads of the
//! test process that carry Ethernet frames between them. Frames leaving by the first device
//! are held back and dropped as netem on its root queue would hold and drop them; the other
//! way they pass at once (netem on each router's outside port impairs only what it sends).
// Opening a TAP device in another namespace needs `setns` and the `TUNSETIFF` ioctl, which
// only libc offers; each call passes buffers that outlive it and checks its result.
#![allow(unsafe_code)]

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a thread waits for a frame before looking whether the link was dropped.
const LOOK: Duration = Duration::from_millis(100);

/// Frames held back at most (at 80 ms and a match's traffic, far fewer are ever in flight).
const HELD_FRAMES: usize = 4096;

/// A frame larger than any Ethernet frame the lab sends (MTU 1500 and its header).
const FRAME_BYTES: usize = 2048;

/// What a link does to what leaves by it, in netem's words: `delay 80ms loss 1%`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Impairment {
    /// How long each frame is held back.
    pub delay: Duration,
    /// The share of frames dropped, in percent.
    pub loss_percent: f64,
}

impl Impairment {
    /// Reads `delay <N>ms` and `loss <P>%` (either may be missing), as `tc netem` takes them.
    ///
    /// # Errors
    /// Any other word, or a number that does not read.
    pub fn parse(words: &str) -> Result<Impairment, String> {
        let mut impairment = Impairment { delay: Duration::ZERO, loss_percent: 0.0 };
        let mut words = words.split_whitespace();
        while let Some(word) = words.next() {
            let value = words.next().ok_or_else(|| format!("`{word}` without a value"))?;
            match word {
                "delay" => {
                    let millis = value.strip_suffix("ms").ok_or_else(|| format!("a delay in ms, not `{value}`"))?;
                    impairment.delay = Duration::from_millis(millis.parse().map_err(|_| format!("a delay of `{value}`"))?);
                }
                "loss" => {
                    let percent = value.strip_suffix('%').ok_or_else(|| format!("a loss in %, not `{value}`"))?;
                    impairment.loss_percent = percent.parse().map_err(|_| format!("a loss of `{value}`"))?;
                }
                other => return Err(format!("netem's `{other}` is not emulated here")),
            }
        }
        Ok(impairment)
    }
}

/// A running link: its threads end and its devices go when it is dropped.
pub struct SlowLink {
    /// Tells the threads to end.
    stop: Arc<AtomicBool>,
    /// The threads carrying frames.
    threads: Vec<JoinHandle<()>>,
}

impl Drop for SlowLink {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl SlowLink {
    /// Makes the TAP device `near_name` in the namespace `near` and `far_name` in `far`, both
    /// down and without addresses (the caller sets them up as it would a veth pair's ends), and
    /// carries frames between them: those `near` sends are impaired by `impairment`.
    ///
    /// # Errors
    /// A device cannot be made (no /dev/net/tun, not root, a name taken).
    pub fn open(near: &str, near_name: &str, far: &str, far_name: &str, impairment: Impairment) -> io::Result<SlowLink> {
        let near = tap_in(near, near_name)?;
        let far = tap_in(far, far_name)?;
        let stop = Arc::new(AtomicBool::new(false));
        let (held, due) = sync_channel(HELD_FRAMES);
        // A fixed seed: which frames are lost changes from run to run only with the traffic.
        let mut lost = Loss { state: 0x9E37_79B9_7F4A_7C15, percent: impairment.loss_percent };
        let threads = vec![
            spawn("slow link out", {
                let (stop, near) = (stop.clone(), near.try_clone()?);
                move || carry(&near, &stop, |frame| lost.drops() || held.try_send((Instant::now() + impairment.delay, frame)).is_err())
            })?,
            spawn("slow link due", {
                let (stop, far) = (stop.clone(), far.try_clone()?);
                move || deliver(&due, far, &stop)
            })?,
            spawn("slow link in", {
                let stop = stop.clone();
                let mut near = near;
                move || carry(&far, &stop, |frame| near.write_all(&frame).is_err())
            })?,
        ];
        Ok(SlowLink { stop, threads })
    }
}

/// Which frames are lost: a xorshift stream, `percent` in a hundred.
struct Loss {
    /// The stream's state.
    state: u64,
    /// The share lost.
    percent: f64,
}

impl Loss {
    fn drops(&mut self) -> bool {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        (self.state % 1_000_000) as f64 / 10_000.0 < self.percent
    }
}

fn spawn(name: &str, work: impl FnOnce() + Send + 'static) -> io::Result<JoinHandle<()>> {
    std::thread::Builder::new().name(name.to_owned()).spawn(work)
}

/// Reads frames from `device` until `stop` (or the device goes), handing each to `onward`, which
/// says whether the frame was dropped (ignored here: a dropped frame is what the link does).
fn carry(mut device: &File, stop: &AtomicBool, mut onward: impl FnMut(Vec<u8>) -> bool) {
    let mut buffer = vec![0_u8; FRAME_BYTES];
    while !stop.load(Ordering::Relaxed) {
        if !readable(device, LOOK) {
            continue;
        }
        match device.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(read) => {
                let _dropped = onward(buffer[..read].to_vec());
            }
        }
    }
}

/// Writes each held frame to `device` once it is due, until `stop`.
fn deliver(due: &Receiver<(Instant, Vec<u8>)>, mut device: File, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        let Ok((at, frame)) = due.recv_timeout(LOOK) else { continue };
        std::thread::sleep(at.saturating_duration_since(Instant::now()));
        if device.write_all(&frame).is_err() {
            return;
        }
    }
}

/// Whether `device` has a frame to read within `wait`.
fn readable(device: &File, wait: Duration) -> bool {
    let mut polled = libc::pollfd { fd: device.as_raw_fd(), events: libc::POLLIN, revents: 0 };
    let millis = libc::c_int::try_from(wait.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: one valid pollfd, for the length given.
    let ready = unsafe { libc::poll(&raw mut polled, 1, millis) };
    ready > 0 && polled.revents & libc::POLLIN != 0
}

/// A new TAP device `name` in the namespace `namespace` (made by `ip netns add`), opened: a
/// short-lived thread enters the namespace to make it, and the open file keeps it.
fn tap_in(namespace: &str, name: &str) -> io::Result<File> {
    let (path, name) = (format!("/var/run/netns/{namespace}"), name.to_owned());
    let maker = std::thread::Builder::new().name("tap maker".to_owned()).spawn(move || -> io::Result<File> {
        let namespace = File::open(&path)?;
        // SAFETY: an open namespace file; only this thread moves (CLONE_NEWNET is per thread).
        if unsafe { libc::setns(namespace.as_raw_fd(), libc::CLONE_NEWNET) } != 0 {
            return Err(io::Error::last_os_error());
        }
        let tap = OpenOptions::new().read(true).write(true).open("/dev/net/tun")?;
        // SAFETY: ifreq is plain data; all zeroes is a valid (empty) request.
        let mut request: libc::ifreq = unsafe { std::mem::zeroed() };
        if name.len() >= request.ifr_name.len() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("device name `{name}` too long")));
        }
        for (slot, byte) in request.ifr_name.iter_mut().zip(name.bytes()) {
            *slot = libc::c_char::from_ne_bytes([byte]);
        }
        request.ifr_ifru.ifru_flags = (libc::IFF_TAP | libc::IFF_NO_PI) as libc::c_short;
        // SAFETY: TUNSETIFF reads one ifreq, which lives across the call.
        if unsafe { libc::ioctl(tap.as_raw_fd(), libc::TUNSETIFF, &raw const request) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(tap)
    })?;
    maker.join().map_err(|_| io::Error::other("the TAP maker panicked"))?
}

#[test]
fn netem_words_read_as_an_impairment() {
    let impairment = Impairment::parse("delay 80ms loss 1%").expect("netem's words");
    assert_eq!(impairment, Impairment { delay: Duration::from_millis(80), loss_percent: 1.0 });
    assert!(Impairment::parse("delay 80ms jitter 5ms").is_err(), "an impairment not emulated is refused");
    assert!(Impairment::parse("loss").is_err());
}

#[test]
fn one_frame_in_a_hundred_is_lost_at_one_percent() {
    let mut loss = Loss { state: 0x9E37_79B9_7F4A_7C15, percent: 1.0 };
    let lost = (0..100_000).filter(|_| loss.drops()).count();
    assert!((800..1_200).contains(&lost), "{lost} of 100,000");
}
