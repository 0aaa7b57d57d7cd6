/* prelude_pch.h — precompiled headers of the usual includes for the
 * harness's parses (prelude_pch.c). */
#ifndef CAMPCC_FUZZ_PRELUDE_PCH_H
#define CAMPCC_FUZZ_PRELUDE_PCH_H

#include <stdbool.h>

/* Makes the two PCHs (without and with camp_math.h's vector forms, as
 * Options.prelude_pch wants them) in a private directory removed at exit;
 * false if libclang cannot. */
bool prelude_pch_make(const char *include_dir, const char *pch[2]);

#endif
