/*
 * kind-list.h - every kind of change, once, the default first.
 *
 * Include it with KIND(name) defined; each line stands for the struct
 * migration_kind kind_NAME of kind-NAME.c in this folder (with '_' for
 * '-').  kinds.h declares them from it and kinds.c makes the table
 * migration data looks a "kind:" key up in: a new kind is its file and
 * one line here.
 */
KIND(call)
KIND(callback)
