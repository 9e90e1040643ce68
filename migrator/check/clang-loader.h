/*
 * clang-loader.h - libclang, opened with dlopen() at first use (see
 * clang-loader.c), so that kmigrate starts without it and only the
 * commands that parse C (check, and series and run through it) need it.
 *
 * KM_CLANG_FUNCTIONS lists every libclang function kmigrate calls, one a
 * line, without the "clang_" prefix.  The prototypes are libclang's own:
 * each member of struct clang_api has the type of the declaration in
 * <clang-c/Index.h>, so the table cannot drift from the library.  To call
 * a new function: add its line here; clang-calls.h then refuses to compile
 * until its redirection line is added there too.
 *
 * Caller's steps: clang_loader_init() before the first libclang call
 * (-1: the one-line message is printed, exit 2); then call libclang
 * through clang-calls.h, which keeps the code reading clang_xxx(...).
 */
#ifndef KM_CLANG_LOADER_H
#define KM_CLANG_LOADER_H

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>

#define KM_CLANG_FUNCTIONS(FN)                     \
	FN(createIndex)                            \
	FN(disposeIndex)                           \
	FN(parseTranslationUnit2)                  \
	FN(reparseTranslationUnit)                 \
	FN(disposeTranslationUnit)                 \
	FN(getInclusions)                          \
	FN(getFileName)                            \
	FN(getTranslationUnitCursor)               \
	FN(visitChildren)                          \
	FN(getNullCursor)                          \
	FN(Cursor_isNull)                          \
	FN(equalCursors)                           \
	FN(getCursor)                              \
	FN(Cursor_getTranslationUnit)              \
	FN(getLocationForOffset)                   \
	FN(getCursorSemanticParent)                \
	FN(getCursorReferenced)                    \
	FN(getCanonicalCursor)                     \
	FN(isDeclaration)                          \
	FN(getCursorKind)                          \
	FN(getCursorType)                          \
	FN(getCursorLocation)                      \
	FN(getCursorExtent)                        \
	FN(getRangeStart)                          \
	FN(getRangeEnd)                            \
	FN(getCursorSpelling)                      \
	FN(isExpression)                           \
	FN(Cursor_getNumArguments)                 \
	FN(Cursor_getArgument)                     \
	FN(Cursor_Evaluate)                        \
	FN(EvalResult_getKind)                     \
	FN(EvalResult_getAsLongLong)               \
	FN(EvalResult_getAsStr)                    \
	FN(EvalResult_dispose)                     \
	FN(getCanonicalType)                       \
	FN(getPointeeType)                         \
	FN(getResultType)                          \
	FN(getCursorDefinition)                    \
	FN(isCursorDefinition)                     \
	FN(getTypeDeclaration)                     \
	FN(isInvalidDeclaration)                   \
	FN(getTypedefDeclUnderlyingType)           \
	FN(getArrayElementType)                    \
	FN(getTypeSpelling)                        \
	FN(Location_isFromMainFile)                \
	FN(getExpansionLocation)                   \
	FN(getSpellingLocation)                    \
	FN(getFile)                                \
	FN(getNumDiagnostics)                      \
	FN(getDiagnostic)                          \
	FN(getDiagnosticSeverity)                  \
	FN(getDiagnosticSpelling)                  \
	FN(getDiagnosticLocation)                  \
	FN(disposeDiagnostic)                      \
	FN(getCString)                             \
	FN(disposeString)                          \
	FN(CompilationDatabase_fromDirectory)      \
	FN(CompilationDatabase_getCompileCommands) \
	FN(CompilationDatabase_dispose)            \
	FN(CompileCommands_getSize)                \
	FN(CompileCommands_getCommand)             \
	FN(CompileCommands_dispose)                \
	FN(CompileCommand_getDirectory)            \
	FN(CompileCommand_getNumArgs)              \
	FN(CompileCommand_getArg)

/* one function pointer per line of KM_CLANG_FUNCTIONS */
struct clang_api {
	void *handle; /* dlopen()'s, NULL until opened */
	char *path;   /* what was opened */
#define KM_CLANG_MEMBER(fn) __typeof__(clang_##fn) *fn;
	KM_CLANG_FUNCTIONS(KM_CLANG_MEMBER)
#undef KM_CLANG_MEMBER
};

struct strbuf;

/*
 * Which libclang clang_loader_init() would open, without opening it:
 * its path, size, time and inode appended to identity (check's result
 * cache keys on it, so that a run whose files are all in the cache
 * never loads libclang).  -1 when only the loader's cache could find it.
 */
int clang_loader_locate(struct strbuf *identity);

/* the process's libclang, filled by clang_loader_init() */
extern struct clang_api km_clang;

/*
 * Open libclang once per process (any thread may call it; later calls
 * return the first one's result): 0, or -1 after printing one line, e.g.
 * "kmigrate: cannot load libclang (libclang.so: cannot open shared object
 * file: No such file or directory); install it with 'apt-get install
 * libclang-dev'".  $KMIGRATE_LIBCLANG, when set, is the only path tried.
 */
int clang_loader_init(void);
/*
 * The same without a word when it fails, for a command that does
 * without libclang (apply: the values of case arguments); a later
 * clang_loader_init() says it
 */
int clang_loader_try(void);

/*
 * clang_loader_init() on a thread of its own, for a command that will
 * need libclang only after other work (series: after spatch), so that
 * LLVM's load (a tenth of a second) overlaps it; a later
 * clang_loader_init() waits for it.  When the library is not found
 * where clang_loader_locate() looks, or $KMIGRATE_LIBCLANG is set,
 * clang_loader_init() runs at once, and its -1 is returned.
 */
int clang_loader_preload(void);

/*
 * Open the library at path (a file name alone goes through the dynamic
 * loader's search) and resolve every function into api.  -1 with *why
 * set (to free) when it cannot be opened or lacks a function; api is
 * then left empty.  clang_api_close() undoes a successful open.
 */
int clang_api_open(struct clang_api *api, const char *path, char **why);
void clang_api_close(struct clang_api *api);

#endif
