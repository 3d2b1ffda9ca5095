import SweepGeometry
import SweepInput
import SweepLayout
import SweepSelection

/// Drives one view's selection from recognized input: sweeps, bands, clicks
/// and keys, with autoscroll while a sweep or band holds a point near an
/// edge. Points are in viewport coordinates; the interactor converts them
/// with its content offset, so the sweep keeps extending over items that
/// scroll under a still finger, and the band's anchor stays in content
/// coordinates. Every method returns what happened as `InteractionEvent`s.
public final class SelectionInteractor<Layout: ItemLayout> {
    /// The view's geometry and scroll position (the interactor keeps no copy).
    public let viewport: any ItemViewport<Layout>
    public let selection: SelectionController
    public var layout: Layout { viewport.layout }
    public var contentOffset: Double { viewport.contentOffset }
    public var viewportHeight: Double { viewport.viewportHeight }
    public private(set) var sweep: SweepSession?
    public private(set) var band: BandSession?
    public private(set) var keyboard = KeyboardNavigator()
    private var press: PressTracker?
    /// Whether moving the keyboard focus outside editing mode selects the
    /// focused item alone (UIKit's `selectionFollowsFocus`; GTK's lists and
    /// the file managers do the same): plain arrows select, Ctrl+arrows move
    /// only the focus. In editing mode arrows only move the focus and Space
    /// toggles, whatever this says.
    public var selectionFollowsFocus = true
    /// Called when a press becomes a band, before the band selects anything
    /// (the demo enters editing mode here, as UIKit's sample does).
    public var onBandWillBegin: (() -> Void)?
    /// The last point of a running sweep or band, for autoscroll ticks.
    private var heldPoint: Point?
    // Buffers reused by every update, so a running sweep or band does not
    // allocate: the events are emptied before the change they hold.
    private var change = SelectionChange()
    private var ranges: [ItemRange] = []
    private var events: [InteractionEvent] = []

    /// Empties the reusable buffers for a new update.
    private func startUpdate() {
        events.removeAll(keepingCapacity: true)
        change.reset()
    }

    /// An interactor over a view's viewport.
    public init(viewport: any ItemViewport<Layout>, selection: SelectionController) {
        self.viewport = viewport
        self.selection = selection
    }

    /// An interactor over fixed geometry (tests, benchmarks).
    public convenience init(layout: Layout, selection: SelectionController, contentOffset: Double = 0, viewportHeight: Double) {
        self.init(viewport: FixedViewport(layout: layout, contentOffset: contentOffset, viewportHeight: viewportHeight),
                  selection: selection)
    }

    private func content(_ point: Point) -> Point { Point(x: point.x, y: point.y + contentOffset) }
    private var offsetBounds: ClosedRange<Double> { 0...max(0, layout.contentSize.height - viewportHeight) }

    /// Scrolls (a person scrolled, or the app did).
    public func setContentOffset(_ offset: Double) {
        viewport.setContentOffset(min(max(offset, offsetBounds.lowerBound), offsetBounds.upperBound), animated: false)
    }

    // MARK: - Sweeps

    /// Starts a sweep at `point` if there is an item and the delegate agrees;
    /// false means the input keeps its ordinary meaning.
    public func beginSweep(at point: Point, input: SweepInputKind) -> [InteractionEvent] {
        let (allowed, asked) = sweepShouldBegin(at: point, input: input)
        guard allowed else { return asked }
        return asked + startSweep(at: point, input: input)
    }

    /// Asks, without starting anything, whether a sweep may start at `point`:
    /// there is an item and the delegate agrees. The answer comes with the
    /// `shouldBegin` event to log. A recognizer's should-begin calls this and
    /// `startSweep(at:input:)` follows when the recognizer begins.
    public func sweepShouldBegin(at point: Point, input: SweepInputKind) -> (Bool, [InteractionEvent]) {
        guard sweep == nil, band == nil, let item = layout.item(at: content(point)) else { return (false, []) }
        let asked: [InteractionEvent] = [.multiselect(phase: .shouldBegin, item: item, input: input)]
        return (selection.shouldBeginMultipleSelection(at: item), asked)
    }

    /// Starts a sweep the delegate has already agreed to (see `sweepShouldBegin`).
    public func startSweep(at point: Point, input: SweepInputKind) -> [InteractionEvent] {
        startUpdate()
        guard sweep == nil, band == nil,
              let started = SweepSession.begin(at: content(point), input: input, geometry: layout,
                                               isSelected: { selection.isSelected($0) }, shouldBegin: { _ in true })
        else { return events }
        selection.didBeginMultipleSelection(at: started.start)
        sweep = started
        heldPoint = point
        events.append(.multiselect(phase: .began, item: started.start, input: input))
        change.reset()
        applySweep()
        return events
    }

    /// The sweep's point moved.
    public func moveSweep(to point: Point) -> [InteractionEvent] {
        startUpdate()
        guard var running = sweep else { return events }
        heldPoint = point
        guard running.move(to: content(point), geometry: layout) else { return events }
        sweep = running
        applySweep()
        return events
    }

    private func applySweep() {
        guard let running = sweep else { return }
        running.span(in: layout, into: &ranges)
        selection.updateProvisional(running.mode == .select ? .select : .deselect, ranges, into: &change)
        if !change.isEmpty { events.append(.selection(change, provisional: true)) }
    }

    /// Fingers lifted: keep the sweep's work.
    public func endSweep() -> [InteractionEvent] {
        guard let running = sweep else { return [] }
        selection.commitProvisional()
        selection.setAnchor(running.current)
        selection.endMultipleSelection()
        sweep = nil
        heldPoint = nil
        return [.selection(SelectionChange(), provisional: false),
                .multiselect(phase: .ended, item: running.current, input: running.input)]
    }

    /// The compositor cancelled the touches or the gesture: drop the sweep's work.
    public func cancelSweep() -> [InteractionEvent] {
        guard let running = sweep else { return [] }
        let restored = selection.cancelProvisional()
        selection.endMultipleSelection()
        sweep = nil
        heldPoint = nil
        return [.selection(restored, provisional: false),
                .multiselect(phase: .cancelled, item: running.current, input: running.input)]
    }

    // MARK: - Pointer: clicks and bands

    /// The left button went down at `point` with `modifiers`.
    public func pointerPressed(at point: Point, modifiers: Modifiers) {
        guard sweep == nil, band == nil else { return }
        press = PressTracker(origin: content(point), modifiers: modifiers)
    }

    /// The pointer moved with the button held: past 4 px the press becomes a band.
    public func pointerMoved(to point: Point) -> [InteractionEvent] {
        if band != nil { return moveBand(to: point) }
        guard var tracker = press else { return [] }
        let outcome = tracker.move(to: content(point))
        press = tracker
        guard case .bandBegan(let anchor, let modifiers) = outcome else { return [] }
        return beginBand(contentAnchor: anchor, modifiers: modifiers, to: point)
    }

    /// A band recognizer began: the band runs from `anchor` (viewport) to
    /// `point`, in the mode the press's modifiers chose.
    public func beginBand(anchor: Point, modifiers: Modifiers, to point: Point) -> [InteractionEvent] {
        guard sweep == nil, band == nil else { return [] }
        return beginBand(contentAnchor: content(anchor), modifiers: modifiers, to: point)
    }

    private func beginBand(contentAnchor: Point, modifiers: Modifiers, to point: Point) -> [InteractionEvent] {
        startUpdate()
        onBandWillBegin?()
        var started = BandSession(anchor: contentAnchor, modifiers: modifiers)
        _ = started.move(to: content(point))
        band = started
        heldPoint = point
        applyBand(phase: .began)
        return events
    }

    /// The band's free corner moved to `point` (viewport).
    public func moveBand(to point: Point) -> [InteractionEvent] {
        startUpdate()
        guard var running = band else { return events }
        heldPoint = point
        guard running.move(to: content(point)) else { return events }
        band = running
        applyBand(phase: .selecting)
        return events
    }

    private func applyBand(phase: BandPhase) {
        guard let running = band else { return }
        let kind: ProvisionalKind
        switch running.mode {
        case .replace: kind = .replace
        case .extend: kind = .extend
        case .toggle: kind = .toggle
        }
        running.items(in: layout, into: &ranges)
        selection.updateProvisional(kind, ranges, into: &change)
        events.append(.band(phase: phase, rect: running.rect, mode: running.mode))
        if !change.isEmpty { events.append(.selection(change, provisional: true)) }
    }

    /// The button came up: a band commits; a press that never moved is a click.
    public func pointerReleased() -> [InteractionEvent] {
        defer { press = nil }
        if band != nil { return endBand() }
        guard let tracker = press, case .click(let point, let modifiers) = tracker.release() else { return [] }
        return click(at: point, modifiers: modifiers)
    }

    /// The band's button came up: commit it. A band that covered items
    /// leaves the anchor at the item nearest where it started and the focus
    /// at the one nearest where it ended, so Shift+click and Shift+arrows go
    /// on from it (GTK's and the file managers' rule).
    public func endBand() -> [InteractionEvent] {
        guard let running = band else { return [] }
        selection.commitProvisional()
        band = nil
        heldPoint = nil
        var events: [InteractionEvent] = [.band(phase: .ended, rect: running.rect, mode: running.mode),
                                          .selection(SelectionChange(), provisional: false)]
        running.items(in: layout, into: &ranges)
        if !ranges.isEmpty, let start = layout.nearestItem(to: running.anchor), let end = layout.nearestItem(to: running.current) {
            keyboard.setFocus(end, anchor: start)
            selection.setAnchor(start)
            events.append(.focus(end))
        }
        return events
    }

    /// A click recognizer fired at `point` (viewport) with the press's modifiers.
    public func click(atViewportPoint point: Point, modifiers: Modifiers) -> [InteractionEvent] {
        guard sweep == nil, band == nil else { return [] }
        return click(at: content(point), modifiers: modifiers)
    }

    /// A touch tap at `point` (viewport): in editing mode, or where several
    /// items may be selected in normal mode (UIKit's `allowsMultipleSelection`),
    /// it toggles the item; otherwise it selects it, which activates it (interaction.md §5).
    public func tap(at point: Point) -> [InteractionEvent] {
        guard sweep == nil, band == nil, let item = layout.item(at: content(point)) else { return [] }
        keyboard.setFocus(item)
        if selection.isEditing || selection.configuration.allowsMultipleSelection && selection.isSelected(item) {
            let change = selection.toggle(item, source: .tap)
            return change.isEmpty ? [.focus(item)] : [.selection(change, provisional: false), .focus(item)]
        }
        var events: [InteractionEvent] = []
        let change = selection.select(item, source: .tap)
        if !change.isEmpty { events.append(.selection(change, provisional: false)) }
        events.append(.focus(item))
        if selection.activatedItem == item { events.append(.activate(item)) }
        return events
    }

    /// The item under a viewport point.
    public func item(at point: Point) -> ItemPath? { layout.item(at: content(point)) }

    /// A click at a content point: select on release (interaction.md §5).
    private func click(at point: Point, modifiers: Modifiers) -> [InteractionEvent] {
        let item = layout.item(at: point)
        let focusBefore = keyboard.focus
        let action = ClickAction(item: item, modifiers: modifiers, anchor: selection.anchor, geometry: layout)
        var events: [InteractionEvent] = []
        let result: SelectionChange
        switch action {
        case .replace(let item):
            if selection.configuration.allowsMultipleSelection(editing: selection.isEditing) {
                // Where several may be selected, a plain click replaces the selection with the item.
                var combined = selection.deselectAll()
                combined.formUnion(selection.select(item, source: .click))
                result = combined
            } else {
                result = selection.select(item, source: .click)
            }
            keyboard.setFocus(item)
        case .toggle(let item):
            result = selection.toggle(item, source: .click)
            keyboard.setFocus(item)
        case .selectRange(let ranges, let additive):
            // The range's start stays the anchor: the next Shift+click or Shift+arrow goes on from it.
            let anchor = selection.anchor
            result = selection.selectRanges(ranges, additive: additive, source: .click)
            selection.setAnchor(anchor)
            if let item { keyboard.setFocus(item, anchor: anchor ?? item) }
        case .clear:
            result = selection.isEditing ? SelectionChange() : selection.deselectAll()
        case .none:
            result = SelectionChange()
        }
        if !result.isEmpty { events.append(.selection(result, provisional: false)) }
        // The focus moved with the click: the view draws its ring there (and tells screen readers).
        if let focus = keyboard.focus, focus != focusBefore { events.append(.focus(focus)) }
        if !selection.isEditing, case .replace(let item) = action, selection.activatedItem == item {
            events.append(.activate(item))
        }
        return events
    }

    /// Escape: cancels a band (restoring the selection) if one runs.
    public func cancelBand() -> [InteractionEvent] {
        guard let running = band else { return [] }
        let restored = selection.cancelProvisional()
        band = nil
        heldPoint = nil
        press = nil
        return [.band(phase: .cancelled, rect: running.rect, mode: running.mode), .selection(restored, provisional: false)]
    }

    // MARK: - Autoscroll

    /// Advances autoscroll by `elapsed` ms while a sweep or band holds a point
    /// near an edge: scrolls, then extends the sweep or band over what came
    /// under the point. Empty when nothing moved (the caller stops its timer).
    public func autoscroll(elapsed: Double) -> [InteractionEvent] {
        guard let point = heldPoint, sweep != nil || band != nil else { return [] }
        let zone = sweep != nil ? Autoscroll.sweep : Autoscroll.band
        let next = zone.offset(from: contentOffset, atViewportY: point.y, viewportHeight: viewportHeight,
                               elapsed: elapsed, bounds: offsetBounds)
        guard next != contentOffset else { return [] }
        viewport.setContentOffset(next, animated: false)
        let moved = sweep != nil ? moveSweep(to: point) : moveBand(to: point)
        return [.scroll(offset: next)] + moved
    }

    /// Whether a held point is in an edge zone (so the caller keeps a timer running).
    public var wantsAutoscroll: Bool {
        guard let point = heldPoint, sweep != nil || band != nil else { return false }
        let zone = sweep != nil ? Autoscroll.sweep : Autoscroll.band
        return zone.speed(atViewportY: point.y, viewportHeight: viewportHeight) != 0
    }

    // MARK: - Data changes

    /// Where the fixed ends of a running band, sweep or press are, by item,
    /// read before the items change so they can follow their items (see
    /// `itemsChanged(following:map:mapNearest:)`).
    public struct GestureAnchors {
        /// The band's anchor: the item nearest it and where it is in that item's frame.
        fileprivate var band: (item: ItemPath, offset: Point)?
        /// A press not yet a click or a band, the same way.
        fileprivate var press: (item: ItemPath, offset: Point)?
    }

    /// Reads where the running gestures' fixed ends are, by item. Call it
    /// before the items (and so the layout) change.
    public func gestureAnchors() -> GestureAnchors {
        func anchor(_ point: Point) -> (item: ItemPath, offset: Point)? {
            guard let item = layout.nearestItem(to: point) else { return nil }
            let frame = layout.frame(of: item)
            return (item, Point(x: point.x - frame.minX, y: point.y - frame.minY))
        }
        return GestureAnchors(band: band.flatMap { anchor($0.anchor) },
                              press: press.flatMap { $0.isBand ? nil : anchor($0.origin) })
    }

    /// The items changed under the view (inserted, deleted, moved, a new
    /// snapshot), the selection has already followed them, and the layout
    /// is the new one. The keyboard focus and anchor follow their items (a
    /// deleted one moves to its nearest survivor). A running sweep, band or
    /// press follows its items too, as the selection did: the band's anchor
    /// stays on the item it was on, a sweep keeps its start item and mode,
    /// and both take in again what lies under them now (an item inserted
    /// inside a band is in it). When the change dropped their provisional
    /// selection (a reload) or their item is gone, they end; a remap that
    /// dropped it (`rebuildsProvisional`: sections came or went, items were
    /// found by identifier) is followed too, their provisional selection
    /// made again from what lies under them (a new day's section arriving
    /// above a band in a mailbox).
    /// - Parameters:
    ///   - anchors: `gestureAnchors()` read before the change; nil ends the gestures.
    ///   - map: where an old item is now, nil when it was deleted.
    ///   - mapNearest: the same, or its nearest survivor.
    ///   - rebuildsProvisional: the change dropped the provisional selection, which the gestures make again.
    public func itemsChanged(following anchors: GestureAnchors?, map: (ItemPath) -> ItemPath?,
                             mapNearest: (ItemPath) -> ItemPath?, rebuildsProvisional: Bool = false) -> [InteractionEvent] {
        var events: [InteractionEvent] = []
        let followed = anchors != nil && (selection.model.provisionalKind != nil || rebuildsProvisional)
        if var running = sweep {
            if followed, let start = map(running.start) {
                running.itemsMoved(start: start, current: mapNearest(running.current) ?? start)
                sweep = running
                events += refollowSweep()
            } else {
                events += cancelSweep()
            }
        }
        if let running = band {
            if followed, let (item, offset) = anchors?.band, let kept = mapNearest(item) {
                let frame = layout.frame(of: kept)
                var moved = running.withAnchor(Point(x: frame.minX + offset.x, y: frame.minY + offset.y))
                // The pointer stayed where it was on screen, over what is there now.
                if let point = heldPoint { _ = moved.move(to: content(point)) }
                band = moved
                startUpdate()
                applyBand(phase: .selecting)
                events += self.events
            } else {
                events += cancelBand()
            }
        }
        if let tracker = press, !tracker.isBand {
            if let (item, offset) = anchors?.press, let kept = map(item) {
                let frame = layout.frame(of: kept)
                press = PressTracker(origin: Point(x: frame.minX + offset.x, y: frame.minY + offset.y), modifiers: tracker.modifiers)
            } else {
                press = nil
            }
        }
        let anchor = selection.anchor
        keyboard.setFocus(keyboard.focus.flatMap(mapNearest))
        selection.setAnchor(anchor)
        return events
    }

    /// The items changed by `mapping`: the focus and anchor follow their
    /// items, and a running sweep, band or press ends.
    public func apply(_ mapping: ItemMapping) -> [InteractionEvent] {
        itemsChanged(following: nil, map: { mapping.map($0) }, mapNearest: { mapping.mapNearest($0) })
    }

    /// A sweep whose items moved takes in again what lies between its start
    /// and the item under its held point.
    private func refollowSweep() -> [InteractionEvent] {
        startUpdate()
        if let point = heldPoint, var running = sweep {
            _ = running.move(to: content(point), geometry: layout)
            sweep = running
        }
        applySweep()
        return events
    }

    // MARK: - Keys

    /// Moves the keyboard focus and the anchor to `item` (the app chose it).
    public func setFocus(_ item: ItemPath?) {
        keyboard.setFocus(item)
        selection.setAnchor(item)
    }

    /// A key press (interaction.md §5). Escape cancels a band first, else asks to leave editing.
    public func key(_ key: KeySym, modifiers: Modifiers) -> [InteractionEvent] {
        if key == .escape && band != nil { return cancelBand() }
        guard sweep == nil, band == nil else { return [] }
        // In editing mode arrows move the focus ring only (interaction.md §5); outside it the selection
        // follows the focus. Space and Enter act on the focused item.
        let selectsOnMove = selectionFollowsFocus && !selection.isEditing && selection.configuration.allowsSelection
        let actions = keyboard.handle(key, modifiers: modifiers, geometry: layout, viewportHeight: viewportHeight,
                                      selectsOnMove: selectsOnMove)
        var events: [InteractionEvent] = []
        for action in actions {
            switch action {
            case .focus(let item):
                selection.setAnchor(keyboard.anchor)
                events.append(.focus(item))
                let offset = layout.contentOffset(toShow: item, alignment: .nearest, viewportHeight: viewportHeight,
                                                  currentOffset: contentOffset)
                if offset != contentOffset {
                    viewport.setContentOffset(offset, animated: true)
                    events.append(.scroll(offset: offset))
                }
            case .selectRange(let ranges, let additive):
                let anchor = keyboard.anchor
                events.append(.selection(selection.selectRanges(ranges, additive: additive, source: .key), provisional: false))
                selection.setAnchor(anchor)
            case .selectOnly(let item):
                // The focused item alone, as a plain click selects it (without activating it).
                let multiple = selection.configuration.allowsMultipleSelection(editing: selection.isEditing)
                var change = SelectionChange()
                if multiple && selection.isSelected(item) {
                    // Already selected: only the others go.
                    change = selection.selectRanges([ItemRange(section: item.section, items: item.item...item.item)],
                                                    additive: false, source: .key)
                } else {
                    if multiple { change = selection.deselectAll() }
                    change.formUnion(selection.select(item, source: .key))
                }
                events.append(.selection(change, provisional: false))
            case .toggle(let item):
                events.append(.selection(selection.toggle(item, source: .key), provisional: false))
            case .activate(let item):
                events.append(.activate(item))
            case .selectAll:
                events.append(.selection(selection.selectAll(), provisional: false))
            case .endEditing:
                events.append(.endEditing)
            }
        }
        return events.filter { if case .selection(let change, _) = $0 { return !change.isEmpty } else { return true } }
    }
}
