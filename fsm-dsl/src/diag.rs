//! Diagnostics: what the front end reports, with stable codes, spans, labels and help, and the
//! two renderers (rustc-like text for people, JSON for tools).
//!
//! Every diagnostic is built by one constructor per kind (in `check::report` and `syntax`), so
//! the wording of each lives in one place; the table of codes below is the public contract.

mod excerpt;

use crate::ast::Span;
use codespan_reporting::diagnostic as cs;
use codespan_reporting::term::{self, Chars, Config};
pub use excerpt::{CONTEXT, Excerpt, MAX_LABEL, MAX_LINE, line_starts, visible};

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The spec is usable, but probably not what its author meant.
    Warning,
    /// The spec is rejected: no code, diagram or simulation comes out of it.
    Error,
}

impl Severity {
    /// `"error"` or `"warning"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

macro_rules! codes {
    ($( $variant:ident = $code:literal, $sev:ident, $title:literal; )*) => {
        /// The stable code of each kind of diagnostic. The codes never change meaning; new kinds
        /// get new codes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $( #[doc = $title] $variant, )*
        }

        impl Code {
            /// Every code, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code as printed: `E0003`, `W0002`.
            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $code, )* }
            }

            /// Whether diagnostics of this kind are errors or warnings.
            pub fn severity(self) -> Severity {
                match self { $( Code::$variant => Severity::$sev, )* }
            }

            /// One line saying what the code means (the book's table, `book/src/checker.md`).
            pub fn title(self) -> &'static str {
                match self { $( Code::$variant => $title, )* }
            }
        }
    };
}

codes! {
    Syntax = "E0001", Error, "syntax error: the text does not follow the grammar";
    Duplicate = "E0002", Error, "a name or a setting is declared twice";
    Undefined = "E0003", Error, "a reference to a name that is not declared";
    NoInitial = "E0004", Error, "no state is marked `initial`";
    SeveralInitial = "E0005", Error, "more than one state is marked `initial`";
    DeadEnd = "E0006", Error, "a state that is not `final` has no transition to another state";
    NonDeterministic = "E0007", Error, "two transitions for one state and event can both be taken";
    Unhandled = "E0008", Error, "a (state, event) pair is neither handled nor ignored under `unhandled = error`";
    IncompleteGuards = "E0009", Error, "the guards of a (state, event) pair leave a case with no transition under `unhandled = error`";
    LeavesFinal = "E0010", Error, "a `final` state has a transition";
    IgnoredAndHandled = "E0011", Error, "an event is both ignored and handled in a state";
    Reserved = "E0012", Error, "a name that generated Rust code cannot use";
    WrongKind = "E0013", Error, "a name of the wrong kind (an action where a timer is expected, ...)";
    LoneElse = "E0014", Error, "`else` with no other guarded transition beside it";
    TooComplex = "E0015", Error, "too many guard and variable combinations to decide a property";
    TypeMismatch = "E0016", Error, "a value or a variable of the wrong type";
    OutOfRange = "E0017", Error, "a variable can take a value outside its declared range";
    Trapped = "E0018", Error, "a reachable configuration from which no other state can be reached";
    NotAWarning = "E0019", Error, "`allow` names something that is not the code of a warning";
    PayloadNotPath = "E0020", Error, "the data of an event is not a Rust type path";
    PayloadOnTimer = "E0021", Error, "data declared on a timer: its expiry carries none";
    NoInitialSubstate = "E0025", Error, "a transition or the start enters a superstate that has no `initial` substate";
    NestedTwice = "E0026", Error, "a state name declared at two levels of nesting";
    FinalSuperstate = "E0027", Error, "a superstate marked `final`: only a state without substates can be";
    EntryAtStart = "E0028", Error, "a superstate that holds the initial state has entry actions, which the start would skip";
    RecursiveGroup = "E0029", Error, "an effect group that names itself, directly or through other groups";
    ErrorAndHandled = "E0030", Error, "a (state, event) pair is a protocol error (`error`) and also handled, ignored or another `error`";
    AssignsParameter = "E0031", Error, "an effect assigns a parameter, which is fixed for the machine's life";
    NegativeDuration = "E0032", Error, "a timer's duration, or the exponent of a `^` in it, can be negative";
    AssignedAfterStart = "E0033", Error, "a step assigns a variable that a timer's duration reads after starting that timer";
    DurationData = "E0034", Error, "a timer's duration reads the data of an event that carries none, or of two events";
    StartedWithoutData = "E0035", Error, "a timer whose duration reads an event's data is started where that data is not at hand";
    Unreachable = "W0001", Warning, "a state that no sequence of events reaches";
    Unused = "W0002", Warning, "a declaration that nothing uses";
    ExpiryNotHandled = "W0003", Warning, "a timer is started but no transition handles its expiry";
    NeverStarted = "W0004", Warning, "a timer's expiry is handled but the timer is never started";
    UnhandledWarn = "W0005", Warning, "a (state, event) pair is not handled, under `unhandled = warn`";
    NeverHolds = "W0006", Warning, "a guard that can never hold: its transition is never taken";
    DeadExpiry = "W0007", Warning, "a transition handles a timer's expiry in a state where the timer cannot be running";
    ExpiryIgnored = "W0008", Warning, "a timer may be running in a state where its expiry is ignored";
    RunningInFinal = "W0009", Warning, "a timer may still be running in a final state";
    DataNeverSeen = "W0010", Warning, "an event carries data that no guard or action is shown";
    CoversNothing = "W0011", Warning, "a transition on `*` (any other event) covers no event: its states handle or ignore every other one";
    DeadPairs = "W0012", Warning, "a guarded transition is never taken in some of its (state, event) pairs, though it is in others";
}

/// A span with a message, pointing into the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What about it (may be empty).
    pub message: String,
}

impl Label {
    /// A label with a message.
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        Label { span, message: message.into() }
    }
}

/// One problem found in a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code; it also fixes the severity.
    pub code: Code,
    /// One sentence, lower case, no final period.
    pub message: String,
    /// The place the problem is.
    pub primary: Label,
    /// Related places ("first declared here").
    pub secondary: Vec<Label>,
    /// Extra facts ("both guards hold when ...").
    pub notes: Vec<String>,
    /// How to fix it, when known ("did you mean `OKAY_Pending`?").
    pub help: Option<String>,
}

/// A word (a run of letters, digits and `_`) of a diagnostic's text longer than this many
/// characters is shown by its first [`SHOWN_OF_A_LONG_WORD`] and its length.
pub const MAX_WORD: usize = 100;
/// The characters of a longer word that are shown.
pub const SHOWN_OF_A_LONG_WORD: usize = 40;

/// `text` with every word longer than [`MAX_WORD`] characters cut to its first
/// [`SHOWN_OF_A_LONG_WORD`] and its length (`AAAA...(200000 characters)`), so that a name of a
/// megabyte in a hostile spec is not echoed by every diagnostic that names it.
fn shorten_long_words(text: String) -> String {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    // No word can be longer than the text: most texts are short.
    if text.len() <= MAX_WORD {
        return text;
    }
    let mut out = String::with_capacity(text.len().min(4 * MAX_WORD));
    let mut rest = text.as_str();
    while let Some(start) = rest.find(is_word) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let len = rest.find(|c: char| !is_word(c)).unwrap_or(rest.len());
        let word = &rest[..len];
        match word.char_indices().nth(MAX_WORD) {
            None => out.push_str(word),
            Some(_) => {
                let cut = word.char_indices().nth(SHOWN_OF_A_LONG_WORD).map_or(len, |(i, _)| i);
                out.push_str(&format!("{}...({} characters)", &word[..cut], word.chars().count()));
            }
        }
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}

impl Diagnostic {
    /// A diagnostic with a primary label and nothing else. In its message, labels and notes, a
    /// word longer than [`MAX_WORD`] characters is kept by its start and its length.
    pub fn new(code: Code, message: impl Into<String>, span: Span, label: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: shorten_long_words(message.into()),
            primary: Label::new(span, shorten_long_words(label.into())),
            secondary: Vec::new(),
            notes: Vec::new(),
            help: None,
        }
    }

    /// Adds a secondary label.
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label::new(span, shorten_long_words(message.into())));
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(shorten_long_words(note.into()));
        self
    }

    /// Sets the help line. It is kept whole, long words too, for tools that take names or
    /// lines from it (the language server's quick fixes); renderings show [`Self::shown_help`].
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The help line as renderings show it: each word longer than [`MAX_WORD`] characters by
    /// its start and its length.
    pub fn shown_help(&self) -> Option<String> {
        self.help.clone().map(shorten_long_words)
    }

    /// Error or warning, from the code.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }

    /// The codespan form, with the labels at `spans` (the primary first, then the secondary
    /// ones, as moved into the excerpt shown) and every text made visible.
    fn to_codespan(&self, spans: &[std::ops::Range<usize>]) -> cs::Diagnostic<()> {
        let severity = match self.severity() {
            Severity::Error => cs::Severity::Error,
            Severity::Warning => cs::Severity::Warning,
        };
        let labels =
            std::iter::once(&self.primary).chain(&self.secondary).zip(spans).enumerate().map(|(i, (l, span))| {
                let label =
                    if i == 0 { cs::Label::primary((), span.clone()) } else { cs::Label::secondary((), span.clone()) };
                label.with_message(visible(&l.message))
            });
        let mut notes: Vec<String> = self.notes.iter().map(|n| format!("note: {}", visible(n))).collect();
        if let Some(help) = &self.shown_help() {
            notes.push(format!("help: {}", visible(help)));
        }
        cs::Diagnostic::new(severity)
            .with_code(self.code.as_str())
            .with_message(visible(&self.message))
            .with_labels(labels.collect())
            .with_notes(notes)
    }
}

/// One spec's text and the name it is shown under, for rendering positions.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file name as the user should see it (`specs/failover.fsm`).
    pub name: &'a str,
    /// The whole text.
    pub text: &'a str,
}

impl Source<'_> {
    /// 1-based line and column (in characters) of a byte offset; offsets past the end or inside
    /// a character are moved back to the nearest character boundary.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }
}

/// Renders diagnostics the way rustc does: `error[E0003]: ...`, `--> file:line:col`, the source
/// line with carets, secondary labels, notes and help. With `color`, ANSI colours are used (with
/// the `color` feature; without it, which is how the `fsm!` macro builds, the text is plain).
///
/// A line longer than [`MAX_LINE`] octets is shown as windows of [`CONTEXT`] octets around the
/// ends of the labels on it, cut places marked `...`, and a label longer than [`MAX_LABEL`]
/// octets by its start; control characters are shown visibly (`␀` for NUL, see [`visible`]).
/// The work is linear in the text once, plus bounded work per diagnostic.
pub fn render(source: Source<'_>, diagnostics: &[Diagnostic], color: bool) -> String {
    let starts = line_starts(source.text);
    let config = Config { chars: Chars::ascii(), ..Config::default() };
    let mut out = String::new();
    for diagnostic in diagnostics {
        let spans: Vec<std::ops::Range<usize>> = std::iter::once(&diagnostic.primary)
            .chain(&diagnostic.secondary)
            .map(|l| l.span.start()..l.span.end())
            .collect();
        let (file, spans) = Excerpt::new(source.name, source.text, &starts, &spans);
        let cs = diagnostic.to_codespan(&spans);
        let rendered = match color {
            // Colours are for the terminal, so for the tool: the macro's build has no termcolor.
            #[cfg(feature = "color")]
            true => {
                let mut buffer = term::termcolor::Buffer::ansi();
                term::emit_to_write_style(&mut buffer, &config, &file, &cs)
                    .map(|()| String::from_utf8_lossy(buffer.as_slice()).into_owned())
            }
            _ => term::emit_into_string(&config, &file, &cs),
        };
        match rendered {
            Ok(text) => out.push_str(&text),
            // The renderer only fails on spans outside the file, which the excerpt clamps;
            // fall back to a plain line rather than lose the diagnostic.
            Err(_) => out.push_str(&plain_line(source, diagnostic)),
        }
    }
    out
}

/// One line per diagnostic: `file:line:col: error[E0003]: message`.
pub fn plain_line(source: Source<'_>, diagnostic: &Diagnostic) -> String {
    let (line, col) = source.line_col(diagnostic.primary.span.start());
    format!(
        "{}:{line}:{col}: {}[{}]: {}\n",
        source.name,
        diagnostic.severity().as_str(),
        diagnostic.code.as_str(),
        visible(&diagnostic.message)
    )
}

/// A one-line summary: `2 errors, 1 warning`.
pub fn summary(diagnostics: &[Diagnostic]) -> String {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    format!("{} {}, {} {}", errors, plural(errors, "error"), warnings, plural(warnings, "warning"))
}

/// `word` or `words`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 { word.to_owned() } else { format!("{word}s") }
}

/// Most diagnostics kept for one spec: a text full of mistakes is reported by its first ones
/// (what a person fixes first), and the rest are counted, so that rendering stays bounded.
pub const MAX_DIAGNOSTICS: usize = 100;

/// The diagnostics [`cap`] left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Omitted {
    /// Errors left out.
    pub errors: usize,
    /// Warnings left out.
    pub warnings: usize,
}

impl Omitted {
    /// Whether nothing was left out.
    pub fn is_empty(&self) -> bool {
        self.errors == 0 && self.warnings == 0
    }
}

/// Keeps at most [`MAX_DIAGNOSTICS`] of diagnostics sorted by position: errors first (so that a
/// spec with errors is never shown as warnings only), then warnings, each by position, and
/// returns them in position order. When some are left out, the last one kept gets the note
/// "and N more ... not shown", which therefore comes last in the text, in JSON and, since it
/// lands on an error whenever an error was left out, in the macro's errors.
pub fn cap(diagnostics: Vec<Diagnostic>) -> (Vec<Diagnostic>, Omitted) {
    if diagnostics.len() <= MAX_DIAGNOSTICS {
        return (diagnostics, Omitted::default());
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let kept_errors = errors.min(MAX_DIAGNOSTICS);
    let kept_warnings = MAX_DIAGNOSTICS - kept_errors;
    let omitted = Omitted { errors: errors - kept_errors, warnings: diagnostics.len() - errors - kept_warnings };
    let (mut seen_errors, mut seen_warnings) = (0, 0);
    let mut kept: Vec<Diagnostic> = diagnostics
        .into_iter()
        .filter(|d| {
            let (seen, limit) =
                if d.is_error() { (&mut seen_errors, kept_errors) } else { (&mut seen_warnings, kept_warnings) };
            *seen += 1;
            *seen <= limit
        })
        .collect();
    let mut parts = Vec::new();
    if omitted.errors > 0 {
        parts.push(format!("{} more {}", omitted.errors, plural(omitted.errors, "error")));
    }
    if omitted.warnings > 0 {
        let more = if parts.is_empty() { " more" } else { "" };
        parts.push(format!("{}{more} {}", omitted.warnings, plural(omitted.warnings, "warning")));
    }
    if let Some(last) = kept.last_mut() {
        last.notes.push(format!(
            "and {} not shown: only the first {MAX_DIAGNOSTICS} diagnostics of a spec are reported",
            parts.join(" and ")
        ));
    }
    (kept, omitted)
}
