/// A desktop-entry style key file (index.theme, GTK's settings.ini, KDE's
/// kdeglobals): `[Group]` lines, `Key=Value` lines, `#` comments. Keys
/// with a locale (`Name[de]`) are kept as written and so never match a
/// plain key. A group that appears twice keeps its first keys. Read as
/// bytes: hicolor's index.theme has some 650 groups.
struct KeyFile {
    private var groups: [String: [String: String]] = [:]

    init(_ bytes: [UInt8]) {
        var current: String?
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                let (lineStart, lineEnd) = Self.trimmed(bytes, start, end)
                start = end + 1
                guard lineStart < lineEnd else { continue }
                let first = bytes[lineStart]
                if first == UInt8(ascii: "#") || first == UInt8(ascii: ";") { continue }
                if first == UInt8(ascii: "[") {
                    guard bytes[lineEnd - 1] == UInt8(ascii: "]") else { current = nil; continue }
                    let name = String(decoding: bytes[(lineStart + 1)..<(lineEnd - 1)], as: UTF8.self)
                    // A group seen before, met again: its first keys stay, later ones only fill gaps.
                    current = name
                    continue
                }
                guard let group = current,
                      let equals = bytes[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: "=")) else { continue }
                let (keyStart, keyEnd) = Self.trimmed(bytes, lineStart, equals)
                let (valueStart, valueEnd) = Self.trimmed(bytes, equals + 1, lineEnd)
                let key = String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self)
                if groups[group, default: [:]][key] == nil {
                    groups[group, default: [:]][key] = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
                }
            }
        }
    }

    /// The range without blanks (space, tab, CR) at either end.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        var start = start, end = end
        while start < end && isBlank(bytes[start]) { start += 1 }
        while end > start && isBlank(bytes[end - 1]) { end -= 1 }
        return (start, end)
    }

    func value(_ key: String, in group: String) -> String? {
        groups[group]?[key]
    }

    /// A comma-separated list (a trailing comma, blanks around items and empty items ignored).
    func list(_ key: String, in group: String) -> [String] {
        guard let value = value(key, in: group) else { return [] }
        return value.utf8.split(separator: UInt8(ascii: ",")).compactMap { item in
            let bytes = Array(item)
            let (start, end) = bytes.withUnsafeBufferPointer { Self.trimmed($0, 0, $0.count) }
            return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
        }
    }

    func integer(_ key: String, in group: String) -> Int? {
        value(key, in: group).flatMap { Int($0) }
    }
}
