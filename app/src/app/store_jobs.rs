//! The screens' store requests, applied after drawing, and the jobs that run off the frame.
//!
//! Screens only read the store; what they ask for is applied here, and nothing that writes a
//! file or takes long runs inside a frame:
//!
//! | request | runs on | the player sees |
//! | --- | --- | --- |
//! | a profile edit | checked here at once (in memory: the book's own rules); its file on the store's writer thread | a refusal in words on the next frame; "Saving…", then "Saved" or why not |
//! | an export | the jobs thread | "Exporting…", then where the file went, or why not |
//! | a record for its details | the jobs thread (reading may repair it) | "Opening…", then the points round by round |
//! | a replay | the jobs thread (reading, then replaying every step) | "Opening…", then the replay, or why not |
//! | a host joined, LAN settings | the jobs thread | nothing, unless it fails: the LAN banner says so |
//! | the settings, discarding an unfinished match | the store's writer thread | a failed write in the store's notices |
//!
//! The jobs thread ([`Worker`]) takes one job at a time from a bounded queue, in order (so two
//! saves of one file land in the order asked), and wakes the window when each is done; its
//! answers are taken in `logic` ([`CardtableApp::poll_store_jobs`]) and handed to the screen
//! that asked, if it is still up (the store's notices take what reading found either way).

use std::path::Path;
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::thread::JoinHandle;
use std::time::Duration;

use super::{CardtableApp, Screen};
use crate::net::known_hosts::KnownHosts;
use crate::net::lan::LanSettings;
use crate::store::Receipt;
use crate::store::export_job::{ExportDone, ExportFormat, ExportJob, default_target};
use crate::store::profiles::ProfileEdit;
use crate::store::reader::Findings;
use crate::store::record::{MatchId, MatchRecord};
use crate::tr;
use crate::ui::history::ReplayFailure;
use crate::ui::lan::join::JoinedHost;
use crate::ui::replay::ReplayScreen;

/// Jobs that may wait for the jobs thread at once: more means the player is clicking faster
/// than the disk answers, and is told so rather than the window waiting.
const JOBS_QUEUED: usize = 8;

/// How often the window looks at a profiles write still under way (the writer thread does not
/// wake it).
const WRITE_POLL: Duration = Duration::from_millis(20);

/// What a record is read for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordUse {
    /// The history screen's details of a match (its points round by round).
    Details,
    /// Stepping through the match.
    Replay,
}

/// What a job was for: how its screen is told if it could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Pending {
    /// The history's export, to this file.
    Export(std::path::PathBuf),
    /// A match's record.
    Record(MatchId, RecordUse),
    /// The LAN files (known hosts, LAN settings).
    LanFiles,
    /// Anything else (tests).
    #[cfg(test)]
    Other,
}

/// A record as read on the jobs thread.
pub(super) enum Opened {
    /// For the details: the record (`None`: it could not be read).
    Details(Option<MatchRecord>),
    /// For the replay: the replay, ready to show, or why not.
    Replay(Result<Box<ReplayScreen>, ReplayFailure>),
}

/// A job's answer.
pub(super) enum Done {
    /// The export was written, or not.
    Exported(ExportDone),
    /// A record was read.
    Record {
        /// Which.
        id: MatchId,
        /// What reading it found (damage set aside, an upgrade).
        findings: Findings,
        /// What it was read for, done.
        opened: Opened,
    },
    /// The LAN files were stored, or why not.
    LanFiles(Result<(), String>),
    /// The job could not run (it panicked, or the thread could not take it): why.
    Failed(Pending, String),
    /// A test's job.
    #[cfg(test)]
    Test(u32),
}

/// One job: what it is for, and the work.
struct Job {
    pending: Pending,
    work: Box<dyn FnOnce() -> Done + Send>,
}

/// The jobs thread: takes jobs in order from a bounded queue, answers each, wakes the window.
/// Dropping it finishes the jobs queued first (an export under way, a file being stored).
#[derive(Debug)]
pub(super) struct Worker {
    jobs: Option<SyncSender<Job>>,
    answers: Option<Receiver<Done>>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread; `ctx` is woken after every job.
    ///
    /// # Errors
    /// The thread could not be started.
    pub(super) fn start(ctx: egui::Context) -> std::io::Result<Worker> {
        let (jobs, inbox) = mpsc::sync_channel::<Job>(JOBS_QUEUED);
        // One more than can be queued: the thread never waits to answer while the window
        // takes answers every frame.
        let (outbox, answers) = mpsc::sync_channel(JOBS_QUEUED + 1);
        let thread = std::thread::Builder::new().name("cardtable-store-jobs".to_owned()).spawn(move || {
            for Job { pending, work } in inbox {
                let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).unwrap_or_else(|panic| {
                    let message =
                        panic.downcast_ref::<&str>().map(|text| (*text).to_owned()).or_else(|| panic.downcast_ref::<String>().cloned());
                    let message = message.unwrap_or_else(|| "the job stopped unexpectedly".to_owned());
                    tracing::error!(?pending, %message, "a store job panicked");
                    Done::Failed(pending, message)
                });
                if outbox.send(done).is_err() {
                    return;
                }
                ctx.request_repaint();
            }
        })?;
        Ok(Worker { jobs: Some(jobs), answers: Some(answers), thread: Some(thread) })
    }

    /// Queues a job without waiting.
    ///
    /// # Errors
    /// The queue is full, or the thread is gone: why, in words.
    fn submit(&self, job: Job) -> Result<(), String> {
        let Some(jobs) = &self.jobs else { return Err(tr!("store-job-stopped")) };
        jobs.try_send(job).map_err(|error| match error {
            TrySendError::Full(_) => tr!("store-job-busy"),
            TrySendError::Disconnected(_) => tr!("store-job-stopped"),
        })
    }

    /// The answers of the jobs done since the last call.
    fn answers(&self) -> Vec<Done> {
        self.answers.as_ref().map(|answers| answers.try_iter().collect()).unwrap_or_default()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.jobs = None;
        // Answers nobody will read: the thread must not wait to hand them over.
        self.answers = None;
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::error!("the store's jobs thread panicked");
        }
    }
}

/// The app's side of the store's jobs: the jobs thread (started on the first job) and the
/// profiles write awaited.
#[derive(Debug, Default)]
pub(super) struct StoreJobs {
    worker: Option<Worker>,
    /// The profiles file's latest write, until it settles.
    profiles_write: Option<Receipt>,
}

impl CardtableApp {
    /// Queues `work` on the jobs thread (started now if need be).
    ///
    /// # Errors
    /// The thread cannot start or take the job: why, in words.
    pub(super) fn submit_job(
        &mut self,
        ctx: &egui::Context,
        pending: Pending,
        work: impl FnOnce() -> Done + Send + 'static,
    ) -> Result<(), String> {
        if self.jobs.worker.is_none() {
            let worker = Worker::start(ctx.clone()).map_err(|error| {
                tracing::error!(%error, "the store's jobs thread could not start");
                tr!("store-job-failed", error = error.to_string())
            })?;
            self.jobs.worker = Some(worker);
        }
        let worker = self.jobs.worker.as_ref().expect("started just above");
        worker.submit(Job { pending, work: Box::new(work) })
    }

    /// Applies a profile edit: the book checks it now (pure and in memory, so the player hears
    /// of an empty or taken name on the very next frame, and two quick edits are checked one
    /// after the other against the same book); its file is written on the store's writer thread.
    /// Returns whether the book took the edit (a refusal is told on the screen that asked).
    pub(super) fn edit_profile(&mut self, edit: &ProfileEdit, ctx: &egui::Context) -> bool {
        let Some(store) = &mut self.store else { return false };
        let outcome = store.edit_profile(edit, jiff::Timestamp::now());
        match &mut self.screen {
            Screen::Profiles(screen) => screen.edited(edit, outcome.as_ref().map(|_receipt| ())),
            Screen::FirstName(screen) => {
                if let Err(error) = &outcome {
                    screen.refused(error);
                }
            }
            _ => {}
        }
        match outcome {
            Ok(receipt) => {
                self.jobs.profiles_write = Some(receipt);
                ctx.request_repaint_after(WRITE_POLL);
                true
            }
            Err(_) => false,
        }
    }

    /// Starts an export of the history into the data folder's `exports/`.
    pub(super) fn export_history(&mut self, format: ExportFormat, ctx: &egui::Context) {
        let Some(store) = &self.store else { return };
        let target = default_target(store.root(), format);
        // The history as it is now (the summaries, a few hundred bytes each): the job reads
        // the records themselves on its thread.
        let job = ExportJob::new(store, format, target.clone());
        if let Err(why) = self.submit_job(ctx, Pending::Export(target.clone()), move || Done::Exported(job.run()))
            && let Screen::History(screen) = &mut self.screen
        {
            screen.exported(&target, Err(why));
        }
    }

    /// Starts reading a match's record, for its details or its replay.
    pub(super) fn open_record(&mut self, id: MatchId, usage: RecordUse, ctx: &egui::Context) {
        let Some(store) = &self.store else { return };
        let reader = store.record_reader();
        let asked = id.clone();
        let work = move || {
            let mut findings = Findings::default();
            let record = reader.open(&id, &mut findings);
            let opened = match usage {
                RecordUse::Details => Opened::Details(record),
                RecordUse::Replay => Opened::Replay(match record {
                    None => Err(ReplayFailure::Unreadable),
                    Some(record) => ReplayScreen::new(record).map(Box::new).map_err(|error| {
                        tracing::error!(%error, %id, "a recorded match does not replay");
                        ReplayFailure::DoesNotReplay(error.to_string())
                    }),
                }),
            };
            Done::Record { id, findings, opened }
        };
        if let Err(why) = self.submit_job(ctx, Pending::Record(asked.clone(), usage), work) {
            self.record_not_opened(&asked, usage, why);
        }
    }

    /// Tells the history screen a record it asked for could not be read at all.
    fn record_not_opened(&mut self, id: &MatchId, usage: RecordUse, why: String) {
        if let Screen::History(screen) = &mut self.screen {
            match usage {
                RecordUse::Details => screen.record_read(id, None),
                RecordUse::Replay => screen.replay_failed(id, ReplayFailure::NotRun(why)),
            }
        }
    }

    /// Remembers a host just joined (trusted by identity, with the seat's token) and the name
    /// joined with; both files are stored on the jobs thread.
    pub(super) fn remember_host(&mut self, joined: &JoinedHost, ctx: &egui::Context) {
        let Some(lan) = &mut self.lan.context else { return };
        lan.known.trust(joined.fingerprint, &joined.host_name, joined.address);
        lan.known.set_resume(&joined.fingerprint, Some(joined.token));
        // The name is offered again next time.
        lan.settings.name = Some(joined.player_name.clone());
        let (known, settings) = (lan.known.clone(), lan.settings.clone());
        self.store_lan_files(Some(known), settings, ctx);
    }

    /// Keeps new LAN settings (discovery already uses them); the file is stored on the jobs thread.
    pub(super) fn keep_lan_settings(&mut self, settings: LanSettings, ctx: &egui::Context) {
        let Some(lan) = &mut self.lan.context else { return };
        lan.settings = settings.clone();
        self.store_lan_files(None, settings, ctx);
    }

    /// Stores the known hosts (when given) and the LAN settings in the LAN folder, if LAN play
    /// keeps files.
    fn store_lan_files(&mut self, known: Option<KnownHosts>, settings: LanSettings, ctx: &egui::Context) {
        let Some(dir) = self.lan.files.clone() else { return };
        let work = move || Done::LanFiles(store_lan_files(known.as_ref(), &settings, &dir));
        if let Err(why) = self.submit_job(ctx, Pending::LanFiles, work) {
            self.lan.notice = Some(tr!("net-files-not-stored", error = why));
        }
    }

    /// Saves the settings (on the store's writer thread; a failed write joins the notices).
    pub(super) fn save_settings(&self) {
        if let Some(store) = &self.store
            && let Err(error) = store.save_settings(self.settings.clone())
        {
            tracing::warn!(%error, "the settings are not saved");
        }
    }

    /// Forgets an unfinished match; its files are removed on the store's writer thread (a
    /// failed removal joins the notices).
    pub(super) fn discard_unfinished(&mut self, id: &MatchId) {
        if let Some(store) = &mut self.store
            && let Err(error) = store.discard_unfinished(id)
        {
            tracing::error!(%error, "an unfinished match could not be discarded");
        }
    }

    /// Takes the jobs' answers and the profiles write's outcome to the screens that asked;
    /// called in `logic`, every frame.
    pub(super) fn poll_store_jobs(&mut self, ctx: &egui::Context) {
        if let Some(outcome) = self.jobs.profiles_write.as_ref().and_then(Receipt::check) {
            self.jobs.profiles_write = None;
            if let Screen::Profiles(screen) = &mut self.screen {
                screen.saved(outcome);
            }
        } else if self.jobs.profiles_write.is_some() {
            ctx.request_repaint_after(WRITE_POLL);
        }
        let answers = self.jobs.worker.as_ref().map(Worker::answers).unwrap_or_default();
        for done in answers {
            self.answered(done);
        }
    }

    /// Hands one job's answer to the store and the screen that asked.
    fn answered(&mut self, done: Done) {
        match done {
            Done::Exported(done) => {
                let target = done.target().to_owned();
                let outcome = match &mut self.store {
                    Some(store) => done.finish(store).map_err(|error| error.to_string()),
                    None => Err(tr!("store-job-stopped")),
                };
                if let Screen::History(screen) = &mut self.screen {
                    screen.exported(&target, outcome);
                }
            }
            Done::Record { id, findings, opened } => {
                if let Some(store) = &mut self.store {
                    store.take_findings(findings);
                }
                let Screen::History(screen) = &mut self.screen else { return };
                match opened {
                    Opened::Details(record) => screen.record_read(&id, record),
                    // Only while the player still waits for it there.
                    Opened::Replay(Ok(replay)) if screen.awaited_replay() == Some(&id) => self.screen = Screen::Replay(replay),
                    Opened::Replay(Ok(_)) => {}
                    Opened::Replay(Err(why)) => screen.replay_failed(&id, why),
                }
            }
            Done::LanFiles(Ok(())) => {}
            Done::LanFiles(Err(error)) => self.lan.notice = Some(tr!("net-files-not-stored", error = error)),
            Done::Failed(pending, why) => match pending {
                Pending::Export(target) => {
                    if let Screen::History(screen) = &mut self.screen {
                        screen.exported(&target, Err(why));
                    }
                }
                Pending::Record(id, usage) => self.record_not_opened(&id, usage, why),
                Pending::LanFiles => self.lan.notice = Some(tr!("net-files-not-stored", error = why)),
                #[cfg(test)]
                Pending::Other => {}
            },
            #[cfg(test)]
            Done::Test(_) => {}
        }
    }
}

/// Writes the known hosts (when given), then the LAN settings, into `dir`.
fn store_lan_files(known: Option<&KnownHosts>, settings: &LanSettings, dir: &Path) -> Result<(), String> {
    let known = known.map_or(Ok(()), |known| known.save().map_err(|error| error.to_string()));
    let settings = settings.save(dir).map_err(|error| error.to_string());
    known.and(settings)
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::store::Store;

    fn steps_until(harness: &mut Harness<'_, CardtableApp>, what: &str, done: impl Fn(&Harness<'_, CardtableApp>) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !done(harness) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            harness.step();
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// A job that takes long (here: held until the test lets it go) holds no frame: the
    /// history screen says "Exporting…" while the export waits behind it, and says where the
    /// file went once both are done.
    #[test]
    fn a_slow_job_does_not_hold_the_frame() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path()).expect("opens");
        let mut harness =
            Harness::builder().with_size([1000.0, 800.0]).build_eframe(move |cc| CardtableApp::with_store(cc, 1, Ok(Some(store))));
        // The way to the history is below the games: scrolled to first.
        harness.get_by_label("History").scroll_to_me();
        harness.run();
        harness.get_by_label("History").click();
        harness.run();
        let (release, gate) = mpsc::sync_channel::<()>(1);
        let ctx = harness.ctx.clone();
        harness
            .state_mut()
            .submit_job(&ctx, Pending::Other, move || {
                // Never for ever, should the test fail before letting it go.
                let _ = gate.recv_timeout(Duration::from_secs(30));
                Done::Test(1)
            })
            .expect("queued");
        harness.get_by_label("Export CSV").click();
        let started = Instant::now();
        harness.run();
        for _ in 0..5 {
            harness.step();
        }
        assert!(started.elapsed() < Duration::from_secs(5), "the frames went on while the job was held");
        harness.get_by_label("Exporting…");
        assert!(std::fs::read_dir(dir.path().join("exports")).is_err(), "nothing exported yet: the job waits its turn");
        release.send(()).expect("the job waits");
        steps_until(&mut harness, "the export", |harness| harness.query_by_label_contains("Exported 0 matches to").is_some());
        assert!(harness.query_by_label("Exporting…").is_none());
        let written = std::fs::read_dir(dir.path().join("exports")).expect("the folder").count();
        assert_eq!(written, 1, "one file");
    }

    /// A job that panics is answered (its screen is told) and the thread takes the next one.
    #[test]
    fn a_job_that_panics_is_answered_and_the_thread_goes_on() {
        let worker = Worker::start(egui::Context::default()).expect("starts");
        let id = MatchId::new(jiff::Timestamp::UNIX_EPOCH, 7);
        worker.submit(Job { pending: Pending::Record(id.clone(), RecordUse::Replay), work: Box::new(|| panic!("a bug")) }).expect("queued");
        worker.submit(Job { pending: Pending::Other, work: Box::new(|| Done::Test(2)) }).expect("queued");
        let mut answers = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(30);
        while answers.len() < 2 {
            assert!(Instant::now() < deadline, "both answered");
            answers.extend(worker.answers());
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            matches!(&answers[0], Done::Failed(Pending::Record(failed, RecordUse::Replay), message) if *failed == id && message == "a bug")
        );
        assert!(matches!(answers[1], Done::Test(2)));
    }

    /// More jobs than the queue holds are refused in words, not waited for.
    #[test]
    fn a_full_queue_refuses_rather_than_waits() {
        let worker = Worker::start(egui::Context::default()).expect("starts");
        let (release, gate) = mpsc::sync_channel::<()>(1);
        worker
            .submit(Job {
                pending: Pending::Other,
                work: Box::new(move || {
                    let _ = gate.recv_timeout(Duration::from_secs(30));
                    Done::Test(0)
                }),
            })
            .expect("queued");
        let started = Instant::now();
        let refused = (0..JOBS_QUEUED + 2)
            .filter_map(|_| worker.submit(Job { pending: Pending::Other, work: Box::new(|| Done::Test(1)) }).err())
            .collect::<Vec<_>>();
        assert!(started.elapsed() < Duration::from_secs(5), "never waits");
        assert!(!refused.is_empty() && refused.iter().all(|why| why.contains("Too much is waiting")), "{refused:?}");
        release.send(()).expect("held");
    }
}
