// photos: a photo browser built on SweepUI alone.
//
//   photos [FOLDER]
//
// The PNG, JPEG and SVG pictures of a folder, by the day they were last
// changed, in rows packed to the window's width with each picture at its
// own aspect ratio (a justified layout, written below against the public
// layout protocol). Thumbnails are decoded and rounded off the main actor
// (`ImageSource.mapped`) and loaded ahead as the view scrolls; a picture's
// shape is known once its thumbnail is, and the rows are packed again.
// The band, sweeps, clicks and Shift+click select across rows of any
// height; the arrows move to the nearest picture in the next row; a pinch,
// Ctrl+wheel, Ctrl+plus and Ctrl+minus change the rows' height, Ctrl+0
// puts it back; a double click, Enter or a right click's Open prints the
// picture's path; the selection drags out as files; Delete takes the
// selected pictures out, Ctrl+Z puts them back.
import Foundation
import SweepUI

/// Rows of pictures as tall as `rowHeight`, widened together until a row
/// fills the width exactly (the last row of a day keeps its height), under
/// a header per day.
final class JustifiedLayout: GeometryBackedLayout, SizeZoomableLayout {
    let invalidation = LayoutInvalidation()
    private(set) var geometry = ItemFrames()
    /// Each picture's width over its height (1.5 until its thumbnail is known).
    var aspectRatio: (ItemPath) -> Double = { _ in 1.5 }
    private(set) var rowHeight = 160.0
    private var context = LayoutContext(itemCounts: [], width: 0)
    let gap = 4.0, headerHeight = 36.0, zoomRange = 80.0...400.0
    var zoomSize: Double { rowHeight }
    var zoomResetSize: Double { 160 }
    var lineHeight: Double { rowHeight + gap }

    func prepare(for context: LayoutContext) {
        self.context = context
        geometry.removeAll()
        var y = 0.0, row: [Double] = []   // the widths of the pictures waiting for a row, at `rowHeight`
        func place(scale: Double) {
            var x = 0.0
            for width in row {
                geometry.append(Rect(x: x, y: y, width: width * scale, height: rowHeight * scale))
                x += width * scale + gap
            }
            if !row.isEmpty { y += rowHeight * scale + gap }
            row = []
        }
        for (section, count) in context.itemCounts.enumerated() {
            geometry.beginSection(header: context.showsHeaders ? Rect(x: 0, y: y, width: context.width, height: headerHeight) : nil)
            y += context.showsHeaders ? headerHeight : gap
            for item in 0..<count {
                let ratio = aspectRatio(ItemPath(section: section, item: item))
                row.append(rowHeight * min(max(ratio.isFinite ? ratio : 1.5, 0.25), 4))
                // A row that reaches the width is scaled down to fill it exactly.
                let spare = context.width - gap * Double(row.count - 1)
                if row.reduce(0, +) >= spare { place(scale: max(0.01, spare / row.reduce(0, +))) }
            }
            place(scale: 1)   // a day's last row keeps its height
        }
        geometry.contentSize = Size(width: context.width, height: y)
    }

    func layOut(zoomSize size: Double) {
        rowHeight = size
        prepare(for: context)
    }
}

/// A picture filling its frame, with Sweep's marks over it.
struct PhotoCell: ItemRenderer {
    func draw(_ content: ItemContent, state: ItemState, in rect: Rect, theme: Theme, canvas: Canvas) {
        ItemViewDecorations.drawBackground(state: state, in: rect, theme: theme, cornerRadius: 6, canvas: canvas)
        // A selected picture steps back into its tint, its check always showing.
        let inset = state.isSelected ? 8.0 : 2.0
        if case .bitmap(let picture) = content.image {
            canvas.drawBitmap(picture, in: rect.insetBy(dx: inset, dy: inset))
        } else {
            ItemIcon.image.draw(in: rect.insetBy(dx: rect.width / 3, dy: rect.height / 3), theme: theme, canvas: canvas)
        }
        var mark = state
        mark.isEditing = state.isEditing || state.isSelected
        ItemViewDecorations.drawSelectionMark(state: mark, at: Point(x: rect.maxX - 16, y: rect.minY + 16), theme: theme, canvas: canvas)
        ItemViewDecorations.drawForeground(state: state, in: rect, theme: theme, cornerRadius: 6, canvas: canvas)
    }

    /// Entering editing mode changes only the selection circle's corner.
    func editingMarkBounds(in bounds: Rect) -> Rect? {
        Rect(x: bounds.maxX - 30, y: bounds.minY + 2, width: 28, height: 28).intersection(bounds)
    }
}

/// The pictures of a folder by day, by path.
@MainActor final class Photos: CollectionViewDelegate {
    let window: AppWindow
    let source = SnapshotDataSource<String, String> { path in ItemContent(title: (path as NSString).lastPathComponent) }
    let layout = JustifiedLayout()
    let view: CollectionView
    let status = Label(accessibleRole: .statusBar)
    private var days: [(day: String, paths: [String])] = []
    private var deleted: [[String]] = [], ratios: [String: Double] = [:], repacking = false
    private var menuItem: ItemPath?

    init(window: AppWindow, folder: String) {
        self.window = window
        view = CollectionView(layout: layout, dataSource: source, name: "photos")
        (view.allowsMultipleSelection, view.activatesOnDoubleClick, view.renderer, view.delegate) = (true, true, PhotoCell(), self)
        source.headerTitle = { $0 }
        source.copiedText = { $0 }
        layout.aspectRatio = { [unowned self] item in source.itemIdentifier(for: item).flatMap { ratios[$0] } ?? 1.5 }
        let thumbnails = ImageSource<String>.files.mapped { _, size, picture in picture.withRoundedCorners(radius: Double(size) / 32) }
        let loader = ImageLoader(size: 320, source: thumbnails)
        loader.placeholder = .brokenImage(size: 64)
        loader.onLoaded = { [unowned self, unowned loader] path in
            view.setNeedsDisplay()
            // Its shape is known now: the rows are packed again, once for all a batch of events brings.
            guard let picture = loader.image(for: path), picture.height > 0 else { return }
            let ratio = Double(picture.width) / Double(picture.height)
            guard ratios.updateValue(ratio, forKey: path) != ratio, !repacking else { return }
            repacking = true
            window.application.runAfterEvents { [unowned self] in repacking = false; layout.invalidateLayout() }
        }
        source.imageLoader = loader
        source.imageSize = Int((320 * max(1, window.scale)).rounded(.up))
        view.onSelectionChange = { [unowned self] _ in status.text = "\(view.selectedCount) of \(view.itemCount) selected" }
        view.onActivate = { [unowned self] item in
            if let path = source.itemIdentifier(for: item) { StandardStreams.writeLine(path, to: STDOUT_FILENO) }
        }
        window.content = ColumnLayout([(view, .flexible), (status, .fixed(28))])
        window.onKey = { [unowned self] key in handleKey(key) }
        window.focus(view)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let paths = names.filter { ["png", "jpg", "jpeg", "svg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
        let byDay = Dictionary(grouping: paths) { path in
            ((try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date).map(Photos.day.string) ?? "Undated"
        }
        days = byDay.keys.sorted(by: >).map { ($0, byDay[$0] ?? []) }
        show { _ in true }
    }
    static let day: DateFormatter = { let day = DateFormatter(); day.dateFormat = "EEEE d MMMM yyyy"; return day }()
    /// Shows the pictures `isShown` keeps, by day.
    private func show(_ isShown: (String) -> Bool) {
        var snapshot = ItemSnapshot<String, String>()
        for (day, paths) in days where paths.contains(where: isShown) {
            snapshot.appendSections([day])
            _ = snapshot.appendItems(paths.filter(isShown))
        }
        try? source.apply(snapshot)
        status.text = "\(view.selectedCount) of \(view.itemCount) selected"
    }

    private func handleKey(_ key: KeyEvent) -> Bool {
        if key.keysym == .delete, view.selectedCount > 0 {
            let gone = Set(source.selectedIdentifiers(in: view))
            deleted.append(source.snapshot.itemIdentifiers.filter { gone.contains($0) })
            let kept = Set(source.snapshot.itemIdentifiers).subtracting(gone)
            show { kept.contains($0) }
            return true
        }
        if key.keysym.matches(letter: "z"), key.modifiers.contains(.control), let back = deleted.popLast() {
            let shown = Set(back).union(source.snapshot.itemIdentifiers)
            show { shown.contains($0) }
            source.select(back, in: view, additive: false)
            view.setFocus(back.first.flatMap { source.indexPath(for: $0) })
            return true
        }
        return false
    }
    func collectionView(_ view: CollectionView, contextMenuFor item: ItemPath?, trigger: MenuTrigger) -> Menu? {
        menuItem = item
        return item == nil ? nil : Menu([.action("Open", id: "open", shortcut: "Enter"), .action("Copy Paths", id: "copy", shortcut: "Ctrl+C")])
    }
    func collectionView(_ view: CollectionView, contextMenu event: MenuEvent) {
        if event == .chosen("open"), let menuItem { view.onActivate?(menuItem) }
        if event == .chosen("copy"), let paths = view.copiedText { window.copy(.text(paths)) }
    }
    /// The selection drags out as files, under a small copy of its first picture (Sweep adds the count).
    func collectionView(_ view: CollectionView, dragDataFor items: [ItemRange]) -> DragData? {
        let path = { [unowned self] (item: ItemPath) in Array((source.itemIdentifier(for: item) ?? "").utf8) }
        return DragData(types: [("text/uri-list", .lines(of: items, terminator: "\r\n") { FileURI.encode(bytes: path($0)) })], actions: .copy)
    }
    func collectionView(_ view: CollectionView, dragPreviewFor items: [ItemRange]) -> DragPreview? {
        guard let first = items.first, let path = source.itemIdentifier(for: ItemPath(section: first.section, item: first.items.lowerBound)),
              let picture = source.imageLoader?.image(for: path), picture.width > 0 else { return nil }
        return DragPreview(size: Size(width: 120, height: 120 * Double(picture.height) / Double(picture.width))) { $0.drawBitmap(picture, in: $1) }
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
