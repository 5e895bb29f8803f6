// The reader's byte classifier (include/byte_classes.h), one version per instruction set. Each
// version is compiled with its own target attribute, so the package builds for baseline x86-64
// (and for any other processor, with the scalar version alone) and runs the widest version the
// processor has.

#include "byte_classes.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define UNITPIPE_HAS_X86_CLASSIFIERS 1
#endif

static void classify_scalar(
    const void *bytes, size_t blocks, unitpipe_byte_classes classes, unitpipe_masks64 *masks) {
    const unsigned char *b = (const unsigned char *)bytes;
    for (size_t k = 0; k < blocks; k++, b += 64) {
        unitpipe_masks64 m = {0, 0, 0, 0};
        for (int i = 0; i < 64; i++) {
            unsigned char c = b[i];
            uint64_t bit = (uint64_t)1 << i;
            if (c == classes.delimiter) m.delimiters |= bit;
            if (c == classes.quote) m.quotes |= bit;
            if (c == '\n' || c == '\r') m.ends |= bit;
            if (c == classes.space0 || c == classes.space1) m.spaces |= bit;
        }
        masks[k] = m;
    }
}

#if UNITPIPE_HAS_X86_CLASSIFIERS

__attribute__((target("sse2")))
static void classify_sse2(
    const void *bytes, size_t blocks, unitpipe_byte_classes classes, unitpipe_masks64 *masks) {
    const __m128i delimiter = _mm_set1_epi8((char)classes.delimiter);
    const __m128i quote = _mm_set1_epi8((char)classes.quote);
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    const __m128i space0 = _mm_set1_epi8((char)classes.space0);
    const __m128i space1 = _mm_set1_epi8((char)classes.space1);
    const unsigned char *b = (const unsigned char *)bytes;
    for (size_t k = 0; k < blocks; k++, b += 64) {
        unitpipe_masks64 m = {0, 0, 0, 0};
        for (int j = 0; j < 4; j++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(b + 16 * j));
            int shift = 16 * j;
            m.delimiters |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, delimiter)) << shift;
            m.quotes |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)) << shift;
            m.ends |= (uint64_t)(uint32_t)_mm_movemask_epi8(
                _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr))) << shift;
            m.spaces |= (uint64_t)(uint32_t)_mm_movemask_epi8(
                _mm_or_si128(_mm_cmpeq_epi8(v, space0), _mm_cmpeq_epi8(v, space1))) << shift;
        }
        masks[k] = m;
    }
}

__attribute__((target("avx2")))
static void classify_avx2(
    const void *bytes, size_t blocks, unitpipe_byte_classes classes, unitpipe_masks64 *masks) {
    const __m256i delimiter = _mm256_set1_epi8((char)classes.delimiter);
    const __m256i quote = _mm256_set1_epi8((char)classes.quote);
    const __m256i lf = _mm256_set1_epi8('\n');
    const __m256i cr = _mm256_set1_epi8('\r');
    const __m256i space0 = _mm256_set1_epi8((char)classes.space0);
    const __m256i space1 = _mm256_set1_epi8((char)classes.space1);
    const unsigned char *b = (const unsigned char *)bytes;
    for (size_t k = 0; k < blocks; k++, b += 64) {
        __m256i lo = _mm256_loadu_si256((const __m256i *)b);
        __m256i hi = _mm256_loadu_si256((const __m256i *)(b + 32));
#define UNITPIPE_MASK(expr_lo, expr_hi) \
    ((uint64_t)(uint32_t)_mm256_movemask_epi8(expr_lo) | (uint64_t)(uint32_t)_mm256_movemask_epi8(expr_hi) << 32)
        masks[k].delimiters = UNITPIPE_MASK(_mm256_cmpeq_epi8(lo, delimiter), _mm256_cmpeq_epi8(hi, delimiter));
        masks[k].quotes = UNITPIPE_MASK(_mm256_cmpeq_epi8(lo, quote), _mm256_cmpeq_epi8(hi, quote));
        masks[k].ends = UNITPIPE_MASK(
            _mm256_or_si256(_mm256_cmpeq_epi8(lo, lf), _mm256_cmpeq_epi8(lo, cr)),
            _mm256_or_si256(_mm256_cmpeq_epi8(hi, lf), _mm256_cmpeq_epi8(hi, cr)));
        masks[k].spaces = UNITPIPE_MASK(
            _mm256_or_si256(_mm256_cmpeq_epi8(lo, space0), _mm256_cmpeq_epi8(lo, space1)),
            _mm256_or_si256(_mm256_cmpeq_epi8(hi, space0), _mm256_cmpeq_epi8(hi, space1)));
#undef UNITPIPE_MASK
    }
}

__attribute__((target("avx512f,avx512bw")))
static void classify_avx512(
    const void *bytes, size_t blocks, unitpipe_byte_classes classes, unitpipe_masks64 *masks) {
    const __m512i delimiter = _mm512_set1_epi8((char)classes.delimiter);
    const __m512i quote = _mm512_set1_epi8((char)classes.quote);
    const __m512i lf = _mm512_set1_epi8('\n');
    const __m512i cr = _mm512_set1_epi8('\r');
    const __m512i space0 = _mm512_set1_epi8((char)classes.space0);
    const __m512i space1 = _mm512_set1_epi8((char)classes.space1);
    const unsigned char *b = (const unsigned char *)bytes;
    for (size_t k = 0; k < blocks; k++, b += 64) {
        __m512i v = _mm512_loadu_si512((const void *)b);
        masks[k].delimiters = _mm512_cmpeq_epi8_mask(v, delimiter);
        masks[k].quotes = _mm512_cmpeq_epi8_mask(v, quote);
        masks[k].ends = _mm512_cmpeq_epi8_mask(v, lf) | _mm512_cmpeq_epi8_mask(v, cr);
        masks[k].spaces = _mm512_cmpeq_epi8_mask(v, space0) | _mm512_cmpeq_epi8_mask(v, space1);
    }
}

#endif

unitpipe_classifier unitpipe_classifier_of_kind(unitpipe_classifier_kind kind) {
    switch (kind) {
    case UNITPIPE_CLASSIFIER_SCALAR:
        return classify_scalar;
#if UNITPIPE_HAS_X86_CLASSIFIERS
    case UNITPIPE_CLASSIFIER_SSE2:
        return __builtin_cpu_supports("sse2") ? classify_sse2 : NULL;
    case UNITPIPE_CLASSIFIER_AVX2:
        return __builtin_cpu_supports("avx2") ? classify_avx2 : NULL;
    case UNITPIPE_CLASSIFIER_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") ? classify_avx512 : NULL;
#endif
    default:
        return NULL;
    }
}

unitpipe_classifier_kind unitpipe_widest_classifier_kind(void) {
    // AVX-512BW is not picked by itself: no machine that runs it has run the tests yet. It is
    // chosen only by name (UNITPIPE_CLASSIFIER=avx512), and gains little over AVX2 here.
    for (int kind = UNITPIPE_CLASSIFIER_AVX2; kind > UNITPIPE_CLASSIFIER_SCALAR; kind--) {
        if (unitpipe_classifier_of_kind((unitpipe_classifier_kind)kind) != NULL) return (unitpipe_classifier_kind)kind;
    }
    return UNITPIPE_CLASSIFIER_SCALAR;
}

void unitpipe_classify_tail(
    unitpipe_classifier classify, const void *bytes, size_t count, unitpipe_byte_classes classes,
    unitpipe_masks64 *masks) {
    unsigned char block[64];
    memset(block, 0, sizeof block);
    memcpy(block, bytes, count);
    classify(block, 1, classes, masks);
    uint64_t valid = count >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1);
    masks->delimiters &= valid;
    masks->quotes &= valid;
    masks->ends &= valid;
    masks->spaces &= valid;
}
