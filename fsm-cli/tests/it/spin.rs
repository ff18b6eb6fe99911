//! `fsm verify --promela` against SPIN: every system of `specs/systems/`, seeded-bug variants of
//! each (a capacity one too small, a transition dropped from a helper spec, a receive rule that
//! renames a message to the wrong event), the seeded bugs of `tests/data/systems/bugs`, small
//! systems with loss, duplication and reordering, and one with named guards (each of their
//! values an option, some of them leaving a message unhandled), each exported, verified by SPIN's `pan` and
//! compared with `fsm verify`: the same properties violated, and SPIN's stored states exactly
//! ours plus one (the state before the start's `d_step`). Each variant must break a property
//! that its system keeps. Also the Promela text itself.
//!
//! Needs `spin` and `cc` (scripts/install-deps installs SPIN); without them the cross-check is
//! skipped with a message, except on CI (`CI` set), where it fails.

use fsm_cli::verify::{self, Bounds, Property, promela};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// A new directory under the system's temporary directory, removed when dropped.
fn temp_dir(label: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("fsm-spin-{label}-")).tempdir().unwrap()
}

/// A system to compare: its file (specs read relative to it).
struct Case {
    name: String,
    file: PathBuf,
}

/// Whether SPIN and a C compiler are on the path; on CI they must be.
fn spin_present() -> bool {
    let found = |tool: &str, arg: &str| Command::new(tool).arg(arg).output().is_ok();
    let present = found("spin", "-V") && found("cc", "--version");
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(present || !ci, "`spin` or `cc` is not on PATH, and CI is set: scripts/install-deps installs SPIN");
    if !present {
        eprintln!("skipped: the SPIN cross-check needs `spin` and `cc` on PATH (scripts/install-deps installs SPIN)");
    }
    present
}

/// What `pan` said.
#[derive(Debug)]
struct Pan {
    /// The kinds of error reported, as `pan:N: ...` lines name them (depths cut).
    kinds: BTreeSet<String>,
    states: usize,
    elapsed: Duration,
    complete: bool,
}

/// Exports, compiles and runs `pan` on a checked system.
fn spin(system: &verify::System, dir: &Path, name: &str) -> Pan {
    let text = promela::promela(system, name).unwrap_or_else(|e| panic!("{name}: {e}"));
    std::fs::write(dir.join("model.pml"), &text).unwrap();
    // -o2: write-only variables stay in the state vector, as they do in ours.
    let out = Command::new("spin").current_dir(dir).args(["-o2", "-a", "model.pml"]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && !said.contains("Error") && dir.join("pan.c").exists(), "{name}: spin -a: {said}");
    let out = Command::new("cc")
        .current_dir(dir)
        .args(["-O2", "-DNOREDUCE", "-DSAFETY", "-o", "pan", "pan.c"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{name}: cc: {}", String::from_utf8_lossy(&out.stderr));
    let started = Instant::now();
    let out = Command::new(dir.join("pan")).current_dir(dir).args(["-m1000000", "-c0", "-w20"]).output().unwrap();
    let elapsed = started.elapsed();
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut kinds = BTreeSet::new();
    for line in said.lines().filter(|l| l.starts_with("pan:") && l.contains(" (at depth")) {
        let (_, rest) = line.split_once(": ").unwrap();
        kinds.insert(rest.split(" (at depth").next().unwrap().to_owned());
    }
    let states = said
        .lines()
        .find(|l| l.trim_end().ends_with("states, stored"))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{name}: no state count in pan's output:\n{said}"));
    let complete = !said.contains("max search depth too small") && !said.contains("Search not completed");
    Pan { kinds, states, elapsed, complete }
}

/// The kinds `pan` reports for our violations (home states are not exported).
fn expected(system: &verify::System, report: &verify::Report) -> BTreeSet<String> {
    (report.violations.iter())
        .filter_map(|v| match &v.property {
            Property::Deadlock => Some("invalid end state".to_owned()),
            Property::UnspecifiedReception => Some("assertion violated unspecified_reception".to_owned()),
            Property::Overflow => Some("assertion violated channel_overflow".to_owned()),
            Property::Invariant(i) => Some(format!("assertion violated invariant_{}", system.invariants[*i].name)),
            Property::Home(_) => None,
        })
        .collect()
}

/// The system file with its instances' paths made absolute (so that it can be written
/// anywhere), less `drop_line` in the spec at `helper`, and `edit` applied to its text.
fn variant(file: &Path, edit: &dyn Fn(&str) -> Option<String>, helper: Option<(&str, &Path)>) -> Option<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let dir = file.parent().unwrap();
    let mut out = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("instance ")
            && let Some((name, path)) = rest.split_once('=')
        {
            let path = path.trim().trim_end_matches(';').trim_matches('"');
            let absolute = match helper {
                Some((spec, written)) if spec == path => written.to_path_buf(),
                _ => dir.join(path),
            };
            out.push_str(&format!("    instance {} = \"{}\";\n", name.trim(), absolute.display()));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    edit(&out)
}

/// The first `capacity N` with N above 1 (a channel holds at least one message) made `N - 1`.
fn one_too_small(text: &str) -> Option<String> {
    text.match_indices("capacity ").find_map(|(at, word)| {
        let at = at + word.len();
        let digits: String = text[at..].chars().take_while(char::is_ascii_digit).collect();
        let n: u64 = digits.parse().ok()?;
        (n > 1).then(|| format!("{}{}{}", &text[..at], n - 1, &text[at + digits.len()..]))
    })
}

/// The first receive rule's first event renamed to the event that a later rule gives the same
/// instance (`receive ab.DWR -> wb.NonDWA` becomes `-> wb.DWA`).
fn wrong_rename(text: &str) -> Option<String> {
    let rules: Vec<(usize, &str)> = text
        .match_indices("receive ")
        .filter_map(|(at, _)| text[at..].split_once("->").map(|(_, rest)| (at, rest.split(';').next().unwrap_or(""))))
        .collect();
    let (at, first) = rules.first()?;
    let event = first.split(',').next()?.trim();
    let (instance, name) = event.split_once('.')?;
    let other = rules[1..]
        .iter()
        .flat_map(|(_, r)| r.split(','))
        .map(str::trim)
        .find(|e| e.split_once('.').is_some_and(|(i, n)| i == instance && n != name))?;
    let arrow = at + text[*at..].find("->")?;
    let from = arrow + text[arrow..].find(event)?;
    Some(format!("{}{other}{}", &text[..from], &text[from + event.len()..]))
}

/// The helper spec's first transition dropped, its unhandled pairs only a warning (an error
/// would refuse the spec): the message it handled becomes an unspecified reception.
fn drop_transition(spec: &str) -> Option<String> {
    let line = spec.lines().find(|l| {
        let t = l.trim_start();
        t.starts_with("internal ") || (t.contains(" -> ") && t.contains(" on "))
    })?;
    Some(spec.replacen(line, "", 1).replace("unhandled = error;", "unhandled = warn;"))
}

const PINGER: &str = "machine Pinger { initial state Idle; state Waiting; event Go; event Pong; action SendPing;
    Idle -> Waiting on Go / SendPing; Waiting -> Idle on Pong; ignore Go in Waiting; ignore Pong in Idle; }";
const PONGER: &str =
    "machine Ponger { initial state Ready; event Ping; action SendPong; internal Ready on Ping / SendPong; }";
/// Named guards (free: each value an option), a guard over a counter, `+=` and `=`, and a pair
/// that some guard values leave unhandled (no `else`): `ping` then breaks unspecified.
const GUARDED: &str = "machine Guarded { unhandled = warn; initial state Ready; state Tired; event Ping;
    action SendPong; guard fresh; guard picky; var pongs: 0..=2 = 0;
    internal Ready on Ping [fresh && pongs < 2] / SendPong, pongs += 1;
    Ready -> Tired on Ping [else] / SendPong;
    internal Tired on Ping [!picky] / pongs = 0, SendPong;
    Tired -> Ready on Ping [picky && pongs == 0] / SendPong; }";
/// A variable that nothing reads: `spin -o2` keeps it in the state vector (6 states, without
/// -o2 4, where `fsm verify` counts 5).
const REMEMBERING: &str = "machine Remembering { initial state Ready; event Ping; action SendPong;
    var seen: bool = false; internal Ready on Ping / SendPong, seen = true; }";
const SENDER: &str = "machine Sender { initial state Ready; final state Sent; event Go; action SendA; action SendB;
    Ready -> Sent on Go / SendA, SendB; }";
const RECEIVER: &str = "machine Receiver { unhandled = warn; initial state Wait; state GotA; final state Done;
    event A; event B; Wait -> GotA on A; GotA -> Done on B; }";

/// Every case: the repository's systems and their variants, the seeded bugs, the fault systems.
/// Returns the cases and, for the variants, the violation each must show in `fsm verify`.
fn cases(scratch: &Path) -> (Vec<Case>, Vec<(String, Property)>) {
    let mut cases = Vec::new();
    let mut seeded = Vec::new();
    let mut systems: Vec<PathBuf> = std::fs::read_dir(repo("specs/systems"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "fsys"))
        .collect();
    systems.sort();
    for file in systems {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        cases.push(Case { name: stem.clone(), file: file.clone() });
        let mut add = |label: &str, text: Option<String>, bug: Property| {
            if let Some(text) = text {
                let name = format!("{stem}/{label}");
                let written = scratch.join(format!("{stem}-{label}.fsys"));
                std::fs::write(&written, text).unwrap();
                cases.push(Case { name: name.clone(), file: written });
                seeded.push((name, bug));
            } else {
                eprintln!("{stem}: no `{label}` variant (nothing to seed it in)");
            }
        };
        add("capacity-one-too-small", variant(&file, &one_too_small, None), Property::Overflow);
        add("wrong-rename", variant(&file, &wrong_rename, None), Property::Overflow);
        // A helper spec: one that lives beside the system file.
        let text = std::fs::read_to_string(&file).unwrap();
        let helper = text.lines().filter_map(|l| l.trim_start().strip_prefix("instance ")).find_map(|rest| {
            let path = rest.split_once('=')?.1.trim().trim_end_matches(';').trim_matches('"').to_owned();
            (!path.contains('/')).then_some(path)
        });
        if let Some(helper) = helper {
            let spec = std::fs::read_to_string(file.parent().unwrap().join(&helper)).unwrap();
            let written = scratch.join(format!("{stem}-{helper}"));
            // A helper whose only transition leaves a state is no longer a spec without it.
            let dropped = drop_transition(&spec)
                .filter(|s| fsm_dsl::compile(s).machine.is_some())
                .map(|s| std::fs::write(&written, s).unwrap());
            let text = dropped.and_then(|()| variant(&file, &|t| Some(t.to_owned()), Some((&helper, &written))));
            add("dropped-transition", text, Property::UnspecifiedReception);
        }
    }
    for bug in ["overflow", "unspecified", "deferred", "deadlock", "suspect"] {
        let file = repo(&format!("tests/data/systems/bugs/{bug}.fsys"));
        cases.push(Case { name: format!("bugs/{bug}"), file });
    }
    for (file, text) in [
        ("pinger.fsm", PINGER),
        ("ponger.fsm", PONGER),
        ("sender.fsm", SENDER),
        ("receiver.fsm", RECEIVER),
        ("guarded.fsm", GUARDED),
        ("remembering.fsm", REMEMBERING),
    ] {
        std::fs::write(scratch.join(file), text).unwrap();
    }
    let ping_pong = |faults: &str, capacity: u32| {
        format!(
            "system PingPong {{ instance p = \"pinger.fsm\"; instance q = \"ponger.fsm\";
            channel ping {{ Ping }} capacity {capacity} {faults}; channel pong {{ Pong }} capacity 1;
            send p.SendPing -> ping.Ping; send q.SendPong -> pong.Pong;
            receive ping.Ping -> q.Ping; receive pong.Pong -> p.Pong; environment p.Go always;
            end p in Idle; invariant settled at quiescence: p == Idle; }}"
        )
    };
    let order = |faults: &str| {
        format!(
            "system Order {{ instance s = \"sender.fsm\"; instance r = \"receiver.fsm\";
            channel c {{ A, B }} capacity 2 {faults}; send s.SendA -> c.A; send s.SendB -> c.B;
            receive c.A -> r.A; receive c.B -> r.B; environment s.Go always; }}"
        )
    };
    // The guarded ponger receives Pings (duplicated too) and pings itself from the environment.
    let guards = "system Guards { instance p = \"pinger.fsm\"; instance q = \"guarded.fsm\";
        channel ping { Ping } capacity 2 duplication; channel pong { Pong } capacity 2;
        send p.SendPing -> ping.Ping; send q.SendPong -> pong.Pong;
        receive ping.Ping -> q.Ping; receive pong.Pong -> p.Pong;
        environment p.Go always; environment q.Ping at quiescence;
        invariant counted: q.pongs <= 2; }"
        .to_owned();
    for (name, text) in [
        ("guards", guards),
        ("ping-pong-loss", ping_pong("loss", 1)),
        ("write-only-variable", ping_pong("", 1).replace("ponger.fsm", "remembering.fsm")),
        ("ping-pong-duplication", ping_pong("duplication", 2)),
        ("order", order("")),
        ("order-reordering", order("reordering")),
        ("order-all-faults", order("loss duplication reordering")),
    ] {
        let file = scratch.join(format!("{name}.fsys"));
        std::fs::write(&file, text).unwrap();
        cases.push(Case { name: name.to_owned(), file });
    }
    (cases, seeded)
}

fn check(file: &Path) -> verify::System {
    let text = std::fs::read_to_string(file).unwrap();
    let dir = file.parent().unwrap().to_path_buf();
    let checked =
        verify::check(&text, &mut |spec: &str| std::fs::read_to_string(dir.join(spec)).map_err(|e| e.to_string()));
    checked.system.unwrap_or_else(|| panic!("{}: {:?} {:?}", file.display(), checked.diagnostics, checked.specs))
}

#[test]
fn spin_finds_what_fsm_verify_finds_in_the_same_number_of_states() {
    if !spin_present() {
        return;
    }
    let scratch = temp_dir("cases");
    let (cases, seeded) = cases(scratch.path());
    let mut table = vec![format!("{:<44} {:>8} {:>9} {:>8} {:>9}  verdict", "system", "ours", "time", "SPIN", "pan")];
    // The properties each repository system breaks as it is, by name.
    let mut found: std::collections::HashMap<String, Vec<Property>> = std::collections::HashMap::new();
    for case in &cases {
        let system = check(&case.file);
        let report = verify::explore(&system, Bounds::default());
        if !case.name.contains('/') {
            found.insert(case.name.clone(), report.violations.iter().map(|v| v.property.clone()).collect());
        }
        assert!(report.stopped.is_none(), "{}: our exploration was not complete", case.name);
        if let Some((_, bug)) = seeded.iter().find(|(n, _)| *n == case.name) {
            // The watchdog pair's variants break the property each was seeded for; in the other
            // systems a seeded bug may show as another property, but it must show.
            if case.name.starts_with("watchdog_pair/") {
                assert!(
                    report.violations.iter().any(|v| v.property == *bug),
                    "{}: the seeded bug is not found",
                    case.name
                );
            }
            let stem = case.name.split('/').next().unwrap_or_default();
            let known = &found[stem];
            let new = report.violations.iter().any(|v| !known.contains(&v.property));
            assert!(new, "{}: the seeded bug breaks nothing that the system did not break already", case.name);
        }
        let dir = temp_dir("pan");
        let pan = spin(&system, dir.path(), &case.name);
        assert!(pan.complete, "{}: pan's search was not complete", case.name);
        let ours = expected(&system, &report);
        assert_eq!(pan.kinds, ours, "{}: SPIN's errors differ from fsm verify's", case.name);
        // The state before the start's d_step is SPIN's one more.
        assert_eq!(
            pan.states,
            report.states + 1,
            "{}: SPIN stored {} states, we {}",
            case.name,
            pan.states,
            report.states
        );
        let verdict = if ours.is_empty() { "none".to_owned() } else { ours.into_iter().collect::<Vec<_>>().join(", ") };
        table.push(format!(
            "{:<44} {:>8} {:>7.3} s {:>8} {:>7.3} s  {verdict}",
            case.name,
            report.states,
            report.elapsed.as_secs_f64(),
            pan.states,
            pan.elapsed.as_secs_f64()
        ));
    }
    println!("{}", table.join("\n"));
}

#[test]
fn the_watchdog_pair_as_promela() {
    let system = check(&repo("specs/systems/watchdog_pair.fsys"));
    let text = promela::promela(&system, "watchdog_pair.fsys").unwrap();
    insta::assert_snapshot!(text);
}

#[test]
fn what_promela_cannot_say_is_refused() {
    let dir = temp_dir("refused");
    std::fs::write(dir.path().join("ponger.fsm"), PONGER).unwrap();
    std::fs::write(dir.path().join("pinger.fsm"), PINGER).unwrap();
    let refused = |system: &str| {
        let file = dir.path().join("s.fsys");
        std::fs::write(&file, system).unwrap();
        promela::promela(&check(&file), "s.fsys").unwrap_err().to_string()
    };
    // One message, two events of one instance.
    let e = refused(
        "system S { instance q = \"ponger.fsm\"; channel c { Ping } capacity 1; receive c.Ping -> q.Ping, q.Ping; }",
    );
    assert!(e.contains("`c.Ping` becomes two events of instance `q`"), "{e}");
    // A channel named as a Promela keyword.
    let e = refused(
        "system S { instance q = \"ponger.fsm\"; channel len { Ping } capacity 1; receive len.Ping -> q.Ping; }",
    );
    assert!(e.contains("channel `len` is not a Promela identifier"), "{e}");
    // A message and a channel of one name.
    let e = refused(
        "system S { instance q = \"ponger.fsm\"; channel Ping { Ping } capacity 1; receive Ping.Ping -> q.Ping; }",
    );
    assert!(e.contains("the name `Ping` would stand for two things"), "{e}");
    // A guard that tests a timer on its own expiry, which clears it as it arrives.
    std::fs::write(
        dir.path().join("timed.fsm"),
        "machine Timed { initial state Idle; state Waiting; event Go; timer T = 1 s;
        Idle -> Waiting on Go / start T; Waiting -> Idle on TExpiry [running T];
        internal Waiting on TExpiry [else]; Waiting -> Idle on Go / stop T; }",
    )
    .unwrap();
    let e = refused("system S { instance t = \"timed.fsm\"; environment t.Go always; environment t.TExpiry always; }");
    assert!(e.contains("a transition on `TExpiry` reads whether its own timer runs"), "{e}");
}

/// A parameter that no guard reads (one a duration reads, as wide as a 32-bit field) keeps its
/// one value through the exploration: it is exported by that value, as an `int`, wider than its
/// range allows; a value past Promela's `int` is refused.
#[test]
fn a_wide_parameter_no_guard_reads_is_exported_by_its_value() {
    let dir = temp_dir("wide");
    let spec = |default: &str| {
        format!(
            "machine Retry {{ initial state Idle; state Waiting; event Go; param interval: 1..=4294967295 = {default};
            timer T = interval ms; Idle -> Waiting on Go / start T; Waiting -> Idle on TExpiry;
            ignore Go in Waiting; }}"
        )
    };
    let file = dir.path().join("s.fsys");
    std::fs::write(
        &file,
        "system S { instance r = \"retry.fsm\"; environment r.Go always; environment r.TExpiry always; }",
    )
    .unwrap();
    std::fs::write(dir.path().join("retry.fsm"), spec("1000")).unwrap();
    let text = promela::promela(&check(&file), "s.fsys").unwrap();
    assert!(text.contains("int r_interval = 1000;"), "{text}");
    std::fs::write(dir.path().join("retry.fsm"), spec("4294967295")).unwrap();
    let e = promela::promela(&check(&file), "s.fsys").unwrap_err().to_string();
    assert!(e.contains("the value of `r_interval` does not fit Promela's 32-bit int"), "{e}");
}

#[test]
fn the_command_writes_promela_to_a_file() {
    use clap::Parser as _;
    let dir = temp_dir("cli");
    let out = dir.path().join("pair.pml");
    let system = repo("specs/systems/watchdog_pair.fsys");
    let args = ["fsm", "verify", "--promela", "-o", out.to_str().unwrap(), system.to_str().unwrap()];
    let cli = fsm_cli::cli::Cli::try_parse_from(args).unwrap();
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut input: &[u8] = b"";
    let mut io = fsm_cli::cli::Io { out: &mut stdout, err: &mut stderr, input: &mut input, color: false };
    assert_eq!(fsm_cli::cli::run(cli, &mut io), 0, "{}", String::from_utf8_lossy(&stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("/* system WatchdogPair, written by `fsm verify --promela` from watchdog_pair.fsys."));
    assert!(text.contains("chan ab = [2] of { mtype };"), "{text}");
    // `-o` without `--promela` is refused by the command line.
    assert!(fsm_cli::cli::Cli::try_parse_from(["fsm", "verify", "-o", "x.pml", "s.fsys"]).is_err());
}
