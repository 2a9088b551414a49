//! A child process's standard output read line by line as it comes, so a test can wait for a
//! line while the process runs and still have every line at its end.

use std::io::{BufRead, BufReader};
use std::process::Child;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Reads a child's standard output line by line, as it comes.
pub struct Lines {
    /// The lines read by the thread, not yet taken.
    incoming: std::sync::mpsc::Receiver<String>,
    /// Every line taken so far.
    seen: Vec<String>,
    /// The reading thread (ends with the output).
    reader: JoinHandle<()>,
}

impl Lines {
    /// Follows `child`'s standard output (taken from it: it must be piped).
    pub fn follow(child: &mut Child) -> Lines {
        let stdout = child.stdout.take().expect("piped");
        let (sender, incoming) = std::sync::mpsc::sync_channel(1024);
        let reader = std::thread::Builder::new()
            .name("child output".to_owned())
            .spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
            .expect("a reader thread");
        Lines { incoming, seen: Vec::new(), reader }
    }

    /// The first line starting with `prefix`, waiting up to `limit`.
    pub fn wait_for(&mut self, prefix: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            if let Some(line) = self.seen.iter().find(|line| line.starts_with(prefix)) {
                return line.clone();
            }
            let left = limit.checked_sub(start.elapsed()).unwrap_or_else(|| panic!("no `{prefix}` line after {limit:?}: {:?}", self.seen));
            match self.incoming.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(error) => panic!("no `{prefix}` line ({error}): {:?}", self.seen),
            }
        }
    }

    /// Every line, once the output has ended.
    pub fn all(mut self) -> Vec<String> {
        self.seen.extend(self.incoming.iter());
        self.reader.join().expect("the reader");
        self.seen
    }
}
