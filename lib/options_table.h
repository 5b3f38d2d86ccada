/* options_table.h -- THE table of a run's options: one row per option, in
 * the style of Lua's lopcodes.h.  Everything else reads these rows: the
 * struct ccm_options defaults and clamps (lib/options.c), the command line
 * and its --help (cli/main.c), `ccm batch` (cli/batch.c), the report's echo
 * of the configuration (cli/report.c), the error messages (lib/describe.c),
 * the Python module (python/ccm.py, through ccm_options_table_json), the
 * docs' table (docs/syntax-and-cli.md, checked by tests/options/run.sh).
 * To add an option: a field in struct ccm_options (lib/ccmlib.h), a row
 * here; nothing else spells it.
 *
 * X(field, KIND, "flag", "key", metavar, NAMES(...), WORDS(...), CNAMES(...),
 *   lo, hi, default, machine_field, "help")
 *   field    the member of struct ccm_options (and CCM_OPT_<field>)
 *   KIND     ENUM: one of named values, value k the k-th name (the kernel's
 *            enum, asserted in lib/options.c); BUDGET: an integer lo..hi
 *   flag     on the command line; key: in JSON (`ccm batch` "options",
 *            the report, Python keyword arguments)
 *   metavar  what --help shows after the flag ("N"; an ENUM shows its names)
 *   NAMES    the values' names on the command line, in JSON and Python
 *   WORDS    the same in the text report's header ("left-to-right")
 *   CNAMES   the C API's names, for the C API's refusal messages
 *            (a BUDGET has NONE of the three)
 *   lo, hi   the range; the kernel's own limits (kernel/ccm.h) are the top
 *   default  what a run gets when the option is not given
 *   machine_field   IN_MACHINE(m): the member m of struct ccm_machine the
 *            value goes to; IN_LIBRARY: the library's own (the session
 *            reads it, the kernel never does)
 *   help     one line of --help and of the docs' table, without the default
 *
 * A budget's 0 in a struct filled by hand means "the default" (C callers
 * zero their structs); a 0 that was set through lib/options.c is a 0
 * (--max-steps 0: no transition), as the `given` bits of the struct record. */
#ifndef CCM_OPTIONS_TABLE_H
#define CCM_OPTIONS_TABLE_H

#define CCM_OPTIONS_TABLE(X) \
    X(rules, ENUM, "--rules", "rules", "", \
      NAMES("fig6", "fig2"), WORDS("fig6", "fig2"), \
      CNAMES("CCM_RULES_FIG6", "CCM_RULES_FIG2"), \
      0, 1, CCM_RULES_FIG6, IN_MACHINE(rules), \
      "the CAF-aware SUBCAF rules (Fig. 6) or the original SUB rules") \
    X(scoping, ENUM, "--scoping", "scoping", "", \
      NAMES("lexical", "evaluation", "ghc"), WORDS("lexical", "evaluation", "ghc"), \
      CNAMES("CCM_LEXICAL", "CCM_EVALUATION", "CCM_CALL_GHC"), \
      0, 2, CCM_LEXICAL, IN_MACHINE(scoping), \
      "the BOX of the application rule: the call policy (--call is the same option; ghc: docs/stacks.md)") \
    X(order, ENUM, "--order", "order", "", \
      NAMES("ltr", "rtl"), WORDS("left-to-right", "right-to-left"), \
      CNAMES("CCM_LEFT_TO_RIGHT", "CCM_RIGHT_TO_LEFT"), \
      0, 1, CCM_LEFT_TO_RIGHT, IN_MACHINE(order), \
      "primitive operand order (extension, for experiments)") \
    X(push, ENUM, "--push", "push", "", \
      NAMES("single", "append", "ghc"), WORDS("single", "append", "ghc"), \
      CNAMES("CCM_PUSH_SINGLE", "CCM_PUSH_APPEND", "CCM_PUSH_GHC"), \
      0, 2, CCM_PUSH_SINGLE, IN_MACHINE(push), \
      "what scc does to the cost-centre stack: replace it (flat costs), append, or GHC's push (docs/stacks.md)") \
    X(max_steps, BUDGET, "--max-steps", "max_steps", "N", \
      NONE, NONE, NONE, \
      0, CCM_MAX_STEPS, 1000000000, IN_MACHINE(max_steps), \
      "allow at most N transitions") \
    X(max_heap, BUDGET, "--max-heap", "max_heap", "N", \
      NONE, NONE, NONE, \
      1, CCM_MAX_CAP, CCM_MAX_CAP, IN_MACHINE(heap_cap), \
      "heap objects live at once (the top-level bindings count; with --gc off, every one allocated)") \
    X(max_cells, BUDGET, "--max-cells", "max_cells", "N", \
      NONE, NONE, NONE, \
      1, CCM_MAX_CAP, CCM_MAX_CAP, IN_MACHINE(cell_cap), \
      "environment cells live at once (extension; with --gc off, every one made)") \
    X(max_stack, BUDGET, "--max-stack", "max_stack", "N", \
      NONE, NONE, NONE, \
      1, CCM_MAX_CAP, CCM_MAX_CAP, IN_MACHINE(stack_cap), \
      "stack frames") \
    X(max_nodes, BUDGET, "--max-nodes", "max_nodes", "N", \
      NONE, NONE, NONE, \
      1, CCM_MAX_NODES, CCM_MAX_NODES, IN_MACHINE(stk.cap), \
      "distinct cost-centre stacks (push append or ghc; at least the cost centres)") \
    X(gc, ENUM, "--gc", "gc", "", \
      NAMES("on", "off"), WORDS("on", "off"), \
      CNAMES("CCM_GC_ON", "CCM_GC_OFF"), \
      0, 1, CCM_GC_ON, IN_LIBRARY, \
      "reclaim the heap objects and cells no root reaches when either is full (a run's report is the same either way)")

#endif
