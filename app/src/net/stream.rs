//! Frames over a QUIC stream: the length prefix is read and checked against the cap before the
//! payload buffer grows, and a clean end of stream between frames is told apart from a cut.

use serde::de::DeserializeOwned;

use super::codec::{FrameError, HEADER_LEN, decode_payload, payload_len};

/// Why no frame could be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadFailure {
    /// The peer sent a bad frame: the connection should be closed with this reason.
    #[error(transparent)]
    Frame(#[from] FrameError),
    /// The stream or connection ended inside a frame, or failed.
    #[error("the connection failed: {0}")]
    Connection(#[from] quinn::ReadError),
}

/// Reads one frame's payload into `buffer`; `Ok(false)` when the stream ended cleanly before a
/// new frame began.
///
/// # Errors
/// A prefix over the cap or zero, a frame cut short, or a connection failure.
pub async fn read_payload(recv: &mut quinn::RecvStream, buffer: &mut Vec<u8>) -> Result<bool, ReadFailure> {
    let mut prefix = [0; HEADER_LEN];
    match recv.read_exact(&mut prefix).await {
        Ok(()) => {}
        Err(quinn::ReadExactError::FinishedEarly(0)) => return Ok(false),
        Err(quinn::ReadExactError::FinishedEarly(read)) => return Err(FrameError::Truncated { missing: HEADER_LEN - read }.into()),
        Err(quinn::ReadExactError::ReadError(error)) => return Err(error.into()),
    }
    let len = payload_len(prefix)?;
    buffer.clear();
    buffer.resize(len, 0);
    match recv.read_exact(buffer).await {
        Ok(()) => Ok(true),
        Err(quinn::ReadExactError::FinishedEarly(read)) => Err(FrameError::Truncated { missing: len - read }.into()),
        Err(quinn::ReadExactError::ReadError(error)) => Err(error.into()),
    }
}

/// Reads and decodes one message; `Ok(None)` at a clean end of stream.
///
/// # Errors
/// As [`read_payload`], or a payload that is not a `T`.
pub async fn read_message<T: DeserializeOwned>(recv: &mut quinn::RecvStream, buffer: &mut Vec<u8>) -> Result<Option<T>, ReadFailure> {
    if read_payload(recv, buffer).await? { Ok(Some(decode_payload(buffer)?)) } else { Ok(None) }
}
