//! A UDP relay on loopback that loses and reorders datagrams between one guest and its host,
//! or cuts them off entirely (a device that died without a word). Fault tests put it between a
//! guest and the host; QUIC must recover, and the table must stay consistent.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use cardtable_engine::GameRng;
use tokio::net::UdpSocket;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How badly the relay behaves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Faults {
    /// Share of datagrams dropped, each way (0 to 1).
    pub loss: f64,
    /// Share of datagrams held back and sent later, after others (0 to 1).
    pub reorder: f64,
    /// Longest hold of a reordered datagram.
    pub hold: Duration,
    /// Seed of the relay's choices.
    pub seed: u64,
}

impl Faults {
    /// A relay that passes everything in order.
    #[must_use]
    pub fn none() -> Faults {
        Faults { loss: 0.0, reorder: 0.0, hold: Duration::ZERO, seed: 0 }
    }
}

/// What a relay did with the datagrams it got.
#[derive(Debug, Default)]
pub struct RelayCounts {
    /// Passed on at once.
    pub passed: AtomicUsize,
    /// Dropped (loss or a cut).
    pub dropped: AtomicUsize,
    /// Held back and passed on later, after others.
    pub reordered: AtomicUsize,
}

/// A running relay; it stops when dropped.
#[derive(Debug)]
pub struct Relay {
    addr: SocketAddr,
    cut: Arc<AtomicBool>,
    counts: Arc<RelayCounts>,
    tasks: Vec<JoinHandle<()>>,
}

impl Relay {
    /// Relays between guests that connect to [`Relay::addr`] and the host at `upstream`
    /// (both on loopback).
    ///
    /// # Errors
    /// The loopback sockets cannot be bound.
    pub async fn start(upstream: SocketAddr, faults: Faults) -> std::io::Result<Relay> {
        let downstream = Arc::new(UdpSocket::bind("127.0.0.1:0").await?);
        let toward_host = Arc::new(UdpSocket::bind("127.0.0.1:0").await?);
        toward_host.connect(upstream).await?;
        let addr = downstream.local_addr()?;
        let cut = Arc::new(AtomicBool::new(false));
        let counts = Arc::new(RelayCounts::default());
        // The guest's address, as the upward task last heard it, for the downward task.
        let (guest_heard, guest) = watch::channel::<Option<SocketAddr>>(None);
        let up = {
            let (downstream, toward_host, cut) = (downstream.clone(), toward_host.clone(), cut.clone());
            let mut dice = Dice::new(faults, faults.seed, counts.clone());
            tokio::spawn(async move {
                let mut buffer = vec![0; 65_536];
                while let Ok((len, from)) = downstream.recv_from(&mut buffer).await {
                    guest_heard.send_replace(Some(from));
                    if cut.load(Ordering::Relaxed) {
                        continue;
                    }
                    match dice.verdict() {
                        Verdict::Drop => {}
                        Verdict::Now => {
                            let _ = toward_host.send(&buffer[..len]).await;
                        }
                        Verdict::Hold(hold) => {
                            let (sender, datagram) = (toward_host.clone(), buffer[..len].to_vec());
                            tokio::spawn(async move {
                                tokio::time::sleep(hold).await;
                                let _ = sender.send(&datagram).await;
                            });
                        }
                    }
                }
            })
        };
        let down = {
            let (downstream, toward_host, cut) = (downstream.clone(), toward_host.clone(), cut.clone());
            let mut dice = Dice::new(faults, faults.seed ^ 0x5EED, counts.clone());
            tokio::spawn(async move {
                let mut buffer = vec![0; 65_536];
                while let Ok(len) = toward_host.recv(&mut buffer).await {
                    let to = *guest.borrow();
                    let Some(to) = to.filter(|_| !cut.load(Ordering::Relaxed)) else { continue };
                    match dice.verdict() {
                        Verdict::Drop => {}
                        Verdict::Now => {
                            let _ = downstream.send_to(&buffer[..len], to).await;
                        }
                        Verdict::Hold(hold) => {
                            let (sender, datagram) = (downstream.clone(), buffer[..len].to_vec());
                            tokio::spawn(async move {
                                tokio::time::sleep(hold).await;
                                let _ = sender.send_to(&datagram, to).await;
                            });
                        }
                    }
                }
            })
        };
        Ok(Relay { addr, cut, counts, tasks: vec![up, down] })
    }

    /// Where guests connect instead of the host.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// What it did so far.
    #[must_use]
    pub fn counts(&self) -> &RelayCounts {
        &self.counts
    }

    /// Drops everything from now on, both ways (or, with `false`, passes traffic again).
    pub fn cut(&self, cut: bool) {
        self.cut.store(cut, Ordering::Relaxed);
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// The relay's random choices for one direction.
struct Dice {
    faults: Faults,
    rng: GameRng,
    counts: Arc<RelayCounts>,
}

impl Dice {
    fn new(faults: Faults, seed: u64, counts: Arc<RelayCounts>) -> Dice {
        Dice { faults, rng: GameRng::from_seed(seed), counts }
    }

    /// True with probability `share`.
    fn roll(&mut self, share: f64) -> bool {
        const SCALE: usize = 1_000_000;
        (self.rng.below(SCALE) as f64) < share * SCALE as f64
    }

    /// What happens to the next datagram.
    fn verdict(&mut self) -> Verdict {
        let (verdict, count) = if self.roll(self.faults.loss) {
            (Verdict::Drop, &self.counts.dropped)
        } else if !self.faults.hold.is_zero() && self.roll(self.faults.reorder) {
            (Verdict::Hold(self.faults.hold.mul_f64((self.rng.below(1_000) + 1) as f64 / 1_000.0)), &self.counts.reordered)
        } else {
            (Verdict::Now, &self.counts.passed)
        };
        count.fetch_add(1, Ordering::Relaxed);
        verdict
    }
}

/// The fate of one datagram.
enum Verdict {
    /// Lost.
    Drop,
    /// Passed on at once.
    Now,
    /// Passed on after this hold, behind later datagrams.
    Hold(Duration),
}
