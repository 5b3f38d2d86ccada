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
    // (field by field, not \let n = code[i]: loading the whole node would
    // make node_ok read the 64-bit memory of .lit too, which it never uses)
    \let kind = code[i].kind; \let a = code[i].a; \let b = code[i].b; \let c = code[i].c;
    CCM_LAM <= kind <= CCM_INTVAL &&
    (kind == CCM_LAM  ==> 0 <= a < ncode) &&
    (kind == CCM_APP  ==> 0 <= a < ncode) &&
    (kind == CCM_LET  ==> b >= 1 && run_of(code, ncode, a, b, CCM_BIND) && 0 <= c < ncode) &&
    (kind == CCM_BIND ==> 0 <= a < ncode) &&
    (kind == CCM_CON  ==> a >= 0 && b >= 0 && (b == 0 || run_of(code, ncode, c, b, CCM_ARG))) &&
    (kind == CCM_CASE ==> c >= 1 && run_of(code, ncode, b, c, CCM_ALT) &&
                            \forall integer k; b <= k < b + c - 1 ==> code[k].a != CCM_DEFAULT_TAG) &&
    (kind == CCM_ALT  ==> (a >= 0 || a == CCM_DEFAULT_TAG) && b >= 0 &&
                            (a != CCM_DEFAULT_TAG || b == 0) && 0 <= c < ncode) &&
    ((kind == CCM_SCC || kind == CCM_SCC_SUB) ==> 0 <= a < ncc && 0 <= b < ncode) &&
    (kind == CCM_PRIM ==> 0 <= a < CCM_NOPS && operand_ok(code, ncode, b) && operand_ok(code, ncode, c)) &&
    (kind == CCM_INTVAL ==> i == CCM_NODE_INTVAL);

  predicate reserved_ok{L}(struct ccm_node *code) =
    code[CCM_NODE_INTVAL].kind == CCM_INTVAL &&
    code[CCM_NODE_TRUE].kind == CCM_CON && code[CCM_NODE_TRUE].a == CCM_TAG_TRUE && code[CCM_NODE_TRUE].b == 0 &&
    code[CCM_NODE_FALSE].kind == CCM_CON && code[CCM_NODE_FALSE].a == CCM_TAG_FALSE && code[CCM_NODE_FALSE].b == 0;

  predicate nodes_ok{L}(struct ccm_node *code, integer ncode, integer ncc) =
    \forall integer i; 0 <= i < ncode ==> node_ok(code, ncode, ncc, i);

  predicate code_wf{L}(struct ccm_node *code, integer ncode, integer ncc) =
    CCM_NODE_FIRST <= ncode <= CCM_MAX_CODE && 1 <= ncc <= CCM_MAX_CC &&
    reserved_ok(code) && nodes_ok(code, ncode, ncc);

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
      (\forall integer i; 0 <= i < ncode ==> \at(code[i].c, A) == \at(code[i].c, B));

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
    lemma nodes_ok_frame{A,B}: \forall struct ccm_node *code, integer ncode, ncc;
      code_same{A,B}(code, ncode) ==> nodes_ok{A}(code, ncode, ncc) ==> nodes_ok{B}(code, ncode, ncc);
    lemma code_wf_frame{A,B}: \forall struct ccm_node *code, integer ncode, ncc;
      code_same{A,B}(code, ncode) ==> code_wf{A}(code, ncode, ncc) ==> code_wf{B}(code, ncode, ncc);
  }
*/
#endif
