import Foundation

/// A fake icon theme tree under a fresh temporary directory: index.theme
/// files and empty icon files, removed at the end.
final class ThemeTree {
    let root: String

    init() {
        root = NSTemporaryDirectory() + "sweep-icons-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A base directory under the root ("share/icons").
    func base(_ name: String) -> String { root + "/" + name }

    /// Writes `text` at `path` under the root, making its directories.
    @discardableResult
    func write(_ path: String, _ text: String = "") -> String {
        let file = root + "/" + path
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    /// An index.theme for `theme` in `base`: the directories as [path: keys], in order.
    func theme(_ theme: String, in base: String, inherits: [String] = [], directories: [(String, String)],
               scaled: [(String, String)] = []) {
        var text = "[Icon Theme]\nName=\(theme)\nComment=A test theme\n"
        text += "Directories=\(directories.map(\.0).joined(separator: ","))\n"
        if !scaled.isEmpty { text += "ScaledDirectories=\(scaled.map(\.0).joined(separator: ","))\n" }
        if !inherits.isEmpty { text += "Inherits=\(inherits.joined(separator: ","))\n" }
        for (path, keys) in directories + scaled { text += "\n[\(path)]\n\(keys)\n" }
        write("\(base)/\(theme)/index.theme", text)
    }
}
