import SweepGeometry
import SweepGestures
import SweepInput
import SweepInteraction
import SweepLayout
import SweepSelection
import SweepViews
import SweepWayland

/// Input through the recognizers: touch, touchpad gestures, the pointer
/// button and scrolling reach the pane's `PaneGestures`, whose states drive
/// the selection interactor (sweeps, band, click, tap, long press) and the
/// view's scrolling (finger scrolling, fling).
extension ItemPane {
    func installGestures() {
        let g = gestures
        g.band.isEnabled = editButtonTitle != nil
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
        g.pinch.onStateChange = { [unowned self] r in pinchChanged(r as! PinchGestureRecognizer) }
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
        g.scrollPan.onStateChange = { [unowned self] r in scrollPanChanged(r as! PanGestureRecognizer) }
        g.tap.onStateChange = { [unowned self] r in
            guard !touchStoppedFling, !accessoryTapped(at: r.location) else { return }
            syncInteractor()
            apply(interactor.tap(at: r.location))
        }
        g.longPress.onStateChange = { [unowned self] r in
            guard r.state == .began, !touchStoppedFling, !selection.isEditing, editButtonTitle != nil else { return }
            syncInteractor()
            guard let item = interactor.item(at: r.location) else { return }
            setEditing(true)
            apply([.selection(selection.select(item, source: .tap), provisional: false), .focus(item)])
        }
        g.band.onStateChange = { [unowned self] r in bandStateChanged(r as! BandGestureRecognizer) }
        g.click.onStateChange = { [unowned self, unowned g] _ in
            guard !accessoryTapped(at: g.click.location) else { return }
            syncInteractor()
            apply(interactor.click(atViewportPoint: g.click.location, modifiers: g.click.modifiers))
        }
    }

    /// A tap or click on a row's detail button reports the accessory and
    /// selects nothing (spec §2); true when it was one. `point` is in the view.
    private func accessoryTapped(at point: Point) -> Bool {
        guard let listView, onAccessory != nil else { return false }
        let window = Point(x: point.x + listView.frame.minX, y: point.y + listView.frame.minY)
        guard let item = listView.item(at: window), let rect = listView.accessoryRect(of: item), rect.contains(window) else { return false }
        log?.log(view: name, event: "accessory", ["item": .array([.int(item.section), .int(item.item)])])
        onAccessory?(item)
        return true
    }

    // MARK: - Sweeps

    /// A one-finger sweep in editing mode starts in a list's checkbox
    /// column, or on a grid cell moving within 30 degrees of horizontal
    /// (vertical motion scrolls the grid).
    private func oneFingerSweepMayStart(_ pan: PanGestureRecognizer) -> Bool {
        guard gridView != nil else { return pan.startLocation.x < ListView.checkboxColumnWidth }
        let motion = pan.translation
        return abs(motion.y) <= abs(motion.x) * 0.5773502691896257   // tan 30°
    }

    // MARK: - Pinch zoom (grid)

    private func pinchChanged(_ pinch: PinchGestureRecognizer) {
        guard let gridView else { return }
        switch pinch.state {
        case .began:
            gridView.stopFling()
            zoom = GridZoom(layout: gridView.layout, contentOffset: gridView.scroll.offset, centre: pinch.location,
                            viewportHeight: gridView.frame.height)
            zoom?.update(scale: pinch.scale)
        case .changed:
            zoom?.update(scale: pinch.scale)
        case .ended:
            zoom?.end()
        case .cancelled:
            zoom?.cancel()
        default:
            return
        }
        guard let current = zoom else { return }
        gridView.setLayout(current.layout, offset: current.contentOffset)
        syncInteractor()
        if pinch.state == .ended || pinch.state == .cancelled { zoom = nil }
        if pinch.state != .changed || loggedCellSize != current.cellSize {
            loggedCellSize = current.cellSize
            log?.log(view: name, event: "zoom", ["cellSize": .double((current.cellSize * 10).rounded() / 10),
                                                   "state": .string(pinch.state.rawValue)])
        }
        window.invalidate(Region(gridView.frame))
    }

    private func sweepShouldBegin(at point: Point, input: SweepInputKind) -> Bool {
        syncInteractor()
        let (allowed, events) = interactor.sweepShouldBegin(at: point, input: input)
        apply(events)
        return allowed
    }

    private func sweepStateChanged(_ recognizer: GestureRecognizer, start: Point, input: SweepInputKind) {
        switch recognizer.state {
        case .began:
            itemView.stopFling()
            syncInteractor()
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

    // MARK: - Band and click

    private func bandStateChanged(_ band: BandGestureRecognizer) {
        switch band.state {
        case .began:
            syncInteractor()
            apply(interactor.beginBand(anchor: band.anchor, modifiers: band.initialModifiers, to: band.current))
        case .changed:
            if !autoscrolling { syncInteractor() }
            apply(interactor.moveBand(to: band.current))
        case .ended:
            apply(interactor.endBand())
        case .cancelled:
            apply(interactor.cancelBand())
        default:
            break
        }
    }

    // MARK: - Scrolling

    private func scrollPanChanged(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            itemView.stopFling()
            panStartOffset = itemView.scroll.offset
            itemView.scrollImmediately(to: panStartOffset - pan.translation.y)
        case .changed:
            itemView.scrollImmediately(to: panStartOffset - pan.translation.y)
        case .ended:
            itemView.fling(velocity: -pan.velocity.y / 1000, time: EventLoop.nowMilliseconds)
        default:
            return
        }
        window.invalidate(Region(itemView.frame))
    }

    /// Wheel, touchpad fingers and continuous scrolling; the hold-then-scroll
    /// sweep takes finger scrolling first.
    func handleScroll(_ frame: PointerFrame) {
        guard isVisible else { return }
        guard let vertical = frame.vertical else { return }
        let time = Double(frame.time)
        let motion = ScrollMotion(dx: frame.horizontal?.value ?? 0, dy: vertical.value, source: frame.source,
                                  stopped: vertical.stopped, time: time)
        if arena.handle(motion) {
            fingerScroll = nil
            return
        }
        if let value120 = vertical.value120 {
            itemView.scroll(by: Double(value120) / 120 * DemoApp.rowsPerNotch * itemView.lineHeight)
        } else if vertical.value != 0 {
            // Fingers and continuous devices: follow them one to one.
            itemView.scrollImmediately(to: itemView.scroll.offset + vertical.value)
            if frame.source == .finger {
                if fingerScroll == nil { fingerScrollDistance = 0 }   // a new stroke of the fingers
                var tracker = fingerScroll ?? VelocityTracker()
                fingerScrollDistance += vertical.value
                tracker.add(Point(x: 0, y: fingerScrollDistance), time: time)
                fingerScroll = tracker
            }
        }
        if vertical.stopped, let tracker = fingerScroll {
            // The fingers left the touchpad: fling on at their speed.
            itemView.fling(velocity: tracker.velocity.y / 1000, time: EventLoop.nowMilliseconds)
            fingerScroll = nil
        }
        window.invalidate(Region(itemView.frame))
    }
}

extension ItemPane {
    /// A first touch on the pane: it stops a fling, and then selects nothing (spec §6).
    func touchesBegan() {
        touchStoppedFling = itemView.stopFling()
    }
}
