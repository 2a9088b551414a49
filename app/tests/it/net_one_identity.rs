//! Issue 30, item 6, guest side: two tables answer with one identity (a data folder copied on
//! one machine, or a table opened again). A guest of one, coming back with its token to
//! the other, is told so in words rather than let in as a stranger (before: admitted as a
//! newcomer, with no warning); joining that table as a new guest stays its choice.

use crate::net_support;

use cardtable::net::guest::{JoinError, JoinRequest, join};
use cardtable::net::identity::Identity;
use cardtable::net::server::start_host;
use cardtable::net::table::{TableConfig, TableCore};
use cardtable::net::tls::Pin;
use cardtable_engine::{AnyOptions, GameKind};
use net_support::quic::{hello, join_pinned, quick_liveness, runtime, settings};

#[test]
fn a_token_from_another_table_of_the_same_identity_is_told_not_let_in_as_a_stranger() {
    runtime().block_on(async {
        let options = AnyOptions::defaults(GameKind::CrazyEights);
        let identity = Identity::generate().expect("identity");
        let table = |seed| {
            TableCore::new(net_support::quic::with_test_seat_code(TableConfig::new("Ana")), options.clone(), 2, seed).expect("table")
        };
        let first = start_host(table(1), &identity, settings()).expect("the first table opens");
        let second = start_host(table(2), &identity, settings()).expect("the second table opens, with the same identity");
        let link = join_pinned(first.addr(), identity.fingerprint(), hello("Bea", None)).await;
        let token = link.admitted().token;
        drop(link);
        let mut request = JoinRequest::new(second.addr(), Pin::Fingerprint(identity.fingerprint()), hello("Bea", Some(token)));
        request.liveness = quick_liveness();
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
