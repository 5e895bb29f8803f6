#ifndef UNITPIPE_BYTE_CLASSES_H
#define UNITPIPE_BYTE_CLASSES_H

// The reader's 16-byte classifier (see Reading/PlainLineSplitter.swift). Swift's SIMD types
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

/// Classifies the 16 bytes at `bytes`: bit i of each 16-bit lane of the result says whether
/// byte i is the delimiter (bits 0-15), the quote (16-31), CR or LF (32-47), a space (48-63).
static inline uint64_t unitpipe_classify16(const void *bytes, unitpipe_byte_classes classes) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    uint64_t delimiters = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)classes.delimiter)));
    uint64_t quotes = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8((char)classes.quote)));
    uint64_t ends = (uint32_t)_mm_movemask_epi8(_mm_or_si128(
        _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
    uint64_t spaces = (uint32_t)_mm_movemask_epi8(_mm_or_si128(
        _mm_cmpeq_epi8(v, _mm_set1_epi8((char)classes.space0)), _mm_cmpeq_epi8(v, _mm_set1_epi8((char)classes.space1))));
    return delimiters | quotes << 16 | ends << 32 | spaces << 48;
#else
    const unsigned char *b = (const unsigned char *)bytes;
    uint64_t result = 0;
    for (int i = 0; i < 16; i++) {
        unsigned char c = b[i];
        if (c == classes.delimiter) result |= (uint64_t)1 << i;
        if (c == classes.quote) result |= (uint64_t)1 << (16 + i);
        if (c == '\n' || c == '\r') result |= (uint64_t)1 << (32 + i);
        if (c == classes.space0 || c == classes.space1) result |= (uint64_t)1 << (48 + i);
    }
    return result;
#endif
}

#endif
