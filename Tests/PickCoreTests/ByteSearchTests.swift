import SweepTestSupport
import Testing
@testable import PickCore

/// The eight-bytes-a-step searches agree with a byte-by-byte reference on
/// random texts (seeded) of every length around a step, from every start,
/// folding case or not: the main loop, the overlapping last window and the
/// short-text loop.
@Suite struct ByteSearchTests {
    private static let alphabet = Array("aAbBc-_ xé".utf8)

    private static func text(_ random: inout SplitMix64) -> [UInt8] {
        (0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }

    private static func lower(_ byte: UInt8, _ fold: Bool) -> UInt8 { fold ? asciiLower(byte) : byte }

    @Test func firstMatchFindsTheFirstOccurrence() {
        var random = SplitMix64(seed: 2811)
        for _ in 0..<20_000 {
            let text = Self.text(&random)
            let fold = random.next() % 2 == 0
            let needle = (0..<(1 + Int(random.next() % 4))).map { _ in
                Self.lower(Self.alphabet[Int(random.next() % 6)], fold)
            }
            let from = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count + 1))
            var expected: Int? = nil
            if text.count >= needle.count, from <= text.count - needle.count {
                expected = (from...(text.count - needle.count)).first { start in
                    needle.indices.allSatisfy { Self.lower(text[start + $0], fold) == needle[$0] }
                }
            }
            let found = text.withUnsafeBytes { bytes in
                needle.withUnsafeBufferPointer { needle in
                    ByteSearch.firstMatch(needle, in: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 16)!, from: from,
                                          to: text.count, foldASCII: fold)
                }
            }
            #expect(found == expected, "\(text) \(needle) from \(from) fold \(fold)")
        }
    }

    @Test func firstIndexFindsTheFirstByte() {
        var random = SplitMix64(seed: 2812)
        for _ in 0..<20_000 {
            let text = Self.text(&random)
            let fold = random.next() % 2 == 0
            let byte = Self.lower(Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))], fold)
            let from = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count + 1))
            let expected = (from..<text.count).first { Self.lower(text[$0], fold) == byte }
            let found = text.withUnsafeBytes { bytes in
                ByteSearch.firstIndex(of: byte, in: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 16)!, from: from,
                                      to: text.count, foldASCII: fold)
            }
            #expect(found == expected, "\(text) \(byte) from \(from) fold \(fold)")
        }
    }
}
