// libcsv (Debian package libcsv-dev) — the CSV parser unitpipe's reader is built on.
#include <csv.h>

// A space test that says "never": libcsv then keeps spaces around unquoted fields
// (by default it trims them). A C function, so libcsv's per-byte call stays cheap.
static inline int unitpipe_csv_no_space(unsigned char c) {
    (void)c;
    return 0;
}
