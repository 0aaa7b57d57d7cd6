/* options.c — the heat samples' command line (heat.h). */
#define _POSIX_C_SOURCE 200809L /* getopt */
#include <errno.h>
#include <unistd.h>

#include "heat.h"

/* Cells are counted in size_t; each strip's kernels index in int (heat_strip_fits). */
enum { MAX_SIZE = 131072, MAX_STEPS = 1000000000 };

static bool positive(const char *text, long max, int *value) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || end == text || v <= 0 || v > max) return false;
    *value = (int)v;
    return true;
}

int heat_options_parse(int argc, char **argv, bool accelerators, heat_options *o, char *error, size_t size) {
    const char *usage = accelerators ? "usage: %s [-n SIZE] [-s STEPS] [-a INDEX,INDEX...] [-x]\n"
                                     : "usage: %s [-n SIZE] [-s STEPS] [-x]\n";
    *o = (heat_options){64, 200, true, NULL};
    int opt;
    opterr = 0;
    while ((opt = getopt(argc, argv, accelerators ? ":n:s:a:x" : ":n:s:x")) != -1) {
        if (opt == 'n' && positive(optarg, MAX_SIZE, &o->size)) continue;
        if (opt == 's' && positive(optarg, MAX_STEPS, &o->steps)) continue;
        if (opt == 'a') {
            o->accelerators = optarg;
            continue;
        }
        if (opt == 'x') {
            o->check = false;
            continue;
        }
        const char *what = opt == '?' ? "unknown option -%c\n"
                           : opt == ':' ? "-%c wants a value\n"
                                        : "-%c wants a number from 1 to %ld\n";
        int at = snprintf(error, size, what, opt == '?' || opt == ':' ? optopt : opt,
                          opt == 'n' ? (long)MAX_SIZE : (long)MAX_STEPS);
        snprintf(error + at, size - (size_t)at, usage, argv[0]);
        return 1;
    }
    if (optind < argc) {
        int at = snprintf(error, size, "unexpected argument '%s'\n", argv[optind]);
        snprintf(error + at, size - (size_t)at, usage, argv[0]);
        return 1;
    }
    return 0;
}
