//! The Failover design written by hand, three ways a person would write it, each returning
//! the target and the step's complete action list (exit, own, entry) as a named constant:
//! a `match` on the pair, a `match` on the state then on the event, and a lookup table.

use super::{Action, Event, State};

/// The Failover design as a programmer would write it by hand: a `match` on the pair.
#[inline(always)]
pub fn pairs(state: State, event: Event) -> (State, &'static [Action]) {
    use Action::*;
    use Event::*;
    use State::*;
    match (state, event) {
        (INIT, Start) => (INITIAL, &[CmdAck, SetWatchdog]),
        (INIT, Stop) | (_, Start) => (state, &[CmdAck]),
        (OKAY_NoPending | OKAY_Pending, Stop) => (INIT, &[Failover, CloseConnection, StopTw, CmdAck]),
        (
            SUSPECT | PAUSE | REOPEN_Pending | REOPEN_NoPending | REOPEN1_Pending | REOPEN1_NoPending | REOPEN2_Pending,
            Stop,
        ) => (INIT, &[CloseConnection, StopTw, CmdAck]),
        (INITIAL | DOWN, Stop) => (INIT, &[StopTw, CmdAck]),
        (INIT, _) => (state, &[]),
        (INITIAL, TwExpiry) | (DOWN, TwExpiry) => (state, &[AttemptOpen, SetWatchdog]),
        (INITIAL, ConnectionUp) => (OKAY_NoPending, &[SetWatchdog]),
        (INITIAL | DOWN, DWA | NonDWA) => (state, &[Throwaway]),
        (INITIAL | DOWN, ConnectionDown) => (state, &[]),
        (OKAY_NoPending, DWA | NonDWA) => (state, &[SetWatchdog]),
        (OKAY_NoPending, TwExpiry) => (OKAY_Pending, &[SendDWR, SetWatchdog]),
        (OKAY_Pending, DWA) => (OKAY_NoPending, &[SetWatchdog]),
        (OKAY_Pending, NonDWA) => (state, &[SetWatchdog]),
        (OKAY_Pending, TwExpiry) => (SUSPECT, &[Failover, SetWatchdog]),
        (OKAY_NoPending | OKAY_Pending, ConnectionDown) => (DOWN, &[Failover, CloseConnection, SetWatchdog]),
        (SUSPECT, DWA | NonDWA) => (OKAY_NoPending, &[Failback, SetWatchdog]),
        (SUSPECT, TwExpiry | ConnectionDown) => (DOWN, &[CloseConnection, SetWatchdog]),
        (DOWN, ConnectionUp) => (REOPEN_Pending, &[SendDWR, SetWatchdog]),
        (REOPEN_Pending, DWA) => (REOPEN_NoPending, &[]),
        (REOPEN1_Pending, DWA) => (REOPEN1_NoPending, &[]),
        (REOPEN2_Pending, DWA) | (REOPEN1_NoPending, DWA) => (OKAY_NoPending, &[Failback]),
        (REOPEN_NoPending, DWA) => (REOPEN1_NoPending, &[]),
        (REOPEN_NoPending, TwExpiry) => (REOPEN1_Pending, &[SendDWR, SetWatchdog]),
        (REOPEN1_NoPending, TwExpiry) => (REOPEN2_Pending, &[SendDWR, SetWatchdog]),
        (REOPEN_Pending | REOPEN1_Pending | REOPEN2_Pending, TwExpiry) => (PAUSE, &[SetWatchdog]),
        (PAUSE, DWA) => (REOPEN_NoPending, &[]),
        (PAUSE, TwExpiry) => (DOWN, &[CloseConnection, SetWatchdog]),
        (PAUSE | REOPEN_Pending | REOPEN_NoPending | REOPEN1_Pending | REOPEN1_NoPending | REOPEN2_Pending, NonDWA) => {
            (state, &[Throwaway])
        }
        (
            PAUSE | REOPEN_Pending | REOPEN_NoPending | REOPEN1_Pending | REOPEN1_NoPending | REOPEN2_Pending,
            ConnectionDown,
        ) => (DOWN, &[CloseConnection, SetWatchdog]),
        (_, ConnectionUp) => (state, &[]),
    }
}

/// The Failover design by hand, a `match` on the state, then on the event, the common cases
/// first.
#[inline(always)]
pub fn nested(state: State, event: Event) -> (State, &'static [Action]) {
    use Event::*;
    use State::*;
    use lists::*;
    match state {
        OKAY_NoPending => match event {
            NonDWA | DWA => (OKAY_NoPending, SET),
            TwExpiry => (OKAY_Pending, SEND_DWR),
            ConnectionDown => (DOWN, DOWN_OKAY),
            Stop => (INIT, STOP_OKAY),
            Start => (OKAY_NoPending, CMDACK),
            ConnectionUp => (OKAY_NoPending, &[]),
        },
        OKAY_Pending => match event {
            DWA => (OKAY_NoPending, SET),
            NonDWA => (OKAY_Pending, SET),
            TwExpiry => (SUSPECT, FAILOVER_SET),
            ConnectionDown => (DOWN, DOWN_OKAY),
            Stop => (INIT, STOP_OKAY),
            Start => (OKAY_Pending, CMDACK),
            ConnectionUp => (OKAY_Pending, &[]),
        },
        SUSPECT => match event {
            DWA | NonDWA => (OKAY_NoPending, FAILBACK_SET),
            TwExpiry | ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (SUSPECT, CMDACK),
            ConnectionUp => (SUSPECT, &[]),
        },
        INIT => match event {
            Start => (INITIAL, CMDACK_SET),
            Stop => (INIT, CMDACK),
            _ => (INIT, &[]),
        },
        INITIAL => match event {
            TwExpiry => (INITIAL, ATTEMPT),
            ConnectionUp => (OKAY_NoPending, SET),
            DWA | NonDWA => (INITIAL, THROW),
            ConnectionDown => (INITIAL, &[]),
            Stop => (INIT, STOP_UNCONNECTED),
            Start => (INITIAL, CMDACK),
        },
        DOWN => match event {
            TwExpiry => (DOWN, ATTEMPT),
            ConnectionUp => (REOPEN_Pending, SEND_DWR),
            DWA | NonDWA => (DOWN, THROW),
            ConnectionDown => (DOWN, &[]),
            Stop => (INIT, STOP_UNCONNECTED),
            Start => (DOWN, CMDACK),
        },
        REOPEN_Pending => match event {
            DWA => (REOPEN_NoPending, &[]),
            TwExpiry => (PAUSE, SET),
            NonDWA => (REOPEN_Pending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN_Pending, CMDACK),
            ConnectionUp => (REOPEN_Pending, &[]),
        },
        REOPEN_NoPending => match event {
            DWA => (REOPEN1_NoPending, &[]),
            TwExpiry => (REOPEN1_Pending, SEND_DWR),
            NonDWA => (REOPEN_NoPending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN_NoPending, CMDACK),
            ConnectionUp => (REOPEN_NoPending, &[]),
        },
        REOPEN1_Pending => match event {
            DWA => (REOPEN1_NoPending, &[]),
            TwExpiry => (PAUSE, SET),
            NonDWA => (REOPEN1_Pending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN1_Pending, CMDACK),
            ConnectionUp => (REOPEN1_Pending, &[]),
        },
        REOPEN1_NoPending => match event {
            DWA => (OKAY_NoPending, FAILBACK),
            TwExpiry => (REOPEN2_Pending, SEND_DWR),
            NonDWA => (REOPEN1_NoPending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN1_NoPending, CMDACK),
            ConnectionUp => (REOPEN1_NoPending, &[]),
        },
        REOPEN2_Pending => match event {
            DWA => (OKAY_NoPending, FAILBACK),
            TwExpiry => (PAUSE, SET),
            NonDWA => (REOPEN2_Pending, THROW),
            ConnectionDown => (DOWN, CLOSE),
            Stop => (INIT, STOP_CONNECTED),
            Start => (REOPEN2_Pending, CMDACK),
            ConnectionUp => (REOPEN2_Pending, &[]),
        },
        PAUSE => match event {
            DWA => (REOPEN_NoPending, &[]),
            TwExpiry | ConnectionDown => (DOWN, CLOSE),
            NonDWA => (PAUSE, THROW),
            Stop => (INIT, STOP_CONNECTED),
            Start => (PAUSE, CMDACK),
            ConnectionUp => (PAUSE, &[]),
        },
    }
}

/// The Failover design by hand as a lookup table: a row per state, a column per event, in
/// declaration order (`Start`, `Stop`, `ConnectionUp`, `ConnectionDown`, `DWA`, `NonDWA`,
/// `TwExpiry`), read with no branch.
#[inline(always)]
pub fn table(state: State, event: Event) -> (State, &'static [Action]) {
    TABLE[state as usize][event as usize]
}

/// The cells of [`table`].
const TABLE: [[(State, &[Action]); 7]; 12] = {
    use State::*;
    use lists::*;
    const NONE: &[Action] = &[];
    [
        // INIT
        [(INITIAL, CMDACK_SET), (INIT, CMDACK), (INIT, NONE), (INIT, NONE), (INIT, NONE), (INIT, NONE), (INIT, NONE)],
        // INITIAL
        [
            (INITIAL, CMDACK),
            (INIT, STOP_UNCONNECTED),
            (OKAY_NoPending, SET),
            (INITIAL, NONE),
            (INITIAL, THROW),
            (INITIAL, THROW),
            (INITIAL, ATTEMPT),
        ],
        // DOWN
        [
            (DOWN, CMDACK),
            (INIT, STOP_UNCONNECTED),
            (REOPEN_Pending, SEND_DWR),
            (DOWN, NONE),
            (DOWN, THROW),
            (DOWN, THROW),
            (DOWN, ATTEMPT),
        ],
        // OKAY_NoPending
        [
            (OKAY_NoPending, CMDACK),
            (INIT, STOP_OKAY),
            (OKAY_NoPending, NONE),
            (DOWN, DOWN_OKAY),
            (OKAY_NoPending, SET),
            (OKAY_NoPending, SET),
            (OKAY_Pending, SEND_DWR),
        ],
        // OKAY_Pending
        [
            (OKAY_Pending, CMDACK),
            (INIT, STOP_OKAY),
            (OKAY_Pending, NONE),
            (DOWN, DOWN_OKAY),
            (OKAY_NoPending, SET),
            (OKAY_Pending, SET),
            (SUSPECT, FAILOVER_SET),
        ],
        // SUSPECT
        [
            (SUSPECT, CMDACK),
            (INIT, STOP_CONNECTED),
            (SUSPECT, NONE),
            (DOWN, CLOSE),
            (OKAY_NoPending, FAILBACK_SET),
            (OKAY_NoPending, FAILBACK_SET),
            (DOWN, CLOSE),
        ],
        // PAUSE
        [
            (PAUSE, CMDACK),
            (INIT, STOP_CONNECTED),
            (PAUSE, NONE),
            (DOWN, CLOSE),
            (REOPEN_NoPending, NONE),
            (PAUSE, THROW),
            (DOWN, CLOSE),
        ],
        // REOPEN_Pending
        [
            (REOPEN_Pending, CMDACK),
            (INIT, STOP_CONNECTED),
            (REOPEN_Pending, NONE),
            (DOWN, CLOSE),
            (REOPEN_NoPending, NONE),
            (REOPEN_Pending, THROW),
            (PAUSE, SET),
        ],
        // REOPEN_NoPending
        [
            (REOPEN_NoPending, CMDACK),
            (INIT, STOP_CONNECTED),
            (REOPEN_NoPending, NONE),
            (DOWN, CLOSE),
            (REOPEN1_NoPending, NONE),
            (REOPEN_NoPending, THROW),
            (REOPEN1_Pending, SEND_DWR),
        ],
        // REOPEN1_Pending
        [
            (REOPEN1_Pending, CMDACK),
            (INIT, STOP_CONNECTED),
            (REOPEN1_Pending, NONE),
            (DOWN, CLOSE),
            (REOPEN1_NoPending, NONE),
            (REOPEN1_Pending, THROW),
            (PAUSE, SET),
        ],
        // REOPEN1_NoPending
        [
            (REOPEN1_NoPending, CMDACK),
            (INIT, STOP_CONNECTED),
            (REOPEN1_NoPending, NONE),
            (DOWN, CLOSE),
            (OKAY_NoPending, FAILBACK),
            (REOPEN1_NoPending, THROW),
            (REOPEN2_Pending, SEND_DWR),
        ],
        // REOPEN2_Pending
        [
            (REOPEN2_Pending, CMDACK),
            (INIT, STOP_CONNECTED),
            (REOPEN2_Pending, NONE),
            (DOWN, CLOSE),
            (OKAY_NoPending, FAILBACK),
            (REOPEN2_Pending, THROW),
            (PAUSE, SET),
        ],
    ]
};

// The complete action lists of the Failover design's steps (exit, own, entry).

pub mod lists {
    use super::Action::{self, *};
    pub const CMDACK_SET: &[Action] = &[CmdAck, SetWatchdog];
    pub const CMDACK: &[Action] = &[CmdAck];
    pub const STOP_OKAY: &[Action] = &[Failover, CloseConnection, StopTw, CmdAck];
    pub const STOP_CONNECTED: &[Action] = &[CloseConnection, StopTw, CmdAck];
    pub const STOP_UNCONNECTED: &[Action] = &[StopTw, CmdAck];
    pub const ATTEMPT: &[Action] = &[AttemptOpen, SetWatchdog];
    pub const SET: &[Action] = &[SetWatchdog];
    pub const THROW: &[Action] = &[Throwaway];
    pub const SEND_DWR: &[Action] = &[SendDWR, SetWatchdog];
    pub const FAILOVER_SET: &[Action] = &[Failover, SetWatchdog];
    pub const DOWN_OKAY: &[Action] = &[Failover, CloseConnection, SetWatchdog];
    pub const CLOSE: &[Action] = &[CloseConnection, SetWatchdog];
    pub const FAILBACK_SET: &[Action] = &[Failback, SetWatchdog];
    pub const FAILBACK: &[Action] = &[Failback];
}
