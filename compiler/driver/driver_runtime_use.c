/* driver_runtime_use.c — whether a link needs libcamp: some object or
 * static archive among its inputs refers to a camp_ symbol (a kernel's
 * launch, or the runtime API), or the user names -lcamp. A program or
 * library that never launches a kernel then gets no dependency on libcamp
 * and no RUNPATH, whatever compiler flags a build system passes to campcc.
 *
 * The linker's --as-needed cannot decide it: libcamp also defines read,
 * write, fread and fwrite (host_guard_calls.c), so any program doing I/O
 * would keep it. What this file cannot read (LLVM bitcode from -flto, 32-bit
 * or big-endian objects, a thin or broken archive) counts as needing
 * libcamp, as every link did before. */
#include "driver.h"

#include <ar.h>
#include <ctype.h>
#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* What the scan found in one file. */
typedef enum RuntimeUse { USES_NOTHING, USES_RUNTIME, UNREADABLE } RuntimeUse;

static bool is_camp_symbol(const char *name) { return strncmp(name, "camp_", 5) == 0; }

static bool in_bounds(size_t size, uint64_t off, uint64_t len) { return off <= size && len <= size - off; }

/* Members of an archive sit at any even offset: every ELF structure is
 * copied out rather than read in place. */
#define READ_AT(dst, data, off) memcpy(&(dst), (data) + (off), sizeof(dst))

/* An ELF64 little-endian object at data[0..size): does an undefined symbol
 * of its symbol table name libcamp? */
static RuntimeUse scan_object(const unsigned char *data, size_t size) {
    Elf64_Ehdr eh;
    if (size < sizeof eh || data[EI_CLASS] != ELFCLASS64 || data[EI_DATA] != ELFDATA2LSB) return UNREADABLE;
    READ_AT(eh, data, 0);
    if (eh.e_type != ET_REL) return USES_NOTHING; /* a shared library carries its own NEEDED */
    if (eh.e_shentsize != sizeof(Elf64_Shdr) || !in_bounds(size, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr)))
        return UNREADABLE;
    for (unsigned i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr symtab, strtab;
        READ_AT(symtab, data, eh.e_shoff + i * sizeof symtab);
        if (symtab.sh_type != SHT_SYMTAB) continue;
        if (symtab.sh_link >= eh.e_shnum || !in_bounds(size, symtab.sh_offset, symtab.sh_size)) return UNREADABLE;
        READ_AT(strtab, data, eh.e_shoff + symtab.sh_link * sizeof strtab);
        if (!in_bounds(size, strtab.sh_offset, strtab.sh_size)) return UNREADABLE;
        const char *names = (const char *)data + strtab.sh_offset;
        for (uint64_t s = 0; s < symtab.sh_size / sizeof(Elf64_Sym); s++) {
            Elf64_Sym sym;
            READ_AT(sym, data, symtab.sh_offset + s * sizeof sym);
            if (sym.st_shndx != SHN_UNDEF || sym.st_name >= strtab.sh_size) continue;
            const char *name = names + sym.st_name;
            if (memchr(name, 0, strtab.sh_size - sym.st_name) && is_camp_symbol(name)) return USES_RUNTIME;
        }
    }
    return USES_NOTHING;
}

static RuntimeUse scan_bytes(const unsigned char *data, size_t size);

/* A `!<arch>` archive: each member but the symbol index and long names. */
static RuntimeUse scan_archive(const unsigned char *data, size_t size) {
    enum { HEADER = 60, SIZE_AT = 48, SIZE_DIGITS = 10 };
    size_t at = SARMAG;
    while (at + HEADER <= size) {
        const char *header = (const char *)data + at;
        char digits[SIZE_DIGITS + 1] = {0};
        memcpy(digits, header + SIZE_AT, SIZE_DIGITS);
        char *end;
        unsigned long long len = strtoull(digits, &end, 10);
        if (end == digits || !in_bounds(size, at + HEADER, len)) return UNREADABLE;
        bool special = header[0] == '/' && !isdigit((unsigned char)header[1]); /* "/", "//", "/SYM64/" */
        RuntimeUse use = special ? USES_NOTHING : scan_bytes(data + at + HEADER, len);
        if (use != USES_NOTHING) return use;
        at += HEADER + len + (len & 1);
    }
    return USES_NOTHING;
}

/* An object, an archive, or LLVM bitcode (from -flto), whose symbols this
 * file does not read; anything else (a linker script) names no object. */
static RuntimeUse scan_bytes(const unsigned char *data, size_t size) {
    static const unsigned char bitcode[] = {'B', 'C', 0xc0, 0xde}, bitcode_wrapper[] = {0xde, 0xc0, 0x17, 0x0b};
    if (size >= SARMAG && !memcmp(data, ARMAG, SARMAG)) return scan_archive(data, size);
    if (size >= SELFMAG && !memcmp(data, ELFMAG, SELFMAG)) return scan_object(data, size);
    if (size >= 4 && (!memcmp(data, bitcode, 4) || !memcmp(data, bitcode_wrapper, 4))) return UNREADABLE;
    if (size >= 8 && !memcmp(data, "!<thin>\n", 8)) return UNREADABLE; /* its members are other files */
    return USES_NOTHING;
}

/* One input file of the link. */
static RuntimeUse scan_file(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) {
        if (fd >= 0) close(fd);
        return USES_NOTHING; /* the linker reports what it cannot use */
    }
    size_t size = (size_t)st.st_size;
    const unsigned char *data = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (data == MAP_FAILED) return UNREADABLE;
    RuntimeUse use = scan_bytes(data, size);
    munmap((void *)data, size);
    return use;
}

/* -lNAME as the linker finds it among the -L directories given so far: a
 * static archive is scanned; a shared library, or one found only in the
 * system's directories, is not (it brings its own dependencies). */
static RuntimeUse scan_library(Driver *d, const PtrVec *dirs, const char *name) {
    if (!strcmp(name, "camp")) return USES_RUNTIME;
    for (int i = 0; i < dirs->len; i++) {
        const char *dir = dirs->items[i];
        if (name[0] == ':') { /* -l:FILE: the file's own name */
            const char *file = arena_printf(&d->arena, "%s/%s", dir, name + 1);
            if (access(file, F_OK) == 0) return scan_file(file);
            continue;
        }
        if (access(arena_printf(&d->arena, "%s/lib%s.so", dir, name), F_OK) == 0) return USES_NOTHING;
        const char *archive = arena_printf(&d->arena, "%s/lib%s.a", dir, name);
        if (access(archive, F_OK) == 0) return scan_file(archive);
    }
    return USES_NOTHING;
}

bool driver_link_needs_runtime(Driver *d) {
    PtrVec dirs = {0};
    for (int i = 0; i < d->link_items.len; i++) {
        const LinkItem *it = d->link_items.items[i];
        RuntimeUse use = USES_NOTHING;
        if (it->input) {
            use = scan_file(it->input->is_source ? it->input->object : it->input->path);
        } else if (!strcmp(it->arg, "-L") || !strcmp(it->arg, "-l")) {
            const LinkItem *value = i + 1 < d->link_items.len ? d->link_items.items[++i] : NULL;
            if (value && it->arg[1] == 'L') vec_push(&d->arena, &dirs, (void *)value->arg);
            else if (value) use = scan_library(d, &dirs, value->arg);
        } else if (!strncmp(it->arg, "-L", 2)) {
            vec_push(&d->arena, &dirs, (void *)(it->arg + 2));
        } else if (!strncmp(it->arg, "-l", 2)) {
            use = scan_library(d, &dirs, it->arg + 2);
        }
        if (use != USES_NOTHING) return true;
    }
    return false;
}
