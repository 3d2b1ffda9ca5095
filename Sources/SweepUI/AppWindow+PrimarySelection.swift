import SweepGeometry
internal import SweepWayland

/// The primary selection: what is selected is offered to other programs
/// (their middle button pastes it), and the middle button here pastes theirs.
extension AppWindow {
    /// The committed selection of `component` changed: its titles become the
    /// primary selection, made only when something pastes them. Nothing
    /// selected leaves the primary selection as it was (as GTK does).
    public func selectionDidChange(in component: Component) {
        guard let content = component.clipboardContent, let seat = inputSeat, seat.latestInputSerial != 0,
              let primary = primarySelectionOfSeat(seat) else { return }
        primary.copy(content, serial: seat.latestInputSerial)
    }

    /// Reads the primary selection's text (nil when there is none), later on
    /// the loop; the loop never waits for the other program.
    public func pastePrimarySelection(_ completion: @escaping (String?) -> Void) {
        guard let seat = inputSeat, let primary = primarySelectionOfSeat(seat) else { return completion(nil) }
        primary.paste { bytes in completion(bytes.map { String(decoding: $0, as: UTF8.self) }) }
    }

    /// The middle button at `point`: the primary selection goes to `onPrimaryPaste`.
    func pastePrimarySelection(at point: Point) {
        guard onPrimaryPaste != nil else { return }
        pastePrimarySelection { [weak self] text in
            guard let self, let text, !text.isEmpty else { return }
            onPrimaryPaste?(text, point)
        }
    }

    private func primarySelectionOfSeat(_ seat: Seat) -> Clipboard? {
        if primarySelection == nil { primarySelection = Clipboard(connection: application.connection, seat: seat, kind: .primary) }
        return primarySelection
    }
}
