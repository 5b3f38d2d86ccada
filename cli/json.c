/* json.c -- JSON string escaping (RFC 8259): the two mandatory escapes,
 * short forms for the common controls, \u00XX for the rest.  Bytes >= 0x80
 * pass through: names are valid UTF-8 (the lexer checks strings). */
#include "cli.h"

/* Not `json_string`: that is Jansson's constructor, and a global of that
 * name here would take its place for the whole program (ccm links Jansson). */
void json_put_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"':  fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        case '\b': fputs("\\b", out); break;
        case '\f': fputs("\\f", out); break;
        default:
            if (*p < 0x20 || *p == 0x7F) fprintf(out, "\\u%04x", *p);
            else fputc(*p, out);
        }
    }
    fputc('"', out);
}
