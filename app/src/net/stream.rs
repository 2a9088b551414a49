//! Frames over a connection's stream (either line, [`super::link`]): the length prefix is read and checked against the cap before the
//! payload buffer grows, a frame once begun must arrive whole within a deadline, and a clean
//! end of stream between frames is told apart from a cut.

use std::time::Duration;

use serde::de::DeserializeOwned;

use super::codec::{FrameError, HEADER_LEN, decode_payload, payload_len};
use super::link::{ExactError, LinkError, LinkRecv};

/// Time a frame has to arrive whole once its first byte came, unless the caller says otherwise.
pub const FRAME_DEADLINE: Duration = Duration::from_secs(5);

/// Why no frame could be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadFailure {
    /// The peer sent a bad frame: the connection should be closed with this reason.
    #[error(transparent)]
    Frame(#[from] FrameError),
    /// A frame began but did not arrive whole in time (a peer trickling bytes).
    #[error("a frame did not arrive whole within {0:?}")]
    Late(Duration),
    /// The stream or connection ended inside a frame, or failed.
    #[error("the connection failed: {0}")]
    Connection(#[from] LinkError),
}

/// Reads one frame's payload into `buffer`; `Ok(false)` when the stream ended cleanly before a
/// new frame began. Waiting for a frame to begin takes as long as it takes (a guest thinking);
/// once its first byte came, the rest must follow within `deadline`.
///
/// # Errors
/// A prefix over the cap or zero, a frame cut short or late, or a connection failure.
pub async fn read_payload(recv: &mut LinkRecv, buffer: &mut Vec<u8>, deadline: Duration) -> Result<bool, ReadFailure> {
    let mut prefix = [0; HEADER_LEN];
    loop {
        match recv.read(&mut prefix[..1]).await? {
            None => return Ok(false),
            Some(0) => {}
            Some(_) => break,
        }
    }
    match tokio::time::timeout(deadline, read_rest(recv, prefix, buffer)).await {
        Ok(result) => result.map(|()| true),
        Err(_) => Err(ReadFailure::Late(deadline)),
    }
}

/// The rest of a frame whose first byte is in `prefix`.
async fn read_rest(recv: &mut LinkRecv, mut prefix: [u8; HEADER_LEN], buffer: &mut Vec<u8>) -> Result<(), ReadFailure> {
    match recv.read_exact(&mut prefix[1..]).await {
        Ok(()) => {}
        Err(ExactError::FinishedEarly(read)) => return Err(FrameError::Truncated { missing: HEADER_LEN - 1 - read }.into()),
        Err(ExactError::Link(error)) => return Err(error.into()),
    }
    let len = payload_len(prefix)?;
    buffer.clear();
    buffer.resize(len, 0);
    match recv.read_exact(buffer).await {
        Ok(()) => Ok(()),
        Err(ExactError::FinishedEarly(read)) => Err(FrameError::Truncated { missing: len - read }.into()),
        Err(ExactError::Link(error)) => Err(error.into()),
    }
}

/// Reads and decodes one message; `Ok(None)` at a clean end of stream.
///
/// # Errors
/// As [`read_payload`], or a payload that is not a `T`.
pub async fn read_message<T: DeserializeOwned>(
    recv: &mut LinkRecv,
    buffer: &mut Vec<u8>,
    deadline: Duration,
) -> Result<Option<T>, ReadFailure> {
    if read_payload(recv, buffer, deadline).await? { Ok(Some(decode_payload(buffer)?)) } else { Ok(None) }
}
