/* bigstack.c -- see bigstack.h. */
#include "bigstack.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

void on_big_stack(void *(*fn)(void *), void *arg)
{
    pthread_attr_t a;
    pthread_t t;
    pthread_attr_init(&a);
    pthread_attr_setstacksize(&a, BIGSTACK_SIZE);
    if (pthread_create(&t, &a, fn, arg) != 0) { fprintf(stderr, "props: no thread\n"); exit(3); }
    pthread_join(t, NULL);
    pthread_attr_destroy(&a);
}
