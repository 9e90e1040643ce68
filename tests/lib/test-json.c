/*
 * test-json.c - the streaming JSON writer: escaping and layout.
 */
#include <string.h>

#include "json.h"
#include "strbuf.h"
#include "unit.h"

static void check_quote(const char *in, size_t len, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	json_quote(&sb, in, len);
	check_int(sb.len, strlen(want));
	check_str(sb.buf, want);
	strbuf_release(&sb);
}

static void test_quotes_and_backslashes(void)
{
	check_quote("say \"hi\"", 8, "\"say \\\"hi\\\"\"");
	check_quote("a\\b", 3, "\"a\\\\b\"");
	check_quote("\"foo\" \"%d\"", 10, "\"\\\"foo\\\" \\\"%d\\\"\"");
	check_quote("", 0, "\"\"");
	/* '/' needs no escape */
	check_quote("a/b", 3, "\"a/b\"");
}

static void test_control_bytes(void)
{
	check_quote("\n\r\t\b\f", 5, "\"\\n\\r\\t\\b\\f\"");
	check_quote("\x01\x1f", 2, "\"\\u0001\\u001f\"");
	check_quote("a\0b", 3, "\"a\\u0000b\"");
	/* DEL is not a control byte for JSON */
	check_quote("\x7f", 1, "\"\x7f\"");
}

static void test_utf8_passes_through(void)
{
	check_quote("caf\xc3\xa9", 5, "\"caf\xc3\xa9\"");
	check_quote("\xe2\x82\xac \xf0\x9f\x98\x80", 8,
		    "\"\xe2\x82\xac \xf0\x9f\x98\x80\"");
}

static void test_not_utf8_is_latin1(void)
{
	/* a Latin-1 byte is the character of that code point */
	check_quote("r\xe9seau", 6, "\"r\\u00e9seau\"");
	check_quote("\xff\x80", 2, "\"\\u00ff\\u0080\"");
	/* a sequence cut short, overlong, a surrogate, past U+10FFFF */
	check_quote("\xc3", 1, "\"\\u00c3\"");
	check_quote("\xc3(", 2, "\"\\u00c3(\"");
	check_quote("\xc0\xaf", 2, "\"\\u00c0\\u00af\"");
	check_quote("\xe0\x80\xaf", 3, "\"\\u00e0\\u0080\\u00af\"");
	check_quote("\xed\xa0\x80", 3, "\"\\u00ed\\u00a0\\u0080\"");
	check_quote("\xf4\x90\x80\x80", 4, "\"\\u00f4\\u0090\\u0080\\u0080\"");
	check_quote("\xe2\x82", 2, "\"\\u00e2\\u0082\"");
}

static void test_utf8_len(void)
{
	check_int(json_utf8_len((const unsigned char *)"a", 1), 1);
	check_int(json_utf8_len((const unsigned char *)"\xc3\xa9", 2), 2);
	check_int(json_utf8_len((const unsigned char *)"\xc3\xa9", 1), 0);
	check_int(json_utf8_len((const unsigned char *)"\xf4\x8f\xbf\xbf", 4),
		  4);
	check_int(json_utf8_len((const unsigned char *)"\xf5", 1), 0);
}

static void test_compact_document(void)
{
	struct strbuf out = STRBUF_INIT;
	struct json_writer w;

	json_writer_init(&w, &out, 0);
	json_object_begin(&w);
	json_key(&w, "a");
	json_array_begin(&w);
	json_int(&w, -3);
	json_uint(&w, 72);
	json_bool(&w, 1);
	json_null(&w);
	json_string(&w, "x");
	json_array_end(&w);
	json_key(&w, "empty");
	json_object_begin(&w);
	json_object_end(&w);
	json_key(&w, "none");
	json_array_begin(&w);
	json_array_end(&w);
	json_object_end(&w);
	json_writer_finish(&w);
	check_str(out.buf, "{\"a\": [-3, 72, true, null, \"x\"], "
			   "\"empty\": {}, \"none\": []}\n");
	strbuf_release(&out);
}

static void test_indented_levels(void)
{
	struct strbuf out = STRBUF_INIT;
	struct json_writer w;
	int i;

	json_writer_init(&w, &out, 2);
	json_object_begin(&w);
	json_key(&w, "call_sites");
	json_array_begin(&w);
	for (i = 1; i <= 2; i++) {
		json_object_begin(&w);
		json_key(&w, "line");
		json_int(&w, i);
		json_key(&w, "kind");
		json_string(&w, "old");
		json_object_end(&w);
	}
	json_array_end(&w);
	json_key(&w, "summary");
	json_object_begin(&w);
	json_key(&w, "files");
	json_uint(&w, 52);
	json_object_end(&w);
	json_object_end(&w);
	json_writer_finish(&w);
	check_str(out.buf, "{\n"
			   "  \"call_sites\": [\n"
			   "    {\"line\": 1, \"kind\": \"old\"},\n"
			   "    {\"line\": 2, \"kind\": \"old\"}\n"
			   "  ],\n"
			   "  \"summary\": {\n"
			   "    \"files\": 52\n"
			   "  }\n"
			   "}\n");
	strbuf_release(&out);
}

static void test_keys_are_escaped(void)
{
	struct strbuf out = STRBUF_INIT;
	struct json_writer w;

	json_writer_init(&w, &out, 0);
	json_object_begin(&w);
	json_key(&w, "a\"b");
	json_string_len(&w, "x\ny", 3);
	json_object_end(&w);
	json_writer_finish(&w);
	check_str(out.buf, "{\"a\\\"b\": \"x\\ny\"}\n");
	strbuf_release(&out);
}

static const struct unit_test tests[] = {
	{ "quotes and backslashes are escaped", test_quotes_and_backslashes },
	{ "control bytes become short or \\u00XX escapes", test_control_bytes },
	{ "UTF-8 passes through", test_utf8_passes_through },
	{ "bytes that are not UTF-8 become Latin-1 \\u00XX",
	  test_not_utf8_is_latin1 },
	{ "the length of a UTF-8 sequence", test_utf8_len },
	{ "a compact document: commas and empty containers",
	  test_compact_document },
	{ "the first levels are indented, deeper ones inline",
	  test_indented_levels },
	{ "keys are escaped like strings", test_keys_are_escaped },
	{ NULL, NULL }
};

UNIT_MAIN("json", tests)
