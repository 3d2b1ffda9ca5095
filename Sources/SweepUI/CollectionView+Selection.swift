import SweepGestures

/// Carrying out what the interactor reports (damage, scrolling, focus,
/// delegate calls), autoscroll while a sweep or band holds a point near an
/// edge, and the programmatic selection API.
extension CollectionView {
    /// Applies interaction events: damage, scrolling, focus, delegate calls.
    /// `cause` is what selection changes among them are reported as;
    /// `byFilteredSource` marks the filtered data source's own changes,
    /// which are not reported back to it.
    func apply(_ events: [InteractionEvent], cause: SelectionEvent.Cause = .input, byFilteredSource: Bool = false) {
        for event in events {
            switch event {
            case .selection(let change, let provisional):
                if !change.isEmpty || !provisional {
                    selectionChanged(SelectionEvent(change: change, isProvisional: provisional, cause: cause),
                                     byFilteredSource: byFilteredSource)
                }
                invalidate(change)
                // Items a renderer drew as provisional are drawn again once the gesture commits or cancels.
                if provisional {
                    repaint.provisional.formUnion(change)
                } else if !repaint.provisional.isEmpty {
                    invalidate(repaint.provisional)
                    repaint.provisional = SelectionChange()
                }
            case .band(let phase, let rect, let mode):
                let old = itemView.bandRect
                itemView.bandRect = phase == .began || phase == .selecting ? rect : nil
                invalidate(bandFrom: old, to: itemView.bandRect)
                delegate?.collectionView(self, band: phase, rect: rect, mode: mode)
            case .multiselect(let phase, let item, let input):
                delegate?.collectionView(self, multipleSelection: phase, at: item, input: input)
            case .scroll:
                // The viewport has scrolled already; only the pixels are left.
                reportScroll()
            case .focus:
                showFocusRing()
            case .activate(let item):
                delegate?.collectionView(self, didActivate: item)
                onActivate?(item)
            case .endEditing:
                setEditing(false)
            }
        }
        if interactor.wantsAutoscroll { startAutoscroll() }
    }

    /// Tells the delegate, the closure and the controller that the selection
    /// changed (and a filtered data source, unless the change is its own).
    func selectionChanged(_ event: SelectionEvent, byFilteredSource: Bool = false) {
        // A filtered source reports the change in source items first, so the others read it current.
        if !byFilteredSource { (dataSource as? FilteredDataSource)?.viewSelectionDidChange(event, in: self) }
        delegate?.collectionView(self, didChangeSelection: event)
        if !event.isProvisional && ownsPrimarySelection { host?.selectionDidChange(in: self) }
        onSelectionChange?(event)
        onStateChange?()
        accessibilitySelectionChanged(event)
    }

    /// Scrolls on a timer while a sweep or band holds a point near an edge.
    private func startAutoscroll() {
        guard !scrollMode.isAutoscrolling, let host else { return }
        scrollMode.isAutoscrolling = true
        var last = host.now
        func tick() {
            guard let host = self.host else { scrollMode.isAutoscrolling = false; return }
            let now = host.now
            apply(interactor.autoscroll(elapsed: now - last))
            last = now
            reportScroll()
            if interactor.wantsAutoscroll {
                host.schedule(after: 16) { tick() }
            } else {
                scrollMode.isAutoscrolling = false
            }
        }
        host.schedule(after: 16) { tick() }
    }

    // MARK: - Programmatic selection (UIKit's API; no did-select calls)

    /// Selects `item` and scrolls it to `position` (UIKit's `selectItem(at:animated:scrollPosition:)`).
    /// Single selection and the predicate still hold.
    public func selectItem(at item: ItemPath, scrollPosition: ScrollPosition = .none) {
        let (change, request) = selection.selectItem(at: item, scrollPosition: scrollPosition)
        if let request { scrollToItem(request.item, position: request.position) }
        apply([.selection(change, provisional: false)], cause: .api)
    }

    public func deselectItem(at item: ItemPath) {
        apply([.selection(selection.deselectItem(at: item), provisional: false)], cause: .api)
    }

    /// Selects every selectable item in O(sections): one range each.
    public func selectAll() {
        apply([.selection(selection.selectAll(), provisional: false)], cause: .api)
    }

    public func deselectAll() {
        apply([.selection(selection.deselectAll(), provisional: false)], cause: .api)
    }

    /// Scrolls so `item` shows at `position`, gliding.
    public func scrollToItem(_ item: ItemPath, position: ScrollPosition = .none) {
        let alignment: ScrollAlignment
        switch position {
        case .none: alignment = .nearest
        case .top: alignment = .top
        case .middle: alignment = .middle
        case .bottom: alignment = .bottom
        }
        itemView.scroll(toShow: item, alignment: alignment)
        reportScroll()
    }

    /// Scrolls to the selected item nearest the focus (or the top of the view).
    public func scrollToNearestSelectedItem(position: ScrollPosition = .none) {
        let from = focusedItem ?? geometry.item(at: Point(x: 1, y: itemView.scroll.target + 1)) ?? ItemPath(item: 0)
        if let nearest = selection.nearestSelectedItem(to: from) { scrollToItem(nearest, position: position) }
    }

    /// Moves the keyboard focus ring to `item` (and the anchor of Shift ranges).
    public func setFocus(_ item: ItemPath?) {
        interactor.setFocus(item)
        showFocusRing()
    }

    // MARK: - Activation and the deselect fade

    /// Deselects `item` as the app, with the list's fade (an inclusive list's check).
    public func deselectWithFade(_ item: ItemPath) {
        fadeOut(selection.deselectItem(at: item))
    }

    /// Coming back from an activated item's page: it deselects with a fade
    /// (UIKit's `clearsSelectionOnViewWillAppear`).
    public func returnFromActivation() {
        fadeOut(selection.returnFromActivation())
    }

    private func fadeOut(_ change: SelectionChange) {
        guard !change.isEmpty else { return }
        let time = now
        // With animations off (the desktop's choice, `Animations`) the tint goes at once.
        for range in change.removed where Animations.areEnabled {
            for item in range.items { itemView.fadeSelection(of: ItemPath(section: range.section, item: item), from: time) }
        }
        apply([.selection(change, provisional: false)], cause: .api)
    }
}

extension CollectionView {
    /// Selects `ranges` as the app (replacing the selection unless `additive`).
    public func selectRanges(_ ranges: [ItemRange], additive: Bool = false) {
        apply([.selection(selection.selectRanges(ranges, additive: additive, source: .api), provisional: false)], cause: .api)
    }
}
