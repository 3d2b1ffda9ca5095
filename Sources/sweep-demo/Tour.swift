import Glibc
import SweepGeometry
import SweepWayland

/// `--tour`: the app plays its own states with no input, announcing each one
/// on stdout once the compositor has shown it, so a script can screenshot it.
final class Tour {
    private let app: DemoApp
    private var steps: [(name: String, action: (DemoApp) -> Void)]

    /// The pause between steps, longer than any animation.
    static let pause = 700.0

    init(app: DemoApp) {
        self.app = app
        steps = [
            ("top", { _ in }),
            ("scrolled", { app in
                // Row 40 at the bottom edge.
                app.itemView.scroll(toOffset: 41 * app.itemView.lineHeight - app.itemView.frame.height)
            }),
            ("middle", { app in app.itemView.scroll(toOffset: Double(app.rowCount / 2) * app.itemView.lineHeight) }),
            ("end", { app in app.itemView.scroll(toOffset: app.itemView.scroll.maxOffset) }),
            ("selection", { app in
                app.itemView.scroll(toOffset: 0)
                app.setEditing(true)
                app.apply([.selection(app.selection.selectRanges([ItemRange(section: 0, items: 2...5), ItemRange(section: 0, items: 8...8)],
                                                                 additive: false, source: .api), provisional: false)])
            }),
        ]
    }

    func start() {
        app.window.connection.loop.schedule(after: Tour.pause) { [self] in next() }
    }

    private func next() {
        guard !steps.isEmpty else {
            app.quit()
            return
        }
        let step = steps.removeFirst()
        step.action(app)
        app.window.invalidateAll()
        app.window.connection.loop.schedule(after: Tour.pause) { [self] in
            app.window.afterNextPresentation { [self] in
                writeLine("tour: \(step.name)", to: STDOUT_FILENO)
                app.window.connection.loop.schedule(after: 300) { [self] in next() }
            }
        }
    }
}
