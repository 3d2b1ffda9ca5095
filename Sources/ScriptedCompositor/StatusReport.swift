import SweepEventLog
import Glibc

/// The `status` step's line: what the compositor sees of its client at one
/// point of the script, as JSON.
struct StatusReport {
    let line: Int
    let milliseconds: UInt32
    let clientPID: Int32
    let windows: Int
    let popups: Int
    /// Live protocol objects by interface name.
    let resources: [String: Int]
    /// The window's commits since the previous status line.
    var damage = DamageStatistics()

    var json: String {
        // Interface names are C identifiers: nothing in them needs escaping.
        let objects = resources.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
        return "{\"line\":\(line),\"ms\":\(milliseconds),\"pid\":\(clientPID),\"windows\":\(windows),\"popups\":\(popups),"
            + "\"buffers\":\(resources["wl_buffer"] ?? 0),\"resources\":{\(objects)},"
            + "\"damage\":{\"commits\":\(damage.commits),\"whole\":\(damage.wholeCopies),\"most_bands\":\(damage.mostBands),"
            + "\"most_bands_with_previous\":\(damage.mostBandsWithPrevious),"
            + "\"pixels\":\(damage.damagedPixels)}}\n"
    }

    /// Appends the line to `path` (a regular file, made if missing).
    func append(to path: String) throws(OutputFileError) {
        try OutputFile(path).append(Array(json.utf8))
    }
}
