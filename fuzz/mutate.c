/* mutate.c — the harness's structure-aware mutator. libFuzzer's byte
 * mutations of C source mostly break the parse, and few inputs reach the
 * IR and the emitter. Here most mutations work on C tokens and lines
 * instead: a name for another name in scope, a number for an interesting
 * one, an operator for one of its kind, a line repeated, dropped, swapped,
 * wrapped in a loop or a condition, a statement of the dialect inserted.
 * The result is still usually C, so it reaches lowering and SPIR-V
 * emission; one mutation in four is libFuzzer's own, so nothing is out of
 * reach. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

/* What campcc_fuzz.c's kernel preludes declare, and names every kernel has. */
static const char *const names[] = {
    "a", "f", "d", "u", "p", "m", "n", "s", "v2", "i", "t", "twice", "scale", "sqrt", "pow", "fabsf", "floorf",
    "sinf", "exp", "fmin", "camp_atomic_fetch_add", "ts", "tf", "int", "float", "double", "unsigned", "char", "long", "short",
    "int2", "float4", "uint3", "return", "break", "continue", "sizeof", "x", "y", "local", "global", "tile",
};
static const char *const numbers[] = {
    "0", "1", "-1", "2", "3", "7", "16", "255", "65536", "2147483647", "0x80000000", "4294967295u", "-2147483648",
    "9223372036854775807LL", "0.5f", "1e30f", "1e308", "-0.0", "1.0/0.0", "3.14159", "0x1p-149f", "(i % 16)",
};
/* operators of one kind replace each other */
static const char *const op_kinds[][16] = {
    {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&&", "||", "==", "!=", "<", ">"},
    {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="},
    {"++", "--"},
};
static const char *const statements[] = {
    "a[i] += i;", "f[i] = f[i] * s + (float)n;", "d[i] = (double)a[i] / 3.0;", "u[i] = u[i] >> (i % 32);",
    "if (i > n / 2) a[i] = -a[i];", "for (int k = 0; k < 3; k++) a[i] += m[k][i % 4];",
    "while (a[i] > 100) a[i] /= 2;", "p[i].y = scale(p[i].y, s);", "a[i] = twice(a[i]);",
    "{ int t = a[i]; a[i] = a[(i + 1) % 16]; a[(i + 1) % 16] = t; }", "f[i] = sqrtf(fabsf(f[i]));",
    "camp_atomic_fetch_add(&a[0], 1);", "v2.x += i;", "switch (i % 4) { case 1: a[i] = 1; break; default: break; }",
    "float4 w = {f[i], 1.0f, 2.0f, 3.0f}; f[i] = w.x + w.z;", "int2 q = {i, n}; a[i] = q.x * q.y;",
    "long long w = (long long)a[i] * 1000000007LL; a[i] = (int)(w >> 3);", "do { a[i]--; } while (a[i] > 0);",
    "ts[t.local] = a[i]; tile_barrier_wait(t.barrier); a[i] = ts[(t.local + 1) % 4];", /* tiled bodies ('$') */
    "tf[t.local] += f[i]; tile_barrier_wait(t.barrier);",
};
static const char *const wrappers[][2] = {
    {"if (i % 2) {", "}"}, {"for (int k = 0; k < 4; k++) {", "}"}, {"while (n-- > 15) {", "}"},
    {"{", "}"}, {"if (f[i] > s) {", "} else { a[i] = 0; }"},
};

#define COUNT(x) (sizeof(x) / sizeof *(x))

static uint32_t next(uint32_t *state) { /* xorshift32 */
    uint32_t x = *state;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    return *state = x ? x : 1;
}

static int is_ident(int c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* Replaces data[at .. at + len) with text; false if it would not fit. */
static int splice(uint8_t *data, size_t *size, size_t max_size, size_t at, size_t len, const char *text, size_t tlen) {
    if (*size - len + tlen > max_size) return 0;
    memmove(data + at + tlen, data + at + len, *size - at - len);
    memcpy(data + at, text, tlen);
    *size = *size - len + tlen;
    return 1;
}

typedef struct Token {
    size_t at, len;
    int kind; /* 'a': a name, '0': a number, '+': an operator */
} Token;

/* The n-th token of `kind` from `first` (an input's leading '@' or '$' is
 * not C); false if there are none. */
static int pick_token(const uint8_t *d, size_t size, size_t first, int kind, uint32_t *rng, Token *out) {
    size_t count = 0, want = 0;
    for (int pass = 0; pass < 2; pass++) {
        size_t seen = 0;
        for (size_t i = first; i < size;) {
            Token t = {i, 1, 0};
            if (is_ident(d[i]) && !(d[i] >= '0' && d[i] <= '9')) {
                while (i + t.len < size && is_ident(d[i + t.len])) t.len++;
                t.kind = 'a';
            } else if (d[i] >= '0' && d[i] <= '9') {
                while (i + t.len < size && (is_ident(d[i + t.len]) || d[i + t.len] == '.')) t.len++;
                t.kind = '0';
            } else if (strchr("+-*/%&|^<>=!", d[i])) {
                while (i + t.len < size && t.len < 3 && strchr("+-*/%&|^<>=", d[i + t.len])) t.len++;
                t.kind = '+';
            }
            if (t.kind == kind) {
                if (pass == 1 && seen == want) {
                    *out = t;
                    return 1;
                }
                seen++;
            }
            i += t.len;
        }
        count = seen;
        if (!count) return 0;
        want = next(rng) % count;
    }
    return 0;
}

static int replace_token(uint8_t *d, size_t *size, size_t max, size_t first, int kind, uint32_t *rng) {
    Token t;
    if (!pick_token(d, *size, first, kind, rng, &t)) return 0;
    const char *text = NULL;
    if (kind == 'a') text = names[next(rng) % COUNT(names)];
    if (kind == '0') text = numbers[next(rng) % COUNT(numbers)];
    for (size_t k = 0; kind == '+' && k < COUNT(op_kinds) && !text; k++)
        for (size_t j = 0; j < 16 && op_kinds[k][j]; j++)
            if (strlen(op_kinds[k][j]) == t.len && !memcmp(op_kinds[k][j], d + t.at, t.len)) {
                size_t n = 0;
                while (n < 16 && op_kinds[k][n]) n++;
                text = op_kinds[k][next(rng) % n];
            }
    return text && splice(d, size, max, t.at, t.len, text, strlen(text));
}

/* The start of a random line at or after `first` (the end of the input
 * counts as one), and that line's length with its newline. */
static size_t pick_line(const uint8_t *d, size_t size, size_t first, uint32_t *rng, size_t *len) {
    size_t lines = 1;
    for (size_t i = first; i < size; i++) lines += d[i] == '\n';
    size_t want = next(rng) % lines, at = first;
    for (size_t i = first; i < size && want; i++)
        if (d[i] == '\n') at = i + 1, want--;
    size_t end = at;
    while (end < size && d[end] != '\n') end++;
    *len = end - at + (end < size);
    return at;
}

static size_t mutate_lines(uint8_t *d, size_t size, size_t max, size_t first, uint32_t *rng) {
    size_t len, at = pick_line(d, size, first, rng, &len);
    uint8_t line[512];
    switch (next(rng) % 5) {
    case 0: { /* a statement of the dialect inserted */
        const char *s = statements[next(rng) % COUNT(statements)];
        char text[256];
        size_t n = (size_t)snprintf(text, sizeof text, "%s\n", s);
        return n < sizeof text && splice(d, &size, max, at, 0, text, n) ? size : 0;
    }
    case 1: /* the line dropped */
        return splice(d, &size, max, at, len, "", 0) ? size : 0;
    case 2: /* the line repeated elsewhere */
        if (len > sizeof line) return 0;
        memcpy(line, d + at, len);
        at = pick_line(d, size, first, rng, &(size_t){0});
        return splice(d, &size, max, at, 0, (const char *)line, len) ? size : 0;
    case 3: { /* the line wrapped */
        const char *const *w = wrappers[next(rng) % COUNT(wrappers)];
        size_t a = strlen(w[0]), b = strlen(w[1]);
        if (size + a + b + 2 > max || len > sizeof line) return 0;
        memcpy(line, d + at, len);
        char text[1024];
        size_t n = (size_t)snprintf(text, sizeof text, "%s\n%.*s%s\n", w[0], (int)len, (const char *)line, w[1]);
        return n < sizeof text && splice(d, &size, max, at, len, text, n) ? size : 0;
    }
    default: { /* two lines swapped (the first moved after the second) */
        size_t len2, at2 = pick_line(d, size, first, rng, &len2);
        if (at2 <= at + len || len > sizeof line) return 0;
        memcpy(line, d + at, len);
        memmove(d + at, d + at + len, at2 + len2 - at - len);
        memcpy(d + at2 + len2 - len, line, len);
        return size;
    }
    }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
    uint32_t rng = seed ? seed : 1;
    size_t first = size && (data[0] == '@' || data[0] == '$');
    unsigned choice = next(&rng) % 8;
    size_t n = size;
    if (choice < 2) n = replace_token(data, &n, max_size, first, 'a', &rng) ? n : 0;
    else if (choice == 2) n = replace_token(data, &n, max_size, first, '0', &rng) ? n : 0;
    else if (choice == 3) n = replace_token(data, &n, max_size, first, '+', &rng) ? n : 0;
    else if (choice < 6) n = mutate_lines(data, size, max_size, first, &rng);
    else n = 0;
    return n ? n : LLVMFuzzerMutate(data, size, max_size); /* also when a token mutation found nothing to do */
}
