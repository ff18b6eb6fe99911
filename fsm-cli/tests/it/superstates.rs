//! Superstates mean what the book says (`book/src/dsl.md`), on random nested specs: a reference interpreter
//! written here from the rules (a handler is looked for from the state outwards; exits run
//! inside-out up to the innermost superstate holding both ends, then the transition's actions,
//! then entries outside-in down to the target's initial leaf) agrees with the interpreter of the
//! checked (flattened) model on random event sequences; and whatever checks clean flattens, by
//! `fsm flatten`, into a spec that checks clean and is equivalent to it.

use fsm_cli::interp::Interpreter;
use fsm_dsl::diag::{self, Source};
use fsm_dsl::ir::{EventId, Machine};
use proptest::prelude::*;

/// A random nesting: state `i > 0` is held by `parent[i]` (an earlier state) or by nothing.
/// State 0 is `Idle`: a top-level leaf, the initial state, from which `Go` leaves.
#[derive(Clone, Debug)]
struct Shape {
    parent: Vec<Option<usize>>,
    rules: Vec<Rule>,
    go: usize,
}

#[derive(Clone, Debug)]
struct Rule {
    /// The state (leaf or superstate) the rule is written for.
    source: usize,
    /// `None`: an internal transition; `Some(None)`: `ignore`; `Some(Some(t))`: to `t`.
    target: Option<Option<usize>>,
    event: usize,
}

const EVENTS: usize = 3;

impl Shape {
    fn children(&self, n: usize) -> Vec<usize> {
        (0..self.parent.len()).filter(|&c| self.parent[c] == Some(n)).collect()
    }

    fn is_leaf(&self, n: usize) -> bool {
        self.children(n).is_empty()
    }

    /// The state and its superstates, innermost first.
    fn chain(&self, n: usize) -> Vec<usize> {
        std::iter::successors(Some(n), |&m| self.parent[m]).collect()
    }

    /// The leaf that entering `n` enters: each superstate's first substate is its initial one.
    fn descend(&self, mut n: usize) -> usize {
        while let Some(&first) = self.children(n).first() {
            n = first;
        }
        n
    }

    fn properly_holds(&self, a: usize, b: usize) -> bool {
        self.chain(b)[1..].contains(&a)
    }

    /// The spec text. Every state has an exit action `X<i>` and, but for the superstates that
    /// hold the initial state (E0028) which here is none, an entry action `N<i>`; each rule
    /// runs `A<k>`.
    fn text(&self) -> String {
        let mut out = String::from("machine M {\n    unhandled = ignore;\n");
        for n in (0..self.parent.len()).filter(|&n| self.parent[n].is_none()) {
            self.write_state(n, 1, &mut out);
        }
        for e in 0..EVENTS {
            out.push_str(&format!("    event E{e};\n"));
        }
        out.push_str("    event Go;\n    event Reset;\n");
        for n in 0..self.parent.len() {
            out.push_str(&format!("    action N{n};\n    action X{n};\n"));
        }
        for k in 0..=self.rules.len() {
            out.push_str(&format!("    action A{k};\n"));
        }
        out.push_str(&format!("    S0 -> S{} on Go;\n", self.go));
        out.push_str(&format!("    * -> S0 on Reset / A{};\n", self.rules.len()));
        for (k, r) in self.rules.iter().enumerate() {
            match r.target {
                None => out.push_str(&format!("    internal S{} on E{} / A{k};\n", r.source, r.event)),
                Some(None) => out.push_str(&format!("    ignore E{} in S{};\n", r.event, r.source)),
                Some(Some(t)) => out.push_str(&format!("    S{} -> S{t} on E{} / A{k};\n", r.source, r.event)),
            }
        }
        out.push_str("}\n");
        out
    }

    fn write_state(&self, n: usize, depth: usize, out: &mut String) {
        let pad = "    ".repeat(depth);
        let first = self.parent[n].is_some_and(|p| self.children(p).first() == Some(&n)) || n == 0;
        let initial = if first { "initial " } else { "" };
        out.push_str(&format!("{pad}{initial}state S{n} {{\n{pad}    entry N{n};\n{pad}    exit X{n};\n"));
        for c in self.children(n) {
            self.write_state(c, depth + 1, out);
        }
        out.push_str(&format!("{pad}}}\n"));
    }

    /// The reference: the actions an event runs in leaf `at`, and the leaf after it.
    fn step(&self, at: usize, event: &str) -> (Vec<String>, usize) {
        match event {
            // `* -> S0 on Reset`: written at the top level.
            "Reset" => return self.take(at, None, Some(0), Some(format!("A{}", self.rules.len()))),
            "Go" if at == 0 => return self.take(at, Some(0), Some(self.go), None),
            _ => {}
        }
        // The innermost level that names the event decides.
        for n in self.chain(at) {
            for (k, r) in self.rules.iter().enumerate() {
                if r.source == n && format!("E{}", r.event) == event {
                    return match r.target {
                        None => (vec![format!("A{k}")], at),
                        Some(None) => (Vec::new(), at),
                        Some(Some(t)) => self.take(at, Some(n), Some(t), Some(format!("A{k}"))),
                    };
                }
            }
        }
        (Vec::new(), at)
    }

    /// An external transition written for `level` (`None`: the top level) to `target`, taken in
    /// leaf `at`: exits inside-out below the innermost superstate that properly holds both the
    /// level and the target, the action, entries outside-in down to the target's initial leaf.
    fn take(
        &self,
        at: usize,
        level: Option<usize>,
        target: Option<usize>,
        action: Option<String>,
    ) -> (Vec<String>, usize) {
        let Some(t) = target else { return (action.into_iter().collect(), at) };
        let lca = level.and_then(|s| self.chain(s)[1..].iter().copied().find(|&a| self.properly_holds(a, t)));
        let to = self.descend(t);
        let mut actions: Vec<String> =
            self.chain(at).into_iter().take_while(|&n| Some(n) != lca).map(|n| format!("X{n}")).collect();
        actions.extend(action);
        let mut entered: Vec<usize> = self.chain(to).into_iter().take_while(|&n| Some(n) != lca).collect();
        entered.reverse();
        actions.extend(entered.into_iter().map(|n| format!("N{n}")));
        (actions, to)
    }
}

fn shape() -> impl Strategy<Value = Shape> {
    (2..7usize)
        .prop_flat_map(|n| {
            let parents: Vec<BoxedStrategy<Option<usize>>> =
                (0..n).map(|i| if i < 2 { Just(None).boxed() } else { prop::option::of(1..i).boxed() }).collect();
            let rule = (0..n, prop::option::of(prop::option::of(0..n)), 0..EVENTS)
                .prop_map(|(source, target, event)| Rule { source, target, event });
            (parents, prop::collection::vec(rule, 1..10), 1..n)
        })
        .prop_map(|(parent, rules, go)| Shape { parent, rules, go })
}

fn actions(m: &Machine, ids: &[fsm_dsl::ir::ActionId]) -> Vec<String> {
    ids.iter().map(|a| m.action(*a).named.name.clone()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn nested_specs_run_as_the_rules_say_and_flatten_clean(
        shape in shape(),
        events in prop::collection::vec(0..EVENTS + 2, 1..20),
    ) {
        let text = shape.text();
        // `fsm fmt` lays nested states out faithfully (`format` checks the tree and the
        // comments itself) and is a fixed point, whether or not the spec checks.
        let formatted = fsm_cli::fmt::format(&text).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert_eq!(&fsm_cli::fmt::format(&formatted).unwrap(), &formatted);
        let compiled = fsm_dsl::compile(&text);
        // Two rules at one level for one event, or an ignore beside a rule, are errors.
        let Some(m) = compiled.machine.as_ref() else { return Ok(()) };
        // The flat spec checks clean and is equivalent.
        let flat = fsm_cli::flatten::flatten(m).unwrap();
        let again = fsm_dsl::compile(&flat);
        prop_assert!(
            !again.has_errors(),
            "the spec\n{text}\nchecks clean but flattens into\n{flat}\nwhich has\n{}",
            diag::render(Source { name: "flat.fsm", text: &flat }, &again.diagnostics, false)
        );
        let report = fsm_cli::equiv::compare(m, again.machine.as_ref().unwrap(), &Default::default()).unwrap();
        prop_assert!(report.equivalent(), "{text}\n{flat}");
        // The checked model runs as the reference says.
        let (mut it, start) = Interpreter::start(m);
        prop_assert_eq!(actions(m, &start), vec!["N0".to_owned()]);
        let mut at = 0;
        for e in events {
            let name = match e {
                e if e < EVENTS => format!("E{e}"),
                e if e == EVENTS => "Go".to_owned(),
                _ => "Reset".to_owned(),
            };
            let (expected, next) = shape.step(at, &name);
            let step = it.step(EventId(m.events.iter().position(|x| x.named.name == name).unwrap()), &[]);
            prop_assert_eq!(actions(m, &step.actions), expected, "{} in S{} of\n{}", name, at, text);
            prop_assert_eq!(m.state(it.state()).named.name.clone(), format!("S{next}"), "{} in S{} of\n{}", name, at, text);
            at = next;
        }
    }
}

/// The property above is not vacuous: most random shapes check clean, and most of those nest
/// states and have a rule written for a superstate.
#[test]
fn the_random_specs_mostly_check_and_nest() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        proptest::test_runner::TestRng::deterministic_rng(Default::default()),
    );
    let (mut clean, mut nested) = (0, 0);
    for _ in 0..400 {
        let shape = shape().new_tree(&mut runner).unwrap().current();
        if fsm_dsl::compile(&shape.text()).machine.is_some() {
            clean += 1;
            nested += usize::from(shape.rules.iter().any(|r| !shape.is_leaf(r.source)));
        }
    }
    assert!(clean >= 120 && nested >= 60, "{clean} of 400 check clean, {nested} of them with a superstate's rule");
}

/// The failover spec's superstates, by hand: Stop in OKAY_Pending leaves OKAY, CONNECTED and
/// RUNNING (OKAY's exit fails over), and `fsm flatten` prints a spec without superstates.
#[test]
fn stop_in_okay_fails_over_on_the_way_out() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../specs/failover.fsm");
    let m = fsm_dsl::compile(&std::fs::read_to_string(path).unwrap()).machine.unwrap();
    let okay_pending = m.state_named("OKAY_Pending").unwrap();
    let mut it = Interpreter::at(&m, okay_pending, m.initial_vars());
    let step = it.step(m.event_named("Stop").unwrap(), &[]);
    assert_eq!(actions(&m, &step.actions), ["Failover", "CloseConnection", "StopTw", "CmdAck"]);
    assert_eq!(m.state(it.state()).named.name, "INIT");
    let flat = fsm_cli::flatten::flatten(&m).unwrap();
    assert!(!flat.contains("state RUNNING") && flat.contains("state OKAY_Pending"), "{flat}");
}
