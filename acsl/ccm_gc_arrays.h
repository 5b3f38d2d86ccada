/* ccm_gc_arrays.h -- the logic of the collector's pieces (kernel/collect.c),
 * over struct gc_arrays: the heap, the cells, their marks and the work
 * stack as values, read once from the machine.
 *
 * A mark is 0 for an object not (yet) reached.  While marking, 1 is an
 * object reached whose children are not yet reached (it is on the work
 * stack), 2 one whose children are; once numbered, a live object's mark is
 * its new index + 1.  So "live" is "mark != 0" from the end of the marking
 * to the end of the collection. */
#ifndef CCM_ACSL_GC_ARRAYS_H
#define CCM_ACSL_GC_ARRAYS_H
#include "ccm_gc.h"

/*@
  // the arrays are valid and apart (the heap and the cells hold int32_t
  // and int64_t, the objects' marks and the work stack uint32_t, the cells'
  // marks uint64_t: apart by type)
  predicate arrays_ok{L}(struct gc_arrays a) =
    0 <= a.nh <= CCM_MAX_CAP && 0 <= a.nc <= CCM_MAX_CAP && 0 < a.cap <= CCM_MAX_CAP * 2 + 2 &&
    \valid(a.heap + (0 .. a.nh - 1)) && \valid(a.cells + (0 .. a.nc - 1)) &&
    \valid(a.hm + (0 .. a.nh - 1)) && \valid(a.cm + (0 .. a.nc - 1)) && \valid(a.work + (0 .. a.cap - 1)) &&
    \base_addr(a.heap) != \base_addr(a.cells) && \base_addr(a.hm) != \base_addr(a.work);

  // every reference inside its array; a cell's next is an older cell
  predicate obj_links{L}(struct gc_arrays a) =
    \forall integer x; 0 <= x < a.nh ==> CCM_NIL <= a.heap[x].env < a.nc;
  predicate cell_links{L}(struct gc_arrays a) =
    \forall integer c; 0 <= c < a.nc ==> 0 <= a.cells[c].addr < a.nh && CCM_NIL <= a.cells[c].next < c;

  predicate live_env{L}(struct gc_arrays a, integer e) = e == CCM_NIL || a.cm[e] != 0;

  // the children of object x, of cell c, are reached
  predicate obj_closed{L}(struct gc_arrays a, integer x) = live_env(a, a.heap[x].env);
  predicate cell_closed{L}(struct gc_arrays a, integer c) =
    a.hm[a.cells[c].addr] != 0 && live_env(a, a.cells[c].next);

  // the live set is closed
  predicate objs_closed{L}(struct gc_arrays a) =
    \forall integer x; 0 <= x < a.nh ==> a.hm[x] != 0 ==> obj_closed(a, x);
  predicate cells_closed{L}(struct gc_arrays a) =
    \forall integer c; 0 <= c < a.nc ==> a.cm[c] != 0 ==> cell_closed(a, c);

  // the roots are live: the top-level bindings, the control's
  // environment, what every frame holds
  predicate frame_live{L}(struct gc_arrays a, struct ccm_frame f) =
    ((f.kind == CCM_F_ARG || f.kind == CCM_F_UPD) ==> a.hm[f.a] != 0) &&
    ((f.kind == CCM_F_CASE || f.kind == CCM_F_PRIM1 || f.kind == CCM_F_RESUME) ==> live_env(a, f.b));
  predicate tops_live{L}(struct gc_arrays a, integer n) =
    \forall integer x; 0 <= x < n ==> a.hm[x] != 0;
  predicate frames_live{L}(struct gc_arrays a, struct ccm_frame *stack, integer n) =
    \forall integer j; 0 <= j < n ==> frame_live(a, stack[j]);

  // ---- marking

  // a work stack entry: object w / 2 (w even) or cell w / 2 (w odd), reached
  predicate work_entry{L}(struct gc_arrays a, integer w) =
    (w % 2 == 0 && 0 <= w / 2 < a.nh && a.hm[w / 2] != 0) ||
    (w % 2 == 1 && 0 <= w / 2 < a.nc && a.cm[w / 2] != 0);

  predicate marks_small{L}(struct gc_arrays a) =
    (\forall integer x; 0 <= x < a.nh ==> a.hm[x] <= 2) &&
    (\forall integer c; 0 <= c < a.nc ==> a.cm[c] <= 2);

  // the invariant of the marking, in parts: the stack holds reached
  // objects; a reached object is on the stack (1) or has its children
  // reached (2)
  predicate work_ok{L}(struct gc_arrays a, integer sp) =
    0 <= sp <= a.cap && \forall integer j; 0 <= j < sp ==> work_entry(a, a.work[j]);
  predicate greys_objs{L}(struct gc_arrays a, integer sp) =
    \forall integer x; 0 <= x < a.nh ==> a.hm[x] == 1 ==> \exists integer j; 0 <= j < sp && a.work[j] == 2 * x;
  predicate greys_cells{L}(struct gc_arrays a, integer sp) =
    \forall integer c; 0 <= c < a.nc ==> a.cm[c] == 1 ==> \exists integer j; 0 <= j < sp && a.work[j] == 2 * c + 1;
  predicate blacks_objs{L}(struct gc_arrays a) =
    \forall integer x; 0 <= x < a.nh ==> a.hm[x] == 2 ==> obj_closed(a, x);
  predicate blacks_cells{L}(struct gc_arrays a) =
    \forall integer c; 0 <= c < a.nc ==> a.cm[c] == 2 ==> cell_closed(a, c);
  predicate marking{L}(struct gc_arrays a, integer sp) =
    marks_small(a) && work_ok(a, sp) && greys_objs(a, sp) && greys_cells(a, sp) &&
    blacks_objs(a) && blacks_cells(a);

  // what was reached stays reached
  predicate grow_objs{A,B}(struct gc_arrays a) =
    \forall integer x; 0 <= x < a.nh ==> \at(a.hm[x], A) != 0 ==> \at(a.hm[x], B) != 0;
  predicate grow_cells{A,B}(struct gc_arrays a) =
    \forall integer c; 0 <= c < a.nc ==> \at(a.cm[c], A) != 0 ==> \at(a.cm[c], B) != 0;
  predicate marks_grow{A,B}(struct gc_arrays a) = grow_objs{A,B}(a) && grow_cells{A,B}(a);

  // ---- moving

  // frame_ok (acsl/ccm_wf.h) of a machine with nh objects, nc cells, nstk
  // stacks and this code
  predicate frame_fits{L}(struct ccm_frame f, struct ccm_node *code, integer ncode, integer nstk,
                          integer nh, integer nc) =
    0 <= f.cc < nstk &&
    (f.kind == CCM_F_ARG    ==> 0 <= f.a < nh) &&
    (f.kind == CCM_F_UPD    ==> 0 <= f.a < nh) &&
    (f.kind == CCM_F_CASE   ==> 0 <= f.a < ncode && code[f.a].kind == CCM_CASE && CCM_NIL <= f.b < nc) &&
    (f.kind == CCM_F_PRIM1  ==> 0 <= f.a < ncode && code[f.a].kind == CCM_PRIM && CCM_NIL <= f.b < nc) &&
    (f.kind == CCM_F_PRIM2  ==> 0 <= f.a < ncode && code[f.a].kind == CCM_PRIM) &&
    (f.kind == CCM_F_RESUME ==> 0 <= f.a < ncode && CCM_NIL <= f.b < nc);

*/
#endif
