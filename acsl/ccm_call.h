/* ccm_call.h -- what the ghc call policy reads of the stack table
 * (kernel/stack_call.c; docs/stacks.md section 4): Sa ++> Sλ pushes onto
 * Sa, root side first, the nodes of Sλ's path above the two paths' longest
 * common prefix, each with the run's push policy; with no common prefix,
 * Sλ's root is not pushed when its cost centre is MAIN, SUB or a CAF.
 * app2 counts those nodes (call_count); each call transition pushes one
 * (Step_Call, acsl/ccm_rows.h). */
#ifndef CCM_ACSL_CALL_H
#define CCM_ACSL_CALL_H
#include "ccm_stacks.h"

/*@
  // the node k steps from s towards its root: s itself for k = 0, -1 once
  // past the root.  Recursive on k, so that one more step is one unfolding.
  logic integer stk_anc{L}(struct ccm_machine *m, integer s, integer k) =
    k <= 0 ? s :
    (stk_anc(m, s, k - 1) < 0 ? -1 : m->stk.node[stk_anc(m, s, k - 1)].up - 1);

  // s's path has d nodes: d steps from s are nodes in use, the d-th is
  // past the root
  predicate stk_path_len{L}(struct ccm_machine *m, integer s, integer d) =
    1 <= d && stk_anc(m, s, d) == -1 &&
    \forall integer j; 0 <= j < d ==> in_cc(m, stk_anc(m, s, j));

  // the paths of sa (da nodes) and sl (dl nodes) share their first h nodes
  // (counted from the roots) and no more: the node h levels up from the
  // roots is one node on both (past both roots for h = 0), and the node a
  // level higher, where both paths have one, is not (in a tree, paths that
  // part never meet again, so this is their longest common prefix)
  predicate stk_common{L}(struct ccm_machine *m, integer sa, integer da, integer sl, integer dl, integer h) =
    0 <= h <= da && h <= dl &&
    stk_anc(m, sa, da - h) == stk_anc(m, sl, dl - h) &&
    (h < da && h < dl ==> stk_anc(m, sa, da - h - 1) != stk_anc(m, sl, dl - h - 1));

  // how many nodes of sl's path (from sl down) the call pushes: those above
  // the common prefix, but the root when there is none and its cost centre
  // is MAIN, SUB or a CAF
  logic integer call_count{L}(struct ccm_machine *m, integer sl, integer dl, integer h) =
    \let c = m->stk.node[stk_anc(m, sl, dl - 1)].cc;
    (h == 0 && (c == CCM_CC_MAIN || m->cc_kind[c] != CCM_CC_PLAIN)) ? dl - 1 : dl - h;

  // n is the number of nodes the ghc call from sa to sl pushes
  predicate call_counted{L}(struct ccm_machine *m, integer sa, integer sl, integer n) =
    \exists integer da, dl, h; stk_path_len(m, sa, da) && stk_path_len(m, sl, dl) &&
      stk_common(m, sa, da, sl, dl, h) && n == call_count(m, sl, dl, h);

*/
#endif
