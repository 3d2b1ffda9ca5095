import SweepEventLog
import SweepGeometry
import SweepInput
import SweepInteraction
import SweepLayout
import SweepSelection
import SweepWayland

/// A pane's selection: clicks with modifiers, the pointer band (which
/// enters editing mode), keyboard focus and selection, all through the
/// selection core; every change is drawn and logged.
extension ItemPane: SelectionDelegate {
    /// Brings the interactor's geometry and offset in line with the item view.
    func syncInteractor() {
        if let gridView {
            interactor.layout = .grid(gridView.layout)
        } else if let listView, interactor.layout.width != listView.layout.width {
            interactor.layout = .list(listView.layout)
        }
        interactor.viewportHeight = itemView.frame.height
        interactor.setContentOffset(itemView.scroll.target)
    }

    func setEditing(_ editing: Bool) {
        guard editing != selection.isEditing else { return }
        let change = selection.setEditing(editing)
        itemView.isEditing = editing
        updateToolbar()
        log?.log(view: name, event: "editing", ["editing": .bool(editing)])
        if !change.isEmpty { logSelection(provisional: false) }
        window.invalidate(Region(frame))
    }

    /// Applies what the interactor reports: damage, scrolling, focus, the log.
    func apply(_ events: [InteractionEvent]) {
        for event in events {
            switch event {
            case .selection(let change, let provisional):
                if !change.isEmpty || !provisional { logSelection(provisional: provisional) }
                if selection.isEditing && !change.isEmpty || !provisional { updateToolbar() }
                window.invalidate(Region(itemView.frame))
            case .band(let phase, let rect, let mode):
                itemView.bandRect = phase == .began || phase == .selecting ? rect : nil
                log?.log(view: name, event: "band", ["phase": .string(phase.rawValue), "mode": .string(mode.rawValue),
                                                        "rect": .array([rect.x, rect.y, rect.width, rect.height].map { .double(($0 * 10).rounded() / 10) })])
                window.invalidate(Region(itemView.frame))
            case .multiselect(let phase, let item, let input):
                log?.log(view: name, event: "multiselect", ["phase": .string(phase.rawValue), "input": .string(input.rawValue),
                                                               "item": .array([.int(item?.section ?? 0), .int(item?.item ?? 0)])])
            case .scroll(let offset):
                itemView.scroll(toOffset: offset)
                window.invalidate(Region(itemView.frame))
            case .focus(let item):
                itemView.focusedItem = item
                window.invalidate(Region(itemView.frame))
            case .activate(let item):
                log?.log(view: name, event: "activate", ["item": .array([.int(item.section), .int(item.item)])])
                onActivate?(item)
            case .endEditing:
                setEditing(false)
            }
        }
        if interactor.wantsAutoscroll { startAutoscroll() }
    }

    func logSelection(provisional: Bool) {
        guard let log else { return }
        let ranges = selection.model.effectiveRanges
        log.log(view: name, event: "selection", [
            "ranges": .array(ranges.map { .array([.int($0.section), .int($0.items.lowerBound), .int($0.items.upperBound)]) }),
            "count": .int(ranges.reduce(0) { $0 + $1.count }),
            "provisional": .bool(provisional),
        ])
    }

    /// Scrolls on a timer while a band holds the pointer near an edge.
    func startAutoscroll() {
        guard !autoscrolling else { return }
        autoscrolling = true
        var last = EventLoop.nowMilliseconds
        func tick() {
            let now = EventLoop.nowMilliseconds
            let events = interactor.autoscroll(elapsed: now - last)
            last = now
            for case .scroll(let offset) in events { itemView.scrollImmediately(to: offset) }
            apply(events.filter { if case .scroll = $0 { false } else { true } })
            window.invalidate(Region(itemView.frame))
            if interactor.wantsAutoscroll {
                window.connection.loop.schedule(after: 16) { tick() }
            } else {
                autoscrolling = false
            }
        }
        window.connection.loop.schedule(after: 16) { tick() }
    }

    // MARK: - Pointer and keys

    /// Keys for the selection; false when the key is not one of them.
    func handleSelectionKey(_ key: KeyEvent) -> Bool {
        syncInteractor()
        if key.keysym == .escape && gestures.band.state.isActive {
            // Escape cancels the band; the recognizer reports it and the interactor restores.
            gestures.band.cancel()
            return true
        }
        let events = interactor.key(key.keysym, modifiers: key.modifiers)
        guard !events.isEmpty else { return false }
        apply(events)
        return true
    }

    // MARK: - SelectionDelegate

    /// Only panes with editing mode take part in sweeps.
    func shouldBeginMultipleSelectionInteraction(at item: ItemPath) -> Bool { editButtonTitle != nil }

    func didBeginMultipleSelectionInteraction(at item: ItemPath) {
        setEditing(true)
    }

    func didSelect(_ item: ItemPath, source: SelectionSource) {
        log?.log(view: name, event: "select", ["item": .array([.int(item.section), .int(item.item)]), "source": .string(source.rawValue)])
    }

    func didDeselect(_ item: ItemPath, source: SelectionSource) {
        log?.log(view: name, event: "deselect", ["item": .array([.int(item.section), .int(item.item)]), "source": .string(source.rawValue)])
    }
}
