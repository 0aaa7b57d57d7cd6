// needs: shaderInt64
/* A file that defines a feature-test macro before its includes, as POSIX
 * and glibc ask: the GNU extensions it enables (strchrnul, mempcpy) must be
 * declared in the rewritten host file too, so nothing campcc adds before
 * the user's first line may include a libc header. */
#define _GNU_SOURCE
#include <camp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    parallel_for_each(i, extent(8)) {
        a[i] = a[i] * a[i] - 1;
    }
    char buf[32];
    char *end = mempcpy(buf, "squares", 7);
    *end = '\0';
    printf("%s: %d %d %s\n", buf, a[0], a[7], strchrnul("kernel", 'r'));
    return 0;
}
