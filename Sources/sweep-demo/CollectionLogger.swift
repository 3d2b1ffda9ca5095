import SweepEventLog
import SweepUI

/// The demo's delegate of each list and grid: writes what the view did to
/// the event log under the view's name (README, `--event-log`), allows
/// sweeps only where the view has editing mode, and hands activation and
/// the detail button to the page.
@MainActor
final class CollectionLogger: CollectionViewDelegate {
    let name: String
    let log: EventLog?
    /// Only views with editing mode take part in sweeps.
    var allowsSweeps: Bool
    var onAccessory: ((ItemPath) -> Void)?
    /// The window's count of pixels moved by copying instead of drawn (`Window.copiedPixels`).
    var copiedPixels: (() -> Int)?
    /// The context menu of an item (nil: empty space); nil for none.
    var contextMenu: ((ItemPath?) -> Menu?)?
    /// An entry of the context menu was chosen.
    var onMenuChoice: ((String) -> Void)?
    /// Drag and drop (DemoApp+DragAndDrop): the data of a drag out, its end,
    /// what a drop in takes, the drop's data, a reorder.
    var dragData: (([ItemRange]) -> DragData?)?
    var onDragEnd: ((DragEvent, [ItemRange]) -> Void)?
    var dropProposal: ((DropSession, DropLocation) -> DropProposal?)?
    var onDrop: (([UInt8]?, String, DropLocation) -> Void)?
    var onMove: (([ItemRange], ItemPath) -> Bool)?

    init(name: String, log: EventLog?, allowsSweeps: Bool) {
        self.name = name
        self.log = log
        self.allowsSweeps = allowsSweeps
    }

    private static func item(_ item: ItemPath?) -> EventLog.Value {
        .array([.int(item?.section ?? 0), .int(item?.item ?? 0)])
    }

    func collectionView(_ view: CollectionView, shouldBeginMultipleSelectionInteractionAt item: ItemPath) -> Bool { allowsSweeps }

    func collectionView(_ view: CollectionView, didSelect item: ItemPath, source: SelectionSource) {
        log?.log(view: name, event: "select", ["item": Self.item(item), "source": .string(source.rawValue)])
    }

    func collectionView(_ view: CollectionView, didDeselect item: ItemPath, source: SelectionSource) {
        log?.log(view: name, event: "deselect", ["item": Self.item(item), "source": .string(source.rawValue)])
    }

    func collectionView(_ view: CollectionView, didActivate item: ItemPath) {
        log?.log(view: name, event: "activate", ["item": Self.item(item)])
    }

    func collectionView(_ view: CollectionView, accessoryButtonTappedFor item: ItemPath) {
        log?.log(view: name, event: "accessory", ["item": Self.item(item)])
        onAccessory?(item)
    }

    func collectionView(_ view: CollectionView, didChangeSelection event: SelectionEvent) {
        guard let log else { return }
        let provisional = event.isProvisional
        let ranges = view.effectiveSelectedRanges
        log.log(view: name, event: "selection", [
            "ranges": .array(ranges.map { .array([.int($0.section), .int($0.items.lowerBound), .int($0.items.upperBound)]) }),
            "count": .int(ranges.reduce(0) { $0 + $1.count }),
            "provisional": .bool(provisional),
        ])
    }

    func collectionView(_ view: CollectionView, didChangeEditing isEditing: Bool) {
        log?.log(view: name, event: "editing", ["editing": .bool(isEditing)])
    }

    func collectionView(_ view: CollectionView, multipleSelection phase: MultiselectPhase, at item: ItemPath?, input: SweepInputKind) {
        log?.log(view: name, event: "multiselect", ["phase": .string(phase.rawValue), "input": .string(input.rawValue),
                                                       "item": Self.item(item)])
    }

    func collectionView(_ view: CollectionView, band phase: BandPhase, rect: Rect, mode: BandMode) {
        log?.log(view: name, event: "band", ["phase": .string(phase.rawValue), "mode": .string(mode.rawValue),
                                                "rect": .array([rect.x, rect.y, rect.width, rect.height].map { .double(($0 * 10).rounded() / 10) })])
    }

    func collectionView(_ view: CollectionView, didZoomTo cellSize: Double, phase: ZoomPhase) {
        log?.log(view: name, event: "zoom", ["cellSize": .double((cellSize * 10).rounded() / 10), "state": .string(phase.rawValue)])
    }

    func collectionView(_ view: CollectionView, didScrollTo offset: Double) {
        let rounded = EventLog.Value.double((offset * 100).rounded() / 100)
        if let copiedPixels {
            log?.log(view: name, event: "scroll", ["offset": rounded, "copied": .int(copiedPixels())])
        } else {
            log?.log(view: name, event: "scroll", ["offset": rounded])
        }
    }

    func collectionView(_ view: CollectionView, contextMenuFor item: ItemPath?, trigger: MenuTrigger) -> Menu? {
        contextMenu?(item)
    }

    func collectionView(_ view: CollectionView, contextMenu event: MenuEvent) {
        switch event {
        case .shown(let frame, let trigger):
            log?.log(view: name, event: "menu", ["phase": .string("shown"), "trigger": .string(trigger.rawValue),
                                                    "items": .int(view.selectedCount),
                                                    "frame": .array([frame.x, frame.y, frame.width, frame.height].map { .double($0) })])
        case .chosen(let id):
            log?.log(view: name, event: "menu", ["phase": .string("chosen"), "id": .string(id), "items": .int(view.selectedCount)])
            onMenuChoice?(id)
        case .dismissed:
            log?.log(view: name, event: "menu", ["phase": .string("dismissed")])
        }
    }

    func collectionView(_ view: CollectionView, dragDataFor items: [ItemRange]) -> DragData? { dragData?(items) }

    func collectionView(_ view: CollectionView, drag event: DragEvent, items: [ItemRange]) {
        let count = EventLog.Value.int(items.reduce(0) { $0 + $1.count })
        switch event {
        case .target(let mime): log?.log(view: name, event: "drag", ["phase": .string("target"), "mime": .string(mime ?? "")])
        case .action(let action): log?.log(view: name, event: "drag", ["phase": .string("action"), "action": .string(action.name)])
        case .dropped: log?.log(view: name, event: "drag", ["phase": .string("dropped"), "count": count])
        case .finished(let action):
            log?.log(view: name, event: "drag", ["phase": .string("finished"), "action": .string(action.name), "count": count])
            onDragEnd?(event, items)
        case .cancelled:
            log?.log(view: name, event: "drag", ["phase": .string("cancelled"), "count": count])
            onDragEnd?(event, items)
        }
    }

    func collectionView(_ view: CollectionView, dropProposalFor drop: DropSession, at location: DropLocation) -> DropProposal? {
        dropProposal?(drop, location)
    }

    func collectionView(_ view: CollectionView, performDrop data: [UInt8]?, mimeType: String, action: DragActions,
                        at location: DropLocation) {
        onDrop?(data, mimeType, location)
    }

    func collectionView(_ view: CollectionView, moveItems items: [ItemRange], to destination: ItemPath) -> Bool {
        onMove?(items, destination) ?? false
    }

    func collectionView(_ view: CollectionView, itemsDidChange count: Int) {
        log?.log(view: name, event: "items", ["count": .int(count)])
    }
}

/// A demo page's list or grid: a collection controller whose view logs
/// through a `CollectionLogger`. Views without editing mode (Trails,
/// Packing list, Filters) select one item at a time and take no sweeps.
@MainActor
final class DemoPane {
    let controller: CollectionViewController
    let logger: CollectionLogger
    var view: CollectionView { controller.collectionView }

    init(name: String, layout: any CollectionViewLayout, title: String, dataSource: ListDataSource, editButtonTitle: String?,
         log: EventLog?, host: ComponentHost) {
        // No theme of its own: it takes the window's.
        let view = CollectionView(layout: layout, dataSource: dataSource, name: name)
        if editButtonTitle != nil { view.allowsMultipleSelectionDuringEditing = true }
        logger = CollectionLogger(name: name, log: log, allowsSweeps: editButtonTitle != nil)
        view.delegate = logger
        if let window = host as? AppWindow { logger.copiedPixels = { [unowned window] in window.copiedPixels } }
        controller = CollectionViewController(collectionView: view, title: title, editButtonTitle: editButtonTitle)
        // The log names the controller's own buttons as it always has ("edit", "done", "selectAll").
        controller.onToolbarItem = { item in
            let id = item.id.hasPrefix("sweep.") ? String(item.id.dropFirst("sweep.".count)) : item.id
            log?.log(view: name, event: "button", ["id": .string(id)])
        }
        controller.attach(to: host)
    }
}
