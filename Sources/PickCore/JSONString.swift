/// Writing bytes as a JSON string literal.
enum JSONString {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `"…"`: `"` and `\` escaped, control characters as `\n` `\r`
    /// `\t` `\b` `\f` or `\u00XX`, well-formed UTF-8 as it is, and each
    /// ill-formed part (as `String(decoding:)` counts them) as `\ufffd`.
    /// - Complexity: O(n).
    static func append(_ bytes: UnsafeRawBufferPointer, to writer: inout ChunkWriter,
                       _ sink: (UnsafeRawBufferPointer) -> Void) {
        writer.append(UInt8(ascii: "\""), sink)
        guard let base = bytes.baseAddress else {
            writer.append(UInt8(ascii: "\""), sink)
            return
        }
        var runStart = 0, index = 0
        let end = bytes.count
        @inline(__always) func flushRun(_ writer: inout ChunkWriter) {
            if runStart < index { writer.append(UnsafeRawBufferPointer(start: base + runStart, count: index - runStart), sink) }
        }
        while index < end {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte < 0x80 {
                index += 1
                continue
            }
            if byte >= 0x80 {
                let (_, length, valid) = UTF8Scan.decode(base, index, end)
                if valid {
                    index += length
                    continue
                }
                flushRun(&writer)
                escapedReplacement.withUnsafeBytes { writer.append($0, sink) }
                index += length
                runStart = index
                continue
            }
            flushRun(&writer)
            writer.append(UInt8(ascii: "\\"), sink)
            switch byte {
            case 0x22: writer.append(0x22, sink)
            case 0x5C: writer.append(0x5C, sink)
            case 0x0A: writer.append(UInt8(ascii: "n"), sink)
            case 0x0D: writer.append(UInt8(ascii: "r"), sink)
            case 0x09: writer.append(UInt8(ascii: "t"), sink)
            case 0x08: writer.append(UInt8(ascii: "b"), sink)
            case 0x0C: writer.append(UInt8(ascii: "f"), sink)
            default:
                for digit in [UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]] {
                    writer.append(digit, sink)
                }
            }
            index += 1
            runStart = index
        }
        flushRun(&writer)
        writer.append(UInt8(ascii: "\""), sink)
    }

    private static let escapedReplacement: [UInt8] = Array("\\ufffd".utf8)
}
