/* ccm_code.h -- well-formed code arrays: the logic twin of ccm_code_ok. */
#ifndef CCM_ACSL_CODE_H
#define CCM_ACSL_CODE_H
#include "ccm_state.h"

/*@
  // `count` consecutive nodes of `kind` from `first`, inside the array
  predicate run_of{L}(struct ccm_node *code, integer ncode, integer first, integer count, integer kind) =
    count >= 0 && first >= 0 && first + count <= ncode &&
    \forall integer k; first <= k < first + count ==> code[k].kind == kind;

  predicate operand_ok{L}(struct ccm_node *code, integer ncode, integer i) =
    0 <= i < ncode && (code[i].kind == CCM_VAR || code[i].kind == CCM_LIT);

  predicate node_ok{L}(struct ccm_node *code, integer ncode, integer ncc, integer i) =
    \let n = code[i];
    CCM_LAM <= n.kind <= CCM_INTVAL &&
    (n.kind == CCM_LAM  ==> 0 <= n.a < ncode) &&
    (n.kind == CCM_APP  ==> 0 <= n.a < ncode) &&
    (n.kind == CCM_LET  ==> n.b >= 1 && run_of(code, ncode, n.a, n.b, CCM_BIND) && 0 <= n.c < ncode) &&
    (n.kind == CCM_BIND ==> 0 <= n.a < ncode) &&
    (n.kind == CCM_CON  ==> n.a >= 0 && n.b >= 0 && (n.b == 0 || run_of(code, ncode, n.c, n.b, CCM_ARG))) &&
    (n.kind == CCM_CASE ==> 0 <= n.a < ncode && n.c >= 1 && run_of(code, ncode, n.b, n.c, CCM_ALT) &&
                            \forall integer k; n.b <= k < n.b + n.c - 1 ==> code[k].a != CCM_DEFAULT_TAG) &&
    (n.kind == CCM_ALT  ==> (n.a >= 0 || n.a == CCM_DEFAULT_TAG) && n.b >= 0 &&
                            (n.a != CCM_DEFAULT_TAG || n.b == 0) && 0 <= n.c < ncode) &&
    ((n.kind == CCM_SCC || n.kind == CCM_SCC_SUB) ==> 0 <= n.a < ncc && 0 <= n.b < ncode) &&
    (n.kind == CCM_PRIM ==> 0 <= n.a < CCM_NOPS && operand_ok(code, ncode, n.b) && operand_ok(code, ncode, n.c)) &&
    (n.kind == CCM_INTVAL ==> i == CCM_NODE_INTVAL);

  predicate reserved_ok{L}(struct ccm_node *code) =
    code[CCM_NODE_INTVAL].kind == CCM_INTVAL &&
    code[CCM_NODE_TRUE].kind == CCM_CON && code[CCM_NODE_TRUE].a == CCM_TAG_TRUE && code[CCM_NODE_TRUE].b == 0 &&
    code[CCM_NODE_FALSE].kind == CCM_CON && code[CCM_NODE_FALSE].a == CCM_TAG_FALSE && code[CCM_NODE_FALSE].b == 0;

  predicate code_wf{L}(struct ccm_node *code, integer ncode, integer ncc) =
    CCM_NODE_FIRST <= ncode <= CCM_MAX_CODE && 1 <= ncc <= CCM_MAX_CC &&
    reserved_ok(code) &&
    \forall integer i; 0 <= i < ncode ==> node_ok(code, ncode, ncc, i);

  // ---- code_wf is a property of the nodes' fields alone ----
  // In an axiomatic block of their own: WP puts these lemmas into the
  // context of a goal only if the goal uses code_same (or config_same,
  // acsl/ccm_wf.h); anywhere else they would only distract the provers.
  axiomatic CodeFrame {
    // the fields code_wf reads, equal in states A and B for every node:
    // one quantifier per field, each with its own trigger
    predicate code_same{A,B}(struct ccm_node *code, integer ncode) =
      (\forall integer i; 0 <= i < ncode ==> \at(code[i].kind, A) == \at(code[i].kind, B)) &&
      (\forall integer i; 0 <= i < ncode ==> \at(code[i].a, A) == \at(code[i].a, B)) &&
      (\forall integer i; 0 <= i < ncode ==> \at(code[i].b, A) == \at(code[i].b, B)) &&
      (\forall integer i; 0 <= i < ncode ==> \at(code[i].c, A) == \at(code[i].c, B)) &&
      // .lit too: node_ok loads whole nodes (\let n = code[i]), so it reads
      // the 64-bit memory as well, and a frame lemma must relate both
      (\forall integer i; 0 <= i < ncode ==> \at(code[i].lit, A) == \at(code[i].lit, B));

    // so a state that keeps the nodes keeps code_wf (proven by WP, bottom up)
    lemma run_of_frame{A,B}: \forall struct ccm_node *code, integer ncode, first, count, kind;
      code_same{A,B}(code, ncode) ==> run_of{A}(code, ncode, first, count, kind) ==>
      run_of{B}(code, ncode, first, count, kind);
    lemma operand_ok_frame{A,B}: \forall struct ccm_node *code, integer ncode, i;
      code_same{A,B}(code, ncode) ==> operand_ok{A}(code, ncode, i) ==> operand_ok{B}(code, ncode, i);
    // (stated per node, under the one fact code_same, so that a prover
    // instantiates it from any node_ok term of either state)
    lemma node_ok_frame{A,B}: \forall struct ccm_node *code, integer ncode;
      code_same{A,B}(code, ncode) ==> \forall integer ncc, i; 0 <= i < ncode ==>
      (node_ok{A}(code, ncode, ncc, i) <==> node_ok{B}(code, ncode, ncc, i));
    lemma reserved_ok_frame{A,B}: \forall struct ccm_node *code, integer ncode;
      CCM_NODE_FIRST <= ncode ==> code_same{A,B}(code, ncode) ==> reserved_ok{A}(code) ==> reserved_ok{B}(code);
    lemma code_wf_frame{A,B}: \forall struct ccm_node *code, integer ncode, ncc;
      code_same{A,B}(code, ncode) ==> code_wf{A}(code, ncode, ncc) ==> code_wf{B}(code, ncode, ncc);
  }

*/
#endif
