/* bigstack.h -- run a function on a thread with a 512 MB stack: the
 * big-step evaluator recurses as deep as program depth x evaluation depth. */
#ifndef CCM_PROPS_BIGSTACK_H
#define CCM_PROPS_BIGSTACK_H

#define BIGSTACK_SIZE ((size_t)512 << 20)

/* Run fn(arg) on such a thread and wait for it; exits (3) if no thread. */
void on_big_stack(void *(*fn)(void *), void *arg);

#endif
