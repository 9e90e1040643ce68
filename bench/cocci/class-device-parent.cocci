// The minimal one-rule semantic patch of the class-device-parent
// migration, for bench/ratios.sh: what a developer would run by hand
// (spatch --use-gitgrep --dir) instead of kmigrate apply.  No evidence,
// no shadowing: a baseline for time and memory, not a conversion.
@@
expression cls, devt, device, fmt;
@@
 class_device_create(cls,
+	NULL,
 	devt, device, fmt, ...)
