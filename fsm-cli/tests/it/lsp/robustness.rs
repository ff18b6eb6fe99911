//! The end of a session (`exit` without `shutdown`), and junk that never stops the server.

use super::*;

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

/// A 3 MB junk text, then a small valid one, then a hover: the analysis of the junk runs off
/// the server's loop, the hover is answered from the small text, and the junk's diagnostics,
/// stale once the small text arrived, are never published after the small text's. No bound on
/// time: the test waits for the server to say it dropped the junk's analysis (or to publish
/// it, had it finished before the small text came).
#[test]
fn a_stale_analysis_never_holds_up_or_overtakes_a_newer_one() {
    let mut client = Client::start();
    let uri = "file:///big.fsm";
    let junk = format!("machine Junk {{\n{}}}\n", "junk junk -> ;;;\n".repeat(3_000_000 / 17));
    assert!(junk.len() > 3_000_000);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "fsm", "version": 1, "text": junk } }),
    );
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": DOOR }] }),
    );
    client.next_id += 1;
    let hover = RequestId::from(client.next_id);
    let position = at(DOOR, "Shut", 0);
    client.send(
        Request::new(
            hover.clone(),
            "textDocument/hover".to_owned(),
            json!({ "textDocument": { "uri": uri }, "position": position }),
        )
        .into(),
    );
    // The versions of the diagnostics published, in order; whether the hover was answered and
    // whether the junk's analysis was dropped.
    let (mut published, mut answered, mut dropped) = (Vec::new(), false, false);
    // Until the hover is answered and the junk's analysis has ended one way or the other. The
    // timeout only keeps a hung server from hanging the suite: a debug build takes seconds to
    // check 3 MB of junk.
    while !(answered && (dropped || published.contains(&1))) {
        match client.connection.receiver.recv_timeout(Duration::from_secs(600)).expect("the server answers") {
            Message::Response(r) => {
                assert_eq!(r.id, hover);
                let value = r.response_result.unwrap();
                let text = value["contents"]["value"].as_str().unwrap();
                assert!(text.contains("Closed and locked."), "{text}");
                // Published before the answer: requests wait for the newest text's analysis.
                assert_eq!(published.last(), Some(&2));
                answered = true;
            }
            Message::Notification(n) if n.method == "textDocument/publishDiagnostics" => {
                assert_eq!(n.params["uri"], uri);
                let version = n.params["version"].as_i64().unwrap();
                if version == 2 {
                    assert_eq!(n.params["diagnostics"], json!([]));
                }
                published.push(version);
            }
            Message::Notification(n) if n.method == "window/logMessage" => {
                let message = n.params["message"].as_str().unwrap();
                assert!(message.contains("dropped a stale analysis of file:///big.fsm"), "{message}");
                dropped = true;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    // Version 1's diagnostics, if published at all, came before version 2's.
    assert!(published == [2] || published == [1, 2], "{published:?}");
    client.shutdown();
}
