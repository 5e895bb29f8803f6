// libdeflate (Debian package libdeflate-dev): gzip output, one whole member per call.
// Only Compression/Deflate.swift imports it.
#include <libdeflate.h>
