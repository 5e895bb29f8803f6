#ifndef UNITPIPE_BYTE_CLASSES_H
#define UNITPIPE_BYTE_CLASSES_H

// The reader's 64-byte classifier (see Reading/PlainLineSplitter.swift). Swift's SIMD types
// compare 16 bytes at once but have no way to turn the result into a bit mask in one
// instruction (SSE2's pmovmskb); the mask is what the splitter walks field by field. Inline, so
// the compiler folds it into the Swift loop that calls it.

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The bytes the classifier looks for, each in its own 16-bit mask of `unitpipe_classify16`.
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

/// Classifies the 64 bytes at `bytes` into the masks of `unitpipe_masks64`.
static inline unitpipe_masks64 unitpipe_classify64(const void *bytes, unitpipe_byte_classes classes) {
    unitpipe_masks64 m = {0, 0, 0, 0};
#if defined(__SSE2__)
    const __m128i delimiter = _mm_set1_epi8((char)classes.delimiter);
    const __m128i quote = _mm_set1_epi8((char)classes.quote);
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    const __m128i space0 = _mm_set1_epi8((char)classes.space0);
    const __m128i space1 = _mm_set1_epi8((char)classes.space1);
    for (int k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)((const unsigned char *)bytes + 16 * k));
        int shift = 16 * k;
        m.delimiters |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, delimiter)) << shift;
        m.quotes |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)) << shift;
        m.ends |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr))) << shift;
        m.spaces |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, space0), _mm_cmpeq_epi8(v, space1))) << shift;
    }
#else
    const unsigned char *b = (const unsigned char *)bytes;
    for (int i = 0; i < 64; i++) {
        unsigned char c = b[i];
        uint64_t bit = (uint64_t)1 << i;
        if (c == classes.delimiter) m.delimiters |= bit;
        if (c == classes.quote) m.quotes |= bit;
        if (c == '\n' || c == '\r') m.ends |= bit;
        if (c == classes.space0 || c == classes.space1) m.spaces |= bit;
    }
#endif
    return m;
}

/// `unitpipe_classify64` of the `count` (< 64) bytes at `bytes`, read no further; the bits of
/// the missing bytes are clear.
static inline unitpipe_masks64 unitpipe_classify_tail(const void *bytes, size_t count, unitpipe_byte_classes classes) {
    unsigned char block[64];
    memset(block, 0, sizeof block);
    memcpy(block, bytes, count);
    unitpipe_masks64 m = unitpipe_classify64(block, classes);
    uint64_t valid = count >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1);
    m.delimiters &= valid;
    m.quotes &= valid;
    m.ends &= valid;
    m.spaces &= valid;
    return m;
}

#endif
