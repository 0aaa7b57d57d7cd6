/* The program's macros named like the words campcc's launch code could
 * use (`bytes`, `address`, `args`, `module`, `kernel`, `extent_size`):
 * the launch it writes in their place names only libcamp's own names
 * (`.bytes = sizeof(...)` was expanded as `.64 = ...`, an error in a
 * line the program never wrote). */
#include <camp.h>
#include <stdio.h>

#define bytes 64
#define address 1
#define args 2
#define module 3
#define kernel 4
#define extent_size 5

int main(void) {
    int table[bytes], scale = address + args + module + kernel + extent_size;
    for (int i = 0; i < bytes; i++) table[i] = i;
    parallel_for_each(i, extent(bytes)) { table[i] *= scale; }
    int sum = 0;
    for (int i = 0; i < bytes; i++) sum += table[i];
    printf("%d\n", sum);
    return 0;
}
