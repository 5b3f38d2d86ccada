/* mutants.h -- deliberately wrong rules for the property tests (issue 4).
 *
 * `make mutants` builds the kernel with -DCCM_MUTANT=<n> for each n below and
 * checks that the properties catch every one.  The normal build never sets
 * CCM_MUTANT, so every test `CCM_MUTANT == CCM_M_...` is false and the
 * compiler (and WP, which never sees the macro) keeps only the right rule.
 */
#ifndef CCM_KERNEL_MUTANTS_H
#define CCM_KERNEL_MUTANTS_H

#ifndef CCM_MUTANT
#define CCM_MUTANT 0
#endif

#define CCM_M_VAR3_NO_RESTORE     1   /* var3 leaves ccc = ccz under fig6           */
#define CCM_M_VAR1_SUB            2   /* var1 uses SUB instead of SUBCAF under fig6 */
#define CCM_M_U_TO_DEMANDER       3   /* var3 charges U to the demander             */
#define CCM_M_APP2_WRONG_BOX      4   /* app2 takes the other scoping's box         */
#define CCM_M_CASE2_NO_RESTORE    5   /* case2 keeps the scrutinee's cost centre    */
#define CCM_M_LET_H_ONCE          6   /* let charges H once, not n times            */
#define CCM_M_NAIVE_CAF           7   /* a CAF is pinned SUB: evaluated in the demander's cc */
#define CCM_M_ENTRIES_WRONG_CC    8   /* scc counts the entry on the enclosing cc   */
#define CCM_M_PRIM3_OPERAND_CC    9   /* prim3 returns the operand's cost centre    */
#define CCM_M_FORCE_CHARGES_V    10   /* force charges V like var2                  */
#define CCM_M_LOOKUP_OFF_BY_ONE  11   /* environment lookup one cell short          */
#define CCM_M_UPDATE_DROPPED     12   /* var2 pushes no update frame: no sharing    */
#define CCM_M_V_TO_THUNK_CC      13   /* var2 charges V to the thunk's cost centre  */
#define CCM_M_SCC_SUB_COUNTS     14   /* scc_sub counts an entry like scc           */
#define CCM_M_CASE2_BINDS_REVERSED 15 /* case2 binds pattern variables in reverse   */
#define CCM_M_SUBENTRIES_ON_NEW  16   /* scc counts the subentry on the new cc      */
#define CCM_NMUTANTS             16

#endif
