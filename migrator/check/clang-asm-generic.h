/*
 * clang-asm-generic.h - the <asm/NAME.h> wrappers of asm-generic that
 * Kbuild generates, for a tree that was never built (clang-asm-generic.c
 * says why).  clang-env.c uses it, it only; callers use
 * clang-analysis.h.
 */
#ifndef KM_CLANG_ASM_GENERIC_H
#define KM_CLANG_ASM_GENERIC_H

/*
 * Write scratch/asm-generic-wrappers/asm/NAME.h, "#include
 * <asm-generic/NAME.h>", for each header of the tree's asm-generic
 * directories: the directory to put last on the include path, or NULL
 * when the tree has none
 */
char *clang_asm_generic_write(const char *scratch, const char *tree);

#endif
