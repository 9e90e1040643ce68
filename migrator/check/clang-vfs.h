/*
 * clang-vfs.h - the virtual file system libclang parses a tree
 * through: an LLVM overlay (-ivfsoverlay, "fallthrough": false) that
 * shows the tree, clang's own headers and kmigrate's scratch headers,
 * and hides whatever in the tree libclang must not open (clang-vfs.c
 * says what).  clang-env.c writes it, they only; callers use
 * clang-analysis.h.
 */
#ifndef KM_CLANG_VFS_H
#define KM_CLANG_VFS_H

/*
 * Write scratch/vfs.yaml for tree (resolved), with resource_dir (or
 * NULL), the scratch include directory, the directory the scratch
 * asm link leads to (or NULL) and the scratch "generated" directory of
 * clang-env.c (or NULL) shown as they are: its path, or NULL
 * (reported).  Walks the whole tree once.
 */
char *clang_vfs_write(const char *scratch, const char *tree,
		      const char *resource_dir, const char *include,
		      const char *asm_dir, const char *generated);

#endif
