/* help.c - the help texts of the commands in src/cli/ (docs/cli.md says the
 * same at more length). Depends on cli.h and the tables it lists from:
 * algorithms (scan.h), outputs (output.h), executors (run.h) and the
 * bench's kernels (bench_options.h). */
#include <stdio.h>

#include "bench_options.h"
#include "cli.h"
#include "run.h"
#include "output.h"
#include "scan.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void put_lines(FILE *f, const char *const *lines, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		fputs(lines[k], f);
		fputc('\n', f);
	}
}

void cli_help_usage(FILE *f)
{
	static const char *const lines[] = {
		"scanviz - the parallel scan kernels of chapter 9 of Programming",
		"Massively Parallel Processors, run for real and drawn step by step.",
		"",
		"usage: scanviz [--figure 9.1|9.5|9.10|compaction|look-back|warps|banks] [run options]  the window",
		"       scanviz --lesson NAME|FILE | --trace FILE.json",
		"       scanviz COMMAND [options]",
		"       scanviz --help | --version",
	};
	put_lines(f, lines, COUNT(lines));
}

void cli_help_run_options(FILE *f)
{
	static const char *const lines[] = {
		"  --section-kernel K  the section scan of --algo hierarchical:",
		"                      kogge-stone, brent-kung (the default),",
		"                      brent-kung-padded or warp-shuffle",
		"  --input \"2,1,3,1\"   the input: numbers separated by commas",
		"                      and/or white space",
		"  --input-file F      the same from a file (- for standard input);",
		"                      '#' starts a comment",
		"  --n N [--seed S]    N random integers 0..9 (SplitMix64 from S,",
		"                      default 1; the same on every machine)",
		"                      default input: the book's 16 values",
		"                      2 1 3 1 0 4 1 2 0 3 1 2 5 3 1 2",
		"  --section N         section size (default: the input's length",
		"                      for one-section kernels, 16 for hierarchical)",
		"  --backend B         auto|cpu|cuda (auto: the GPU when usable,",
		"                      else the CPU emulator)",
		"  --schedule S        ascending|descending|random|warp-lockstep|",
		"                      adversarial: the order the CPU emulator",
		"                      runs a block's threads in",
		"  --schedule-seed S   seed of --schedule random (default 1)",
		"  --detail D          full|summary|auto: every snapshot and",
		"                      addition, or counts and block sums only;",
		"                      auto keeps full while the snapshots stay",
		"                      under 2^24 values",
		"  --kernel FILE.cu    a scan kernel of your own in plain CUDA C",
		"                      instead of --algo, run as check runs it",
		"                      (docs/student-kernels.md)",
		"  --threads N         with --kernel: threads per block (default",
		"                      SECTION_SIZE)",
		"  --timeout SECONDS   with --kernel: wall-clock limit (default 10)",
	};
	fputs("run options:\n  --algo NAME         ", f);
	for (size_t k = 0; k < scan_algorithm_count(); k++)
		fprintf(f, "%s%s", k ? "|" : "", scan_algorithm_at(k)->name);
	fprintf(f, "\n                      (default %s)\n",
	        RUN_DEFAULT_ALGORITHM);
	for (size_t k = 0; k < scan_algorithm_count(); k++) {
		const struct scan_algorithm *a = scan_algorithm_at(k);
		/* the later editions' scans have no section of this chapter */
		if (a->book_section[0])
			fprintf(f, "      %-17s %s (%s)\n", a->name, a->summary,
			        a->book_section);
		else
			fprintf(f, "      %-17s %s\n", a->name, a->summary);
	}
	put_lines(f, lines, COUNT(lines));
}

void cli_help_dump(FILE *f)
{
	static const char *const head[] = {
		"usage: scanviz dump [run options | --trace FILE] [--format FORMAT] [-o FILE]",
		"",
		"Runs one scan and writes its trace: every step's XY, every",
		"addition, hazards, barrier divergence, the levels of a",
		"hierarchical scan and the counts. With --trace FILE, writes",
		"a recorded trace (JSON or binary) in FORMAT instead.",
		"",
	};
	static const char *const tail[] = {
		"  -o FILE, --output FILE",
		"                      write to FILE (replaced only when the run",
		"                      succeeds) instead of standard output; a",
		"                      link is followed, a FIFO or a device is",
		"                      written into, a folder is refused",
		"",
		"exit: 0 ok, 1 the run went wrong, 2 bad usage or input,",
		"3 backend not available.",
	};
	char names[128];
	out_list_names(names, sizeof(names));
	put_lines(f, head, COUNT(head));
	cli_help_run_options(f);
	fprintf(f, "output:\n  --format FORMAT     %s (default text)\n", names);
	for (size_t k = 0; k < out_count(); k++)
		fprintf(f, "      %-17s %s\n", out_at(k)->name,
		        out_at(k)->description);
	put_lines(f, tail, COUNT(tail));
}

void cli_help_verify(FILE *f)
{
	static const char *const lines[] = {
		"usage: scanviz verify [--backend auto|cuda|cpu] [--max-n N] [--quick]",
		"",
		"Runs every race-free algorithm (kogge-stone and its double-",
		"buffered twin, brent-kung, blelloch, coarsened, warp-shuffle,",
		"hierarchical with kogge-stone, brent-kung or warp-shuffle as",
		"section kernel, single-pass) on every executor over many inputs",
		"and section sizes, and compares each output with a sequential",
		"scan in double (stream-compaction's with a sequential",
		"compaction and its kept count). The CPU emulator must give the",
		"same output under all three schedules; any other executor must",
		"give the CPU's trace exactly (single-pass: all but its look-",
		"backs, which depend on timing, and its outputs, checked",
		"against the sequential scan). The book's kernels are run too",
		"and reported, not judged: they are wrong on purpose.",
		"",
		"  --backend B   auto: every executor usable here (default); cpu;",
		"                cuda",
		"  --max-n N     leave out inputs longer than N",
		"  --quick       a smaller sample of lengths and sections",
		"",
		"exit: 0 all passed, 1 a check failed, 2 bad usage, 3 --backend",
		"cuda not available.",
	};
	put_lines(f, lines, COUNT(lines));
	fputs("executors in this build:", f);
	for (size_t k = 0; k < run_executor_count(); k++)
		fprintf(f, " %s", run_executor_at(k)->name);
	fputc('\n', f);
}

void cli_help_lessons(FILE *f)
{
	fputs("usage: scanviz lessons [--check | --print] [--backend auto|cpu|cuda] "
	      "[NAME|FILE...]\n"
	      "  (no option)  list the lessons in teaching order\n"
	      "  --check      load each lesson given (all when none), run its "
	      "traces,\n"
	      "               compute every answer and play every slide to its "
	      "end\n"
	      "  --print      print a lesson as text: narration, questions with\n"
	      "               their answers from the trace, lecturer's notes\n"
	      "  --backend    where the lessons' runs go (default: each lesson's "
	      "own,\n"
	      "               auto: the GPU when there is one)\n"
	      "Open one in the window with: scanviz --lesson NAME|FILE\n"
	      "The format is docs/lesson-format.md; the lessons folder is "
	      "$SCANVIZ_LESSON_DIR\n"
	      "or the one scanviz was built with.\n",
	      f);
}

void cli_help_bench(FILE *f)
{
	fprintf(f,
	        "usage: %s [options]\n"
	        "       %s --show FILE.json [--size WxH] [--theme T]\n"
	        "       %s --from FILE.json [--plot OUT.svg|OUT.png] [--size WxH]\n"
	        "Times the scan kernels on the GPU (float32, inclusive sum) for\n"
	        "N = 2^min .. 2^max and prints a table: median time over the timed\n"
	        "runs (CUDA events), GB/s counting 8 bytes per element, %% of the\n"
	        "copy's bandwidth, the ratio to CUB, the bytes each element must\n"
	        "cross memory and the GB/s that allows at the copy's speed. Every\n"
	        "result is checked against a sequential scan in double before it\n"
	        "is reported. A results file written with --json is shown in a\n"
	        "window (--show), or its table printed and its plot drawn to a\n"
	        "file (--from) on any machine, without a GPU.\n"
	        "\n"
	        "  --min-log2 K      smallest N is 2^K (default 10, at least %u)\n"
	        "  --max-log2 K      largest N is 2^K (default 28, at most %u)\n"
	        "  --runs R          timed runs per figure (default 100)\n"
	        "  --warmup W        untimed runs before them (default 5)\n"
	        "  --kernels LIST    comma-separated names, or all (default all)\n"
	        "  --stages          also time the hierarchical scans' kernel 1\n"
	        "                    and kernel 3 apart (rows under theirs)\n"
	        "  --csv FILE        also write the figures as CSV\n"
	        "  --json FILE       also write them as JSON (format scanviz-bench)\n"
	        "  --plot FILE       throughput against N, as .svg or .png\n"
	        "  --show FILE       open a results file's plot in a window (P\n"
	        "                    projection, S screenshot, ? keys, Q quit)\n"
	        "  --from FILE       print a results file's table (- for standard\n"
	        "                    input); with --plot, also draw its plot\n"
	        "  --size WxH        the plot in px (default 1200x720), or the\n"
	        "                    window in points with --show\n"
	        "  --theme T         light (default), dark or projection\n"
	        "  --projection      the same as --theme projection\n"
	        "  --quiet           no progress on stderr\n"
	        "  -h, --help        this text\n"
	        "\n"
	        "kernels:\n",
	        "scanviz bench", "scanviz bench", "scanviz bench",
	        BENCH_MIN_LOG2, BENCH_MAX_LOG2);
	for (int k = 0; k < BENCH_KERNEL_COUNT; k++) {
		const struct bench_kernel_info *info = bench_kernel_info(k);
		fprintf(f, "  %-18s%s\n", info->name, info->summary);
	}
	fprintf(f, "\nexit status: 0 ok; 1 a check failed or a run went wrong; "
	           "2 bad usage or a bad results file; 3 no usable GPU (or no\n"
	           "window or JSON reader in this build)\n");
}
