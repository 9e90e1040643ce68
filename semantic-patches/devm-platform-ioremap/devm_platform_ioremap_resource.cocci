// SPDX-License-Identifier: GPL-2.0-only
/// Map a platform device's memory resource with
/// devm_platform_ioremap_resource(pdev, n) where a driver looks the
/// resource up with platform_get_resource(pdev, IORESOURCE_MEM, n) only
/// to hand it to devm_ioremap_resource().
///
/// The lookup and the mapping become one call when the device mapped
/// for is the platform device's own (&pdev->dev, or a variable
/// initialized to it and never set again), the resource's variable is
/// not read between them, nor after the mapping (before it is set
/// again); the variable's declaration goes when nothing else in the
/// function uses it.  Every other call of devm_ioremap_resource() is
/// left as it is.
//
// Written for kmigrate (semantic-patches/devm-platform-ioremap).
// Confidence: High
// Copyright: (C) 2025 The kmigrate authors.
// Comments: with -D left (kmigrate), each call left is named on stderr
//  with the reason, one "kmigrate-left: FILE:LINE: REASON" line.
// Options: --no-includes --include-headers
// Keywords: devm_ioremap_resource, devm_platform_ioremap_resource

virtual patch
virtual report
virtual left

@initialize:python@
@@
import re
import sys
named = set()
report_mode = False
# each mapping's lookups that reach it: (file, line, column) -> set
lookups = {}

def where(p):
	return (p[0].file, p[0].line, p[0].column)

# one lookup reaches the mapping at p: fusing them cannot clash
def one_lookup(p):
	return len(lookups.get(where(p), ())) == 1

# a line for each call left: on stderr for kmigrate (-D left), or a
# report; the first reason found for a call is its reason
def leave(p, why):
	key = (p[0].file, p[0].line)
	if key in named:
		return
	named.add(key)
	if report_mode:
		coccilib.report.print_report(p[0], why)
	else:
		sys.stderr.write("kmigrate-left: %s:%s: %s\n" %
				 (p[0].file, p[0].line, why))

def same(a, b):
	return a.replace(" ", "") == b.replace(" ", "")

# the pair, not converted: why
def left_pair(p, pdev, d, var):
	own = "&%s->dev" % pdev
	if not same(d, own):
		leave(p, "the device '%s' is not known to be '%s', the "
		      "platform device's own" % (d, own))
	elif not re.match(r"^[A-Za-z_]\w*$", var):
		leave(p, "the resource is kept in '%s', which the conversion "
		      "would drop" % var)
	else:
		leave(p, "'%s' is read after the mapping" % var)

# the resource set to x before the mapping, not converted: why
def left_lookup(p, x, var):
	m = re.match(r"^\s*(\w+)\s*\((.*)\)\s*$", x, re.S)
	fn = m.group(1) if m else ""
	args = [a.strip() for a in m.group(2).split(",")] if m else []
	if fn == "platform_get_resource" and len(args) == 3 and \
	   not same(args[1], "IORESOURCE_MEM"):
		leave(p, "the resource is looked up with %s, not "
		      "IORESOURCE_MEM" % args[1])
	elif fn == "platform_get_resource":
		leave(p, "'%s' is read between platform_get_resource() and "
		      "the mapping" % var)
	elif fn == "platform_get_resource_byname":
		leave(p, "the resource is looked up by name "
		      "(platform_get_resource_byname())")
	else:
		leave(p, "the resource '%s' is not looked up with "
		      "platform_get_resource(): it is '%s'" % (var, x))

@initialize:python depends on report@
@@
report_mode = True

// every lookup that reaches a mapping of its resource, whatever the
// device: a mapping two lookups reach (one in each branch of an if) has
// no one index to fuse with, and two fusions of it would clash
@fusable depends on patch || report@
expression pdev, n, d, e;
identifier res, b;
type T;
position p1, p;
@@

(
  res = platform_get_resource@p1(pdev, IORESOURCE_MEM, n);
|
  struct resource *res = platform_get_resource@p1(pdev, IORESOURCE_MEM, n);
)
  ... when != res
(
  e = devm_ioremap_resource@p(d, res);
|
  T b = devm_ioremap_resource@p(d, res);
|
  return devm_ioremap_resource@p(d, res);
)

@script:python depends on patch || report@
p1 << fusable.p1;
p << fusable.p;
@@
lookups.setdefault(where(p), set()).add(where(p1))

@script:python depends on left || report@
p << fusable.p;
@@
if not one_lookup(p):
	leave(p, "%d lookups of the resource reach the mapping: no one "
	      "index to pass" % len(lookups[where(p)]))

// the device is written &pdev->dev
@found depends on report@
expression pdev, n, base, e;
identifier res, b;
type T;
position p : script:python() { one_lookup(p) };
@@

(
  res = platform_get_resource(pdev, IORESOURCE_MEM, n);
|
  struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, n);
)
  ... when != res
(
  base = devm_ioremap_resource@p(&pdev->dev, res);
|
  T b = devm_ioremap_resource@p(&pdev->dev, res);
|
  return devm_ioremap_resource@p(&pdev->dev, res);
)
  ... when != res
? res = e;

// the device is a variable set to &pdev->dev, or pdev to_platform_device()
// of it, and neither set again
@founddev depends on report@
expression n, base, e, e2;
identifier pdev, dv, res, b;
type T;
position p : script:python() { one_lookup(p) };
@@

(
  struct device *dv = &pdev->dev;
|
  struct platform_device *pdev = to_platform_device(dv);
)
  ... when != dv = e2
      when != pdev = e2
      when any
(
  res = platform_get_resource(pdev, IORESOURCE_MEM, n);
|
  struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, n);
)
  ... when != res
      when != dv = e2
(
  base = devm_ioremap_resource@p(dv, res);
|
  T b = devm_ioremap_resource@p(dv, res);
|
  return devm_ioremap_resource@p(dv, res);
)
  ... when != res
? res = e;

@script:python depends on report@
p << found.p;
@@
leave(p, "devm_ioremap_resource() of platform_get_resource(): use "
      "devm_platform_ioremap_resource()")

@script:python depends on report@
p << founddev.p;
@@
leave(p, "devm_ioremap_resource() of platform_get_resource(): use "
      "devm_platform_ioremap_resource()")

// the pair, its device a variable that is &pdev->dev: res is read after
@alias depends on (patch && left) || report@
expression n, e, e2;
identifier pdev, dv, res, b;
type T;
position p;
@@

(
  struct device *dv = &pdev->dev;
|
  struct platform_device *pdev = to_platform_device(dv);
)
  ... when != dv = e2
      when != pdev = e2
      when any
(
  res = platform_get_resource(pdev, IORESOURCE_MEM, n);
|
  struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, n);
)
  ... when != res
      when != dv = e2
(
  e = devm_ioremap_resource@p(dv, res);
|
  T b = devm_ioremap_resource@p(dv, res);
|
  return devm_ioremap_resource@p(dv, res);
)

@script:python depends on left || report@
p << alias.p;
res << alias.res;
@@
leave(p, "'%s' is read after the mapping" % res)

// the pair, any device, the resource in any lvalue: why it is left
@pair depends on (patch && left) || report@
expression pdev, n, d, e, res;
identifier b;
type T;
position p;
@@

  res = platform_get_resource(pdev, IORESOURCE_MEM, n);
  ... when != res
(
  e = devm_ioremap_resource@p(d, res);
|
  T b = devm_ioremap_resource@p(d, res);
|
  return devm_ioremap_resource@p(d, res);
)

@script:python depends on left || report@
p << pair.p;
pdev << pair.pdev;
d << pair.d;
res << pair.res;
@@
left_pair(p, pdev, d, res)

@pairdecl depends on (patch && left) || report@
expression pdev, n, d, e;
identifier res, b;
type T;
position p;
@@

  struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, n);
  ... when != res
(
  e = devm_ioremap_resource@p(d, res);
|
  T b = devm_ioremap_resource@p(d, res);
|
  return devm_ioremap_resource@p(d, res);
)

@script:python depends on left || report@
p << pairdecl.p;
pdev << pairdecl.pdev;
d << pairdecl.d;
res << pairdecl.res;
@@
left_pair(p, pdev, d, res)

// the resource set otherwise, or read between: why it is left
@lookup depends on (patch && left) || report@
expression d, e, e2, res, x;
identifier b;
type T;
position p;
@@

  res = x;
  ... when != res = e2
      when exists
(
  e = devm_ioremap_resource@p(d, res);
|
  T b = devm_ioremap_resource@p(d, res);
|
  return devm_ioremap_resource@p(d, res);
)

@script:python depends on left || report@
p << lookup.p;
x << lookup.x;
res << lookup.res;
@@
left_lookup(p, x, res)

@lookupdecl depends on (patch && left) || report@
expression d, e, e2, x;
identifier res, b;
type T;
position p;
@@

  struct resource *res = x;
  ... when != res = e2
      when exists
(
  e = devm_ioremap_resource@p(d, res);
|
  T b = devm_ioremap_resource@p(d, res);
|
  return devm_ioremap_resource@p(d, res);
)

@script:python depends on left || report@
p << lookupdecl.p;
x << lookupdecl.x;
res << lookupdecl.res;
@@
left_lookup(p, x, res)

@other depends on (patch && left) || report@
expression d, res;
position p;
@@

  devm_ioremap_resource@p(d, res)

@script:python depends on left || report@
p << other.p;
res << other.res;
@@
leave(p, "no platform_get_resource(pdev, IORESOURCE_MEM, n) sets '%s' "
      "in a statement before the mapping" % res)

// the device is written &pdev->dev
@fuse depends on patch@
expression pdev, n, base, e;
identifier res, b;
type T;
position p : script:python() { one_lookup(p) };
@@

(
- res = platform_get_resource(pdev, IORESOURCE_MEM, n);
|
- struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, n);
)
  ... when != res
(
  base =
- devm_ioremap_resource@p(&pdev->dev, res)
+ devm_platform_ioremap_resource(pdev, n)
  ;
|
  T b =
- devm_ioremap_resource@p(&pdev->dev, res)
+ devm_platform_ioremap_resource(pdev, n)
  ;
|
  return
- devm_ioremap_resource@p(&pdev->dev, res)
+ devm_platform_ioremap_resource(pdev, n)
  ;
)
  ... when != res
? res = e;

// the device is a variable set to &pdev->dev, or pdev to_platform_device()
// of it, and neither set again
@fusedev depends on patch@
expression n, base, e, e2;
identifier pdev, dv, res, b;
type T;
position p : script:python() { one_lookup(p) };
@@

(
  struct device *dv = &pdev->dev;
|
  struct platform_device *pdev = to_platform_device(dv);
)
  ... when != dv = e2
      when != pdev = e2
      when any
(
- res = platform_get_resource(pdev, IORESOURCE_MEM, n);
|
- struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, n);
)
  ... when != res
      when != dv = e2
(
  base =
- devm_ioremap_resource@p(dv, res)
+ devm_platform_ioremap_resource(pdev, n)
  ;
|
  T b =
- devm_ioremap_resource@p(dv, res)
+ devm_platform_ioremap_resource(pdev, n)
  ;
|
  return
- devm_ioremap_resource@p(dv, res)
+ devm_platform_ioremap_resource(pdev, n)
  ;
)
  ... when != res
? res = e;

@depends on patch@
identifier fuse.res;
@@

- struct resource *res;
  ... when != res

@depends on patch@
identifier fusedev.res;
@@

- struct resource *res;
  ... when != res
