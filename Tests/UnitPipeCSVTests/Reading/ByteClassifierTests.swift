import CSystemShims
import Testing
import TestSupport
@testable import UnitPipeCSV

/// The classifier versions this processor runs (the scalar one always).
let supportedClassifiers = ByteClassifier.allCases.filter(\.isSupported)

/// The masks of 64 bytes, computed here a byte at a time.
private func referenceMasks(_ block: ArraySlice<UInt8>, _ classes: unitpipe_byte_classes) -> [UInt64] {
    var masks: [UInt64] = [0, 0, 0, 0]
    for (i, byte) in block.enumerated() {
        let bit: UInt64 = 1 << UInt64(i)
        if byte == classes.delimiter { masks[0] |= bit }
        if byte == classes.quote { masks[1] |= bit }
        if byte == 0x0A || byte == 0x0D { masks[2] |= bit }
        if byte == classes.space0 || byte == classes.space1 { masks[3] |= bit }
    }
    return masks
}

private func array(_ m: unitpipe_masks64) -> [UInt64] { [m.delimiters, m.quotes, m.ends, m.spaces] }

@Suite("ByteClassifier")
struct ByteClassifierTests {
    @Test func theWidestIsSupportedAndScalarAlwaysIs() {
        #expect(ByteClassifier.scalar.isSupported)
        #expect(ByteClassifier.widest.isSupported)
        #expect(ByteClassifier.default.isSupported)
    }

    /// Every version gives every block's masks, for several class bytes, one to eight blocks a
    /// call and cut tails of every length.
    @Test(arguments: supportedClassifiers)
    func masksAreTheBytesClasses(_ classifier: ByteClassifier) {
        var random = SplitMix64(state: 0xC1A5_5E5)
        let classSets = [
            unitpipe_byte_classes(delimiter: 0x2C, quote: 0x22, space0: 0x20, space1: 0x09),
            unitpipe_byte_classes(delimiter: 0x09, quote: 0x22, space0: 0x20, space1: 0x20),
            unitpipe_byte_classes(delimiter: 0x20, quote: 0x00, space0: 0x09, space1: 0x09),
            unitpipe_byte_classes(delimiter: 0xFF, quote: 0x80, space0: 0x20, space1: 0x09),
        ]
        let classify = classifier.function
        for classes in classSets {
            let interesting: [UInt8] = [classes.delimiter, classes.quote, 0x0A, 0x0D, 0x20, 0x09, 0x00, 0xFF, 0x80, 0x41]
            for round in 0..<200 {
                let blocks = round % 8 + 1
                let bytes: [UInt8] = (0..<(64 * blocks)).map { _ in
                    random.next(3) == 0 ? UInt8(truncatingIfNeeded: random.next()) : interesting[random.next(interesting.count)]
                }
                var masks = [unitpipe_masks64](repeating: unitpipe_masks64(), count: blocks)
                bytes.withUnsafeBytes { b in masks.withUnsafeMutableBufferPointer { classify(b.baseAddress, blocks, classes, $0.baseAddress) } }
                for k in 0..<blocks {
                    #expect(array(masks[k]) == referenceMasks(bytes[(64 * k)..<(64 * k + 64)], classes), "\(classifier) block \(k)")
                }
                let tail = round % 64
                var tailMasks = unitpipe_masks64()
                bytes.withUnsafeBytes { unitpipe_classify_tail(classify, $0.baseAddress, tail, classes, &tailMasks) }
                #expect(array(tailMasks) == referenceMasks(bytes[0..<tail], classes), "\(classifier) tail of \(tail)")
            }
        }
    }

    /// The splitter with each version reads what libcsv reads, on random text cut into random
    /// pieces (fewer rounds than PlainLineSplitterTests, which runs the default version).
    @Test(arguments: supportedClassifiers)
    func splitAgreesWithLibCSV(_ classifier: ByteClassifier) {
        for dialect in [CSVDialect.csv, semicolon, tsv] {
            var generator = RandomCSV(random: SplitMix64(state: 0xB10C &+ UInt64(dialect.delimiter)), delimiter: dialect.delimiter, quote: dialect.quote)
            var random = SplitMix64(state: 7 &+ UInt64(dialect.delimiter))
            for round in 0..<(isLongRun ? 20_000 : 60) {
                let text = generator.text(lines: random.next(in: 1...40))
                let maxFieldSize = round % 7 == 0 ? random.next(in: 1...40) : 1 << 20
                if !compareReaders(text, dialect: dialect, random: &random, maxFieldSize: maxFieldSize, classifier: classifier) {
                    return
                }
            }
        }
    }

    /// A quote byte, a delimiter or a line end at every offset of a 64-byte block, in lines
    /// shorter and longer than the splitter's window of masks, with LF, CRLF and CR line ends,
    /// whole and cut anywhere.
    @Test(arguments: supportedClassifiers)
    func quotesAtEveryOffsetOfABlock(_ classifier: ByteClassifier) {
        let windowBytes = 64 * PlainLineSplitter.maxWindowBlocks
        for offset in 0..<64 {
            let pad = String(repeating: "p", count: offset)
            let long = String(repeating: "0123456789,", count: windowBytes / 11 + 20)
            let texts = [
                "\(pad)\"q,\"\"x\"\"\",b\nc,d\n",
                "\(pad),\"\",\"a\r\nb\",z\r\n1,2\r\n",
                "a,\(pad)\"bad\",1\n\(pad)\n\"\(pad)\"\r2,3\r",
                "\(long)\(pad),\"\(long)\"\n\(long)x\"y\n\(pad)\(long)\"a\"\n",
                "\(pad)\(long)\n\"\(long)\(pad)\",\(long)\r\n,\"\(pad)\"\"\",\r\n",
                "\(pad)1,2\n3,\"4\"\n5,6\n7,\"8\"\"\"\n9,10\n",
            ]
            for text in texts {
                let bytes = Array(text.utf8)
                for pieces in [[1 << 20], [1], [64], [offset + 1], [63, 2]] {
                    let split = parseInPieces(bytes, pieces, dialect: .csv, reader: .split, classifier: classifier)
                    let libcsv = parseInPieces(bytes, pieces, dialect: .csv, reader: .libcsv)
                    #expect(split.records == libcsv.records, "\(classifier), offset \(offset), pieces \(pieces): \(text.debugDescription)")
                    #expect(split.plain == libcsv.plain, "\(classifier), offset \(offset), pieces \(pieces): \(text.debugDescription)")
                    if split.records != libcsv.records { return }
                }
            }
        }
    }
}
