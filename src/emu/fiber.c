/* fiber.c - stacks and context switches for fiber.h. The x86-64 switch
 * saves only the callee-saved registers, which is all a call needs, so a
 * switch costs a few nanoseconds (swapcontext also makes a system call to
 * save the signal mask). Depends on POSIX mmap; tells AddressSanitizer and
 * Valgrind (when their headers are there) about each stack. */
#define _DEFAULT_SOURCE
#include "fiber.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define FIBER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FIBER_ASAN 1
#endif
#endif
#ifndef FIBER_ASAN
#define FIBER_ASAN 0
#endif

#if FIBER_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

/* HAVE_VALGRIND (config.h) when the header is there: its client requests
 * cost a few instructions outside Valgrind. */
#include "config.h"
#if HAVE_VALGRIND
#include <valgrind/valgrind.h>
#define FIBER_VALGRIND 1
#else
#define FIBER_VALGRIND 0
#endif

/* The fiber a switch came from, so the one arriving can tell AddressSanitizer
 * where the previous stack was (the main stack is only learnt that way). */
static _Thread_local struct fiber *switching_from;

static void arrived(void *fake_stack)
{
#if FIBER_ASAN
	const void *bottom;
	size_t size;
	__sanitizer_finish_switch_fiber(fake_stack, &bottom, &size);
	if (switching_from && !switching_from->stack_size) {
		switching_from->asan_bottom = bottom;
		switching_from->asan_size = size;
	}
#else
	(void)fake_stack;
#endif
}

static void leaving(struct fiber *from, struct fiber *to, bool dying)
{
	switching_from = from;
#if FIBER_ASAN
	__sanitizer_start_switch_fiber(dying ? NULL : &from->asan_fake_stack,
	                               to->asan_bottom, to->asan_size);
#else
	(void)to;
	(void)dying;
#endif
}

#if FIBER_ASM
void fiber_swap(void **save, void *load);
void fiber_trampoline(void);
void fiber_main_entry(struct fiber *f);
#endif

/* Runs a started fiber's entry, then leaves it for good. */
static void fiber_main(struct fiber *f)
{
	arrived(NULL);
	f->entry(f->arg);
	leaving(f, f->exit_to, true);
#if FIBER_ASM
	void *discard;
	fiber_swap(&discard, f->exit_to->sp);
#else
	setcontext(&f->exit_to->context);
#endif
	__builtin_unreachable();
}

#if FIBER_ASM
/* fiber_swap(save, load): push the callee-saved registers, store the stack
 * pointer in *save, load `load`, pop and return into the other fiber.
 * fiber_trampoline starts a new fiber: r12 holds its struct fiber. */
__asm__(".text\n"
        ".globl fiber_swap\n"
        ".type fiber_swap,@function\n"
        "fiber_swap:\n"
        "    pushq %rbp\n"
        "    pushq %rbx\n"
        "    pushq %r12\n"
        "    pushq %r13\n"
        "    pushq %r14\n"
        "    pushq %r15\n"
        "    movq %rsp, (%rdi)\n"
        "    movq %rsi, %rsp\n"
        "    popq %r15\n"
        "    popq %r14\n"
        "    popq %r13\n"
        "    popq %r12\n"
        "    popq %rbx\n"
        "    popq %rbp\n"
        "    ret\n"
        ".size fiber_swap,.-fiber_swap\n"
        ".type fiber_trampoline,@function\n"
        "fiber_trampoline:\n"
        "    andq $-16, %rsp\n"
        "    movq %r12, %rdi\n"
        "    call fiber_main_entry\n"
        "    ud2\n"
        ".size fiber_trampoline,.-fiber_trampoline\n");

void fiber_main_entry(struct fiber *f)
{
	fiber_main(f);
}
#else
static void ucontext_entry(unsigned int hi, unsigned int lo)
{
	fiber_main((struct fiber *)(((uintptr_t)hi << 32) | (uintptr_t)lo));
}
#endif

int fiber_init_main(struct fiber *f)
{
	memset(f, 0, sizeof(*f));
	return 0;
}

/* Stacks of finished fibers, kept for the next fiber_init of the same size:
 * the emulator needs up to 1024 fibers per run, and mapping and unmapping
 * them made a single 2048-element run spend most of its time in mmap. */
#define STACK_CACHE_MAX 1024
static _Thread_local struct {
	void *map;
	size_t size;
} stack_cache[STACK_CACHE_MAX];
static _Thread_local size_t stack_cache_len;

static void set_stack(struct fiber *f, void *map, size_t stack_size,
                      size_t page)
{
	f->stack = map;
	f->stack_size = stack_size;
	f->asan_bottom = (char *)map + page;
	/* Stacks all start page-aligned, so their hot tops would share cache
	 * sets; starting each at a different cache line (up to 4 KiB lower)
	 * keeps a block's fibers from evicting one another. */
	size_t colour = (((uintptr_t)map / page) * 37 % 64) * 64;
	f->asan_size = stack_size - colour;
}

int fiber_init(struct fiber *f, size_t stack_size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	memset(f, 0, sizeof(*f));
	stack_size = (stack_size + page - 1) / page * page;
	if (stack_cache_len &&
	    stack_cache[stack_cache_len - 1].size == stack_size) {
		stack_cache_len--;
		set_stack(f, stack_cache[stack_cache_len].map, stack_size,
		          page);
		return 0;
	}
	void *map = mmap(NULL, stack_size + page, PROT_READ | PROT_WRITE,
	                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return -1;
#if FIBER_VALGRIND
	/* Valgrind must know each stack, or every switch looks like a wild
	 * stack pointer and every read of the stack an invalid one. The id it
	 * gives is kept in the guard page, read back before the unmap. */
	*(unsigned *)map = VALGRIND_STACK_REGISTER(
		(char *)map + page, (char *)map + page + stack_size);
#endif
	/* a guard page below the stack turns an overflow into a clean fault */
	mprotect(map, page, PROT_NONE);
	set_stack(f, map, stack_size, page);
	return 0;
}

void fiber_finish(struct fiber *f)
{
	if (f->stack && stack_cache_len < STACK_CACHE_MAX) {
		stack_cache[stack_cache_len].map = f->stack;
		stack_cache[stack_cache_len].size = f->stack_size;
		stack_cache_len++;
	} else if (f->stack) {
		size_t page = (size_t)sysconf(_SC_PAGESIZE);
#if FIBER_VALGRIND
		mprotect(f->stack, page, PROT_READ);
		VALGRIND_STACK_DEREGISTER(*(const unsigned *)f->stack);
#endif
		munmap(f->stack, f->stack_size + page);
	}
	memset(f, 0, sizeof(*f));
}

void fiber_start(struct fiber *f, void (*entry)(void *), void *arg,
                 struct fiber *exit_to)
{
	f->entry = entry;
	f->arg = arg;
	f->exit_to = exit_to;
	char *top = (char *)f->asan_bottom + f->asan_size;
#if FIBER_ASM
	/* What fiber_swap pops: r15 r14 r13 r12 rbx rbp, then the return. */
	uintptr_t *sp = (uintptr_t *)((uintptr_t)top & ~(uintptr_t)15) - 8;
	memset(sp, 0, 8 * sizeof(*sp));
	sp[3] = (uintptr_t)f;                /* r12 */
	sp[6] = (uintptr_t)fiber_trampoline; /* return address */
	f->sp = sp;
#else
	getcontext(&f->context);
	f->context.uc_stack.ss_sp = (void *)f->asan_bottom;
	f->context.uc_stack.ss_size = f->asan_size;
	f->context.uc_link = NULL;
	uintptr_t p = (uintptr_t)f;
	makecontext(&f->context, (void (*)(void))ucontext_entry, 2,
	            (unsigned int)(p >> 32), (unsigned int)(p & 0xffffffffu));
	(void)top;
#endif
}

void fiber_switch(struct fiber *from, struct fiber *to)
{
	leaving(from, to, false);
#if FIBER_ASM
	fiber_swap(&from->sp, to->sp);
#else
	swapcontext(&from->context, &to->context);
#endif
	arrived(from->asan_fake_stack);
}
