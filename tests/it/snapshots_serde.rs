//! `fsm!(..., serde)`: a machine saved to JSON and restored goes on as if it had never stopped
//! (a property over random event sequences, cut at a random point, on the RFC 3539 watchdog and
//! on the SIP INVITE client, whose parameters and computed timer durations the snapshot keeps);
//! a snapshot of an older spec is refused with the names that changed, and restored through a
//! migration; and a snapshot that is corrupt, truncated or does not fit the spec is an error,
//! never a panic.

use proptest::prelude::*;
use std::collections::BTreeMap;
use std::time::Duration;

mod saved {
    #![deny(warnings)]
    fsm_macros::fsm!("specs/rfc3539_watchdog.fsm", serde);
    fsm_macros::fsm!("tests/data/ok/sip_invite_client.fsm", serde);
}
use saved::{rfc3539_watchdog as watchdog, sip_invite_client as sip};

/// What a test driver does between two events: an event of the spec's (not a timer's
/// expiry), or time passing, which fires the timers it runs out, in the order of their names.
#[derive(Clone, Copy, Debug)]
enum Op {
    Event(usize),
    Advance(u64),
}

fn ops(events: usize) -> impl Strategy<Value = Vec<Op>> {
    let op = prop_oneof![(0..events).prop_map(Op::Event), (1u64..40_000).prop_map(Op::Advance)];
    prop::collection::vec(op, 0..40)
}

/// A driver's hooks and its virtual clock: the actions run, in order, and the timers that
/// run with their remaining times, which the machine does not keep.
struct Clock<T> {
    log: Vec<String>,
    timers: BTreeMap<T, Duration>,
}

impl<T: Ord + Copy> Clock<T> {
    fn new(timers: Vec<(T, Duration)>) -> Self {
        Clock { log: Vec::new(), timers: timers.into_iter().collect() }
    }

    fn running(&self) -> Vec<(T, Duration)> {
        self.timers.iter().map(|(&t, &d)| (t, d)).collect()
    }

    /// Runs one action named `name`: logs it, and starts a timer for its duration (`starts`) or
    /// stops one (`stops`).
    fn act(&mut self, name: &str, starts: Option<(T, Duration)>, stops: Option<T>) {
        self.log.push(name.to_owned());
        if let Some((timer, duration)) = starts {
            self.timers.insert(timer, duration);
        }
        if let Some(timer) = stops {
            self.timers.remove(&timer);
        }
    }

    /// Lets `millis` pass: the timers that run out, removed, in order.
    fn advance(&mut self, millis: u64) -> Vec<T> {
        let step = Duration::from_millis(millis);
        let mut expired = Vec::new();
        for (&timer, remaining) in &mut self.timers {
            *remaining = remaining.saturating_sub(step);
            if remaining.is_zero() {
                expired.push(timer);
            }
        }
        for timer in &expired {
            self.timers.remove(timer);
        }
        expired
    }
}

impl watchdog::Hooks for Clock<watchdog::Timer> {
    fn action(&mut self, action: watchdog::Action) {
        let starts = action.starts().map(|timer| (timer, timer.default_duration().unwrap()));
        self.act(action.name(), starts, action.stops());
    }
}

impl sip::Hooks for Clock<sip::Timer> {
    fn action(&mut self, action: sip::Action) {
        let starts = action.starts().map(|timer| (timer, timer.default_duration().unwrap()));
        self.act(action.name(), starts, action.stops());
    }

    fn start(&mut self, action: sip::Action, timer: sip::Timer, duration: Duration) {
        self.log.push(format!("{} {}ms", action.name(), duration.as_millis()));
        self.timers.insert(timer, duration);
    }
}

/// Runs `ops` on a machine through its hooks: the steps taken, in order. One function for both
/// machines, whose modules have the same names.
macro_rules! drive {
    ($module:ident, $machine:expr, $clock:expr, $ops:expr) => {{
        let events: Vec<$module::Event> = $module::Event::ALL
            .into_iter()
            .filter(|event| !$module::Timer::ALL.iter().any(|timer| timer.expiry() == *event))
            .collect();
        let mut steps = Vec::new();
        for op in $ops {
            match *op {
                Op::Event(i) => steps.push($machine.step(events[i % events.len()], $clock)),
                Op::Advance(millis) => {
                    for timer in $clock.advance(millis) {
                        steps.push($machine.step(timer.expiry(), $clock));
                    }
                }
            }
        }
        steps
    }};
}

/// Through JSON and back, as a process that stops and another that starts would.
fn through_json<S: serde::Serialize + serde::de::DeserializeOwned>(snapshot: &S) -> S {
    let text = serde_json::to_string(snapshot).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Runs `ops` on a machine of `$module` started by `$start` (a function of the hooks) twice:
/// once without stopping, and once cut at `$cut`, snapshot, through JSON, restored with its
/// timers and driven on; the two must take the same steps, run the same actions and end in the
/// same machine with the same timers running.
macro_rules! restored_goes_on {
    ($module:ident, $start:expr, $ops:expr, $cut:expr) => {{
        let (ops, start) = ($ops, $start);
        let cut = $cut.min(ops.len());
        let mut clock = Clock::new(Vec::new());
        let mut machine = start(&mut clock);
        let all = drive!($module, machine, &mut clock, ops);

        let mut first = Clock::new(Vec::new());
        let mut before = start(&mut first);
        let mut steps = drive!($module, before, &mut first, &ops[..cut]);
        let snapshot = through_json(&before.snapshot(&first.running()));
        let (mut after, timers) = $module::Machine::restore(&snapshot).unwrap();
        prop_assert_eq!(after, before);
        let mut second = Clock::new(timers);
        prop_assert_eq!(&second.timers, &first.timers);
        steps.extend(drive!($module, after, &mut second, &ops[cut..]));
        first.log.extend(second.log);

        prop_assert_eq!(steps, all);
        prop_assert_eq!(first.log, clock.log);
        prop_assert_eq!(after, machine);
        prop_assert_eq!(second.timers, clock.timers);
    }};
}

proptest! {
    #[test]
    fn a_restored_watchdog_goes_on_as_one_never_stopped(ops in ops(4), cut in 0usize..40) {
        restored_goes_on!(watchdog, |clock: &mut Clock<watchdog::Timer>| watchdog::Machine::start(clock), &ops, cut);
    }

    #[test]
    fn a_restored_sip_transaction_keeps_its_parameters_and_timers(
        ops in ops(5),
        cut in 0usize..40,
        unreliable in any::<bool>(),
        t1 in 1i32..=60_000,
    ) {
        let params = sip::Params { unreliable, T1: t1 };
        restored_goes_on!(sip, |clock: &mut Clock<sip::Timer>| sip::Machine::start(params, clock), &ops, cut);
    }
}

/// Version 1 of a small spec, and version 2: a state (`Held`) and a variable (`holds`) added,
/// and the event `Press` renamed `Push`.
mod v1 {
    #![deny(warnings)]
    fsm_macros::fsm!(
        source = "
        machine Door {
            initial state Shut;
            state Open;
            event Press;
            timer AutoClose = 10 s;
            var opened: 0..=100 = 0;
            output var locked: bool = false;
            Shut -> Open on Press [opened < 100] / opened += 1, start AutoClose;
            Shut -> Open on Press [else] / locked = true, start AutoClose;
            Open -> Shut on Press / stop AutoClose;
            Open -> Shut on AutoCloseExpiry;
        }
    ",
        serde
    );
}

mod v2 {
    #![deny(warnings)]
    fsm_macros::fsm!(
        source = "
        machine Door {
            initial state Shut;
            state Open;
            state Held;
            event Push;
            event Hold;
            timer AutoClose = 10 s;
            var opened: 0..=100 = 0;
            output var locked: bool = false;
            var holds: 0..=3 = 0;
            Shut -> Open on Push [opened < 100] / opened += 1, start AutoClose;
            Shut -> Open on Push [else] / locked = true, start AutoClose;
            Open -> Shut on Push / stop AutoClose;
            Open -> Shut on AutoCloseExpiry;
            Open -> Held on Hold [holds < 3] / holds += 1, stop AutoClose;
            Open -> Open on Hold [else];
            Held -> Open on Push / start AutoClose;
            ignore Hold in Shut, Held;
        }
    ",
        serde
    );
}

struct Nothing;

impl v1::door::Hooks for Nothing {
    fn action(&mut self, _: v1::door::Action) {}
}

impl v2::door::Hooks for Nothing {
    fn action(&mut self, _: v2::door::Action) {}
}

/// A v1 door, opened twice and open, with 4.5 s left on `AutoClose`, as JSON.
fn v1_snapshot() -> String {
    let mut door = v1::door::Machine::start(&mut Nothing);
    for _ in 0..3 {
        door.step(v1::door::Event::Press, &mut Nothing);
    }
    assert_eq!(door.state(), v1::door::State::Open);
    let snapshot = door.snapshot(&[(v1::door::Timer::AutoClose, Duration::from_millis(4_500))]);
    serde_json::to_string(&snapshot).unwrap()
}

#[test]
fn the_version_covers_states_variables_and_timers_and_not_events() {
    assert_ne!(v1::door::VERSION, v2::door::VERSION);
    assert_eq!(
        v1::door::SCHEMA,
        "machine Door\nstate Shut\nstate Open\nvar opened: 0..=100\nvar locked: bool\ntimer AutoClose\n"
    );
    // The snapshot is by names, in JSON as a person would read it.
    let text = v1_snapshot();
    assert_eq!(
        text,
        format!(
            r#"{{"machine":"Door","version":{},"state":"Open","vars":{{"locked":false,"opened":2}},"timers":{{"AutoClose":4500}}}}"#,
            v1::door::VERSION
        )
    );
}

#[test]
fn a_snapshot_of_an_older_spec_is_refused_with_the_names_that_changed() {
    let old: v2::door::Snapshot = serde_json::from_str(&v1_snapshot()).unwrap();
    let error = v2::door::Machine::restore(&old).unwrap_err();
    assert_eq!(
        error,
        v2::door::SnapshotError::WrongVersion {
            found: v1::door::VERSION,
            unknown: Vec::new(),
            missing: vec!["variable holds".to_owned()],
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "the snapshot was taken with version {} of the spec `Door`, not {} (its states, variables or \
             timers changed): restore it with a migration; missing from the snapshot: variable holds",
            v1::door::VERSION,
            v2::door::VERSION
        )
    );
    // A snapshot of a spec that also renamed a variable names both sides.
    let mut renamed = old.clone();
    let value = renamed.vars.remove("opened").unwrap();
    renamed.vars.insert("openings".to_owned(), value);
    let error = v2::door::Machine::restore(&renamed).unwrap_err().to_string();
    assert!(
        error.ends_with(
            "; unknown to this spec: variable openings; missing from the snapshot: variable opened, variable holds"
        ),
        "{error}"
    );
}

#[test]
fn a_migration_restores_an_older_snapshot_and_the_machine_goes_on() {
    let old: v2::door::Snapshot = serde_json::from_str(&v1_snapshot()).unwrap();
    let migrate = |mut snapshot: v2::door::Snapshot| {
        if snapshot.version != v1::door::VERSION {
            return Err(v2::door::SnapshotError::Migration(format!("no migration from version {}", snapshot.version)));
        }
        snapshot.vars.insert("holds".to_owned(), v2::door::SnapshotValue::Int(0));
        snapshot.version = v2::door::VERSION;
        Ok(snapshot)
    };
    let (mut door, timers) = v2::door::Machine::restore_with(old.clone(), migrate).unwrap();
    assert_eq!(door.state(), v2::door::State::Open);
    assert_eq!(door.vars(), &v2::door::Vars { opened: 2, locked: false, holds: 0 });
    assert_eq!(timers, [(v2::door::Timer::AutoClose, Duration::from_millis(4_500))]);
    // It goes on with the new state and the renamed event.
    door.step(v2::door::Event::Hold, &mut Nothing);
    assert_eq!(door.state(), v2::door::State::Held);
    door.step(v2::door::Event::Push, &mut Nothing);
    assert_eq!((door.state(), door.vars().holds), (v2::door::State::Open, 1));
    // A migration that does not know the version refuses it, and its reason is the error.
    let mut unknown = old.clone();
    unknown.version = 7;
    let error = v2::door::Machine::restore_with(unknown, migrate).unwrap_err();
    assert_eq!(error.to_string(), "the migration refused the snapshot: no migration from version 7");
    // One that forgets to say the version it produced is refused as `restore` refuses it.
    let error = v2::door::Machine::restore_with(old, Ok).unwrap_err();
    assert!(matches!(error, v2::door::SnapshotError::WrongVersion { .. }), "{error}");
    // A snapshot of this version is restored as it is: the migration is not called.
    let current = door.snapshot(&[]);
    let restored = v2::door::Machine::restore_with(current, |_| unreachable!("not called")).unwrap();
    assert_eq!(restored, (door, Vec::new()));
}

#[test]
fn corrupt_or_truncated_json_is_the_formats_error() {
    let text = v1_snapshot();
    for end in 0..text.len() {
        assert!(serde_json::from_str::<v1::door::Snapshot>(&text[..end]).is_err(), "{}", &text[..end]);
    }
    for bad in [
        text.replace("\"opened\":2", "\"opened\":\"two\""),
        text.replace("\"opened\":2", "\"opened\":2.5"),
        text.replace("\"AutoClose\":4500", "\"AutoClose\":-1"),
        text.replace("\"version\":", "\"version\":-"),
        text.replace("\"state\":\"Open\"", "\"state\":3"),
        text.replace('{', "["),
        text.replace("\"machine\":\"Door\",", ""),
    ] {
        assert!(serde_json::from_str::<v1::door::Snapshot>(&bad).is_err(), "{bad}");
    }
}

#[test]
fn a_snapshot_that_does_not_fit_the_spec_is_an_error_that_says_why() {
    use v1::door::{Machine, Snapshot, SnapshotError, SnapshotValue as Value};
    let good: Snapshot = serde_json::from_str(&v1_snapshot()).unwrap();
    assert!(Machine::restore(&good).is_ok());
    let with = |change: &dyn Fn(&mut Snapshot)| {
        let mut snapshot = good.clone();
        change(&mut snapshot);
        Machine::restore(&snapshot).unwrap_err()
    };
    let cases: [(SnapshotError, &str); 9] = [
        (with(&|s| s.machine = "Window".to_owned()), "the snapshot is of the machine `Window`, not `Door`"),
        (with(&|s| s.state = "Ajar".to_owned()), "the snapshot's state `Ajar` is not a state of `Door`"),
        (
            with(&|s| {
                s.vars.insert("opened".to_owned(), Value::Int(101));
            }),
            "the snapshot's value 101 of `opened` is outside its range",
        ),
        (
            with(&|s| {
                s.vars.insert("opened".to_owned(), Value::Int(-1));
            }),
            "the snapshot's value -1 of `opened` is outside its range",
        ),
        (
            with(&|s| {
                s.vars.insert("opened".to_owned(), Value::Int(i64::MAX));
            }),
            "the snapshot's value 9223372036854775807 of `opened` is outside its range",
        ),
        (
            with(&|s| {
                s.vars.insert("locked".to_owned(), Value::Int(1));
            }),
            "the snapshot's value of `locked` is not of its type",
        ),
        (
            with(&|s| {
                s.vars.remove("locked");
            }),
            "the snapshot has no value for the variable `locked`",
        ),
        (
            with(&|s| {
                s.timers.insert("Bell".to_owned(), 1);
            }),
            "the snapshot's timer `Bell` is not a timer of `Door`",
        ),
        (
            with(&|s| {
                s.vars.insert("colour".to_owned(), Value::Bool(true));
            }),
            "the snapshot's variable `colour` is not a variable of `Door`",
        ),
    ];
    for (error, message) in cases {
        assert_eq!(error.to_string(), message);
        // A library's error: it boxes into `dyn Error`.
        let _: Box<dyn std::error::Error> = Box::new(error);
    }
    let error = with(&|s| s.version ^= 1);
    assert!(
        matches!(error, SnapshotError::WrongVersion { ref unknown, ref missing, .. } if unknown.is_empty() && missing.is_empty())
    );
}

mod sctp {
    #![deny(warnings)]
    fsm_macros::fsm!("tests/data/ok/sctp_t3_rtx.fsm", serde);
}

/// `[running T3rtx]` keeps the variable `running_T3rtx`: a snapshot in which it says otherwise
/// than the timers the caller saved would resume a machine that takes the wrong side of R1's
/// guard (RFC 4960 §6.3.2), so it is refused, both ways.
#[test]
fn a_snapshot_whose_running_variable_and_timers_disagree_is_refused() {
    use sctp::sctp_t3_rtx::{Action, Event, Hooks, Machine, SnapshotError, Timer};
    struct Sender;
    impl Hooks for Sender {
        fn action(&mut self, _: Action) {}
    }
    let mut sender = Machine::start(&mut Sender);
    sender.step(Event::SendData, &mut Sender);
    let running = vec![(Timer::T3rtx, Duration::from_millis(2_500))];
    assert_eq!(Machine::restore(&sender.snapshot(&running)).unwrap(), (sender, running.clone()));
    let refused = |snapshot| match Machine::restore(&snapshot) {
        Err(error @ SnapshotError::RunningDisagrees(_)) => error.to_string(),
        other => panic!("restored a snapshot whose timers disagree: {other:?}"),
    };
    let message = "the snapshot's variable `running_T3rtx` and its timers disagree on whether `T3rtx` runs";
    // The caller forgot the running timer.
    assert_eq!(refused(sender.snapshot(&[])), message);
    // The timer was stopped (R2), and the caller still lists it.
    sender.step(Event::SackAll, &mut Sender);
    assert_eq!(refused(sender.snapshot(&running)), message);
    assert!(Machine::restore(&sender.snapshot(&[])).is_ok());
}
