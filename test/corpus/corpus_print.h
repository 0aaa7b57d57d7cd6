/* corpus_print.h — host-side printing for the differential corpus. Every
 * element is printed (16 per line) so that a difference between campcc's
 * program and the serial reference shows where it is. Host code only. */
#ifndef CORPUS_PRINT_H
#define CORPUS_PRINT_H

#include <stdio.h>

/* Prints "A:" and the N elements of the 1-D array A, each with format FMT. */
#define print_array(fmt, a, n)                                  \
    do {                                                        \
        printf("%s:", #a);                                      \
        for (int i_ = 0; i_ < (int)(n); i_++)                   \
            printf(i_ % 16 ? " " fmt : "\n  " fmt, (a)[i_]);    \
        printf("\n");                                           \
    } while (0)

/* Prints "M:" and the R x C array M, one row per line. */
#define print_array2(fmt, m, r, c)                              \
    do {                                                        \
        printf("%s:", #m);                                      \
        for (int r_ = 0; r_ < (int)(r); r_++) {                 \
            printf("\n ");                                      \
            for (int c_ = 0; c_ < (int)(c); c_++)               \
                printf(" " fmt, (m)[r_][c_]);                   \
        }                                                       \
        printf("\n");                                           \
    } while (0)

#endif
