// SPDX-License-Identifier: GPL-2.0-only
/// Map a platform device's memory resource with
/// devm_platform_ioremap_resource(pdev, n) where a driver looks the
/// resource up with platform_get_resource(pdev, IORESOURCE_MEM, n) only
/// to hand it to devm_ioremap_resource() in the next statement.
///
/// The two statements become one when the resource's variable is not
/// read after them (before it is set again), and the variable's declaration goes when nothing
/// else in the function uses it.  Every other call of
/// devm_ioremap_resource() is left as it is.
//
// Written for kmigrate (semantic-patches/devm-platform-ioremap).
// Confidence: High
// Copyright: (C) 2025 The kmigrate authors.
// Comments: the device must be written &pdev->dev, the platform device
//  the resource was looked up on.
// Options: --no-includes --include-headers
// Keywords: devm_ioremap_resource, devm_platform_ioremap_resource

virtual patch
virtual report

@fuse depends on patch@
expression pdev, n, base, e;
identifier res;
@@

- res = platform_get_resource(pdev, IORESOURCE_MEM, n);
- base = devm_ioremap_resource(&pdev->dev, res);
+ base = devm_platform_ioremap_resource(pdev, n);
  ... when != res
? res = e;

@depends on patch@
identifier fuse.res;
@@

- struct resource *res;
  ... when != res

@found depends on report@
expression pdev, n, base, e;
identifier res;
position p;
@@

  res = platform_get_resource(pdev, IORESOURCE_MEM, n);
  base = devm_ioremap_resource@p(&pdev->dev, res);
  ... when != res
? res = e;

@script:python depends on report@
p << found.p;
@@

coccilib.report.print_report(p[0],
		"devm_ioremap_resource() of platform_get_resource(): "
		"use devm_platform_ioremap_resource()")
