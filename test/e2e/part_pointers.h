/* part_pointers.h — what row_pointers.c and part_pointer_variables.c share:
 * a struct with scalar, array and nested struct members, an amp function
 * that sums a row through a pointer moved along it, and the host's check of
 * each thread's checksum against its reference, computed by plain indexing. */
#ifndef PART_POINTERS_H
#define PART_POINTERS_H

#include <camp.h>
#include <stdio.h>

typedef struct range { int lo, hi; } range;
typedef struct stats {
    int count;
    int hist[4];
    range range;
} stats;

enum { THREADS = 16 };

static int sum_row(const int *row, int n) restrict(amp) {
    int total = 0;
    for (const int *p = row; p < row + n; p++) total += *p;
    return total;
}

/* Prints each thread's checksum, and the reference where they differ;
 * the number of threads wrong. */
static int check_threads(const int *out, int (*reference)(int)) {
    int bad = 0;
    for (int i = 0; i < THREADS; i++) {
        printf("%d: %d\n", i, out[i]);
        if (out[i] != reference(i)) bad++, printf("  expected %d\n", reference(i));
    }
    printf("%s\n", bad ? "wrong" : "right");
    return bad;
}

#endif
