//! The writer thread: every write of the store happens here, in the order asked, so the UI
//! thread never waits for a disk sync. Writes to the same file queued back to back are
//! coalesced (only the newest content is written, encoded only then); a [`Receipt`] resolves
//! once the content it carried, or newer, is durable.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::thread::JoinHandle;

use super::atomic;
use super::error::StoreError;

/// Produces the bytes of a write, on the writer thread.
pub type Encoder = Box<dyn FnOnce() -> Result<Vec<u8>, StoreError> + Send>;

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

/// Failures kept until the store reads them.
const FAILURES_KEPT: usize = 64;

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
    failures: Receiver<WriteFailed>,
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
        // Failures beyond this many unread are dropped: each is also in its write's receipt.
        let (failure_sender, failures) = mpsc::sync_channel(FAILURES_KEPT);
        let thread = std::thread::Builder::new()
            .name("cardtable-store-writer".to_owned())
            .spawn(move || run(&receiver, &failure_sender))
            .map_err(|error| StoreError::io("start the writer thread for", "the data folder", error))?;
        Ok(Writer { sender: Some(sender), thread: Some(thread), failures })
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

    /// Writes that failed since the last call.
    pub fn failures(&self) -> Vec<WriteFailed> {
        self.failures.try_iter().collect()
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

fn run(receiver: &Receiver<Message>, failures: &SyncSender<WriteFailed>) {
    while let Ok(first) = receiver.recv() {
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
            execute(job, failures);
        }
        if let Some(done) = flush {
            let _ = done.send(());
        }
    }
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

fn execute(job: Job, failures: &SyncSender<WriteFailed>) {
    let outcome = match job.operation {
        Operation::Write { encode, keep_backup, then_remove } => encode()
            .and_then(|bytes| atomic::write(&job.path, &bytes, keep_backup))
            .and_then(|()| then_remove.iter().try_for_each(|path| atomic::remove(path))),
        Operation::Remove => atomic::remove(&job.path),
    };
    let outcome = outcome.map_err(|error| {
        tracing::error!(path = %job.path.display(), %error, "a write failed");
        let failed = WriteFailed { path: job.path.clone(), message: error.to_string() };
        let _ = failures.try_send(failed.clone());
        failed
    });
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
                    Box::new(move || {
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
        let written = writer.write(&other, false, Box::new(|| Ok(b"x".to_vec())));
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
        let receipt = writer.write(&path, false, Box::new(|| Ok(b"x".to_vec())));
        assert!(receipt.wait().is_err());
        assert_eq!(writer.failures().len(), 1);
        let mut batch = Vec::new();
        for name in ["a", "b", "a"] {
            batch.push(Job { path: PathBuf::from(name), operation: Operation::Remove, done: Vec::new() });
        }
        let order: Vec<PathBuf> = coalesce(batch).into_iter().map(|job| job.path).collect();
        assert_eq!(order, [PathBuf::from("b"), PathBuf::from("a")], "the later write of a stays after b");
    }
}
