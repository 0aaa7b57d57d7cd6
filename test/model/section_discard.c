/* discard_data of a section (C++ AMP's section(...).discard_data()): the
 * view's first use copies everything in but that section. The test makes
 * the section's host pages inaccessible while the kernel is launched, so
 * a copy that read them would crash the program. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <camp.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE), per = page / sizeof(float), n = 4 * per;
    float *v = mmap(NULL, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (v == MAP_FAILED) return 1;
    for (size_t i = 0; i < n; i++) v[i] = (float)i;
    array_view(v, n);
    float *middle = array_view_section(v, per, 2 * per);       /* pages 1 and 2 */
    array_view_section_discard_data(middle);
    mprotect(v + per, 2 * page, PROT_NONE);                      /* the copy in must not read them */
    int first = (int)per, last = (int)(3 * per);
    parallel_for_each(i, extent(first)) {
        v[i] += 1;
        v[last + i] += 1;
    }
    camp_accelerator_view_wait(camp_default_view());
    mprotect(v + per, 2 * page, PROT_READ | PROT_WRITE);
    array_view_section_discard_data(middle);                     /* its bytes need not come back either */
    array_view_section_release(middle);
    float *head = array_view_section(v, 0, per), *tail = array_view_section(v, 3 * per, per);
    array_view_section_synchronize(head);
    array_view_section_synchronize(tail);
    printf("outside the section: %d %d %d %d\n", v[0] == 1, v[per - 1] == (float)per, v[3 * per] == (float)(3 * per + 1),
           v[n - 1] == (float)n);                                /* 1 1 1 1 */
    array_view_section_release(head);
    array_view_section_release(tail);
    array_view_discard_data(v);                                  /* the section's device bytes are not data */
    array_view_release(v);
    munmap(v, 4 * page);
    return 0;
}
// needs: shaderInt64
