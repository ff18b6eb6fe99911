// Comments and doc comments of the state machine DSL, as fsm.pest reads them: `//` starts a
// comment, `///` a doc comment, `////` a comment again, each to the end of its line.
//
// A lexer without lookahead cannot say this: where a doc comment cannot stand (after
// `A -> B on E`, which lacks its `;`), it read `///` as the comment `//` and a `/`, so the next
// line became the transition's effects, and a spec that `fsm check` refuses parsed clean. Here
// `///` is a doc comment wherever it stands; where the grammar has no place for one, the parse
// has an error, as fsm.pest's has.
//
// Because this scanner runs before the grammar's lexer at every token, it also reads a string's
// text (`string_content`), where `//` begins no comment.

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>

enum TokenType { COMMENT, DOC_COMMENT, STRING_CONTENT, IN_PAYLOAD, ERROR_SENTINEL };

void *tree_sitter_fsm_external_scanner_create(void) { return NULL; }

void tree_sitter_fsm_external_scanner_destroy(void *payload) { (void)payload; }

unsigned tree_sitter_fsm_external_scanner_serialize(void *payload, char *buffer) {
    (void)payload;
    (void)buffer;
    return 0;
}

void tree_sitter_fsm_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
    (void)payload;
    (void)buffer;
    (void)length;
}

// The white space of the grammar's extras, `/[\s\uFEFF]/`, as the generated lexer reads it:
// `\t` to `\r`, the space and the byte order mark. The scanner runs before that lexer skips
// it, so it skips it too (and no more: a no-break space before `//` stays an error).
static bool is_space(int32_t c) {
    return (c >= '\t' && c <= '\r') || c == ' ' || c == 0xFEFF;
}

static void to_line_end(TSLexer *lexer) {
    while (lexer->lookahead != '\n' && !lexer->eof(lexer)) {
        lexer->advance(lexer, false);
    }
}

// A string's text up to its closing quote, an escape or the end of the line (a string ends on
// its line): at least one character.
static bool string_content(TSLexer *lexer) {
    bool any = false;
    while (lexer->lookahead != '"' && lexer->lookahead != '\\' && lexer->lookahead != '\n' && !lexer->eof(lexer)) {
        lexer->advance(lexer, false);
        any = true;
    }
    lexer->result_symbol = STRING_CONTENT;
    lexer->mark_end(lexer);
    return any;
}

bool tree_sitter_fsm_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
    (void)payload;
    bool recovering = valid_symbols[ERROR_SENTINEL];
    if (valid_symbols[STRING_CONTENT] && !recovering) {
        return string_content(lexer);
    }
    if (!valid_symbols[COMMENT] && !valid_symbols[DOC_COMMENT]) {
        return false;
    }
    while (is_space(lexer->lookahead)) {
        lexer->advance(lexer, true);
    }
    if (lexer->lookahead != '/') {
        return false;
    }
    lexer->advance(lexer, false);
    if (lexer->lookahead != '/') {
        // A `/` alone: effects, for the grammar's lexer.
        return false;
    }
    lexer->advance(lexer, false);
    lexer->result_symbol = COMMENT;
    if (lexer->lookahead == '/') {
        lexer->advance(lexer, false);
        // A doc comment even where none may stand, so that the parse has an error there, as
        // pest's has; but inside an event's data type, whose text pest reads whole, a comment.
        if (lexer->lookahead != '/' && (valid_symbols[DOC_COMMENT] || !valid_symbols[IN_PAYLOAD])) {
            lexer->result_symbol = DOC_COMMENT;
        }
    }
    to_line_end(lexer);
    lexer->mark_end(lexer);
    return true;
}
