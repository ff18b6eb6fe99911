//! The documents stay true: `generated/` is what `cargo fsm gen` writes, the README lists every
//! diagnostic code, the README's example spec checks clean and simulates as the README says, and
//! its specs are in the layout of `fsm fmt`, whose example is what it prints.

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).unwrap()
}

#[test]
fn generated_directory_is_fresh() {
    let specs = fsm_cli::generate::read_specs(&root().join("specs")).unwrap();
    let report = fsm_cli::generate::run(&specs, &root().join("generated"), "specs", true).unwrap();
    let stale: Vec<String> = report
        .changed
        .iter()
        .chain(&report.orphans)
        .map(|p| p.strip_prefix(root()).unwrap_or(p).display().to_string())
        .collect();
    assert!(stale.is_empty(), "generated/ is stale ({}): run `cargo fsm gen`", stale.join(", "));
}

#[test]
fn readme_lists_every_diagnostic_code() {
    let readme = readme();
    for code in fsm_dsl::diag::Code::ALL {
        let row = format!("| {} | {} |", code.as_str(), code.title());
        assert!(readme.contains(&row), "README.md lacks the row `{row}`");
    }
}

/// The text of the first fenced block that starts with `start`.
fn block<'a>(text: &'a str, start: &str) -> &'a str {
    let at = text.find(&format!("```text\n{start}")).expect("the README has the block") + "```text\n".len();
    let end = text[at..].find("```").unwrap();
    &text[at..at + end]
}

#[test]
fn readme_example_checks_and_simulates_as_shown() {
    let readme = readme();
    let spec = block(&readme, "/// The door");
    let compiled = fsm_dsl::compile(spec);
    assert!(compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics);
    let expected: Vec<&str> = block(&readme, "{\"step\":0").lines().collect();

    let dir = std::env::temp_dir().join(format!("rfc-fsm-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("door.fsm");
    std::fs::write(&path, spec).unwrap();
    let args = ["sim", path.to_str().unwrap(), "Push[powered]", "Push", "AutoCloseExpiry"];
    let cli = <fsm_cli::cli::Cli as clap::Parser>::try_parse_from(std::iter::once("fsm").chain(args)).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut io = fsm_cli::cli::Io { out: &mut out, err: &mut err, input: &mut &b""[..], color: false };
    assert_eq!(fsm_cli::cli::run(cli, &mut io), 0);
    let _ = std::fs::remove_dir_all(&dir);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn readme_specs_are_formatted_and_the_fmt_example_is_what_fmt_prints() {
    let readme = readme();
    let door = block(&readme, "/// The door");
    assert_eq!(fsm_cli::fmt::format(door).unwrap(), door, "the README's example is not formatted");
    let messy = block(&readme, "machine Door{");
    let tidy = block(&readme, "machine Door {\n");
    assert_eq!(fsm_cli::fmt::format(messy).unwrap(), tidy);
}

#[test]
fn readme_test_suite_is_what_fsm_tests_prints() {
    let readme = readme();
    let door = block(&readme, "/// The door");
    let m = fsm_dsl::compile(door).machine.expect("the README's door checks");
    let printed = fsm_cli::testgen::text(&m, &fsm_cli::testgen::cases(&m));
    assert_eq!(printed.trim_end(), block(&readme, "Door: 3 cases").trim_end());
}

/// The README's table of the suites `fsm tests` makes for the specs in `specs/`, as computed now.
fn spec_suites_table() -> String {
    let mut table = String::from(
        "| Spec | Transitions | (state, event) pairs | Goals | Ignored pairs | Unhandled pairs | Expiries left out | Cases | Steps |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    let names = ["rfc3539_watchdog", "failover", "diameter_peer", "iua_as", "iua_asp", "iua_asp_side"];
    for name in names {
        let text = std::fs::read_to_string(root().join(format!("specs/{name}.fsm"))).unwrap();
        let m = fsm_dsl::compile(&text).machine.unwrap();
        let s = fsm_cli::testgen::cases(&m).stats;
        table.push_str(&format!(
            "| `{name}` | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            s.transitions, s.pairs, s.goals, s.ignored_pairs, s.unhandled_pairs, s.expiries_left_out, s.cases, s.steps
        ));
    }
    table
}

#[test]
fn readme_table_of_spec_suites_is_what_fsm_tests_computes() {
    let readme = readme();
    let table = spec_suites_table();
    let header = table.lines().next().unwrap();
    let at = readme.find(header).expect("the README has the table of the specs' suites");
    let end = readme[at..].find("\n\n").map_or(readme.len(), |n| at + n + 1);
    assert_eq!(&readme[at..end], table, "the README's table of the specs' suites is stale; it is now:\n{table}");
}
