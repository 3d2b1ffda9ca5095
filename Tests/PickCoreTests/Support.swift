import SweepTestSupport
@testable import PickCore

/// A store holding `bytes`, appended in `chunks` (sizes, cycled) and finished.
func makeStore(_ bytes: [UInt8], separator: UInt8 = 0x0A, chunks: [Int] = [], finish: Bool = true) -> RecordStore {
    let store = RecordStore(separator: separator)
    bytes.withUnsafeBytes { all in
        var index = 0, chunk = 0
        while index < all.count {
            let size = chunks.isEmpty ? all.count : max(1, chunks[chunk % chunks.count])
            let end = min(all.count, index + size)
            store.append(UnsafeRawBufferPointer(rebasing: all[index..<end]))
            index = end
            chunk += 1
        }
    }
    if finish { store.finish() }
    return store
}

func makeStore(_ text: String, separator: UInt8 = 0x0A, chunks: [Int] = []) -> RecordStore {
    makeStore(Array(text.utf8), separator: separator, chunks: chunks)
}

func bytes(of store: RecordStore, _ record: Int) -> [UInt8] {
    store.withBytes(of: record) { Array($0) }
}

func allBytes(_ store: RecordStore) -> [[UInt8]] {
    (0..<store.count).map { bytes(of: store, $0) }
}

/// Output of `write` as bytes, and the sizes of the chunks the sink got.
func written(_ writer: OutputWriter, _ records: [Int], _ format: OutputFormat, terminator: UInt8 = 0x0A,
             query: String? = nil, key: String? = nil) -> (bytes: [UInt8], chunks: [Int]) {
    var output: [UInt8] = [], chunks: [Int] = []
    writer.write(records: records, format: format, terminator: terminator, query: query, key: key) {
        output.append(contentsOf: $0)
        chunks.append($0.count)
    }
    return (output, chunks)
}

func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Random records for property tests: ASCII of both cases, blanks, commas,
/// non-ASCII letters whose lower case differs (É, İ, K the Kelvin sign),
/// CJK, ill-formed bytes, sometimes a trailing CR or dmenu metadata.
func randomRecord(_ random: inout SplitMix64, lineMode: Bool = true) -> [UInt8] {
    let pieces: [[UInt8]] = [
        Array("a".utf8), Array("b".utf8), Array("c".utf8), Array("A".utf8), Array("B".utf8), Array("x".utf8),
        Array("ab".utf8), Array("abc".utf8), Array(" ".utf8), Array("  ".utf8), Array("\t".utf8), Array(",".utf8),
        Array("é".utf8), Array("É".utf8), Array("İ".utf8), Array("\u{212A}".utf8), Array("k".utf8),
        Array("日本".utf8), [0xFF], [0xC3], [0xE2, 0x82], Array("\u{FFFD}".utf8),
        Array("e\u{301}".utf8), Array("E\u{301}".utf8), Array("e".utf8), Array("$".utf8), Array("!".utf8), Array("|".utf8),
    ]
    var record: [UInt8] = []
    for _ in 0..<random.below(12) { record += pieces[random.below(pieces.count)] }
    if !lineMode && random.below(6) == 0 { record += Array("x\ny".utf8) }
    if lineMode && random.below(8) == 0 { record += [0] + Array("icon\u{1f}/p/a.png".utf8) }
    if lineMode && random.below(6) == 0 { record.append(0x0D) }
    return record
}

func randomQuery(_ random: inout SplitMix64) -> String {
    let letters = ["a", "b", "c", "A", "B", "x", "k", "é", "É", "i", "İ", "\u{212A}", " ", ",", "日", "\u{FFFD}",
                   "e", "E", "\u{301}", "!", "^", "$", "'", " | ", "\\ ", "\\$"]
    return (0..<random.below(6)).map { _ in letters[random.below(letters.count)] }.joined()
}
