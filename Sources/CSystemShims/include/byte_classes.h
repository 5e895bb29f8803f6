#ifndef UNITPIPE_BYTE_CLASSES_H
#define UNITPIPE_BYTE_CLASSES_H

// The reader's 64-byte classifier (see Reading/PlainLineSplitter.swift). Swift's SIMD types
// compare 16 bytes at once but have no way to turn the result into a bit mask in one
// instruction (SSE2's pmovmskb, AVX2's vpmovmskb, AVX-512's compare into a mask register); the
// masks are what the splitter walks field by field. byte_classes.c holds a scalar, an SSE2, an
// AVX2 and an AVX-512BW version of the same function, and picks the widest the processor runs
// up to AVX2 (AVX-512BW only when named).

#include <stddef.h>
#include <stdint.h>

/// The bytes the classifier looks for, each in its own mask of `unitpipe_masks64`.
typedef struct {
    unsigned char delimiter;
    unsigned char quote;
    /// The two bytes that count as spaces (the same byte twice when only one does).
    unsigned char space0;
    unsigned char space1;
} unitpipe_byte_classes;

/// The four classes of 64 bytes, one bit per byte (bit i is byte i).
typedef struct {
    uint64_t delimiters;
    uint64_t quotes;
    /// CR or LF.
    uint64_t ends;
    uint64_t spaces;
} unitpipe_masks64;

/// Classifies the `blocks` 64-byte blocks at `bytes` (64 × `blocks` bytes, all readable) into
/// `masks[0 ..< blocks]`.
typedef void (*unitpipe_classifier)(
    const void *bytes, size_t blocks, unitpipe_byte_classes classes, unitpipe_masks64 *masks);

/// The versions of the classifier, narrowest first.
typedef enum {
    UNITPIPE_CLASSIFIER_SCALAR = 0,
    UNITPIPE_CLASSIFIER_SSE2 = 1,
    UNITPIPE_CLASSIFIER_AVX2 = 2,
    UNITPIPE_CLASSIFIER_AVX512 = 3,
} unitpipe_classifier_kind;

/// The classifier of `kind`, or NULL when this build or processor cannot run it (every version
/// but the scalar one needs x86-64; AVX2 and AVX-512BW are asked of the processor with
/// `__builtin_cpu_supports`).
unitpipe_classifier unitpipe_classifier_of_kind(unitpipe_classifier_kind kind);

/// The widest kind this build and processor run, AVX2 at most: AVX-512BW is used only when named.
unitpipe_classifier_kind unitpipe_widest_classifier_kind(void);

/// Classifies the `count` (< 64) bytes at `bytes`, read no further, into `masks[0]` with
/// `classify`; the bits of the missing bytes are clear.
void unitpipe_classify_tail(
    unitpipe_classifier classify, const void *bytes, size_t count, unitpipe_byte_classes classes,
    unitpipe_masks64 *masks);

#endif
