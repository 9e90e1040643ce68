/*
 * get-maintainer.h - who a patch goes to, asked of the tree's own
 * scripts/get_maintainer.pl, the way the kernel's workflow asks it.
 *
 * Running the script runs code from the tree: the caller decides whether
 * to (series --no-get-maintainer does not), and says so.  The script
 * runs with perl, in the tree, on a copy of each patch's diff written
 * into a private scratch directory under a name of ours, as
 *
 *	perl scripts/get_maintainer.pl --no-git --no-git-fallback -- PATCH
 *
 * so that it reads the MAINTAINERS entries and K: keywords only (git's
 * history is neither searched nor handed file names), each run limited
 * to GET_MAINTAINER_TIMEOUT seconds.  Its lines "ADDRESS (ROLE:ENTRY)"
 * are sorted by role: maintainers, supporters, odd fixers and anyone
 * without a role go to To, reviewers and mailing lists to Cc, each
 * address once, in the script's order.
 *
 * Caller's steps: get_maintainer_available(TREE); fill one struct
 * get_maintainer_query per patch; get_maintainer_run(); on -1 use other
 * addresses and say why.  get_maintainer_parse() is the parser alone.
 */
#ifndef KM_GET_MAINTAINER_H
#define KM_GET_MAINTAINER_H

#include <stddef.h>

#include "strlist.h"

#define GET_MAINTAINER "scripts/get_maintainer.pl"
#define GET_MAINTAINER_TIMEOUT 60

struct get_maintainer_query {
	const char *diff; /* the patch's diff */
	size_t len;
	struct strlist *to, *cc; /* the addresses are appended here */
};

/* does TREE have the script (readable)? */
int get_maintainer_available(const char *tree);

/*
 * run the script on every query, jobs at once; 0 when each run ended
 * well and printed at least one address; -1 otherwise, *why (malloc'd,
 * "perl scripts/get_maintainer.pl exits 2: ...") saying for the first
 * that did not, and the queries' lists partly filled
 */
int get_maintainer_run(const char *tree, struct get_maintainer_query *q,
		       size_t nr, int jobs, char **why);

/* the script's output into to and cc; the number of addresses taken */
size_t get_maintainer_parse(const char *out, struct strlist *to,
			    struct strlist *cc);

#endif
