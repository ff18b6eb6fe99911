//! `fsm lsp` under a real client: Neovim's built-in LSP client (Debian's `neovim`, 0.7.2,
//! installed by `scripts/install-deps`), headless and driven by `tests/nvim/client.lua`. Neovim
//! opens a spec with mistakes; the script records what the editor shows and what its own
//! commands (`vim.lsp.buf.hover`, `code_action`, `rename`, `definition`, `references`,
//! `document_symbol`, `formatting_sync`) do to the buffer, the cursor and the quickfix list, and
//! this test judges it against texts worked out here and against `fsm fmt`.
//!
//! Without `nvim` the test fails under CI (`CI` set) and is skipped with a notice elsewhere.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long Neovim may take in all: each step of the script has its own, shorter, timeout.
const DEADLINE: Duration = Duration::from_secs(120);

fn nvim_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/nvim")
}

/// Whether `nvim` runs; when it does not, fails under CI and otherwise says why it skips.
fn nvim_available() -> bool {
    if Command::new("nvim").arg("--version").stdout(Stdio::null()).status().is_ok_and(|s| s.success()) {
        return true;
    }
    assert!(std::env::var_os("CI").is_none(), "`nvim` is missing: scripts/install-deps installs Debian's neovim");
    eprintln!("skipped: `nvim` is not installed (scripts/install-deps installs it; under CI this fails)");
    false
}

/// Runs the client script on a copy of `spec` and returns the results it wrote.
fn run_client(spec: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let spec_path = dir.path().join("door.fsm");
    std::fs::write(&spec_path, spec).unwrap();
    let results = dir.path().join("results.json");
    let log = dir.path().join("nvim.log");
    let mut command = Command::new("nvim");
    command
        // The script's path goes by the environment, which needs no quoting on a command line.
        .args(["--headless", "--clean", "-n", "-i", "NONE", "-c", "lua dofile(os.getenv('FSM_CLIENT'))"])
        .current_dir(dir.path())
        .env("FSM_CLIENT", nvim_dir().join("client.lua"))
        .env("FSM_BIN", env!("CARGO_BIN_EXE_fsm"))
        .env("FSM_SPEC", &spec_path)
        .env("FSM_RESULTS", &results)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(std::fs::File::create(dir.path().join("nvim.err")).unwrap());
    // Neovim's state, cache and LSP log go to the scratch directory, not the user's home.
    for var in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] {
        command.env(var, dir.path().join(var));
    }
    let mut child = command.spawn().unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > DEADLINE {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("Neovim did not finish within {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |p: PathBuf| std::fs::read_to_string(p).unwrap_or_default();
    let written = read(results.clone());
    let lsp_log = read(dir.path().join("XDG_CACHE_HOME/nvim/lsp.log"));
    let output = format!(
        "status {status}\nstdout:\n{}\nstderr:\n{}\nlsp.log:\n{lsp_log}\nresults:\n{written}",
        read(log),
        read(dir.path().join("nvim.err"))
    );
    let value: Value = serde_json::from_str(&written).unwrap_or_else(|e| panic!("no results ({e}):\n{output}"));
    assert!(status.success() && value.get("error").is_none(), "the client script failed:\n{output}");
    eprintln!("Neovim ran the client script in {:.2?}", started.elapsed());
    value
}

/// The 0-based line and byte column of the first `needle`.
fn place(text: &str, needle: &str) -> (u64, u64) {
    for (i, line) in text.lines().enumerate() {
        if let Some(col) = line.find(needle) {
            return (i as u64, col as u64);
        }
    }
    panic!("no `{needle}` in the text");
}

/// A diagnostic as Neovim shows it, reduced to what the test compares: the code, the severity
/// (1 error, 2 warning), the 0-based line and the byte columns of the range.
type Shown = (String, u64, u64, u64, u64);

fn shown(diagnostics: &Value) -> Vec<Shown> {
    diagnostics
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            assert_eq!(d["source"], "fsm");
            assert_eq!(d["lnum"], d["end_lnum"], "a one-line range: {d}");
            let n = |key: &str| d[key].as_u64().unwrap();
            (d["code"].as_str().unwrap().to_owned(), n("severity"), n("lnum"), n("col"), n("end_col"))
        })
        .collect()
}

/// The expected diagnostic on `name`, found as part of the first `needle` in the text.
fn expect(text: &str, code: &str, severity: u64, needle: &str, name: &str) -> Shown {
    let (line, col) = place(text, needle);
    let col = col + needle.find(name).unwrap() as u64;
    (code.to_owned(), severity, line, col, col + name.len() as u64)
}

fn messages(diagnostics: &Value) -> Vec<&str> {
    diagnostics.as_array().unwrap().iter().map(|d| d["message"].as_str().unwrap()).collect()
}

#[test]
fn neovim_shows_and_applies_what_the_server_says() {
    if !nvim_available() {
        return;
    }
    let original = std::fs::read_to_string(nvim_dir().join("door.fsm")).unwrap();
    let results = run_client(&original);
    let steps = &results["steps"];

    // Neovim 0.7 speaks UTF-16 unless the server says otherwise, and the server says nothing.
    assert_eq!(steps["attach"]["offset_encoding"], "utf-16");
    assert_eq!(steps["attach"]["text"], original);

    // The two misspelled names, each at its place in bytes: the timer's stands after "Öffen 🚪",
    // which is 14 bytes and 8 UTF-16 units, so a column read in the wrong unit misses it.
    let open = &steps["open"];
    assert_eq!(
        shown(open),
        vec![
            expect(&original, "E0003", 1, "stop AutoClos;", "AutoClos"),
            expect(&original, "E0003", 1, "-> Opn", "Opn"),
        ]
    );
    assert_eq!(
        messages(open),
        [
            "no timer named `AutoClos`\nhelp: did you mean `AutoClose`?",
            "no state named `Opn`\nhelp: did you mean `Open`?"
        ]
    );

    // The hover as Neovim draws it: the declaration (the fence's lines gone, a rule under it),
    // the doc comment, the transitions out; none come in while the one into `Open` says `Opn`.
    let hover: Vec<&str> = steps["hover"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    let rule = |line: &&str| !line.is_empty() && line.chars().all(|c| c == '─');
    assert!(hover.iter().any(rule), "{hover:#?}");
    assert_eq!(
        hover.into_iter().filter(|l| !rule(l)).collect::<Vec<_>>(),
        [
            "state Open \"Öffen 🚪\" { entry start AutoClose; exit stop AutoClos; }",
            "Open: the auto-close timer runs.",
            "",
            "Transitions out:",
            "Open -> Shut on AutoCloseExpiry ref \"§2.2\";",
            "internal Open on Push / start AutoClose;",
        ]
    );

    // The "did you mean" fixes, one after the other; with every name resolved the checker
    // reports the unhandled pairs and the unused declarations (`Force`, which no transition
    // mentions yet, and `Ring`).
    let fixed_state = original.replace("-> Opn on", "-> Open on");
    let step = &steps["fix_state"];
    assert!(step["offered"].as_array().unwrap().contains(&"Replace with `Open`".into()), "{step}");
    assert_eq!(step["text"], fixed_state);
    assert_eq!(shown(&step["diagnostics"]), vec![expect(&fixed_state, "E0003", 1, "stop AutoClos;", "AutoClos")]);

    let fixed_names = fixed_state.replace("stop AutoClos;", "stop AutoClose;");
    let step = &steps["fix_timer"];
    assert_eq!(step["offered"], serde_json::json!(["Replace with `AutoClose`"]));
    assert_eq!(step["text"], fixed_names);
    assert_eq!(
        shown(&step["diagnostics"]),
        vec![
            expect(&fixed_names, "E0008", 1, "state Shut", "Shut"),
            expect(&fixed_names, "E0008", 1, "state Open", "Open"),
            expect(&fixed_names, "W0002", 2, "event    Force", "Force"),
            expect(&fixed_names, "W0002", 2, "action Ring", "Ring"),
        ]
    );
    assert_eq!(
        messages(&step["diagnostics"])[3],
        "the action `Ring` is never used\nhelp: use it in a transition, or remove the declaration"
    );

    // E0008's `ignore` lines, after the last item: `Force` is used now.
    let last = "internal Open on Push / start AutoClose;";
    let ignored_shut = fixed_names.replace(last, &format!("{last}\n    ignore Force in Shut;"));
    let step = &steps["fix_unhandled_shut"];
    assert_eq!(step["text"], ignored_shut);
    assert_eq!(
        shown(&step["diagnostics"]),
        vec![
            expect(&ignored_shut, "E0008", 1, "state Open", "Open"),
            expect(&ignored_shut, "W0002", 2, "action Ring", "Ring")
        ]
    );
    let ignored = ignored_shut.replace("Shut;\n}", "Shut;\n    ignore Force in Open;\n}");
    let step = &steps["fix_unhandled_open"];
    assert_eq!(step["text"], ignored);
    assert_eq!(shown(&step["diagnostics"]), vec![expect(&ignored, "W0002", 2, "action Ring", "Ring")]);

    // The unused action goes with its doc comment; nothing is left to report.
    let clean = ignored.replace("    /// Rings the bell.\n    action Ring;\n", "");
    let step = &steps["fix_unused"];
    assert_eq!(step["text"], clean);
    assert_eq!(step["diagnostics"], serde_json::json!([]));

    // The rename from the timer's name after the emoji: every use, its expiry event too.
    let renamed = clean.replace("AutoClose", "DoorTimer");
    assert_eq!(steps["rename"], renamed);
    assert_ne!(renamed, clean);

    // Go to definition: from the target of `Open -> Shut` to the state's name (1-based line,
    // byte column).
    let (line, col) = place(&renamed, "Shut {");
    assert_eq!(steps["definition"], serde_json::json!([line + 1, col]));

    // References fill the quickfix list: every use of the timer, the expiry event's too, at byte
    // columns (1-based) that Neovim worked out from the server's UTF-16 ones.
    let lines: Vec<&str> = renamed.lines().collect();
    let references = steps["references"].as_array().unwrap();
    let mut expected = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        for (col, _) in line.match_indices("DoorTimer") {
            expected.push((i as u64 + 1, col as u64 + 1));
        }
    }
    let found: Vec<(u64, u64)> =
        references.iter().map(|r| (r["lnum"].as_u64().unwrap(), r["col"].as_u64().unwrap())).collect();
    assert_eq!(found, expected);
    assert!(lines[found[1].0 as usize - 1].contains('🚪'), "a reference after the emoji: {references:#?}");

    // The outline, as the quickfix list shows it: the machine, then each declaration and
    // transition at its place.
    let symbols: Vec<&str> = steps["symbols"].as_array().unwrap().iter().map(|s| s["text"].as_str().unwrap()).collect();
    assert_eq!(
        symbols,
        [
            "[Module] Door",
            "[Class] Shut",
            "[Class] Open",
            "[Event] Push",
            "[Event] Force",
            "[Function] Lock",
            "[Constant] DoorTimer",
            "[Operator] Shut -> Open on Push ref \"§2.1\"",
            "[Operator] Open -> Shut on DoorTimerExpiry ref \"§2.2\"",
            "[Operator] internal Open on Push / start DoorTimer",
        ]
    );
    for s in steps["symbols"].as_array().unwrap() {
        let name = s["text"].as_str().unwrap().split_once("] ").unwrap().1;
        let (line, col) = (s["lnum"].as_u64().unwrap() as usize, s["col"].as_u64().unwrap() as usize);
        let first_word = name.split_whitespace().next().unwrap();
        assert!(lines[line - 1][col - 1..].starts_with(first_word), "{s} at {:?}", lines[line - 1]);
    }

    // Completion where a transition's target stands: the states, nothing else.
    assert_eq!(steps["completion"], serde_json::json!(["Open", "Shut"]));

    // Typing a line in insert mode: the diagnostics follow the text, half a line is a syntax
    // error where completion still offers the states, and the undo clears it all.
    let last = "    internal Open on Push / start DoorTimer;\n";
    let step = &steps["typing"];
    let half = renamed.replace(last, &format!("{last}    Shut -> \n"));
    assert_eq!(step["half"]["text"], half);
    let codes: Vec<&str> =
        step["half"]["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["E0001"], "{step:#}");
    assert_eq!(step["half"]["completion"], serde_json::json!(["Open", "Shut"]));
    let typed = renamed.replace(last, &format!("{last}    Shut -> Nowhere on Push;\n"));
    assert_eq!(step["typed"]["text"], typed);
    assert_eq!(shown(&step["typed"]["diagnostics"]), vec![expect(&typed, "E0003", 1, "-> Nowhere", "Nowhere")]);
    assert_eq!(step["undone"]["text"], renamed);
    assert_eq!(step["undone"]["diagnostics"], serde_json::json!([]));

    // A keyword is refused with the server's reason, as an error, and the text stays.
    let refused = &steps["refused_rename"];
    assert_eq!(refused["unchanged"], true);
    assert_eq!(refused["notified"]["level"], 4, "an error: {refused}");
    let message = refused["notified"]["message"].as_str().unwrap();
    assert!(message.contains("cannot rename the state `Shut`: `machine` is a keyword of the DSL"), "{message}");

    // Formatting through the server gives what `fsm fmt` gives.
    let formatted = fsm_cli::fmt::format(&renamed).unwrap();
    assert_ne!(formatted, renamed, "the spec was meant to have a line to format");
    assert_eq!(steps["format"]["text"], formatted);
    assert_eq!(steps["format"]["diagnostics"], serde_json::json!([]));

    // `:write` sends `didSave`, which the server did not ask for: it goes on answering.
    assert_eq!(steps["save"], serde_json::json!({ "saved": true, "hover": true }));

    // A second spec, opened and wiped: its own diagnostics, then `didClose`; the first is kept.
    let second = &steps["second_file"];
    assert_eq!(second["codes"], serde_json::json!(["E0003"]), "{second}");
    assert_eq!(second["first"], 0);
    assert_eq!(second["first_text"], formatted);

    // `shutdown` then `exit`: the server ends cleanly.
    assert_eq!(steps["stop"], serde_json::json!({ "code": 0, "signal": 0 }));
}
