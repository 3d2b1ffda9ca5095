import SweepPixman
internal import SweepWayland

/// One level of a menu on screen: an `xdg_popup` drawing its entries, with
/// the highlight the pointer, touches and keys move. A submenu is a child
/// popup of its row; the session closes them deepest first, as xdg-shell
/// requires.
@MainActor
final class MenuPopup: @MainActor WindowContent {
    let items: [MenuItem]
    let layout: MenuLayout
    private(set) var navigation: MenuNavigation
    let window: Window
    let theme: Theme
    unowned let session: MenuSession
    /// 0 for the menu, 1 for a submenu of it…
    let depth: Int
    /// The open submenu and the row it opened from.
    private(set) var child: (popup: MenuPopup, row: Int)?
    /// A button went down inside this popup since it opened: its release chooses.
    private var pressedInside = false
    /// Where each touch on this popup is now.
    private var touches: [Int32: Point] = [:]
    /// What a screen reader sees: a popup menu (a submenu: a menu) of menu items.
    lazy var accessibleObject = makeAccessibleObject()
    private var accessibleItems: [Int: AccessibleObject] = [:]

    /// Shows `items` in a popup of `parent` placed by `placement` (given the
    /// menu's size), grabbing `seat` with `serial`.
    init(items: [MenuItem], parent: Window, placement: (Size) -> PopupPlacement, session: MenuSession,
         theme: Theme, seat: Seat?, serial: UInt32, depth: Int) throws {
        self.items = items
        // A phone's window (compact) gets entries a finger can press, in its submenus too.
        let sizeClass = session.host?.horizontalSizeClass ?? .regular
        layout = MenuLayout(items: items, entryHeight: sizeClass.touchLength(MenuLayout.rowHeight)) {
            TextMeasure.width(of: $0, role: .body, scale: parent.scale, family: parent.fontFamily)
        }
        navigation = MenuNavigation(items: items)
        self.theme = theme
        self.session = session
        self.depth = depth
        window = try Window(connection: parent.connection, popupOf: parent, placement: placement(layout.size),
                            grab: seat, serial: serial)
        window.content = self
        _ = window.addSizeObserver { [unowned window] _ in window.invalidateAll() }
        if depth == 0 {
            window.onCommit = { [unowned session, unowned window] frames in
                if frames == 1 { session.rootShown(window) }
            }
        }
    }

    /// The popups from this one to the deepest open submenu.
    var chain: [MenuPopup] { [self] + (child?.popup.chain ?? []) }

    // MARK: - Drawing

    func draw(in canvas: Canvas, damage: Region) {
        let bounds = Rect(origin: .zero, size: window.size)
        canvas.fill(bounds, color: theme.separator)
        canvas.fill(bounds.insetBy(dx: 1, dy: 1), color: theme.background)
        let metrics = canvas.metrics(for: .body)
        for (index, item) in items.enumerated() where index < layout.rows.count {
            let row = layout.rows[index]
            guard damage.intersects(row) else { continue }
            if item.kind == .separator {
                canvas.fill(Rect(x: MenuLayout.textInset / 2, y: row.midY.rounded(.down), width: row.width - MenuLayout.textInset,
                                 height: 1), color: theme.separator)
                continue
            }
            let highlighted = navigation.highlighted == index
            if highlighted {
                canvas.fillRoundedRect(row.insetBy(dx: 4, dy: 1), radius: 5, color: theme.accent)
            }
            let color = !item.isEnabled ? theme.secondaryText.withOpacity(0.6)
                : highlighted ? Color(rgb: 0xffffff) : item.isDestructive ? Self.destructiveRed : theme.primaryText
            let titleRow = Rect(x: row.minX, y: row.minY, width: row.width, height: layout.entryHeight)
            let textY = titleRow.midY - metrics.lineHeight / 2
            drawLeading(item, in: titleRow, color: color, highlighted: highlighted, canvas: canvas)
            canvas.drawText(item.title, at: Point(x: layout.titleLeft, y: textY), role: .body, color: color,
                            maxWidth: layout.titleWidth)
            if let reason = item.shownDisabledReason {
                canvas.drawText(reason, at: Point(x: layout.titleLeft, y: titleRow.maxY - 6), role: .caption,
                                color: theme.secondaryText, maxWidth: layout.titleWidth)
            }
            if let shortcut = item.shortcut?.label {
                let width = canvas.measureText(shortcut, role: .body)
                canvas.drawText(shortcut, at: Point(x: layout.shortcutRight - width, y: textY), role: .body,
                                color: highlighted ? color : theme.secondaryText, maxWidth: nil)
            }
            if item.submenuItems != nil {
                let x = row.maxX - MenuLayout.textInset - 6, y = row.midY
                canvas.fillConvexPolygon([Point(x: x, y: y - 5), Point(x: x + 5, y: y), Point(x: x, y: y + 5)], color: color)
            }
        }
    }

    /// A destructive entry's title (GNOME's destructive red).
    static let destructiveRed = Color(rgb: 0xc01c28)

    /// An entry's icon, or its checkmark or radio dot, before its title.
    private func drawLeading(_ item: MenuItem, in row: Rect, color: Color, highlighted: Bool, canvas: Canvas) {
        let box = Rect(x: MenuLayout.textInset - 2, y: (row.midY - 9).rounded(), width: 18, height: 18)
        switch item.mark {
        case .checkmark(isOn: true):
            canvas.drawLine(from: Point(x: box.minX + 3, y: box.midY), to: Point(x: box.minX + 7, y: box.maxY - 4),
                            lineWidth: 2, color: color)
            canvas.drawLine(from: Point(x: box.minX + 7, y: box.maxY - 4), to: Point(x: box.maxX - 3, y: box.minY + 4),
                            lineWidth: 2, color: color)
        case .radio(isOn: true):
            canvas.fillCircle(center: Point(x: box.midX, y: box.midY), radius: 4, color: color)
        case .radio(isOn: false):
            canvas.strokeCircle(center: Point(x: box.midX, y: box.midY), radius: 4, lineWidth: 1, color: theme.secondaryText)
        case .none, .checkmark(isOn: false):
            if let icon = item.icon {
                icon.draw(in: box, color: color, cutout: highlighted ? theme.accent : theme.background, canvas: canvas)
            }
        }
    }

    var isAnimating: Bool { false }
    func advanceAnimations(to time: Double) -> Region { Region() }

    /// The compositor dismissed the popup (`popup_done`): a submenu closes
    /// alone, the menu ends.
    func windowShouldClose() {
        if depth == 0 { session.dismiss() } else { session.closeSubmenu(of: depth - 1) }
    }

    // MARK: - Highlight and submenus

    func highlight(_ index: Int?) {
        guard navigation.highlighted != index else { return }
        let old = navigation.highlighted
        navigation.highlighted = index
        window.invalidateAll()
        announceHighlight(from: old)
    }

    /// Screen readers follow the highlighted entry as the focus.
    func announceHighlight(from old: Int?) {
        guard let accessibility = session.host?.application.accessibility else { return }
        if let old, let object = accessibleItems[old] { accessibility.stateChanged(object, "focused", false) }
        if let new = navigation.highlighted {
            _ = accessibleObject.children()
            if let object = accessibleItems[new] { accessibility.stateChanged(object, "focused", true) }
        }
    }

    /// The menu's name for screen readers: the menu's title; a submenu's, its row's.
    private var accessibleTitle: String {
        guard depth > 0 else { return session.menu.title ?? "" }
        let popups = session.popups
        guard popups.indices.contains(depth - 1), let row = popups[depth - 1].child?.row else { return "" }
        return popups[depth - 1].items[row].title
    }

    private func makeAccessibleObject() -> AccessibleObject {
        let menu = AccessibleObject(role: depth == 0 ? .popupMenu : .menu)
        menu.parent = session.host?.accessibleFrame
        menu.name = { [unowned self] in accessibleTitle }
        menu.extents = { [unowned self] in Rect(origin: window.popupOrigin ?? .zero, size: window.size) }
        menu.children = { [unowned self, unowned menu] in
            items.indices.filter { items[$0].kind != .separator }.map { index in
                if let object = accessibleItems[index] { return object }
                let object = makeAccessibleItem(index)
                object.parent = menu
                accessibleItems[index] = object
                return object
            }
        }
        return menu
    }

    private func makeAccessibleItem(_ index: Int) -> AccessibleObject {
        let item = items[index]
        let role: AccessibleRole
        switch item.mark {
        case _ where item.submenuItems != nil: role = .menu
        case .checkmark: role = .checkMenuItem
        case .radio: role = .radioMenuItem
        case .none: role = .menuItem
        }
        let object = AccessibleObject(role: role)
        object.name = { item.title }
        object.description = { [item.shortcut?.label, item.shownDisabledReason].compactMap { $0 }.joined(separator: ", ") }
        object.states = { [unowned self] in
            var states: AccessibleStates = [.visible, .showing, .selectable, .focusable]
            if item.mark != .none { states.insert(.checkable) }
            if item.mark.isOn { states.insert(.checked) }
            if item.isEnabled { states.formUnion([.enabled, .sensitive]) }
            if navigation.highlighted == index { states.formUnion([.selected, .focused]) }
            return states
        }
        object.extents = { [unowned self] in
            let row = layout.rows[index], origin = window.popupOrigin ?? .zero
            return Rect(x: origin.x + row.minX, y: origin.y + row.minY, width: row.width, height: row.height)
        }
        object.children = { [unowned self] in
            guard let child, child.row == index else { return [] }
            return child.popup.accessibleObject.children()
        }
        object.actions = [("click", { [unowned self] in
            guard item.isSelectable else { return false }
            activate(index, byKeyboard: true)
            return true
        })]
        return object
    }

    /// Opens the submenu of row `index` (closing another), its first entry
    /// highlighted when the keyboard opened it.
    func openSubmenu(at index: Int, highlightingFirst: Bool) {
        guard let children = items[index].submenuItems, items[index].isEnabled else { return }
        if let child, child.row == index {
            if highlightingFirst { child.popup.highlight(child.popup.navigation.first) }
            return
        }
        closeSubmenu()
        let row = layout.rows[index]
        do {
            let popup = try MenuPopup(items: children, parent: window,
                                      placement: { .beside(row, size: $0, overlap: 2).offsetBy(dy: -MenuLayout.padding) },
                                      session: session, theme: theme, seat: session.seat,
                                      serial: session.seat?.latestInputSerial ?? 0, depth: depth + 1)
            child = (popup, index)
            // Announced as it opens: its first entry takes the focus from this row.
            if highlightingFirst { popup.highlight(popup.navigation.first) }
        } catch {
            session.report("the submenu could not be shown: \(error)")
        }
    }

    /// Closes the open submenu and its own, deepest first.
    func closeSubmenu() {
        guard let open = child else { return }
        child = nil
        open.popup.close()
    }

    /// Takes this level and its submenus off the screen, deepest first.
    func close() {
        closeSubmenu()
        window.destroyPopup()
    }

    /// Chooses the entry at `index`: an action ends the menu, a submenu opens.
    private func activate(_ index: Int, byKeyboard: Bool) {
        let item = items[index]
        guard item.isSelectable else { return }
        if item.submenuItems != nil {
            openSubmenu(at: index, highlightingFirst: byKeyboard)
        } else {
            session.choose(item.id)
        }
    }

    // MARK: - Input

    /// A pointer frame over this popup (popup coordinates).
    func handlePointer(_ frame: PointerFrame) {
        if frame.left {
            if child == nil { highlight(nil) }
        } else if let position = frame.position {
            hover(at: position)
        }
        for (_, pressed) in frame.buttons {
            if pressed {
                pressedInside = true
            } else if let position = frame.position ?? session.pointerPosition(in: self), let index = layout.index(at: position),
                      pressedInside || session.releaseChooses {
                activate(index, byKeyboard: false)
                return
            }
        }
    }

    private func hover(at point: Point) {
        session.notePointer(at: point, in: self)
        guard let index = layout.index(at: point), items[index].isSelectable else {
            // Off the entries the highlight stays on an open submenu's row.
            if child == nil { highlight(nil) }
            return
        }
        highlight(index)
        if items[index].submenuItems != nil {
            openSubmenu(at: index, highlightingFirst: false)
        } else {
            closeSubmenu()
        }
    }

    /// Touches on this popup: a tap on an entry chooses it (or opens its submenu).
    func handleTouch(_ frame: TouchFrame) {
        if frame.cancelled {
            touches.removeAll()
            return
        }
        for point in frame.down {
            touches[point.id] = point.position
            highlight(layout.index(at: point.position).flatMap { items[$0].isSelectable ? $0 : nil })
        }
        for point in frame.moved where touches[point.id] != nil {
            touches[point.id] = point.position
            highlight(layout.index(at: point.position).flatMap { items[$0].isSelectable ? $0 : nil })
        }
        for id in frame.up {
            guard let position = touches.removeValue(forKey: id) else { continue }
            if let index = layout.index(at: position), index == navigation.highlighted {
                activate(index, byKeyboard: false)
                return
            }
        }
    }

    /// A key for the deepest open level of the menu.
    func handleKey(_ key: KeyEvent) {
        switch key.keysym {
        case .down, .up, .tab, .leftTab:
            // Tab moves down and Shift+Tab up, as in GTK's menus.
            let up = key.keysym == .up || key.keysym == .leftTab || (key.keysym == .tab && key.modifiers.contains(.shift))
            // Every move goes through `highlight`, which announces it: screen readers follow the highlight.
            var next = navigation
            next.move(down: !up)
            highlight(next.highlighted)
        case .home:
            highlight(navigation.first)
        case .end:
            highlight(items.indices.last { items[$0].isSelectable })
        case .right:
            if let index = navigation.highlighted, items[index].submenuItems != nil { openSubmenu(at: index, highlightingFirst: true) }
        case .left:
            if depth > 0 { session.closeSubmenu(of: depth - 1) }
        case .escape:
            if depth > 0 { session.closeSubmenu(of: depth - 1) } else { session.dismiss() }
        case .returnKey, .keypadEnter, .space:
            if let index = navigation.highlighted { activate(index, byKeyboard: true) }
        default:
            var next = navigation
            if let letter = key.text.first, letter.isLetter || letter.isNumber, next.jump(to: letter) {
                highlight(next.highlighted)
            }
        }
    }
}

extension PopupPlacement {
    /// The same placement moved by `dy` (a submenu's first row level with its parent row).
    func offsetBy(dy: Double) -> PopupPlacement {
        var moved = self
        moved.offset = Point(x: offset.x, y: offset.y + dy)
        return moved
    }
}
