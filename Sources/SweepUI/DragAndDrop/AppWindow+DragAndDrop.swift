import SweepWayland

/// Drag and drop for a window's components: a drag out (`startDrag`, with
/// an icon of the first item and the count; Escape cancels it), and drags
/// over the window handed to the component under the pointer, which
/// proposes what a drop would take, shows where it would land, and reads it.
extension AppWindow: @MainActor DropTarget {
    /// Starts dragging `data` from this window: the seat's latest press or
    /// touch is the drag's (call it as the press moves past a threshold).
    /// The icon shows `title` and, for more than one, `count`. `onEvent`
    /// hears the receiver's choices and the end (`finished` with the
    /// action, or `cancelled`). False when the compositor has no clipboard.
    @discardableResult
    public func startDrag(_ data: DragData, title: String, count: Int, theme: Theme = .light,
                          onEvent: @escaping (DragEvent) -> Void) -> Bool {
        guard let clipboard, let seat = latestInputSeat ?? inputSeat else { return false }
        dismissMenu()
        let content = DragIconView(title: title, count: count, theme: theme)
        let icon = try? Window(connection: window.connection, dragIconOf: window, size: DragIconView.size)
        icon?.content = content
        let started = clipboard.startDrag(data, origin: window.surfaceProxy, icon: icon?.surfaceProxy,
                                          serial: seat.latestPressSerial) { [weak self] event in
            switch event {
            case .finished, .cancelled: self?.dragIcon = nil   // the compositor unmapped it
            default: break
            }
            onEvent(event)
        }
        guard started else { return false }
        if gestureArena.hasTouches {
            // The compositor gives the dragging touch to the drag and never says it lifted: the
            // recognizers let go of it now (a touch drag's end comes as the drag's).
            var cancel = TouchFrame()
            cancel.cancelled = true
            gestureArena.handle(cancel)
        }
        if let icon {
            icon.showDragIcon()
            dragIcon = (icon, content)
        }
        return true
    }

    /// Whether a drag this window started is running.
    public var isDragging: Bool { clipboard?.isDragging ?? false }

    /// Ends the running drag, as Escape does.
    public func cancelDrag() {
        clipboard?.cancelDrag()
    }

    // MARK: - DropTarget

    public func dragEntered(_ offer: DropOffer, surface: OpaquePointer, at point: Point) {
        // Over a menu (or a surface of another window) nothing is dropped.
        guard window.owns(surface: surface) else { return offer.accept(nil, actions: [], preferred: []) }
        dragMoved(offer, to: point)
    }

    public func dragMoved(_ offer: DropOffer, to point: Point) {
        let target = component(at: point)
        if target !== dropComponent {
            dropComponent?.dropExited()
            dropComponent = target
        }
        dropPoint = point
        if let proposal = target?.dropProposal(for: offer, at: point), offer.types.contains(proposal.mimeType) {
            offer.accept(proposal.mimeType, actions: proposal.actions, preferred: proposal.preferredAction)
        } else {
            offer.accept(nil, actions: [], preferred: [])
        }
    }

    public func dragLeft(_ offer: DropOffer) {
        dropComponent?.dropExited()
        dropComponent = nil
        dropPoint = nil
    }

    public func dropped(_ offer: DropOffer) {
        guard let component = dropComponent, let point = dropPoint else { return offer.refuse() }
        dropComponent = nil
        dropPoint = nil
        component.performDrop(offer, at: point)
        component.dropExited()
    }
}
