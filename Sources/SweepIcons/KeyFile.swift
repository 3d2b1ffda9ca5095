/// A desktop-entry style key file (index.theme, GTK's settings.ini, KDE's
/// kdeglobals): `[Group]` lines, `Key=Value` lines, `#` comments. Keys
/// with a locale (`Name[de]`) are kept as written and so never match a
/// plain key. A group that appears twice keeps its first keys.
struct KeyFile {
    /// Groups in file order, each with its keys.
    private(set) var groups: [(name: String, keys: [String: String])] = []
    private var indices: [String: Int] = [:]

    init(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var current: Int?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            guard let first = line.first, first != "#", first != ";" else { continue }
            if first == "[" {
                guard let close = line.lastIndex(of: "]") else { current = nil; continue }
                let name = String(line[line.index(after: line.startIndex)..<close])
                if let index = indices[name] {
                    current = index
                } else {
                    indices[name] = groups.count
                    current = groups.count
                    groups.append((name, [:]))
                }
                continue
            }
            guard let group = current, let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals].reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            let value = String(line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
                .reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if groups[group].keys[key] == nil { groups[group].keys[key] = value }
        }
    }

    func value(_ key: String, in group: String) -> String? {
        indices[group].flatMap { groups[$0].keys[key] }
    }

    /// A comma-separated list (a trailing comma, blanks around items and empty items ignored).
    func list(_ key: String, in group: String) -> [String] {
        guard let value = value(key, in: group) else { return [] }
        return value.split(separator: ",").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
    }

    func integer(_ key: String, in group: String) -> Int? {
        value(key, in: group).flatMap { Int($0) }
    }
}
