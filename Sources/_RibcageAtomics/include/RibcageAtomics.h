#ifndef RIBCAGE_ATOMICS_H
#define RIBCAGE_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/// Stores `value` into the byte at `flag` with release ordering. Safe from any thread.
static inline void ribcage_atomic_store_flag(uint8_t *flag, uint8_t value) {
  __atomic_store_n(flag, value, __ATOMIC_RELEASE);
}

/// Loads the byte at `flag` with acquire ordering. Safe from any thread.
static inline uint8_t ribcage_atomic_load_flag(const uint8_t *flag) {
  return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
}

/// Nanoseconds of the monotonic clock, which calibrates `ribcage_ticks` (and times what is not a
/// hook). One vDSO call, without the 128-bit arithmetic of `ContinuousClock.Instant`.
static inline uint64_t ribcage_monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// A counter that only goes up, cheap enough to read for every recorded event: the CPU's
/// time-stamp counter on x86-64 (`rdtsc`, about 10 ns, invariant on CPUs with `constant_tsc`),
/// the virtual counter on arm64 (`cntvct_el0`, which `mach_absolute_time` reads on Apple
/// platforms), the monotonic clock in nanoseconds elsewhere. Its unit is unknown: convert
/// differences with two readings of ``ribcage_monotonic_ns`` taken beside two of its own.
static inline uint64_t ribcage_ticks(void) {
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
  uint64_t value;
  __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
  return value;
#else
  return ribcage_monotonic_ns();
#endif
}

/// The Swift runtime's own test of whether an object's deinit has started (exported by the
/// runtime on every platform; the object is a Swift class instance).
extern bool swift_isDeallocating(void *object);

/// Whether the deinit of the Swift object at `object` has started: a reference taken from then
/// on must not outlive the deinit.
static inline bool ribcage_is_deallocating(void *object) {
  return swift_isDeallocating(object);
}

#endif
