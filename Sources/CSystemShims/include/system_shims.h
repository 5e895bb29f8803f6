#ifndef UNITPIPE_SYSTEM_SHIMS_H
#define UNITPIPE_SYSTEM_SHIMS_H

/// Installs SIGINT and SIGTERM handlers (sigaction, without SA_RESTART, so a blocked
/// read(2) returns EINTR) that only record the signal number.
void unitpipe_install_signal_handlers(void);

/// The last SIGINT/SIGTERM received, or 0.
int unitpipe_received_signal(void);

#endif
