// Counts heap allocations by interposing the allocation functions of glibc, forwarding each call to
// glibc's own implementation (__libc_*). The executable's definitions take precedence over libc's
// for every shared library, the Swift runtime included.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static int counting = 0;
static uint64_t allocations = 0;
static int64_t live_bytes = 0;

static inline void count_allocation(void *pointer) {
  if (__builtin_expect(counting, 0) && pointer) {
    __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&live_bytes, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
  }
}

static inline void count_free(void *pointer) {
  if (__builtin_expect(counting, 0) && pointer) {
    __atomic_sub_fetch(&live_bytes, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
  }
}

void *malloc(size_t size) {
  void *pointer = __libc_malloc(size);
  count_allocation(pointer);
  return pointer;
}

void *calloc(size_t count, size_t size) {
  void *pointer = __libc_calloc(count, size);
  count_allocation(pointer);
  return pointer;
}

void *realloc(void *old, size_t size) {
  count_free(old);
  void *pointer = __libc_realloc(old, size);
  count_allocation(pointer);
  return pointer;
}

void *memalign(size_t alignment, size_t size) {
  void *pointer = __libc_memalign(alignment, size);
  count_allocation(pointer);
  return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
  void *pointer = memalign(alignment, size);
  if (!pointer) return ENOMEM;
  *result = pointer;
  return 0;
}

void free(void *pointer) {
  count_free(pointer);
  __libc_free(pointer);
}

int allocation_counter_is_available(void) { return 1; }
#else
int allocation_counter_is_available(void) { return 0; }
static int counting = 0;
static uint64_t allocations = 0;
static int64_t live_bytes = 0;
#endif

void allocation_counter_set_enabled(int enabled) { __atomic_store_n(&counting, enabled, __ATOMIC_SEQ_CST); }
uint64_t allocation_counter_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_SEQ_CST); }
int64_t allocation_counter_live_bytes(void) { return __atomic_load_n(&live_bytes, __ATOMIC_SEQ_CST); }
void allocation_counter_reset(void) {
  __atomic_store_n(&allocations, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&live_bytes, 0, __ATOMIC_SEQ_CST);
}
