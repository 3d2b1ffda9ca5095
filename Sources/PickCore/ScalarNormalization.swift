// The standard library's canonical decomposition is SPI; PickCore keeps to
// the standard library, so it is used here only, to build tables once.
@_spi(_Unicode) import Swift

/// What the matcher does to scalars beyond case before comparing.
enum Normalization: Hashable, Sendable {
    /// Scalars as they are.
    case none
    /// Canonical decomposition (NFD): "é" precomposed and "e" + U+0301 compare equal.
    case decomposed
    /// Decomposed, then accents (combining diacritical marks) dropped: "é" is "e".
    case accentsFolded
}

/// Decompositions of the scalars below U+3000 (Latin, Greek, Cyrillic and
/// the combining marks among them), as UTF-8, looked up by table in the
/// matcher's loop; scalars above are kept as they are, but for the
/// combining half marks.
enum ScalarNormalization {
    static let limit: UInt32 = 0x3000

    private struct Table: Sendable {
        var bytes: [UInt8] = []
        /// Where scalar `v`'s bytes start: `offsets[v - 0x80]`, end at the next.
        var offsets: [UInt32] = []

        init(dropsAccents: Bool) {
            offsets.reserveCapacity(Int(limit) - 0x80 + 1)
            for value in 0x80..<limit {
                offsets.append(UInt32(bytes.count))
                guard let scalar = Unicode.Scalar(value) else { continue }
                for part in String(scalar)._nfd where !(dropsAccents && ScalarNormalization.isAccent(part.value)) {
                    bytes.append(contentsOf: String(part).utf8)
                }
            }
            offsets.append(UInt32(bytes.count))
        }

        @inline(__always)
        func append(_ index: Int, into output: inout [UInt8]) {
            let start = Int(offsets[index]), end = Int(offsets[index + 1])
            output.append(contentsOf: bytes[start..<end])
        }
    }

    private static let decomposedTable = Table(dropsAccents: false)
    private static let foldedTable = Table(dropsAccents: true)

    /// Whether a scalar is a combining diacritical mark (what "accent" means
    /// here; other scripts' combining signs are letters' parts, kept).
    @inline(__always)
    static func isAccent(_ value: UInt32) -> Bool {
        (0x0300...0x036F).contains(value) || (0x1AB0...0x1AFF).contains(value)
            || (0x1DC0...0x1DFF).contains(value) || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }

    /// Appends the non-ASCII scalar `scalar` as `normalization` says.
    @inline(__always)
    static func append(_ scalar: Unicode.Scalar, _ normalization: Normalization, into output: inout [UInt8]) {
        let value = scalar.value
        if normalization == .none || value < 0x80 {
            output.append(contentsOf: String(scalar).utf8)
            return
        }
        guard value < limit else {
            if !(normalization == .accentsFolded && isAccent(value)) { output.append(contentsOf: String(scalar).utf8) }
            return
        }
        let index = Int(value) - 0x80
        switch normalization {
        case .decomposed: decomposedTable.append(index, into: &output)
        default: foldedTable.append(index, into: &output)
        }
    }

    /// Whether `text`, decomposed, has an accent (then it is matched with its accents).
    static func hasAccent(_ text: String) -> Bool {
        text._nfd.contains { isAccent($0.value) }
    }
}
