/*
 * test-maintainers.c - reading MAINTAINERS and giving each path the entry
 * that covers it most specifically.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "maintainers.h"
#include "unit.h"

static const char text[] =
	"\tList of maintainers\n"
	"\n"
	"Descriptions of section entries:\n"
	"\n"
	"\tM: Mail patches to: FullName <address@domain>\n"
	"\tF: Files and directories with wildcard patterns.\n"
	"\n"
	"CHARACTER DEVICES\n"
	"M:\tChar Keeper <char@example.org>\n"
	"L:\tlinux-kernel@vger.kernel.org\n"
	"S:\tMaintained\n"
	"F:\tdrivers/char/\n"
	"X:\tdrivers/char/ipmi/\n"
	"\n"
	"TTY LAYER\n"
	"P:\tTty Keeper\n"
	"M:\ttty@example.org\n"
	"L:\tlinux-serial@vger.kernel.org\n"
	"F:\tdrivers/char/tty_*\n"
	"F:\tdrivers/char/vc_screen.c\n"
	"\n"
	"INPUT (KEYBOARD, MOUSE, JOYSTICK) DRIVERS\n"
	"M:\tInput One <one@example.org>\n"
	"M:\tInput Two <two@example.org>\n"
	"L:\tlinux-input@vger.kernel.org\n"
	"F:\tdrivers/input\n"
	"\n"
	"USB CORE\r\n"
	"M:\tUsb Keeper <usb@example.org>\r\n"
	"F:\tdrivers/*/core/\r\n"
	"\n"
	"MISC DEVICES\n"
	"M:\tMisc Keeper <misc@example.org>\n"
	"F:\tdrivers/char/misc.c\n";

static void parse(struct maintainers *m)
{
	check_int_fatal(maintainers_parse(m, text, "MAINTAINERS"), 0);
	check_int_fatal(m->nr, 5);
}

static void test_parse_entries(void)
{
	struct maintainers m = MAINTAINERS_INIT;
	const struct maintainers_entry *e;

	parse(&m);
	/* the prose at the top is no entry */
	e = &m.entries[0];
	check_str(e->title, "CHARACTER DEVICES");
	check_int(e->people.nr, 1);
	check_str(e->lists.items[0].string, "linux-kernel@vger.kernel.org");
	check_int(e->files.nr, 1);
	check_int(e->excludes.nr, 1);
	/* an old-style entry: the name in P:, the address in M: */
	e = &m.entries[1];
	check_str(e->people.items[0].string, "Tty Keeper <tty@example.org>");
	check_int(e->files.nr, 2);
	e = &m.entries[2];
	check_int(e->people.nr, 2);
	check_str(e->people.items[1].string, "Input Two <two@example.org>");
	/* CRLF line ends are not part of the values */
	e = &m.entries[3];
	check_str(e->title, "USB CORE");
	check_str(e->files.items[0].string, "drivers/*/core/");
	check_int(m.entries[4].index, 4);
	maintainers_release(&m);
	check_int(m.nr, 0);
}

static void test_pattern_kinds(void)
{
	/* a directory with and without its slash */
	CU_ASSERT(maintainers_pattern_match("drivers/input/",
					    "drivers/input/evdev.c"));
	CU_ASSERT(maintainers_pattern_match("drivers/input",
					    "drivers/input/evdev.c"));
	CU_ASSERT(!maintainers_pattern_match("drivers/input",
					     "drivers/inputx/evdev.c"));
	/* a file */
	CU_ASSERT(maintainers_pattern_match("drivers/char/misc.c",
					    "drivers/char/misc.c"));
	CU_ASSERT(!maintainers_pattern_match("drivers/char/misc.c",
					     "drivers/char/misc.c.orig"));
	/* globs: '*' stays within one component */
	CU_ASSERT(maintainers_pattern_match("drivers/char/tty_*",
					    "drivers/char/tty_io.c"));
	CU_ASSERT(!maintainers_pattern_match("drivers/char/tty_*",
					     "drivers/char/vc_screen.c"));
	CU_ASSERT(maintainers_pattern_match("drivers/*/core/",
					    "drivers/usb/core/hcd.c"));
	CU_ASSERT(!maintainers_pattern_match("drivers/*/core/",
					     "drivers/usb/host/core.c"));
	CU_ASSERT(maintainers_pattern_match("sound/*.c", "sound/sound_core.c"));
	CU_ASSERT(!maintainers_pattern_match("sound/*.c",
					     "sound/oss/soundcard.c"));
	/* the specificity is the pattern's length */
	check_int(maintainers_pattern_match("drivers/char/",
					    "drivers/char/mem.c"),
		  13);
	check_int(maintainers_pattern_match("", "drivers/char/mem.c"), 0);
}

static const char *title_for(const struct maintainers *m, const char *path)
{
	const struct maintainers_entry *e = maintainers_match(m, path);

	return e ? e->title : "(none)";
}

static void test_most_specific_match(void)
{
	struct maintainers m = MAINTAINERS_INIT;

	parse(&m);
	check_str(title_for(&m, "drivers/char/mem.c"), "CHARACTER DEVICES");
	/* a glob beats the directory it is in */
	check_str(title_for(&m, "drivers/char/tty_io.c"), "TTY LAYER");
	/* a file beats the directory it is in */
	check_str(title_for(&m, "drivers/char/vc_screen.c"), "TTY LAYER");
	check_str(title_for(&m, "drivers/char/misc.c"), "MISC DEVICES");
	/* deeper files still belong to the directory's entry */
	check_str(title_for(&m, "drivers/char/ftape/zftape/zftape-init.c"),
		  "CHARACTER DEVICES");
	check_str(title_for(&m, "drivers/input/evdev.c"),
		  "INPUT (KEYBOARD, MOUSE, JOYSTICK) DRIVERS");
	check_str(title_for(&m, "drivers/usb/core/devio.c"), "USB CORE");
	/* excluded, and not covered at all */
	check_str(title_for(&m, "drivers/char/ipmi/ipmi_devintf.c"), "(none)");
	check_str(title_for(&m, "fs/coda/psdev.c"), "(none)");
	/* the pattern that made the match */
	check_str(maintainers_entry_pattern(&m.entries[1],
					    "drivers/char/tty_io.c"),
		  "drivers/char/tty_*");
	CU_ASSERT_PTR_NULL(
		maintainers_entry_pattern(&m.entries[1], "drivers/char/mem.c"));
	maintainers_release(&m);
}

static void test_read_from_tree(void)
{
	char dir[] = "/tmp/test-maintainers-XXXXXX";
	struct maintainers m = MAINTAINERS_INIT;
	char path[64];
	FILE *fp;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
	/* no MAINTAINERS: 1, nothing read */
	check_int(maintainers_read(&m, dir), 1);
	check_int(m.nr, 0);
	snprintf(path, sizeof(path), "%s/MAINTAINERS", dir);
	fp = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fputs(text, fp);
	fclose(fp);
	check_int(maintainers_read(&m, dir), 0);
	check_int(m.nr, 5);
	maintainers_release(&m);
	unlink(path);
	rmdir(dir);
}

static void check_short(const char *title, const char *pattern,
			const char *expect)
{
	char *name = maintainers_short_name(title, pattern);

	check_str(name, expect);
	free(name);
}

static void test_short_names(void)
{
	/* from the title when the paths agree with it */
	check_short("INPUT (KEYBOARD, MOUSE, JOYSTICK) DRIVERS",
		    "drivers/input/", "input");
	check_short("IEEE 1394 SUBSYSTEM", "drivers/ieee1394/", "ieee1394");
	check_short("USB CORE", "drivers/usb/core/", "usb");
	check_short("TTY LAYER", "drivers/char/tty_io.c", "tty");
	check_short("S390 TAPE DRIVER", "drivers/s390/char/tape_class.c",
		    "s390");
	/* an acronym in parentheses wins */
	check_short("MEMORY TECHNOLOGY DEVICES (MTD)", "drivers/mtd/", "mtd");
	/* one spelt in both cases is kept as the subsystem writes it */
	check_short("SOUND - SOC LAYER / DYNAMIC AUDIO POWER MANAGEMENT (ASoC)",
		    "sound/soc/", "ASoC");
	/* from the directory when the title's word is not in it */
	check_short("HARDWARE MONITORING", "drivers/hwmon/", "hwmon");
	check_short("CHARACTER DEVICES", "drivers/char/", "char");
	check_short("ATA OVER ETHERNET DRIVER", "drivers/block/aoe/", "aoe");
	/* a file or a glob names no directory: the title's word */
	check_short("X86 CPUID AND MSR DRIVERS", "arch/i386/kernel/cpuid.c",
		    "x86");
	check_short("SERIAL", "drivers/char/*serial*/", "serial");
	check_short("WEIRD", "drivers/a*/", "weird");
	check_short("V4L2 1 CORE", NULL, "v4l21");
	check_short("(weird)", NULL, "weird");
	check_short("", NULL, "misc");
	check_short("", "drivers/misc/", "misc");
}

/* a list's remark is not part of its address */
static void test_list_remarks(void)
{
	struct maintainers m = MAINTAINERS_INIT;

	check_int_fatal(
		maintainers_parse(
			&m,
			"SOUND\n"
			"M:\tSound Keeper <sound@example.org>\n"
			"L:\talsa-devel@alsa-project.org (moderated for non-subscribers)\n"
			"L:\tsound@example.org\t(subscribers-only)\n"
			"F:\tsound/\n",
			"MAINTAINERS"),
		0);
	check_int_fatal(m.nr, 1);
	check_int_fatal(m.entries[0].lists.nr, 2);
	check_str(m.entries[0].lists.items[0].string,
		  "alsa-devel@alsa-project.org");
	check_str(m.entries[0].lists.items[1].string, "sound@example.org");
	maintainers_release(&m);
}

/* before 2.6.30 an entry had no F: lines, so no path has an entry */
static void test_old_format(void)
{
	struct maintainers m = MAINTAINERS_INIT;

	parse(&m);
	CU_ASSERT_TRUE(maintainers_has_patterns(&m));
	maintainers_release(&m);
	check_int_fatal(
		maintainers_parse(&m,
				  "INPUT (KEYBOARD, MOUSE, JOYSTICK) DRIVERS\n"
				  "P:\tInput Keeper\n"
				  "M:\tinput@example.org\n"
				  "L:\tlinux-input@vger.kernel.org\n"
				  "S:\tMaintained\n"
				  "\n"
				  "SOUND\n"
				  "P:\tSound Keeper\n"
				  "M:\tsound@example.org\n"
				  "S:\tMaintained\n",
				  "MAINTAINERS"),
		0);
	check_int(m.nr, 2);
	CU_ASSERT_FALSE(maintainers_has_patterns(&m));
	CU_ASSERT_PTR_NULL(maintainers_match(&m, "drivers/input/evdev.c"));
	maintainers_release(&m);
}

static void test_control_characters(void)
{
	struct maintainers m = MAINTAINERS_INIT;
	const struct maintainers_entry *e;

	check_int_fatal(maintainers_parse(
				&m,
				"X\033]0;t\007 DRIVER\n"
				"M:\tEvil <e@example.org>\rBcc: v@example.org\n"
				"L:\tlist@example.org\033[31m\n"
				"F:\tdrivers/x/\n",
				"MAINTAINERS"),
			0);
	check_int_fatal(m.nr, 1);
	e = &m.entries[0];
	/* nothing that could end a mail header line is kept */
	check_str(e->title, "X]0;t DRIVER");
	check_str(e->people.items[0].string,
		  "Evil <e@example.org> Bcc: v@example.org");
	check_str(e->lists.items[0].string, "list@example.org[31m");
	maintainers_release(&m);
}

static const struct unit_test tests[] = {
	{ "entries, people, lists and patterns are read", test_parse_entries },
	{ "directory, file and glob patterns", test_pattern_kinds },
	{ "the most specific pattern wins", test_most_specific_match },
	{ "a tree with and without MAINTAINERS", test_read_from_tree },
	{ "short names for subject prefixes", test_short_names },
	{ "a list's remark is not part of its address", test_list_remarks },
	{ "an old MAINTAINERS without F: lines", test_old_format },
	{ "values for mail headers lose control characters",
	  test_control_characters },
	{ NULL, NULL }
};

UNIT_MAIN("maintainers", tests)
