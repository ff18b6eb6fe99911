//! Code actions that fix what the help lines say, chosen by range and context.

use super::*;

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

    // A state name longer than what diagnostics show whole (`diag::MAX_WORD`): the published
    // help shortens it, the fix writes it whole.
    let long = "Open".repeat(32);
    let (title, fixed) = fix(&DOOR.replace("    internal Open on Push;\n", "").replace("Open", &long), "E0008");
    assert_eq!(title, format!("Add `ignore Push in {long};`"));
    assert!(fsm_dsl::compile(&fixed).diagnostics.is_empty(), "{fixed}");

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
