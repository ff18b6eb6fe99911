//! The Failover machine in smlang 0.8's `statemachine!`, its actions folded into the context's
//! checksum through the same `sink` as the other sides.

use super::{Action, lists, sink};
use smlang::statemachine;

statemachine! {
    derive_states: [Clone, Copy, Debug],
    derive_events: [Clone, Copy, Debug],
    transitions: {
        *Init + Start / cmdack_set = Initial,
        Init + Stop / cmdack = _,
        Initial | OkayNoPending | OkayPending | Suspect | Down | Pause | ReopenPending | ReopenNoPending
            | Reopen1Pending | Reopen1NoPending | Reopen2Pending + Start / cmdack = _,
        OkayNoPending | OkayPending + Stop / stop_okay = Init,
        Suspect | Pause | ReopenPending | ReopenNoPending | Reopen1Pending | Reopen1NoPending | Reopen2Pending
            + Stop / stop_connected = Init,
        Initial | Down + Stop / stop_unconnected = Init,
        Init + ConnectionUp = _,
        Init + ConnectionDown = _,
        Init + Dwa = _,
        Init + NonDwa = _,
        Init + TwExpiry = _,
        Initial | Down + TwExpiry / attempt = _,
        Initial + ConnectionUp / set = OkayNoPending,
        Initial | Down + Dwa / throw = _,
        Initial | Down + NonDwa / throw = _,
        Initial | Down + ConnectionDown = _,
        OkayNoPending + Dwa / set = _,
        OkayNoPending + NonDwa / set = _,
        OkayNoPending + TwExpiry / send_dwr = OkayPending,
        OkayPending + Dwa / set = OkayNoPending,
        OkayPending + NonDwa / set = _,
        OkayPending + TwExpiry / failover_set = Suspect,
        OkayNoPending | OkayPending + ConnectionDown / down_okay = Down,
        Suspect + Dwa / failback_set = OkayNoPending,
        Suspect + NonDwa / failback_set = OkayNoPending,
        Suspect + TwExpiry / down = Down,
        Suspect + ConnectionDown / down = Down,
        Down + ConnectionUp / send_dwr = ReopenPending,
        ReopenPending + Dwa = ReopenNoPending,
        Reopen1Pending + Dwa = Reopen1NoPending,
        Reopen2Pending | Reopen1NoPending + Dwa / failback = OkayNoPending,
        ReopenNoPending + Dwa = Reopen1NoPending,
        ReopenNoPending + TwExpiry / send_dwr = Reopen1Pending,
        Reopen1NoPending + TwExpiry / send_dwr = Reopen2Pending,
        ReopenPending | Reopen1Pending | Reopen2Pending + TwExpiry / set = Pause,
        Pause + Dwa = ReopenNoPending,
        Pause + TwExpiry / down = Down,
        Pause | ReopenPending | ReopenNoPending | Reopen1Pending | Reopen1NoPending | Reopen2Pending
            + NonDwa / throw = _,
        Pause | ReopenPending | ReopenNoPending | Reopen1Pending | Reopen1NoPending | Reopen2Pending
            + ConnectionDown / down = Down,
        OkayNoPending | OkayPending | Suspect | Pause | ReopenPending | ReopenNoPending | Reopen1Pending
            | Reopen1NoPending | Reopen2Pending + ConnectionUp = _,
    }
}

/// The context: the checksum the actions fold into.
pub struct Context {
    pub acc: u64,
}

impl Context {
    #[inline(always)]
    fn run(&mut self, actions: &'static [Action]) -> Result<(), ()> {
        for &action in actions {
            sink(&mut self.acc, action);
        }
        Ok(())
    }
}

impl StateMachineContext for Context {
    fn cmdack_set(&mut self) -> Result<(), ()> {
        self.run(lists::CMDACK_SET)
    }
    fn cmdack(&mut self) -> Result<(), ()> {
        self.run(lists::CMDACK)
    }
    fn stop_okay(&mut self) -> Result<(), ()> {
        self.run(lists::STOP_OKAY)
    }
    fn stop_connected(&mut self) -> Result<(), ()> {
        self.run(lists::STOP_CONNECTED)
    }
    fn stop_unconnected(&mut self) -> Result<(), ()> {
        self.run(lists::STOP_UNCONNECTED)
    }
    fn attempt(&mut self) -> Result<(), ()> {
        self.run(lists::ATTEMPT)
    }
    fn set(&mut self) -> Result<(), ()> {
        self.run(lists::SET)
    }
    fn throw(&mut self) -> Result<(), ()> {
        self.run(lists::THROW)
    }
    fn send_dwr(&mut self) -> Result<(), ()> {
        self.run(lists::SEND_DWR)
    }
    fn failover_set(&mut self) -> Result<(), ()> {
        self.run(lists::FAILOVER_SET)
    }
    fn down_okay(&mut self) -> Result<(), ()> {
        self.run(lists::DOWN_OKAY)
    }
    fn down(&mut self) -> Result<(), ()> {
        self.run(lists::CLOSE)
    }
    fn failback_set(&mut self) -> Result<(), ()> {
        self.run(lists::FAILBACK_SET)
    }
    fn failback(&mut self) -> Result<(), ()> {
        self.run(lists::FAILBACK)
    }
}

/// The same event in smlang's alphabet.
pub fn event(event: super::Event) -> Events {
    use super::Event as E;
    match event {
        E::Start => Events::Start,
        E::Stop => Events::Stop,
        E::ConnectionUp => Events::ConnectionUp,
        E::ConnectionDown => Events::ConnectionDown,
        E::DWA => Events::Dwa,
        E::NonDWA => Events::NonDwa,
        E::TwExpiry => Events::TwExpiry,
    }
}
