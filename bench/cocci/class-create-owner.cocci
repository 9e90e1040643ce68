// The minimal one-rule semantic patch of the class-create-owner
// migration, for bench/ratios.sh: what a developer would run by hand
// (spatch --use-gitgrep --dir) instead of kmigrate apply.  No evidence,
// no shadowing: a baseline for time and memory, not a conversion.
@@
expression owner, name;
@@
 class_create(
-	owner,
 	name)
