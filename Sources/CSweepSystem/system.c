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
