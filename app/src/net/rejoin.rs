//! A guest's connection, carried both ways, and its way back to the seat when it is lost (issue
//! 28, item 3): a router taking a new outside address, a laptop asleep past the idle timeout or a
//! Wi-Fi switch ends the connection, and the guest dials the host again by itself with its seat's
//! resume token, with backoff, for as long as the host holds the seat ([`super::dial::REJOIN_FOR`]). On the
//! LAN it dials the host's address again, then every address discovery hears for the host's
//! fingerprint (its address may have changed); online, the host's key again through the
//! invite's relays and addresses, from a new endpoint (iroh keeps a dead direct path on the old
//! one). The host sends the table again on the new connection; the window and the headless
//! guest see [`GuestEvent::Reconnecting`] and [`GuestEvent::Reconnected`] meanwhile.

use std::time::{Duration, Instant};

use tokio::sync::{mpsc, watch};
use tracing::Instrument;

use super::codec::encode_frame;
use super::dial::{
    Carrier, Ending, Greeted, GuestEvent, GuestLink, JoinError, JoinRequest, Reconnected, Reconnecting, close_endpoint, connect,
    connect_heard,
};
use super::discovery::Listener;
use super::identity::Fingerprint;
use super::link::{Link, LinkError, LinkRecv, LinkSend};
use super::protocol::{ClientMsg, CloseCode, HostMsg, JoinRefusal, ResumeToken};
use super::stream::{FRAME_DEADLINE, ReadFailure, read_message};
use super::tls::Pin;

/// The pause after the first failed try; it doubles after each, up to [`LONGEST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(250);

/// The longest pause between two tries: a device back on the network finds the table within
/// a few seconds.
const LONGEST_PAUSE: Duration = Duration::from_secs(4);

/// Messages to the host waiting to be written (a person's clicks never come near it).
const OUTGOING_QUEUE: usize = 256;

/// Messages from the host waiting for the window; when full, reading from the host waits (QUIC
/// flow control then slows the host down).
const INCOMING_QUEUE: usize = 1024;

/// How to dial the host again.
#[derive(Clone)]
enum Dial {
    /// On the LAN: the request's address (pinned to the proven identity), then discovery.
    Lan(JoinRequest),
    /// Online: the invite again.
    #[cfg(feature = "online")]
    Online(super::online::OnlineJoin),
}

/// What a guest needs to dial its host again after a lost connection.
#[derive(Clone)]
pub(crate) struct Redial {
    dial: Dial,
    /// Called when an event is waiting (wakes the window).
    waker: Option<super::Waker>,
    /// How long to keep trying ([`Duration::ZERO`]: never).
    window: Duration,
}

impl Redial {
    /// Dials `request`'s host on the LAN again.
    pub(crate) fn lan(request: JoinRequest) -> Redial {
        Redial { waker: request.waker.clone(), window: request.rejoin_for, dial: Dial::Lan(request) }
    }

    /// Dials the invite's host again.
    #[cfg(feature = "online")]
    pub(crate) fn online(request: super::online::OnlineJoin) -> Redial {
        Redial { waker: request.waker.clone(), window: request.rejoin_for, dial: Dial::Online(request) }
    }

    fn wake(&self) {
        if let Some(waker) = &self.waker {
            waker();
        }
    }

    /// One try: the host, proven to be `host`, greeted with `token`. On the LAN, every address
    /// discovery heard for the host so far is tried with its own.
    async fn dial(&self, host: Fingerprint, token: ResumeToken, heard: &mut Option<Listener>) -> Result<Greeted, JoinError> {
        match &self.dial {
            Dial::Lan(request) => {
                let mut request = request.clone();
                request.hello.resume = Some(token);
                request.pin = Pin::Fingerprint(host);
                let mut addresses = vec![request.address];
                // Listening starts with the first try, so the host's announcements (one a
                // second) are heard by the next.
                if let Some(config) = &request.discovery {
                    if heard.is_none() {
                        *heard = Listener::start(config).inspect_err(|error| tracing::info!(%error, "no discovery while rejoining")).ok();
                    }
                    let hosts = heard.as_ref().map(Listener::hosts).unwrap_or_default();
                    let found = hosts.into_iter().filter(|found| found.announcement.fingerprint == host).flat_map(|found| found.addresses);
                    for address in found {
                        if !addresses.contains(&address) {
                            addresses.push(address);
                        }
                    }
                }
                if addresses.len() == 1 { connect(&request).await } else { connect_heard(&request, &addresses).await }
            }
            #[cfg(feature = "online")]
            Dial::Online(request) => {
                let mut request = request.clone();
                request.hello.resume = Some(token);
                super::online::connect_online(&request).await
            }
        }
    }
}

/// Carries a greeted connection's messages both ways in a task of its own, dialling again as
/// `redial` says when the connection is lost; the guest's side of it.
pub(crate) fn carry(greeted: Greeted, redial: Redial) -> GuestLink {
    let (outgoing, outbox) = mpsc::channel(OUTGOING_QUEUE);
    let (inbox, incoming) = mpsc::channel(INCOMING_QUEUE);
    let (line, current) = watch::channel(greeted.carrier.clone());
    let (host, first_path, span) = (greeted.host, greeted.first_path, greeted.span.clone());
    tokio::spawn(carry_until_the_end(greeted, outbox, inbox, line, redial).instrument(span));
    GuestLink::new(host, (outgoing, incoming), current, first_path)
}

/// How one connection's reading ended.
enum Cut {
    /// The guest's side is gone (the link was dropped): nothing to tell.
    Gone,
    /// Lost on the way (a timeout, the network): worth dialling again.
    Lost(String),
    /// Ended for a reason dialling again would not change.
    Final(Ending),
}

/// What came of dialling again.
enum Back {
    /// A new connection to the same seat.
    Greeted(Box<Greeted>),
    /// The guest's side is gone.
    Gone,
    /// No way back.
    Ended(Ending),
}

async fn carry_until_the_end(
    first: Greeted,
    mut outbox: mpsc::Receiver<ClientMsg>,
    inbox: mpsc::Sender<GuestEvent>,
    line: watch::Sender<Carrier>,
    redial: Redial,
) {
    let host = first.host;
    let mut greeted = first;
    loop {
        let Greeted { carrier, span, streams: (send, recv, buffer), .. } = greeted;
        let connection = carrier.connection;
        let writer = tokio::spawn(write_messages(send, outbox, connection.clone()).instrument(span.clone()));
        let cut = read_messages(&connection, recv, buffer, &inbox, &redial).instrument(span).await;
        // Whatever ended the reading ends the connection, and with it the writer.
        connection.close(CloseCode::Normal, "closed");
        let Ok(returned) = writer.await else { return };
        outbox = returned;
        let ending = match cut {
            Cut::Gone => return,
            Cut::Final(ending) => ending,
            Cut::Lost(reason) if redial.window.is_zero() => Ending::Lost(reason),
            Cut::Lost(reason) => match rejoin(&redial, host, &line, &inbox, &mut outbox, reason).await {
                Back::Greeted(next) => {
                    greeted = *next;
                    continue;
                }
                Back::Gone => return,
                Back::Ended(ending) => ending,
            },
        };
        tracing::info!(%ending, "connection ended");
        let _ = inbox.send(GuestEvent::Ended(ending)).await;
        redial.wake();
        return;
    }
}

/// Dials the host again with the seat's token, with backoff, until it answers, refuses, or the
/// seat's hold is over; tells each try.
async fn rejoin(
    redial: &Redial,
    host: Fingerprint,
    line: &watch::Sender<Carrier>,
    inbox: &mpsc::Sender<GuestEvent>,
    outbox: &mut mpsc::Receiver<ClientMsg>,
    lost: String,
) -> Back {
    let lost_at = Instant::now();
    let deadline = tokio::time::Instant::from_std(lost_at + redial.window);
    let (token, host_name) = {
        let carrier = line.borrow();
        (carrier.admitted.token, carrier.admitted.host_name.clone())
    };
    tracing::info!(reason = %lost, "connection lost; dialling the host again");
    let mut reason = lost;
    let mut heard = None;
    let mut attempt = 0;
    let mut pause = FIRST_PAUSE;
    loop {
        attempt += 1;
        let told = GuestEvent::Reconnecting(Reconnecting { attempt, host_name: host_name.clone(), reason: reason.clone() });
        if inbox.send(told).await.is_err() {
            return Back::Gone;
        }
        redial.wake();
        let result = tokio::select! {
            result = tokio::time::timeout_at(deadline, redial.dial(host, token, &mut heard)) => result,
            () = inbox.closed() => return Back::Gone,
        };
        match result {
            Err(_) => break,
            Ok(Ok(greeted)) => {
                // What was asked while away was decided on a table that moved on: the host sends
                // the table again and the player decides anew.
                while outbox.try_recv().is_ok() {}
                let after = lost_at.elapsed();
                let admitted = greeted.carrier.admitted.clone();
                tracing::info!(?after, attempt, "back at the table");
                let old = line.send_replace(greeted.carrier.clone());
                tokio::spawn(close_endpoint(old.endpoint, b"reconnected"));
                if inbox.send(GuestEvent::Reconnected(Reconnected { after, attempts: attempt, admitted })).await.is_err() {
                    return Back::Gone;
                }
                redial.wake();
                return Back::Greeted(Box::new(greeted));
            }
            Ok(Err(error)) => {
                if let Some(ending) = no_way_back(&error) {
                    return Back::Ended(ending);
                }
                tracing::info!(attempt, %error, "the host did not answer yet");
                reason = error.to_string();
            }
        }
        tokio::select! {
            () = tokio::time::sleep_until(deadline.min(tokio::time::Instant::now() + pause)) => {}
            () = inbox.closed() => return Back::Gone,
        }
        if tokio::time::Instant::now() >= deadline {
            break;
        }
        pause = (pause * 2).min(LONGEST_PAUSE);
    }
    Back::Ended(Ending::NotBack { tried: redial.window, reason })
}

/// The ending of a try that dialling again would not change: the host refused the seat, or
/// speaks another version. A device answering with another identity is not one: the host's
/// address may have gone to someone else, and discovery may find it elsewhere.
fn no_way_back(error: &JoinError) -> Option<Ending> {
    match error {
        JoinError::Refused(JoinRefusal::Removed) => Some(Ending::Removed),
        JoinError::Refused(refusal) => Some(Ending::Refused(refusal.to_string())),
        JoinError::IncompatibleVersion { .. } => Some(Ending::Refused(error.to_string())),
        _ => None,
    }
}

/// Writes the guest's messages until the connection ends; hands the queue back for the next
/// connection.
async fn write_messages(mut send: LinkSend, mut outbox: mpsc::Receiver<ClientMsg>, connection: Link) -> mpsc::Receiver<ClientMsg> {
    loop {
        let message = tokio::select! {
            message = outbox.recv() => message,
            _ = connection.closed() => return outbox,
        };
        let Some(message) = message else {
            send.finish(Duration::ZERO).await;
            return outbox;
        };
        let frame = match encode_frame(&message) {
            Ok(frame) => frame,
            Err(error) => {
                tracing::error!(%error, "a message could not be encoded");
                continue;
            }
        };
        if send.write_all(&frame).await.is_err() {
            return outbox;
        }
    }
}

/// Reads the host's messages until the connection ends; says how it ended.
async fn read_messages(
    connection: &Link,
    mut recv: LinkRecv,
    mut buffer: Vec<u8>,
    inbox: &mpsc::Sender<GuestEvent>,
    redial: &Redial,
) -> Cut {
    loop {
        match read_message::<HostMsg>(&mut recv, &mut buffer, FRAME_DEADLINE).await {
            Ok(Some(message)) => {
                if inbox.send(GuestEvent::Message(message)).await.is_err() {
                    return Cut::Gone;
                }
                redial.wake();
            }
            Ok(None) => return cut_of(connection.closed().await),
            Err(ReadFailure::Late(deadline)) => {
                tracing::warn!(?deadline, "a frame from the host came too slowly");
                return Cut::Lost(format!("a frame from the host did not arrive within {deadline:?}"));
            }
            Err(ReadFailure::Frame(error)) => {
                tracing::warn!(%error, "malformed frame from the host");
                connection.close(CloseCode::Protocol, &error.to_string());
                return Cut::Final(Ending::Lost(format!("the host sent a malformed frame: {error}")));
            }
            Err(ReadFailure::Connection(error)) => return cut_of(error),
        }
    }
}

/// Puts a connection's end into words; a loss on the way is worth dialling again.
fn cut_of(error: LinkError) -> Cut {
    let ending = match error {
        LinkError::ClosedByPeer { code, reason } => match CloseCode::from_u64(code) {
            Some(CloseCode::HostLeft) => Ending::HostLeft,
            Some(CloseCode::Replaced) => Ending::Replaced,
            Some(CloseCode::Removed) => Ending::Removed,
            Some(CloseCode::Protocol) => Ending::Protocol(reason),
            Some(CloseCode::Normal) => Ending::Left,
            Some(CloseCode::Refused | CloseCode::TooSlow | CloseCode::Version) | None => Ending::Refused(reason),
        },
        LinkError::ClosedHere => Ending::Left,
        LinkError::Lost(reason) => return Cut::Lost(reason),
    };
    Cut::Final(ending)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The guest keeps trying exactly as long as a host holds an away guest's seat.
    #[test]
    fn a_guest_tries_for_as_long_as_the_host_holds_its_seat() {
        assert_eq!(crate::net::dial::REJOIN_FOR, crate::net::table::TableConfig::new("Ana").grace);
    }

    /// A refusal or another version ends the tries; an unreachable host or another device at
    /// its old address does not.
    #[test]
    fn only_a_refusal_or_another_version_ends_the_tries() {
        assert_eq!(no_way_back(&JoinError::Refused(JoinRefusal::Removed)), Some(Ending::Removed));
        assert!(matches!(no_way_back(&JoinError::Refused(JoinRefusal::Full)), Some(Ending::Refused(_))));
        assert!(no_way_back(&JoinError::IncompatibleVersion { host: 9, guest: 5 }).is_some());
        let address = "127.0.0.1:9".parse().expect("address");
        assert_eq!(no_way_back(&JoinError::Unreachable { address, reason: "timed out".to_owned() }), None);
        let got = Fingerprint([3; 32]).join_code();
        assert_eq!(no_way_back(&JoinError::Impostor { address, got }), None);
    }
}
