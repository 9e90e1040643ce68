/*
 * map-items.h - the cutting of a map's text into items, that
 * migration-map.c and map-items.c share, they only; callers use
 * migration-map.h.
 */
#ifndef KM_MAP_ITEMS_H
#define KM_MAP_ITEMS_H

struct strlist;

/* text's items at blanks; parentheses and literals hold one together */
void map_split_words(const char *text, struct strlist *items);
/* "$N": N, else 0 (-1: a '$' that is no argument) */
int map_arg_ref(const char *item);

#endif
