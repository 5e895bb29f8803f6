// libcsv (Debian package libcsv-dev) — the CSV parser unitpipe's reader is built on.
#include <csv.h>
