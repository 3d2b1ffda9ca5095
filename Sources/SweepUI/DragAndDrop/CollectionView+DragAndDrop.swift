import SweepGestures

/// Drag and drop on a list or grid (UIKit's drag and drop on collection
/// views, the file managers' conventions):
///
/// - a press on a selected item that moves past 4 px drags the whole
///   selection (with Shift or Ctrl held, or on an unselected item, it is a
///   band as before); on touch, a long press on an item, then moving, drags
///   (an open context menu closes);
/// - drags over the view ask the delegate where they may land and show it:
///   a line between items, or a frame around the item taking the drop;
/// - with `allowsReordering`, in editing mode, a drag of the selection
///   inside the view moves the items there, their selection with them.
extension CollectionView {
    func installDragGestures() {
        gestures.dragOut.shouldBegin = { [unowned self] recognizer in
            let drag = recognizer as! BandGestureRecognizer
            return dragMayBegin(at: drag.anchor, modifiers: drag.initialModifiers)
        }
        gestures.dragOut.onStateChange = { [unowned self] recognizer in
            if recognizer.state == .began { beginDrag(at: (recognizer as! BandGestureRecognizer).anchor) }
        }
        let bandShouldBegin = gestures.band.shouldBegin
        gestures.band.shouldBegin = { [unowned self] recognizer in
            let band = recognizer as! BandGestureRecognizer
            // A press on a selected item that can be dragged drags it instead.
            guard !dragMayBegin(at: band.anchor, modifiers: band.initialModifiers) else { return false }
            return bandShouldBegin?(recognizer) ?? true
        }
    }

    /// Whether a press at a view point (with these modifiers) drags the selection.
    private func dragMayBegin(at point: Point, modifiers: Modifiers) -> Bool {
        guard modifiers.isDisjoint(with: [.shift, .control]), dragMode.draggedItems == nil, sweepOrBandIdle,
              let item = interactor.item(at: point), selection.isSelected(item),
              let data = delegate?.collectionView(self, dragDataFor: selectedRanges) else {
            // An earlier press's data does not outlive it.
            if case .ready = dragMode.outgoing { dragMode.outgoing = .idle }
            return false
        }
        dragMode.outgoing = .ready(data)
        return true
    }

    /// A long press changed: past 10 px from where it began on a selected item, it drags.
    func longPressMoved(to point: Point) {
        guard case .touchPressed(let origin) = dragMode.outgoing,
              ((point.x - origin.x) * (point.x - origin.x) + (point.y - origin.y) * (point.y - origin.y)).squareRoot() > 10 else { return }
        dragMode.outgoing = .idle
        guard dragMayBegin(at: origin, modifiers: []) else { return }
        host?.dismissMenu()
        beginDrag(at: origin)
    }

    /// A long press by touch ended without dragging.
    func touchPressEnded() {
        if case .touchPressed = dragMode.outgoing { dragMode.outgoing = .idle }
    }

    /// Drags the selection: the delegate's data, an icon with the first
    /// selected item's title and the count.
    private func beginDrag(at point: Point) {
        let ranges = selectedRanges
        let ready: DragData? = if case .ready(let data) = dragMode.outgoing { data } else { nil }
        guard let host, let first = ranges.first,
              let data = ready ?? delegate?.collectionView(self, dragDataFor: ranges) else { return }
        dragMode.outgoing = .dragging(items: ranges, reordered: false)
        let started = host.startDrag(data, title: dataSource.copiedText(for: first.first), count: selectedCount, theme: theme,
                                     preview: delegate?.collectionView(self, dragPreviewFor: ranges)) { [weak self] event in
            self?.dragEvent(event)
        }
        if !started { dragMode.outgoing = .idle }
    }

    private func dragEvent(_ event: DragEvent) {
        guard case .dragging(let items, let reordered) = dragMode.outgoing else { return }
        switch event {
        case .finished, .cancelled:
            dragMode.outgoing = .idle
            // A reorder inside the view was reported as moveItems: its end is no drag out.
            if reordered { return }
        default:
            break
        }
        delegate?.collectionView(self, drag: event, items: items)
    }

    // MARK: - Drops

    /// A window point in content coordinates.
    private func contentPoint(_ windowPoint: Point) -> Point {
        Point(x: windowPoint.x - frame.minX, y: windowPoint.y - frame.minY + itemView.visibleOffset)
    }

    /// Where a drop at a window point would land: the item under it, and
    /// the gap nearest to it (before the item when in its first half, along
    /// the rows of a list or the cells of a grid's row).
    func dropLocation(at windowPoint: Point) -> DropLocation {
        let point = contentPoint(windowPoint)
        guard let insertion = geometry.insertion(at: point) else { return DropLocation(item: nil, insertion: ItemPath(item: 0)) }
        return DropLocation(item: insertion.item, insertion: insertion.gap)
    }

    /// Whether `drop` is this view's own selection dragged to a new place.
    private func isReorder(_ drop: DropSession) -> Bool {
        dragMode.allowsReordering && isEditing && dragMode.draggedItems != nil && drop.isFromThisApp
    }

    public func dropProposal(for drop: DropSession, at point: Point) -> DropProposal? {
        guard isVisible, itemView.frame.contains(point) else { return nil }
        let location = dropLocation(at: point)
        var proposal: DropProposal?
        if isReorder(drop), let type = drop.types.first {
            let actions = drop.sourceActions.intersection([.copy, .move])
            proposal = DropProposal(mimeType: type, actions: actions.isEmpty ? .copy : actions,
                                    preferredAction: actions.contains(.move) ? .move : .copy, intent: .insert)
        } else {
            proposal = delegate?.collectionView(self, dropProposalFor: drop, at: location)
        }
        dragMode.proposal = proposal
        showDropIndicator(proposal.map { indicator(for: $0.intent, at: location) } ?? nil)
        return proposal
    }

    public func dropExited() {
        dragMode.proposal = nil
        showDropIndicator(nil)
    }

    public func performDrop(_ drop: DropSession, at point: Point) {
        let location = dropLocation(at: point)
        guard let proposal = dragMode.proposal else { return drop.refuse() }
        dragMode.proposal = nil
        showDropIndicator(nil)
        if isReorder(drop), let items = dragMode.draggedItems {
            let reordered = reorder(items, to: location.insertion)
            // The drag may have ended meanwhile (the reorder's own updates): only a running one hears it.
            if reordered, dragMode.draggedItems != nil { dragMode.outgoing = .dragging(items: items, reordered: true) }
            return reordered ? drop.finish() : drop.refuse()
        }
        // The session is kept until its data arrives, so the action settled on is the one reported.
        drop.read(proposal.mimeType) { [weak self] bytes in
            guard let self else { return }
            let action = drop.action.isEmpty ? proposal.preferredAction : drop.action
            delegate?.collectionView(self, performDrop: bytes, mimeType: proposal.mimeType, action: action, at: location)
        }
    }

    /// Moves `items` to `insertion` once the delegate moved them in the data source.
    private func reorder(_ items: [ItemRange], to insertion: ItemPath) -> Bool {
        guard delegate?.collectionView(self, moveItems: items, to: insertion) == true else { return false }
        do {
            try performBatchUpdates(.moving(items, to: insertion))
        } catch {
            // The data source did not move them as asked: show what it has.
            reloadData(keepingSelection: false)
        }
        return true
    }

    // MARK: - The indicator

    /// A line in the gap at the insertion point, or a frame around the item taking the drop.
    private func indicator(for intent: DropProposal.Intent, at location: DropLocation) -> (rect: Rect, intoItem: Bool)? {
        if intent == .intoItem {
            guard let item = location.item else { return nil }
            return (geometry.frame(of: item), true)
        }
        let counts = selection.itemCounts, gap = location.insertion
        let count = counts.indices.contains(gap.section) ? counts[gap.section] : 0
        return (geometry.insertionIndicator(at: gap, itemsInSection: count), false)
    }

    private func showDropIndicator(_ indicator: (rect: Rect, intoItem: Bool)?) {
        guard indicator?.rect != dragMode.indicator?.rect || indicator?.intoItem != dragMode.indicator?.intoItem else { return }
        for shown in [dragMode.indicator, indicator].compactMap({ $0 }) {
            let visible = windowRect(ofContent: shown.rect.insetBy(dx: -3, dy: -3))
            if !visible.isEmpty { host?.invalidate(Region(visible)) }
        }
        dragMode.indicator = indicator
    }

    func drawDropIndicator(in canvas: Canvas, damage: Region) {
        guard let indicator = dragMode.indicator else { return }
        let rect = windowRect(ofContent: indicator.rect)
        guard !rect.isEmpty, damage.intersects(rect.insetBy(dx: -3, dy: -3)) else { return }
        let accent = theme.accent
        if indicator.intoItem {
            let r = rect.insetBy(dx: 1, dy: 1)
            for edge in [Rect(x: r.minX, y: r.minY, width: r.width, height: 2), Rect(x: r.minX, y: r.maxY - 2, width: r.width, height: 2),
                         Rect(x: r.minX, y: r.minY, width: 2, height: r.height), Rect(x: r.maxX - 2, y: r.minY, width: 2, height: r.height)] {
                canvas.fill(edge, color: accent)
            }
        } else {
            canvas.fill(rect, color: accent)
        }
    }
}
