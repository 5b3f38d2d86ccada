/* check_internal.h -- what the property files of check.c share: the
 * checker's state, budgets, and small helpers.  Not a public interface. */
#ifndef CCM_PROPS_CHECK_INTERNAL_H
#define CCM_PROPS_CHECK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "bigstep.h"
#include "canon.h"
#include "check.h"
#include "machine.h"
#include "../front/front.h"

#define MAX_STEPS   2000000u
#define MAX_DEPTH   400000
#define HEAP_CAP    (1 << 20)
#define CELL_CAP    (1 << 21)
#define STACK_CAP   (1 << 18)
#define NFORCES     3          /* early forces added one by one per configuration */

extern const char *const counter_name[CCM_NCOUNTERS];

/* What a finished machine run leaves, kept for comparing runs. */
struct snap {
    int status;
    uint64_t steps;
    int32_t ccc;
    uint64_t *costs; size_t ncost;
    struct canon_buf canon;
};

struct checker {
    struct bs *bs;
    struct bs *sbs[3];            /* stacks: the flat run, left to right, right to left */
    struct mrun run[2];           /* alternating: run k recorded, run k+1 */
    struct canon_buf cb, cm;
    struct snap plain;
    uint64_t rng;                 /* property 2b's choices */
    uint64_t rng_budget;          /* the budget sub-check's choices */
    /* scratch for property 2b */
    uint8_t *mark; int32_t *work; int32_t markcap;
};

/* Record the first failure in v (later ones are ignored). */
void fail(struct verdict *v, const char *prop, const char *how, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
uint64_t next_rand(uint64_t *s);
int is_resource(int status);
int bs_to_ccm(int bs_status);          /* the machine status a big-step status stands for */
/* "fig6/lexical/ltr", in the names of the options table (check.c) */
void cfg_name(char *buf, size_t n, int rules, int scoping, int order);

/* prop_theta.c -- property 3 and the resource limits */
void check_theta(const struct mrun *r, const struct front_image *img, const char *cfg,
                 struct verdict *v);
void check_exact(struct checker *C, const struct front_image *img, int rules, int scoping,
                 const char *cfg, int want, uint64_t steps, int32_t peak_stack,
                 int32_t heap_used, int32_t cells_used, struct verdict *v);
void check_limits(struct checker *C, const struct front_image *img, const struct ast_program *bsp,
                  int rules, int scoping,
                  const char *cfg, int32_t peak_stack, int32_t heap_used, int32_t cells_used,
                  struct verdict *v);

/* prop_equiv.c -- property 1 */
void compare_costs_bs(const struct mrun *r, const struct front_image *img, const struct bs *S,
                      const char *cfg, struct verdict *v);
int compare_p1(struct checker *C, const struct mrun *r, const struct front_image *img,
               const struct bs_result *b, const char *cfg, struct verdict *v);
void check_session(struct checker *C, const char *text, size_t len, int rules, int scoping,
                   const struct bs_result *b, const struct mrun *r, const char *cfg,
                   uint64_t max_steps, struct verdict *v);

/* prop_gc.c -- the collector changes no report (one configuration per
 * program, chosen by the program's hash) */
void check_gc(struct checker *C, const char *text, size_t len, const struct front_image *img,
              struct verdict *v);

/* prop_edge.c -- the step budget at its edge (after take_snap of the plain run) */
void check_edge(struct checker *C, const struct front_image *img, const struct ast_program *bsp,
                const char *text, size_t len, int rules, int scoping, const char *cfg,
                int session, struct verdict *v);

/* prop_order.c -- property 2 */
void take_snap(struct snap *s, const struct mrun *r, const struct front_image *img);
void compare_snap(struct checker *C, const struct snap *p, const struct mrun *r,
                  const struct front_image *img, uint64_t extra, const char *prop,
                  const char *cfg, const char *what, struct verdict *v);
void check_p2b(struct checker *C, const struct front_image *img, int rules, int scoping,
               const char *cfg, unsigned mask, struct verdict *v);

#endif
