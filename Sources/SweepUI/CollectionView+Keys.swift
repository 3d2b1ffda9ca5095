/// The keyboard (interaction.md §5) with the desktop's conventions in normal mode
/// too, and the text Ctrl+C copies.
extension CollectionView {
    /// A key while the view has the keyboard; false when it means nothing here.
    public func handleKey(_ key: KeyEvent) -> Bool {
        if key.keysym == .escape && gestures.band.state.isActive {
            // Escape cancels the band; the recognizer reports it and the interactor restores.
            gestures.band.cancel()
            return true
        }
        if let interceptor = behaviour.keyInterceptor, interceptor(key) { return true }
        if key.keysym == .menu || (key.keysym == .f10 && key.modifiers.contains(.shift)) {
            return showContextMenuFromKeyboard()
        }
        if zoomKey(key) { return true }
        if extendsSelection(key) { enterEditingForMultipleSelection() }
        let events = interactor.key(key.keysym, modifiers: key.modifiers)
        if !events.isEmpty {
            // Another key (Enter, an arrow) ends the prefix being typed.
            typeAhead.reset()
            apply(events)
            return true
        }
        if scroll(for: key) {
            typeAhead.reset()
            return true
        }
        return typeAhead(key)
    }

    /// Keys that select several items or toggle one: Shift with a movement
    /// key, Ctrl+A, Space. Where multiple selection needs editing mode they
    /// enter it, as a band or a sweep does.
    private func extendsSelection(_ key: KeyEvent) -> Bool {
        switch key.keysym {
        case .a: return key.modifiers.contains(.control)
        case .space: return focusedItem != nil
        case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end:
            return key.modifiers.contains(.shift) && itemCount > 0
        default: return false
        }
    }

    /// Movement keys that found no item to focus scroll instead.
    private func scroll(for key: KeyEvent) -> Bool {
        let line = itemView.lineHeight
        let page = max(line, itemView.frame.height - line)
        switch key.keysym {
        case .down: itemView.scroll(by: line)
        case .up: itemView.scroll(by: -line)
        case .pageDown: itemView.scroll(by: page)
        case .pageUp: itemView.scroll(by: -page)
        case .home: itemView.scroll(toOffset: 0)
        case .end: itemView.scroll(toOffset: itemView.scroll.maxOffset)
        default: return false
        }
        reportScroll()
        return true
    }

    // MARK: - Clipboard text

    /// The selected titles in order, each followed by a newline; nil when
    /// nothing is selected. The same text `clipboardContent` makes, all at once.
    public var copiedText: String? {
        clipboardContent?.collect(limit: .max).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The selected titles, one a line, made a chunk at a time when pasted:
    /// the selection is taken now (its ranges), the titles when read.
    public var clipboardContent: ClipboardContent? {
        let ranges = selectedRanges
        guard !ranges.isEmpty else { return nil }
        let source = dataSource
        return .lines(of: ranges) { source.copiedText(for: $0) }
    }
}
