/*
 * clang-calls.h - libclang's function names, redirected to the table
 * clang-loader.c fills at run time, that clang-analysis.c,
 * clang-callback.c, clang-env.c, clang-expr-type.c, clang-find.c,
 * clang-tu.c and clang-value.c share, they only; callers use
 * clang-analysis.h.  The code calling libclang reads
 * clang_getCursorType(cursor) as libclang's own documentation does; the
 * names become macros, so no other file may include it.
 *
 * One line per line of KM_CLANG_FUNCTIONS (clang-loader.h).  The C
 * preprocessor cannot write #define lines, so these are kept by hand;
 * the assertions at the end fail the build when a function of the list
 * has no line here, and a line here without its function in the list
 * fails to compile at its first use (km_clang has no such member).
 */
#ifndef KM_CLANG_CALLS_H
#define KM_CLANG_CALLS_H

#include "clang-loader.h"

#define clang_createIndex km_clang.createIndex
#define clang_disposeIndex km_clang.disposeIndex
#define clang_parseTranslationUnit2 km_clang.parseTranslationUnit2
#define clang_reparseTranslationUnit km_clang.reparseTranslationUnit
#define clang_disposeTranslationUnit km_clang.disposeTranslationUnit
#define clang_getInclusions km_clang.getInclusions
#define clang_getFileName km_clang.getFileName
#define clang_getTranslationUnitCursor km_clang.getTranslationUnitCursor
#define clang_visitChildren km_clang.visitChildren
#define clang_getNullCursor km_clang.getNullCursor
#define clang_Cursor_isNull km_clang.Cursor_isNull
#define clang_equalCursors km_clang.equalCursors
#define clang_getCursor km_clang.getCursor
#define clang_Cursor_getTranslationUnit km_clang.Cursor_getTranslationUnit
#define clang_getLocationForOffset km_clang.getLocationForOffset
#define clang_getCursorSemanticParent km_clang.getCursorSemanticParent
#define clang_getCursorReferenced km_clang.getCursorReferenced
#define clang_getCanonicalCursor km_clang.getCanonicalCursor
#define clang_isDeclaration km_clang.isDeclaration
#define clang_getCursorKind km_clang.getCursorKind
#define clang_getCursorType km_clang.getCursorType
#define clang_getCursorLocation km_clang.getCursorLocation
#define clang_getCursorExtent km_clang.getCursorExtent
#define clang_getRangeStart km_clang.getRangeStart
#define clang_getRangeEnd km_clang.getRangeEnd
#define clang_getCursorSpelling km_clang.getCursorSpelling
#define clang_isExpression km_clang.isExpression
#define clang_Cursor_getNumArguments km_clang.Cursor_getNumArguments
#define clang_Cursor_getArgument km_clang.Cursor_getArgument
#define clang_Cursor_Evaluate km_clang.Cursor_Evaluate
#define clang_EvalResult_getKind km_clang.EvalResult_getKind
#define clang_EvalResult_getAsLongLong km_clang.EvalResult_getAsLongLong
#define clang_EvalResult_getAsStr km_clang.EvalResult_getAsStr
#define clang_EvalResult_dispose km_clang.EvalResult_dispose
#define clang_getCanonicalType km_clang.getCanonicalType
#define clang_getPointeeType km_clang.getPointeeType
#define clang_getResultType km_clang.getResultType
#define clang_getCursorDefinition km_clang.getCursorDefinition
#define clang_isCursorDefinition km_clang.isCursorDefinition
#define clang_getTypeDeclaration km_clang.getTypeDeclaration
#define clang_isInvalidDeclaration km_clang.isInvalidDeclaration
#define clang_getTypedefDeclUnderlyingType km_clang.getTypedefDeclUnderlyingType
#define clang_getArrayElementType km_clang.getArrayElementType
#define clang_getTypeSpelling km_clang.getTypeSpelling
#define clang_Location_isFromMainFile km_clang.Location_isFromMainFile
#define clang_getExpansionLocation km_clang.getExpansionLocation
#define clang_getSpellingLocation km_clang.getSpellingLocation
#define clang_getFile km_clang.getFile
#define clang_getNumDiagnostics km_clang.getNumDiagnostics
#define clang_getDiagnostic km_clang.getDiagnostic
#define clang_getDiagnosticSeverity km_clang.getDiagnosticSeverity
#define clang_getDiagnosticSpelling km_clang.getDiagnosticSpelling
#define clang_getDiagnosticLocation km_clang.getDiagnosticLocation
#define clang_disposeDiagnostic km_clang.disposeDiagnostic
#define clang_getCString km_clang.getCString
#define clang_disposeString km_clang.disposeString
#define clang_CompilationDatabase_fromDirectory \
	km_clang.CompilationDatabase_fromDirectory
#define clang_CompilationDatabase_getCompileCommands \
	km_clang.CompilationDatabase_getCompileCommands
#define clang_CompilationDatabase_dispose km_clang.CompilationDatabase_dispose
#define clang_CompileCommands_getSize km_clang.CompileCommands_getSize
#define clang_CompileCommands_getCommand km_clang.CompileCommands_getCommand
#define clang_CompileCommands_dispose km_clang.CompileCommands_dispose
#define clang_CompileCommand_getDirectory km_clang.CompileCommand_getDirectory
#define clang_CompileCommand_getNumArgs km_clang.CompileCommand_getNumArgs
#define clang_CompileCommand_getArg km_clang.CompileCommand_getArg

#define KM_CLANG_STR(x) #x
#define KM_CLANG_XSTR(x) KM_CLANG_STR(x)
#define KM_CLANG_REDIRECTED(fn)                             \
	_Static_assert(sizeof(KM_CLANG_XSTR(clang_##fn)) == \
			       sizeof("km_clang." #fn),     \
		       "clang_" #fn " has no line in clang-calls.h");
KM_CLANG_FUNCTIONS(KM_CLANG_REDIRECTED)
#undef KM_CLANG_REDIRECTED

#endif
