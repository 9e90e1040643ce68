/*
 * clang-expr-type.c - what libclang says one argument expression is
 * (see clang-expr-type.h): its type as written, below the implicit
 * conversions, and whether it is a null pointer constant or a string
 * literal.
 *
 * Contract: reads the cursor only; fills the argument's type, canonical,
 * type_source, is_null, is_literal and literal.  An expression libclang
 * recovered from an error, or whose type it made up after one (a call
 * of a function it never saw declared included), gets no
 * type: the rules do not judge it.
 */
#include <stdlib.h>
#include <string.h>

#include "clang-analysis.h"
#include "clang-calls.h"
#include "clang-expr-type.h"
#include "strbuf.h"
#include "util.h"

struct child_count {
	CXCursor first, last;
	unsigned int nr;
};

static enum CXChildVisitResult count_child(CXCursor cursor, CXCursor parent,
					   CXClientData data)
{
	struct child_count *cc = data;

	(void)parent;
	if (!cc->nr++)
		cc->first = cursor;
	cc->last = cursor;
	return CXChildVisit_Continue;
}

static struct child_count children(CXCursor cursor)
{
	struct child_count cc = { clang_getNullCursor(), clang_getNullCursor(),
				  0 };

	clang_visitChildren(cursor, count_child, &cc);
	return cc;
}

/* where a cursor's text starts and ends, as the file spells it */
static int same_extent(CXCursor a, CXCursor b)
{
	CXSourceRange ra = clang_getCursorExtent(a);
	CXSourceRange rb = clang_getCursorExtent(b);
	unsigned int a0, a1, b0, b1;

	clang_getExpansionLocation(clang_getRangeStart(ra), NULL, NULL, NULL,
				   &a0);
	clang_getExpansionLocation(clang_getRangeEnd(ra), NULL, NULL, NULL,
				   &a1);
	clang_getExpansionLocation(clang_getRangeStart(rb), NULL, NULL, NULL,
				   &b0);
	clang_getExpansionLocation(clang_getRangeEnd(rb), NULL, NULL, NULL,
				   &b1);
	return a0 == b0 && a1 == b1;
}

/*
 * Below the implicit conversions libclang shows as unexposed: an
 * unexposed expression that spells its only operand's text.  One that
 * spells more (an expression libclang recovered from an error, "h->id"
 * around its valid part "h") is the argument itself: its operand's type
 * is not the argument's.
 */
static CXCursor strip_implicit(CXCursor cursor, int *recovered)
{
	*recovered = 0;
	while (clang_getCursorKind(cursor) == CXCursor_UnexposedExpr) {
		struct child_count cc = children(cursor);

		if (cc.nr != 1 ||
		    !clang_isExpression(clang_getCursorKind(cc.first)))
			break;
		if (!same_extent(cursor, cc.first)) {
			*recovered = 1;
			break;
		}
		cursor = cc.first;
	}
	return cursor;
}

/* below parentheses and implicit conversions */
static CXCursor strip_parens(CXCursor cursor)
{
	for (;;) {
		enum CXCursorKind kind = clang_getCursorKind(cursor);
		struct child_count cc;

		if (kind != CXCursor_ParenExpr &&
		    kind != CXCursor_UnexposedExpr)
			return cursor;
		cc = children(cursor);
		if (cc.nr != 1)
			return cursor;
		cursor = cc.first;
	}
}

static int is_integer_type(CXType type)
{
	enum CXTypeKind kind = clang_getCanonicalType(type).kind;

	return kind >= CXType_Bool && kind <= CXType_Int128;
}

/* 0, (void *)0, ((void *)0), NULL: by the expression, not the type */
static int is_null_constant(CXCursor cursor)
{
	CXEvalResult value;
	int null = 0;

	cursor = strip_parens(cursor);
	while (clang_getCursorKind(cursor) == CXCursor_CStyleCastExpr &&
	       clang_getCursorType(cursor).kind == CXType_Pointer)
		cursor = strip_parens(children(cursor).last);
	if (!is_integer_type(clang_getCursorType(cursor)))
		return 0;
	value = clang_Cursor_Evaluate(cursor);
	if (value) {
		null = clang_EvalResult_getKind(value) == CXEval_Int &&
		       clang_EvalResult_getAsLongLong(value) == 0;
		clang_EvalResult_dispose(value);
	}
	return null;
}

static char *type_spelling(CXType type)
{
	CXString s = clang_getTypeSpelling(type);
	char *copy = xstrdup(clang_getCString(s));
	char *bracket = strchr(copy, '[');

	clang_disposeString(s);
	/* a string literal's char[4] is passed as a char * */
	if (bracket && bracket > copy && strchr(bracket, ']') &&
	    !strchr(copy, '(')) {
		char *decayed = xstrfmt("%.*s *", (int)(bracket - copy), copy);

		free(copy);
		copy = decayed;
	}
	return copy;
}

/* what a pointer points to, an array's element; else the null type */
static CXType element_type(CXType type)
{
	CXType none = { CXType_Invalid, { NULL, NULL } };

	switch (type.kind) {
	case CXType_Pointer:
		return clang_getPointeeType(type);
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
	case CXType_VariableArray:
	case CXType_DependentSizedArray:
		return clang_getArrayElementType(type);
	default:
		return none;
	}
}

/*
 * A type libclang made up after an error: a typedef (through others)
 * whose declaration is invalid, as "typedef __u32 u32;" is in a parse
 * that lost __u32; its canonical type is whatever libclang recovered
 * ("int").  A pointer to one, or an array of them ("u8 name[16]"), is
 * made up as much.
 */
static int is_recovered_type(CXType type)
{
	int depth;

	for (depth = 0; depth < 32; depth++) {
		CXType below = element_type(type);

		if (below.kind != CXType_Invalid) {
			type = below;
			continue;
		}
		if (type.kind != CXType_Typedef)
			break;
		if (clang_isInvalidDeclaration(clang_getTypeDeclaration(type)))
			return 1;
		type = clang_getTypedefDeclUnderlyingType(
			clang_getTypeDeclaration(type));
	}
	return type.kind == CXType_Invalid || type.kind == CXType_Dependent;
}

int clang_implicit_declaration(CXCursor decl)
{
	/* what stands at its place is the call that made it */
	CXCursor at = clang_getCursor(clang_Cursor_getTranslationUnit(decl),
				      clang_getCursorLocation(decl));

	return clang_isExpression(clang_getCursorKind(at));
}

/*
 * A call of a function the parse never saw declared (its header is in
 * an #if branch not taken, or lost to an error): C89's implicit
 * declaration, whose "int" is made up
 */
static int calls_undeclared(CXCursor expr)
{
	CXCursor callee;

	expr = strip_parens(expr);
	if (clang_getCursorKind(expr) != CXCursor_CallExpr)
		return 0;
	callee = clang_getCursorReferenced(expr);
	return !clang_Cursor_isNull(callee) &&
	       clang_getCursorKind(callee) == CXCursor_FunctionDecl &&
	       clang_implicit_declaration(callee);
}

void clang_argument_type(struct call_argument *arg, CXCursor cursor)
{
	int recovered;
	CXCursor written = strip_implicit(cursor, &recovered);
	CXType type = clang_getCursorType(written);

	/* an expression recovered from an error has no type to judge */
	if (!recovered && !is_recovered_type(type) &&
	    !calls_undeclared(written)) {
		arg->type = type_spelling(type);
		arg->canonical = type_spelling(clang_getCanonicalType(type));
		arg->type_source = TYPE_FROM_LIBCLANG;
	}
	arg->is_null = is_null_constant(written);
	if (clang_getCursorKind(strip_parens(written)) ==
	    CXCursor_StringLiteral) {
		CXEvalResult value = clang_Cursor_Evaluate(cursor);

		arg->is_literal = 1;
		if (value &&
		    clang_EvalResult_getKind(value) == CXEval_StrLiteral)
			arg->literal =
				xstrdup(clang_EvalResult_getAsStr(value));
		if (value)
			clang_EvalResult_dispose(value);
	}
}
