internal import SweepWayland

/// Drag and drop for a window's components: a drag out (`startDrag`, with
/// an icon of the first item and the count; Escape cancels it), and drags
/// over the window handed to the component under the pointer, which
/// proposes what a drop would take, shows where it would land, and reads it.
extension AppWindow {
    /// Starts dragging `data` from this window: the seat's latest press or
    /// touch is the drag's (call it as the press moves past a threshold).
    /// The icon shows `title` and, for more than one, `count`. `onEvent`
    /// hears the receiver's choices and the end (`finished` with the
    /// action, or `cancelled`). False when the compositor has no clipboard.
    @discardableResult
    public func startDrag(_ data: DragData, title: String, count: Int, theme: Theme = .light, preview: DragPreview? = nil,
                          onEvent: @escaping (DragEvent) -> Void) -> Bool {
        guard let clipboard, let seat = latestInputSeat ?? inputSeat else { return false }
        dismissMenu()
        let content = DragIconView(title: title, count: count, theme: theme, preview: preview)
        let icon = try? Window(connection: window.connection, dragIconOf: window, size: content.size)
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

    // MARK: - Drags over the window (through `WindowDropTarget`)

    func dragEntered(_ session: DropSession, surface: OpaquePointer, at point: Point) {
        // Over a menu (or a surface of another window) nothing is dropped.
        guard window.owns(surface: surface) else { return session.accept(nil, actions: [], preferred: []) }
        dragMoved(session, to: point)
    }

    func dragMoved(_ session: DropSession, to point: Point) {
        let target = component(at: point)
        if target !== dropComponent {
            dropComponent?.dropExited()
            dropComponent = target
        }
        dropPoint = point
        if let proposal = target?.dropProposal(for: session, at: point), session.types.contains(proposal.mimeType) {
            session.accept(proposal.mimeType, actions: proposal.actions, preferred: proposal.preferredAction)
        } else {
            session.accept(nil, actions: [], preferred: [])
        }
    }

    func dragLeft() {
        dropComponent?.dropExited()
        dropComponent = nil
        dropPoint = nil
    }

    func dropped(_ session: DropSession) {
        guard let component = dropComponent, let point = dropPoint else { return session.refuse() }
        dropComponent = nil
        dropPoint = nil
        component.performDrop(session, at: point)
        component.dropExited()
    }
}

/// The clipboard's drop target for a window: each `wl_data_offer` over it
/// becomes one `DropSession` for as long as the drag is over it.
@MainActor
final class WindowDropTarget: @MainActor DropTarget {
    private unowned let window: AppWindow
    private var session: DropSession?

    init(window: AppWindow) {
        self.window = window
    }

    private func session(for offer: DropOffer) -> DropSession {
        if let session, session.offer === offer { return session }
        let made = DropSession(offer: offer)
        session = made
        return made
    }

    func dragEntered(_ offer: DropOffer, surface: OpaquePointer, at point: Point) {
        window.dragEntered(session(for: offer), surface: surface, at: point)
    }

    func dragMoved(_ offer: DropOffer, to point: Point) { window.dragMoved(session(for: offer), to: point) }

    func dragLeft(_ offer: DropOffer) {
        window.dragLeft()
        session = nil
    }

    func dropped(_ offer: DropOffer) {
        window.dropped(session(for: offer))
        session = nil
    }
}
