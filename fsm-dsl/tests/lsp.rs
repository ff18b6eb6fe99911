//! `fsm lsp` at the protocol level: a client on an in-memory connection opens specs with
//! mistakes and reads the diagnostics, asks for hovers and formatting, sends requests the
//! server cannot read, and shuts the server down.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is that test failing

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};
use std::time::Duration;

struct Client {
    connection: Connection,
    next_id: i32,
    server: Option<std::thread::JoinHandle<Result<(), String>>>,
}

impl Client {
    /// Starts a server and initialises it.
    fn start() -> Client {
        let (client, server) = Connection::memory();
        let thread = std::thread::spawn(move || fsm_dsl::lsp::serve(&server));
        let mut client = Client { connection: client, next_id: 0, server: Some(thread) };
        let init = client.request("initialize", json!({ "capabilities": {} }));
        let result = init.response_result.as_ref().unwrap();
        let caps = &result["capabilities"];
        assert_eq!(caps["hoverProvider"], true);
        // Columns in UTF-16 units, said outright; the server's name and version.
        assert_eq!(caps["positionEncoding"], "utf-16");
        assert_eq!(result["serverInfo"], json!({ "name": "fsm", "version": env!("CARGO_PKG_VERSION") }));
        assert_eq!(caps["documentFormattingProvider"], true);
        client.notify("initialized", json!({}));
        client
    }

    fn send(&self, message: Message) {
        self.connection.sender.send(message).unwrap();
    }

    fn receive(&self) -> Message {
        self.connection.receiver.recv_timeout(Duration::from_secs(20)).expect("the server answers")
    }

    fn request(&mut self, method: &str, params: Value) -> Response {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Request::new(id.clone(), method.to_owned(), params).into());
        match self.receive() {
            Message::Response(response) => {
                assert_eq!(response.id, id);
                response
            }
            other => panic!("expected the response to {method}, got {other:?}"),
        }
    }

    fn notify(&self, method: &str, params: Value) {
        self.send(Notification::new(method.to_owned(), params).into());
    }

    /// Opens a document and returns the diagnostics published for it.
    fn open(&self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "fsm", "version": 1, "text": text } }),
        );
        self.diagnostics(uri)
    }

    fn diagnostics(&self, uri: &str) -> Vec<Value> {
        match self.receive() {
            Message::Notification(n) if n.method == "textDocument/publishDiagnostics" => {
                assert_eq!(n.params["uri"], uri);
                n.params["diagnostics"].as_array().unwrap().clone()
            }
            other => panic!("expected diagnostics, got {other:?}"),
        }
    }

    fn hover(&mut self, uri: &str, line: u32, character: u32) -> Value {
        let r = self.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        );
        r.response_result.unwrap()
    }

    fn shutdown(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert!(r.response_result.is_ok());
        self.notify("exit", Value::Null);
        let result = self.server.take().unwrap().join().unwrap();
        assert_eq!(result, Ok(()));
    }
}

const DOOR: &str = "machine Door {
    /// Closed and locked.
    initial state Shut;
    /// Open: the timer runs.
    state Open { timer AutoClose; }
    event Push;
    timer AutoClose;
    Shut -> Open on Push;
    Open -> Shut on AutoCloseExpiry;
    internal Open on Push;
}
";

#[test]
fn diagnostics_say_what_the_checker_says_where_it_says_it() {
    let client = Client::start();
    let uri = "file:///door.fsm";
    assert_eq!(client.open(uri, DOOR), Vec::<Value>::new());

    // A misspelled state: E0003, its range on the name, the suggestion as a help line.
    let broken = DOOR.replace("Shut -> Open on Push;", "Shut -> Opn on Push;");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": broken }] }),
    );
    let diagnostics = client.diagnostics(uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "E0003");
    assert_eq!(d["severity"], 1);
    assert_eq!(d["source"], "fsm");
    assert_eq!(d["range"], json!({ "start": { "line": 7, "character": 12 }, "end": { "line": 7, "character": 15 } }));
    let message = d["message"].as_str().unwrap();
    assert!(message.starts_with("no state named `Opn`"), "{message}");
    assert!(message.contains("\nhelp: "), "{message}");
    assert!(message.contains("`Open`"), "{message}");

    // A second declaration: the first one is a related place.
    let twice = DOOR.replace("    event Push;\n", "    event Push;\n    event Push;\n");
    let diagnostics = client.open("file:///twice.fsm", &twice);
    let d = diagnostics.iter().find(|d| d["code"] == "E0002").unwrap();
    let related = d["relatedInformation"].as_array().unwrap();
    assert_eq!(related[0]["location"]["uri"], "file:///twice.fsm");
    assert_eq!(related[0]["location"]["range"]["start"], json!({ "line": 5, "character": 10 }));

    // A syntax error is a diagnostic too, and the server goes on.
    let diagnostics = client.open("file:///broken.fsm", "machine M { state A }");
    assert_eq!(diagnostics[0]["code"], "E0001");
    client.shutdown();
}

#[test]
fn positions_count_utf16_code_units() {
    let client = Client::start();
    let text = "machine M {\n    ref \"§ 😀\"; initial state A; event E; internal A on Ee;\n}\n";
    let diagnostics = client.open("file:///u.fsm", text);
    let d = diagnostics.iter().find(|d| d["code"] == "E0003").unwrap();
    // `§` is one UTF-16 unit and two octets, `😀` two units and four octets.
    let before = text.lines().nth(1).unwrap().split("Ee").next().unwrap();
    let column = before.encode_utf16().count();
    assert!(column != before.len() && column != before.chars().count());
    assert_eq!(d["range"]["start"], json!({ "line": 1, "character": column }));
    client.shutdown();
}

#[test]
fn hover_shows_the_declaration_its_docs_and_the_transitions() {
    let mut client = Client::start();
    let uri = "file:///door.fsm";
    client.open(uri, DOOR);
    // On `Open` in `Shut -> Open on Push;`.
    let hover = client.hover(uri, 7, 14);
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.contains("state Open { timer AutoClose; }"), "{value}");
    assert!(value.contains("Open: the timer runs."), "{value}");
    assert!(
        value.contains("Transitions out:\n```fsm\nOpen -> Shut on AutoCloseExpiry;\ninternal Open on Push;\n```"),
        "{value}"
    );
    assert!(value.contains("Transitions in:\n```fsm\nShut -> Open on Push;\n```"), "{value}");
    assert_eq!(
        hover["range"],
        json!({ "start": { "line": 7, "character": 12 }, "end": { "line": 7, "character": 16 } })
    );

    // A timer: where it may run.
    let hover = client.hover(uri, 6, 12);
    let value = hover["contents"]["value"].as_str().unwrap();
    assert!(value.contains("May be running in: `Open`"), "{value}");

    // Nothing declared there: no hover.
    assert_eq!(client.hover(uri, 0, 2), Value::Null);
    client.shutdown();
}

#[test]
fn formatting_replaces_the_text_with_fmts_and_refuses_a_broken_spec() {
    let mut client = Client::start();
    let uri = "file:///messy.fsm";
    let messy = "machine M{initial state A;event E;\ninternal A on E;}";
    client.open(uri, messy);
    let r = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let edits = r.response_result.unwrap();
    assert_eq!(edits.as_array().unwrap().len(), 1);
    assert_eq!(edits[0]["newText"], fsm_dsl::fmt::format(messy).unwrap());
    assert_eq!(
        edits[0]["range"],
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 1, "character": 17 } })
    );

    client.open("file:///broken.fsm", "machine M { state A }");
    let r = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": "file:///broken.fsm" }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let error = r.response_result.unwrap_err();
    assert!(error.message.contains("syntax errors"), "{error:?}");
    client.shutdown();
}

#[test]
fn requests_it_cannot_read_get_errors_and_the_server_goes_on() {
    let mut client = Client::start();
    let r = client.request("textDocument/hover", json!({ "nonsense": true }));
    assert_eq!(r.response_result.unwrap_err().code, lsp_server::ErrorCode::InvalidParams as i32);
    let r = client.request("textDocument/definitelyNot", json!({}));
    assert_eq!(r.response_result.unwrap_err().code, lsp_server::ErrorCode::MethodNotFound as i32);
    let r = client.request("textDocument/formatting", json!({ "textDocument": { "uri": "file:///never-opened.fsm" }, "options": { "tabSize": 4, "insertSpaces": true } }));
    assert!(r.response_result.is_err());
    // A notification it cannot read is dropped; then everything still works.
    client.notify("textDocument/didOpen", json!({ "textDocument": 42 }));
    assert_eq!(client.open("file:///door.fsm", DOOR), Vec::<Value>::new());
    client.shutdown();
}

/// The `fsm lsp` command itself, on its standard input and output.
#[test]
fn the_command_serves_on_its_standard_streams() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_fsm"))
        .arg("lsp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut send = |message: Message| message.write(&mut input).unwrap();
    let mut receive = || Message::read(&mut output).unwrap().expect("a message");
    send(Request::new(RequestId::from(1), "initialize".into(), json!({ "capabilities": {} })).into());
    assert!(matches!(receive(), Message::Response(r) if r.response_result.is_ok()));
    send(Notification::new("initialized".into(), json!({})).into());
    let text = "machine M { initial state A; event E; A -> B on E; }";
    send(
        Notification::new(
            "textDocument/didOpen".into(),
            json!({ "textDocument": { "uri": "file:///m.fsm", "languageId": "fsm", "version": 1, "text": text } }),
        )
        .into(),
    );
    match receive() {
        Message::Notification(n) => assert_eq!(n.params["diagnostics"][0]["code"], "E0003"),
        other => panic!("{other:?}"),
    }
    send(Request::new(RequestId::from(2), "shutdown".into(), Value::Null).into());
    assert!(matches!(receive(), Message::Response(_)));
    send(Notification::new("exit".into(), Value::Null).into());
    assert!(child.wait().unwrap().success());
}

/// A spec with every kind of name: a superstate, an event, a guard, an action, a timer and a
/// variable, each used.
const LINK: &str = "machine Link {
    initial state Down;
    state Up {
        initial state Idle;
        state Busy { timer Tw; }
    }
    event Open;
    event Close;
    guard ready;
    action Send;
    timer Tw;
    var count: 0..=3 = 0;
    Down -> Idle on Open [ready && count < 3] / Send, count += 1;
    internal Down on Open [else];
    Idle -> Busy on Open;
    Busy -> Idle on TwExpiry / Send;
    Up -> Down on Close / count = 0;
    ignore Close in Down;
    ignore Open in Busy;
}
";

/// The position (line, UTF-16 column) of the `nth` occurrence (from 0) of `word` in `text`.
fn at(text: &str, word: &str, nth: usize) -> Value {
    let offset = text.match_indices(word).nth(nth).unwrap().0;
    let line = text[..offset].matches('\n').count();
    let column = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1);
    json!({ "line": line, "character": column })
}

fn range(text: &str, word: &str, nth: usize) -> Value {
    let start = at(text, word, nth);
    let end = json!({ "line": start["line"], "character": start["character"].as_u64().unwrap() + word.len() as u64 });
    json!({ "start": start, "end": end })
}

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

/// Applies the edits of a `WorkspaceEdit` for `uri` to `text` (positions in ASCII text).
fn apply(text: &str, edit: &Value, uri: &str) -> String {
    let mut edits: Vec<&Value> = edit["changes"][uri].as_array().unwrap().iter().collect();
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + p["character"].as_u64().unwrap() as usize
    };
    edits.sort_by_key(|e| std::cmp::Reverse(offset(&e["range"]["start"])));
    let mut out = text.to_owned();
    for e in edits {
        let (start, end) = (offset(&e["range"]["start"]), offset(&e["range"]["end"]));
        out.replace_range(start..end, e["newText"].as_str().unwrap());
    }
    out
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
    let cases: [(&str, &[&str], &[&str]); 10] = [
        ("    ignore |", &["Open", "Close", "TwExpiry"], &["Idle"]),
        ("    ignore Open in Busy, |", &["Idle", "Down"], &["Open"]),
        ("    Down -> |", &["Down", "Up", "Idle", "Busy"], &["Open", "Send", "state"]),
        ("    Down, |", &["Idle", "Busy"], &["Open", "Send"]),
        ("    Down -> Idle on |", &["Open", "Close", "TwExpiry"], &["Idle", "Send"]),
        ("    Down -> Idle on Open, Cl|", &["Open", "Close"], &["Idle"]),
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
fn code_actions_fix_what_the_help_lines_say() {
    let mut client = Client::start();
    let uri = "file:///fix.fsm";
    let mut fix = |text: &str, code: &str| -> (String, String) {
        let diagnostics = client.open(uri, text);
        let d = diagnostics.iter().find(|d| d["code"] == code).unwrap_or_else(|| panic!("no {code}: {diagnostics:#?}"));
        let r = client.request(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": uri }, "range": d["range"], "context": { "diagnostics": [d] } }),
        );
        let actions = r.response_result.unwrap();
        let action = actions
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["diagnostics"][0]["code"] == code)
            .unwrap_or_else(|| panic!("no action for {code}: {actions:#?}"));
        assert_eq!(action["kind"], "quickfix");
        (action["title"].as_str().unwrap().to_owned(), apply(text, &action["edit"], uri))
    };

    // E0003: the "did you mean" name.
    let (title, fixed) = fix(&DOOR.replace("Shut -> Open on Push;", "Shut -> Opn on Push;"), "E0003");
    assert_eq!(title, "Replace with `Open`");
    assert_eq!(fixed, DOOR);

    // E0008: the `ignore` line of the help, after the last item.
    let (title, fixed) = fix(&DOOR.replace("    internal Open on Push;\n", ""), "E0008");
    assert_eq!(title, "Add `ignore Push in Open;`");
    assert!(fixed.ends_with("    Open -> Shut on AutoCloseExpiry;\n    ignore Push in Open;\n}\n"), "{fixed}");
    assert!(fsm_dsl::compile(&fixed).diagnostics.is_empty());

    // W0002: the unused declaration goes, its doc comment and attributes with it.
    let unused = DOOR.replace("    event Push;\n", "    event Push;\n    /// Never used.\n    guard spare;\n");
    let (title, fixed) = fix(&unused, "W0002");
    assert_eq!(title, "Remove the unused declaration of `spare`");
    assert_eq!(fixed, DOOR);

    // No action where no fix is known (E0006, a dead end), none outside the range.
    let dead_end = "machine M { initial state A; state B; event E; A -> B on E; ignore E in B; }";
    let diagnostics = client.open(uri, dead_end);
    assert!(diagnostics.iter().any(|d| d["code"] == "E0006"), "{diagnostics:#?}");
    let r = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 80 } }, "context": { "diagnostics": [] } }),
    );
    assert_eq!(r.response_result.unwrap(), json!([]));
    client.shutdown();
}

/// Neovim 0.7 asks for code actions with the cursor as the range and, as the context, the
/// diagnostics of the cursor's line with its own byte columns in place of the published UTF-16
/// ones (`vim.lsp.buf.code_action` reads them from `vim.diagnostic`). The server offers the fixes
/// of the diagnostics the range meets or the context names (by code, message and line), with
/// its own ranges, never the context's columns.
#[test]
fn code_actions_follow_the_range_and_the_context_but_not_its_columns() {
    let mut client = Client::start();
    let uri = "file:///fix.fsm";
    let text = "machine M {\n    ref \"Öffen 🚪\"; initial state A; event E; internal A on Ee;\n}\n";
    let diagnostics = client.open(uri, text);
    let published = diagnostics.iter().find(|d| d["code"] == "E0003").unwrap().clone();
    let line = text.lines().nth(1).unwrap();
    let bytes = line.find("Ee;").unwrap();
    let units = line[..bytes].encode_utf16().count();
    assert_eq!(published["range"]["start"], json!({ "line": 1, "character": units }));
    // What Neovim 0.7 sends: the cursor as the range, in UTF-16; the diagnostic in bytes.
    let mut as_neovim_sends = published.clone();
    as_neovim_sends["range"] = json!({
        "start": { "line": 1, "character": bytes },
        "end": { "line": 1, "character": bytes + 2 },
    });
    let cursor = json!({ "line": 1, "character": units });
    let r = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": cursor, "end": cursor },
            "context": { "diagnostics": [as_neovim_sends] },
        }),
    );
    let actions = r.response_result.unwrap();
    assert_eq!(actions.as_array().unwrap().len(), 1, "{actions:#?}");
    assert_eq!(actions[0]["title"], "Replace with `E`");
    // The edit and the diagnostic it fixes are the server's, in UTF-16.
    assert_eq!(actions[0]["diagnostics"][0]["range"], published["range"]);
    let edit = &actions[0]["edit"]["changes"][uri][0];
    assert_eq!(edit["range"], published["range"]);
    assert_eq!(edit["newText"], "E");

    // The cursor at the start of the line, off the name: the context names the diagnostic.
    let start = json!({ "line": 1, "character": 0 });
    let ask = |client: &mut Client, context: Value| {
        let r = client.request(
            "textDocument/codeAction",
            json!({ "textDocument": { "uri": uri }, "range": { "start": start, "end": start }, "context": context }),
        );
        r.response_result.unwrap()
    };
    let actions = ask(&mut client, json!({ "diagnostics": [as_neovim_sends] }));
    assert_eq!(actions[0]["edit"]["changes"][uri][0]["range"], published["range"], "{actions:#?}");
    // Without it, or with one the text no longer has, nothing.
    assert_eq!(ask(&mut client, json!({ "diagnostics": [] })), json!([]));
    let mut stale = as_neovim_sends.clone();
    stale["message"] = json!("no event named `Eee`\nhelp: did you mean `E`?");
    assert_eq!(ask(&mut client, json!({ "diagnostics": [stale] })), json!([]));
    client.shutdown();
}

/// LSP 3.17's `exit`: status 0 after `shutdown`, 1 without it (an error from `serve`, which the
/// command prints and exits with 1).
#[test]
fn exit_without_shutdown_is_an_error() {
    let mut client = Client::start();
    client.open("file:///x.fsm", DOOR);
    client.notify("exit", Value::Null);
    let result = client.server.take().unwrap().join().unwrap();
    assert_eq!(result, Err("the client sent `exit` before `shutdown`".to_owned()));
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
fn junk_and_malformed_params_never_stop_the_server() {
    let mut client = Client::start();
    let uri = "file:///junk.fsm";
    let junk = [
        "",
        "}}}{{{ -> -> on on [[[ ///",
        "machine",
        "machine M { state \"unterminated",
        "machine M { A -> on [ && ] / start ; internal ; ignore in ; }",
        "machine M { state A { state B { state C {",
        "\u{0}\u{FEFF}é漢字🦀 machine M { event Ẽ; }",
    ];
    let methods = [
        "textDocument/documentSymbol",
        "textDocument/semanticTokens/full",
        "textDocument/definition",
        "textDocument/references",
        "textDocument/completion",
        "textDocument/codeAction",
        "textDocument/rename",
        "textDocument/prepareRename",
        "textDocument/hover",
    ];
    for text in junk {
        client.open(uri, text);
        for line in 0..2 {
            for character in [0, 3, 12, 40, 1000] {
                let position = json!({ "line": line, "character": character });
                let range = json!({ "start": position, "end": { "line": 5, "character": 0 } });
                for method in methods {
                    let r = client.request(
                        method,
                        json!({ "textDocument": { "uri": uri }, "position": position, "range": range,
                                "context": { "diagnostics": [], "includeDeclaration": true }, "newName": "X" }),
                    );
                    if let Err(e) = r.response_result {
                        assert_ne!(e.code, lsp_server::ErrorCode::InternalError as i32, "{method} on {text:?}: {e:?}");
                    }
                }
            }
        }
    }
    // Parameters of the wrong shape, for each method: an error response, never a crash.
    for method in methods {
        for params in [json!(null), json!([1, 2]), json!({ "textDocument": "x" }), json!({ "position": -1 })] {
            let r = client.request(method, params);
            assert_eq!(r.response_result.unwrap_err().code, lsp_server::ErrorCode::InvalidParams as i32, "{method}");
        }
    }
    assert_eq!(client.open("file:///door.fsm", DOOR), Vec::<Value>::new());
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
        let index = fsm_dsl::lsp::index::Index::new(compiled.ast.as_ref().unwrap());
        for o in &index.occurrences {
            let declaration = index.declaration(o.kind, &o.name);
            assert!(declaration.is_some(), "{}: {} `{}` has no declaration", path.display(), o.kind.noun(), o.name);
            assert_eq!(&text[o.span.range()], o.name, "{}", path.display());
        }
        let states = index.declared(fsm_dsl::lsp::index::Kind::State).len();
        let leaves = machine.states.len();
        assert!(states >= leaves, "{}: {states} states declared, {leaves} in the model", path.display());
        specs += 1;
    }
    assert!(specs >= 5, "{specs} specs read");
}
