#ifndef UNITPIPE_SYSTEM_SHIMS_H
#define UNITPIPE_SYSTEM_SHIMS_H

/// Installs SIGINT, SIGTERM, SIGHUP and SIGQUIT handlers (sigaction, without SA_RESTART, so a
/// blocked read(2) or write(2) returns) that only record the signal number, and ignores SIGXFSZ.
void unitpipe_install_signal_handlers(void);

/// Registers the calling thread to get the first of those signals too, so that a read(2) or
/// write(2) blocked in it returns with EINTR (the main thread always gets it). At most 256
/// threads at once (`--threads` allows no more); a thread beyond them is not registered
/// (returns 0, else 1).
int unitpipe_register_thread(void);

/// Unregisters the calling thread; it must be called before the thread ends.
void unitpipe_unregister_thread(void);

/// The last SIGINT, SIGTERM, SIGHUP or SIGQUIT received, or 0.
int unitpipe_received_signal(void);

/// Starts writeback of `count` bytes of `fd` from `offset` without waiting for it
/// (Linux `sync_file_range` with `SYNC_FILE_RANGE_WRITE`); a no-op elsewhere. Advisory:
/// returns 0, or -1 with errno set, and callers may ignore the result.
int unitpipe_start_writeback(int fd, long long offset, long long count);

/// Makes malloc give every block of `bytes` or more a mapping of its own, for the whole process
/// (glibc `mallopt(M_MMAP_THRESHOLD, bytes)`, which also turns off glibc's moving threshold); a
/// no-op elsewhere. Returns 1 on success, 0 otherwise.
int unitpipe_map_large_blocks(int bytes);

/// Whether the file at `path` is immutable (1) or append-only (2) by its inode attributes
/// (Linux `ioctl(FS_IOC_GETFLAGS)`), or neither, or cannot be asked (0).
int unitpipe_file_attributes(const char *path);

#endif
