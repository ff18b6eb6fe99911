//! `fsm lsp`: a language server over standard input and output, a thin layer over the checker
//! and the formatter: diagnostics as the text changes (every code, the checker's messages, its
//! related places and help lines), hover (a declaration's text, its doc comment, for a state the
//! transitions out of it and into it, for a timer the states where it may run), the outline,
//! go to definition, references and rename (from the syntax tree's spans, see [`index`]),
//! completion by the grammar's place, quick fixes for the diagnostics that have one, semantic
//! tokens, and formatting through [`crate::fmt`]. A system description (`.fsys`) gets its
//! diagnostics (`fsm verify`'s V codes, its specs read from beside it) and formatting
//! ([`crate::verify::fmt`]); other requests on it answer nothing.
//!
//! Built on `lsp-server` and `lsp-types`, rust-analyzer's own crates: a synchronous loop over a
//! channel of messages, no async runtime, so the server is as plain as the checker it wraps.
//! Bad input never stops it: a request it cannot read gets an error response, a spec that
//! does not parse gets its syntax errors as diagnostics.
//!
//! The loop never analyses a document itself. Each new text is checked on a thread of its own
//! (at most [`MAX_RUNNING`] at once; beyond that, the newest text of each document waits for a
//! free one), and the loop goes on answering while it runs. A finished analysis is kept and
//! published only if its text is still the document's newest: one that a later change made
//! stale is dropped (said in a `window/logMessage`), so a stale version's diagnostics never
//! follow a newer one's. Requests that need the analysis (all but formatting) are answered from
//! the analysis of the document's newest text: at once when it is done, else when it lands (at
//! most [`MAX_WAITING`] requests wait per document; more get `ServerCancelled`). Nothing is
//! interrupted: a stale analysis runs to its end, bounded by the checker's own limits
//! ([`fsm_dsl::MAX_SPEC_BYTES`], the diagnostics' cap), and its thread then ends.

mod edit;
pub mod index;
pub mod symbols;

use crossbeam_channel::{Receiver, Sender, select};
use fsm_dsl::diag::{Diagnostic, Severity};
use fsm_dsl::{Compiled, ast};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lsp;
use std::collections::HashMap;
use std::sync::Arc;

/// Most analyses running at once. A document's stale analysis keeps running while its newest
/// text is analysed beside it, so a slot per core and a few more: typing into a large spec
/// makes at most this many threads.
pub const MAX_RUNNING: usize = 4;

/// Most requests waiting for one document's analysis; more are answered `ServerCancelled`.
pub const MAX_WAITING: usize = 1024;

/// Runs the server on standard input and output until the client asks it to exit. Returns an
/// error when the connection itself fails (not for bad requests, which are answered).
pub fn run_stdio() -> Result<(), String> {
    let (connection, io_threads) = Connection::stdio();
    serve(&connection)?;
    drop(connection);
    io_threads.join().map_err(|e| format!("the connection failed: {e}"))
}

/// The capabilities this server announces.
fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        // Columns count UTF-16 code units, the protocol's default and the one encoding every
        // client knows (Neovim 0.7 offers no other); said outright for clients that read it.
        position_encoding: Some(lsp::PositionEncodingKind::UTF16),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(lsp::TextDocumentSyncKind::FULL)),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        rename_provider: Some(lsp::OneOf::Right(lsp::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: lsp::WorkDoneProgressOptions::default(),
        })),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec![">".into(), "[".into(), "/".into(), ",".into()]),
            ..lsp::CompletionOptions::default()
        }),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
            lsp::SemanticTokensOptions {
                legend: lsp::SemanticTokensLegend {
                    token_types: symbols::TOKEN_TYPES.to_vec(),
                    token_modifiers: symbols::TOKEN_MODIFIERS.to_vec(),
                },
                full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                range: None,
                work_done_progress_options: lsp::WorkDoneProgressOptions::default(),
            },
        )),
        ..lsp::ServerCapabilities::default()
    }
}

/// Serves one client on `connection`: the initialisation, then every message until `exit`.
/// Returns an error when the connection fails or the client sends `exit` before `shutdown`.
pub fn serve(connection: &Connection) -> Result<(), String> {
    let result = lsp::InitializeResult {
        capabilities: capabilities(),
        server_info: Some(lsp::ServerInfo {
            name: "fsm".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    let result = serde_json::to_value(result).map_err(|e| e.to_string())?;
    let (id, _params) = connection.initialize_start().map_err(|e| format!("initialisation failed: {e}"))?;
    connection.initialize_finish(id, result).map_err(|e| format!("initialisation failed: {e}"))?;
    let mut server = Server::new();
    loop {
        let outgoing: Vec<Message> = select! {
            recv(connection.receiver) -> message => {
                let Ok(message) = message else { return Ok(()) };
                match message {
                    Message::Request(request) => {
                        if connection.handle_shutdown(&request).map_err(|e| e.to_string())? {
                            return Ok(());
                        }
                        server.request(request).into_iter().map(Message::from).collect()
                    }
                    // The protocol's `exit` without `shutdown` first ends the server with an
                    // error (its status 1, as LSP 3.17 § exit says).
                    Message::Notification(notification) if notification.method == "exit" => {
                        return Err("the client sent `exit` before `shutdown`".to_owned());
                    }
                    Message::Notification(notification) => server.notification(notification),
                    Message::Response(_) => Vec::new(),
                }
            }
            recv(server.finished.1) -> finished => match finished {
                Ok(finished) => server.finish(finished),
                Err(_) => Vec::new(),
            },
        };
        for message in outgoing {
            connection.sender.send(message).map_err(|e| e.to_string())?;
        }
    }
}

/// One analysis of a document's text: the text it read, the checker's result, the names'
/// index. Requests are answered from it.
struct Analysis {
    text: String,
    content: Content,
}

/// What an analysis found, by the kind of document.
enum Content {
    /// A spec: the checker's result and the names' index, which requests are answered from.
    Spec { compiled: Box<Compiled>, index: index::Index },
    /// A system description (`.fsys`): its diagnostics, the system's own, with its instances'
    /// specs read from beside the file (see [`system_diagnostics`]). Nothing else is answered.
    System(Vec<lsp::Diagnostic>),
}

impl Analysis {
    fn new(uri: &lsp::Uri, text: String) -> Analysis {
        let content = if is_system(uri.as_str()) {
            Content::System(system_diagnostics(uri, &text))
        } else {
            let compiled = Box::new(fsm_dsl::compile(&text));
            let index = compiled.ast.as_ref().map(index::Index::new).unwrap_or_default();
            Content::Spec { compiled, index }
        };
        Analysis { text, content }
    }

    /// The diagnostics to publish.
    fn diagnostics(&self, uri: &lsp::Uri) -> Vec<lsp::Diagnostic> {
        match &self.content {
            Content::Spec { compiled, .. } => diagnostics(uri, &self.text, compiled),
            Content::System(diagnostics) => diagnostics.clone(),
        }
    }

    /// A response to `request` from this analysis: a system description answers nothing.
    fn answer(&self, request: Request) -> Response {
        match self.content {
            Content::Spec { .. } => answer(request, Some(self)),
            Content::System(_) => Response::new_ok(request.id, serde_json::Value::Null),
        }
    }
}

/// Whether a document is a system description (`.fsys`), which `fsm verify` reads.
fn is_system(uri: &str) -> bool {
    uri.ends_with(".fsys")
}

/// The diagnostics of a system description: its problems as `fsm verify` reports them before
/// exploring (codes V0001 to V0015, each with its help), its instances' specs read relative to
/// the file when the document is a `file:` URI (an instance whose spec has errors is one V0003
/// at the instance; the spec's own diagnostics show when the spec is opened). The system is
/// not explored: that is `fsm verify`'s work, not an editor's.
fn system_diagnostics(uri: &lsp::Uri, text: &str) -> Vec<lsp::Diagnostic> {
    let dir = file_path(uri).and_then(|p| p.parent().map(std::path::Path::to_path_buf));
    let mut read = |spec: &str| match &dir {
        Some(dir) => std::fs::read_to_string(dir.join(spec)).map_err(|e| e.to_string()),
        None => Err("the system is not a file on disk".to_owned()),
    };
    let checked = crate::verify::check(text, &mut read);
    let lines = Lines::new(text);
    checked
        .diagnostics
        .iter()
        .map(|d| {
            let span = ast::Span::new(d.span.start.min(text.len()), d.span.end.min(text.len()));
            let mut message = d.message.clone();
            if let Some(help) = &d.help {
                message.push_str("\nhelp: ");
                message.push_str(help);
            }
            lsp::Diagnostic {
                range: lines.range(span),
                severity: Some(lsp::DiagnosticSeverity::ERROR),
                code: Some(lsp::NumberOrString::String(d.code.as_str().to_owned())),
                source: Some("fsm".to_owned()),
                message,
                ..lsp::Diagnostic::default()
            }
        })
        .collect()
}

/// The file a `file:` URI names, its percent escapes decoded; `None` for another scheme.
fn file_path(uri: &lsp::Uri) -> Option<std::path::PathBuf> {
    let path = uri.as_str().strip_prefix("file://")?;
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (bytes[i], bytes.get(i + 1).and_then(|&b| hex(b)), bytes.get(i + 2).and_then(|&b| hex(b))) {
            (b'%', Some(high), Some(low)) => {
                decoded.push(u8::try_from(high * 16 + low).ok()?);
                i += 3;
            }
            (b, ..) => {
                decoded.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(decoded).ok().map(std::path::PathBuf::from)
}

/// An open document.
struct Document {
    /// Its newest text.
    text: String,
    /// The client's version of the newest text.
    version: i32,
    /// The server's number of the newest text, unique among all documents' texts.
    generation: u64,
    /// The analysis of the newest text, once finished.
    analysis: Option<Arc<Analysis>>,
    /// The newest text waits for a free analysis slot.
    queued: bool,
    /// Requests waiting for the analysis of the newest text.
    waiting: Vec<Request>,
}

/// What an analysis thread sends back: `None` if the analysis panicked.
struct Finished {
    uri: lsp::Uri,
    generation: u64,
    analysis: Option<Analysis>,
}

struct Server {
    /// The open documents, by URI.
    documents: HashMap<String, Document>,
    /// Where analysis threads send their results, and where the loop reads them.
    finished: (Sender<Finished>, Receiver<Finished>),
    /// Analyses running.
    running: usize,
    /// The last number given to a text.
    generation: u64,
}

impl Server {
    fn new() -> Server {
        Server { documents: HashMap::new(), finished: crossbeam_channel::unbounded(), running: 0, generation: 0 }
    }

    /// Answers a request now, or keeps it until the analysis it needs lands (`None`).
    fn request(&mut self, request: Request) -> Option<Response> {
        if request.method == "textDocument/formatting" {
            return Some(self.format(request));
        }
        let uri = request.params.pointer("/textDocument/uri").and_then(serde_json::Value::as_str);
        let Some(document) = uri.and_then(|uri| self.documents.get_mut(uri)) else {
            // Unknown methods, parameters that do not read, documents not open: answered now.
            return Some(answer(request, None));
        };
        if let Some(analysis) = &document.analysis {
            return Some(analysis.answer(request));
        }
        if document.waiting.len() >= MAX_WAITING {
            let message = format!("more than {MAX_WAITING} requests are waiting for this document's analysis");
            return Some(Response::new_err(request.id, ErrorCode::ServerCancelled as i32, message));
        }
        document.waiting.push(request);
        None
    }

    /// Takes a document's new text, and starts its analysis, or its closing; returns what to
    /// send now (for a closed document, its empty diagnostics and the answers to the requests
    /// that waited for it).
    fn notification(&mut self, notification: Notification) -> Vec<Message> {
        let change = match notification.method.as_str() {
            "textDocument/didOpen" => notification
                .extract::<lsp::DidOpenTextDocumentParams>("textDocument/didOpen")
                .ok()
                .map(|p| (p.text_document.uri, Some((p.text_document.text, p.text_document.version)))),
            "textDocument/didChange" => notification
                .extract::<lsp::DidChangeTextDocumentParams>("textDocument/didChange")
                .ok()
                // Full synchronisation: the last change holds the whole text.
                .and_then(|p| {
                    let version = p.text_document.version;
                    p.content_changes.into_iter().last().map(|c| (p.text_document.uri, Some((c.text, version))))
                }),
            "textDocument/didClose" => notification
                .extract::<lsp::DidCloseTextDocumentParams>("textDocument/didClose")
                .ok()
                .map(|p| (p.text_document.uri, None)),
            _ => None,
        };
        let Some((uri, change)) = change else { return Vec::new() };
        let Some((text, version)) = change else {
            let mut out: Vec<Message> = Vec::new();
            if let Some(closed) = self.documents.remove(uri.as_str()) {
                out.extend(closed.waiting.into_iter().map(|r| {
                    let message = "the document was closed".to_owned();
                    Message::from(Response::new_err(r.id, ErrorCode::ContentModified as i32, message))
                }));
            }
            let params = lsp::PublishDiagnosticsParams { uri, diagnostics: Vec::new(), version: None };
            out.push(Notification::new("textDocument/publishDiagnostics".to_owned(), params).into());
            return out;
        };
        self.generation += 1;
        let generation = self.generation;
        let document = self.documents.entry(uri.as_str().to_owned()).or_insert_with(|| Document {
            text: String::new(),
            version,
            generation,
            analysis: None,
            queued: false,
            waiting: Vec::new(),
        });
        document.text = text;
        document.version = version;
        document.generation = generation;
        document.analysis = None;
        document.queued = true;
        self.start_queued(uri.as_str());
        Vec::new()
    }

    /// Starts the analyses of queued texts while a slot is free, `first`'s first.
    fn start_queued(&mut self, first: &str) {
        let mut uris: Vec<String> = vec![first.to_owned()];
        uris.extend(self.documents.iter().filter(|(u, d)| d.queued && u.as_str() != first).map(|(u, _)| u.clone()));
        for uri in uris {
            if self.running >= MAX_RUNNING {
                return;
            }
            let Some(document) = self.documents.get_mut(&uri).filter(|d| d.queued) else { continue };
            let Ok(parsed) = uri.parse::<lsp::Uri>() else { continue };
            document.queued = false;
            self.running += 1;
            let (text, generation, sender) = (document.text.clone(), document.generation, self.finished.0.clone());
            std::thread::spawn(move || {
                // The checker never panics on any text; were it to, the requests waiting for
                // this analysis get an error rather than wait for ever.
                let analysis =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Analysis::new(&parsed, text))).ok();
                // The loop may have ended (the client went away): nobody is left to tell.
                let _ = sender.send(Finished { uri: parsed, generation, analysis });
            });
        }
    }

    /// Takes a finished analysis: publishes it and answers the requests waiting for it if its
    /// text is still the document's newest, drops it otherwise.
    fn finish(&mut self, finished: Finished) -> Vec<Message> {
        self.running -= 1;
        let uri = finished.uri;
        let mut out: Vec<Message> = Vec::new();
        match self.documents.get_mut(uri.as_str()) {
            Some(document) if document.generation == finished.generation => {
                let waiting = std::mem::take(&mut document.waiting);
                match finished.analysis {
                    Some(analysis) => {
                        let analysis = Arc::new(analysis);
                        let diagnostics = analysis.diagnostics(&uri);
                        let version = Some(document.version);
                        let params = lsp::PublishDiagnosticsParams { uri: uri.clone(), diagnostics, version };
                        out.push(Notification::new("textDocument/publishDiagnostics".to_owned(), params).into());
                        out.extend(waiting.into_iter().map(|r| Message::from(analysis.answer(r))));
                        document.analysis = Some(analysis);
                    }
                    None => out.extend(waiting.into_iter().map(|r| {
                        let message = "the analysis of this document failed".to_owned();
                        Message::from(Response::new_err(r.id, ErrorCode::InternalError as i32, message))
                    })),
                }
            }
            _ => {
                let message = format!(
                    "fsm: dropped a stale analysis of {}: the document changed or closed while it ran",
                    uri.as_str()
                );
                let params = lsp::LogMessageParams { typ: lsp::MessageType::LOG, message };
                out.push(Notification::new("window/logMessage".to_owned(), params).into());
            }
        }
        self.start_queued(uri.as_str());
        out
    }

    /// Answers `textDocument/formatting` from the document's newest text.
    fn format(&self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.extract::<lsp::DocumentFormattingParams>("textDocument/formatting") {
            Ok((_, p)) => self
                .formatting(p.text_document.uri.as_str())
                .and_then(|edits| serde_json::to_value(edits).map_err(|e| internal(&e))),
            Err(e) => Err((ErrorCode::InvalidParams, format!("bad parameters: {e}"))),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    fn formatting(&self, uri: &str) -> Result<Vec<lsp::TextEdit>, (ErrorCode, String)> {
        let text = self
            .documents
            .get(uri)
            .map(|d| d.text.as_str())
            .ok_or((ErrorCode::InvalidParams, format!("{uri} is not open")))?;
        let formatted = if is_system(uri) {
            match crate::verify::fmt::format(text) {
                Ok(formatted) => formatted,
                Err(crate::verify::fmt::Error::Syntax(_)) => {
                    return Err((ErrorCode::RequestFailed, "the system has syntax errors: fix them first".into()));
                }
                Err(e @ crate::verify::fmt::Error::TooLong { .. }) => {
                    return Err((ErrorCode::RequestFailed, e.to_string()));
                }
                Err(e) => return Err((ErrorCode::InternalError, e.to_string())),
            }
        } else {
            match crate::fmt::format(text) {
                Ok(formatted) => formatted,
                Err(crate::fmt::Error::Syntax(_)) => {
                    return Err((ErrorCode::RequestFailed, "the spec has syntax errors: fix them first".into()));
                }
                Err(e @ crate::fmt::Error::TooLong { .. }) => return Err((ErrorCode::RequestFailed, e.to_string())),
                Err(e) => return Err((ErrorCode::InternalError, e.to_string())),
            }
        };
        if formatted == text {
            return Ok(Vec::new());
        }
        let lines = Lines::new(text);
        let whole = lsp::Range::new(lines.position(0), lines.position(text.len()));
        Ok(vec![lsp::TextEdit { range: whole, new_text: formatted }])
    }
}

/// Answers a request that reads a document's analysis (`None`: the document is not open).
// The closure that `answer!` calls in place gives each answer its own scope for `?`.
#[allow(clippy::redundant_closure_call)]
fn answer(request: Request, analysis: Option<&Analysis>) -> Response {
    let id = request.id.clone();
    let method = request.method.clone();
    /// Reads the parameters as `$params` and answers with `$answer` (a `Result` whose error
    /// is a code and a message), or answers that they do not read.
    macro_rules! answer {
        ($params:ty, |$p:ident| $answer:expr) => {
            match request.extract::<$params>(&method) {
                Ok((_, $p)) => (|| -> Result<_, (ErrorCode, String)> { $answer })()
                    .and_then(|value| serde_json::to_value(value).map_err(|e| internal(&e))),
                Err(e) => Err((ErrorCode::InvalidParams, format!("bad parameters: {e}"))),
            }
        };
    }
    let view = |uri: &lsp::Uri| -> Result<View<'_>, (ErrorCode, String)> {
        let a = analysis.ok_or((ErrorCode::InvalidParams, format!("{} is not open", uri.as_str())))?;
        let Content::Spec { compiled, index } = &a.content else {
            return Err((ErrorCode::RequestFailed, format!("{} is not a spec", uri.as_str())));
        };
        Ok(View { text: &a.text, lines: Lines::new(&a.text), compiled: compiled.as_ref(), index })
    };
    let result = match method.as_str() {
        "textDocument/hover" => answer!(lsp::HoverParams, |p| {
            let at = p.text_document_position_params;
            Ok(hover(&view(&at.text_document.uri)?, at.position))
        }),
        "textDocument/documentSymbol" => answer!(lsp::DocumentSymbolParams, |p| {
            let view = view(&p.text_document.uri)?;
            Ok(view
                .compiled
                .ast
                .as_ref()
                .map(|spec| lsp::DocumentSymbolResponse::Nested(symbols::outline(view.text, spec))))
        }),
        "textDocument/definition" => answer!(lsp::GotoDefinitionParams, |p| {
            let at = p.text_document_position_params;
            let view = view(&at.text_document.uri)?;
            Ok(view.occurrence(at.position).and_then(|o| view.index.declaration(o.kind, &o.name)).map(|d| {
                lsp::GotoDefinitionResponse::Scalar(lsp::Location {
                    uri: at.text_document.uri.clone(),
                    range: view.lines.range(d.span),
                })
            }))
        }),
        "textDocument/references" => answer!(lsp::ReferenceParams, |p| {
            let at = p.text_document_position;
            let view = view(&at.text_document.uri)?;
            Ok(view.occurrence(at.position).map(|o| {
                view.index
                    .all(o.kind, &o.name)
                    .into_iter()
                    .filter(|r| p.context.include_declaration || !r.is_decl)
                    .map(|r| lsp::Location { uri: at.text_document.uri.clone(), range: view.lines.range(r.span) })
                    .collect::<Vec<_>>()
            }))
        }),
        "textDocument/prepareRename" => answer!(lsp::TextDocumentPositionParams, |p| {
            let view = view(&p.text_document.uri)?;
            match view.occurrence(p.position) {
                Some(o) => Ok(lsp::PrepareRenameResponse::Range(view.lines.range(o.span))),
                None => Err((ErrorCode::RequestFailed, "no declared name here to rename".to_owned())),
            }
        }),
        "textDocument/rename" => answer!(lsp::RenameParams, |p| {
            let at = p.text_document_position;
            let view = view(&at.text_document.uri)?;
            let Some(o) = view.occurrence(at.position) else {
                return Err((ErrorCode::RequestFailed, "no declared name here to rename".to_owned()));
            };
            match edit::refuse_name(view.text, view.index, &o.name, o.kind, &p.new_name) {
                Some(reason) => Err((
                    ErrorCode::RequestFailed,
                    format!("cannot rename the {} `{}`: {reason}", o.kind.noun(), o.name),
                )),
                None => {
                    let edits = edit::rename(view.text, view.index, o.kind, &o.name, &p.new_name);
                    Ok(workspace_edit(&at.text_document.uri, edits))
                }
            }
        }),
        "textDocument/completion" => answer!(lsp::CompletionParams, |p| {
            let at = p.text_document_position;
            let view = view(&at.text_document.uri)?;
            let offset = view.lines.offset(at.position);
            Ok(lsp::CompletionResponse::Array(edit::complete(view.text, view.index, offset)))
        }),
        "textDocument/codeAction" => answer!(lsp::CodeActionParams, |p| {
            let view = view(&p.text_document.uri)?;
            let range = ast::Span::new(view.lines.offset(p.range.start), view.lines.offset(p.range.end));
            let asked = &p.context.diagnostics;
            Ok(edit::code_actions(&p.text_document.uri, view.text, view.compiled, view.index, range, asked))
        }),
        "textDocument/semanticTokens/full" => answer!(lsp::SemanticTokensParams, |p| {
            let view = view(&p.text_document.uri)?;
            let data = symbols::tokens(view.text, view.index);
            Ok(lsp::SemanticTokensResult::Tokens(lsp::SemanticTokens { result_id: None, data }))
        }),
        method => Err((ErrorCode::MethodNotFound, format!("`{method}` is not supported"))),
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    }
}

/// What a hover says of the name under `position`.
fn hover(view: &View<'_>, position: lsp::Position) -> Option<lsp::Hover> {
    let at = view.lines.offset(position);
    if let Some((span, markdown)) = other_events_at(view.compiled, at) {
        return Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: markdown,
            }),
            range: Some(lsp::Range::new(view.lines.position(span.start()), view.lines.position(span.end()))),
        });
    }
    let (start, end) = word_at(view.text, at)?;
    let markdown = describe(view.text, view.compiled, &view.text[start..end])?;
    Some(lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent { kind: lsp::MarkupKind::Markdown, value: markdown }),
        range: Some(lsp::Range::new(view.lines.position(start), view.lines.position(end))),
    })
}

/// The error response for an answer that does not serialise.
fn internal(error: &serde_json::Error) -> (ErrorCode, String) {
    (ErrorCode::InternalError, error.to_string())
}

/// Edits to one document.
// `Uri` caches its parse inside, which clippy takes for a mutable key; its hash and equality
// are those of the text.
#[allow(clippy::mutable_key_type)]
fn workspace_edit(uri: &lsp::Uri, edits: Vec<lsp::TextEdit>) -> lsp::WorkspaceEdit {
    let changes = std::iter::once((uri.clone(), edits)).collect();
    lsp::WorkspaceEdit { changes: Some(changes), ..lsp::WorkspaceEdit::default() }
}

/// A document's text with what the requests read of it.
struct View<'a> {
    text: &'a str,
    lines: Lines<'a>,
    compiled: &'a Compiled,
    index: &'a index::Index,
}

impl View<'_> {
    /// The name at a position.
    fn occurrence(&self, position: lsp::Position) -> Option<&index::Occurrence> {
        self.index.at(self.lines.offset(position))
    }
}

/// The checker's diagnostics in the protocol's terms: the primary span as the range, the code,
/// the message with its notes and help lines, the secondary labels as related places.
pub fn diagnostics(uri: &lsp::Uri, text: &str, compiled: &Compiled) -> Vec<lsp::Diagnostic> {
    let lines = Lines::new(text);
    let range = |span: ast::Span| lsp::Range::new(lines.position(span.start()), lines.position(span.end()));
    compiled
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| {
            let mut message = d.message.clone();
            for note in &d.notes {
                message.push_str(&format!("\nnote: {note}"));
            }
            if let Some(help) = d.shown_help() {
                message.push_str(&format!("\nhelp: {help}"));
            }
            let related: Vec<lsp::DiagnosticRelatedInformation> = d
                .secondary
                .iter()
                .map(|label| lsp::DiagnosticRelatedInformation {
                    location: lsp::Location { uri: uri.clone(), range: range(label.span) },
                    message: label.message.clone(),
                })
                .collect();
            lsp::Diagnostic {
                range: range(d.primary.span),
                severity: Some(match d.severity() {
                    Severity::Error => lsp::DiagnosticSeverity::ERROR,
                    Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                }),
                code: Some(lsp::NumberOrString::String(d.code.as_str().to_owned())),
                source: Some("fsm".to_owned()),
                message,
                related_information: (!related.is_empty()).then_some(related),
                ..lsp::Diagnostic::default()
            }
        })
        .collect()
}

/// The identifier around byte `at`, as a byte range.
fn word_at(text: &str, at: usize) -> Option<(usize, usize)> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let at = at.min(text.len());
    let start = text[..at].char_indices().rev().take_while(|&(_, c)| is_word(c)).last().map_or(at, |(i, _)| i);
    let end = text[at..].char_indices().find(|&(_, c)| !is_word(c)).map_or(text.len(), |(i, _)| at + i);
    (start < end).then_some((start, end))
}

/// The text of an item, its white space collapsed (for a line of a hover).
fn item_text(text: &str, span: ast::Span) -> String {
    text.get(span.range()).unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What a hover says about a declared name: the declaration, its doc comment, and for a state
/// the transitions out and in, for a timer the states where it may run.
fn describe(text: &str, compiled: &Compiled, word: &str) -> Option<String> {
    let spec = compiled.ast.as_ref()?;
    let item = find_declaration(&spec.items, word)?;
    let mut out = format!("```fsm\n{}\n```\n", item_text(text, item.span));
    if !item.docs().is_empty() {
        out.push_str(&format!("\n{}\n", item.docs().join("\n")));
    }
    if let ast::ItemKind::State(state) = &item.kind {
        let final_state = state.is_final.is_some();
        let (mut outgoing, mut incoming) = (Vec::new(), Vec::new());
        for other in &spec.items {
            let ast::ItemKind::Transition(t) = &other.kind else { continue };
            let from = match &t.sources {
                ast::StateSet::Names(names) => names.iter().any(|n| n.text == word),
                ast::StateSet::All { except, .. } => !final_state && !except.iter().any(|n| n.text == word),
            };
            if from {
                outgoing.push(item_text(text, other.span));
            }
            if t.target.as_ref().is_some_and(|n| n.text == word) {
                incoming.push(item_text(text, other.span));
            }
        }
        for (title, list) in [("Transitions out", outgoing), ("Transitions in", incoming)] {
            if !list.is_empty() {
                out.push_str(&format!("\n{title}:\n```fsm\n{}\n```\n", list.join("\n")));
            }
        }
    }
    if let (ast::ItemKind::Group(_), Some(m)) = (&item.kind, &compiled.machine)
        && let Some(group) = m.groups.iter().find(|g| g.named.name == word)
    {
        let effects: Vec<String> = group.effects.iter().map(|e| format!("`{}`", m.effect_text(e))).collect();
        out.push_str(&format!("\nRuns, in its place: {}\n", effects.join(", ")));
    }
    if let (ast::ItemKind::Timer(_), Some(m)) = (&item.kind, &compiled.machine) {
        let running = fsm_dsl::check::running(m);
        let timer = m.timers.iter().position(|t| t.named.name == word).map(fsm_dsl::ir::TimerId)?;
        let states: Vec<String> = (0..m.states.len())
            .map(fsm_dsl::ir::StateId)
            .filter(|s| running.may_be_running(*s, timer))
            .map(|s| format!("`{}`", m.state(s).named.name))
            .collect();
        let list = if states.is_empty() { "none".to_owned() } else { states.join(", ") };
        out.push_str(&format!("\nMay be running in: {list}\n"));
    }
    Some(out)
}

/// The `*` of a transition on any other event at offset `at`, and what a hover says of it: the
/// events it covers in each of its states, as the checker worked them out.
fn other_events_at(compiled: &Compiled, at: usize) -> Option<(ast::Span, String)> {
    let spec = compiled.ast.as_ref()?;
    let (item, other) = spec.items.iter().find_map(|item| match &item.kind {
        ast::ItemKind::Transition(ast::Transition { other: Some(other), .. })
            if (other.span.start()..=other.span.end()).contains(&at) =>
        {
            Some((item, other))
        }
        _ => None,
    })?;
    let label = other.label.as_ref().map_or(fsm_dsl::ir::OTHER_EVENTS, |l| l.value.as_str());
    let mut out = format!("**{label}**: every event that nothing else handles in the state");
    if !other.except.is_empty() {
        let except: Vec<String> = other.except.iter().map(|e| format!("`{}`", e.text)).collect();
        out.push_str(&format!(", except {}", except.join(", ")));
    }
    out.push_str(".\n");
    let Some(m) = &compiled.machine else { return Some((other.span, out)) };
    let running = fsm_dsl::check::running(m);
    let mut lines = Vec::new();
    for t in m.transitions.iter().filter(|t| t.span == item.span && t.other_events().is_some()) {
        let states: Vec<String> = t.sources.iter().map(|s| format!("`{}`", m.state(*s).named.name)).collect();
        let events: Vec<String> =
            crate::markdown::covered(m, &running, t).map(|e| format!("`{}`", m.event(e).named.name)).collect();
        if !events.is_empty() {
            lines.push(format!("- in {}: {}", states.join(", "), events.join(", ")));
        }
    }
    if lines.is_empty() {
        out.push_str("\nIt covers no event in any of its states.\n");
    } else {
        out.push_str(&format!("\nCovers:\n{}\n", lines.join("\n")));
    }
    Some((other.span, out))
}

/// The item that declares `word`, substates included.
fn find_declaration<'a>(items: &'a [ast::Item], word: &str) -> Option<&'a ast::Item> {
    items.iter().find_map(|item| match &item.kind {
        _ if declared_name(item) == Some(word) => Some(item),
        ast::ItemKind::State(s) => find_declaration(&s.substates, word),
        _ => None,
    })
}

fn declared_name(item: &ast::Item) -> Option<&str> {
    let decl = match &item.kind {
        ast::ItemKind::State(s) => &s.decl,
        ast::ItemKind::Event(e) => &e.decl,
        ast::ItemKind::Action(a) => &a.decl,
        ast::ItemKind::Guard(g) => g,
        ast::ItemKind::Timer(t) => &t.decl,
        ast::ItemKind::Var(v) => return Some(v.name.text.as_str()),
        ast::ItemKind::Group(g) => &g.decl,
        _ => return None,
    };
    Some(decl.name.text.as_str())
}

/// Byte offsets and protocol positions (lines, and columns in UTF-16 code units).
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
    /// Whether each line is ASCII, where a column is an offset: the columns of a long line are
    /// then found without counting the characters before them again for each position.
    ascii: Vec<bool>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let starts: Vec<usize> = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        let ends = starts.iter().skip(1).copied().chain(std::iter::once(text.len()));
        let ascii = starts.iter().zip(ends).map(|(&start, end)| text.as_bytes()[start..end].is_ascii()).collect();
        Lines { text, starts, ascii }
    }

    fn position(&self, offset: usize) -> lsp::Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).saturating_sub(1);
        let column = if self.ascii[line] {
            offset - self.starts[line]
        } else {
            self.text[self.starts[line]..offset].encode_utf16().count()
        };
        lsp::Position::new(u32::try_from(line).unwrap_or(u32::MAX), u32::try_from(column).unwrap_or(u32::MAX))
    }

    fn range(&self, span: ast::Span) -> lsp::Range {
        lsp::Range::new(self.position(span.start()), self.position(span.end()))
    }

    fn offset(&self, position: lsp::Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else { return self.text.len() };
        let end = self.starts.get(position.line as usize + 1).map_or(self.text.len(), |&e| e);
        let mut units = 0;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= position.character as usize || c == '\n' {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}
