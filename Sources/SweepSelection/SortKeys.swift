/// One column's sort keys for every row of a table, built once before a
/// sort so comparing two rows costs an integer comparison almost always.
///
/// Each row gets a 64-bit prefix that orders as the value does: an integer
/// or a number as itself (NaN after every number), a text as the first 8
/// bytes of its natural key (`NaturalTextKey`). Only texts whose prefixes
/// tie compare their whole keys, then their exact text. A row without a
/// value sorts after every row with one, in either direction.
public struct SortKeys: Sendable {
    /// The order-preserving prefix of each row's value.
    let prefixes: [UInt64]
    /// Rows that have no value.
    let missing: [Bool]
    /// Whether the values are texts, whose keys follow.
    let hasTexts: Bool
    /// The text keys of every row, one after another, and where each ends.
    let textKeys: [UInt8]
    let ends: [Int]
    /// The texts themselves: the last tie-break.
    let texts: [String]
    /// The number of rows.
    public var count: Int { prefixes.count }

    /// Keys of integer values (nil: none).
    public init(integers: some Collection<Int64?>) {
        self.init(values: integers) { UInt64(bitPattern: $0) ^ (1 << 63) }
    }

    /// Keys of floating-point values (nil: none); NaN sorts after every number.
    public init(numbers: some Collection<Double?>) {
        self.init(values: numbers, prefix: SortKeys.orderedBits)
    }

    /// Keys of values whose order `prefix` keeps.
    private init<Value>(values: some Collection<Value?>, prefix: (Value) -> UInt64) {
        var prefixes: [UInt64] = [], missing: [Bool] = []
        prefixes.reserveCapacity(values.count)
        missing.reserveCapacity(values.count)
        for value in values {
            prefixes.append(value.map(prefix) ?? .max)
            missing.append(value == nil)
        }
        self.prefixes = prefixes
        self.missing = missing
        hasTexts = false
        textKeys = []
        ends = []
        texts = []
    }

    /// Keys of texts (nil: none) in natural order: case and Latin accents
    /// ignored first, digits compared as numbers ("file 9" before "file 10").
    public init(texts: some Collection<String?>) {
        var keys: [UInt8] = [], ends: [Int] = [], prefixes: [UInt64] = [], missing: [Bool] = [], stored: [String] = []
        ends.reserveCapacity(texts.count)
        prefixes.reserveCapacity(texts.count)
        missing.reserveCapacity(texts.count)
        stored.reserveCapacity(texts.count)
        keys.reserveCapacity(texts.count * 12)
        for text in texts {
            let start = keys.count
            if let text { NaturalTextKey.append(text, to: &keys) }
            ends.append(keys.count)
            missing.append(text == nil)
            stored.append(text ?? "")
            prefixes.append(text == nil ? .max : SortKeys.prefix(keys, from: start, to: keys.count))
        }
        self.prefixes = prefixes
        self.missing = missing
        hasTexts = true
        textKeys = keys
        self.ends = ends
        self.texts = stored
    }

    /// A double's bits as an unsigned integer in the double's order; every NaN last.
    static func orderedBits(_ value: Double) -> UInt64 {
        if value.isNaN { return .max - 1 }
        let bits = (value == 0 ? 0.0 : value).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    /// The first 8 bytes of `keys[start..<end]`, big-endian, zero-padded
    /// (key bytes are never zero, so a shorter key orders first).
    static func prefix(_ keys: [UInt8], from start: Int, to end: Int) -> UInt64 {
        keys.withUnsafeBufferPointer { prefix($0, from: start, to: end) }
    }

    static func prefix(_ keys: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        guard start >= 0, end <= keys.count, start < end, let base = keys.baseAddress else { return 0 }
        if end - start >= 8 { return UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self).bigEndian }
        var prefix: UInt64 = 0
        for index in 0..<8 {
            prefix <<= 8
            if start + index < end { prefix |= UInt64(base[start + index]) }
        }
        return prefix
    }

    /// Orders two rows whose prefixes are equal: their whole keys, then their texts.
    func compareTies(_ a: Int, _ b: Int) -> Int {
        guard hasTexts, !missing[a] else { return 0 }
        let keys = textKeys
        let startA = a == 0 ? 0 : ends[a - 1], startB = b == 0 ? 0 : ends[b - 1]
        let lengthA = ends[a] - startA, lengthB = ends[b] - startB
        if lengthA > 8 || lengthB > 8 {
            let common = min(lengthA, lengthB)
            var index = 8
            while index < common {
                let x = keys[startA + index], y = keys[startB + index]
                if x != y { return x < y ? -1 : 1 }
                index += 1
            }
            if lengthA != lengthB { return lengthA < lengthB ? -1 : 1 }
        }
        let x = texts[a], y = texts[b]
        return x == y ? 0 : (x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1)
    }

    /// The 8 key bytes of `row` after the first `depth` × 8, as a prefix is made.
    func prefix(ofRow row: Int, depth: Int) -> UInt64 {
        guard hasTexts else { return 0 }
        let start = row == 0 ? 0 : ends[row - 1]
        return SortKeys.prefix(textKeys, from: min(start + depth &* 8, ends[row]), to: ends[row])
    }

    /// The length of `row`'s text key (0 for numbers).
    func keyLength(ofRow row: Int) -> Int {
        guard hasTexts else { return 0 }
        return ends[row] - (row == 0 ? 0 : ends[row - 1])
    }

    /// Orders two rows' exact texts by their UTF-8 bytes.
    func compareTexts(_ a: Int, _ b: Int) -> Int {
        guard hasTexts else { return 0 }
        let x = texts[a], y = texts[b]
        return x == y ? 0 : (x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1)
    }

    /// Orders row `a` before (-1), with (0) or after (1) row `b`, missing values last either way.
    func compare(_ a: Int, _ b: Int, ascending: Bool) -> Int {
        let missingA = missing[a], missingB = missing[b]
        if missingA || missingB { return missingA == missingB ? 0 : (missingA ? 1 : -1) }
        let x = prefixes[a], y = prefixes[b]
        let order = x != y ? (x < y ? -1 : 1) : compareTies(a, b)
        return ascending ? order : -order
    }
}

/// The natural sort key of a text, as bytes compared in order: ASCII
/// letters lowercased, Latin letters with accents as their base letter,
/// other characters lowercased, and each run of digits as its number
/// (leading zeros dropped; a shorter number first), so "File 2.png" comes
/// before "file 10.png" as a file manager lists them. Never contains 0.
public enum NaturalTextKey {
    /// The base letter of U+00C0…U+017F, "_" where a character keeps itself.
    private static let latinBases: [UInt8] = Array(
        "aaaaaaaceeeeiiiidnooooo_ouuuuytsaaaaaaaceeeeiiiidnooooo_ouuuuytyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs".utf8)
    /// Marks a number; below every letter, after space and most punctuation.
    static let numberMark: UInt8 = 0x30

    /// Appends `text`'s key to `keys`. - Complexity: O(UTF-8 bytes), one
    /// pass; ASCII bytes go straight through.
    public static func append(_ text: String, to keys: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0, digitStart = -1
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x30 && byte <= 0x39 {
                    if digitStart < 0 { digitStart = index }
                    index += 1
                    continue
                }
                if digitStart >= 0 {
                    appendNumber(UnsafeBufferPointer(rebasing: bytes[digitStart..<index]), to: &keys)
                    digitStart = -1
                }
                if byte < 0x80 {
                    keys.append(byte == 0 ? 1 : (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
                    index += 1
                } else {
                    let (value, length) = decodeScalar(bytes, at: index)
                    appendFolded(value, to: &keys)
                    index += length
                }
            }
            if digitStart >= 0 { appendNumber(UnsafeBufferPointer(rebasing: bytes[digitStart...]), to: &keys) }
        }
    }

    /// A run of ASCII digits as its number: the mark, the count of
    /// significant digits (saturating past 254), the digits.
    private static func appendNumber(_ digits: UnsafeBufferPointer<UInt8>, to keys: inout [UInt8]) {
        var first = 0
        while first < digits.count && digits[first] == UInt8(ascii: "0") { first += 1 }
        keys.append(numberMark)
        keys.append(UInt8(min(digits.count - first, 254) + 1))
        keys.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
    }

    /// The scalar whose UTF-8 starts at `index` of valid UTF-8, and its length.
    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return (0xFFFD, bytes.count - index) }
        var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (value, length)
    }

    /// A non-ASCII scalar: a Latin letter as its base letter, a combining
    /// accent as nothing, anything else lowercased.
    private static func appendFolded(_ value: UInt32, to keys: inout [UInt8]) {
        if value >= 0xC0 && value < 0x180 && latinBases[Int(value - 0xC0)] != UInt8(ascii: "_") {
            keys.append(latinBases[Int(value - 0xC0)])
            return
        }
        // Combining accents (a decomposed é) add nothing to the primary order.
        if (0x300..<0x370).contains(value) { return }
        guard let scalar = Unicode.Scalar(value) else { return }
        if scalar.properties.changesWhenLowercased {
            keys.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
        } else {
            keys.append(contentsOf: String(scalar).utf8)
        }
    }

    /// `text`'s key alone.
    public static func key(_ text: String) -> [UInt8] {
        var keys: [UInt8] = []
        append(text, to: &keys)
        return keys
    }
}

/// A sort over one column's keys, ascending or not.
public struct SortOrderKey: Sendable {
    public var keys: SortKeys
    public var ascending: Bool

    public init(_ keys: SortKeys, ascending: Bool = true) {
        self.keys = keys
        self.ascending = ascending
    }
}

/// Orders rows by columns of keys, stably: rows equal in every key keep their order.
public enum RowSorter {
    /// The rows `0..<count` in the order of `keys` (the first decides, the
    /// next break its ties); keys with a count other than `count` are
    /// ignored. Every order is total, so the result never depends on how
    /// the sort compares.
    /// - Complexity: a radix sort of the first key's 64-bit prefixes
    ///   (O(n) per byte that differs), then a comparison sort of each run of
    ///   rows whose prefixes tie, when something can break the tie.
    public static func sortedRows(count: Int, by keys: [SortOrderKey]) -> [Int] {
        let keys = keys.filter { $0.keys.count == count }
        guard count > 0 else { return [] }
        guard let first = keys.first, count <= Int(Int32.max) else { return Array(0..<count) }
        // Rows with a value are radix-sorted by their prefix, the direction folded in;
        // rows without one follow, in row order, their ties broken by the other keys.
        let firstPrefixes = first.keys.prefixes, firstMissing = first.keys.missing, ascending = first.ascending
        var valued: [UInt64] = [], valuedRows: [Int32] = [], missingRows: [Int32] = []
        valued.reserveCapacity(count)
        valuedRows.reserveCapacity(count)
        for row in 0..<count {
            if firstMissing[row] {
                missingRows.append(Int32(row))
            } else {
                valued.append(ascending ? firstPrefixes[row] : ~firstPrefixes[row])
                valuedRows.append(Int32(row))
            }
        }
        var rows = radixSortedRows(valued, rows: valuedRows)
        let rest = Array(keys.dropFirst())
        if !rest.isEmpty || first.keys.hasTexts {
            forEachRun(in: &rows[...], of: { ascending ? firstPrefixes[Int($0)] : ~firstPrefixes[Int($0)] }) { run in
                if first.keys.hasTexts {
                    refineTexts(&run, by: first, depth: 1, rest: rest)
                } else {
                    breakTies(&run, rest: rest, exactText: nil)
                }
            }
        }
        if missingRows.count > 1 { breakTies(&missingRows[...], rest: rest, exactText: nil) }
        return (rows + missingRows).map(Int.init)
    }

    /// Calls `body` with each run of two or more rows whose `key` is equal.
    private static func forEachRun(in rows: inout ArraySlice<Int32>, of key: (Int32) -> UInt64,
                                   _ body: (inout ArraySlice<Int32>) -> Void) {
        var start = rows.startIndex
        while start < rows.endIndex {
            let value = key(rows[start])
            var end = start + 1
            while end < rows.endIndex && key(rows[end]) == value { end += 1 }
            if end - start > 1 { body(&rows[start..<end]) }
            start = end
        }
    }

    /// Orders a run of rows whose text keys tie in their first `depth` × 8
    /// bytes by the next 8, and so on down (a most-significant-first radix
    /// over 8-byte digits); rows whose whole keys tie are ordered by their
    /// exact texts, then the other keys.
    private static func refineTexts(_ run: inout ArraySlice<Int32>, by key: SortOrderKey, depth: Int, rest: [SortOrderKey]) {
        guard depth <= 32 else {
            // Keys equal for 256 bytes: the rest is compared whole, without going deeper (and deeper on the stack).
            return run.sort { a, b in
                let x = Int(a), y = Int(b)
                for sortKey in [key] + rest {
                    let order = sortKey.keys.compare(x, y, ascending: sortKey.ascending)
                    if order != 0 { return order < 0 }
                }
                return x < y
            }
        }
        var entries = run.map { row in (prefix: key.keys.prefix(ofRow: Int(row), depth: depth), row: row) }
        if !key.ascending { for index in entries.indices { entries[index].prefix = ~entries[index].prefix } }
        entries.sort { $0.prefix != $1.prefix ? $0.prefix < $1.prefix : $0.row < $1.row }
        for (offset, entry) in entries.enumerated() { run[run.startIndex + offset] = entry.row }
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count && entries[end].prefix == entries[start].prefix { end += 1 }
            if end - start > 1 {
                let slice = run.startIndex + start..<run.startIndex + end
                if run[slice].contains(where: { key.keys.keyLength(ofRow: Int($0)) > (depth + 1) * 8 }) {
                    refineTexts(&run[slice], by: key, depth: depth + 1, rest: rest)
                } else {
                    breakTies(&run[slice], rest: rest, exactText: key)
                }
            }
            start = end
        }
    }

    /// Orders rows whose first keys are equal: by their exact texts (when
    /// the first key is a text), then by the other keys, then by row.
    private static func breakTies(_ run: inout ArraySlice<Int32>, rest: [SortOrderKey], exactText: SortOrderKey?) {
        guard exactText != nil || !rest.isEmpty else { return }
        run.sort { a, b in
            let x = Int(a), y = Int(b)
            if let exactText {
                let order = exactText.keys.compareTexts(x, y)
                if order != 0 { return exactText.ascending ? order < 0 : order > 0 }
            }
            for key in rest {
                let order = key.keys.compare(x, y, ascending: key.ascending)
                if order != 0 { return order < 0 }
            }
            return x < y
        }
    }

    /// `rows` (by default 0, 1, …), one per prefix, in ascending order of `prefixes`, ties in their order: a
    /// least-significant-byte-first radix sort that skips the bytes every
    /// prefix shares.
    static func radixSortedRows(_ prefixes: [UInt64], rows initialRows: [Int32]? = nil) -> [Int32] {
        let count = prefixes.count
        var counts = [Int](repeating: 0, count: 8 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for prefix in prefixes {
                var value = prefix
                for byte in 0..<8 {
                    counts[byte &* 256 &+ Int(value & 0xFF)] &+= 1
                    value >>= 8
                }
            }
        }
        var rows = initialRows ?? (0..<count).map { Int32($0) }
        var keys = prefixes
        var nextRows = [Int32](repeating: 0, count: count)
        var nextKeys = [UInt64](repeating: 0, count: count)
        var offsets = [Int](repeating: 0, count: 256)
        for byte in 0..<8 {
            let base = byte * 256
            // Every prefix has the same byte here: the pass would change nothing.
            if (0..<256).contains(where: { counts[base + $0] == count }) { continue }
            var total = 0
            for digit in 0..<256 {
                offsets[digit] = total
                total += counts[base + digit]
            }
            let shift = UInt64(byte * 8)
            rows.withUnsafeBufferPointer { rows in
                keys.withUnsafeBufferPointer { keys in
                    nextRows.withUnsafeMutableBufferPointer { nextRows in
                        nextKeys.withUnsafeMutableBufferPointer { nextKeys in
                            offsets.withUnsafeMutableBufferPointer { offsets in
                                for index in 0..<count {
                                    let key = keys[index]
                                    let digit = Int((key >> shift) & 0xFF)
                                    let place = offsets[digit]
                                    offsets[digit] = place &+ 1
                                    nextRows[place] = rows[index]
                                    nextKeys[place] = key
                                }
                            }
                        }
                    }
                }
            }
            swap(&rows, &nextRows)
            swap(&keys, &nextKeys)
        }
        return rows
    }
}
