// `AllocCount ENTRY N`: prepares conversions and 1,000 number texts (the same in every run), then
// calls one public entry point N times. Run under valgrind with N = 0 and N = 1,000,000, the
// difference in "total heap usage … allocs" is what the N calls allocated.

import Foundation
import UnitPipeNumbers
import UnitPipeUnits

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
    print("usage: AllocCount text|number|text-digits|number-digits|parse|unprepared-digits N")
    exit(2)
}
let catalog = UnitCatalog.standard
let toF = try ExactUnitConversion(from: catalog.unit(named: "degC"), to: catalog.unit(named: "degF"), preparing: [2])
let toMiles = try ExactUnitConversion(from: catalog.unit(named: "km"), to: catalog.unit(named: "mi"), preparing: [2])
let parser = NumberParser()
// Up to 19 significant digits, as the fast path takes them: -273.15, 40.3, 1234.5678, …
let texts = (0..<1_000).map { i in "\(i % 2 == 0 ? "-" : "")\(i * 7919 % 100_000).\(i * 104_729 % 1_000)" }
let numbers = try texts.map { try parser.exactNumber($0) }
var sink = 0.0
var digits = 0
for i in 0..<count {
    let k = i % texts.count
    let conversion = i & 1 == 0 ? toF : toMiles
    switch arguments[1] {
    case "text": sink += try conversion.value(texts[k], parser: parser)
    case "number": sink += conversion.value(numbers[k])
    case "text-digits": digits &+= try conversion.rounded(texts[k], fractionDigits: 2, parser: parser).fractionDigits
    case "number-digits": digits &+= try conversion.rounded(numbers[k], fractionDigits: 2).fractionDigits
    case "parse": sink += try parser.exactNumber(texts[k]).doubleValue
    // The control: fraction digits not prepared are prepared on each call, which allocates.
    case "unprepared-digits": digits &+= try conversion.rounded(numbers[k], fractionDigits: 7).fractionDigits
    default: exit(2)
    }
}
print(sink, digits)
