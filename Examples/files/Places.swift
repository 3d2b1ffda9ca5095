import Foundation
import SweepUI

/// A folder in the sidebar: its name and its path's bytes.
struct Place: Equatable {
    let name: String
    let path: [UInt8]
}

/// The sidebar's folders, as a file manager lists them: Home, the XDG user
/// folders that exist (`user-dirs.dirs`), then GTK's bookmarks
/// (`gtk-3.0/bookmarks`, `file://` ones), each folder once. Files too large
/// or unreadable give nothing.
func places(environment: [String: String] = ProcessInfo.processInfo.environment) -> [Place] {
    guard let home = environment["HOME"].map(normalized), home.hasPrefix("/") else { return [] }
    let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    var found = [Place(name: "Home", path: Array(home.utf8))]
    let names = ["DESKTOP": "Desktop", "DOCUMENTS": "Documents", "DOWNLOAD": "Downloads", "MUSIC": "Music",
                 "PICTURES": "Pictures", "VIDEOS": "Videos"]
    for line in smallFileLines(config + "/user-dirs.dirs") {
        // XDG_DOCUMENTS_DIR="$HOME/Documents"
        guard line.hasPrefix("XDG_"), let equals = line.firstIndex(of: "="),
              let name = names[String(line[line.index(line.startIndex, offsetBy: 4)..<equals]).replacingOccurrences(of: "_DIR", with: "")] else { continue }
        var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { continue }
        value = String(value.dropFirst().dropLast())
        if value.hasPrefix("$HOME") { value = home + value.dropFirst(5) }
        // "$HOME/" is how xdg-user-dirs turns a folder off.
        value = normalized(value)
        guard value.hasPrefix("/"), value != home else { continue }
        found.append(Place(name: name, path: Array(value.utf8)))
    }
    for line in smallFileLines(config + "/gtk-3.0/bookmarks") where line.hasPrefix("file://") {
        // file:///home/me/My%20Projects Projects
        let parts = line.split(separator: " ", maxSplits: 1)
        guard let decoded = FileURI.decode(String(parts[0])) else { continue }
        var path = decoded
        while path.count > 1 && path.last == UInt8(ascii: "/") { path.removeLast() }
        let label = parts.count > 1 ? String(parts[1]) : String(decoding: path.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
        found.append(Place(name: label, path: path))
    }
    var seen = Set<[UInt8]>()
    return found.filter { place in
        var info = stat()
        let isFolder = cString(place.path) { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
        return isFolder && seen.insert(place.path).inserted
    }
}

/// `path` without trailing slashes (but "/" stays), so "$HOME/" is Home.
private func normalized(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
}

/// The lines of a regular file of at most 64 KB; none for a larger, unreadable
/// or other kind of file (opened without blocking: a FIFO there must not hang the start).
private func smallFileLines(_ path: String) -> [String] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return [] }
    let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 65_536,
          let data = try? file.read(upToCount: 65_537), data.count <= 65_536 else { return [] }
    return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
}
