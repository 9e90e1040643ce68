/*
 * clang-asm-generic.h - the <asm/NAME.h> wrappers of asm-generic that
 * Kbuild generates, for a tree that was never built (clang-asm-generic.c
 * says why).  clang-env.c uses it, it only; callers use
 * clang-analysis.h.
 */
#ifndef KM_CLANG_ASM_GENERIC_H
#define KM_CLANG_ASM_GENERIC_H

/*
 * Write dir/asm/NAME.h, "#include <asm-generic/NAME.h>", for each header
 * of the tree's asm-generic directories; dir exists.  Returns how many
 * were written: dir is then to be put last on the include path.
 */
int clang_asm_generic_write(const char *dir, const char *tree);

#endif
