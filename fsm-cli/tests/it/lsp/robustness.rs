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
