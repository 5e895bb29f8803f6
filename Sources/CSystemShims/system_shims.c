// Signal handling for unitpipe: an async-signal-safe handler that records the signal,
// which the pipeline polls between chunks (and a blocked read(2) notices via EINTR).
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
#include <string.h>

static volatile sig_atomic_t received_signal = 0;
static pthread_t main_thread;

static void record_signal(int number) {
    received_signal = number;
    // The kernel may deliver the signal to any thread; the main thread is the one that may be
    // blocked in read(2), so it must get the signal too (pthread_kill is async-signal-safe).
    if (!pthread_equal(pthread_self(), main_thread)) {
        pthread_kill(main_thread, number);
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
