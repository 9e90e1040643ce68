/*
 * rule-list.h - every check rule, once, in the order they run on a call.
 *
 * Include it with RULE(name) defined; each line stands for the struct
 * rule_NAME in rule-NAME.c of this folder (with '_' for '-').  The order
 * matters where rules explain arguments: a call of another function of
 * the name is not checked at all, a call with an argument too few or
 * too many is not also an ambiguous or an unconverted one, a call in
 * the wrong form is reported as that and not checked argument by
 * argument, a swapped pair is reported before its NULL and its wrong
 * type could be.  The two
 * comparisons (--base, --patch) come last: they stay quiet on a call
 * that already has an error.  The tree rules (.check_tree) run before
 * any call rule, in this order too.
 */
RULE(unreadable_file)
RULE(binary_file)
RULE(expression_too_deep)
RULE(parse_crash)
RULE(callback_unconverted)
RULE(callback_left)
RULE(callback_type)
RULE(callback_value_return)
RULE(parse_failure)
RULE(left_by_context)
RULE(other_declaration)
RULE(argument_count)
RULE(ambiguous_call)
RULE(unconverted_call)
RULE(swapped_arguments)
RULE(null_class)
RULE(argument_type)
RULE(format_mismatch)
RULE(format_nonliteral)
RULE(sysfs_effect_changed)
RULE(hand_patch_divergence)
