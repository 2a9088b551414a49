//! The games the engine knows, listed once. `with_games!(m)` hands the list to macro `m`:
//! [`crate::kind`] makes [`crate::GameKind`] of it and [`crate::registry`] the `Any*` enums,
//! so adding a game is one line here. (A macro, not a module to import: the list names the
//! game types without depending on them, so no module imports another in a circle.)

/// Calls `$then!` with every game: its variant, type, id, name and pitch.
macro_rules! with_games {
    ($then:ident) => {
        $then! {
            CrazyEights => games::crazy_eights::CrazyEights, id "crazy-eights", name "Crazy Eights",
                pitch "Match suit or rank; an eight changes the suit. First to empty their hand wins.";
            Fool108 => games::fool108::Fool108, id "fool108", name "108 Fool",
                pitch "Match suit or rank; sixes, sevens, nines and aces bite. Reach 108 and you lose.";
            HundredOne => games::hundred_one::HundredOne, id "hundred-one", name "One Hundred and One",
                pitch "Cover by suit or rank, Queens order a suit; sixes, sevens and aces punish. Pass 101 and you lose.";
            Dunno => games::dunno::Dunno, id "dunno", name "Dunno",
                pitch "Mau-mau with Jokers: stack sevens, Kings and Jokers, pass with a 3, defend, swap hands with a Jack.";
            Youglouf => games::youglouf::Youglouf, id "youglouf", name "Youglouf",
                pitch "Face-down cards you half remember; swap, peek and snap to the lowest sum, then call Youglouf.";
        }
    };
}
