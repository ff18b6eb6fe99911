//! Diagnostics where the checker puts them, UTF-16 positions, hover, formatting, requests the
//! server cannot read, and the `fsm lsp` command on its standard streams.

use super::*;

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
    assert_eq!(edits[0]["newText"], fsm_cli::fmt::format(messy).unwrap());
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

/// A system description (`.fsys`) on disk: `fsm verify`'s diagnostics with its specs read from
/// beside it, none once fixed, formatting by the system formatter, and nothing else answered.
#[test]
fn a_system_description_gets_verifys_diagnostics_and_formatting() {
    let mut client = Client::start();
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../specs/systems/watchdog_pair.fsys");
    let file = file.canonicalize().unwrap();
    let uri = format!("file://{}", file.to_string_lossy().replace(' ', "%20"));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(client.open(&uri, &text), Vec::<Value>::new(), "the repository's system is clean");

    // A misspelled event: V0007 on its name, the suggestion as a help line.
    let broken = text.replace("environment wa.TwExpiry always;", "environment wa.TwExpiri always;");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": broken }] }),
    );
    let diagnostics = client.diagnostics(&uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "V0007");
    assert!(diagnostics[0]["message"].as_str().unwrap().contains("help: did you mean `TwExpiry`?"), "{diagnostics:?}");
    let line = broken.lines().position(|l| l.contains("TwExpiri")).unwrap();
    assert_eq!(diagnostics[0]["range"]["start"]["line"], line);

    // Formatting lays it out as `fsm fmt` does; a hover has nothing to say.
    let messy = broken.replace("environment wa.TwExpiri always;", "environment   wa.TwExpiry always ;");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 3 }, "contentChanges": [{ "text": messy }] }),
    );
    assert_eq!(client.diagnostics(&uri), Vec::<Value>::new());
    let r = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert_eq!(r.response_result.unwrap()[0]["newText"], text);
    assert_eq!(client.hover(&uri, 0, 0), Value::Null);
    client.shutdown();
}
