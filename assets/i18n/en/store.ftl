# Profiles, history, statistics, replay, saved matches and the data folder's notices.

store-back = ← Back
store-profiles = Profiles
store-history = History
store-statistics = Statistics
store-cancel = Cancel

store-resume-title = Unfinished matches
store-resume-line = { $game } · round { $round }
    { $players }
store-resume-line-unreadable = { $game } (it does not replay)
    { $players }
store-resume-saved = Saved { $when }
store-resume-all = All { $count }
store-resume-fewer = Fewer
store-resume = Resume
store-discard = Discard
store-discard-confirm = Discard this match for good?
store-discard-yes = Discard it
store-resume-failed = This match cannot be resumed: { $error }

store-profile-new = New profile
store-profile-name = Name
store-profile-create = Create profile
store-profile-new-name = New name
store-profile-rename = Rename
store-profile-save = Save
store-profile-delete = Delete
store-profile-delete-confirm = Delete { $name }? Their finished matches stay in the history under this name.
store-profile-delete-yes = Delete { $name }
store-profile-since = since { $date }
store-profile-none = No profiles yet: make one for each person who plays on this device.
store-profile-recent = Played recently: { $names }
store-profile-avatar = Avatar
store-profile-error-empty = A profile needs a name.
store-profile-error-long = A name has at most { $max } characters.
store-profile-error-taken = There is already a profile called { $name }.
store-profile-error-unknown = That profile no longer exists.

store-history-empty = No finished matches yet.
store-history-count = { $count ->
    [one] One match
   *[other] { $count } matches
}
store-history-game = Game
store-history-player = Player
store-history-all-games = All games
store-history-all-players = Everyone
store-history-replay = Replay
store-history-network = Played on the home network (no replay: this device saw only its own cards).
store-history-network-closed = The table closed before the match was decided, so only its finished rounds are kept.
store-history-network-verified = Played on the home network: verified on this device (the host's record replays exactly as it was played here).
store-history-network-no-record = Played on the home network; the host sent no record of it, so it was not checked and does not replay.
store-history-mark-verified = verified on this device
store-history-mark-mismatch = does not replay as played
store-history-mark-network = home network, not checked
store-history-col-when = When
store-history-col-game = Game
store-history-col-rounds = Rounds
store-history-col-players = Players and totals
store-history-col-match = Match
store-history-col-round = Round
store-history-details = Details
store-history-close = Close
store-history-undos = { $count ->
    [one] 1 move taken back
   *[other] { $count } moves taken back
}
store-history-rounds = { $count ->
    [one] one round
   *[other] { $count } rounds
}
store-history-round = Round { $round }
store-history-won = won
store-history-lost = lost
store-export-csv = Export CSV
store-export-json = Export JSON
store-export-done = Exported { $count } matches to { $path }
store-export-failed = The export failed: { $error }

store-stats-profile = Whose statistics
store-stats-game = Game
store-stats-played = Played
store-stats-won = Won
store-stats-lost = Lost
store-stats-no-rate = No finished match yet to chart.
store-stats-win-rate = Win rate
store-stats-average = Points per round
store-stats-best = Best match
store-stats-worst = Worst match
store-stats-total = total { $total }
store-stats-none = { $name } has not finished a match yet.
store-stats-no-profile = Make a profile to keep statistics.
store-stats-make-profile = Make a profile
store-stats-win-rate-plot = Win rate over time
store-plot-score = Score over rounds
store-plot-round = Round
store-plot-total = Total
store-plot-date = Date

store-replay-title = Replay: { $game }
store-replay-step = Step { $at } of { $len }
store-replay-position = Move
store-replay-start = ◀◀ Start
store-replay-back = ◀ Step back
store-replay-forward = Step ▶
store-replay-end = End ▶▶
store-replay-deal = The next round is dealt.
store-replay-acted = { $name }: { $action }
store-replay-before = Before the first move.
store-replay-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
store-replay-unreadable = This match cannot be replayed: { $error }
store-replay-missing = This match's record could not be read.

store-notice-ok = OK
store-damage-missing = the file was missing
store-damage-empty = the file was empty
store-damage-truncated = the file was cut short
store-damage-garbage = the file was not readable
store-damage-wrong-kind = the file was not a Cardtable file of its kind
store-damage-shape = the data did not fit its format ({ $reason })
store-notice-damaged-backup = { $file }: { $damage }. The last good copy is used; the damaged file is kept as { $moved }.
store-notice-damaged-rebuilt = { $file }: { $damage }. It was rebuilt from the match records; the damaged file is kept as { $moved }.
store-notice-damaged-nothing = { $file }: { $damage }, and there was no good copy, so it starts empty. The damaged file is kept as { $moved }.
store-notice-migrated = { $file } came from an older Cardtable and was upgraded; the original is kept as { $original }.
store-notice-read-only-instance = Another Cardtable is using your data: you can look at everything here, but nothing is saved.
store-notice-read-only-newer = { $file } was written by a newer Cardtable: you can look at everything here, but nothing is saved, so nothing of it is lost.
store-notice-repaired = The history index was brought up to date ({ $added } found, { $dropped } gone).
store-notice-summaries-edited = The history index was edited: { $count } matches listed there are not what their records play to ({ $matches }). The records' results are shown and counted.
store-notice-compacted = { $count } matches upgraded to the compact format, { $freed } freed.
store-notice-write-failed = { $file } is not saved yet: { $error } ({ $times ->
    [one] failed once, at { $time }
   *[other] failed { $times } times, the last at { $time }
}). It is tried again every few seconds until it is saved.
store-notice-moved-aside = { $file } was not a file ({ $kind }): it was moved to { $moved } and a new one made.
store-damage-too-large = the file was far larger than any such file can be
store-notice-read-only-not-writable = Your data folder { $folder } cannot be written ({ $error }): you can look at everything and export it, but nothing is saved.
store-notice-unreadable = { $file } could not be read ({ $error }). It is left as it is and skipped.
store-notice-export-incomplete = The export { $file } lacks { $count } matches whose records could not be read: { $matches }. Each is kept aside as said above.
store-no-data = Profiles, history and saved matches are off: { $error }

# The store's jobs, which run off the frame: what the screens say meanwhile and after.
store-profile-saving = Saving…
store-profile-saved = Saved
store-profile-not-saved = Not saved: { $error }
store-history-opening = Opening…
store-history-unreadable = The record of this match could not be read.
store-replay-failed = This match does not replay: { $error }
store-export-running = Exporting…
store-job-failed = That could not be done: { $error }
store-job-busy = Too much is waiting to be done: try again in a moment.
store-job-stopped = The data folder's jobs have stopped: restart Cardtable.
store-history-reading = Reading the match history: { $read } of { $total } matches…
store-history-loading = Reading the match history…
