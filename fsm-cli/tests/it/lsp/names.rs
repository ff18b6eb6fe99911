//! Names: the outline, definitions and references, rename, completion, semantic tokens, and every
//! name of the repository's specs leading to its declaration.

use super::*;

#[test]
fn the_outline_nests_substates_under_their_superstate() {
    let mut client = Client::start();
    let uri = "file:///link.fsm";
    assert_eq!(client.open(uri, LINK), Vec::<Value>::new());
    let r = client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    let symbols = r.response_result.unwrap();
    let machine = &symbols[0];
    assert_eq!(machine["name"], "Link");
    assert_eq!(machine["detail"], "machine");
    let children = machine["children"].as_array().unwrap();
    let names: Vec<(&str, &str)> =
        children.iter().map(|c| (c["name"].as_str().unwrap(), c["detail"].as_str().unwrap())).collect();
    assert_eq!(
        names,
        [
            ("Down", "state"),
            ("Up", "superstate"),
            ("Open", "event"),
            ("Close", "event"),
            ("ready", "guard"),
            ("Send", "action"),
            ("Tw", "timer"),
            ("count", "variable"),
            ("Down -> Idle on Open [ready && count < 3] / Send, count += 1", "transition"),
            ("internal Down on Open [else]", "internal transition"),
            ("Idle -> Busy on Open", "transition"),
            ("Busy -> Idle on TwExpiry / Send", "transition"),
            ("Up -> Down on Close / count = 0", "transition"),
        ]
    );
    let up = &children[1];
    let substates: Vec<&str> = up["children"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(substates, ["Idle", "Busy"]);
    assert_eq!(up["selectionRange"], range(LINK, "Up", 0));
    client.shutdown();
}

#[test]
fn definition_and_references_follow_every_kind_of_name() {
    let mut client = Client::start();
    let uri = "file:///link.fsm";
    client.open(uri, LINK);
    // (word, occurrence clicked, occurrence declared, how many occurrences in all)
    let cases = [
        ("Idle", 2, 0, 4),  // a substate, from a transition's source
        ("Up", 1, 0, 2),    // a superstate
        ("Open", 2, 0, 5),  // an event, from an `on`
        ("ready", 1, 0, 2), // a guard, in a guard clause
        ("Send", 2, 0, 3),  // an action, in effects
        ("count", 3, 0, 4), // a variable, in an assignment
        ("Tw", 0, 1, 3),    // a timer, from the `timer` of a state (and its expiry event)
    ];
    for (word, clicked, declared, count) in cases {
        let declared = range(LINK, word, declared);
        let r = client.request(
            "textDocument/definition",
            json!({ "textDocument": { "uri": uri }, "position": at(LINK, word, clicked) }),
        );
        let location = r.response_result.unwrap();
        assert_eq!(location["range"], declared, "definition of {word}");
        assert_eq!(location["uri"], uri);
        let r = client.request(
            "textDocument/references",
            json!({ "textDocument": { "uri": uri }, "position": at(LINK, word, clicked),
                    "context": { "includeDeclaration": true } }),
        );
        let references = r.response_result.unwrap();
        assert_eq!(references.as_array().unwrap().len(), count, "references to {word}: {references:#?}");
        let r = client.request(
            "textDocument/references",
            json!({ "textDocument": { "uri": uri }, "position": at(LINK, word, clicked),
                    "context": { "includeDeclaration": false } }),
        );
        assert_eq!(r.response_result.unwrap().as_array().unwrap().len(), count - 1, "uses of {word}");
    }
    // The timer's expiry event leads to the timer; a keyword leads nowhere.
    let r = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": at(LINK, "TwExpiry", 0) }),
    );
    assert_eq!(r.response_result.unwrap()["range"]["start"], at(LINK, "Tw", 1));
    let r = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": at(LINK, "ignore", 0) }),
    );
    assert_eq!(r.response_result.unwrap(), Value::Null);
    client.shutdown();
}

#[test]
fn rename_changes_every_occurrence_or_says_why_not() {
    let mut client = Client::start();
    let uri = "file:///link.fsm";
    client.open(uri, LINK);
    let mut rename = |word: &str, nth: usize, new: &str| {
        client.request(
            "textDocument/rename",
            json!({ "textDocument": { "uri": uri }, "position": at(LINK, word, nth), "newName": new }),
        )
    };
    // Every kind of name, from a use or from the declaration; the result still checks clean.
    for (word, nth, new) in [
        ("Idle", 1, "Waiting"),
        ("Up", 0, "Running"),
        ("Open", 3, "Connect"),
        ("ready", 1, "may_send"),
        ("Send", 0, "Transmit"),
        ("count", 2, "tries"),
        ("Tw", 2, "Twatch"),
    ] {
        let edit = rename(word, nth, new).response_result.unwrap();
        let renamed = apply(LINK, &edit, uri);
        let compiled = fsm_dsl::compile(&renamed);
        assert!(compiled.diagnostics.is_empty(), "{word} -> {new}:\n{renamed}\n{:?}", compiled.diagnostics);
        assert!(
            !renamed.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).any(|w| w == word),
            "{word} is left in:\n{renamed}"
        );
    }
    // The timer's expiry event follows its timer.
    let edit = rename("Tw", 1, "Twatch").response_result.unwrap();
    assert!(apply(LINK, &edit, uri).contains("Busy -> Idle on TwatchExpiry / Send;"));
    // Refusals, each with its reason.
    for (new, reason) in [
        ("Close", "declared already"),
        ("state", "keyword of the DSL"),
        ("match", "Rust keyword"),
        ("Self", "Rust keyword"),
        ("from_name", "the generated code uses it"),
        ("2fast", "cannot be a name"),
        ("née", "cannot be a name"),
        ("", "cannot be a name"),
    ] {
        let error = rename("Open", 0, new).response_result.unwrap_err();
        assert_eq!(error.code, lsp_server::ErrorCode::RequestFailed as i32);
        assert!(error.message.contains(reason), "{new}: {}", error.message);
        assert!(error.message.contains("the event `Open`"), "{}", error.message);
    }
    let error = rename("ready", 0, "count").response_result.unwrap_err();
    assert!(error.message.contains("declared already, as a variable"), "{}", error.message);
    let error = rename("Open", 0, "TwExpiry").response_result.unwrap_err();
    assert!(error.message.contains("expiry event of a declared timer"), "{}", error.message);
    // A state may share its name with an event: they are different namespaces.
    let edit = rename("Down", 0, "Close").response_result.unwrap();
    assert!(fsm_dsl::compile(&apply(LINK, &edit, uri)).diagnostics.is_empty());
    let error = rename("machine", 0, "Other").response_result.unwrap_err();
    assert!(error.message.contains("no declared name here"), "{}", error.message);
    client.shutdown();
}

#[test]
fn completion_offers_the_names_the_grammar_expects_there() {
    let mut client = Client::start();
    let uri = "file:///typing.fsm";
    // `|` marks the cursor, in a line being typed at the end of LINK.
    let cases: [(&str, &[&str], &[&str]); 12] = [
        ("    ignore |", &["Open", "Close", "TwExpiry"], &["Idle"]),
        ("    ignore Open in Busy, |", &["Idle", "Down"], &["Open"]),
        ("    Down -> |", &["Down", "Up", "Idle", "Busy"], &["Open", "Send", "state"]),
        ("    Down, |", &["Idle", "Busy"], &["Open", "Send"]),
        ("    Down -> Idle on |", &["Open", "Close", "TwExpiry"], &["Idle", "Send"]),
        ("    Down -> Idle on Open, Cl|", &["Open", "Close"], &["Idle"]),
        ("    Down -> Idle on |", &["*"], &["Idle"]),
        ("    * except Down -> Idle on * except |", &["Open", "TwExpiry"], &["Idle", "Down"]),
        ("    Down -> Idle on Open [!|", &["ready", "count", "else"], &["Open", "Send"]),
        ("    Down -> Idle on Open / Send, |", &["Send", "count", "start", "stop"], &["Open", "Idle", "ready"]),
        ("    Down -> Idle on Open / start |", &["Tw"], &["Send", "Open"]),
        ("    |", &["state", "event", "ignore", "internal", "Down"], &["Open", "Send"]),
    ];
    for (line, wanted, unwanted) in cases {
        // The last `}` closes the machine: the typed line goes before it.
        let body = LINK.trim_end().strip_suffix('}').unwrap();
        let text = format!("{body}{}\n}}\n", line.replace('|', ""));
        client.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "fsm", "version": 1, "text": text } }),
        );
        client.diagnostics(uri);
        let line_number = text.lines().count() - 2;
        let character = line.find('|').unwrap();
        let r = client.request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line_number, "character": character } }),
        );
        let items = r.response_result.unwrap();
        let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
        for w in wanted {
            assert!(labels.contains(w), "{line:?}: {w} missing from {labels:?}");
        }
        for u in unwanted {
            assert!(!labels.contains(u), "{line:?}: {u} offered in {labels:?}");
        }
    }
    client.shutdown();
}

#[test]
fn semantic_tokens_say_each_names_kind() {
    let mut client = Client::start();
    let init = client.request("initialize", json!({ "capabilities": {} }));
    // A second `initialize` is a protocol error; the server answers it and goes on.
    assert!(init.response_result.is_err());
    let uri = "file:///link.fsm";
    let text = format!("// A link.\n{LINK}").replace("    event Open;\n", "    event Open \"OPEN\";\n");
    client.open(uri, &text);
    let r = client.request("textDocument/semanticTokens/full", json!({ "textDocument": { "uri": uri } }));
    let data: Vec<u64> =
        r.response_result.unwrap()["data"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(data.len() % 5, 0);
    // Decode to (line, column, length, type, modifiers).
    let (mut line, mut column) = (0, 0);
    let mut tokens = Vec::new();
    for t in data.chunks(5) {
        if t[0] > 0 {
            column = 0;
        }
        line += t[0];
        column += t[1];
        tokens.push((line, column, t[2], t[3], t[4]));
    }
    let legend = ["keyword", "comment", "string", "number", "state", "event", "guard", "action", "timer", "variable"];
    let lines: Vec<&str> = text.lines().collect();
    let described: Vec<(String, &str, bool)> = tokens
        .iter()
        .map(|&(l, c, len, ty, m)| {
            let word = lines[l as usize][c as usize..(c + len) as usize].to_owned();
            (word, legend[ty as usize], m == 1)
        })
        .collect();
    let has = |word: &str, kind: &str, decl: bool| {
        assert!(
            described.iter().any(|(w, k, d)| w == word && *k == kind && *d == decl),
            "{word} as {kind} (declaration: {decl}) in {described:?}"
        );
    };
    has("// A link.", "comment", false);
    has("machine", "keyword", false);
    has("Up", "state", true);
    has("Idle", "state", false);
    has("Open", "event", true);
    has("\"OPEN\"", "string", false);
    has("ready", "guard", false);
    has("Send", "action", true);
    has("Tw", "timer", false); // in `TwExpiry`, the timer's part
    has("count", "variable", false);
    has("3", "number", false);
    has("ignore", "keyword", false);
    client.shutdown();
}

#[test]
fn hover_finds_a_substate_declared_in_its_superstate() {
    let mut client = Client::start();
    let uri = "file:///link.fsm";
    client.open(uri, LINK);
    let position = at(LINK, "Busy", 2);
    let hover =
        client.hover(uri, position["line"].as_u64().unwrap() as u32, position["character"].as_u64().unwrap() as u32);
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("```fsm\nstate Busy { timer Tw; }\n```"), "{value}");
    assert!(value.contains("Transitions out:\n```fsm\nBusy -> Idle on TwExpiry / Send;"), "{value}");
    client.shutdown();
}

/// On every spec of the repository (all check clean): every name the index finds leads to a
/// declaration of its kind, and every declaration is found.
#[test]
fn every_name_in_the_repositorys_specs_leads_to_its_declaration() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../specs");
    let mut specs = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "fsm") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let compiled = fsm_dsl::compile(&text);
        let machine = compiled.machine.as_ref().unwrap();
        let index = fsm_cli::lsp::index::Index::new(compiled.ast.as_ref().unwrap());
        for o in &index.occurrences {
            let declaration = index.declaration(o.kind, &o.name);
            assert!(declaration.is_some(), "{}: {} `{}` has no declaration", path.display(), o.kind.noun(), o.name);
            assert_eq!(&text[o.span.range()], o.name, "{}", path.display());
        }
        let states = index.declared(fsm_cli::lsp::index::Kind::State).len();
        let leaves = machine.states.len();
        assert!(states >= leaves, "{}: {states} states declared, {leaves} in the model", path.display());
        specs += 1;
    }
    assert!(specs >= 5, "{specs} specs read");
}

#[test]
fn hover_on_any_other_event_lists_what_it_covers_in_each_state() {
    let text = "machine Link {
    initial state Down;
    state Up {
        initial state Idle;
        state Busy;
    }
    event Open;
    event Close;
    event Reset;
    Down -> Idle on Open;
    Idle -> Busy on Open;
    Up -> Down on Close;
    Up -> Down on * except Reset \"any other message\";
    ignore Reset;
    ignore Close in Down;
}
";
    let mut client = Client::start();
    let uri = "file:///other.fsm";
    client.open(uri, text);
    let position = at(text, "* except", 0);
    let hover =
        client.hover(uri, position["line"].as_u64().unwrap() as u32, position["character"].as_u64().unwrap() as u32);
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("**any other message**: every event that nothing else handles"), "{value}");
    assert!(value.contains("except `Reset`"), "{value}");
    // `Open` is handled in `Idle`, not in `Busy`: the transition covers it only there.
    assert!(value.contains("- in `Busy`: `Open`"), "{value}");
    assert!(!value.contains("`Idle`"), "{value}");
    client.shutdown();
}

#[test]
fn a_group_is_hovered_with_its_effects_and_renamed_everywhere() {
    let text = "machine Link {
    initial state Down;
    state Up;
    event Open;
    event Close;
    action Send;
    action Report;
    timer Tw;
    /// Restart the watchdog and say so.
    group restart = start Tw, Report;
    group opening = Send, restart;
    Down -> Up on Open / opening;
    Up -> Down on Close / stop Tw;
    internal Up on TwExpiry / restart;
    ignore Close in Down;
    ignore Open in Up;
}
";
    let mut client = Client::start();
    let uri = "file:///groups.fsm";
    client.open(uri, text);
    let position = at(text, "restart", 2);
    let hover =
        client.hover(uri, position["line"].as_u64().unwrap() as u32, position["character"].as_u64().unwrap() as u32);
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("```fsm\ngroup restart = start Tw, Report;\n```"), "{value}");
    assert!(value.contains("Restart the watchdog and say so."), "{value}");
    assert!(value.contains("Runs, in its place: `start Tw`, `Report`"), "{value}");
    let edit = client
        .request(
            "textDocument/rename",
            json!({ "textDocument": { "uri": uri }, "position": at(text, "restart", 1), "newName": "rearm" }),
        )
        .response_result
        .unwrap();
    let renamed = apply(text, &edit, uri);
    assert_eq!(renamed.matches("rearm").count(), 3, "{renamed}");
    assert!(!renamed.contains("restart"), "{renamed}");
    assert!(fsm_dsl::compile(&renamed).diagnostics.is_empty());
    // A group cannot take an action's name: effect lists name both.
    let error = client
        .request(
            "textDocument/rename",
            json!({ "textDocument": { "uri": uri }, "position": at(text, "restart", 1), "newName": "Send" }),
        )
        .response_result
        .unwrap_err();
    assert!(error.message.contains("`Send` is declared already"), "{}", error.message);
    client.shutdown();
}

#[test]
fn a_parameter_and_an_event_whose_data_a_duration_reads_are_renamed_in_the_duration() {
    let text = "machine Lease {
    unhandled = ignore;
    initial state Init;
    state Bound { exit stop Renew, stop Retry; }
    event Ack(crate::Ack);
    event Release;
    param base: 1..=60 = 4;
    timer Renew = Ack.lease * 500 ms;
    timer Retry = base * 2 s;
    Init -> Bound on Ack / start Renew, start Retry;
    Bound -> Init on Release, RenewExpiry, RetryExpiry;
}
";
    let mut client = Client::start();
    let uri = "file:///lease.fsm";
    client.open(uri, text);
    let rename = |client: &mut Client, name: &str, nth: usize, new: &str| {
        let edit = client
            .request(
                "textDocument/rename",
                json!({ "textDocument": { "uri": uri }, "position": at(text, name, nth), "newName": new }),
            )
            .response_result
            .unwrap();
        apply(text, &edit, uri)
    };
    // From its declaration: the duration follows.
    let renamed = rename(&mut client, "base", 0, "initial_rto");
    assert_eq!(renamed.matches("initial_rto").count(), 2, "{renamed}");
    assert!(fsm_dsl::compile(&renamed).diagnostics.is_empty(), "{renamed}");
    // From the duration: the event's declaration and its transition follow.
    let renamed = rename(&mut client, "Ack", 2, "DhcpAck");
    assert!(renamed.contains("timer Renew = DhcpAck.lease * 500 ms;"), "{renamed}");
    assert!(renamed.contains("event DhcpAck(crate::Ack);"), "{renamed}");
    assert!(renamed.contains("Init -> Bound on DhcpAck"), "{renamed}");
    assert!(fsm_dsl::compile(&renamed).diagnostics.is_empty(), "{renamed}");
    client.shutdown();
}
