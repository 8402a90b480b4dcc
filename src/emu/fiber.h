/* fiber.h - cooperative user-space threads for the SIMT emulator: each
 * CUDA thread of a block runs on a fiber of its own, and a barrier is a
 * switch to the next fiber. Plain C; x86-64 uses a few lines of assembly,
 * other machines <ucontext.h>. */
#ifndef SCANVIZ_FIBER_H
#define SCANVIZ_FIBER_H

#include <stddef.h>

#if defined(__x86_64__) && !defined(SCANVIZ_FIBER_UCONTEXT)
#define FIBER_ASM 1
#else
#define FIBER_ASM 0
#include <ucontext.h>
#endif

struct fiber {
#if FIBER_ASM
	void *sp; /* saved stack pointer while switched out */
#else
	ucontext_t context;
#endif
	void *stack;       /* mapping of stack_size bytes plus a guard page */
	size_t stack_size; /* 0 for a fiber that adopts the calling thread */
	void (*entry)(void *);
	void *arg;
	struct fiber *exit_to; /* where the fiber goes when entry returns */
	/* AddressSanitizer needs to know each stack we switch to. */
	const void *asan_bottom;
	size_t asan_size;
	void *asan_fake_stack;
};

/* Makes f stand for the calling thread's own stack, so others can switch
 * back to it. Returns 0. */
int fiber_init_main(struct fiber *f);

/* Allocates a stack of stack_size bytes (rounded up to pages, with a guard
 * page below). Returns 0, or -1 when out of memory. */
int fiber_init(struct fiber *f, size_t stack_size);

/* Releases the stack (the calling thread keeps up to 1024 stacks for reuse
 * by fiber_init); a zeroed or main fiber is fine. */
void fiber_finish(struct fiber *f);

/* Prepares f to run entry(arg) from the top of its stack when it is next
 * switched to; when entry returns, f switches to exit_to for good. */
void fiber_start(struct fiber *f, void (*entry)(void *), void *arg,
                 struct fiber *exit_to);

/* Saves the running fiber into `from` and resumes `to`. */
void fiber_switch(struct fiber *from, struct fiber *to);

#endif
