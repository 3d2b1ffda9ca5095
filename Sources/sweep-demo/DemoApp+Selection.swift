import SweepEventLog
import SweepGeometry
import SweepInput
import SweepInteraction
import SweepLayout
import SweepSelection
import SweepWayland

/// The list's selection: clicks with modifiers, the pointer band (which
/// enters editing mode), keyboard focus and selection, all through the
/// selection core; every change is drawn and logged.
extension DemoApp: SelectionDelegate {
    /// A viewport point of the list from a window point.
    func listPoint(_ point: Point) -> Point { Point(x: point.x - itemView.frame.minX, y: point.y - itemView.frame.minY) }

    /// Brings the interactor's geometry and offset in line with the list view.
    func syncInteractor() {
        if let gridView {
            interactor.layout = .grid(gridView.layout)
        } else if interactor.layout.width != itemView.frame.width {
            interactor.layout = .list(SectionedListLayout(itemCounts: [rowCount], width: itemView.frame.width))
        }
        interactor.viewportHeight = itemView.frame.height
        interactor.setContentOffset(itemView.scroll.target)
    }

    func setEditing(_ editing: Bool) {
        guard editing != selection.isEditing else { return }
        let change = selection.setEditing(editing)
        itemView.isEditing = editing
        toolbar.title = editing ? "Select items" : title
        log?.log(view: viewName, event: "editing", ["editing": .bool(editing)])
        if !change.isEmpty { logSelection(provisional: false) }
        window.invalidateAll()
    }

    /// Applies what the interactor reports: damage, scrolling, focus, the log.
    func apply(_ events: [InteractionEvent]) {
        for event in events {
            switch event {
            case .selection(let change, let provisional):
                if !change.isEmpty || !provisional { logSelection(provisional: provisional) }
                window.invalidate(Region(itemView.frame))
            case .band(let phase, let rect, let mode):
                itemView.bandRect = phase == .began || phase == .selecting ? rect : nil
                log?.log(view: viewName, event: "band", ["phase": .string(phase.rawValue), "mode": .string(mode.rawValue),
                                                        "rect": .array([rect.x, rect.y, rect.width, rect.height].map { .double(($0 * 10).rounded() / 10) })])
                window.invalidate(Region(itemView.frame))
            case .multiselect(let phase, let item, let input):
                log?.log(view: viewName, event: "multiselect", ["phase": .string(phase.rawValue), "input": .string(input.rawValue),
                                                               "item": .array([.int(item?.section ?? 0), .int(item?.item ?? 0)])])
            case .scroll(let offset):
                itemView.scroll(toOffset: offset)
                window.invalidate(Region(itemView.frame))
            case .focus(let item):
                itemView.focusedItem = item
                window.invalidate(Region(itemView.frame))
            case .activate(let item):
                log?.log(view: viewName, event: "activate", ["item": .array([.int(item.section), .int(item.item)])])
            case .endEditing:
                setEditing(false)
            }
        }
        if interactor.wantsAutoscroll { startAutoscroll() }
    }

    func logSelection(provisional: Bool) {
        guard let log else { return }
        let ranges = selection.model.effectiveRanges
        log.log(view: viewName, event: "selection", [
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

    func shouldBeginMultipleSelectionInteraction(at item: IndexPath) -> Bool { true }

    func didBeginMultipleSelectionInteraction(at item: IndexPath) {
        setEditing(true)
    }

    func didSelect(_ item: IndexPath, source: SelectionSource) {
        log?.log(view: viewName, event: "select", ["item": .array([.int(item.section), .int(item.item)]), "source": .string(source.rawValue)])
    }

    func didDeselect(_ item: IndexPath, source: SelectionSource) {
        log?.log(view: viewName, event: "deselect", ["item": .array([.int(item.section), .int(item.item)]), "source": .string(source.rawValue)])
    }
}
