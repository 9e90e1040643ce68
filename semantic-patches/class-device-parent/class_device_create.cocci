// SPDX-License-Identifier: GPL-2.0-only
/// class_device_create() gained a struct class_device *parent as its second
/// argument.  Insert NULL there in every call still in the old form.
///
/// A call is converted only on evidence that it is in the old form
/// (cls, devt, device, fmt, ...): a string literal or a char * as
/// argument 4, MKDEV() or a dev_t as argument 2, NULL or a
/// struct device * as argument 3, or exactly four arguments (the new form
/// needs at least five).  Evidence for the new form (parent, devt,
/// device, fmt, ...) keeps a call untouched: NULL, an address or a
/// struct class_device * as argument 2, MKDEV() or a dev_t as argument 3,
/// a struct device * as argument 4.  A call with evidence for neither
/// form, or for both, is never changed; the report, org and context modes
/// list it as ambiguous.  Nothing changes in a file that defines its own
/// class_device_create() or declares a static one; those calls are listed
/// as shadowed.
//
// Confidence: High
// Copyright: (C) 2025 The kmigrate authors.
// Comments: Idempotent: every converted call has NULL as argument 2, which
//  is evidence for the new form.  Types are those spatch infers from the
//  file itself (--no-includes); a dev_t that only a header declares gives
//  no evidence.  Give spatch one file a group (--dir, or --file-groups);
//  files named together on one command line form a single group, where a
//  file's own class_device_create() switches conversion off for all.
// Options: --no-includes --include-headers --smpl-spacing
// Keywords: class_device_create, class_device, parent

virtual patch
virtual context
virtual org
virtual report

// A file that defines a function of that name, or declares a static one,
// calls its own function (a file-local namesake, or the driver core's
// definition itself): none of its calls is converted.
@defined_here@
type T;
@@

(
T class_device_create(...) { ... }
|
T class_device_create(..., ......) { ... }
)

@declared_static@
type T;
identifier f = {class_device_create};
@@

(
static T f(...);
|
static T f(..., ......);
)

// Every call showing a sign of the new form.
@new_form depends on !defined_here && !declared_static@
position p_new;
expression cls, e, e2, e3;
struct class_device *parent;
typedef dev_t;
dev_t devt;
struct device *device;
@@

(
class_device_create@p_new(cls, NULL, ...)
|
class_device_create@p_new(cls, parent, ...)
|
class_device_create@p_new(cls, &e, ...)
|
class_device_create@p_new(cls, e2, MKDEV(...), ...)
|
class_device_create@p_new(cls, e2, devt, ...)
|
class_device_create@p_new(cls, e2, e3, device, ...)
)

// Every call showing a sign of the old form.
@old_evidence depends on !defined_here && !declared_static@
position p_old;
expression cls, e2, e3, e4;
constant char[] fmt;
{char *, const char *} name;
dev_t devt;
struct device *device;
@@

(
class_device_create@p_old(cls, e2, e3, fmt, ...)
|
class_device_create@p_old(cls, e2, e3, name, ...)
|
class_device_create@p_old(cls, MKDEV(...), e3, e4, ...)
|
class_device_create@p_old(cls, devt, e3, e4, ...)
|
class_device_create@p_old(cls, e2, NULL, e4, ...)
|
class_device_create@p_old(cls, e2, device, e4, ...)
|
class_device_create@p_old(cls, e2, e3, e4)
)

// Old form: old evidence and no new evidence.
@old_form@
position old_evidence.p_old;
position p != {new_form.p_new};
@@

class_device_create@p_old@p(...)

// New form: new evidence, no old evidence, and enough arguments.
@new_only depends on !patch && !defined_here && !declared_static@
position new_form.p_new;
position p != {old_evidence.p_old};
expression e1, e2, e3, e4, e5;
@@

class_device_create@p_new@p(e1, e2, e3, e4, e5, ...)

// Everything else: no evidence, evidence for both forms, or too few
// arguments for the form the evidence points to.
@ambiguous depends on !patch && !defined_here && !declared_static@
position p != {old_form.p, new_only.p};
@@

class_device_create@p(...)

// Calls in a file with its own class_device_create().
@shadowed depends on !patch && (defined_here || declared_static)@
position p;
@@

class_device_create@p(...)

@depends on patch@
position old_form.p;
expression cls;
@@

class_device_create@p(cls
+ , NULL
  , ...)

@depends on context@
position old_form.p;
@@

* class_device_create@p(...)

@depends on context@
position ambiguous.p;
@@

* class_device_create@p(...)

@depends on context@
position shadowed.p;
@@

* class_device_create@p(...)

@script:python depends on org@
p << old_form.p;
@@

coccilib.org.print_todo(p[0],
		"class_device_create() called without a parent argument; "
		"pass NULL as parent")

@script:python depends on org@
p << ambiguous.p;
@@

coccilib.org.print_todo(p[0],
		"class_device_create(): cannot decide whether this call is "
		"in the old or the new form")

@script:python depends on org@
p << shadowed.p;
@@

coccilib.org.print_todo(p[0],
		"class_device_create() is defined in this file or declared "
		"static in it: not the driver-core call; left alone")

@script:python depends on report@
p << old_form.p;
@@

coccilib.report.print_report(p[0],
		"class_device_create() called without a parent argument; "
		"pass NULL as parent")

@script:python depends on report@
p << ambiguous.p;
@@

coccilib.report.print_report(p[0],
		"class_device_create(): cannot decide whether this call is "
		"in the old or the new form")

@script:python depends on report@
p << shadowed.p;
@@

coccilib.report.print_report(p[0],
		"class_device_create() is defined in this file or declared "
		"static in it: not the driver-core call; left alone")
