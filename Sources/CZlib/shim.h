// zlib (Debian package zlib1g-dev): gzip input and output. Only Compression/Gzip.swift imports it.
#include <zlib.h>

// inflateInit2 and deflateInit2 are macros (they pass the library version and the struct size);
// these functions are what Swift can call.

/// Starts inflating gzip members only (window bits 15, +16 for the gzip wrapper).
static inline int unitpipe_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

/// Starts deflating one gzip member at `level` (window bits 15 + 16, memory level 8, default strategy).
static inline int unitpipe_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
