//! Syntax errors in words: a pest error becomes a diagnostic that says what was expected and
//! what was found (rules and tokens described as a reader names them, long junk shortened), with
//! a help line for the commonest slips (a missing `;`, a keyword used as a name, a misspelled
//! keyword at the start of an item: "did you mean").

use super::grammar::Rule;
use super::{ITEM_KEYWORDS, brackets, is_attribute, is_keyword, without_comment};
use crate::ast::Span;
use crate::diag::{Code, Diagnostic};
use pest::error::{ErrorVariant, InputLocation};

/// Turns a pest error into a diagnostic that says, in words, what was expected and what was
/// found. `rule` is what was parsed (`file`, or `item_alone` for a broken item), from `offset`
/// in the whole spec.
pub(super) fn from_pest(text: &str, offset: usize, rule: Rule, error: &pest::error::Error<Rule>) -> Diagnostic {
    let mut pos = offset + position(error);
    let (mut expected, comment) = expected_by(error, offset, &mut pos);
    // Where what may follow is only tokens (after a label, a duration, an initial value), pest
    // reads a doc comment's `//` as a comment's, stops at its third `/`, and places the error
    // back where the last rule failed: the item stopped at the doc comment.
    if let Some(at) = comment
        && at >= pos + 3
        && text.get(at - 2..).is_some_and(|rest| rest.starts_with("///") && !rest.starts_with("////"))
    {
        pos = at - 2;
        expected.clear();
    }
    let found = found_at(text, pos);
    // Where the code before the error ends, the white space and comments between left out.
    let end = code_end(text, pos);
    // A doc comment inside an item: pest names what it tried in the comment (`//`, stopping
    // inside it), which hides what may follow the item's code there. That is what the text cut
    // at the doc comment expects at its end (`;` among it where the item could end there).
    if found.doc
        && end > offset
        && let Err(cut) = super::parse_detailed(rule, &text[offset..pos])
    {
        let mut at = offset + position(&cut);
        let (words, _) = expected_by(&cut, offset, &mut at);
        if at == pos {
            expected = words;
        }
    }
    expected.sort();
    expected.dedup();
    // A rule's description already names the tokens it stands for.
    if expected.iter().any(|e| e.starts_with("a comparison")) {
        expected.retain(|e| !matches!(e.as_str(), "`==`" | "`!=`" | "`<`" | "`<=`" | "`>`" | "`>=`"));
    }
    if expected.iter().any(|e| e.starts_with("a unit of time")) {
        // The digits expected are more of the number, which is complete; an operator would
        // continue an expression that is as likely complete: the unit is what is missing.
        expected.retain(|e| {
            !matches!(e.as_str(), "an integer" | "a number" | "`*`" | "`+` or `-`" | "`+`" | "`-`" | "`^`")
        });
    }
    if expected.iter().any(|e| e == "`+` or `-`") {
        expected.retain(|e| !matches!(e.as_str(), "`+`" | "`-`"));
    }
    if expected.iter().any(|e| e.starts_with("`=`, `+=`")) {
        expected.retain(|e| !matches!(e.as_str(), "`=`" | "`+=`" | "`-=`"));
    }
    if expected.iter().any(|e| e.starts_with("an item")) {
        // Everything else that can start an item is already said by "an item".
        expected.retain(|e| e.starts_with("an item") || e == "`}`" || e == "end of file");
    }
    let message = match (expected.as_slice(), &error.variant) {
        (_, ErrorVariant::CustomError { message }) => message.clone(),
        ([], _) if found.doc => "unexpected doc comment".to_owned(),
        ([], _) => format!("unexpected {}", found.describe()),
        (list, _) => format!("expected {}, found {}", join_or(list), found.describe()),
    };
    let label =
        if expected.is_empty() { "unexpected here".to_owned() } else { format!("expected {}", join_or(&expected)) };
    // A quoted string was expected and a quote stands there: the string does not end on its
    // line (the grammar's strings never span lines).
    if found.text.as_deref() == Some("\"") && expected.iter().any(|e| e == "a quoted string") {
        let start = found.span.start();
        let line_end = text[start..].find(['\r', '\n']).map_or(text.len(), |newline| start + newline);
        return Diagnostic::new(
            Code::Syntax,
            "this string does not end on its line",
            Span::new(start, line_end.max(start + 1)),
            "no closing `\"` before the end of the line",
        )
        .with_help(
            "a string ends with `\"` on the line it starts on; write `\\\"` for a quote inside it and `\\\\` for a backslash",
        );
    }
    let mut diagnostic = Diagnostic::new(Code::Syntax, message, found.span, label);
    if let Some(help) = syntax_help(text, pos, &expected) {
        diagnostic = diagnostic.with_help(help);
    }
    if expected.iter().any(|e| e == "`;`") && may_start_next_item(text, pos) {
        // Point where the `;` belongs: right after the previous token, as rustc does.
        if end < pos && end > 0 {
            diagnostic = diagnostic.with_secondary(Span::new(end, end), "`;` may belong here");
        }
    }
    if found.text.is_none()
        && !found.doc
        && expected.iter().any(|e| e == "`}`")
        && let Some(open) = unclosed_brace(text)
    {
        diagnostic = diagnostic.with_secondary(Span::new(open, open + 1), "this `{` is not closed");
    }
    diagnostic
}

/// What pest's `error` says was expected, in words (rules and tokens described as a reader names
/// them), and where: `pos` (in the whole spec, `offset` where the parsed text starts) is moved
/// to where the tokens tried got, if that is further than where pest places the error. Also
/// where the tokens tried got when the only one tried there is a comment's `//` (pest reads a
/// doc comment's first two `/` as a comment's).
fn expected_by(error: &pest::error::Error<Rule>, offset: usize, pos: &mut usize) -> (Vec<String>, Option<usize>) {
    let mut expected: Vec<String> = Vec::new();
    // The literal tokens pest tried, in words, and how far they got; written out once (pest
    // sorts and copies them on each call).
    let attempts = error
        .parse_attempts()
        .map(|a| (a.max_position, a.expected_tokens().iter().map(ToString::to_string).collect::<Vec<_>>()));
    // pest places the error where a rule last failed; the literal tokens it tried may have got
    // further (past a complete name or number, say). Where they did, they are what was expected.
    // (Only when one of them is punctuation: letters and digits tried past a name come from the
    // test that the name is not a keyword, not from what may follow it.)
    let further = attempts.as_ref().filter(|(max_position, tokens)| {
        let punctuation = tokens.iter().any(|t| {
            !t.is_empty()
                && t.chars().all(|c| c.is_ascii_punctuation())
                && !matches!(t.as_str(), "//" | "////" | "_" | "\"")
        });
        offset + max_position > *pos && punctuation
    });
    match further {
        Some((max_position, _)) => *pos = offset + max_position,
        None => {
            if let ErrorVariant::ParsingError { positives, .. } = &error.variant {
                expected.extend(positives.iter().filter_map(|r| describe_rule(*r)).map(str::to_owned));
            }
        }
    }
    let comment =
        attempts.as_ref().filter(|(_, tokens)| tokens == &["//"]).map(|(max_position, _)| offset + max_position);
    if let Some((_, tokens)) = attempts {
        // Digits are expected after a letter (inside a name) as well as at the start of an
        // integer; only the optional `-` of an integer, or the absence of letters, says which.
        let letters = tokens.iter().any(|t| t == "a..z" || t == "A..Z");
        let integer = tokens.iter().any(|t| t == "-") || !letters;
        for token in &tokens {
            match describe_token(token) {
                Some(words) if words == "an integer" && !integer => {}
                Some(words) => expected.push(words),
                None => {}
            }
        }
    }
    (expected, comment)
}

/// Where pest's error stands, in the text it parsed.
fn position(error: &pest::error::Error<Rule>) -> usize {
    match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
}

/// Where the code before `pos` ends: before the white space and the `//` comments that stand
/// between it and `pos` (a `;` written after a comment would be part of it).
fn code_end(text: &str, pos: usize) -> usize {
    let mut end = text[..pos.min(text.len())].trim_end().len();
    loop {
        let line = text[..end].rfind('\n').map_or(0, |newline| newline + 1);
        let code = without_comment(&text[line..end]).len();
        if line + code == end {
            return end;
        }
        end = text[..line + code].trim_end().len();
    }
}

/// Where the innermost `{` that the text leaves open stands, outside comments and strings, if
/// one does.
fn unclosed_brace(text: &str) -> Option<usize> {
    let mut open = Vec::new();
    for (at, bracket) in brackets(text) {
        match bracket {
            b'{' => open.push(at),
            b'}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}

/// What stands at a position, for "found ..." in messages.
struct Found {
    span: Span,
    text: Option<String>,
    /// A `///` doc comment.
    doc: bool,
}

impl Found {
    fn describe(&self) -> String {
        match &self.text {
            None if self.doc => "a doc comment".to_owned(),
            None => "end of file".to_owned(),
            Some(t) => quote_truncated(t),
        }
    }
}

/// Most characters of a word of junk quoted in a message.
const MAX_QUOTED: usize = 32;

/// A word in backquotes, shortened to its first [`MAX_QUOTED`] characters when longer, so that
/// a megabyte of junk is not echoed whole: "`yyyy...` (1000000 characters)".
fn quote_truncated(word: &str) -> String {
    match word.char_indices().nth(MAX_QUOTED) {
        None => format!("`{word}`"),
        Some((cut, _)) => format!("`{}...` ({} characters)", &word[..cut], word.chars().count()),
    }
}

fn found_at(text: &str, pos: usize) -> Found {
    let mut pos = pos.min(text.len());
    while !text.is_char_boundary(pos) {
        pos -= 1;
    }
    let rest = &text[pos..];
    let Some(first) = rest.chars().next() else {
        return Found { span: Span::new(pos, pos), text: None, doc: false };
    };
    if rest.starts_with("///") {
        return Found { span: Span::new(pos, pos + 3), text: None, doc: true };
    }
    let len = if first.is_alphanumeric() || first == '_' {
        rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    Found { span: Span::new(pos, pos + len), text: Some(rest[..len].to_owned()), doc: false }
}

/// Whether what stands at `pos`, where a `;` was expected, may start the next item or end the
/// block, so that the item before may lack its `;`: it is on a later line than the token before
/// it, or a word, an attribute, a doc comment, the `*` of a wildcard source or a `}`. Other
/// punctuation on the same line (`[`, `/*`, `(`) is more likely a form the item does not have
/// than the start of another.
fn may_start_next_item(text: &str, pos: usize) -> bool {
    let mut pos = pos.min(text.len());
    while !text.is_char_boundary(pos) {
        pos -= 1;
    }
    if splits_a_name(text, pos) {
        return false;
    }
    let end = text[..pos].trim_end().len();
    let rest = &text[pos..];
    // `state S ref "..."`: a ref for the item, which takes none, not the machine's next item.
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    if rest.starts_with("ref") && !rest[3..].starts_with(is_word) && !text[end..pos].contains('\n') {
        return false;
    }
    text[end..pos].contains('\n')
        || rest.starts_with("///")
        || rest.starts_with(['#', '*', '}'])
        || rest.starts_with(|c: char| c.is_alphabetic() || c == '_')
}

/// Whether the word at `pos` follows a word on the same line and is followed by what ends or
/// continues a declaration or a list of events (`;`, a label, data, a block, a guard, effects):
/// a name written as two words (`event send H;`), not the start of the next item. A keyword
/// (`ref`) is not half of a name.
fn splits_a_name(text: &str, pos: usize) -> bool {
    let Some(rest) = text.get(pos..) else { return false };
    if !rest.starts_with(|c: char| c.is_alphabetic() || c == '_') {
        return false;
    }
    let len = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    if is_keyword(&rest[..len]) {
        return false;
    }
    let end = text[..pos].trim_end().len();
    let previous_is_word = text[..end].ends_with(|c: char| c.is_alphanumeric() || c == '_');
    previous_is_word
        && !text[end..pos].contains('\n')
        && rest[len..].trim_start_matches([' ', '\t']).starts_with([';', '"', '(', '{', '[', '/'])
}

/// `text` without its `//` comments and the insides of its strings (each string left as `""`),
/// for telling what an item's code holds.
fn code_only(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut lines = text.split('\n').peekable();
    while let Some(line) = lines.next() {
        let mut in_string = false;
        let mut chars = without_comment(line).chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' if in_string => {
                    chars.next();
                }
                '"' => {
                    in_string = !in_string;
                    code.push('"');
                }
                _ if in_string => {}
                _ => code.push(c),
            }
        }
        if lines.peek().is_some() {
            code.push('\n');
        }
    }
    code
}

/// The name around a `-` at `pos` that joins two words with no space, as RFCs name states and
/// events (`wait-ctl-reply`, `SYN-SENT`): the whole run of words and hyphens.
fn hyphenated_name(text: &str, pos: usize) -> Option<&str> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let (before, after) = (text.get(..pos)?, text.get(pos..)?);
    if !(after.starts_with('-') && before.ends_with(is_word) && after[1..].starts_with(char::is_alphabetic)) {
        return None;
    }
    let start = before.trim_end_matches(|c: char| is_word(c) || c == '-').len();
    let end = pos + after.find(|c: char| !(is_word(c) || c == '-')).unwrap_or(after.len());
    Some(text[start..end].trim_matches('-'))
}

/// A help line for the commonest slips.
fn syntax_help(text: &str, pos: usize, expected: &[String]) -> Option<String> {
    let found = found_at(text, pos);
    let word = found.text.clone().unwrap_or_default();
    // The word before what stands there.
    let before = text[..found.span.start().min(text.len())].trim_end();
    let previous = before.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
    // The item so far, its comments and strings left out: what the slips below are told by.
    let item = code_only(before.rsplit(['{', '}', ';']).next().unwrap_or(""));
    let start = found.span.start();
    if (word == "/" && text[start..].starts_with("/*")) || (word == "*" && text[..start].ends_with('/')) {
        return Some("a comment runs from `//` to the end of its line; there is no `/* */` comment".to_owned());
    }
    if word == "/" && expected.iter().any(|e| e.starts_with("a unit of time")) {
        return Some(
            "a duration has no division: take a smaller unit instead, as `lease * 500 ms` for half of `lease` seconds"
                .to_owned(),
        );
    }
    if expected.iter().any(|e| e.starts_with("a unit of time")) {
        return Some(
            "a duration has a unit after its number or expression: `30 s`, `500 ms`, `T1 * 2^n ms`".to_owned(),
        );
    }
    if word == "=" && expected.iter().any(|e| e.starts_with("a comparison")) {
        return Some("a comparison is written `==`; `=` assigns, in a transition's effects".to_owned());
    }
    // `[!runing T]`: a misspelled `running` reads as a guard's name followed by a timer's.
    if expected.iter().any(|e| e.starts_with("a comparison"))
        && word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && previous != "running"
        && crate::check::suggest(previous, ["running"]) == Some("running")
    {
        return Some(format!("did you mean `running {word}`?"));
    }
    // `[b == true]`: comparisons are of integers; a boolean is a condition by itself.
    if matches!(word.as_str(), "true" | "false") && (before.ends_with("==") || before.ends_with("!=")) {
        return Some(
            "a comparison is of integers; a `bool` variable or a guard is a condition by itself: `[b]`, `[!b]`"
                .to_owned(),
        );
    }
    // `/ X [g]`: a guard after the effects (UML writes `event [guard] / effects` too).
    if word == "[" && expected.iter().any(|e| e == "`;`") && item.contains('/') && !item.contains('[') {
        return Some("the guard comes before the effects: `A -> B on E [g] / X;`".to_owned());
    }
    // `wait-ctl-reply` where a name stands (not in a guard, an assignment or a duration, where
    // `-` is arithmetic).
    if let Some(name) = hyphenated_name(text, start)
        && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !item.contains(['[', '='])
        && !expected.iter().any(|e| e.starts_with("a comparison"))
    {
        let underscored = name.replace('-', "_");
        // The keyword before the name, where it is declared (`state wait-ctl-reply;`).
        let name_start = start - name.find('-').unwrap_or(0);
        let declared = text[..name_start].trim_end().rsplit(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or("");
        return Some(match declared {
            "state" | "event" | "action" | "guard" | "timer" | "group" => format!(
                "a name cannot hold `-`: write `{underscored}`, and keep the RFC's `{name}` as its label: \
                 `{declared} {underscored} \"{name}\";`"
            ),
            "var" | "param" => format!("a name cannot hold `-`: write `{underscored}`"),
            _ => format!(
                "a name cannot hold `-`: write `{underscored}`; where it is declared, a label after the name may keep \
                 the RFC's `{name}` (`{underscored} \"{name}\"`)"
            ),
        });
    }
    if expected.iter().any(|e| e == "a name") && !word.is_ascii() && word.starts_with(char::is_alphanumeric) {
        // The whole word: the parser may stop inside it, after its ASCII letters (`Straße`).
        let word_start = text[..start].trim_end_matches(|c: char| c.is_alphanumeric() || c == '_').len();
        let word = &text[word_start..found.span.end()];
        return Some(format!(
            "a name is ASCII letters, digits and `_`; a declaration's label may hold `{word}` (`NAME \"{word}\"`)"
        ));
    }
    if word == "ref" && expected.iter().any(|e| e == "`;`") && !expected.iter().any(|e| e == "`ref`") {
        return Some(
            "this item takes no `ref`: transitions, `ignore` and `error` items take refs, and `ref \"...\";` alone \
             is the machine's; its doc comment may cite the RFC"
                .to_owned(),
        );
    }
    if expected.iter().any(|e| e == "`;`") && splits_a_name(text, found.span.start()) {
        return Some(format!(
            "a name is one word: `{previous}{word}` or `{previous}_{word}`; a declaration's label may hold words \
             (`event SendH \"send H\";`)"
        ));
    }
    if expected.iter().any(|e| e == "a name") && word.starts_with(|c: char| c.is_ascii_digit()) {
        return Some(
            "a name starts with a letter or `_`; a declaration's label may hold the RFC's own name \
             (`event TwoWayReceived \"2-WayReceived\";`)"
                .to_owned(),
        );
    }
    if expected.iter().any(|e| e == "`;`") && (found.text.is_some() || found.doc) && may_start_next_item(text, pos) {
        return Some("the previous item may be missing its closing `;`".to_owned());
    }
    // `/ stop ref ...` or `/ stop;`: a timer operation without its timer, often a use of a group
    // or action that was to be named `start` or `stop`, which the declaration refused.
    if expected.iter().any(|e| e == "a name") && matches!(previous, "start" | "stop") {
        return Some(format!(
            "`{previous}` is the timer operation `{previous} TIMER` and takes a timer's name; it cannot name an action or a group"
        ));
    }
    // Words that follow a name in the grammar are more likely a missing name than a misused one.
    if expected.iter().any(|e| e == "a name") && is_keyword(&word) && !matches!(word.as_str(), "on" | "in" | "except") {
        return Some(format!("`{word}` is a keyword of the DSL and cannot be used as a name"));
    }
    // A misspelled keyword at the start of an item reads as the first name of a transition.
    let item_start = after_an_item(&before[..before.len() - previous.len()]);
    for candidate in [word.as_str(), previous] {
        let at_start = if candidate == word { expected.iter().any(|e| e.starts_with("an item")) } else { item_start };
        if at_start
            && !candidate.is_empty()
            && !is_keyword(candidate)
            && let Some(keyword) = crate::check::suggest(candidate, ITEM_KEYWORDS.iter().copied())
            && keyword != candidate
        {
            return Some(format!("did you mean `{keyword}` instead of `{candidate}`?"));
        }
    }
    if found.doc && expected.iter().any(|e| e.starts_with("`}`") || e == "end of file") {
        return Some("a doc comment documents the item that follows it; this one has none".to_owned());
    }
    None
}

/// Whether the text `before` a word ends where an item may start: after `;`, `{` or `}`, once
/// the comments, doc comments and attributes that may precede the item, each on lines of its
/// own, are passed over.
fn after_an_item(before: &str) -> bool {
    let mut rest = before.trim_end();
    loop {
        let line_start = rest.rfind('\n').map_or(0, |newline| newline + 1);
        let code = without_comment(&rest[line_start..]).trim();
        if !(code.is_empty() || is_attribute(code)) {
            return code.ends_with([';', '{', '}']);
        }
        if line_start == 0 {
            return false;
        }
        rest = rest[..line_start].trim_end();
    }
}

fn join_or(items: &[String]) -> String {
    // A description that is itself a list of tokens (`=`, `+=` or `-=`) joins as its tokens, so
    // that one list has one "or".
    let mut parts: Vec<&str> = Vec::with_capacity(items.len());
    for item in items {
        let tokens: Vec<&str> = item.split(", ").flat_map(|part| part.split(" or ")).collect();
        let is_token = |t: &&str| t.len() > 2 && t.starts_with('`') && t.ends_with('`');
        for part in if tokens.len() > 1 && tokens.iter().all(is_token) { tokens } else { vec![item.as_str()] } {
            if !parts.contains(&part) {
                parts.push(part);
            }
        }
    }
    match parts.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Plain words for a grammar rule that can be expected; `None` for rules that are never the
/// first thing missing (their first token is reported instead).
fn describe_rule(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::ident => "a name",
        Rule::string => "a quoted string",
        Rule::int => "an integer",
        Rule::doc => "a doc comment",
        Rule::item | Rule::junk => {
            "an item (`state`, `initial`, `final`, `event`, `action`, `group`, `guard`, `timer`, `var`, `output`, `param`, `ref`, `ignore`, `internal`, `error`, `unhandled`, `diagram` or a transition)"
        }
        Rule::kw_machine => "`machine`",
        Rule::kw_state => "`state`",
        Rule::kw_initial => "`initial`",
        Rule::kw_final => "`final`",
        Rule::kw_event => "`event`",
        Rule::kw_action => "`action`",
        Rule::kw_guard => "`guard`",
        Rule::kw_timer => "`timer`",
        Rule::kw_var => "`var`",
        Rule::kw_ref => "`ref`",
        Rule::kw_on => "`on`",
        Rule::kw_internal => "`internal`",
        Rule::kw_ignore => "`ignore`",
        Rule::kw_in => "`in`",
        Rule::kw_except => "`except`",
        Rule::kw_else => "`else`",
        Rule::kw_entry => "`entry`",
        Rule::kw_exit => "`exit`",
        Rule::kw_start => "`start`",
        Rule::kw_stop => "`stop`",
        Rule::kw_unhandled => "`unhandled`",
        Rule::kw_true => "`true`",
        Rule::kw_false => "`false`",
        Rule::kw_bool => "`bool`",
        Rule::kw_otherwise => "`otherwise`",
        Rule::kw_output => "`output`",
        Rule::kw_allow => "`allow`",
        Rule::kw_diagram => "`diagram`",
        Rule::kw_direction => "`direction`",
        Rule::kw_events => "`events`",
        Rule::kw_actions => "`actions`",
        Rule::kw_group => "`group`",
        Rule::kw_error => "`error`",
        Rule::kw_param => "`param`",
        Rule::kw_running => "`running`",
        Rule::diagram_setting => "a diagram setting (`direction = TB;`, `events = hide;`, `actions = hide;`)",
        Rule::direction => "a direction (`TB`, `LR`, `BT` or `RL`)",
        Rule::visibility => "`show` or `hide`",
        Rule::duration => "a duration (`2 s`, `500 ms`, `1 min`, `T1 * 2^n ms`)",
        Rule::time_expr | Rule::time_term | Rule::time_power | Rule::time_atom => {
            "a number, a name, a field of an event's data or `(` (a duration: `500 ms`, `T1 * 2^n ms`, `Ack.lease s`)"
        }
        Rule::time_field => "a field of an event's data (`Ack.lease`)",
        Rule::time_call | Rule::time_fn => "`min(A, B)` or `max(A, B)`",
        Rule::sum_op => "`+` or `-`",
        Rule::product_op => "`*`",
        Rule::power_op => "`^`",
        Rule::uint => "a number",
        Rule::time_unit => "a unit of time (`ms`, `s`, `min` or `h`)",
        Rule::state_timer => "`timer`",
        Rule::substate => "a substate (`state NAME;`)",
        Rule::payload => "the event's data in parentheses (`(Segment)`)",
        Rule::payload_type => "a Rust type path (`Segment`)",
        Rule::attribute | Rule::machine_attribute => "an attribute (`#[allow(W0002)]`)",
        Rule::any_event => "`*`",
        Rule::other_events => "`*` (any other event)",
        Rule::policy => "`error`, `warn` or `ignore`",
        Rule::any_state => "`*`",
        Rule::cmp_op => "a comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`)",
        Rule::assign_op => "`=`, `+=` or `-=`",
        Rule::or_op => "`||`",
        Rule::and_op => "`&&`",
        Rule::not_op => "`!`",
        Rule::int_range => "a range (`0..=3`)",
        Rule::EOI => "end of file",
        _ => return None,
    })
}

/// Plain words for a literal token of the grammar.
fn describe_token(token: &str) -> Option<String> {
    let chars: Vec<char> = token.chars().collect();
    match chars.as_slice() {
        // The ranges of ASCII letters and digits start a name or an integer. Every other range
        // is white space or the characters of a comment, which their rules describe.
        ['a', '.', '.', 'z'] | ['A', '.', '.', 'Z'] | ['_'] => Some("a name".to_owned()),
        ['0', '.', '.', '9'] => Some("an integer".to_owned()),
        [_, '.', '.', _] => None,
        // Whitespace, and the pieces of keywords and comments, are reported through their rules.
        [] => None,
        _ if chars.iter().all(|c| c.is_whitespace()) => None,
        // Keywords; the letters of `error`, `warn` and `ignore` come through their rule.
        _ if chars.iter().all(|c| c.is_ascii_alphabetic()) => is_keyword(token).then(|| format!("`{token}`")),
        _ => match token {
            "///" | "//" | "////" | "\"" | "\\" | "-" => None,
            t => Some(format!("`{t}`")),
        },
    }
}
