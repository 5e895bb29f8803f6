// zlib (Debian package zlib1g-dev): gzip input. Only Compression/Gzip.swift imports it.
#include <zlib.h>

// inflateInit2 is a macro (it passes the library version and the struct size);
// this function is what Swift can call.

/// Starts inflating gzip members only (window bits 15, +16 for the gzip wrapper).
static inline int unitpipe_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

