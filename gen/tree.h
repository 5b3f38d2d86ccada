/* tree.h -- the generator's own program tree, in the surface syntax of
 * docs/syntax-and-cli.md (syntax) (multi-parameter lambdas, multi-argument
 * applications, printing styles), and its printer.
 *
 * The generator builds this tree and prints it; the property tests
 * (props/) evaluate the tree itself with the big-step evaluator while the
 * machine reads the printed text through the real front end.  Nothing here
 * uses front/: the tree, its printer and the front end's parser are two
 * independent views of one grammar, and property "rt" checks that they
 * agree (parsing the text gives back this tree).
 */
#ifndef CCM_GEN_TREE_H
#define CCM_GEN_TREE_H

#include <stddef.h>
#include <stdint.h>

enum gk {
    GK_VAR = 1,  /* name                                           */
    GK_INT,      /* lit (0 .. INT64_MAX)                           */
    GK_PRIM,     /* l op r    (operands: GK_VAR or GK_INT)         */
    GK_LAM,      /* \ names... -> body     (nnames >= 1)           */
    GK_APP,      /* body names...          (nnames >= 1)           */
    GK_LET,      /* let binds in body      (nbinds >= 1)           */
    GK_CASE,     /* case body of { alts }                          */
    GK_CON,      /* name names...                                  */
    GK_SCC,      /* scc "name" body                                */
    GK_SCCSUB    /* scc_sub "name" body                            */
};

/* Operators, spelled as in the grammar; the index order is the one of
 * front/ast.h's enum ast_op (props/ converts by spelling, not by index). */
enum { GOP_ADD, GOP_SUB, GOP_MUL, GOP_DIV, GOP_MOD, GOP_EQ, GOP_NE, GOP_LT,
       GOP_LE, GOP_GT, GOP_GE, GOP_N };
extern const char *const gen_op_text[GOP_N];

/* Printing styles of one node: none changes the tree the text stands for. */
enum {
    GS_PAREN   = 1 << 0,   /* wrapped in redundant parentheses            */
    GS_COMMENT = 1 << 1,   /* a "-- ..." comment line before it           */
    GS_ZEROS   = 1 << 2,   /* GK_INT: written with leading zeros          */
    GS_TIGHT   = 1 << 3,   /* GK_PRIM: no spaces around the operator      */
    GS_TAB     = 1 << 4,   /* separators are other whitespace: \n \t \r \f \v */
    GS_NOSEMI  = 1 << 5    /* (program) the last ";" omitted              */
};

struct gnode;
struct gbind { char *name; struct gnode *rhs; };
struct galt  { char *con; char **vars; int nvars; struct gnode *body; };  /* con NULL: `_` */

struct gnode {
    enum gk k;
    unsigned style;
    char *name;                  /* VAR, CON, SCC cost centre */
    int64_t lit;                 /* INT */
    int op;                      /* PRIM: GOP_* */
    struct gnode *l, *r;         /* PRIM operands */
    char **names; int nnames;    /* LAM parameters, APP arguments, CON arguments */
    struct gnode *body;          /* LAM / LET / SCC body, APP head, CASE scrutinee */
    struct gbind *binds; int nbinds;
    struct galt *alts; int nalts;
};

struct gtree {
    struct gbind *binds; int nbinds, capbinds;
    unsigned style;              /* GS_NOSEMI */
    void **blocks; size_t nblocks, capblocks;   /* every allocation, freed together */
};

/* Allocation in the tree (zeroed; exits with status 2 when memory runs out). */
void *gtree_alloc(struct gtree *t, size_t n);
char *gtree_str(struct gtree *t, const char *s);
void gtree_free(struct gtree *t);          /* frees t itself too */

/* The program text (malloc'd, NUL-terminated, *len without the NUL). */
char *gtree_print(const struct gtree *t, size_t *len);
/* The same program in the surface language where gen/sugar.h finds a
 * surface form (docs/surface.md): nested arguments and operands, `:`, `[]`,
 * list literals, `if`, equations, `where`, SCC pragmas, block comments. */
char *gtree_print_surface(const struct gtree *t, size_t *len);

#endif
