// libzstd (Debian package libzstd-dev): zstd input and output. Only Compression/Zstd.swift imports it.
#include <zstd.h>
