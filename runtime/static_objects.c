/* static_objects.c — the program's file-scope objects that no kernel's
 * unit lists: arrays and structs defined in a file compiled without
 * kernels (PolyBench's main.c passing its arrays to kernel.c), or by
 * another compiler. A kernel's pointer into one lies in no view; before
 * saying so, the launch looks the address up in the symbol table of the
 * executable or shared object whose segment holds it (.symtab, which
 * builds keep unless stripped; .dynsym else), and the object found gets
 * the view a file-scope array gets. Read only on that path, once per
 * object (its view is found first from then on). */
#define _GNU_SOURCE /* O_CLOEXEC, <link.h>'s ElfW */
#include "internal.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* AddressSanitizer's, where the program is built with it: it pads each
 * global with a poisoned red zone, which the symbol's size counts. */
extern void *__asan_region_is_poisoned(void *begin, size_t size) __attribute__((weak));

typedef struct Holder {
    uintptr_t p;
    const char *path; /* the object's file: "" for the executable */
    uintptr_t bias;   /* its load address */
    bool writable;
} Holder;

/* The data object of symbol table `symtab` (section i of the file at
 * `base`) that holds h->p. */
static bool search_symbols(const unsigned char *base, size_t len, const ElfW(Shdr) *sections, int i, const Holder *h,
                           camp_static_object *out) {
    const ElfW(Shdr) *symtab = &sections[i], *strtab = &sections[symtab->sh_link];
    if (symtab->sh_offset + symtab->sh_size > len || strtab->sh_offset + strtab->sh_size > len || !symtab->sh_entsize)
        return false;
    const ElfW(Sym) *syms = (const ElfW(Sym) *)(base + symtab->sh_offset);
    size_t n = symtab->sh_size / symtab->sh_entsize;
    for (size_t s = 0; s < n; s++) {
        const ElfW(Sym) *sym = &syms[s];
        uintptr_t start = h->bias + sym->st_value;
        if (ELF64_ST_TYPE(sym->st_info) != STT_OBJECT || !sym->st_size || sym->st_shndx == SHN_UNDEF ||
            h->p < start || h->p - start >= sym->st_size)
            continue;
        const char *name = sym->st_name < strtab->sh_size ? (const char *)base + strtab->sh_offset + sym->st_name : "";
        out->host = (const char *)start;
        out->bytes = sym->st_size;
        char *red_zone = __asan_region_is_poisoned ? __asan_region_is_poisoned((void *)start, sym->st_size) : NULL;
        if (red_zone) out->bytes = (size_t)(red_zone - (char *)start);
        snprintf(out->name, sizeof out->name, "%s", name);
        out->read_only = !h->writable;
        return true;
    }
    return false;
}

bool camp_static_object_find(const void *p, camp_static_object *out) {
    Holder h = {.p = (uintptr_t)p};
    if (!camp_loaded_object_of(h.p, &h.path, &h.bias, &h.writable)) return false;
    int fd = open(h.path && *h.path ? h.path : "/proc/self/exe", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st;
    void *map = fstat(fd, &st) == 0 && st.st_size > (off_t)sizeof(ElfW(Ehdr))
                    ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)
                    : MAP_FAILED;
    close(fd);
    if (map == MAP_FAILED) return false;
    const unsigned char *base = map;
    size_t len = (size_t)st.st_size;
    const ElfW(Ehdr) *eh = map;
    bool found = false;
    if (!memcmp(eh->e_ident, ELFMAG, SELFMAG) && eh->e_shentsize == sizeof(ElfW(Shdr)) &&
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(ElfW(Shdr)) <= len) {
        const ElfW(Shdr) *sections = (const ElfW(Shdr) *)(base + eh->e_shoff);
        /* the full table first: it has the file's static objects too */
        for (int want = SHT_SYMTAB; !found && want; want = want == SHT_SYMTAB ? SHT_DYNSYM : 0)
            for (int i = 0; i < eh->e_shnum && !found; i++)
                if (sections[i].sh_type == (ElfW(Word))want && sections[i].sh_link < eh->e_shnum)
                    found = search_symbols(base, len, sections, i, &h, out);
    }
    munmap(map, len);
    return found;
}
