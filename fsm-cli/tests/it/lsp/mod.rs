//! `fsm lsp` at the protocol level: a client on an in-memory connection opens specs with
//! mistakes and reads the diagnostics, asks for hovers and formatting, sends requests the
//! server cannot read, and shuts the server down. This file holds the client and the specs the
//! modules share.

mod code_actions;
mod names;
mod protocol;
mod robustness;

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
        let thread = std::thread::spawn(move || fsm_cli::lsp::serve(&server));
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
