/// UTF-8 over raw bytes, lenient as `String(decoding:as:)` is: each maximal
/// ill-formed subpart (Unicode's recommended practice) stands for one
/// U+FFFD, and well-formed sequences decode as they are. Used where a
/// `String` per record would cost too much: case folding, trimming, JSON.
enum UTF8Scan {
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The scalar at `index` (`end` bounds the read): its value (U+FFFD when
    /// ill-formed), how many bytes it spans, and whether it was well formed.
    /// - Complexity: O(1).
    @inline(__always)
    static func decode(_ base: UnsafeRawPointer, _ index: Int, _ end: Int) -> (value: UInt32, length: Int, valid: Bool) {
        let lead = base.load(fromByteOffset: index, as: UInt8.self)
        if lead < 0x80 { return (UInt32(lead), 1, true) }
        var need: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: need = 1; value = UInt32(lead & 0x1F)
        case 0xE0: need = 2; low = 0xA0; value = UInt32(lead & 0x0F)
        case 0xE1...0xEC, 0xEE, 0xEF: need = 2; value = UInt32(lead & 0x0F)
        case 0xED: need = 2; high = 0x9F; value = UInt32(lead & 0x0F)
        case 0xF0: need = 3; low = 0x90; value = UInt32(lead & 0x07)
        case 0xF1...0xF3: need = 3; value = UInt32(lead & 0x07)
        case 0xF4: need = 3; high = 0x8F; value = UInt32(lead & 0x07)
        default: return (0xFFFD, 1, false)
        }
        var next = index + 1
        while need > 0 {
            guard next < end else { return (0xFFFD, next - index, false) }
            let byte = base.load(fromByteOffset: next, as: UInt8.self)
            guard byte >= low && byte <= high else { return (0xFFFD, next - index, false) }
            value = value << 6 | UInt32(byte & 0x3F)
            low = 0x80
            high = 0xBF
            next += 1
            need -= 1
        }
        return (value, next - index, true)
    }

    /// Appends `start..<end` to `output` as well-formed UTF-8 (ill-formed
    /// parts become U+FFFD), lower-cased when `lowercase` is set: ASCII by
    /// table, other scalars by their full Unicode lowercase mapping (what
    /// `Character.lowercased()` does, one scalar at a time), then
    /// decomposed or with accents dropped as `normalization` says.
    /// - Complexity: O(n).
    static func appendNormalized(_ base: UnsafeRawPointer, from start: Int, to end: Int, lowercase: Bool,
                                 normalization: Normalization = .none, into output: inout [UInt8]) {
        var index = start
        while index < end {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte < 0x80 {
                output.append(lowercase ? asciiLower(byte) : byte)
                index += 1
                continue
            }
            let (value, length, valid) = decode(base, index, end)
            if !valid {
                output.append(contentsOf: replacement)
            } else if lowercase, let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased {
                if normalization == .none {
                    output.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
                } else {
                    for part in scalar.properties.lowercaseMapping.unicodeScalars {
                        ScalarNormalization.append(part, normalization, into: &output)
                    }
                }
            } else if normalization != .none, let scalar = Unicode.Scalar(value) {
                ScalarNormalization.append(scalar, normalization, into: &output)
            } else {
                for offset in 0..<length { output.append(base.load(fromByteOffset: index + offset, as: UInt8.self)) }
            }
            index += length
        }
    }

    /// Where `start..<end` ends without its trailing white space (Unicode's
    /// White_Space property, as Go's `unicode.IsSpace` that fzf trims with).
    /// - Complexity: O(k) for k trailing bytes looked at.
    static func endTrimmingWhitespace(_ base: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
        var end = end
        while end > start {
            let byte = base.load(fromByteOffset: end - 1, as: UInt8.self)
            if byte < 0x80 {
                guard byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) else { return end }
                end -= 1
                continue
            }
            // Find the last scalar's lead byte; it decodes as one well-formed
            // scalar ending at `end`, or the last byte is ill-formed (U+FFFD).
            var lead = end - 1
            while lead > start && end - lead < 4 && base.load(fromByteOffset: lead, as: UInt8.self) & 0xC0 == 0x80 {
                lead -= 1
            }
            let (value, length, valid) = decode(base, lead, end)
            guard valid, lead + length == end, let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else {
                return end
            }
            end = lead
        }
        return end
    }
}
