// libcsv (Debian package libcsv-dev) — the CSV parser unitpipe's reader is built on.
#include <csv.h>
#include <malloc.h>
#include <stdlib.h>

// A space test that says "never": libcsv then keeps spaces around unquoted fields
// (by default it trims them). A C function, so libcsv's per-byte call stays cheap.
static inline int unitpipe_csv_no_space(unsigned char c) {
    (void)c;
    return 0;
}

// libcsv grows its field buffer by its block size at each call: a 60 MiB field cost ~1,000
// reallocations, each an mremap of the whole block once it is large (page tables moved, and with
// several threads every CPU's TLB flushed). This grows it to at least twice its room instead
// (untouched pages of a mapped block cost no memory), and hands back the same buffer while the
// size libcsv asks for still fits.
static inline void *unitpipe_csv_grow(void *buffer, size_t size) {
    size_t room = buffer ? malloc_usable_size(buffer) : 0;
    if (size <= room) {
        return buffer;
    }
    return realloc(buffer, size > 2 * room ? size : 2 * room);
}
