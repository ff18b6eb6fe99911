//! `fsm coverage`: which transitions of each spec the tests took, and which `ref` rows they
//! exercised, from the records that machines generated with `fsm!(.., coverage = recorder)`
//! write (one JSON object per line: `{"test":"binary::name","machine":"NAME","transition":N}`,
//! `N` the transition's index among the spec's transitions, in spec order).

use fsm_dsl::ir::Machine;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// At most this many test names are listed per transition; the rest are counted.
pub const MAX_LISTED: usize = 3;

/// One record: a test took a transition of a machine.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Record {
    /// The test (`binary::path::of::test`).
    pub test: String,
    /// The machine's name in its spec.
    pub machine: String,
    /// The transition's index, in spec order.
    pub transition: usize,
}

/// Why records could not be read.
#[derive(Debug, Error)]
pub enum CoverageError {
    /// The directory or a file in it cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The path.
        path: PathBuf,
        /// The reason.
        source: std::io::Error,
    },
    /// A line is not a record.
    #[error("{path}:{line}: not a coverage record ({why}); expected {{\"test\":..,\"machine\":..,\"transition\":N}}")]
    Bad {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

/// Reads every `*.jsonl` file of `dir` (in name order). An empty directory gives no records.
pub fn read_records(dir: &Path) -> Result<Vec<Record>, CoverageError> {
    let read_err = |path: &Path| {
        let path = path.to_owned();
        move |source| CoverageError::Read { path, source }
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(read_err(dir))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let mut records = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).map_err(read_err(&path))?;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let bad = |why: &str| CoverageError::Bad { path: path.clone(), line: n + 1, why: why.to_owned() };
            let value: serde_json::Value = serde_json::from_str(line).map_err(|e| bad(&e.to_string()))?;
            let text_of = |key: &str| value.get(key).and_then(|v| v.as_str()).map(str::to_owned);
            let test = text_of("test").ok_or_else(|| bad("no `test` string"))?;
            let machine = text_of("machine").ok_or_else(|| bad("no `machine` string"))?;
            let transition =
                value.get("transition").and_then(|v| v.as_u64()).ok_or_else(|| bad("no `transition` index"))?;
            let transition = usize::try_from(transition).map_err(|_| bad("`transition` out of range"))?;
            records.push(Record { test, machine, transition });
        }
    }
    records.sort();
    records.dedup();
    Ok(records)
}

/// The coverage of one spec.
#[derive(Clone, Debug)]
pub struct SpecCoverage {
    /// The spec's path as given.
    pub path: String,
    /// The machine's name.
    pub machine: String,
    /// Per transition, in spec order: its text, its refs and the tests that took it.
    pub transitions: Vec<TransitionCoverage>,
    /// Per `ref` of a transition, in order of first mention: the tests that took some transition
    /// citing it.
    pub refs: Vec<(String, BTreeSet<String>)>,
}

/// The coverage of one transition.
#[derive(Clone, Debug)]
pub struct TransitionCoverage {
    /// `SOURCE -> TARGET on EVENT [guard]`, or `internal SOURCE on EVENT [guard]`.
    pub text: String,
    /// Its `ref`s.
    pub refs: Vec<String>,
    /// The tests that took it.
    pub tests: BTreeSet<String>,
}

/// The whole report: the specs, and the records that name no transition of them.
#[derive(Clone, Debug)]
pub struct Report {
    /// Per spec, in the order given.
    pub specs: Vec<SpecCoverage>,
    /// Records of machines that no spec defines, or of transitions they do not have: the
    /// records are from another version of the specs.
    pub unknown: Vec<Record>,
}

impl SpecCoverage {
    /// How many transitions some test took.
    pub fn taken(&self) -> usize {
        self.transitions.iter().filter(|t| !t.tests.is_empty()).count()
    }

    /// How many refs some test exercised.
    pub fn refs_taken(&self) -> usize {
        self.refs.iter().filter(|(_, tests)| !tests.is_empty()).count()
    }
}

/// A transition as one line of text.
pub(crate) fn transition_text(m: &Machine, t: &fsm_dsl::ir::Transition) -> String {
    let sources = if t.wildcard {
        "*".to_owned()
    } else {
        t.sources.iter().map(|&s| m.state(s).named.name.as_str()).collect::<Vec<_>>().join(", ")
    };
    let events = t.events.iter().map(|&e| m.event(e).named.name.as_str()).collect::<Vec<_>>().join(", ");
    let guard = if t.guard_text().is_empty() { String::new() } else { format!(" [{}]", t.guard_text()) };
    match t.target {
        Some(target) => format!("{sources} -> {} on {events}{guard}", m.state(target).named.name),
        None => format!("internal {sources} on {events}{guard}"),
    }
}

/// Joins the records with the specs (`(path, machine)` pairs).
pub fn report(specs: &[(String, &Machine)], records: &[Record]) -> Report {
    let mut taken: BTreeMap<(&str, usize), BTreeSet<String>> = BTreeMap::new();
    let mut unknown = Vec::new();
    for r in records {
        let known = specs.iter().any(|(_, m)| m.named.name == r.machine && r.transition < m.transitions.len());
        if known {
            taken.entry((r.machine.as_str(), r.transition)).or_default().insert(r.test.clone());
        } else {
            unknown.push(r.clone());
        }
    }
    let specs = specs
        .iter()
        .map(|(path, m)| {
            let transitions: Vec<TransitionCoverage> = m
                .transitions
                .iter()
                .enumerate()
                .map(|(i, t)| TransitionCoverage {
                    text: transition_text(m, t),
                    refs: t.refs().to_vec(),
                    tests: taken.get(&(m.named.name.as_str(), i)).cloned().unwrap_or_default(),
                })
                .collect();
            let mut refs: Vec<(String, BTreeSet<String>)> = Vec::new();
            for t in &transitions {
                for r in &t.refs {
                    match refs.iter_mut().find(|(name, _)| name == r) {
                        Some((_, tests)) => tests.extend(t.tests.iter().cloned()),
                        None => refs.push((r.clone(), t.tests.clone())),
                    }
                }
            }
            SpecCoverage { path: path.clone(), machine: m.named.name.clone(), transitions, refs }
        })
        .collect();
    Report { specs, unknown }
}

fn tests_cell(tests: &BTreeSet<String>) -> String {
    if tests.is_empty() {
        return "**none**".to_owned();
    }
    let mut cell: Vec<String> = tests.iter().take(MAX_LISTED).map(|t| format!("`{t}`")).collect();
    if tests.len() > MAX_LISTED {
        cell.push(format!("and {} more", tests.len() - MAX_LISTED));
    }
    cell.join(", ")
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The report as Markdown: a summary table, then per spec its transitions and its refs with
/// the tests that exercised them, and what nobody exercised.
pub fn markdown(report: &Report, header: &str) -> String {
    let mut out = String::from(header);
    out.push_str("| Spec | Machine | Transitions taken | Refs exercised |\n|---|---|---|---|\n");
    for s in &report.specs {
        out.push_str(&format!(
            "| `{}` | {} | {} of {} | {} of {} |\n",
            s.path,
            s.machine,
            s.taken(),
            s.transitions.len(),
            s.refs_taken(),
            s.refs.len()
        ));
    }
    for s in &report.specs {
        out.push_str(&format!("\n## {} (`{}`)\n\n", s.machine, s.path));
        let missing: Vec<&TransitionCoverage> = s.transitions.iter().filter(|t| t.tests.is_empty()).collect();
        if missing.is_empty() {
            out.push_str("Every transition was taken by some test.\n\n");
        } else {
            out.push_str("Not taken by any test:\n\n");
            for t in missing {
                out.push_str(&format!("- `{}`{}\n", t.text, refs_after(t)));
            }
            out.push('\n');
        }
        out.push_str("| # | Transition | Ref | Tests |\n|---|---|---|---|\n");
        for (i, t) in s.transitions.iter().enumerate() {
            out.push_str(&format!(
                "| {i} | `{}` | {} | {} ({}) |\n",
                cell(&t.text),
                cell(&t.refs.join("; ")),
                tests_cell(&t.tests),
                t.tests.len()
            ));
        }
        if !s.refs.is_empty() {
            out.push_str("\n| Ref | Tests |\n|---|---|\n");
            for (r, tests) in &s.refs {
                out.push_str(&format!("| {} | {} ({}) |\n", cell(r), tests_cell(tests), tests.len()));
            }
        }
    }
    if !report.unknown.is_empty() {
        out.push_str(&format!(
            "\n## Records no spec explains\n\n{} records name a machine or a transition that the specs do not have (records of another version of the specs?), for example `{}` transition {}.\n",
            report.unknown.len(),
            report.unknown[0].machine,
            report.unknown[0].transition
        ));
    }
    out
}

/// A transition's refs in parentheses after its text (` (§1; §2)`); nothing without refs.
fn refs_after(t: &TransitionCoverage) -> String {
    if t.refs.is_empty() { String::new() } else { format!(" ({})", t.refs.join("; ")) }
}

/// A short summary for the terminal: one line per spec.
pub fn summary(report: &Report) -> String {
    let mut out = String::new();
    for s in &report.specs {
        out.push_str(&format!(
            "{}: {} of {} transitions taken, {} of {} refs exercised\n",
            s.path,
            s.taken(),
            s.transitions.len(),
            s.refs_taken(),
            s.refs.len()
        ));
        for t in s.transitions.iter().filter(|t| t.tests.is_empty()) {
            out.push_str(&format!("  not taken: {}{}\n", t.text, refs_after(t)));
        }
    }
    if !report.unknown.is_empty() {
        out.push_str(&format!("{} records name no transition of these specs\n", report.unknown.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOOR: &str = "machine Door { initial state Shut; state Open; event Push; event Pull;
        Shut -> Open on Push ref \"§1\"; Open -> Shut on Pull ref \"§2\"; ignore Push in Open; ignore Pull in Shut; }";

    #[test]
    fn records_are_joined_with_the_transitions_and_their_refs() {
        let m = fsm_dsl::compile(DOOR).machine.unwrap();
        let records = vec![
            Record { test: "t::a".into(), machine: "Door".into(), transition: 0 },
            Record { test: "t::b".into(), machine: "Door".into(), transition: 0 },
            Record { test: "t::c".into(), machine: "Other".into(), transition: 0 },
        ];
        let report = report(&[("door.fsm".into(), &m)], &records);
        let door = &report.specs[0];
        assert_eq!((door.taken(), door.refs_taken()), (1, 1));
        assert_eq!(door.transitions[0].text, "Shut -> Open on Push");
        assert_eq!(door.refs[0].1.len(), 2);
        assert!(door.refs[1].1.is_empty());
        assert_eq!(report.unknown.len(), 1);
        let text = markdown(&report, "");
        assert!(text.contains("- `Open -> Shut on Pull` (§2)"), "{text}");
        assert!(text.contains("| 0 | `Shut -> Open on Push` | §1 | `t::a`, `t::b` (2) |"), "{text}");
        assert!(summary(&report).contains("door.fsm: 1 of 2 transitions taken, 1 of 2 refs exercised"));
    }

    #[test]
    fn a_transition_without_refs_is_listed_without_parentheses() {
        let m = fsm_dsl::compile("machine M { initial state A; state B; event E; A -> B on E; B -> A on E; }")
            .machine
            .unwrap();
        let report = report(&[("m.fsm".into(), &m)], &[]);
        let text = summary(&report);
        assert!(text.contains("  not taken: A -> B on E\n"), "{text}");
        assert!(markdown(&report, "").contains("- `A -> B on E`\n"));
    }

    #[test]
    fn a_bad_line_is_reported_with_its_place() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("a.jsonl"),
            "{\"test\":\"x\",\"machine\":\"Door\",\"transition\":1}\n{\"test\":1}\n",
        )
        .unwrap();
        let error = read_records(dir.path()).unwrap_err().to_string();
        assert!(error.contains("a.jsonl:2: not a coverage record (no `test` string)"), "{error}");
        std::fs::write(dir.path().join("a.jsonl"), "{\"test\":\"x\",\"machine\":\"Door\",\"transition\":1}\n").unwrap();
        assert_eq!(read_records(dir.path()).unwrap().len(), 1);
    }
}
