import SweepTestSupport
import Testing
@testable import PickCore

@Suite struct UTF8ScanTests {
    /// Property: re-encoding leniently gives `String(decoding:)`'s bytes.
    @Test func decodesLikeTheStandardLibrary() {
        var random = SplitMix64(seed: 1)
        let interesting: [UInt8] = [0x41, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xA0, 0xED, 0x9F, 0xA0, 0xEF, 0xF0, 0x90,
                                    0xF4, 0x8F, 0x90, 0xF5, 0xFF]
        for _ in 0..<5000 {
            let bytes = (0..<random.below(12)).map { _ in
                random.below(2) == 0 ? interesting[random.below(interesting.count)] : UInt8(truncatingIfNeeded: random.next())
            }
            var output: [UInt8] = []
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress {
                    UTF8Scan.appendNormalized(base, from: 0, to: raw.count, lowercase: false, into: &output)
                }
            }
            #expect(output == Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
        }
    }

    @Test func lowercasesLikeTheStandardLibrary() {
        let text = "ÀÉÎÕÜ ΣΑΣ İ K Straße ДОМ 日本 ABC"
        var output: [UInt8] = []
        Array(text.utf8).withUnsafeBytes {
            UTF8Scan.appendNormalized($0.baseAddress!, from: 0, to: $0.count, lowercase: true, into: &output)
        }
        let expected = String(String.UnicodeScalarView(text.unicodeScalars.flatMap { $0.properties.lowercaseMapping.unicodeScalars }))
        #expect(string(output) == expected)
    }

    @Test func trimsTrailingWhitespace() {
        func trimmed(_ bytes: [UInt8]) -> [UInt8] {
            bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return [] }
                return Array(bytes[..<UTF8Scan.endTrimmingWhitespace(base, from: 0, to: raw.count)])
            }
        }
        #expect(trimmed(Array("a \t\r\n".utf8)) == Array("a".utf8))
        #expect(trimmed(Array("a\u{00A0}\u{2003}\u{3000}\u{85}".utf8)) == Array("a".utf8))
        #expect(trimmed(Array("é ".utf8)) == Array("é".utf8))
        #expect(trimmed(Array("   ".utf8)) == [])
        #expect(trimmed([0x61, 0xA0]) == [0x61, 0xA0])
        #expect(trimmed([0x61, 0xE3, 0x80]) == [0x61, 0xE3, 0x80])
        #expect(trimmed(Array("日本".utf8)) == Array("日本".utf8))
    }
}
