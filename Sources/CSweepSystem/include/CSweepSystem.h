#pragma once
// POSIX and Linux calls that Glibc's Swift module does not expose.
#include <stddef.h>

/// memfd_create(2) with MFD_CLOEXEC | MFD_ALLOW_SEALING; -1 and errno on failure.
int sweep_memfd_create(const char *name);
/// Seals a memfd against shrinking, growing and further sealing.
int sweep_memfd_seal(int fd);
/// A monotonic clock in nanoseconds (CLOCK_MONOTONIC).
unsigned long long sweep_monotonic_ns(void);
/// pipe2(2) with O_CLOEXEC: fds[0] reads, fds[1] writes; -1 and errno on failure.
int sweep_pipe_cloexec(int fds[2]);
/// The type of the file system `fd` is on (statfs(2)'s f_type, a magic
/// number such as 0x62656572 for sysfs); -1 and errno on failure.
long long sweep_file_system_type(int fd);
/// Whether the calling thread is the process's main thread.
int sweep_is_main_thread(void);
/// libdispatch's main queue as a descriptor to poll (an eventfd that turns
/// readable when work is queued on `DispatchQueue.main`, which is where
/// the main actor's jobs go); -1 when libdispatch has none.
int sweep_main_queue_fd(void);
/// Runs what is queued on the main dispatch queue now (and so the main
/// actor's jobs). Only on the main thread, and only where nothing called
/// dispatch_main(); a nested call returns at once.
void sweep_main_queue_drain(void);
