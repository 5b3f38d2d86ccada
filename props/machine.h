/* machine.h -- driving the kernel (kernel/ccm.h) straight from the loader's
 * image, on arrays owned here and reused from program to program, with an
 * optional record of what each transition did (for properties 2b and 3). */
#ifndef CCM_PROPS_MACHINE_H
#define CCM_PROPS_MACHINE_H

#include <stdint.h>
#include "../kernel/ccm.h"
#include "../front/front.h"

struct mrun_event { uint64_t step; int32_t rule; int32_t addr; };

/* One early force of a schedule: before transition number `step` (i.e.
 * when m.steps == step) fire the force row on heap address `addr`. */
struct mforce { uint64_t step; int32_t addr; };

struct mrun {
    struct ccm_machine m;
    int status;
    uint64_t rule_count[CCM_NRULES];
    uint64_t let_h;                 /* sum of n over let transitions */
    /* with recording on: */
    int record;
    struct mrun_event *ev; size_t nev, evcap;   /* var1/var2/var3/force with the address */
    /* per heap address: step it was allocated, first forced (var2/force), updated (var3) */
    uint64_t *alloc_at, *start_at, *end_at; int32_t addr_cap;
    /* capacities: the arrays' sizes, and limits a run may set below them
     * (0 = the full size) to check the kernel's resource errors */
    int32_t full_heap, full_cells, full_stack;
    int32_t lim_heap, lim_cells, lim_stack;
    int32_t peak_stack;             /* deepest stack of the last run */
};

void mrun_init(struct mrun *r, int32_t heap_cap, int32_t cell_cap, int32_t stack_cap);
void mrun_free(struct mrun *r);

/* Run the program to the end.  forces: the early-force schedule (sorted by
 * step), or NULL.  Returns the final status (CCM_VALUE or an error); a force
 * the kernel refuses gives CCM_ERR_BAD_CODE. */
int mrun_run(struct mrun *r, const struct front_image *img, int rules, int scoping,
             int order, uint64_t max_steps, const struct mforce *forces, int nforces);

#define MRUN_NEVER UINT64_MAX

#endif
