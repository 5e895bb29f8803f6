// The splitter's byte classifier comes in four versions (CSystemShims/byte_classes.c): scalar,
// SSE2, AVX2 and AVX-512BW, all giving the same masks. The reader runs the widest one the
// processor has up to AVX2; AVX-512BW runs only when `UNITPIPE_CLASSIFIER=avx512` names it,
// until a machine with AVX-512 has run the tests. Tests run each one the processor has against
// libcsv, and `UNITPIPE_CLASSIFIER=avx2` gives a profiler without AVX-512 (valgrind) AVX2.

import CSystemShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A version of the splitter's byte classifier.
package enum ByteClassifier: String, CaseIterable, Sendable {
    /// A byte at a time; runs everywhere.
    case scalar
    /// 16 bytes at a compare (x86-64).
    case sse2
    /// 32 bytes at a compare.
    case avx2
    /// 64 bytes at a compare, into mask registers (AVX-512BW).
    case avx512

    /// The widest version this processor runs up to AVX2, unless the environment variable
    /// `UNITPIPE_CLASSIFIER` names another one it runs.
    package static let `default`: ByteClassifier = {
        if let name = getenv("UNITPIPE_CLASSIFIER"), let named = ByteClassifier(rawValue: String(cString: name)),
            named.isSupported
        {
            return named
        }
        return widest
    }()

    /// The widest version this build and processor run, AVX2 at most (AVX-512BW only by name).
    package static var widest: ByteClassifier {
        switch unitpipe_widest_classifier_kind() {
        case UNITPIPE_CLASSIFIER_AVX512: .avx512
        case UNITPIPE_CLASSIFIER_AVX2: .avx2
        case UNITPIPE_CLASSIFIER_SSE2: .sse2
        default: .scalar
        }
    }

    /// `true` when this build and processor run this version.
    package var isSupported: Bool { unitpipe_classifier_of_kind(kind) != nil }

    /// The C function of this version, or the scalar one when the processor lacks it.
    var function: unitpipe_classifier {
        unitpipe_classifier_of_kind(kind) ?? classifyScalar
    }

    private var kind: unitpipe_classifier_kind {
        switch self {
        case .scalar: UNITPIPE_CLASSIFIER_SCALAR
        case .sse2: UNITPIPE_CLASSIFIER_SSE2
        case .avx2: UNITPIPE_CLASSIFIER_AVX2
        case .avx512: UNITPIPE_CLASSIFIER_AVX512
        }
    }
}

/// The scalar classifier, which every build has.
private let classifyScalar: unitpipe_classifier = {
    guard let scalar = unitpipe_classifier_of_kind(UNITPIPE_CLASSIFIER_SCALAR) else {
        preconditionFailure("byte_classes.c has no scalar classifier")
    }
    return scalar
}()
