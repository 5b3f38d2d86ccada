/* options.c -- the one place outside the kernel where an option is
 * defaulted, range-checked, clamped, parsed and named: every function here
 * reads the rows of options_table.h.  (The kernel checks the options again
 * in ccm_init and bounds max_steps itself: its own proven safety net.) */
#include <stdio.h>
#include <string.h>
#include "options.h"

/* A row's value k is the kernel's enum value k: the names are in that order. */
_Static_assert(CCM_RULES_FIG6 == 0 && CCM_RULES_FIG2 == 1, "rules names in kernel order");
_Static_assert(CCM_LEXICAL == 0 && CCM_EVALUATION == 1 && CCM_CALL_GHC == 2, "scoping names in kernel order");
_Static_assert(CCM_LEFT_TO_RIGHT == 0 && CCM_RIGHT_TO_LEFT == 1, "order names in kernel order");
_Static_assert(CCM_PUSH_SINGLE == 0 && CCM_PUSH_APPEND == 1 && CCM_PUSH_GHC == 2, "push names in kernel order");
_Static_assert(CCM_NOPTIONS <= 32, "one bit of ccm_options.given per row");

#define NAMES(...)  { __VA_ARGS__, NULL }
#define WORDS(...)  { __VA_ARGS__, NULL }
#define CNAMES(...) { __VA_ARGS__, NULL }
#define NONE        { NULL }

#define LISTS(field, kind, flag, key, metavar, names, words, cnames, ...) \
    static const char *const field##_names[] = names;                      \
    static const char *const field##_words[] = words;                      \
    static const char *const field##_cnames[] = cnames;
CCM_OPTIONS_TABLE(LISTS)
#undef LISTS

static const struct ccm_option_info rows[CCM_NOPTIONS] = {
#define ROW(field, kind, flag, key, metavar, names, words, cnames, lo, hi, def, mfield, help) \
    { #field, CCM_OPTION_##kind, flag, key, metavar, field##_names, field##_words, field##_cnames, \
      (uint64_t)(lo), (uint64_t)(hi), (uint64_t)(def), help },
    CCM_OPTIONS_TABLE(ROW)
#undef ROW
};

int ccm_option_count(void) { return CCM_NOPTIONS; }

const struct ccm_option_info *ccm_option_info(int k)
{
    return k >= 0 && k < CCM_NOPTIONS ? &rows[k] : NULL;
}

int ccm_option_find(const char *name)
{
    for (int k = 0; name && k < CCM_NOPTIONS; k++)
        if (strcmp(name, rows[k].key) == 0 || strcmp(name, rows[k].flag) == 0) return k;
    return -1;
}

size_t ccm_options_size(void) { return sizeof(struct ccm_options); }

/* A field as a number: a negative int (a bad enum, a budget meaning "the
 * default") reads as 0 for budgets and as itself wrapped for enums, which
 * no name matches. */
uint64_t ccm_option_get(const struct ccm_options *o, int k)
{
    switch (k) {
#define GET(field, ...) case CCM_OPT_##field: return (uint64_t)o->field;
    CCM_OPTIONS_TABLE(GET)
#undef GET
    }
    return 0;
}

static void put(struct ccm_options *o, int k, uint64_t v)
{
    switch (k) {
#define PUT(field, ...) case CCM_OPT_##field: o->field = v; break;
    CCM_OPTIONS_TABLE(PUT)
#undef PUT
    }
}

void ccm_options_default(struct ccm_options *o)
{
    memset(o, 0, sizeof *o);
    for (int k = 0; k < CCM_NOPTIONS; k++) put(o, k, rows[k].def);
}

int ccm_option_set(struct ccm_options *o, int k, uint64_t v)
{
    if (k < 0 || k >= CCM_NOPTIONS || v < rows[k].lo || v > rows[k].hi) return -1;
    put(o, k, v);
    o->given |= 1u << k;
    return 0;
}

/* The struct a session runs with: the given one with every budget that is
 * 0 and not given (or negative) at its default, and every budget within
 * its row's range -- the one clamp outside the kernel.  Enums are copied:
 * options_refusal says when one names no value. */
void options_normalise(struct ccm_options *o, const struct ccm_options *given)
{
    ccm_options_default(o);
    if (!given) return;
    for (int k = 0; k < CCM_NOPTIONS; k++) {
        const struct ccm_option_info *r = &rows[k];
        uint64_t v = ccm_option_get(given, k);
        if (r->kind == CCM_OPTION_BUDGET) {
            int negative = v > INT64_MAX && r->hi <= INT32_MAX;     /* an int32_t below 0 */
            if (negative || (v == 0 && !(given->given >> k & 1))) v = r->def;
            if (v < r->lo) v = r->lo;
            if (v > r->hi) v = r->hi;
        }
        put(o, k, v);
    }
    o->given = given->given;
}

/* The refusal of a struct's enum that names no value, in the C API's words
 * ("bad option: rules must be CCM_RULES_FIG6 or CCM_RULES_FIG2"); NULL if
 * every enum names one.  (ccm_init would refuse it too; the kernel's fields
 * are uint8_t, so 256 would not even reach it intact.) */
const char *options_refusal(const struct ccm_options *o, char *buf, size_t cap)
{
    for (int k = 0; k < CCM_NOPTIONS; k++) {
        const struct ccm_option_info *r = &rows[k];
        if (r->kind != CCM_OPTION_ENUM || ccm_option_value_name(k, ccm_option_get(o, k), 0)) continue;
        size_t n = (size_t)snprintf(buf, cap, "bad option: %s must be ", r->key);
        for (int i = 0; r->cnames[i] && n < cap; i++)
            n += (size_t)snprintf(buf + n, cap - n, "%s%s", i == 0 ? "" : r->cnames[i + 1] ? ", " : " or ",
                                  r->cnames[i]);
        return buf;
    }
    return NULL;
}

const char *ccm_option_value_name(int k, uint64_t v, int words)
{
    if (k < 0 || k >= CCM_NOPTIONS || rows[k].kind != CCM_OPTION_ENUM || v > rows[k].hi) return NULL;
    return (words ? rows[k].words : rows[k].names)[v];
}

/* A bound as people write it: 2^48 for a power of two from 2^10 up. */
static int bound_text(uint64_t v, char *buf, size_t cap)
{
    if (v >= 1024 && (v & (v - 1)) == 0) {
        int e = 0;
        while (v >> e != 1) e++;
        return snprintf(buf, cap, "2^%d", e);
    }
    return snprintf(buf, cap, "%llu", (unsigned long long)v);
}

/* The accepted values: "0 to 2^48", or the names joined ("a or b", "a, b or c"),
 * each between quote and quote. */
static const char *range_quoted(int k, const char *quote, char *buf, size_t cap)
{
    const struct ccm_option_info *r = &rows[k];
    size_t n = 0;
    if (r->kind == CCM_OPTION_BUDGET) {
        n = (size_t)bound_text(r->lo, buf, cap);
        if (n < cap) n += (size_t)snprintf(buf + n, cap - n, " to ");
        if (n < cap) bound_text(r->hi, buf + n, cap - n);
        return buf;
    }
    buf[0] = '\0';
    for (int i = 0; r->names[i] && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s%s%s", i == 0 ? "" : r->names[i + 1] ? ", " : " or ",
                              quote, r->names[i], quote);
    return buf;
}

const char *ccm_option_range_text(int k, char *buf, size_t cap)
{
    if (!buf || !cap) return buf;
    if (k < 0 || k >= CCM_NOPTIONS) { buf[0] = '\0'; return buf; }
    return range_quoted(k, "", buf, cap);
}

/* Decimal digits only (no sign, no space), at most 2^64 - 1; 0 on success. */
static int digits(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;
    if (len == 0) return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* Option k from a name (ENUM) or a number (BUDGET); 0, or -1 if it names
 * no value, is no number or is out of range. */
static int set_from(struct ccm_options *o, int k, const char *name, size_t len, int is_number)
{
    const struct ccm_option_info *r = &rows[k];
    uint64_t v;
    if (r->kind == CCM_OPTION_BUDGET) {
        if (!is_number || digits(name, len, &v) != 0) return -1;
        return ccm_option_set(o, k, v);
    }
    if (is_number) return -1;
    for (v = 0; r->names[v]; v++)
        if (strlen(r->names[v]) == len && memcmp(r->names[v], name, len) == 0) return ccm_option_set(o, k, v);
    return -1;
}

int ccm_option_arg(struct ccm_options *o, int k, const char *text, char *err, size_t cap)
{
    if (k < 0 || k >= CCM_NOPTIONS) { snprintf(err, cap, "no option %d", k); return -1; }
    const struct ccm_option_info *r = &rows[k];
    if (text && set_from(o, k, text, strlen(text), r->kind == CCM_OPTION_BUDGET) == 0) return 0;
    char range[128];
    range_quoted(k, "", range, sizeof range);
    snprintf(err, cap, "%s takes %s%s, not `%s`", r->flag, r->kind == CCM_OPTION_BUDGET ? "a number from " : "",
             range, text ? text : "");
    return -1;
}

int ccm_option_json(struct ccm_options *o, const char *key, const char *json, char *err, size_t cap)
{
    int k = -1;
    for (int i = 0; key && i < CCM_NOPTIONS; i++)
        if (strcmp(key, rows[i].key) == 0) k = i;
    if (k < 0) { snprintf(err, cap, "unknown option \"%s\"", key ? key : ""); return -1; }
    size_t len = json ? strlen(json) : 0;
    /* a JSON string: no name holds a backslash, so an escaped string names none */
    if (len >= 2 && json[0] == '"' && json[len - 1] == '"' && !memchr(json, '\\', len)) {
        if (set_from(o, k, json + 1, len - 2, 0) == 0) return 0;
    } else if (len > 0 && json[0] != '-' && set_from(o, k, json, len, 1) == 0) {
        return 0;
    }
    const struct ccm_option_info *r = &rows[k];
    char range[128];
    range_quoted(k, "\"", range, sizeof range);
    snprintf(err, cap, "option \"%s\" takes %s%s", r->key, r->kind == CCM_OPTION_BUDGET ? "an integer from " : "",
             range);
    return -1;
}

/* ---- the table as JSON ------------------------------------------------- */

struct out { char *buf; size_t cap, len; };

static void emit(struct out *w, const char *s)
{
    for (; *s; s++, w->len++)
        if (w->len + 1 < w->cap) w->buf[w->len] = *s;
}

static void emit_string(struct out *w, const char *s)
{
    emit(w, "\"");
    for (; *s; s++) {
        char c[3] = { *s, 0, 0 };
        if (*s == '"' || *s == '\\') { c[0] = '\\'; c[1] = *s; }
        emit(w, c);
    }
    emit(w, "\"");
}

static void emit_number(struct out *w, uint64_t v)
{
    char n[24];
    snprintf(n, sizeof n, "%llu", (unsigned long long)v);
    emit(w, n);
}

size_t ccm_options_table_json(char *buf, size_t cap)
{
    struct out w = { buf, buf ? cap : 0, 0 };
    emit(&w, "[");
    for (int k = 0; k < CCM_NOPTIONS; k++) {
        const struct ccm_option_info *r = &rows[k];
        emit(&w, k ? ",{\"key\":" : "{\"key\":");
        emit_string(&w, r->key);
        emit(&w, ",\"flag\":");
        emit_string(&w, r->flag);
        if (r->kind == CCM_OPTION_ENUM) {
            emit(&w, ",\"kind\":\"enum\",\"values\":[");
            for (int i = 0; r->names[i]; i++) {
                if (i) emit(&w, ",");
                emit_string(&w, r->names[i]);
            }
            emit(&w, "],\"default\":");
            emit_string(&w, r->names[r->def]);
        } else {
            emit(&w, ",\"kind\":\"budget\",\"min\":");
            emit_number(&w, r->lo);
            emit(&w, ",\"max\":");
            emit_number(&w, r->hi);
            emit(&w, ",\"default\":");
            emit_number(&w, r->def);
        }
        emit(&w, ",\"help\":");
        emit_string(&w, r->help);
        emit(&w, "}");
    }
    emit(&w, "]");
    if (w.cap) w.buf[w.len < w.cap ? w.len : w.cap - 1] = '\0';
    return w.len;
}
