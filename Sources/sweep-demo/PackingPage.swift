import DemoPages
import Glibc
import SweepEventLog
import SweepUI

/// Packing list: an inclusive list. Tapping a row checks or unchecks it and
/// the row deselects at once with a fade; the checkmarks are saved after
/// every change (atomically, see `PackingStore`). A file that is not a
/// packing list is moved aside and reported; one that cannot be read (or
/// moved aside) is reported and left alone: saving is off. A save that
/// fails keeps the checkmarks in memory and says so; the next change tries
/// again, and so does quitting, which says on stderr when it still fails.
final class PackingPage: Page {
    let name = "packing"
    let pane: DemoPane
    var list: CollectionViewController { pane.controller }
    /// The list's layout follows the window's scale (the window tells the page, not what it holds).
    func windowScaleDidChange(to scale: Double) { list.windowScaleDidChange(to: scale) }
    /// The page for screen readers: its list and, while shown, the banner.
    lazy var accessibleObject: AccessibleObject? = makeAccessiblePage(title: "Packing List") { [unowned self] in
        [list.accessibleObject, banner.message == nil ? nil : banner.accessibleObject].compactMap { $0 }
    }
    private let rows: PackingRows
    private let store: PackingStore?
    private let log: EventLog?
    private let host: AppWindow
    private let banner = Banner(name: "packing")
    var isVisible = true {
        didSet {
            list.isVisible = isVisible
            banner.buttons.view.isUserInteractionEnabled = isVisible && banner.message != nil
        }
    }
    var frame: Rect { list.frame }

    init(store: PackingStore?, theme: Theme, host: AppWindow, log: EventLog?) {
        self.store = store
        self.log = log
        self.host = host
        var problem: (String, String?)?
        var saved: [String] = []
        if let store {
            do {
                switch try store.load() {
                case .none: break
                case .packed(let entries): saved = entries
                case .corrupt(let reason, let aside):
                    problem = ("The saved packing list could not be read", "It is \(reason); kept as \(aside)")
                }
            } catch {
                problem = ("The saved packing list could not be read", "\(error)")
            }
        } else {
            problem = ("Checkmarks will not be kept", "Neither XDG_STATE_HOME nor HOME is set")
        }
        rows = PackingRows(list: PackingList(savedEntries: saved))
        pane = DemoPane(name: "packing", layout: .list, title: "Packing List", dataSource: rows, editButtonTitle: nil,
                        log: log, host: host)
        host.gestureArena.add(banner.buttons.view)
        banner.covered = list.collectionView
        banner.buttons.action = { [unowned self] _ in dismissBanner() }
        list.collectionView.onActivate = { [unowned self] item in toggle(item) }
        list.collectionView.accessibleItemRole = .checkBox
        if let (message, detail) = problem { report(message, detail: detail) }
        if let store { PackingPage.retryAtExit(store) }
    }

    func setFrame(_ newFrame: Rect) {
        list.setFrame(newFrame)
        banner.layout(in: list.collectionView.frame)
    }

    /// Checks or unchecks a row, deselects it with a fade and saves.
    private func toggle(_ item: ItemPath) {
        let packed = rows.list.toggle(item.item)
        log?.log(view: name, event: "check", ["item": .array([.int(item.section), .int(item.item)]), "checked": .bool(packed)])
        list.collectionView.deselectWithFade(item)
        list.collectionView.reconfigureItems(at: [item])
        save()
        host.invalidate(Region(list.collectionView.frame))
    }

    private func save() {
        guard let store else { return }
        do {
            try store.save(rows.list.entriesToSave)
            log?.log(view: name, event: "saved", ["path": .string(store.path), "count": .int(rows.list.packed.count)])
        } catch {
            // With saving off, the banner has said so since the start.
            guard store.savingOffReason == nil else { return }
            report("Could not save the packing list", detail: "\(error); the checkmarks are kept until the next try")
        }
    }

    /// Retries `store`'s pending save when the process exits (quit, the
    /// window closed, the compositor gone) and says on stderr if it still
    /// fails: `atexit`, since the app ends with `exit`.
    private static func retryAtExit(_ store: PackingStore) {
        if storeToSaveAtExit == nil { atexit { savePackingListAtExit() } }
        storeToSaveAtExit = store
    }

    /// Shows a problem in the banner, on stderr and in the event log.
    private func report(_ message: String, detail: String?) {
        let text = detail.map { "\(message): \($0)" } ?? message
        printError(text)
        log?.log(view: name, event: "error", ["message": .string(text)])
        let wasShown = banner.message != nil
        banner.show(message, detail: detail, visible: isVisible)
        host.invalidate(Region(banner.frame))
        if !wasShown { host.announce(banner.accessibleObject, in: accessibleObject, added: true) }
    }

    private func dismissBanner() {
        if banner.message != nil { host.announce(banner.accessibleObject, in: accessibleObject, added: false) }
        banner.hide()
        host.invalidate(Region(list.collectionView.frame))
    }

    /// The checked items, for tests and the clipboard.
    var packedItems: [String] { rows.list.packedInOrder }

    // MARK: - Page

    func draw(in canvas: Canvas, damage: Region) {
        list.draw(in: canvas, damage: damage)
        if damage.intersects(banner.frame) { banner.draw(in: canvas, theme: list.theme) }
    }

    var isAnimating: Bool { list.isAnimating }
    func advanceAnimations(to time: Double) -> Region { list.advanceAnimations(to: time) }
    func hover(at point: Point?) -> Region { list.hover(at: point) }
    func handleScroll(_ frame: PointerFrame) { list.handleScroll(frame) }
    func touchesBegan() { list.touchesBegan() }
    func didCommitFrame() { list.didCommitFrame() }

    var focusedDescendant: Component? { list }

    func handleKey(_ key: KeyEvent) -> Bool {
        if key.keysym == .escape && banner.message != nil {
            dismissBanner()
            return true
        }
        return list.handleKey(key)
    }

    /// Ctrl+C copies the checked items.
    var copiedText: String? { packedItems.isEmpty ? nil : packedItems.joined(separator: "\n") + "\n" }
}

/// The store whose pending save is retried at exit (`atexit` takes no context; set on the main thread only).
nonisolated(unsafe) private var storeToSaveAtExit: PackingStore?

private func savePackingListAtExit() {
    guard let store = storeToSaveAtExit, store.hasPendingSave else { return }
    do {
        try store.savePending()
    } catch {
        printError("the packing list's last changes were not saved: \(error)")
    }
}

/// Filters: exclusive choices, one per section; tapping a row moves the
/// section's checkmark to it and the row deselects at once with a fade.
final class FiltersPage: Page {
    let name = "filters"
    let pane: DemoPane
    var list: CollectionViewController { pane.controller }
    /// The list's layout follows the window's scale (the window tells the page, not what it holds).
    func windowScaleDidChange(to scale: Double) { list.windowScaleDidChange(to: scale) }
    /// Its list, for screen readers.
    var accessibleObject: AccessibleObject? { list.accessibleObject }
    private let rows = FilterRows(choices: .trailFilters)
    private let log: EventLog?
    private let host: AppWindow
    var isVisible = true { didSet { list.isVisible = isVisible } }
    var frame: Rect { list.frame }

    init(theme: Theme, host: AppWindow, log: EventLog?) {
        self.log = log
        self.host = host
        pane = DemoPane(name: "filters", layout: .list, title: "Filters", dataSource: rows, editButtonTitle: nil,
                        log: log, host: host)
        list.collectionView.onActivate = { [unowned self] item in choose(item) }
        list.collectionView.accessibleItemRole = .radioButton
    }

    private func choose(_ item: ItemPath) {
        let previous = rows.choices.choose(item.item, inSection: item.section)
        list.collectionView.reconfigureItems(at: [item] + [previous.map { ItemPath(section: item.section, item: $0) }].compactMap { $0 })
        log?.log(view: name, event: "choice", ["section": .int(item.section), "option": .int(item.item),
                                               "title": .string(rows.title(for: item))])
        list.collectionView.deselectWithFade(item)
        host.invalidate(Region(list.collectionView.frame))
    }

    var choices: FilterChoices { rows.choices }

    func setFrame(_ newFrame: Rect) { list.setFrame(newFrame) }
    func draw(in canvas: Canvas, damage: Region) { list.draw(in: canvas, damage: damage) }
    var isAnimating: Bool { list.isAnimating }
    func advanceAnimations(to time: Double) -> Region { list.advanceAnimations(to: time) }
    func hover(at point: Point?) -> Region { list.hover(at: point) }
    func handleScroll(_ frame: PointerFrame) { list.handleScroll(frame) }
    var focusedDescendant: Component? { list }
    func handleKey(_ key: KeyEvent) -> Bool { list.handleKey(key) }
    func touchesBegan() { list.touchesBegan() }
    func didCommitFrame() { list.didCommitFrame() }

    /// Ctrl+C copies the chosen options, one a line.
    var copiedText: String? {
        rows.choices.sections.indices.compactMap { section in
            rows.choices.chosen[section].map { rows.choices.sections[section].options[$0] }
        }.joined(separator: "\n") + "\n"
    }
}
