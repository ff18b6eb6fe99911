//! `tests/no_std`, the `#![no_std]` crate without `alloc` that compiles machines through
//! `fsm!` as firmware does, run here on the host: the same code that `scripts/no-std` builds
//! for a microcontroller takes the steps the specs say, with hooks that allocate nothing.

use fsm_no_std as firmware;

#[test]
fn the_watchdog_without_std_follows_rfc_3539() {
    use firmware::watchdog::rfc3539_watchdog::{Event::*, State};
    // Start (SetWatchdog), the connection comes up (row 20: SetWatchdog), Tw expires with no
    // DWR pending (row 12: SendWatchdog, SetWatchdog), the DWA comes (row 1: SetWatchdog).
    assert_eq!(firmware::watchdog(&[ConnectionUp, TwExpiry, DWA]), (State::OKAY, 5));
    // Tw expires twice unanswered (rows 12, 13), then once more in SUSPECT (row 14).
    assert_eq!(firmware::watchdog(&[ConnectionUp, TwExpiry, TwExpiry, TwExpiry]).0, State::DOWN);
}

#[test]
fn the_iua_asp_tcp_and_a_large_machine_step_without_std() {
    use firmware::iua::iua_asp::{Event as Asp, State as AspState};
    let before = firmware::TAKEN.load(std::sync::atomic::Ordering::Relaxed);
    // ASP Up: acknowledged (RFC 4233 §4.3.3.1), or refused while management blocks the ASP.
    assert_eq!(firmware::iua(&[Asp::AspUp], false), (AspState::ASP_INACTIVE, 1));
    assert_eq!(firmware::iua(&[Asp::AspUp], true), (AspState::ASP_DOWN, 1));
    // Coverage is recorded by the crate's allocation-free recorder.
    assert!(firmware::TAKEN.load(std::sync::atomic::Ordering::Relaxed) > before);
    // A segment in CLOSED: the spec's guard on the event's data decides the RST.
    assert_eq!(firmware::tcp(&[1]).0, firmware::tcp::tcp::State::CLOSED);
    // The packed table's dispatch: S0 -> S1 -> S8 on E0, each running A0.
    use firmware::large::table::{Event as E, State as S};
    assert_eq!(firmware::large(&[E::E0, E::E0]), (S::S8, 2));
    assert_eq!(firmware::names().1, "OKAY");
    assert!(firmware::names().0.contains("digraph \"Rfc3539Watchdog\" {"));
}
