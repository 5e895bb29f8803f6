// Signal handling for unitpipe: an async-signal-safe handler that records the signal,
// which the pipeline polls between chunks (and a blocked read(2) or write(2) notices via EINTR,
// in whichever of the run's threads it is).
// And the Linux and glibc calls Swift's Glibc module does not export (sync_file_range, mallopt,
// the inode attributes of ioctl(FS_IOC_GETFLAGS)).
#define _GNU_SOURCE
#include "system_shims.h"

#include <fcntl.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/fs.h>
#include <sys/ioctl.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

static volatile sig_atomic_t received_signal = 0;
static pthread_t main_thread;

// The threads of a run other than the main thread (RecordEngine+Parallel.swift), each in a
// slot whose state says whether it is free (0), registered (1), being signalled by a handler (2)
// or being filled (3). The handler and the thread that leaves agree on a slot through its state.
#define REGISTERED_THREADS 256
static pthread_t registered[REGISTERED_THREADS];
static atomic_int registered_state[REGISTERED_THREADS];

static void record_signal(int number) {
    int is_first = received_signal == 0;
    received_signal = number;
    // The kernel delivers the signal to one thread, any of them; a read(2) or write(2) blocked
    // in another must get it too, to return with EINTR. Only the first signal is passed on: the
    // threads that get it pass nothing further (pthread_kill and lock-free atomics are
    // async-signal-safe).
    if (!is_first) {
        return;
    }
    pthread_t self = pthread_self();
    if (!pthread_equal(self, main_thread)) {
        pthread_kill(main_thread, number);
    }
    for (int i = 0; i < REGISTERED_THREADS; i++) {
        int expected = 1;
        if (atomic_load(&registered_state[i]) != 1 || pthread_equal(registered[i], self)) {
            continue;
        }
        if (atomic_compare_exchange_strong(&registered_state[i], &expected, 2)) {
            pthread_kill(registered[i], number);
            atomic_store(&registered_state[i], 1);
        }
    }
}

int unitpipe_register_thread(void) {
    if (pthread_equal(pthread_self(), main_thread)) {
        return 1;
    }
    for (int i = 0; i < REGISTERED_THREADS; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&registered_state[i], &expected, 3)) {
            registered[i] = pthread_self();
            atomic_store(&registered_state[i], 1);
            return 1;
        }
    }
    return 0;
}

void unitpipe_unregister_thread(void) {
    pthread_t self = pthread_self();
    for (int i = 0; i < REGISTERED_THREADS; i++) {
        int state = atomic_load(&registered_state[i]);
        if ((state == 1 || state == 2) && pthread_equal(registered[i], self)) {
            // Waits while a handler on another thread is signalling this one.
            int expected = 1;
            while (!atomic_compare_exchange_weak(&registered_state[i], &expected, 0)) {
                expected = 1;
            }
            return;
        }
    }
}

void unitpipe_install_signal_handlers(void) {
    main_thread = pthread_self();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = record_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    // SIGHUP (a closed ssh session) and SIGQUIT stop the run as SIGTERM does.
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    sigaction(SIGQUIT, &action, NULL);
    // Past a file size limit (`ulimit -f`) write(2) then fails with EFBIG, a failure like any other.
    signal(SIGXFSZ, SIG_IGN);
    // A parent may have started us with these signals blocked (the mask is inherited).
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGHUP);
    sigaddset(&signals, SIGQUIT);
    pthread_sigmask(SIG_UNBLOCK, &signals, NULL);
}

int unitpipe_received_signal(void) {
    return received_signal;
}

int unitpipe_start_writeback(int fd, long long offset, long long count) {
#if defined(__linux__)
    return sync_file_range(fd, (off_t)offset, (off_t)count, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd;
    (void)offset;
    (void)count;
    return 0;
#endif
}

int unitpipe_map_large_blocks(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}

int unitpipe_file_attributes(const char *path) {
#if defined(__linux__)
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return 0;
    int flags = 0;
    int result = ioctl(fd, FS_IOC_GETFLAGS, &flags);
    close(fd);
    if (result != 0) return 0;
    if (flags & FS_IMMUTABLE_FL) return 1;
    if (flags & FS_APPEND_FL) return 2;
    return 0;
#else
    (void)path;
    return 0;
#endif
}
