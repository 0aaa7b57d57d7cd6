/* parse_floor.h — the harness's parse-only mode (parse_floor.c). */
#ifndef CAMPCC_FUZZ_PARSE_FLOOR_H
#define CAMPCC_FUZZ_PARSE_FLOOR_H

/* Parses the file at path once (include_arg: the dialect's -I; pch: the
 * precompiled headers with the vector math) and frees the unit. */
void parse_floor(const char *path, const char *include_arg, const char *pch);

#endif
