//! The test generator (`fsm_cli::testgen`, `fsm tests`): on every valid spec of the repository,
//! the suite hits every outcome an independent exploration finds (every transition, every
//! ignored and unhandled pair, under each variable case), each step's expectations are what the
//! interpreter does when fed the step as `fsm sim` reads it, and the command's text and JSON.

use clap::Parser as _;
use fsm_cli::cli::{self, Cli};
use fsm_cli::interp::{Interpreter, parse_input};
use fsm_cli::testgen::{self, Goal, Outcome};
use fsm_dsl::ir::{ActionId, ActionKind, EventId, Machine, StepKind, TimerId};
use std::collections::{BTreeSet, HashSet, VecDeque};
use std::path::{Path, PathBuf};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// Every valid spec: `specs/` and `tests/data/ok/`.
fn specs() -> Vec<(PathBuf, Machine)> {
    let mut out = Vec::new();
    for dir in ["specs", "tests/data/ok"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(repo(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "fsm"))
            .collect();
        paths.sort();
        for path in paths {
            let compiled = fsm_dsl::compile(&std::fs::read_to_string(&path).unwrap());
            let machine = compiled.machine.unwrap_or_else(|| panic!("{} does not check", path.display()));
            out.push((path, machine));
        }
    }
    assert!(out.len() >= 20, "expected the repository's specs, found {}", out.len());
    out
}

/// The timers running after `actions`, with `running` before them.
fn running_after(m: &Machine, actions: &[ActionId], mut running: BTreeSet<TimerId>) -> BTreeSet<TimerId> {
    for &a in actions {
        match m.action(a).kind {
            ActionKind::Start(t) => {
                running.insert(t);
            }
            ActionKind::Stop(t) => {
                running.remove(&t);
            }
            _ => {}
        }
    }
    running
}

/// The outcomes reachable from the start, found without the generator: a breadth-first walk
/// over (state, variables, running timers) that gives every event every combination of all
/// the machine's named guards (not only those its pair reads), stepping the interpreter; a
/// timer's expiry only where the timer runs, which disarms it.
fn reachable_goals(m: &Machine) -> BTreeSet<Goal> {
    assert!(m.guards.len() <= 12, "too many guards for the reference walk");
    let (start, entry) = Interpreter::start(m);
    let first = (start.state(), start.vars().to_vec(), running_after(m, &entry, BTreeSet::new()));
    let mut seen = HashSet::from([first.clone()]);
    let mut queue = VecDeque::from([first]);
    let mut goals = BTreeSet::new();
    while let Some((state, vars, running)) = queue.pop_front() {
        for event in (0..m.events.len()).map(EventId) {
            let mut armed = running.clone();
            if let Some(t) = m.event(event).timer
                && !armed.remove(&t)
            {
                continue;
            }
            let case: Vec<bool> = testgen::variable_tests(m, state, event).iter().map(|t| t.eval(&[], &vars)).collect();
            for mask in 0u32..1 << m.guards.len() {
                let guards: Vec<bool> = (0..m.guards.len()).map(|g| mask >> g & 1 == 1).collect();
                let mut it = Interpreter::at(m, state, vars.clone());
                let step = it.step(event, &guards);
                let outcome = match (step.transition, step.kind) {
                    (Some(t), _) => Outcome::Take(t),
                    (None, StepKind::Ignored) => Outcome::Ignored,
                    (None, StepKind::ProtocolError) => Outcome::ProtocolError,
                    (None, _) => Outcome::Unhandled,
                };
                goals.insert(Goal { state, event, outcome, case: case.clone() });
                let next = (it.state(), it.vars().to_vec(), running_after(m, &step.actions, armed.clone()));
                if seen.insert(next.clone()) {
                    queue.push_back(next);
                }
            }
        }
    }
    goals
}

#[test]
fn every_reachable_outcome_is_hit_on_every_spec() {
    for (path, m) in specs() {
        let suite = testgen::cases(&m);
        assert_eq!(suite.incomplete, None, "{}", path.display());
        let hit: BTreeSet<Goal> = suite.cases.iter().flat_map(|c| c.steps.iter().map(|s| s.goal.clone())).collect();
        let expected = reachable_goals(&m);
        let missing: Vec<&Goal> = expected.difference(&hit).collect();
        assert!(missing.is_empty(), "{}: the suite misses {missing:?}", path.display());
        assert_eq!(hit, expected, "{}: the suite hits outcomes the walk does not reach", path.display());
        assert_eq!(suite.stats.goals, expected.len(), "{}", path.display());
        // Every transition the walk takes is taken; the others are listed as not taken.
        let taken: BTreeSet<usize> = expected
            .iter()
            .filter_map(|g| match g.outcome {
                Outcome::Take(t) => Some(t.0),
                _ => None,
            })
            .collect();
        assert_eq!(suite.stats.transitions_covered, taken.len(), "{}", path.display());
        let untaken: BTreeSet<usize> = suite.untaken.iter().map(|t| t.0).collect();
        assert_eq!(untaken, (0..m.transitions.len()).filter(|t| !taken.contains(t)).collect(), "{}", path.display());
        // Every reachable ignored and unhandled pair is hit.
        for (wanted, count) in [
            (Outcome::Ignored, suite.stats.ignored_pairs),
            (Outcome::Unhandled, suite.stats.unhandled_pairs),
            (Outcome::ProtocolError, suite.stats.error_pairs),
        ] {
            let pairs: BTreeSet<_> =
                expected.iter().filter(|g| g.outcome == wanted).map(|g| (g.state, g.event)).collect();
            assert_eq!(count, pairs.len(), "{}: {wanted:?}", path.display());
        }
    }
}

/// A case sends a timer's expiry only after a step that started the timer and none since that
/// stopped it or took its expiry, as a running machine gets it: the checker's "may be running
/// in this state" is not enough, since one path into the state starts the timer and another
/// does not.
#[test]
fn no_case_sends_the_expiry_of_a_timer_that_is_not_running() {
    let back_without_stop = fsm_dsl::compile(
        "machine R { event Go; event Back; event Tick; timer T = 1 s; unhandled = ignore;
         initial state Off; state On; Off -> On on Go; On -> Off on Back;
         On -> On on Tick / start T; internal On on TExpiry; }",
    )
    .machine
    .unwrap();
    let mut machines = specs();
    machines.push((PathBuf::from("R"), back_without_stop));
    for (path, m) in machines {
        let suite = testgen::cases(&m);
        let timer_of = |name: &str| m.events.iter().find(|e| e.named.name == name).and_then(|e| e.timer);
        let mut expiries = 0;
        for (n, case) in suite.cases.iter().enumerate() {
            let mut running: BTreeSet<String> = BTreeSet::new();
            for action in &suite.entry {
                if let Some(t) = action.strip_prefix("start ") {
                    running.insert(t.split(' ').next().unwrap().to_owned());
                }
            }
            for (k, step) in case.steps.iter().enumerate() {
                if let Some(t) = timer_of(&step.event) {
                    let name = &m.timers[t.0].named.name;
                    assert!(
                        running.remove(name),
                        "{} case {}, step {}: {} while `{name}` is not running",
                        path.display(),
                        n + 1,
                        k + 1,
                        step.event
                    );
                    expiries += 1;
                }
                for action in &step.actions {
                    if let Some(t) = action.strip_prefix("start ") {
                        running.insert(t.split(' ').next().unwrap().to_owned());
                    } else if let Some(t) = action.strip_prefix("stop ") {
                        running.remove(t);
                    }
                }
            }
        }
        if path == Path::new("R") {
            // Both pairs of the expiry are hit: in `On` after `Tick`, in `Off` after `Back`.
            assert_eq!(expiries, 2, "{}", testgen::text(&m, &suite));
            assert_eq!(suite.stats.ignored_pairs, 4, "{}", testgen::text(&m, &suite));
        }
    }
}

#[test]
fn the_repository_specs_have_every_transition_taken() {
    for name in ["rfc3539_watchdog", "failover", "iua_as", "iua_asp", "iua_asp_side", "diameter_peer"] {
        let m =
            fsm_dsl::compile(&std::fs::read_to_string(repo(&format!("specs/{name}.fsm"))).unwrap()).machine.unwrap();
        let suite = testgen::cases(&m);
        assert!(suite.untaken.is_empty(), "{name}: {:?}", suite.untaken);
        assert_eq!(suite.stats.transitions_covered, m.transitions.len(), "{name}");
    }
}

/// Feeding each step to the interpreter as `fsm sim` reads it gives the step's expectations.
#[test]
fn each_step_is_what_the_interpreter_does_with_its_input() {
    for (path, m) in specs() {
        let suite = testgen::cases(&m);
        for (n, case) in suite.cases.iter().enumerate() {
            let (mut it, entry) = Interpreter::start(&m);
            let entry: Vec<String> = entry.iter().map(|a| m.action_sim_text(*a)).collect();
            assert_eq!(entry, suite.entry);
            for step in &case.steps {
                assert_eq!(m.state(it.state()).named.name, step.from, "{} case {}", path.display(), n + 1);
                let input = parse_input(&m, &step.input).unwrap();
                let (event, guards) = (input.event, input.guards);
                assert_eq!(m.event(event).named.name, step.event);
                for (g, value) in &step.guards {
                    assert_eq!(guards[m.guard_named(g).unwrap().0], *value, "{}: {}", path.display(), step.input);
                }
                let s = it.step(event, &guards);
                let actions: Vec<String> = s.actions.iter().map(|a| m.action_sim_text(*a)).collect();
                assert_eq!((m.state(s.to).named.name.as_str(), s.kind), (step.to.as_str(), step.kind));
                assert_eq!(actions, step.actions, "{} case {}: {}", path.display(), n + 1, step.input);
                assert_eq!(s.transition, step.transition);
                let vars: Vec<i64> = step.vars.iter().map(|(_, x)| *x).collect();
                assert_eq!(it.vars(), vars.as_slice());
                if let Some(t) = s.transition {
                    assert_eq!(step.refs, m.transition(t).refs());
                }
            }
        }
    }
}

#[test]
fn cases_come_shortest_first_and_each_adds_a_goal() {
    for (path, m) in specs() {
        let suite = testgen::cases(&m);
        let lengths: Vec<usize> = suite.cases.iter().map(|c| c.steps.len()).collect();
        assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{}: {lengths:?}", path.display());
        assert!(lengths.iter().all(|&n| n > 0));
        assert_eq!(suite.stats.steps, lengths.iter().sum::<usize>());
        assert_eq!(suite.stats.cases, suite.cases.len());
        // No case is redundant: each hits a goal no other case hits, or ends on one the others
        // reach only later. At least, no case's goals are all within another single case's.
        let sets: Vec<BTreeSet<&Goal>> =
            suite.cases.iter().map(|c| c.steps.iter().map(|s| &s.goal).collect()).collect();
        for (i, a) in sets.iter().enumerate() {
            for (j, b) in sets.iter().enumerate() {
                assert!(i == j || !a.is_subset(b), "{}: case {} adds nothing to case {}", path.display(), i + 1, j + 1);
            }
        }
        assert!(suite.stats.cases <= suite.stats.goals.max(1));
    }
}

/// A guard that decides between two transitions gets one step with it true and one with it
/// false; a guard that can fail with no `else` leaves the pair unhandled in one step.
#[test]
fn each_guard_outcome_gets_a_step() {
    let text = "machine G { unhandled = warn; initial state A; state B; event E; guard ok; \
                A -> B on E [ok]; B -> A on E; }";
    let m = fsm_dsl::compile(text).machine.unwrap();
    let suite = testgen::cases(&m);
    let inputs: HashSet<(String, String, StepKind)> =
        suite.cases.iter().flat_map(|c| c.steps.iter().map(|s| (s.from.clone(), s.input.clone(), s.kind))).collect();
    assert!(inputs.contains(&("A".into(), "E[ok]".into(), StepKind::Transition)), "{inputs:?}");
    assert!(inputs.contains(&("A".into(), "E".into(), StepKind::Unhandled)), "{inputs:?}");
    assert!(inputs.contains(&("B".into(), "E".into(), StepKind::Transition)), "{inputs:?}");
    assert_eq!(suite.stats.unhandled_pairs, 1);
}

struct Run {
    code: i32,
    out: String,
    err: String,
}

fn run(args: &[&str]) -> Run {
    let cli = Cli::try_parse_from(std::iter::once("fsm").chain(args.iter().copied())).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut input: &[u8] = b"";
    let mut io = cli::Io { out: &mut out, err: &mut err, input: &mut input, color: false };
    let code = cli::run(cli, &mut io);
    Run { code, out: String::from_utf8(out).unwrap(), err: String::from_utf8(err).unwrap() }
}

#[test]
fn cli_prints_the_watchdog_suite_as_text() {
    let r = run(&["tests", repo("specs/rfc3539_watchdog.fsm").to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.err);
    let first = r.out.lines().next().unwrap();
    assert!(first.starts_with("Rfc3539Watchdog: "), "{first}");
    assert!(
        first.contains("24 of 24 transitions taken in 20 of 20 handled pairs, 5 ignored and 0 unhandled pairs hit"),
        "{first}"
    );
    assert!(r.out.contains("start: INITIAL / start Tw {Pending = false, NumDWA = 0}"), "{}", r.out);
    // Row 5 needs three DWAs in REOPEN: the suite gets there.
    assert!(
        r.out.contains(
            "DWA                      REOPEN -> OKAY / Failback {Pending = false, NumDWA = 3}  (RFC 3539 App. A row 5)"
        ),
        "{}",
        r.out
    );
    assert!(r.out.contains("ConnectionDown           INITIAL: ignored"), "{}", r.out);
}

#[test]
fn cli_prints_the_suite_as_json() {
    let r = run(&["tests", "--format", "json", repo("specs/rfc3539_watchdog.fsm").to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    assert_eq!(v["machine"], "Rfc3539Watchdog");
    assert_eq!(v["initial"], "INITIAL");
    assert_eq!(v["entry"], serde_json::json!(["start Tw"]));
    assert_eq!(v["vars"], serde_json::json!({ "Pending": false, "NumDWA": 0 }));
    assert_eq!(v["summary"]["transitions"], 24);
    assert_eq!(v["summary"]["transitions_covered"], 24);
    assert_eq!(v["incomplete"], serde_json::Value::Null);
    let cases = v["cases"].as_array().unwrap();
    assert_eq!(v["summary"]["cases"], cases.len());
    let steps: Vec<&serde_json::Value> = cases.iter().flat_map(|c| c["steps"].as_array().unwrap()).collect();
    assert_eq!(v["summary"]["steps"], steps.len());
    let row20 = steps.iter().find(|s| s["refs"] == serde_json::json!(["RFC 3539 App. A row 20"])).unwrap();
    assert_eq!(row20["event"], "ConnectionUp");
    assert_eq!(row20["from"], "INITIAL");
    assert_eq!(row20["to"], "OKAY");
    assert_eq!(row20["kind"], "transition");
    assert_eq!(row20["actions"], serde_json::json!(["start Tw"]));
    assert_eq!(row20["guards"], serde_json::json!({}));
    assert!(row20["transition"].is_u64());
}

#[test]
fn cli_json_gives_guard_values_and_the_sim_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.fsm");
    std::fs::write(&path, "machine G { unhandled = warn; initial state A; state B; event E; guard ok; guard late; A -> B on E [ok && !late]; B -> A on E; }")
        .unwrap();
    let r = run(&["tests", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v: serde_json::Value = serde_json::from_str(&r.out).unwrap();
    let steps: Vec<&serde_json::Value> =
        v["cases"].as_array().unwrap().iter().flat_map(|c| c["steps"].as_array().unwrap()).collect();
    let taken = steps.iter().find(|s| s["from"] == "A" && s["kind"] == "transition").unwrap();
    assert_eq!(taken["guards"], serde_json::json!({ "ok": true, "late": false }));
    assert_eq!(taken["input"], "E[ok]");
    assert!(steps.iter().any(|s| s["from"] == "A" && s["kind"] == "unhandled"));
}

#[test]
fn cli_reports_a_spec_with_errors_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.fsm");
    std::fs::write(&path, "machine M { initial state A; A -> B on E; }").unwrap();
    let r = run(&["tests", path.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    assert!(r.out.is_empty());
    assert!(r.err.contains("error[E"), "{}", r.err);
    let r = run(&["tests", dir.path().join("missing.fsm").to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("cannot read"), "{}", r.err);
}

/// Past a limit the search stops, says why, and the suite covers what was found: each of its
/// steps still what the interpreter does.
#[test]
fn the_search_stops_at_its_limits_and_says_so() {
    let m = fsm_dsl::compile(&std::fs::read_to_string(repo("tests/data/ok/many_guards.fsm")).unwrap()).machine.unwrap();
    let whole = testgen::cases(&m);
    assert_eq!(whole.incomplete, None);
    assert_eq!(whole.stats.transitions_covered, 700);

    let limits = testgen::Limits { configurations: 50, ..testgen::Limits::CHECKER };
    let part = testgen::cases_within(&m, &limits);
    let why = part.incomplete.as_deref().unwrap();
    assert!(why.contains("more than 50 (state, variables, running timers) configurations"), "{why}");
    assert!(part.stats.configurations <= 50);
    assert!(part.stats.transitions_covered >= 49 && part.stats.transitions_covered < 700, "{:?}", part.stats);
    assert_eq!(part.untaken.len(), 700 - part.stats.transitions_covered);

    let limits = testgen::Limits { steps: 10, ..testgen::Limits::CHECKER };
    let part = testgen::cases_within(&m, &limits);
    assert!(part.incomplete.as_deref().unwrap().contains("more than 10 steps"));
    assert!(part.stats.transitions_covered <= 10);

    let guarded = fsm_dsl::compile(
        "machine G { unhandled = warn; initial state A; event E; guard a; guard b; internal A on E [a && b]; }",
    )
    .machine
    .unwrap();
    let limits = testgen::Limits { guard_combinations: 2, ..testgen::Limits::CHECKER };
    let part = testgen::cases_within(&guarded, &limits);
    assert!(part.incomplete.as_deref().unwrap().contains("reads 2 named guards"), "{:?}", part.incomplete);
    assert!(part.cases.is_empty());
}

#[test]
fn cli_text_lists_what_is_not_taken() {
    // `Draining` is reached by nothing (W0001, allowed there): its transition is listed, and
    // the command still succeeds.
    let r = run(&["tests", repo("tests/data/ok/defaults_and_lint_control.fsm").to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("3 of 4 transitions taken"), "{}", r.out);
    assert!(r.out.ends_with("not taken from the start:\n  Draining on Bye\n"), "{}", r.out);
}

/// A step that starts a timer whose duration reads variables says the duration, as `fsm sim`
/// does: the SIP INVITE client's Timer A doubles with each retransmission (RFC 3261 §17.1.1.2).
#[test]
fn steps_give_the_durations_of_the_timers_they_start() {
    let path = repo("tests/data/ok/sip_invite_client.fsm");
    let m = fsm_dsl::compile(&std::fs::read_to_string(path).unwrap()).machine.unwrap();
    let suite = testgen::cases(&m);
    let timer_a: Vec<u64> = (suite.cases.iter().flat_map(|c| &c.steps))
        .flat_map(|s| &s.durations)
        .filter(|(timer, _)| timer == "TimerA")
        .map(|(_, ms)| ms.expect("Timer A reads no data"))
        .collect();
    for ms in [500, 1_000, 2_000] {
        assert!(timer_a.contains(&ms), "{timer_a:?}");
    }
    let text = testgen::text(&m, &suite);
    assert!(text.contains("[TimerA 500 ms, TimerB 32 s]"), "{text}");
    assert!(text.contains("[TimerA 1 s]"), "{text}");
}

/// `fsm sim`'s input gives the fields of an event's data that durations read, in the brackets
/// beside the guards, and refuses a field no duration reads or a value that is not a `u64`.
#[test]
fn an_input_gives_the_data_fields_that_durations_read() {
    let m = fsm_dsl::compile(&std::fs::read_to_string(repo("tests/data/ok/dhcp_client.fsm")).unwrap()).machine.unwrap();
    let input = parse_input(&m, "DhcpAck[lease=3600]").unwrap();
    assert_eq!(input.data, [("lease".to_owned(), 3600)]);
    let error = parse_input(&m, "DhcpAck[leas=1]").unwrap_err().to_string();
    assert!(error.contains("no duration reads the field `leas`") && error.ends_with("are: lease"), "{error}");
    let error = parse_input(&m, "DhcpAck[lease=-1]").unwrap_err().to_string();
    assert!(error.contains("`-1` is not an unsigned integer"), "{error}");
    let error = parse_input(&m, "Start[lease=1]").unwrap_err().to_string();
    assert!(error.ends_with("the fields of `Start` that durations read are: none"), "{error}");
}
