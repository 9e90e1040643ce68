/*
 * mbox.h - mail messages the way git format-patch writes them.
 *
 * A message is "From <40 hex> Mon Sep 17 00:00:00 2001", the headers
 * (From, Date, Subject, To, Cc, the MIME headers for 8-bit UTF-8 text),
 * a blank line and the body; the caller writes the body, mbox_message()
 * everything above it.  Header lines longer than 78 columns are folded at
 * spaces (RFC 2822 section 2.2.3), address lists between addresses.
 * A header is one line (and its folds) whatever it is given: every
 * header value passes through one cleaning step that turns a tab or a
 * line break into a space and drops any other control character; the
 * callers, who know where the text came from, clean it first with
 * mbox_clean_header_text() and warn.  A subject beyond ASCII is written
 * as git format-patch writes it: "[PATCH n/N] " as it is, the rest as
 * RFC 2047 encoded words ("=?UTF-8?q?...?="), folded before column 76.
 * The 40 hex digits are the SHA-1 of the message below the "From " line,
 * or all zeros for a cover letter (as git does).
 *
 * Helpers: RFC 2822 dates, "Name <email>" identities (split and written
 * back quoted or RFC 2047 encoded as needed), and file names made from
 * subjects like git's ("input: pass NULL parent" becomes
 * "input-pass-NULL-parent").
 *
 * A series directory holds only "NNNN-*.patch" files.  The mails are
 * written into a staging directory beside it (same file system,
 * ".DIR.kmigrate-pidPID-XXXXXX") and moved in only when the caller is
 * satisfied, so the directory never holds half a series:
 * mbox_dir_check(), mbox_dir_stage(), mbox_dir_write() per file, then
 * mbox_dir_install() or mbox_dir_unstage().  The staging directory is
 * registered with tempfile.h until it is installed, so an interrupt
 * removes it; a signal during the install waits for its end; a staging
 * directory a killed run left beside DIR is removed by the next
 * mbox_dir_stage(), never read.
 */
#ifndef KM_MBOX_H
#define KM_MBOX_H

#include <stddef.h>
#include <time.h>

#include "strbuf.h"
#include "strlist.h"

#define MBOX_LINE_MAX 78	 /* RFC 2822's recommended limit */
#define MBOX_SUBJECT_NAME_MAX 52 /* git's file names: 64 in all */

struct mbox_message {
	const char *from; /* "Name <email>" */
	time_t date;
	int tz_minutes;		  /* east of UTC */
	const char *subject;	  /* "[PATCH 1/8] input: ..." */
	const struct strlist *to; /* may be NULL */
	const struct strlist *cc; /* may be NULL */
	int zero_id;		  /* a cover letter: 40 zeros */
};

/* the whole message: From_ line, headers, blank line, then body */
void mbox_message(struct strbuf *out, const struct mbox_message *msg,
		  const char *body, size_t body_len);

/* "-- \nkmigrate 0.1\n\n", the signature that ends each message */
void mbox_signature(struct strbuf *out, const char *version);

/* "Wed, 12 Oct 2005 19:10:27 -0700" */
void mbox_date(struct strbuf *out, time_t t, int tz_minutes);

/* the local time zone's offset at t, in minutes east of UTC */
int mbox_local_tz(time_t t);

/*
 * the control characters of s (C0, DEL) out, in place: a line break
 * becomes a space, a tab a space without counting; how many there were
 */
size_t mbox_clean_header_text(char *s);

/* "Name: value" folded at spaces to MBOX_LINE_MAX columns */
void mbox_header(struct strbuf *out, const char *name, const char *value);

/* "To: a, b," ... folded between addresses; nothing when list is empty */
void mbox_address_header(struct strbuf *out, const char *name,
			 const struct strlist *addresses);

/* split "Name <email>"; 0, or -1 when there is no "<email>" */
int mbox_split_ident(const char *ident, char **name, char **email);

/* "Name <email>" for a header: the name quoted or encoded as needed */
void mbox_format_ident(struct strbuf *out, const char *name, const char *email);

/* a subject as a file name part: [A-Za-z0-9._] runs joined by '-' */
void mbox_subject_filename(struct strbuf *out, const char *subject, size_t max);

/* "0001-x.patch", "0000-cover-letter.patch": a series file's name */
int mbox_is_series_name(const char *name);

/*
 * may a series be written to dir: 0 when it is missing (*exists = 0),
 * empty or holds only series files; -1 when it holds anything else or
 * is no directory (errno tells when it cannot be read)
 */
int mbox_dir_check(const char *dir, int *exists);

/* a new directory beside dir; NULL (reported) on failure */
char *mbox_dir_stage(const char *dir);

/* write one file into the staging directory; -1 (reported) on failure */
int mbox_dir_write(const char *staged, const char *name, const char *buf,
		   size_t len);

/*
 * put the staged files named in names in place: a missing dir becomes
 * the staging directory, an existing one gets the new files and loses
 * the series files not among them; -1 (reported) on failure
 */
int mbox_dir_install(const char *staged, const char *dir, int exists,
		     const struct strlist *names);

/* remove the staging directory and the files in it */
void mbox_dir_unstage(const char *staged);

/* SHA-1 of the bytes, as 40 lowercase hex digits and a NUL */
void mbox_sha1_hex(const void *data, size_t len, char hex[41]);

#endif
