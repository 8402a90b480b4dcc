/* test_gui_editor.c - the input editor's fields: what each accepts, the
 * random values (the generator of --n), and that whatever is typed comes
 * back from the options library as a finished request or one error line,
 * never a crash. Depends on cmocka, gui_editor.h and the options library. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gui_editor.h"
#include "scan.h"
#include "scan_random.h"

static void fields_take_what_they_should(void **state)
{
	(void)state;
	struct gui_editor ed;
	assert_int_equal(gui_editor_init(&ed, 1), 0);
	assert_string_equal(gui_editor_choice(&ed, GUI_EDITOR_ALGORITHM),
	                    RUN_DEFAULT_ALGORITHM);
	assert_true(gui_editor_type(&ed, "2, 1 3\t1"));
	assert_string_equal(gui_editor_text(&ed, GUI_EDITOR_INPUT), "2, 1 3 1");
	/* N follows how many values there are until it is typed in */
	assert_string_equal(ed.n, "4");
	assert_false(ed.n_edited);
	ed.focus = GUI_EDITOR_N;
	assert_true(gui_editor_clear(&ed));
	assert_true(ed.n_edited);
	assert_false(gui_editor_type(&ed, "abc-"));
	assert_true(gui_editor_type(&ed, "1x6"));
	assert_string_equal(ed.n, "16");
	/* the field has a size: typing past it is ignored, not overflowed */
	for (int i = 0; i < 100; i++)
		gui_editor_type(&ed, "9");
	assert_true(strlen(ed.n) < sizeof(ed.n));
	assert_true(gui_editor_clear(&ed));
	assert_string_equal(ed.n, "");
	assert_false(gui_editor_backspace(&ed, false));
	ed.focus = GUI_EDITOR_INPUT;
	gui_editor_type(&ed, " 7");
	assert_string_equal(ed.n, ""); /* typed in: it no longer follows */
	gui_editor_backspace(&ed, true);
	assert_true(gui_editor_backspace(&ed, true));
	assert_string_equal(ed.input, "2, 1 3 ");
	assert_true(gui_editor_backspace(&ed, true));
	assert_string_equal(ed.input, "2, 1 ");
	assert_true(gui_editor_backspace(&ed, false));
	assert_string_equal(ed.input, "2, 1");
	/* a text field is no choice */
	assert_false(gui_editor_cycle(&ed, 1));
	gui_editor_finish(&ed);
}

static void focus_and_choices_wrap(void **state)
{
	(void)state;
	struct gui_editor ed;
	assert_int_equal(gui_editor_init(&ed, 1), 0);
	gui_editor_focus_next(&ed, -1);
	assert_int_equal(ed.focus, GUI_EDITOR_FIELD_COUNT - 1);
	gui_editor_focus_next(&ed, 1);
	assert_int_equal(ed.focus, GUI_EDITOR_INPUT);
	ed.focus = GUI_EDITOR_ALGORITHM;
	size_t start = ed.algorithm;
	for (size_t i = 0; i < scan_algorithm_count(); i++)
		assert_true(gui_editor_cycle(&ed, 1));
	assert_int_equal(ed.algorithm, start);
	gui_editor_cycle(&ed, -1);
	assert_int_equal(ed.algorithm, (start + scan_algorithm_count() - 1) %
	                                       scan_algorithm_count());
	ed.focus = GUI_EDITOR_BACKEND;
	assert_string_equal(gui_editor_choice(&ed, GUI_EDITOR_BACKEND), "auto");
	gui_editor_cycle(&ed, -1);
	assert_string_equal(gui_editor_choice(&ed, GUI_EDITOR_BACKEND), "cuda");
	gui_editor_finish(&ed);
}

static void randomise_uses_the_n_generator(void **state)
{
	(void)state;
	struct gui_editor ed;
	float expect[12];
	assert_int_equal(gui_editor_init(&ed, 42), 0);
	snprintf(ed.n, sizeof(ed.n), "12");
	assert_int_equal(gui_editor_randomise(&ed), 0);
	run_random_input(42, 12, expect);
	struct run_request o;
	assert_int_equal(gui_editor_options(&ed, &o), 0);
	assert_int_equal(o.n, 12);
	for (int i = 0; i < 12; i++)
		assert_true(o.input[i] == expect[i]);
	run_request_free(&o);
	assert_int_equal(gui_editor_value_count(&ed), 12);
	/* the next press gets the next seed */
	assert_int_equal(ed.seed, 43);
	/* N out of range: an error line, the values untouched */
	char before[256];
	snprintf(before, sizeof(before), "%s", ed.input);
	snprintf(ed.n, sizeof(ed.n), "0");
	assert_int_equal(gui_editor_randomise(&ed), -1);
	assert_non_null(strstr(ed.error, "N '0'"));
	snprintf(ed.n, sizeof(ed.n), "99999999999");
	assert_int_equal(gui_editor_randomise(&ed), -1);
	assert_string_equal(ed.input, before);
	gui_editor_finish(&ed);
}

static void options_check_like_the_command_line(void **state)
{
	(void)state;
	struct gui_editor ed;
	struct run_request o;
	assert_int_equal(gui_editor_init(&ed, 1), 0);

	gui_editor_type(&ed, "1 2 3 4");
	assert_int_equal(gui_editor_options(&ed, &o), 0);
	assert_int_equal(o.n, 4);
	assert_string_equal(o.request.algorithm->name, "kogge-stone");
	run_request_free(&o);

	gui_editor_clear(&ed);
	gui_editor_type(&ed, "1 2 zz 4");
	assert_int_equal(gui_editor_options(&ed, &o), -1);
	assert_non_null(strstr(ed.error, "--input"));

	gui_editor_clear(&ed);
	assert_int_equal(gui_editor_options(&ed, &o), -1);
	assert_true(ed.error[0] != '\0');

	gui_editor_type(&ed, "1 2 3 4 5 6 7 8");
	snprintf(ed.section, sizeof(ed.section),
	         "4"); /* one-section algorithm */
	assert_int_equal(gui_editor_options(&ed, &o), -1);
	assert_non_null(strstr(ed.error, "--section"));

	for (size_t i = 0; i < scan_algorithm_count(); i++)
		if (strcmp(scan_algorithm_at(i)->name, "hierarchical") == 0)
			ed.algorithm = i;
	assert_int_equal(gui_editor_options(&ed, &o), 0);
	assert_int_equal(o.request.section, 4);
	run_request_free(&o);

	/* no section typed: Figure 9.10's four sections of 12 values, not
	 * one degenerate section */
	gui_editor_clear(&ed);
	gui_editor_type(&ed, "1 2 3 4 5 6 7 8 9 10 11 12");
	ed.section[0] = '\0';
	assert_int_equal(gui_editor_options(&ed, &o), 0);
	assert_true(o.request.section < 12);
	run_request_free(&o);

	/* an error goes once the text it was about changes */
	gui_editor_type(&ed, " zz");
	assert_int_equal(gui_editor_options(&ed, &o), -1);
	assert_true(ed.error[0] != '\0');
	gui_editor_backspace(&ed, true);
	assert_string_equal(ed.error, "");

	snprintf(ed.section, sizeof(ed.section), "0");
	assert_int_equal(gui_editor_options(&ed, &o), -1);
	snprintf(ed.section, sizeof(ed.section), "99999999999999999999");
	assert_int_equal(gui_editor_options(&ed, &o), -1);
	assert_true(ed.error[0] != '\0');
	gui_editor_finish(&ed);
}

/* Whatever is typed: a finished request or one error line. */
static void nothing_typed_crashes(void **state)
{
	(void)state;
	static const char *const samples[] = {
		"nan",       "inf -inf",
		"1e39 1e39", "-",
		"--",        "--algo",
		",,,",       "1,,2",
		"0x10",      "1e-50",
		"   ",       "#",
		"1 # 2",     "3.4028235e38 3.4028235e38",
		"-0",        "1.5.5",
		"+-1",       "1e",
		"\\",        "\"1\"",
		"'",         "%s%s%n",
	};
	struct gui_editor ed;
	struct run_request o;
	assert_int_equal(gui_editor_init(&ed, 1), 0);
	uint64_t rng = 12345;
	for (size_t i = 0; i < 400; i++) {
		gui_editor_clear(&ed);
		if (i < sizeof(samples) / sizeof(samples[0])) {
			gui_editor_type(&ed, samples[i]);
		} else {
			/* random printable text, digits and separators mostly */
			char buf[64];
			size_t len = scan_random_next(&rng) % 40;
			for (size_t k = 0; k < len; k++) {
				static const char pool[] =
					"0123456789 ,.-+eE#xn\\\"'";
				uint64_t r = scan_random_next(&rng);
				buf[k] = r % 3 ? pool[r % (sizeof(pool) - 1)]
				               : (char)(0x20 + r % 95);
			}
			buf[len] = '\0';
			gui_editor_type(&ed, buf);
		}
		ed.algorithm = i % scan_algorithm_count();
		snprintf(ed.section, sizeof(ed.section), "%s",
		         i % 4 == 0   ? ""
		         : i % 4 == 1 ? "4"
		         : i % 4 == 2 ? "3"
		                      : "4096");
		if (gui_editor_options(&ed, &o) == 0) {
			assert_true(o.n >= 1);
			assert_string_equal(ed.error, "");
			run_request_free(&o);
		} else {
			assert_true(ed.error[0] != '\0');
			assert_null(strchr(ed.error, '\n'));
		}
	}
	gui_editor_finish(&ed);
}

/* The Kernel file field takes a path as typed and Threads digits only;
 * with a file the request is a kernel file's (no --algo: the file brings
 * its own), checked as --kernel and --threads are. */
static void kernel_file_field(void **state)
{
	(void)state;
	struct gui_editor ed;
	struct run_request o;
	assert_int_equal(gui_editor_init(&ed, 1), 0);
	assert_true(gui_editor_type(&ed, "2 1 3 1"));
	ed.focus = GUI_EDITOR_KERNEL;
	assert_true(gui_editor_type(&ed, "dir with space/my_scan-1.cu"));
	assert_string_equal(gui_editor_text(&ed, GUI_EDITOR_KERNEL),
	                    "dir with space/my_scan-1.cu");
	ed.focus = GUI_EDITOR_THREADS;
	assert_true(gui_editor_type(&ed, "8x"));
	assert_string_equal(gui_editor_text(&ed, GUI_EDITOR_THREADS), "8");
	assert_int_equal(gui_editor_options(&ed, &o), 0);
	assert_string_equal(o.kernel_file, "dir with space/my_scan-1.cu");
	assert_int_equal(o.threads, 8);
	assert_false(run_request_given(&o, "algo"));
	assert_true(run_request_given(&o, "kernel"));
	assert_int_equal(o.n, 4);
	run_request_free(&o);
	/* no threads at all: --threads's own message */
	assert_true(gui_editor_clear(&ed));
	assert_true(gui_editor_type(&ed, "0"));
	assert_int_equal(gui_editor_options(&ed, &o), -1);
	assert_non_null(strstr(ed.error, "--threads"));
	/* emptied: the algorithm again, and Threads alone is refused as
	 * the command line refuses it */
	assert_true(gui_editor_clear(&ed));
	assert_true(gui_editor_type(&ed, "8"));
	ed.focus = GUI_EDITOR_KERNEL;
	assert_true(gui_editor_clear(&ed));
	assert_int_equal(gui_editor_options(&ed, &o), -1);
	assert_non_null(strstr(ed.error, "--threads applies to a kernel "
	                                 "file"));
	ed.focus = GUI_EDITOR_THREADS;
	assert_true(gui_editor_clear(&ed));
	assert_int_equal(gui_editor_options(&ed, &o), 0);
	assert_null(o.kernel_file);
	assert_true(run_request_given(&o, "algo"));
	run_request_free(&o);
	gui_editor_finish(&ed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fields_take_what_they_should),
		cmocka_unit_test(focus_and_choices_wrap),
		cmocka_unit_test(randomise_uses_the_n_generator),
		cmocka_unit_test(options_check_like_the_command_line),
		cmocka_unit_test(nothing_typed_crashes),
		cmocka_unit_test(kernel_file_field),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
