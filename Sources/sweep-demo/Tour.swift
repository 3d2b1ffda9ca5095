import Glibc
import SweepGeometry
import SweepInteraction
import SweepWayland

/// `--tour`: the app plays its own states with no input, announcing each one
/// on stdout once the compositor has shown it, so a script can screenshot it:
/// scrolling the list, editing mode with a selection, a sweep, a band over
/// the grid, then the other pages (a trail pushed and popped). It changes
/// no saved state: the packing list is only shown.
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
                let view = app.list.itemView
                // Row 40 at the bottom edge.
                view.scroll(toOffset: 41 * view.lineHeight - view.frame.height)
            }),
            ("middle", { app in app.list.itemView.scroll(toOffset: Double(app.rowCount / 2) * app.list.itemView.lineHeight) }),
            ("end", { app in app.list.itemView.scroll(toOffset: app.list.itemView.scroll.maxOffset) }),
            ("selection", { app in
                let pane = app.list
                pane.itemView.scroll(toOffset: 0)
                pane.setEditing(true)
                pane.apply([.selection(pane.selection.selectRanges([ItemRange(section: 0, items: 2...5), ItemRange(section: 0, items: 8...8)],
                                                                   additive: false, source: .api), provisional: false)])
            }),
            ("sweep", { app in
                // The same calls two fingers make, from row 10 down to row 13.
                let pane = app.list
                pane.syncInteractor()
                let line = pane.itemView.lineHeight
                let start = Point(x: 120, y: 10.5 * line)
                pane.apply(pane.interactor.startSweep(at: start, input: .touch2))
                pane.apply(pane.interactor.moveSweep(to: Point(x: 120, y: 13.5 * line)))
                pane.apply(pane.interactor.endSweep())
            }),
            ("band", { app in
                // A band over the grid's first cells, held on screen.
                let pane = app.grid
                if !pane.isVisible { app.show(.grid) }
                pane.syncInteractor()
                pane.apply(pane.interactor.beginBand(anchor: Point(x: 20, y: 20), modifiers: [], to: Point(x: 180, y: 170)))
                pane.apply(pane.interactor.moveBand(to: Point(x: 190, y: 180)))
            }),
            ("trails", { app in
                app.grid.apply(app.grid.interactor.endBand())
                app.show(.trails)
            }),
            ("trail", { app in
                // What a tap on the second trail does.
                let pane = app.trails.list
                pane.apply([.selection(pane.selection.select(ItemPath(section: 0, item: 1), source: .tap), provisional: false),
                            .activate(ItemPath(section: 0, item: 1))])
            }),
            ("back", { app in app.trails.pop() }),
            ("packing", { app in app.show(.packing) }),
            ("filters", { app in app.show(.filters) }),
            ("canvas", { app in
                app.show(.canvas)
                app.canvasPage.showBand(over: Rect(x: 20, y: 20, width: 300, height: 120))
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
