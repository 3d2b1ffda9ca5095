import SweepGestures

/// Input through the recognizers: touches, touchpad gestures, the pointer
/// button and scrolling reach the view's `CollectionGestures`, whose states
/// drive the interactor (sweeps, band, taps, clicks), the grid's zoom and
/// the view's scrolling (finger scrolling, fling).
extension CollectionView {
    func installGestures() {
        let g = gestures
        g.twoFingerSweep.shouldBegin = { [unowned self, unowned g] _ in
            sweepShouldBegin(at: g.twoFingerSweep.startLocation, input: .touch2)
        }
        g.twoFingerSweep.onStateChange = { [unowned self, unowned g] r in
            sweepStateChanged(r, start: g.twoFingerSweep.startLocation, input: .touch2)
        }
        g.checkboxSweep.shouldBegin = { [unowned self, unowned g] _ in
            selection.isEditing && oneFingerSweepMayStart(g.checkboxSweep)
                && sweepShouldBegin(at: g.checkboxSweep.startLocation, input: .touch1)
        }
        g.checkboxSweep.onStateChange = { [unowned self, unowned g] r in
            sweepStateChanged(r, start: g.checkboxSweep.startLocation, input: .touch1)
        }
        g.swipeSweep.shouldBegin = { [unowned self, unowned g] _ in
            sweepShouldBegin(at: g.swipeSweep.startLocation, input: .swipe)
        }
        g.swipeSweep.onStateChange = { [unowned self, unowned g] r in
            sweepStateChanged(r, start: g.swipeSweep.startLocation, input: .swipe)
        }
        g.holdSweep.shouldBegin = { [unowned self, unowned g] _ in
            sweepShouldBegin(at: g.holdSweep.startLocation, input: .holdScroll)
        }
        g.holdSweep.onStateChange = { [unowned self, unowned g] r in
            sweepStateChanged(r, start: g.holdSweep.startLocation, input: .holdScroll)
        }
        g.pinch.onStateChange = { [unowned self] r in pinchChanged(r as! PinchGestureRecognizer) }
        g.scrollPan.onStateChange = { [unowned self] r in scrollPanChanged(r as! PanGestureRecognizer) }
        g.tap.onStateChange = { [unowned self] r in
            guard !scrollMode.touchStoppedFling, !swipeTakesTap(at: r.location), !accessoryTapped(at: r.location) else { return }
            apply(interactor.tap(at: r.location))
        }
        g.longPress.onStateChange = { [unowned self] r in
            switch r.state {
            case .began: break
            case .changed: return longPressMoved(to: r.location)   // past 10 px it drags the selection
            default: return touchPressEnded()
            }
            guard !scrollMode.touchStoppedFling else { return }
            // A drag already running stays as it is.
            switch dragMode.outgoing {
            case .idle, .ready, .touchPressed: dragMode.outgoing = .touchPressed(origin: r.location)
            case .dragging: break
            }
            // In normal mode a long press opens the delegate's context menu when it gives one (interaction.md §5).
            guard !isEditing else { return }
            if showContextMenu(for: interactor.item(at: r.location), at: Point(x: r.location.x + frame.minX, y: r.location.y + frame.minY),
                               trigger: .touch) { return }
            // Otherwise it enters editing mode and selects, where editing allows selection.
            guard allowsSelectionDuringEditing,
                  let item = interactor.item(at: r.location) else { return }
            setEditing(true)
            apply([.selection(selection.select(item, source: .longPress), provisional: false), .focus(item)])
        }
        g.band.onStateChange = { [unowned self] r in bandStateChanged(r as! BandGestureRecognizer) }
        g.click.onStateChange = { [unowned self, unowned g] _ in
            guard !swipeTakesTap(at: g.click.location), !accessoryTapped(at: g.click.location) else { return }
            behaviour.willClick?(g.click.location, g.click.modifiers)
            click(at: g.click.location, modifiers: g.click.modifiers)
        }
    }

    /// Turns the gestures that change a selection in passing (the band, the
    /// sweeps, dragging the selection out) off or on: off while a row's
    /// name is edited in place. Clicks, taps and scrolling stay.
    func setSelectionGesturesEnabled(_ enabled: Bool) {
        for recognizer: GestureRecognizer in [gestures.band, gestures.twoFingerSweep, gestures.checkboxSweep, gestures.swipeSweep,
                                               gestures.holdSweep, gestures.dragOut] {
            recognizer.isEnabled = enabled
        }
    }

    /// A tap or click on a row's detail button reports the accessory and
    /// selects nothing (interaction.md §2); true when it was one. `point` is in the view.
    /// Whether a tap or click at `point` (view coordinates) is taken before
    /// it selects: by an item's accessory button, or by a pinned header
    /// (which is over the items, not one of them).
    private func accessoryTapped(at point: Point) -> Bool {
        let window = Point(x: point.x + itemView.frame.minX, y: point.y + itemView.frame.minY)
        if let pinned = itemView.pinnedHeader, pinned.rect.contains(window) { return true }
        guard let item = itemView.item(at: window), let rect = itemView.accessoryRect(of: item), rect.contains(window) else { return false }
        if behaviour.accessoryTap?(item) == true { return true }
        delegate?.collectionView(self, accessoryButtonTappedFor: item)
        return true
    }

    // MARK: - Sweeps

    /// A one-finger sweep in editing mode starts in the checkbox column of
    /// rows (a list), or on a tile moving within 30 degrees of horizontal
    /// (vertical motion scrolls the grid).
    private func oneFingerSweepMayStart(_ pan: PanGestureRecognizer) -> Bool {
        if geometry.itemShape == .rows { return pan.startLocation.x < ListRowRenderer.checkboxColumnWidth }
        let motion = pan.translation
        return abs(motion.y) <= abs(motion.x) * 0.5773502691896257   // tan 30°
    }

    private func sweepShouldBegin(at point: Point, input: SweepInputKind) -> Bool {
        let (allowed, events) = interactor.sweepShouldBegin(at: point, input: input)
        apply(events)
        return allowed
    }

    private func sweepStateChanged(_ recognizer: GestureRecognizer, start: Point, input: SweepInputKind) {
        switch recognizer.state {
        case .began:
            itemView.stopFling()
            apply(interactor.startSweep(at: start, input: input))
            apply(interactor.moveSweep(to: recognizer.location))
        case .changed:
            apply(interactor.moveSweep(to: recognizer.location))
        case .ended:
            apply(interactor.endSweep())
        case .cancelled:
            apply(interactor.cancelSweep())
        default:
            break
        }
    }

    // MARK: - Pinch zoom (a zoomable layout: a grid)

    private func pinchChanged(_ pinch: PinchGestureRecognizer) {
        guard let zoomable = zoomableLayout else { return }
        switch pinch.state {
        case .began:
            itemView.stopFling()
            var zoom = zoomable.makeZoom(contentOffset: itemView.scroll.offset, centre: pinch.location,
                                         viewportHeight: itemView.frame.height)
            zoom.update(scale: pinch.scale)
            zoomMode.phase = .pinching(zoom)
        case .changed:
            zoomMode.updatePinch { $0.update(scale: pinch.scale) }
        case .ended:
            zoomMode.updatePinch { $0.end() }
        case .cancelled:
            zoomMode.updatePinch { $0.cancel() }
        default:
            return
        }
        guard case .pinching(let current) = zoomMode.phase else { return }
        itemView.applyZoom(current)
        if pinch.state == .ended || pinch.state == .cancelled { zoomMode.phase = .idle }
        if pinch.state != .changed || zoomMode.reportedSize != current.size {
            zoomMode.reportedSize = current.size
            let phase: ZoomPhase = switch pinch.state {
            case .began: .began
            case .ended: .ended
            case .cancelled: .cancelled
            default: .changed
            }
            delegate?.collectionView(self, didZoomTo: current.size, phase: phase)
        }
        invalidate()
    }

    // MARK: - Band, clicks

    private func bandStateChanged(_ band: BandGestureRecognizer) {
        switch band.state {
        case .began:
            apply(interactor.beginBand(anchor: band.anchor, modifiers: band.initialModifiers, to: band.current))
        case .changed:
            apply(interactor.moveBand(to: band.current))
        case .ended:
            apply(interactor.endBand())
        case .cancelled:
            apply(interactor.cancelBand())
        default:
            break
        }
    }

    /// A click (select on release) with the desktop's modifiers: Ctrl
    /// toggles, Shift selects the range from the anchor, Ctrl+Shift adds it.
    /// Where multiple selection needs editing mode, a modified click on an
    /// item enters it first (as the band does).
    private func click(at point: Point, modifiers: Modifiers) {
        if !modifiers.intersection([.shift, .control]).isEmpty, interactor.item(at: point) != nil {
            enterEditingForMultipleSelection()
        }
        var events = interactor.click(atViewportPoint: point, modifiers: modifiers)
        if clickMode.activatesOnDoubleClick { events = doubleClickActivation(events, at: point, modifiers: modifiers) }
        apply(events)
    }

    /// A click selects; a second plain click on the same item within
    /// `doubleClickInterval` activates it (and nothing else does, by pointer).
    private func doubleClickActivation(_ events: [InteractionEvent], at point: Point, modifiers: Modifiers) -> [InteractionEvent] {
        var events = events.filter { if case .activate = $0 { false } else { true } }
        let item = interactor.item(at: point)
        if let item, modifiers.isDisjoint(with: [.shift, .control]), let last = clickMode.lastClick,
           last.item == item, now - last.time <= clickMode.doubleClickInterval {
            events.append(.activate(item))
            clickMode.lastClick = nil
        } else {
            clickMode.lastClick = item.map { (item: $0, time: now) }
        }
        return events
    }

    /// A right click (window point): the delegate's context menu, if it
    /// gives one; an unselected item under it is selected first, as file
    /// managers do; on a selected one the selection stays.
    public func handleSecondaryClick(at windowPoint: Point) {
        let point = Point(x: windowPoint.x - frame.minX, y: windowPoint.y - frame.minY)
        guard isVisible, sweepOrBandIdle else { return }
        // An action a swipe chose runs first: the item under the pointer is found after it.
        performPendingSwipeAction()
        let item = interactor.item(at: point)
        if showContextMenu(for: item, at: windowPoint, trigger: .pointer) { return }
        if let item { selectForMenu(item) }
    }

    var sweepOrBandIdle: Bool { interactor.sweep == nil && interactor.band == nil }

    // MARK: - Scrolling

    private func scrollPanChanged(_ pan: PanGestureRecognizer) {
        // Sideways over a row with swipe actions, the pan swipes the row instead (interaction.md §11).
        if swipePanChanged(pan) { return }
        switch pan.state {
        case .began:
            itemView.stopFling()
            scrollMode.touch = .panning(startOffset: itemView.scroll.offset)
            itemView.scrollImmediately(to: itemView.scroll.offset - pan.translation.y)
            scrollMode.sidewaysPan?(pan.translation.x)
        case .changed:
            guard case .panning(let start) = scrollMode.touch else { return }
            itemView.scrollImmediately(to: start - pan.translation.y)
            scrollMode.sidewaysPan?(pan.translation.x)
        case .ended:
            scrollMode.touch = .idle
            scrollMode.sidewaysPan?(nil)
            itemView.fling(velocity: -pan.velocity.y / 1000, time: now)
        default:
            scrollMode.touch = .idle
            scrollMode.sidewaysPan?(nil)
            return
        }
        reportScroll()
    }

    /// Wheel, touchpad fingers and continuous scrolling; the hold-then-scroll
    /// sweep takes finger scrolling first.
    public func handleScroll(_ frame: PointerFrame) {
        guard isVisible else { return }
        let stopped = frame.vertical?.stopped == true || frame.horizontal?.stopped == true
        // The fingers' lift (axis_stop) comes in a frame of its own, with no source.
        if frame.source == .finger || frame.source == nil && stopped {
            // Touchpad fingers sideways over a row with swipe actions swipe it (interaction.md §11).
            let pointer = host?.gestureArena.pointerPosition.map { Point(x: $0.x - self.frame.minX, y: $0.y - self.frame.minY) }
            let time = host?.gestureArena.eventTime(frame.time) ?? Double(frame.time)
            if swipeScrolled(dx: frame.horizontal?.value ?? 0, dy: frame.vertical?.value ?? 0, stopped: stopped, at: pointer,
                             time: time) {
                return
            }
        } else if frame.source != nil, frame.vertical != nil, itemView.swipe != nil {
            // A wheel scrolling closes an open row, as fingers scrolling do.
            closeSwipedRow()
        }
        var frame = frame
        if let sideways = scrollMode.sideways {
            // Sideways scrolling (Shift turns a wheel's) goes to the columns.
            if frame.horizontal == nil, frame.modifiers.contains(.shift), frame.source == .wheel {
                frame.horizontal = frame.vertical
                frame.vertical = nil
            }
            if let horizontal = frame.horizontal {
                sideways(horizontal.value120.map { Double($0) / 120 * linesPerNotch * itemView.lineHeight } ?? horizontal.value)
            }
        }
        guard let vertical = frame.vertical else { return }
        let pointer = host?.gestureArena.pointerPosition.map { Point(x: $0.x - self.frame.minX, y: $0.y - self.frame.minY) }
        if zoomScroll(frame, at: pointer) { return }
        // On the arena's clock, continuous across the 32-bit wrap, as the hold it follows.
        let time = host?.gestureArena.eventTime(frame.time) ?? Double(frame.time)
        let motion = ScrollMotion(dx: frame.horizontal?.value ?? 0, dy: vertical.value, source: frame.source,
                                  stopped: vertical.stopped, time: time)
        if let arena = host?.gestureArena, arena.handle(motion) {
            scrollMode.fingerStroke = nil
            return
        }
        if let value120 = vertical.value120 {
            itemView.scroll(by: Double(value120) / 120 * linesPerNotch * itemView.lineHeight)
        } else if vertical.value != 0 {
            // Fingers and continuous devices: follow them one to one.
            itemView.scrollImmediately(to: itemView.scroll.offset + vertical.value)
            if frame.source == .finger {
                // A new stroke of the fingers starts from 0.
                var stroke = scrollMode.fingerStroke ?? (VelocityTracker(), 0)
                stroke.distance += vertical.value
                stroke.tracker.add(Point(x: 0, y: stroke.distance), time: time)
                scrollMode.fingerStroke = stroke
            }
        }
        if vertical.stopped, var stroke = scrollMode.fingerStroke {
            // The fingers left the touchpad: fling on at their speed then (none if they rested first).
            stroke.tracker.add(Point(x: 0, y: stroke.distance), time: time)
            itemView.fling(velocity: stroke.tracker.velocity.y / 1000, time: now)
            scrollMode.fingerStroke = nil
        }
        reportScroll()
    }

    /// A first touch on the view: it stops a fling, and then selects nothing (interaction.md §6).
    public func touchesBegan() {
        scrollMode.touchStoppedFling = itemView.stopFling()
    }
}
