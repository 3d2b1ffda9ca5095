#define _GNU_SOURCE
#include "CSweepSystem.h"
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

int sweep_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int sweep_memfd_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
}

unsigned long long sweep_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

int sweep_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

long long sweep_file_system_type(int fd) {
    struct statfs info;
    if (fstatfs(fd, &info) != 0) return -1;
    return (long long)info.f_type;
}

// libdispatch's run-loop hooks (what CoreFoundation's run loop uses to
// drain the main queue): exported by libdispatch.so, declared in no public header.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int sweep_is_main_thread(void) {
    return gettid() == getpid();
}

int sweep_main_queue_fd(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    // Read without blocking when nothing is queued (see sweep_main_queue_drain).
    if (fd >= 0) (void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

void sweep_main_queue_drain(void) {
    // The eventfd counts wake-ups; read it empty first, so work queued
    // while draining wakes the next poll instead of being lost.
    int fd = _dispatch_get_main_queue_handle_4CF();
    unsigned long long count;
    if (fd >= 0) (void)read(fd, &count, sizeof count);
    _dispatch_main_queue_callback_4CF(NULL);
}
