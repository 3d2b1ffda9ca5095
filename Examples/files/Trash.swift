import Foundation
import SweepUI

/// Moves `path` to the home trash as the FreeDesktop trash specification
/// says: its `.trashinfo` (the original path, percent-encoded, and when) is
/// made first, exclusively, under a name no other trashed file has, then
/// the file is renamed into `files/`. A file on another file system is
/// refused (renaming cannot move it, and copying is not this example's job).
func moveToTrash(_ path: [UInt8], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    guard let home = environment["HOME"], !home.isEmpty else { throw TrashError("there is no home folder") }
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
    let trash = dataHome + "/Trash"
    for folder in [trash + "/files", trash + "/info"] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TrashError("cannot make \(folder): \(error.localizedDescription)")
        }
    }
    let base = path.split(separator: 0x2F).last.map(Array.init) ?? path
    let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate])
    let info = Array("[Trash Info]\nPath=\(FileURI.encode(bytes: path).dropFirst("file://".count))\nDeletionDate=\(stamp)\n".utf8)
    for number in 1...1000 {
        let name = number == 1 ? base : base + Array(".\(number)".utf8)
        let infoPath = Array((trash + "/info/").utf8) + name + Array(".trashinfo".utf8)
        let fd = cString(infoPath) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        if fd < 0 && errno == EEXIST { continue }
        guard fd >= 0 else { throw TrashError("cannot write the trash's information: \(String(cString: strerror(errno)))") }
        let written = info.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let moved = written == info.count
            && cString(path, { source in cString(Array((trash + "/files/").utf8) + name) { rename(source, $0) } }) == 0
        guard moved else {
            let reason = errno == EXDEV ? "it is on another file system than the trash" : String(cString: strerror(errno))
            _ = cString(infoPath) { unlink($0) }
            throw TrashError("cannot move it to the trash: \(reason)")
        }
        return
    }
    throw TrashError("the trash holds too many files of this name")
}

struct TrashError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
