/* ccm_step.h -- which row a state matches, for the behaviors of ccm_step. */
#ifndef CCM_ACSL_STEP_H
#define CCM_ACSL_STEP_H
#include "ccm_rows.h"
#endif
