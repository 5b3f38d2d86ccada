/* lexer.c -- tokens of docs/syntax-and-cli.md (syntax).  Columns count bytes from 1
 * (a tab is one column).  Any byte sequence is accepted as input: what is
 * not a token becomes a located error token, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lexer.h"

struct lexer {
    struct ast_arena *arena;
    const char *s;
    size_t len, i;
    int line, col;
    struct token *toks;
    long n, cap;
    char msg[160];
};

static int is_lower(int c) { return (c >= 'a' && c <= 'z') || c == '_'; }
static int is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_ident_char(int c) { return is_lower(c) || is_upper(c) || is_digit(c) || c == '\''; }

static int peek(const struct lexer *L, size_t ahead)
{
    return L->i + ahead < L->len ? (unsigned char)L->s[L->i + ahead] : -1;
}

static void advance(struct lexer *L)
{
    if (L->s[L->i] == '\n') { L->line++; L->col = 1; } else L->col++;
    L->i++;
}

static struct token *push(struct lexer *L, enum tok_kind k, struct ast_pos pos)
{
    if (L->n == L->cap) {
        long cap = L->cap ? L->cap * 2 : 1024;
        struct token *t = realloc(L->toks, (size_t)cap * sizeof *t);
        if (!t) return NULL;
        L->toks = t;
        L->cap = cap;
    }
    struct token *t = &L->toks[L->n++];
    memset(t, 0, sizeof *t);
    t->kind = k;
    t->pos = pos;
    return t;
}

/* Length of a valid UTF-8 sequence starting at s[0], or 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t avail)
{
    unsigned c = s[0];
    size_t n;
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; min = 0x80; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; min = 0x800; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; min = 0x10000; }
    else return 0;
    if (avail < n) return 0;
    unsigned cp = c & (0xFF >> (n + 1));
    for (size_t k = 1; k < n; k++) {
        if ((s[k] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

/* Returns 0, or -1 with L->msg set (error at pos). */
static int lex_string(struct lexer *L, struct token *t)
{
    advance(L);                                   /* opening quote */
    size_t start = L->i;
    for (;;) {
        int c = peek(L, 0);
        if (c < 0 || c == '\n') {
            snprintf(L->msg, sizeof L->msg, "unterminated string (a string ends with `\"` on the same line)");
            return -1;
        }
        if (c == '"') break;
        if (c == 0) {
            snprintf(L->msg, sizeof L->msg, "NUL byte in string");
            return -1;
        }
        size_t n = utf8_len((const unsigned char *)L->s + L->i, L->len - L->i);
        if (n == 0) {
            snprintf(L->msg, sizeof L->msg, "invalid UTF-8 in string (byte 0x%02X)", (unsigned)c);
            return -1;
        }
        for (size_t k = 0; k < n; k++) advance(L);
    }
    t->text = arena_intern(L->arena, L->s + start, L->i - start);
    advance(L);                                   /* closing quote */
    return t->text ? 0 : -2;
}

static int lex_int(struct lexer *L, struct token *t)
{
    uint64_t v = 0;
    int overflow = 0;
    while (is_digit(peek(L, 0))) {
        unsigned d = (unsigned)(peek(L, 0) - '0');
        if (v > ((uint64_t)INT64_MAX - d) / 10) overflow = 1; else v = v * 10 + d;
        advance(L);
    }
    if (overflow) {
        snprintf(L->msg, sizeof L->msg,
                 "integer literal out of 64-bit range (at most 9223372036854775807; write `0 - n` for a negative)");
        return -1;
    }
    t->num = (int64_t)v;
    return 0;
}

static const struct { const char *word; enum tok_kind kind; } keywords[] = {
    { "let", T_LET }, { "in", T_IN }, { "case", T_CASE }, { "of", T_OF },
    { "scc", T_SCC }, { "scc_sub", T_SCC_SUB }, { "_", T_UNDERSCORE },
    { "if", T_IF }, { "then", T_THEN }, { "else", T_ELSE }, { "where", T_WHERE },
};

int lex_is_keyword(const char *s)
{
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        if (strcmp(keywords[k].word, s) == 0) return 1;
    return 0;
}

static int lex_word(struct lexer *L, struct token *t)
{
    size_t start = L->i;
    while (L->i < L->len && is_ident_char(peek(L, 0))) advance(L);
    size_t n = L->i - start;
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        if (strlen(keywords[k].word) == n && memcmp(keywords[k].word, L->s + start, n) == 0) {
            t->kind = keywords[k].kind;
            return 0;
        }
    t->text = arena_intern(L->arena, L->s + start, n);
    return t->text ? 0 : -2;
}

/* Symbols, longest first. */
static const struct { const char *sym; enum tok_kind kind; enum ast_op op; } symbols[] = {
    { "{-#", T_PRAGMA_OPEN, 0 }, { "#-}", T_PRAGMA_CLOSE, 0 },
    { "->", T_ARROW, 0 }, { "==", T_OP, AST_EQ }, { "/=", T_OP, AST_NE },
    { "<=", T_OP, AST_LE }, { ">=", T_OP, AST_GE },
    { "\\", T_BACKSLASH, 0 }, { "=", T_EQUALS, 0 }, { ";", T_SEMI, 0 },
    { "{", T_LBRACE, 0 }, { "}", T_RBRACE, 0 }, { "(", T_LPAREN, 0 }, { ")", T_RPAREN, 0 },
    { "+", T_OP, AST_ADD }, { "-", T_OP, AST_SUB }, { "*", T_OP, AST_MUL },
    { "/", T_OP, AST_DIV }, { "%", T_OP, AST_MOD }, { "<", T_OP, AST_LT }, { ">", T_OP, AST_GT },
    { ":", T_COLON, 0 }, { ",", T_COMMA, 0 }, { "[", T_LBRACKET, 0 }, { "]", T_RBRACKET, 0 },
};

static int lex_symbol(struct lexer *L, struct token *t)
{
    for (size_t k = 0; k < sizeof symbols / sizeof symbols[0]; k++) {
        size_t n = strlen(symbols[k].sym);
        if (L->len - L->i >= n && memcmp(symbols[k].sym, L->s + L->i, n) == 0) {
            t->kind = symbols[k].kind;
            t->op = symbols[k].op;
            for (size_t j = 0; j < n; j++) advance(L);
            return 0;
        }
    }
    int c = peek(L, 0);
    if (c > ' ' && c < 127)
        snprintf(L->msg, sizeof L->msg, "unexpected character `%c`", c);
    else
        snprintf(L->msg, sizeof L->msg, "unexpected byte 0x%02X", (unsigned)c);
    return -1;
}

/* A block comment {- ... -} (nesting, as in Haskell) starting at L->i.
 * Returns 0, or -1 with L->msg set when the file ends inside it. */
static int skip_block_comment(struct lexer *L)
{
    long open = 0;
    do {
        if (L->i >= L->len) {
            snprintf(L->msg, sizeof L->msg, "unterminated block comment (`{-` needs a matching `-}`)");
            return -1;
        }
        if (peek(L, 0) == '{' && peek(L, 1) == '-') { open++; advance(L); }
        else if (peek(L, 0) == '-' && peek(L, 1) == '}') { open--; advance(L); }
        advance(L);
    } while (open > 0);
    return 0;
}

/* Returns 0, or -1 with L->msg set (an unterminated block comment, which
 * then starts at *at). */
static int skip_space_and_comments(struct lexer *L, struct ast_pos *at)
{
    for (;;) {
        int c = peek(L, 0);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advance(L);
        } else if (c == '-' && peek(L, 1) == '-') {
            while (L->i < L->len && peek(L, 0) != '\n') advance(L);
        } else if (c == '{' && peek(L, 1) == '-' && peek(L, 2) != '#') {   /* {-# is a pragma */
            at->line = L->line;
            at->col = L->col;
            if (skip_block_comment(L) != 0) return -1;
        } else {
            return 0;
        }
    }
}

long lex_all(struct ast_arena *arena, const char *text, size_t len, struct token **out)
{
    struct lexer L = { .arena = arena, .s = text, .len = len, .line = 1, .col = 1 };
    for (;;) {
        struct ast_pos comment = { 0, 0 };
        int rc = skip_space_and_comments(&L, &comment);
        struct ast_pos pos = { L.line, L.col };
        struct token *t = push(&L, T_EOF, rc == 0 ? pos : comment);
        if (!t) goto oom;
        if (rc == 0 && L.i >= L.len) break;
        int c = peek(&L, 0);
        if (rc != 0) { /* an unterminated comment: its error, below */ }
        else if (c == '"') { t->kind = T_STRING; rc = lex_string(&L, t); }
        else if (is_digit(c)) { t->kind = T_INT; rc = lex_int(&L, t); }
        else if (is_lower(c)) { t->kind = T_IDENT; rc = lex_word(&L, t); }
        else if (is_upper(c)) { t->kind = T_CON; rc = lex_word(&L, t); }
        else rc = lex_symbol(&L, t);
        if (rc == -2) goto oom;
        if (rc < 0) {
            t->kind = T_ERROR;
            t->text = arena_intern(arena, L.msg, strlen(L.msg));
            if (!t->text) goto oom;
            break;
        }
    }
    *out = L.toks;
    return L.n;
oom:
    free(L.toks);
    *out = NULL;
    return -1;
}

void token_describe(const struct token *t, char *buf, size_t cap)
{
    static const char *const fixed[] = {
        [T_EOF] = "end of file", [T_LET] = "`let`", [T_IN] = "`in`", [T_CASE] = "`case`",
        [T_OF] = "`of`", [T_SCC] = "`scc`", [T_SCC_SUB] = "`scc_sub`", [T_UNDERSCORE] = "`_`",
        [T_BACKSLASH] = "`\\`", [T_ARROW] = "`->`", [T_EQUALS] = "`=`", [T_SEMI] = "`;`",
        [T_LBRACE] = "`{`", [T_RBRACE] = "`}`", [T_LPAREN] = "`(`", [T_RPAREN] = "`)`",
        [T_IF] = "`if`", [T_THEN] = "`then`", [T_ELSE] = "`else`", [T_WHERE] = "`where`",
        [T_COLON] = "`:`", [T_COMMA] = "`,`", [T_LBRACKET] = "`[`", [T_RBRACKET] = "`]`",
        [T_PRAGMA_OPEN] = "`{-#`", [T_PRAGMA_CLOSE] = "`#-}`",
    };
    switch (t->kind) {
    case T_IDENT:  snprintf(buf, cap, "variable `%.40s`", t->text); break;
    case T_CON:    snprintf(buf, cap, "constructor `%.40s`", t->text); break;
    case T_INT:    snprintf(buf, cap, "integer `%lld`", (long long)t->num); break;
    case T_STRING: snprintf(buf, cap, "string \"%.40s\"", t->text); break;
    case T_OP:     snprintf(buf, cap, "operator `%s`", ast_op_text(t->op)); break;
    case T_ERROR:  snprintf(buf, cap, "%s", t->text); break;
    default:       snprintf(buf, cap, "%s", fixed[t->kind] ? fixed[t->kind] : "?"); break;
    }
}
