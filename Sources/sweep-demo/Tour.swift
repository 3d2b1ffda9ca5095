import Glibc
@_spi(Automation) import SweepUI

/// `--tour`: the app plays its own states with no input, announcing each one
/// on stdout once the compositor has shown it, so a script can screenshot it:
/// scrolling the list, editing mode with a selection, a sweep, a band over
/// the grid, then the other pages (a trail pushed, popped with its facts shown). It changes
/// no saved state: the packing list is only shown.
@MainActor
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
                let view = app.list.collectionView.itemView
                // Row 40 at the bottom edge.
                view.scroll(toOffset: 41 * view.lineHeight - view.frame.height)
            }),
            ("middle", { app in
                let view = app.list.collectionView.itemView
                view.scroll(toOffset: Double(app.rowCount / 2) * view.lineHeight)
            }),
            ("end", { app in
                let view = app.list.collectionView.itemView
                view.scroll(toOffset: view.scroll.maxOffset)
            }),
            ("selection", { app in
                let view = app.list.collectionView
                view.itemView.scroll(toOffset: 0)
                view.setEditing(true)
                view.selectRanges([ItemRange(section: 0, items: 2...5), ItemRange(section: 0, items: 8...8)])
            }),
            ("sweep", { app in
                // The same calls two fingers make, from row 10 down to row 13.
                let view = app.list.collectionView
                let line = view.itemView.lineHeight
                view.playSweepBegin(at: Point(x: 120, y: 10.5 * line))
                view.playSweepMove(to: Point(x: 120, y: 13.5 * line))
                view.playSweepEnd()
            }),
            ("band", { app in
                // A band over the grid's first cells, held on screen.
                if !app.grid.isVisible { app.show(.grid) }
                let view = app.grid.collectionView
                view.playBandBegin(from: Point(x: 20, y: 20), to: Point(x: 180, y: 170))
                view.playBandMove(to: Point(x: 190, y: 180))
            }),
            ("trails", { app in
                app.grid.collectionView.playBandEnd()
                app.show(.trails)
            }),
            ("trail", { app in
                // What a tap on the second trail does.
                app.trails.list.collectionView.playSelect(ItemPath(section: 0, item: 1))
            }),
            ("back", { app in
                // Back on the list, the row fading out, with the trail's facts from its (i) button:
                // a picture of its own, not the list of "trails" again.
                app.trails.pop()
                app.trails.showInfo(ItemPath(section: 0, item: 1))
            }),
            ("packing", { app in app.show(.packing) }),
            ("filters", { app in app.show(.filters) }),
            ("canvas", { app in
                app.show(.canvas)
                app.canvasPage.showBand(over: Rect(x: 20, y: 20, width: 300, height: 120))
            }),
        ]
    }

    func start() {
        app.application.schedule(after: Tour.pause) { [self] in next() }
    }

    private func next() {
        guard !steps.isEmpty else {
            app.quit()
            return
        }
        let step = steps.removeFirst()
        step.action(app)
        app.window.invalidateAll()
        app.application.schedule(after: Tour.pause) { [self] in
            app.window.afterNextPresentation { [self] in
                writeLine("tour: \(step.name)", to: STDOUT_FILENO)
                app.application.schedule(after: 300) { [self] in next() }
            }
        }
    }
}
