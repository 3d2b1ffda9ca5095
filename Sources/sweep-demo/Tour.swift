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
            ("scrolled", { app in app.list.scroll(toReveal: 40) }),
            ("middle", { app in app.list.scroll(toOffset: Double(app.list.layout.rowCount / 2) * app.list.layout.rowHeight) }),
            ("end", { app in app.list.scroll(toOffset: app.list.scroll.maxOffset) }),
            ("selection", { app in
                app.list.scroll(toOffset: 0)
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
