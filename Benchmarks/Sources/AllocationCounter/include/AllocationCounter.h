#ifndef RIBCAGE_ALLOCATION_COUNTER_H
#define RIBCAGE_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Whether this build counts allocations (glibc on Linux); 0 elsewhere.
int allocation_counter_is_available(void);
/// Starts or stops counting. Counting is off at launch, so timed cases pay only one branch.
void allocation_counter_set_enabled(int enabled);
/// Heap allocations made while counting was on.
uint64_t allocation_counter_allocations(void);
/// Bytes allocated minus bytes freed while counting was on (usable sizes, as the heap sees them).
int64_t allocation_counter_live_bytes(void);
/// Resets both counters to zero.
void allocation_counter_reset(void);

#endif
