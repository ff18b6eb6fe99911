//! The Failover machine in rust-fsm 0.8's `state_machine!`, its output the action list of the
//! step.

use super::{Action, lists};

rust_fsm::state_machine! {
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub failover(Init)

    Init => {
        Start => Initial [CmdAckSet],
        Stop => Init [CmdAck],
        ConnectionUp => Init,
        ConnectionDown => Init,
        Dwa => Init,
        NonDwa => Init,
        TwExpiry => Init,
    },
    Initial => {
        Start => Initial [CmdAck],
        Stop => Init [StopUnconnected],
        ConnectionUp => OkayNoPending [Set],
        ConnectionDown => Initial,
        Dwa => Initial [Throw],
        NonDwa => Initial [Throw],
        TwExpiry => Initial [Attempt],
    },
    OkayNoPending => {
        Start => OkayNoPending [CmdAck],
        Stop => Init [StopOkay],
        ConnectionUp => OkayNoPending,
        ConnectionDown => Down [DownOkay],
        Dwa => OkayNoPending [Set],
        NonDwa => OkayNoPending [Set],
        TwExpiry => OkayPending [SendDwr],
    },
    OkayPending => {
        Start => OkayPending [CmdAck],
        Stop => Init [StopOkay],
        ConnectionUp => OkayPending,
        ConnectionDown => Down [DownOkay],
        Dwa => OkayNoPending [Set],
        NonDwa => OkayPending [Set],
        TwExpiry => Suspect [FailoverSet],
    },
    Suspect => {
        Start => Suspect [CmdAck],
        Stop => Init [StopConnected],
        ConnectionUp => Suspect,
        ConnectionDown => Down [Down],
        Dwa => OkayNoPending [FailbackSet],
        NonDwa => OkayNoPending [FailbackSet],
        TwExpiry => Down [Down],
    },
    Down => {
        Start => Down [CmdAck],
        Stop => Init [StopUnconnected],
        ConnectionUp => ReopenPending [SendDwr],
        ConnectionDown => Down,
        Dwa => Down [Throw],
        NonDwa => Down [Throw],
        TwExpiry => Down [Attempt],
    },
    Pause => {
        Start => Pause [CmdAck],
        Stop => Init [StopConnected],
        ConnectionUp => Pause,
        ConnectionDown => Down [Down],
        Dwa => ReopenNoPending,
        NonDwa => Pause [Throw],
        TwExpiry => Down [Down],
    },
    ReopenPending => {
        Start => ReopenPending [CmdAck],
        Stop => Init [StopConnected],
        ConnectionUp => ReopenPending,
        ConnectionDown => Down [Down],
        Dwa => ReopenNoPending,
        NonDwa => ReopenPending [Throw],
        TwExpiry => Pause [Set],
    },
    ReopenNoPending => {
        Start => ReopenNoPending [CmdAck],
        Stop => Init [StopConnected],
        ConnectionUp => ReopenNoPending,
        ConnectionDown => Down [Down],
        Dwa => Reopen1NoPending,
        NonDwa => ReopenNoPending [Throw],
        TwExpiry => Reopen1Pending [SendDwr],
    },
    Reopen1Pending => {
        Start => Reopen1Pending [CmdAck],
        Stop => Init [StopConnected],
        ConnectionUp => Reopen1Pending,
        ConnectionDown => Down [Down],
        Dwa => Reopen1NoPending,
        NonDwa => Reopen1Pending [Throw],
        TwExpiry => Pause [Set],
    },
    Reopen1NoPending => {
        Start => Reopen1NoPending [CmdAck],
        Stop => Init [StopConnected],
        ConnectionUp => Reopen1NoPending,
        ConnectionDown => Down [Down],
        Dwa => OkayNoPending [Failback],
        NonDwa => Reopen1NoPending [Throw],
        TwExpiry => Reopen2Pending [SendDwr],
    },
    Reopen2Pending => {
        Start => Reopen2Pending [CmdAck],
        Stop => Init [StopConnected],
        ConnectionUp => Reopen2Pending,
        ConnectionDown => Down [Down],
        Dwa => OkayNoPending [Failback],
        NonDwa => Reopen2Pending [Throw],
        TwExpiry => Pause [Set],
    },
}

impl failover::Output {
    /// The actions this output stands for, in order.
    #[inline(always)]
    pub fn actions(self) -> &'static [Action] {
        use failover::Output::*;
        match self {
            CmdAckSet => lists::CMDACK_SET,
            CmdAck => lists::CMDACK,
            StopOkay => lists::STOP_OKAY,
            StopConnected => lists::STOP_CONNECTED,
            StopUnconnected => lists::STOP_UNCONNECTED,
            Attempt => lists::ATTEMPT,
            Set => lists::SET,
            Throw => lists::THROW,
            SendDwr => lists::SEND_DWR,
            FailoverSet => lists::FAILOVER_SET,
            DownOkay => lists::DOWN_OKAY,
            Down => lists::CLOSE,
            FailbackSet => lists::FAILBACK_SET,
            Failback => lists::FAILBACK,
        }
    }
}

/// The same event in rust-fsm's alphabet.
pub fn event(event: super::Event) -> failover::Input {
    use super::Event as E;
    use failover::Input;
    match event {
        E::Start => Input::Start,
        E::Stop => Input::Stop,
        E::ConnectionUp => Input::ConnectionUp,
        E::ConnectionDown => Input::ConnectionDown,
        E::DWA => Input::Dwa,
        E::NonDWA => Input::NonDwa,
        E::TwExpiry => Input::TwExpiry,
    }
}
