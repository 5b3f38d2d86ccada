/* lexer.h -- program text to tokens (docs/syntax-and-cli.md (syntax)). */
#ifndef CCM_LEXER_H
#define CCM_LEXER_H

#include "front_internal.h"

enum tok_kind {
    T_EOF = 0, T_ERROR,
    T_IDENT, T_CON, T_INT, T_STRING,
    T_LET, T_IN, T_CASE, T_OF, T_SCC, T_SCC_SUB, T_UNDERSCORE,
    T_BACKSLASH, T_ARROW, T_EQUALS, T_SEMI, T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN,
    T_OP,                                 /* a primitive operator; op says which */
    /* the surface language (docs/surface.md) */
    T_IF, T_THEN, T_ELSE, T_WHERE,
    T_COLON, T_COMMA, T_LBRACKET, T_RBRACKET,
    T_PRAGMA_OPEN, T_PRAGMA_CLOSE         /* {-#  #-} */
};

struct token {
    enum tok_kind kind;
    struct ast_pos pos;
    const char *text;     /* IDENT, CON, STRING (interned); ERROR: the message */
    int64_t num;          /* INT */
    enum ast_op op;       /* OP */
};

/* Tokenize all of text.  Always ends the array with T_EOF, or with T_ERROR
 * at the first lexical error (its text is the message).  Returns the
 * number of tokens, or -1 if out of memory. */
long lex_all(struct ast_arena *arena, const char *text, size_t len, struct token **out);

/* Is s a keyword (let, in, case, of, scc, scc_sub, _, if, then, else,
 * where), so no name?  (JSON core refuses such names, core_json_read.c.) */
int lex_is_keyword(const char *s);

/* "`->`", "identifier `foo`", "end of file", ... for diagnostics. */
void token_describe(const struct token *t, char *buf, size_t cap);

#endif
