import SweepGestures
import SweepGraphics

/// A row swiped sideways: what the fingers are doing with it. The row's
/// offset and its slide are the item view's (`ItemsView.swipe`), its
/// actions the delegate's, asked when a swipe begins.
struct SwipeMode {
    enum Phase {
        case idle
        /// Touchpad fingers began a stroke over a row with actions: how far
        /// they went sideways and up or down, not yet decided.
        case deciding(item: ItemPath, dx: Double, dy: Double)
        /// The stroke scrolls (it went up or down first, or is over no
        /// swipeable row): no swipe until the fingers lift.
        case scrolling
        /// A finger moves the row, which was at `start` when it took it.
        case touch(start: Double)
        /// A second finger came during a finger's swipe: the row closed, and the pan moves nothing until it ends.
        case touchDropped
        /// Touchpad fingers move the row: where it was when they took it,
        /// how far they moved since and how fast.
        case touchpad(start: Double, distance: Double, tracker: VelocityTracker)
    }
    var phase = Phase.idle
    /// The swiped row's actions, each side's.
    var leading: SwipeActionsConfiguration?
    var trailing: SwipeActionsConfiguration?
    /// The action a full swipe or a tap chose, performed once the row has
    /// slid away (or at once, when something interrupts the slide: it was chosen).
    var pending: (item: ItemPath, action: SwipeAction)?
    /// The item whose open context menu offers its swipe actions, followed
    /// through data changes (nil once it is gone).
    var menuItem: ItemPath?

    /// A side's actions (none when the side has no configuration).
    func actions(_ side: SwipeReveal.Side) -> [SwipeAction] { (side == .leading ? leading : trailing)?.actions ?? [] }
}

extension CollectionView {
    /// A row moves this far sideways (and twice as far as up or down) before it is swiped (interaction.md §11).
    static let swipeDecisionDistance = 10.0

    /// The delegate's actions for `item`'s two sides; nil when the row does
    /// not swipe: not a list's row, editing mode, no item, no actions.
    func swipeActions(for item: ItemPath?) -> (leading: SwipeActionsConfiguration?, trailing: SwipeActionsConfiguration?)? {
        guard let item, let delegate, geometry.itemShape == .rows, !isEditing, sweepOrBandIdle, isValid(item) else { return nil }
        let leading = delegate.collectionView(self, leadingSwipeActionsFor: item).flatMap { $0.actions.isEmpty ? nil : $0 }
        let trailing = delegate.collectionView(self, trailingSwipeActionsFor: item).flatMap { $0.actions.isEmpty ? nil : $0 }
        return leading == nil && trailing == nil ? nil : (leading, trailing)
    }

    func isValid(_ item: ItemPath) -> Bool {
        selection.itemCounts.indices.contains(item.section) && item.item >= 0 && item.item < selection.itemCounts[item.section]
    }

    /// The item under a point of the view (not under a pinned header), as a swipe finds its row.
    private func swipeableItem(at point: Point) -> ItemPath? {
        item(at: Point(x: point.x + frame.minX, y: point.y + frame.minY))
    }

    /// Takes `item`'s row for a swipe: the row already open (or sliding)
    /// keeps its offset, another open row closes at once; an action chosen
    /// before is performed first. False when the row does not swipe.
    private func takeRowForSwipe(_ item: ItemPath) -> Bool {
        performPendingSwipeAction()
        if let shown = itemView.swipe, shown.item == item, shown.offset != 0 || shown.settle != nil,
           scrollMode.swipe.leading != nil || scrollMode.swipe.trailing != nil {
            return true
        }
        guard let actions = swipeActions(for: item) else { return false }
        if let open = itemView.swipe { invalidate(item: open.item) }
        scrollMode.swipe.leading = actions.leading
        scrollMode.swipe.trailing = actions.trailing
        let measurer = TextMeasure.measurer(scale: host?.scale ?? 1, family: host?.fontFamily)
        func looks(_ configuration: SwipeActionsConfiguration?) -> [SwipeReveal.Action] {
            (configuration?.actions ?? []).map { action in
                let text = measurer?.measureText(action.title, role: .bodyBold) ?? 50
                return SwipeReveal.Action(title: action.title, color: action.color, width: max(74, text + 32))
            }
        }
        itemView.swipe = SwipeReveal(item: item, leading: looks(actions.leading), trailing: looks(actions.trailing),
                                     fullSwipeLeading: actions.leading?.performsFirstActionWithFullSwipe ?? false,
                                     fullSwipeTrailing: actions.trailing?.performsFirstActionWithFullSwipe ?? false)
        return true
    }

    /// Moves the swiped row to `start` + `translation` (as far as it may go).
    private func moveSwipedRow(from start: Double, by translation: Double) {
        guard var shown = itemView.swipe else { return }
        shown.move(to: shown.clamped(start + translation, rowWidth: geometry.frame(of: shown.item).width))
        itemView.swipe = shown
        invalidate(item: shown.item)
    }

    /// The fingers let go of the swiped row at `velocity` (px/ms): it slides
    /// open, closed, or away to perform its side's first action.
    private func releaseSwipedRow(velocity: Double) {
        scrollMode.swipe.phase = .idle
        guard let shown = itemView.swipe else { return }
        let width = geometry.frame(of: shown.item).width
        let release = shown.release(velocity: velocity, rowWidth: width)
        if case .perform(let side) = release, let first = scrollMode.swipe.actions(side).first {
            scrollMode.swipe.pending = (shown.item, first)
        }
        slideSwipedRow(to: shown.restingOffset(for: release, rowWidth: width))
    }

    /// Slides the swiped row to `target` (at once with animations off, or
    /// when it is there already: then what the slide's end does happens now).
    private func slideSwipedRow(to target: Double) {
        guard var shown = itemView.swipe else { return }
        if Animations.areEnabled { shown.slide(to: target, at: now) } else { shown.move(to: target) }
        itemView.swipe = shown
        invalidate(item: shown.item)
        host?.setNeedsFrame()
        if shown.settle == nil { slideEnded() }
    }

    /// Slides an open row closed (at once without `animated`); an action
    /// already chosen is performed first.
    func closeSwipedRow(animated: Bool = true) {
        scrollMode.swipe.phase = .idle
        performPendingSwipeAction()
        guard let shown = itemView.swipe else { return }
        invalidate(item: shown.item)
        guard animated, shown.offset != 0 else { return endSwipe() }
        slideSwipedRow(to: 0)
    }

    /// The row is closed or its action performed: nothing is swiped.
    private func endSwipe() {
        if let shown = itemView.swipe { invalidate(item: shown.item) }
        itemView.swipe = nil
        let menuItem = scrollMode.swipe.menuItem
        scrollMode.swipe = SwipeMode()
        scrollMode.swipe.menuItem = menuItem
    }

    /// Performs the action a full swipe or a tap chose, now; a row the
    /// action kept (mark as read) slides back.
    func performPendingSwipeAction() {
        guard let (item, action) = scrollMode.swipe.pending else { return }
        scrollMode.swipe.pending = nil
        action.handler(item)
        // The row, kept (wherever the action moved it: the swipe followed), slides back.
        if itemView.swipe != nil { closeSwipedRow() }
    }

    /// A slide ended: a row that slid shut is let go, and one that slid away
    /// (a full swipe, a tapped button) has its action performed.
    private func slideEnded() {
        guard let shown = itemView.swipe, shown.settle == nil else { return }
        if scrollMode.swipe.pending != nil {
            performPendingSwipeAction()
        } else if shown.offset == 0, case .idle = scrollMode.swipe.phase {
            endSwipe()
        }
    }

    /// After a frame's animations (while the window draws): a slide that
    /// ended has its consequences after the frame, an action being app code
    /// that may show a menu, resize or close the window.
    func swipeSlideAdvanced() {
        guard let shown = itemView.swipe, shown.settle == nil else { return }
        host?.schedule(after: 0) { [weak self] in self?.slideEnded() }
    }

    /// The swiped row and the chosen action follow their items through a
    /// data change (`map`: where an item is now, nil when it went); a row
    /// whose item went ends its swipe (its action, if chosen, with it).
    func swipeFollowItems(_ swiped: SwipeReveal?, map: (ItemPath) -> ItemPath?) {
        scrollMode.swipe.menuItem = scrollMode.swipe.menuItem.flatMap(map)
        scrollMode.swipe.pending = scrollMode.swipe.pending.flatMap { pending in map(pending.item).map { ($0, pending.action) } }
        // A touchpad stroke being decided over a row goes on over that row, or scrolls once it went.
        if case .deciding(let item, let dx, let dy) = scrollMode.swipe.phase {
            scrollMode.swipe.phase = map(item).map { .deciding(item: $0, dx: dx, dy: dy) } ?? .scrolling
        }
        if let swiped, let item = map(swiped.item), isValid(item) {
            itemView.swipe = swiped.moved(to: item)
        } else if swiped != nil {
            endSwipe()
        }
    }

    // MARK: - A finger on the touchscreen

    /// The one-finger pan as a swipe: it began (past its 10 px) at least
    /// twice as wide as tall over a row with actions, or moves such a row;
    /// true when the pan is the swipe's. A pan that scrolls closes an open row.
    func swipePanChanged(_ pan: PanGestureRecognizer) -> Bool {
        switch (pan.state, scrollMode.swipe.phase) {
        case (.began, _):
            // An action chosen before runs first: the rows it moves are hit after it.
            performPendingSwipeAction()
            let motion = pan.translation
            guard abs(motion.x) >= 2 * abs(motion.y), takeRowForSwipe(swipeableItem(at: pan.startLocation) ?? ItemPath(item: -1))
            else {
                closeSwipedRow()
                return false
            }
            itemView.stopFling()
            let start = itemView.swipe?.offset ?? 0
            scrollMode.swipe.phase = .touch(start: start)
            moveSwipedRow(from: start, by: motion.x)
            return true
        case (.changed, .touch(let start)):
            // A second finger: the row closes and the rest of the pan is nobody's (a sweep may take the fingers).
            guard pan.touches.count <= 1 else {
                closeSwipedRow()
                scrollMode.swipe.phase = .touchDropped
                return true
            }
            moveSwipedRow(from: start, by: pan.translation.x)
            return true
        case (.changed, .touchDropped):
            return true
        case (_, .touchDropped):
            scrollMode.swipe.phase = .idle
            slideEnded()
            return true
        case (.ended, .touch):
            releaseSwipedRow(velocity: pan.velocity.x / 1000)
            return true
        case (_, .touch):
            // Cancelled (a second finger: a sweep takes over) or failed: the row closes.
            closeSwipedRow()
            return true
        default:
            return false
        }
    }

    // MARK: - Fingers on the touchpad

    /// Touchpad fingers scrolling (`dx`, `dy` px this frame, `stopped` when
    /// they lifted) over the view, the pointer at `point`: true when the
    /// frame is the swipe's. A stroke over a row with actions is decided in
    /// its first 10 px: sideways (twice as wide as tall) swipes the row, the
    /// content following the fingers (a scroll to the right moves the row
    /// left, as natural scrolling moves content); up or down scrolls as
    /// ever, until the fingers lift.
    func swipeScrolled(dx: Double, dy: Double, stopped: Bool, at point: Point?, time: Double) -> Bool {
        switch scrollMode.swipe.phase {
        case .touchpad(let start, var distance, var tracker):
            distance -= dx
            tracker.add(Point(x: distance, y: 0), time: time)
            if stopped {
                releaseSwipedRow(velocity: tracker.velocity.x / 1000)
            } else {
                scrollMode.swipe.phase = .touchpad(start: start, distance: distance, tracker: tracker)
                moveSwipedRow(from: start, by: distance)
            }
            return true
        case .scrolling:
            if stopped { scrollMode.swipe.phase = .idle }
            return false
        case .touch, .touchDropped:
            return false
        case .idle:
            guard dx != 0 || dy != 0, !stopped else { return false }
            performPendingSwipeAction()
            // Fingers resting first are the hold-then-scroll sweep's; a view that scrolls sideways (a
            // table's columns) keeps sideways strokes for that.
            let hold = gestures.holdSweep
            guard !hold.state.isActive, !(hold.state == .possible && hold.numberOfTouches > 0), scrollMode.sideways == nil,
                  let point, let item = swipeableItem(at: point), swipeActions(for: item) != nil else {
                closeSwipedRow()
                scrollMode.swipe.phase = .scrolling
                return false
            }
            scrollMode.swipe.phase = .deciding(item: item, dx: 0, dy: 0)
            return swipeScrolled(dx: dx, dy: dy, stopped: stopped, at: point, time: time)
        case .deciding(let item, var totalX, var totalY):
            totalX += dx
            totalY += dy
            if stopped {
                scrollMode.swipe.phase = .idle
                return false
            }
            if abs(totalX) >= Self.swipeDecisionDistance && abs(totalX) >= 2 * abs(totalY), takeRowForSwipe(item) {
                itemView.stopFling()
                let start = itemView.swipe?.offset ?? 0
                var tracker = VelocityTracker()
                tracker.add(Point(x: -totalX, y: 0), time: time)
                scrollMode.swipe.phase = .touchpad(start: start, distance: -totalX, tracker: tracker)
                moveSwipedRow(from: start, by: -totalX)
                return true
            }
            if abs(totalY) >= Self.swipeDecisionDistance || abs(totalX) + abs(totalY) >= 2 * Self.swipeDecisionDistance {
                closeSwipedRow()
                scrollMode.swipe.phase = .scrolling
                return false
            }
            scrollMode.swipe.phase = .deciding(item: item, dx: totalX, dy: totalY)
            // Up and down scroll while the stroke is being decided; sideways waits.
            return dy == 0
        }
    }

    // MARK: - Taps and clicks on an open row

    /// A tap or click at `point` (view coordinates) while a row is open: on
    /// one of its buttons it performs that action (the row sliding away
    /// first), anywhere else it closes the row; true when it was taken so.
    func swipeTakesTap(at point: Point) -> Bool {
        guard let shown = itemView.swipe, shown.offset != 0 || shown.settle != nil else { return false }
        // A second tap while a chosen action's row slides away: that action, and nothing else.
        if scrollMode.swipe.pending != nil {
            performPendingSwipeAction()
            return true
        }
        let window = Point(x: point.x + frame.minX, y: point.y + frame.minY)
        let row = itemView.windowRect(of: shown.item)
        let onPinnedHeader = itemView.pinnedHeader?.rect.contains(window) ?? false
        if let side = shown.shownSide, row.contains(window), !onPinnedHeader,
           let button = shown.buttons(in: row).first(where: { $0.rect.contains(window) }),
           scrollMode.swipe.actions(side).indices.contains(button.index) {
            let action = scrollMode.swipe.actions(side)[button.index]
            scrollMode.swipe.phase = .idle
            scrollMode.swipe.pending = (shown.item, action)
            slideSwipedRow(to: shown.restingOffset(for: .perform(side), rowWidth: row.width))
            return true
        }
        closeSwipedRow()
        return true
    }

    // MARK: - The same actions elsewhere

    /// `item`'s swipe actions, leading then trailing, for its context menu and screen readers.
    func allSwipeActions(for item: ItemPath) -> [SwipeAction] {
        guard let actions = swipeActions(for: item) else { return [] }
        return (actions.leading?.actions ?? []) + (actions.trailing?.actions ?? [])
    }

    /// `menu` (the delegate's, or none) with `item`'s swipe actions the menu
    /// does not already have (by id) after a separator, and those added.
    func menu(_ menu: Menu?, addingSwipeActionsOf item: ItemPath?) -> (menu: Menu?, added: [SwipeAction]) {
        guard let item else { return (menu, []) }
        let added = allSwipeActions(for: item).filter { menu?.item(withID: $0.id) == nil }
        guard !added.isEmpty else { return (menu, []) }
        var items = menu?.items ?? []
        if !items.isEmpty { items.append(.separator) }
        items += added.map { MenuItem.action($0.title, id: $0.id, isDestructive: $0.style == .destructive) }
        return (Menu(items, title: menu?.title), added)
    }
}
