//! Frames: a 4-byte big-endian length, then a postcard-encoded message. The length is checked
//! against [`MAX_FRAME`] before anything is allocated, and a payload must decode exactly (no
//! bytes left over). Every failure is a [`FrameError`] value; nothing here panics on input.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Largest payload a frame may carry (64 KiB).
pub const MAX_FRAME: usize = 64 * 1024;

/// Bytes of the length prefix.
pub const HEADER_LEN: usize = 4;

/// Why a frame could not be made or read.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The length prefix announces more than [`MAX_FRAME`] bytes.
    #[error("a frame of {len} bytes is larger than the {MAX_FRAME}-byte limit")]
    TooLarge {
        /// The announced or encoded length.
        len: usize,
    },
    /// The payload is empty.
    #[error("an empty frame")]
    Empty,
    /// The bytes end inside a frame.
    #[error("the frame is cut short: {missing} byte(s) missing")]
    Truncated {
        /// How many more bytes the frame needs.
        missing: usize,
    },
    /// The payload is not a message of the expected type.
    #[error("the frame holds no valid message: {0}")]
    Malformed(postcard::Error),
    /// The payload holds a message and then more bytes.
    #[error("{extra} unexpected byte(s) after the message")]
    TrailingBytes {
        /// How many bytes were left.
        extra: usize,
    },
    /// A message could not be encoded.
    #[error("a message could not be encoded: {0}")]
    Encode(postcard::Error),
}

/// Encodes `message` as one frame: length prefix and payload.
///
/// # Errors
/// The encoding fails or is larger than [`MAX_FRAME`].
pub fn encode_frame<T: Serialize>(message: &T) -> Result<Vec<u8>, FrameError> {
    let mut frame = postcard::to_extend(message, vec![0; HEADER_LEN]).map_err(FrameError::Encode)?;
    let len = frame.len() - HEADER_LEN;
    if len > MAX_FRAME {
        return Err(FrameError::TooLarge { len });
    }
    let prefix = u32::try_from(len).map_err(|_| FrameError::TooLarge { len })?;
    frame[..HEADER_LEN].copy_from_slice(&prefix.to_be_bytes());
    Ok(frame)
}

/// The payload length a prefix announces, refused if over [`MAX_FRAME`] or zero.
///
/// # Errors
/// [`FrameError::TooLarge`] or [`FrameError::Empty`].
pub fn payload_len(prefix: [u8; HEADER_LEN]) -> Result<usize, FrameError> {
    let len = u32::from_be_bytes(prefix) as usize;
    match len {
        0 => Err(FrameError::Empty),
        len if len > MAX_FRAME => Err(FrameError::TooLarge { len }),
        len => Ok(len),
    }
}

/// Decodes one message that must fill `payload` exactly.
///
/// # Errors
/// [`FrameError::Malformed`] or [`FrameError::TrailingBytes`].
pub fn decode_payload<T: DeserializeOwned>(payload: &[u8]) -> Result<T, FrameError> {
    let (message, rest) = postcard::take_from_bytes(payload).map_err(FrameError::Malformed)?;
    if rest.is_empty() { Ok(message) } else { Err(FrameError::TrailingBytes { extra: rest.len() }) }
}

/// Reads the leading version number of a [`crate::net::protocol::Hello`] or
/// [`crate::net::protocol::Welcome`] payload, whatever follows it.
///
/// # Errors
/// The payload does not start with a number.
pub fn peek_version(payload: &[u8]) -> Result<u32, FrameError> {
    postcard::take_from_bytes::<u32>(payload).map(|(version, _)| version).map_err(FrameError::Malformed)
}

/// Decodes the first frame in `bytes`, returning it and the bytes it took.
///
/// # Errors
/// As [`payload_len`] and [`decode_payload`]; [`FrameError::Truncated`] if `bytes` ends first.
pub fn decode_frame<T: DeserializeOwned>(bytes: &[u8]) -> Result<(T, usize), FrameError> {
    let Some(prefix) = bytes.first_chunk::<HEADER_LEN>() else {
        return Err(FrameError::Truncated { missing: HEADER_LEN - bytes.len() });
    };
    let len = payload_len(*prefix)?;
    let body = &bytes[HEADER_LEN..];
    let Some(payload) = body.get(..len) else {
        return Err(FrameError::Truncated { missing: len - body.len() });
    };
    Ok((decode_payload(payload)?, HEADER_LEN + len))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::protocol::{ActionRequest, ClientMsg, Hello, HostMsg, JoinAs, PROTOCOL_VERSION};
    use cardtable_engine::{AnyAction, GameKind, GameRng, Seat};

    fn sample_messages() -> Vec<ClientMsg> {
        let action = AnyAction::parse(GameKind::CrazyEights, "draw").expect("notation");
        vec![
            ClientMsg::Sit { seat: Some(Seat(2)) },
            ClientMsg::Ready { ready: true },
            ClientMsg::Act(ActionRequest { id: 7, base: 41, seat: Seat(1), action }),
            ClientMsg::NextRound { base: 3 },
            ClientMsg::Leave,
        ]
    }

    #[test]
    fn messages_round_trip_through_frames() {
        for message in sample_messages() {
            let frame = encode_frame(&message).expect("encodes");
            let (back, used) = decode_frame::<ClientMsg>(&frame).expect("decodes");
            assert_eq!(back, message);
            assert_eq!(used, frame.len());
        }
    }

    #[test]
    fn a_length_over_the_cap_is_refused_from_the_prefix_alone() {
        let prefix = u32::try_from(MAX_FRAME + 1).expect("fits").to_be_bytes();
        assert!(matches!(payload_len(prefix), Err(FrameError::TooLarge { len }) if len == MAX_FRAME + 1));
        assert!(matches!(payload_len(u32::MAX.to_be_bytes()), Err(FrameError::TooLarge { .. })));
        assert!(matches!(payload_len([0; 4]), Err(FrameError::Empty)));
        // A frame claiming 4 GiB followed by 3 bytes: refused without waiting for the rest.
        let mut bytes = u32::MAX.to_be_bytes().to_vec();
        bytes.extend([1, 2, 3]);
        assert!(matches!(decode_frame::<ClientMsg>(&bytes), Err(FrameError::TooLarge { .. })));
    }

    #[test]
    fn an_oversized_message_is_not_encoded() {
        let huge =
            Hello { version: PROTOCOL_VERSION, name: "x".repeat(MAX_FRAME + 1), join_as: JoinAs::Player, resume: None, seat_code: None };
        assert!(matches!(encode_frame(&huge), Err(FrameError::TooLarge { .. })));
    }

    #[test]
    fn truncated_frames_say_how_much_is_missing() {
        let frame = encode_frame(&sample_messages()[2]).expect("encodes");
        for cut in 0..frame.len() {
            assert!(
                matches!(decode_frame::<ClientMsg>(&frame[..cut]), Err(FrameError::Truncated { missing }) if missing > 0),
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn trailing_bytes_are_refused() {
        let mut payload = postcard::to_allocvec(&ClientMsg::Leave).expect("encodes");
        payload.push(0);
        assert!(matches!(decode_payload::<ClientMsg>(&payload), Err(FrameError::TrailingBytes { extra: 1 })));
    }

    #[test]
    fn random_garbage_is_an_error_value_never_a_panic() {
        let mut rng = GameRng::from_seed(99);
        let mut decoded = 0;
        for round in 0..20_000 {
            let len = rng.below(64);
            let bytes: Vec<u8> = (0..len).map(|_| (rng.next_u64() & 0xFF) as u8).collect();
            // Half the time give it a plausible length prefix so the payload decoder runs.
            let input = if round % 2 == 0 {
                let mut framed = u32::try_from(bytes.len()).expect("small").to_be_bytes().to_vec();
                framed.extend(&bytes);
                framed
            } else {
                bytes
            };
            if decode_frame::<ClientMsg>(&input).is_ok() {
                decoded += 1;
            }
            let _ = decode_frame::<HostMsg>(&input);
            let _ = decode_frame::<Hello>(&input);
        }
        assert!(decoded < 20_000, "garbage is mostly refused");
    }

    #[test]
    fn flipped_bytes_in_real_frames_never_panic() {
        let mut rng = GameRng::from_seed(5);
        for message in sample_messages() {
            let frame = encode_frame(&message).expect("encodes");
            for _ in 0..2_000 {
                let mut damaged = frame.clone();
                let at = HEADER_LEN + rng.below(frame.len() - HEADER_LEN);
                damaged[at] ^= 1 << rng.below(8);
                // Either a (different) valid message or an error: both are fine, a panic is not.
                let _ = decode_frame::<ClientMsg>(&damaged);
            }
        }
    }

    #[test]
    fn the_version_is_readable_whatever_follows() {
        let hello = Hello { version: 77, name: "Ana".into(), join_as: JoinAs::Spectator, resume: None, seat_code: None };
        let payload = postcard::to_allocvec(&hello).expect("encodes");
        assert_eq!(peek_version(&payload).expect("version"), 77);
        let mut future = postcard::to_allocvec(&9_u32).expect("encodes");
        future.extend([0xFF, 0xFE, 0xFD]);
        assert_eq!(peek_version(&future).expect("version"), 9);
        assert!(peek_version(&[]).is_err());
    }
}
