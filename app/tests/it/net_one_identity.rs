//! Issue 30, item 6, guest side: two tables answer with one identity (a data folder copied on
//! one machine, or a table opened again). A guest of one, coming back with its token to
//! the other, is told so in words rather than let in as a stranger (before: admitted as a
//! newcomer, with no warning); joining that table as a new guest stays its choice.

use crate::net_support;

use cardtable::net::guest::{JoinError, JoinRequest, join, join_heard};
use cardtable::net::identity::{CERT_FILE, Identity, KEY_FILE, MACHINE_FILE, Renewed};
use cardtable::net::server::{HostHandle, start_host};
use cardtable::net::table::{TableConfig, TableCore};
use cardtable::net::tls::Pin;
use cardtable_engine::{AnyOptions, GameKind};
use net_support::quic::{hello, join_pinned, quick_liveness, runtime, settings};

#[test]
fn a_token_from_another_table_of_the_same_identity_is_told_not_let_in_as_a_stranger() {
    runtime().block_on(async {
        let identity = Identity::generate().expect("identity");
        let (first, second, request) = token_from_the_first_to_the_second(&identity, &identity).await;
        let token = request.hello.resume.expect("a token");
        let error = join(request).await.expect_err("a token the table never gave is not let in as a stranger");
        let JoinError::Refused(refusal) = &error else { panic!("refused by the host: {error:?}") };
        assert!(refusal.to_string().contains("does not know your seat"), "told in words: {refusal}");
        // At the table that gave it, the token is welcome (a lobby seat frees when its guest
        // drops, so she comes back as a newcomer there).
        let back = join_pinned(first.addr(), identity.fingerprint(), hello("Bea", Some(token))).await;
        // Joining the other table as a new guest is the guest's choice.
        let fresh = join_pinned(second.addr(), identity.fingerprint(), hello("Bea", None)).await;
        assert_ne!(fresh.admitted().token, token);
        drop((back, fresh));
        first.close().await;
        second.close().await;
    });
}

/// Issue 30, item 6, on one machine: a data folder copied to another `--data-dir` gets an
/// identity of its own at its first start, saying so. A guest seated at the original, coming
/// back with its token, is told plainly when it dials the copy ("host identity changed"), never
/// let in there as a stranger; among both addresses (as heard), its join reaches the original,
/// which knows its token (before: both answered with one identity, and the guest landed at
/// the copy as a newcomer 5 of 10 times).
#[test]
fn a_data_folder_copied_on_this_machine_hosts_under_its_own_identity() {
    runtime().block_on(async {
        let folders = tempfile::tempdir().expect("tempdir");
        let original = folders.path().join("original");
        let copied = folders.path().join("copy");
        let (identity, renewed) = Identity::load_or_create_telling(&original).expect("made");
        assert_eq!(renewed, None);
        std::fs::create_dir_all(&copied).expect("the copy's folder");
        for file in [CERT_FILE, KEY_FILE, MACHINE_FILE] {
            std::fs::copy(original.join(file), copied.join(file)).expect("copied");
        }
        let (copy_identity, renewed) = Identity::load_or_create_telling(&copied).expect("the copy starts");
        assert!(matches!(&renewed, Some(Renewed::OtherFolder { .. })), "the copy says so: {renewed:?}");
        assert_ne!(copy_identity.fingerprint(), identity.fingerprint(), "two hosts, two identities");
        let (first, second, request) = token_from_the_first_to_the_second(&identity, &copy_identity).await;
        for _ in 0..10 {
            let error = join(request.clone()).await.expect_err("the copy is not the host that seated her");
            assert!(matches!(error, JoinError::IdentityChanged { .. }), "told plainly: {error:?}");
            let back = join_heard(request.clone(), &[second.addr(), first.addr()]).await.expect("the original is found");
            assert_eq!(back.host(), identity.fingerprint(), "back at the table that gave her token");
            drop(back);
        }
        first.close().await;
        second.close().await;
    });
}

/// Opens a table as `first` and another as `second`; Bea joins the first and leaves. Returns
/// both tables and her request to the second, pinned to the first's identity, with her token.
async fn token_from_the_first_to_the_second(first: &Identity, second: &Identity) -> (HostHandle, HostHandle, JoinRequest) {
    let options = AnyOptions::defaults(GameKind::CrazyEights);
    let table =
        |seed| TableCore::new(net_support::quic::with_test_seat_code(TableConfig::new("Ana")), options.clone(), 2, seed).expect("table");
    let first_table = start_host(table(1), first, settings()).expect("the first table opens");
    let second_table = start_host(table(2), second, settings()).expect("the second table opens");
    let link = join_pinned(first_table.addr(), first.fingerprint(), hello("Bea", None)).await;
    let token = link.admitted().token;
    drop(link);
    let mut request = JoinRequest::new(second_table.addr(), Pin::Fingerprint(first.fingerprint()), hello("Bea", Some(token)));
    request.liveness = quick_liveness();
    (first_table, second_table, request)
}
