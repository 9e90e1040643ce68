// SPDX-License-Identifier: GPL-2.0-only
/// class_create() lost its struct module *owner, its first argument.
/// Remove it from every call still in the old form.
///
/// Written by hand until kmigrate cocci generates it from the migration.
/// A call is converted only on evidence that it is in the old form
/// (owner, name): exactly two arguments, as the old macro takes.  A call
/// with one argument is in the new form (name); a call of any other
/// arity is neither, and the report, org and context modes list it as
/// ambiguous.  Nothing changes in a file that defines its
/// own class_create() or declares a static one; those calls are listed
/// as shadowed.
//
// Confidence: High
// Copyright: (C) 2025 The kmigrate authors.
// Comments: Idempotent: a converted call has one argument, the new form.
//  The owner goes whatever it is; kmigrate apply warns when it was not
//  THIS_MODULE.  Types are those spatch infers from the file itself
//  (--no-includes).  Give spatch one file a group (--dir, or
//  --file-groups).
// Options: --no-includes --include-headers --smpl-spacing
// Keywords: class_create, owner, THIS_MODULE

virtual patch
virtual context
virtual org
virtual report

// A file that defines a function of that name, or declares a static one,
// calls its own function: none of its calls is converted.
@defined_here@
type T;
@@

(
T class_create(...) { ... }
|
T class_create(..., ......) { ... }
)

@declared_static@
type T;
identifier f = {class_create};
@@

(
static T f(...);
|
static T f(..., ......);
)

// The old form: the owner and the name.
@old_form depends on !defined_here && !declared_static@
position p;
expression owner, name;
@@

class_create@p(owner, name)

// The new form: one argument (an owner there is a type error, which
// kmigrate check reports; it is no old-form call).
@new_form depends on !patch && !defined_here && !declared_static@
position p;
expression name;
@@

class_create@p(name)

@ambiguous depends on !patch && !defined_here && !declared_static@
position p != {old_form.p, new_form.p};
@@

class_create@p(...)

@shadowed depends on !patch && (defined_here || declared_static)@
position p;
@@

class_create@p(...)

@depends on patch@
position old_form.p;
expression owner, name;
@@

  class_create@p(
- owner,
  name)

@depends on context@
position old_form.p;
@@

* class_create@p(...)

@depends on context@
position ambiguous.p;
@@

* class_create@p(...)

@depends on context@
position shadowed.p;
@@

* class_create@p(...)

@script:python depends on org@
p << old_form.p;
@@

coccilib.org.print_todo(p[0],
		"class_create() called with an owner; drop it")

@script:python depends on org@
p << ambiguous.p;
@@

coccilib.org.print_todo(p[0],
		"class_create(): cannot decide whether this call is "
		"in the old or the new form")

@script:python depends on org@
p << shadowed.p;
@@

coccilib.org.print_todo(p[0],
		"class_create() is defined in this file or declared "
		"static in it: not the driver-core call; left alone")

@script:python depends on report@
p << old_form.p;
@@

coccilib.report.print_report(p[0],
		"class_create() called with an owner; drop it")

@script:python depends on report@
p << ambiguous.p;
@@

coccilib.report.print_report(p[0],
		"class_create(): cannot decide whether this call is "
		"in the old or the new form")

@script:python depends on report@
p << shadowed.p;
@@

coccilib.report.print_report(p[0],
		"class_create() is defined in this file or declared "
		"static in it: not the driver-core call; left alone")
