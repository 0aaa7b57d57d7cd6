/* utf8.c — the length of a well-formed UTF-8 character, as clang reads
 * source text: names may hold such characters, and any other byte above
 * 0x7f stands alone (in a token of its own, or escaped in a string). */
#include "campcc.h"

size_t utf8_char_length(const char *text, size_t n) {
    const unsigned char *s = (const unsigned char *)text;
    if (n == 0) return 0;
    /* the rules of Unicode's table 3-7: no overlong forms, no surrogates */
    size_t len = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    if (!len || len > n) return 0;
    unsigned char lo = s[0] == 0xe0 ? 0xa0 : s[0] == 0xf0 ? 0x90 : 0x80;
    unsigned char hi = s[0] == 0xed ? 0x9f : s[0] == 0xf4 ? 0x8f : 0xbf;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < len; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    return len;
}
