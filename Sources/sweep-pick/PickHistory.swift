import Glibc
import PickCore

/// --history for one run: the file read once at start (a file that cannot
/// be used is moved aside and said on stderr), and the run's choice
/// counted after it was printed, whether the window chose it or
/// --select-1 did.
struct PickHistory {
    private let file: HistoryFile
    private var history: History
    private let canSave: Bool
    private let limit: Int

    /// The history `options` name, or nil without --history.
    init?(options: PickOptions) {
        guard let path = options.historyPath else { return nil }
        file = HistoryFile(path: path, fileSystem: SystemHistoryFiles())
        let loaded = file.load()
        if let warning = loaded.warning { printError(warning) }
        history = loaded.history
        canSave = loaded.canSave
        limit = options.historySize
    }

    /// The records chosen before, best first, for ranking.
    func ranks(now: Int64 = Int64(time(nil))) -> HistoryRanks {
        HistoryRanks(rankedTexts: history.ranked(now: now).map(\.text))
    }

    /// Counts `chosen` (the chosen records' bytes) and saves; a history
    /// that cannot be saved is said, and changes nothing else.
    mutating func record(_ chosen: [[UInt8]]) {
        guard canSave, !chosen.isEmpty else { return }
        let now = Int64(time(nil))
        history.record(chosen, now: now, limit: limit)
        do { try file.save(history, now: now) } catch { printError("cannot save the history: \(error)") }
    }
}
