//! The diagnostics of a system description: their codes (`V0001`..., a range of their own beside
//! the spec checker's `E` and `W` codes, which are `fsm_dsl::diag::Code`), one constructor per
//! kind so that the wording lives here, and the rustc-like renderer (codespan-reporting, as
//! `fsm_dsl::diag::render` for specs).

use codespan_reporting::diagnostic as cs;
use codespan_reporting::term::{self, Chars, Config};
use std::ops::Range;

macro_rules! codes {
    ($( $variant:ident = $code:literal, $title:literal; )*) => {
        /// The stable code of each kind of system diagnostic. Every one is an error: a system
        /// with any of them is not explored.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $( #[doc = $title] $variant, )*
        }

        impl Code {
            /// Every code, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code as printed: `V0003`.
            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $code, )* }
            }

            /// One line saying what the code means (the book's table, `book/src/checker.md`).
            pub fn title(self) -> &'static str {
                match self { $( Code::$variant => $title, )* }
            }
        }
    };
}

codes! {
    Syntax = "V0001", "syntax error: the system text does not follow the grammar";
    UnreadableSpec = "V0002", "an instance's spec file cannot be read";
    SpecErrors = "V0003", "an instance's spec has errors (its own diagnostics follow)";
    Duplicate = "V0004", "an instance, channel, message or invariant declared twice, or a parameter given twice";
    UnknownInstance = "V0005", "a name that is not one of the system's instances";
    UnknownChannel = "V0006", "a name that is not one of the system's channels";
    UnknownEvent = "V0007", "an event that the instance's spec does not declare";
    UnknownAction = "V0008", "an action that the instance's spec does not declare";
    NotCarried = "V0009", "a message that the named channel does not carry";
    UnknownState = "V0010", "a state that the instance's spec does not declare";
    TooLarge = "V0011", "a system beyond the checker's limits (instances, channels, messages, capacity, guards, nesting)";
    UnknownVariable = "V0012", "a variable that the instance's spec does not declare";
    Mismatch = "V0013", "a comparison whose operands do not fit (a state with `<`, a number for a `bool`)";
    UnknownParameter = "V0014", "a parameter that the instance's spec does not declare";
    BadArgument = "V0015", "a parameter's value that is not of its type or outside its range";
}

/// One problem of a system description, at a byte range of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code.
    pub code: Code,
    /// One sentence, lower case, no final period.
    pub message: String,
    /// Where (byte offsets into the system text).
    pub span: Range<usize>,
    /// What about that place.
    pub label: String,
    /// How to fix it, when known.
    pub help: Option<String>,
}

impl Diagnostic {
    fn new(code: Code, message: impl Into<String>, span: Range<usize>, label: impl Into<String>) -> Self {
        Diagnostic { code, message: message.into(), span, label: label.into(), help: None }
    }

    fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// V0001.
    pub fn syntax(span: Range<usize>, expected: String) -> Self {
        Diagnostic::new(Code::Syntax, "the system text does not follow the grammar", span, expected)
            .help("a system is `system NAME { ... }` of `instance`, `channel`, `send`, `flush`, `receive`, `environment`, `defer`, `end`, `invariant` and `home` items, each ending in `;`")
    }

    /// V0002.
    pub fn unreadable(span: Range<usize>, path: &str, error: &str) -> Self {
        Diagnostic::new(Code::UnreadableSpec, format!("cannot read the spec `{path}`"), span, error.to_owned())
            .help("a spec's path is relative to the directory of the system file")
    }

    /// V0003.
    pub fn spec_errors(span: Range<usize>, path: &str, errors: usize) -> Self {
        let s = if errors == 1 { "" } else { "s" };
        Diagnostic::new(
            Code::SpecErrors,
            format!("the spec `{path}` has {errors} error{s}"),
            span,
            "this instance's spec",
        )
        .help(format!("run `fsm check {path}` and fix the spec first"))
    }

    /// V0004.
    pub fn duplicate(kind: &str, name: &str, span: Range<usize>) -> Self {
        Diagnostic::new(Code::Duplicate, format!("the {kind} `{name}` is declared twice"), span, "declared again here")
            .help(format!("give this {kind} another name"))
    }

    /// V0004, for an instance's parameter.
    pub fn given_twice(parameter: &str, span: Range<usize>) -> Self {
        Diagnostic::new(
            Code::Duplicate,
            format!("the parameter `{parameter}` is given twice"),
            span,
            "given again here",
        )
        .help("give each parameter one value")
    }

    /// V0005, V0006, V0007, V0008, V0010, V0012, V0014: a name that does not resolve, with the closest known
    /// one when there is a likely typo.
    pub fn unknown<'a>(
        code: Code,
        kind: &str,
        name: &str,
        span: Range<usize>,
        owner: &str,
        known: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        let known: Vec<&str> = known.into_iter().collect();
        let help = match fsm_dsl::check::suggest(name, known.iter().copied()) {
            Some(close) => format!("did you mean `{close}`?"),
            None if known.is_empty() => format!("{owner} has no {kind}"),
            None => format!("{owner}'s {kind}s are: {}", shortlist(&known)),
        };
        let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
        Diagnostic::new(code, format!("unknown {kind} `{name}`"), span, format!("not {article} {kind} of {owner}"))
            .help(help)
    }

    /// V0009.
    pub fn not_carried(channel: &str, message: &str, span: Range<usize>, carried: &[String]) -> Self {
        let known: Vec<&str> = carried.iter().map(String::as_str).collect();
        let help = match fsm_dsl::check::suggest(message, known.iter().copied()) {
            Some(close) => format!("did you mean `{close}`?"),
            None => format!(
                "add `{message}` to the messages of `channel {channel} {{ ... }}`, which are: {}",
                shortlist(&known)
            ),
        };
        Diagnostic::new(
            Code::NotCarried,
            format!("the channel `{channel}` carries no message `{message}`"),
            span,
            "no channel carries this",
        )
        .help(help)
    }

    /// V0011.
    pub fn too_large(span: Range<usize>, what: String, limit: usize) -> Self {
        Diagnostic::new(Code::TooLarge, format!("{what} is beyond the checker's limit of {limit}"), span, "here")
            .help("split the system, or make it smaller")
    }
}

impl Diagnostic {
    /// V0013.
    pub fn mismatch(span: Range<usize>, why: &str) -> Self {
        Diagnostic::new(Code::Mismatch, "this comparison does not fit its operands", span, "here").help(why.to_owned())
    }

    /// V0015: a value that the parameter cannot take; `valid` says what it can.
    pub fn bad_argument(span: Range<usize>, value: &str, parameter: &str, valid: &str) -> Self {
        Diagnostic::new(
            Code::BadArgument,
            format!("`{value}` is not a value of the parameter `{parameter}`"),
            span,
            "this value",
        )
        .help(format!("`{parameter}` takes {valid}"))
    }

    /// V0011, for a channel's capacity.
    pub fn capacity(span: Range<usize>, capacity: u64, limit: u64) -> Self {
        Diagnostic::new(
            Code::TooLarge,
            format!("a channel's capacity is 1 to {limit} messages, not {capacity}"),
            span,
            "this capacity",
        )
        .help("a channel that holds more than a few messages is rarely needed to find a bug; try 1 to 4")
    }
}

/// At most eight names, comma-separated.
fn shortlist(names: &[&str]) -> String {
    let mut shown: Vec<String> = names.iter().take(8).map(|n| format!("`{n}`")).collect();
    if names.len() > 8 {
        shown.push(format!("and {} more", names.len() - 8));
    }
    shown.join(", ")
}

/// Renders diagnostics as rustc does (`error[V0005]: ...`, `--> system.fsys:12:5`, the line
/// and its carets, the help), with ANSI colours when `color`. As for a spec
/// ([`fsm_dsl::diag::render`]): a long line is shown as windows around the label, and control
/// characters visibly (`␀` for NUL), so that no text of the file reaches the terminal raw.
pub fn render(name: &str, text: &str, diagnostics: &[Diagnostic], color: bool) -> String {
    let starts = fsm_dsl::diag::line_starts(text);
    let config = Config { chars: Chars::ascii(), ..Config::default() };
    let mut out = String::new();
    for d in diagnostics {
        let (file, spans) = fsm_dsl::diag::Excerpt::new(name, text, &starts, std::slice::from_ref(&d.span));
        let span = spans.first().cloned().unwrap_or(0..0);
        let mut notes = Vec::new();
        if let Some(help) = &d.help {
            notes.push(format!("help: {}", fsm_dsl::diag::visible(help)));
        }
        let cs = cs::Diagnostic::error()
            .with_code(d.code.as_str())
            .with_message(fsm_dsl::diag::visible(&d.message))
            .with_labels(vec![cs::Label::primary((), span).with_message(fsm_dsl::diag::visible(&d.label))])
            .with_notes(notes);
        let rendered = if color {
            let mut buffer = term::termcolor::Buffer::ansi();
            term::emit_to_write_style(&mut buffer, &config, &file, &cs)
                .map(|()| String::from_utf8_lossy(buffer.as_slice()).into_owned())
        } else {
            term::emit_into_string(&config, &file, &cs)
        };
        match rendered {
            Ok(t) => out.push_str(&t),
            Err(_) => {
                let (line, col) = fsm_dsl::diag::Source { name, text }.line_col(d.span.start);
                let message = fsm_dsl::diag::visible(&d.message);
                out.push_str(&format!("{name}:{line}:{col}: error[{}]: {message}\n", d.code.as_str()));
            }
        }
    }
    out
}
