import DemoPages
import SweepUI

/// Reads `--items` as it arrives, through a readable watch on the app's one
/// loop (as sweep-pick reads its input): the window is up before the file
/// ends, and each wakeup's lines reach the views in one batch, so the views
/// update (and the event log says `items`) at most once a loop turn.
@MainActor
final class ItemsReader {
    private let file: ItemsFile
    private let application: Application
    private var watch: Application.WatchID?
    /// Called after a wakeup that added lines (the last may come with the end).
    private let onLines: () -> Void

    init(file: ItemsFile, application: Application, onLines: @escaping () -> Void) {
        self.file = file
        self.application = application
        self.onLines = onLines
    }

    func start() {
        guard file.fd >= 0 else { return }
        // The watch keeps the reader alive until the file ends.
        watch = application.watch(fd: file.fd, events: .readable) { readiness in self.readOnce(readiness) }
    }

    private func readOnce(_ readiness: Application.Readiness) {
        let before = file.count
        var progress = file.readAvailable(hangUp: readiness.contains(.hangUp))
        // The loop ended the watch itself (hang-up or error without data): nothing more will wake us.
        if progress == .waiting && !readiness.contains(.readable) && !readiness.isDisjoint(with: [.hangUp, .error, .invalid]) {
            progress = .failed("cannot read \(file.path): poll reported an error")
        }
        if progress != .waiting, let watch {
            application.unwatch(watch)
            self.watch = nil
        }
        if case .failed(let message) = progress { printError(message) }
        if file.count > before { onLines() }
    }
}
