// photos: a photo grid built on SweepUI alone.
//
//   photos [FOLDER]
//
// The PNG, JPEG and SVG pictures of a folder as square, round-cornered
// thumbnails, decoded off the main actor by an `ImageSource` whose pictures
// are cropped and rounded on the same background threads (`mapped`), loaded
// ahead as the grid scrolls (`SnapshotDataSource.imageLoader`) at the size
// the zoom asks (`imageSize`). Each cell is drawn by an app renderer that
// reads the picture's file name from the content (`ItemContent.value`)
// and draws Sweep's own selection marks (`ItemViewDecorations`).
// Ctrl+wheel, Ctrl+plus and Ctrl+minus, Ctrl+0 and a pinch zoom; the
// band, sweeps and clicks select; the arrows move the selection with
// the focus; Delete takes the selected pictures out of the grid, Ctrl+Z
// puts them back; Enter prints the focused picture's path.
import Foundation
import SweepUI

/// A cell: the picture filling it, its name under it, and the usual marks.
struct PhotoCell: ItemRenderer {
    func draw(_ content: ItemContent, state: ItemState, in rect: Rect, theme: Theme, canvas: Canvas) {
        ItemViewDecorations.drawBackground(state: state, in: rect, theme: theme, cornerRadius: 8, canvas: canvas)
        let caption = canvas.metrics(for: .caption).lineHeight
        let area = Rect(x: rect.minX + 4, y: rect.minY + 4, width: rect.width - 8, height: max(0, rect.height - 10 - caption))
        if case .bitmap(let picture) = content.image {
            canvas.drawBitmap(picture, in: picture.aspectFit(in: area))
        } else {
            ItemIcon.image.draw(in: area.insetBy(dx: area.width / 4, dy: area.height / 4), theme: theme, canvas: canvas)
        }
        // The file name, from the item's identifier the content carries.
        let name = content.value(as: String.self).map { ($0 as NSString).lastPathComponent } ?? content.title
        canvas.drawText(name, at: Point(x: rect.minX + 6, y: rect.maxY - 4 - caption), role: .caption,
                        color: theme.secondaryText, maxWidth: rect.width - 12)
        ItemViewDecorations.drawSelectionMark(state: state, at: Point(x: rect.maxX - 16, y: rect.minY + 16), theme: theme, canvas: canvas)
        ItemViewDecorations.drawForeground(state: state, in: rect, theme: theme, cornerRadius: 8, canvas: canvas)
    }

    /// Entering editing mode changes only the selection circle's corner.
    func editingMarkBounds(in bounds: Rect) -> Rect? {
        Rect(x: bounds.maxX - 30, y: bounds.minY + 2, width: 28, height: 28).intersection(bounds)
    }
}

/// The grid over a folder's pictures, by path.
@MainActor final class Photos: CollectionViewDelegate {
    let window: AppWindow
    let source = SnapshotDataSource<Int, String> { path in ItemContent(title: (path as NSString).lastPathComponent) }
    let view: CollectionView
    let status = Label(accessibleRole: .statusBar)
    private var paths: [String] = []
    private var deleted: [[String]] = []

    init(window: AppWindow, folder: String) {
        self.window = window
        view = CollectionView(layout: .grid, dataSource: source, name: "photos")
        view.allowsMultipleSelection = true
        view.renderer = PhotoCell()
        view.delegate = self
        // Squares with round corners, made on the decoding threads, never on the event loop.
        let thumbnails = ImageSource<String>.files.mapped { _, size, picture in
            picture.croppedToSquare().withRoundedCorners(radius: Double(size) / 16)
        }
        let loader = ImageLoader(size: 200, source: thumbnails)
        loader.placeholder = .brokenImage(size: 64)
        loader.onLoaded = { [unowned view] _ in view.setNeedsDisplay() }
        source.imageLoader = loader
        zoomed(to: 100)
        view.onSelectionChange = { [unowned self] _ in updateStatus() }
        view.onActivate = { [unowned self] item in
            if let path = source.itemIdentifier(for: item) { StandardStreams.writeLine(path, to: STDOUT_FILENO) }
        }
        window.content = ColumnLayout([(view, .flexible), (status, .fixed(28))])
        window.onKey = { [unowned self] key in handleKey(key) }
        window.focus(view)
        let fileNames = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        paths = fileNames.filter { ["png", "jpg", "jpeg", "svg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
        show(paths)
    }

    private func show(_ shown: [String]) {
        var snapshot = ItemSnapshot<Int, String>()
        snapshot.appendSections([0])
        _ = snapshot.appendItems(shown)
        try? source.apply(snapshot)
        updateStatus()
    }

    /// Pictures as sharp as the cells at this zoom and the window's scale.
    private func zoomed(to cellSize: Double) {
        source.imageSize = Int((cellSize * max(1, window.window.scale)).rounded(.up))
    }

    func collectionView(_ view: CollectionView, didZoomTo cellSize: Double, phase: ZoomPhase) {
        if phase == .ended { zoomed(to: cellSize) }
    }

    private func handleKey(_ key: KeyEvent) -> Bool {
        if key.keysym == .delete, view.selectedCount > 0 {
            let gone = Set(source.selectedIdentifiers(in: view))
            deleted.append(source.snapshot.itemIdentifiers.filter { gone.contains($0) })
            show(source.snapshot.itemIdentifiers.filter { !gone.contains($0) })
            return true
        }
        if key.keysym.matches(letter: "z"), key.modifiers.contains(.control), let back = deleted.popLast() {
            let restored = Set(back).union(source.snapshot.itemIdentifiers)
            show(paths.filter { restored.contains($0) })
            source.select(back, in: view, additive: false)
            view.setFocus(back.first.flatMap { source.indexPath(for: $0) })
            return true
        }
        return false
    }

    private func updateStatus() {
        status.text = "\(view.selectedCount) of \(view.itemCount) selected"
    }
}

StandardStreams.secure()   // descriptors 0-2 open, SIGPIPE ignored: writes never trap
let arguments = Array(CommandLine.arguments.dropFirst())
let folder = arguments.first { !$0.hasPrefix("--") } ?? FileManager.default.currentDirectoryPath
do {
    let app = try Application()
    let window = try AppWindow(application: app, title: "Photos", appID: "org.sweep.Photos")
    let photos = Photos(window: window, folder: (folder as NSString).standardizingPath)
    try withExtendedLifetime(photos) { try app.run() }
} catch {
    StandardStreams.printError("\(error)", program: "photos")
    exit(2)
}
