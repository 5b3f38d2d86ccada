/* ccm_stacks.h -- the cost-centre stack table (kernel/ccm.h, struct
 * ccm_stacks): its well-formedness, what ghc's push cuts back to, and what
 * a push does to the table (kernel/stacks.c; docs/stacks.md section 3). */
#ifndef CCM_ACSL_STACKS_H
#define CCM_ACSL_STACKS_H
#include "ccm_state.h"

/*@
  // the roots (one per cost centre) are in use; the index has a free slot
  predicate stk_sizes{L}(struct ccm_machine *m) =
    1 <= m->ncc <= m->stk.len <= m->stk.cap <= CCM_MAX_NODES &&
    m->stk.cap < m->stk.nslot <= CCM_MAX_SLOTS;

  // node c < ncc is the root <c>; every later node in use has an earlier
  // parent and a cost centre: so the nodes form a forest, each path to a
  // root finite
  predicate stk_nodes_ok{L}(struct ccm_machine *m) =
    (\forall integer s; 0 <= s < m->ncc ==> m->stk.node[s].up == 0 && m->stk.node[s].cc == s) &&
    (\forall integer s; m->ncc <= s < m->stk.len ==>
       1 <= m->stk.node[s].up <= s && 0 <= m->stk.node[s].cc < m->ncc);

  // every slot of the index is free or names a node in use
  predicate stk_index_ok{L}(struct ccm_machine *m) =
    \forall integer i; 0 <= i < m->stk.nslot ==> m->stk.slot[i] <= m->stk.len;

  predicate stk_ok{L}(struct ccm_machine *m) = stk_nodes_ok(m) && stk_index_ok(m);

  // node s is in use and its top cost centre is one of the program's
  // (what SUB and SUBCAF read)
  predicate snode_ok{L}(struct ccm_machine *m, integer s) =
    in_cc(m, s) && 0 <= m->stk.node[s].cc < m->ncc;

  // push ghc: the nearest node on the path from s to its root whose cost
  // centre is l (s itself if its top is l), or -1.  Tail-recursive, so a
  // consistent definition; on a table with stk_nodes_ok every path ends.
  logic integer ghc_cut{L}(struct ccm_machine *m, integer s, integer l) =
    m->stk.node[s].cc == l ? s :
    (m->stk.node[s].up == 0 ? -1 : ghc_cut(m, m->stk.node[s].up - 1, l));

  // the table from A to B: no node changed, none added
  predicate stk_same{A,B}(struct ccm_machine *m) =
    \at(m->stk.len, B) == \at(m->stk.len, A) &&
    \forall integer s; 0 <= s < \at(m->stk.len, A) ==>
      \at(m->stk.node[s].up, B) == \at(m->stk.node[s].up, A) &&
      \at(m->stk.node[s].cc, B) == \at(m->stk.node[s].cc, A);

  // r is the node (parent, l): found, or added as the next node; no other
  // node changed
  predicate stk_interned{A,B}(struct ccm_machine *m, integer parent, integer l, integer r) =
    0 <= r < \at(m->stk.len, B) &&
    \at(m->stk.node[r].up, B) == parent + 1 && \at(m->stk.node[r].cc, B) == l &&
    (\at(m->stk.len, B) == \at(m->stk.len, A) ||
     (\at(m->stk.len, B) == \at(m->stk.len, A) + 1 && r == \at(m->stk.len, A))) &&
    \forall integer s; 0 <= s < \at(m->stk.len, A) ==>
      \at(m->stk.node[s].up, B) == \at(m->stk.node[s].up, A) &&
      \at(m->stk.node[s].cc, B) == \at(m->stk.node[s].cc, A);

  // r is push(l, s) under the run's push policy (docs/stacks.md section 3):
  // single <l>; append s.l; ghc s cut back to l if l is on it, else s.l
  predicate pushed{A,B}(struct ccm_machine *m, integer l, integer s, integer r) =
    \let p = \at(m->push, A); \let cut = ghc_cut{A}(m, s, l);
    (p == CCM_PUSH_SINGLE ==> r == l && stk_same{A,B}(m)) &&
    (p == CCM_PUSH_GHC && cut >= 0 ==> r == cut && stk_same{A,B}(m)) &&
    (p == CCM_PUSH_APPEND || (p == CCM_PUSH_GHC && cut < 0) ==> stk_interned{A,B}(m, s, l, r));
*/
#endif
