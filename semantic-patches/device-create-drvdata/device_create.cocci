// SPDX-License-Identifier: GPL-2.0-only
/// device_create() gained a void *drvdata as its fourth argument, before
/// the format.  Insert NULL there in every call still in the old form.
///
/// Written by hand until kmigrate cocci generates it from the migration.
/// A call is converted only on evidence that it is in the old form
/// (cls, parent, devt, fmt, ...): a string literal as argument 4, an
/// integer as argument 5 (a format cannot be one), or exactly four
/// arguments (the new form needs at least five).  Evidence for the new
/// form (cls, parent, devt, drvdata, fmt, ...) keeps a call untouched: a
/// string literal as argument 5 with none as argument 4, NULL or a
/// pointer that is no string as argument 4 (a format is never NULL).
/// A literal as argument 4 is the old format whatever follows.  A call with evidence for neither
/// form, or for both, is never changed; the report, org and context
/// modes list it as ambiguous.  Nothing changes in a file that defines
/// its own device_create() or declares a static one; those calls are
/// listed as shadowed.
//
// Confidence: High
// Copyright: (C) 2025 The kmigrate authors.
// Comments: Idempotent: a converted call has a string literal or the old
//  format as argument 5 and NULL as argument 4.  Types are those spatch
//  infers from the file itself (--no-includes).  Give spatch one file a
//  group (--dir, or --file-groups).
// Options: --no-includes --include-headers --smpl-spacing
// Keywords: device_create, drvdata

virtual patch
virtual context
virtual org
virtual report

@defined_here@
type T;
@@

(
T device_create(...) { ... }
|
T device_create(..., ......) { ... }
)

@declared_static@
type T;
identifier f = {device_create};
@@

(
static T f(...);
|
static T f(..., ......);
)

// Every call showing a sign of the new form.
@new_form depends on !defined_here && !declared_static@
position p_new;
expression e1, e2, e3, e4;
constant char[] fmt;
{struct device *, struct class *} data;
@@

(
device_create@p_new(e1, e2, e3, e4, fmt, ...)
|
device_create@p_new(e1, e2, e3, NULL, ...)
|
device_create@p_new(e1, e2, e3, data, ...)
)

// Every call showing a sign of the old form.
@old_evidence depends on !defined_here && !declared_static@
position p_old;
expression e1, e2, e3, e4;
constant char[] fmt;
{int, unsigned int, long, unsigned long} i;
@@

(
device_create@p_old(e1, e2, e3, fmt, ...)
|
device_create@p_old(e1, e2, e3, e4, i, ...)
|
device_create@p_old(e1, e2, e3, e4)
)

// Old form: a literal format as argument 4, or old evidence and no new.
@old_form depends on !defined_here && !declared_static@
position p;
expression e1, e2, e3;
constant char[] fmt;
@@

device_create@p(e1, e2, e3, fmt, ...)

@old_form_too depends on !defined_here && !declared_static@
position old_evidence.p_old;
position p != {new_form.p_new, old_form.p};
@@

device_create@p_old@p(...)

@new_only depends on !patch && !defined_here && !declared_static@
position new_form.p_new;
position p != {old_form.p, old_form_too.p};
expression e1, e2, e3, e4, e5;
@@

device_create@p_new@p(e1, e2, e3, e4, e5, ...)

@ambiguous depends on !patch && !defined_here && !declared_static@
position p != {old_form.p, old_form_too.p, new_only.p};
@@

device_create@p(...)

@shadowed depends on !patch && (defined_here || declared_static)@
position p;
@@

device_create@p(...)

// Every call in the old form, once.
@old_any@
position p = {old_form.p, old_form_too.p};
@@

device_create@p(...)

@depends on patch@
position old_any.p;
expression e1, e2, e3;
@@

device_create@p(e1, e2, e3
+ , NULL
  , ...)

@depends on context@
position old_form.p;
@@

* device_create@p(...)

@depends on context@
position old_form_too.p;
@@

* device_create@p(...)

@depends on context@
position ambiguous.p;
@@

* device_create@p(...)

@depends on context@
position shadowed.p;
@@

* device_create@p(...)

@script:python depends on org@
p << old_form.p;
@@

coccilib.org.print_todo(p[0],
		"device_create() called without a drvdata argument; "
		"pass NULL as drvdata")

@script:python depends on org@
p << old_form_too.p;
@@

coccilib.org.print_todo(p[0],
		"device_create() called without a drvdata argument; "
		"pass NULL as drvdata")

@script:python depends on org@
p << ambiguous.p;
@@

coccilib.org.print_todo(p[0],
		"device_create(): cannot decide whether this call is "
		"in the old or the new form")

@script:python depends on org@
p << shadowed.p;
@@

coccilib.org.print_todo(p[0],
		"device_create() is defined in this file or declared "
		"static in it: not the driver-core call; left alone")

@script:python depends on report@
p << old_form.p;
@@

coccilib.report.print_report(p[0],
		"device_create() called without a drvdata argument; "
		"pass NULL as drvdata")

@script:python depends on report@
p << old_form_too.p;
@@

coccilib.report.print_report(p[0],
		"device_create() called without a drvdata argument; "
		"pass NULL as drvdata")

@script:python depends on report@
p << ambiguous.p;
@@

coccilib.report.print_report(p[0],
		"device_create(): cannot decide whether this call is "
		"in the old or the new form")

@script:python depends on report@
p << shadowed.p;
@@

coccilib.report.print_report(p[0],
		"device_create() is defined in this file or declared "
		"static in it: not the driver-core call; left alone")
