//! The writer thread: every write of the store happens here, in the order asked, so the UI
//! thread never waits for a disk sync. Writes to the same file queued back to back are
//! coalesced (only the newest content is written, encoded only then); a [`Receipt`] resolves
//! once the content it carried, or newer, is durable.
//!
//! A write that fails (a full disk) is answered as failed at once, and its content is kept and
//! tried again every [`RETRY_EVERY`] until it is written, a newer write of the file supersedes
//! it, or the file is removed: a save lost to a full disk is written when space returns. What
//! happens is reported as [`WriteEvent`]s, one per failed write asked for and one when a
//! file is written after all (tries again that fail again say nothing more: an idle window
//! gathers no events), so the store keeps one notice per file, updated in place. An encoder is told which files are waiting to be tried again
//! ([`Unsaved`]), so the history index never lists a match whose record is not on disk.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::atomic;
use super::error::StoreError;

/// Produces the bytes of a write, on the writer thread, knowing which files wait to be tried again.
pub type Encoder = Box<dyn FnOnce(&Unsaved<'_>) -> Result<Vec<u8>, StoreError> + Send>;

/// The files whose latest write failed and waits to be tried again.
#[derive(Debug)]
pub struct Unsaved<'a>(&'a [Retry]);

impl Unsaved<'_> {
    /// Whether `path`'s latest write failed and is not written yet.
    #[must_use]
    pub fn contains(&self, path: &Path) -> bool {
        self.0.iter().any(|retry| retry.path == path)
    }
}

/// What happened to a file's write, for the store's notices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteEvent {
    /// A write failed; its content is kept and tried again.
    Failed(WriteFailed),
    /// A file whose earlier write failed is written now (or no longer needs to be).
    Settled(PathBuf),
}

/// Events kept until the store reads them.
const EVENTS_KEPT: usize = 1_024;

/// How often a failed write is tried again.
pub const RETRY_EVERY: Duration = Duration::from_secs(2);

/// Failed writes kept to be tried again: one per file, so this many files at most (each
/// superseded by the file's next write); beyond it the oldest is given up (its receipt already
/// said it failed, and a match record's save stays until the record is written).
const RETRIES_KEPT: usize = 256;

/// A failed write's content, kept to be tried again.
#[derive(Debug)]
pub struct Retry {
    path: PathBuf,
    bytes: Vec<u8>,
    keep_backup: bool,
    then_remove: Vec<PathBuf>,
}

/// A write that failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} was not saved: {message}", path.display())]
pub struct WriteFailed {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub message: String,
}

/// The answer to one write: `Ok` once it is durable.
#[derive(Debug)]
pub struct Receipt(Receiver<Result<(), WriteFailed>>);

impl Receipt {
    /// Waits until the write is durable or failed.
    ///
    /// # Errors
    /// The write failed (or the writer stopped before doing it).
    pub fn wait(self) -> Result<(), WriteFailed> {
        self.0.recv().unwrap_or_else(|_| Err(WriteFailed { path: PathBuf::new(), message: "the writer stopped".to_owned() }))
    }

    /// The outcome if it is known yet.
    #[must_use]
    pub fn check(&self) -> Option<Result<(), WriteFailed>> {
        match self.0.try_recv() {
            Ok(outcome) => Some(outcome),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(WriteFailed { path: PathBuf::new(), message: "the writer stopped".to_owned() })),
        }
    }

    /// A receipt that is already settled (for what needed no write).
    #[must_use]
    pub fn settled(outcome: Result<(), WriteFailed>) -> Receipt {
        let (sender, receiver) = mpsc::sync_channel(1);
        let _ = sender.send(outcome);
        Receipt(receiver)
    }
}

/// Writes that may wait for the writer thread at once.
const WRITE_QUEUE: usize = 1_024;

enum Operation {
    /// An atomic write, then (only if it succeeded) the removal of other files.
    Write {
        encode: Encoder,
        keep_backup: bool,
        then_remove: Vec<PathBuf>,
    },
    Remove,
}

struct Job {
    path: PathBuf,
    operation: Operation,
    done: Vec<SyncSender<Result<(), WriteFailed>>>,
}

enum Message {
    Job(Job),
    Flush(SyncSender<()>),
}

/// The writer thread's handle. Dropping it finishes every queued write first.
#[derive(Debug)]
pub struct Writer {
    sender: Option<SyncSender<Message>>,
    thread: Option<JoinHandle<()>>,
    events: Receiver<WriteEvent>,
}

impl Writer {
    /// Starts the thread.
    ///
    /// # Errors
    /// The thread could not be spawned.
    pub fn start() -> Result<Writer, StoreError> {
        // Bounded: a disk slower than the moves holds the table back once this many writes
        // wait, rather than letting them pile up without limit.
        let (sender, receiver) = mpsc::sync_channel(WRITE_QUEUE);
        // Events beyond this many unread are dropped (each failure is also in its write's
        // receipt): at most two per write asked for, and the window reads them every frame.
        let (event_sender, events) = mpsc::sync_channel(EVENTS_KEPT);
        let thread = std::thread::Builder::new()
            .name("cardtable-store-writer".to_owned())
            .spawn(move || run(&receiver, &event_sender))
            .map_err(|error| StoreError::io("start the writer thread for", "the data folder", error))?;
        Ok(Writer { sender: Some(sender), thread: Some(thread), events })
    }

    fn queue(&self, path: &Path, operation: Operation) -> Receipt {
        let (done, receipt) = mpsc::sync_channel(1);
        let job = Job { path: path.to_owned(), operation, done: vec![done] };
        if let Some(sender) = &self.sender {
            // A send fails only once the thread is gone; the dropped `done` then settles the receipt as failed.
            let _ = sender.send(Message::Job(job));
        }
        Receipt(receipt)
    }

    /// Queues an atomic write of what `encode` will produce.
    pub fn write(&self, path: &Path, keep_backup: bool, encode: Encoder) -> Receipt {
        self.queue(path, Operation::Write { encode, keep_backup, then_remove: Vec::new() })
    }

    /// Queues an atomic write and, once it is durable, the removal of `then_remove` (what the
    /// written file replaces, such as the save of a match now recorded). If the write fails,
    /// nothing is removed.
    pub fn write_then_remove(&self, path: &Path, encode: Encoder, then_remove: Vec<PathBuf>) -> Receipt {
        self.queue(path, Operation::Write { encode, keep_backup: false, then_remove })
    }

    /// Queues the durable removal of a file.
    pub fn remove(&self, path: &Path) -> Receipt {
        self.queue(path, Operation::Remove)
    }

    /// Waits until everything queued so far is done.
    pub fn flush(&self) {
        let (sender, receiver) = mpsc::sync_channel(1);
        if let Some(queue) = &self.sender
            && queue.send(Message::Flush(sender)).is_ok()
        {
            let _ = receiver.recv();
        }
    }

    /// What happened to failed writes since the last call, in order.
    pub fn events(&self) -> Vec<WriteEvent> {
        self.events.try_iter().collect()
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.sender = None;
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::error!("the store's writer thread panicked");
        }
    }
}

fn run(receiver: &Receiver<Message>, events: &SyncSender<WriteEvent>) {
    let mut retries: Vec<Retry> = Vec::new();
    let mut next_retry = Instant::now() + RETRY_EVERY;
    loop {
        let first = if retries.is_empty() {
            match receiver.recv() {
                Ok(message) => message,
                Err(_) => break,
            }
        } else {
            match receiver.recv_timeout(next_retry.saturating_duration_since(Instant::now())) {
                Ok(message) => message,
                Err(RecvTimeoutError::Timeout) => {
                    try_again(&mut retries, events);
                    next_retry = Instant::now() + RETRY_EVERY;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        };
        let mut batch = Vec::new();
        let mut flush = None;
        let mut next = Some(first);
        while let Some(message) = next.take() {
            match message {
                Message::Job(job) => batch.push(job),
                Message::Flush(done) => {
                    // Coalescing stops at a flush: what was queued before it is done before it answers.
                    flush = Some(done);
                    break;
                }
            }
            next = receiver.try_recv().ok();
        }
        for job in coalesce(batch) {
            execute(job, &mut retries, events);
        }
        if let Some(done) = flush {
            let _ = done.send(());
        }
    }
    // Closing: one last try for what a full disk held back (the space may be back).
    try_again(&mut retries, events);
}

/// Tries every kept write again, in the order they failed; keeps those that fail again.
fn try_again(retries: &mut Vec<Retry>, events: &SyncSender<WriteEvent>) {
    for retry in std::mem::take(retries) {
        match write_and_remove(&retry.path, &retry.bytes, retry.keep_backup, &retry.then_remove) {
            Ok(()) => {
                tracing::info!(path = %retry.path.display(), "a write that had failed is done");
                let _ = events.try_send(WriteEvent::Settled(retry.path));
            }
            Err(error) => {
                tracing::debug!(path = %retry.path.display(), %error, "a failed write failed again");
                retries.push(retry);
            }
        }
    }
}

/// Writes `bytes` to `path` atomically, then removes `then_remove`.
fn write_and_remove(path: &Path, bytes: &[u8], keep_backup: bool, then_remove: &[PathBuf]) -> Result<(), StoreError> {
    atomic::write(path, bytes, keep_backup)?;
    then_remove.iter().try_for_each(|path| atomic::remove(path))
}

/// Drops every job whose file a later job of the batch writes or removes anyway, handing its
/// receipts to that later job. The order of the jobs that remain is kept.
fn coalesce(batch: Vec<Job>) -> Vec<Job> {
    let mut kept: Vec<Job> = Vec::with_capacity(batch.len());
    for job in batch.into_iter().rev() {
        if let Some(later) = kept.iter_mut().find(|later| later.path == job.path) {
            later.done.extend(job.done);
        } else {
            kept.push(job);
        }
    }
    kept.reverse();
    kept
}

fn execute(job: Job, retries: &mut Vec<Retry>, events: &SyncSender<WriteEvent>) {
    // This job supersedes what a failed write of the file kept.
    let superseded = retries.iter().position(|retry| retry.path == job.path).map(|at| retries.remove(at)).is_some();
    let mut kept = None;
    let outcome = match job.operation {
        Operation::Write { encode, keep_backup, then_remove } => encode(&Unsaved(retries)).and_then(|bytes| {
            let written = write_and_remove(&job.path, &bytes, keep_backup, &then_remove);
            // Only content that could be encoded, and only a write the system refused: a file
            // that is not a file is refused the same way every time.
            if let Err(StoreError::Io { .. }) = &written {
                kept = Some(Retry { path: job.path.clone(), bytes, keep_backup, then_remove });
            }
            written
        }),
        Operation::Remove => atomic::remove(&job.path),
    };
    let outcome = outcome.map_err(|error| {
        tracing::error!(path = %job.path.display(), %error, "a write failed");
        let failed = WriteFailed { path: job.path.clone(), message: error.to_string() };
        let _ = events.try_send(WriteEvent::Failed(failed.clone()));
        failed
    });
    if outcome.is_ok() && superseded {
        let _ = events.try_send(WriteEvent::Settled(job.path.clone()));
    }
    if let Some(retry) = kept {
        if retries.len() >= RETRIES_KEPT {
            let given_up = retries.remove(0);
            tracing::error!(path = %given_up.path.display(), "too many failed writes are waiting: the oldest is given up");
        }
        retries.push(retry);
    }
    for done in job.done {
        let _ = done.send(outcome.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn queued_writes_to_one_file_are_coalesced_and_every_receipt_settles() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("saved.json");
        let writer = Writer::start().expect("starts");
        let encoded = Arc::new(AtomicUsize::new(0));
        let receipts: Vec<Receipt> = (0..50)
            .map(|index| {
                let encoded = Arc::clone(&encoded);
                writer.write(
                    &path,
                    true,
                    Box::new(move |_: &Unsaved<'_>| {
                        encoded.fetch_add(1, Ordering::SeqCst);
                        Ok(format!("{index}").into_bytes())
                    }),
                )
            })
            .collect();
        for receipt in receipts {
            assert_eq!(receipt.wait(), Ok(()));
        }
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "49", "the newest content wins");
        assert!(encoded.load(Ordering::SeqCst) <= 50);
        let other = dir.path().join("other.json");
        let written = writer.write(&other, false, Box::new(|_: &Unsaved<'_>| Ok(b"x".to_vec())));
        let removed = writer.remove(&other);
        writer.flush();
        assert_eq!(written.check(), Some(Ok(())));
        assert_eq!(removed.check(), Some(Ok(())));
        assert!(!other.exists(), "the later removal wins over the write");
    }

    #[test]
    fn a_failed_write_is_reported_to_its_receipt_and_as_a_failure() {
        let dir = tempfile::tempdir().expect("tempdir");
        let writer = Writer::start().expect("starts");
        let path = dir.path().join("no-such-folder").join("file.json");
        let receipt = writer.write(&path, false, Box::new(|_: &Unsaved<'_>| Ok(b"x".to_vec())));
        assert!(receipt.wait().is_err());
        assert_eq!(writer.events().len(), 1);
        let mut batch = Vec::new();
        for name in ["a", "b", "a"] {
            batch.push(Job { path: PathBuf::from(name), operation: Operation::Remove, done: Vec::new() });
        }
        let order: Vec<PathBuf> = coalesce(batch).into_iter().map(|job| job.path).collect();
        assert_eq!(order, [PathBuf::from("b"), PathBuf::from("a")], "the later write of a stays after b");
    }

    /// Issue 30, item 9: a write the system refused (here its folder is missing, as a full disk
    /// refuses) is tried again until it is written, and reported when it fails and when it is; while it
    /// waits, an encoder is told, so an index can leave its entry out.
    #[test]
    fn a_failed_write_is_tried_again_until_it_is_written() {
        let dir = tempfile::tempdir().expect("tempdir");
        let folder = dir.path().join("later");
        let path = folder.join("record.json");
        let save = dir.path().join("save.json");
        std::fs::write(&save, b"save").expect("written");
        let writer = Writer::start().expect("starts");
        let receipt = writer.write_then_remove(&path, Box::new(|_: &Unsaved<'_>| Ok(b"record".to_vec())), vec![save.clone()]);
        assert!(receipt.wait().is_err(), "answered as failed at once");
        let index = dir.path().join("index.json");
        let listed = path.clone();
        let written = writer.write(
            &index,
            false,
            Box::new(move |unsaved: &Unsaved<'_>| Ok(if unsaved.contains(&listed) { b"without".to_vec() } else { b"with".to_vec() })),
        );
        assert_eq!(written.wait(), Ok(()));
        assert_eq!(std::fs::read(&index).expect("read"), b"without", "the index leaves out what is not on disk");
        assert!(save.exists(), "the save stays while its record is not written");
        std::fs::create_dir(&folder).expect("room again");
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut events = writer.events();
        while !events.contains(&WriteEvent::Settled(path.clone())) {
            assert!(Instant::now() < deadline, "tried again: {events:?}");
            std::thread::sleep(Duration::from_millis(50));
            events.extend(writer.events());
        }
        assert!(matches!(&events[0], WriteEvent::Failed(failed) if failed.path == path), "{events:?}");
        assert_eq!(std::fs::read(&path).expect("written at last"), b"record");
        assert!(!save.exists(), "then what it replaces goes");
    }
}
