import CSDBus
import Glibc
import SweepGeometry

/// The AT-SPI2 interfaces' methods and properties, answered from the
/// objects' closures: Accessible, Application (the root), Selection,
/// Action, Component, Text, EditableText, Table, TableCell, and an empty Cache.
extension AccessibilityBridge {
    /// The object a path names: the root, a live object by id, or for an
    /// object that is gone the tombstone, which answers as defunct (Orca
    /// stops speaking when an object it holds is unknown).
    func object(at path: String) -> AccessibleObject? {
        if path == Self.rootPath { return root }
        guard path.hasPrefix(Self.prefix + "/"), let id = Int(path.dropFirst(Self.prefix.count + 1)) else { return nil }
        if let object = AccessibleObject.object(id: id) { return object }
        return AccessibleObject.isRetired(id: id) ? AccessibleObject.tombstone : nil
    }

    /// GetSelectedRows answers at most this many (a list of a million selected rows would be 4 MB).
    static let selectedRowsLimit = 10_000

    func path(of object: AccessibleObject) -> String {
        object === root ? Self.rootPath : "\(Self.prefix)/\(object.id)"
    }

    func interfaces(of object: AccessibleObject) -> [String] {
        var names = ["org.a11y.atspi.Accessible"]
        if object === root { names.append("org.a11y.atspi.Application") }
        if object.selection != nil { names.append("org.a11y.atspi.Selection") }
        if !object.actions.isEmpty { names.append("org.a11y.atspi.Action") }
        if object.extents != nil { names.append("org.a11y.atspi.Component") }
        if object.text != nil { names.append("org.a11y.atspi.Text") }
        if object.setText != nil { names.append("org.a11y.atspi.EditableText") }
        if object.table != nil { names.append("org.a11y.atspi.Table") }
        if object.parent?.table != nil { names.append("org.a11y.atspi.TableCell") }
        if object.value != nil { names.append("org.a11y.atspi.Value") }
        return names
    }

    func has(path: String, interface: String) -> Bool {
        guard let object = object(at: path) else { return false }
        return interfaces(of: object).contains(interface)
    }

    /// An object's parent. Objects learn their parent when their parent's
    /// children are read; one a reader meets first through an event (a list
    /// whose selection changed) is found by walking down from the root.
    func parent(of object: AccessibleObject) -> AccessibleObject? {
        if let parent = object.parent { return parent }
        guard object !== root else { return nil }
        _ = adoptChildren(of: root, depth: 0, until: object)
        return object.parent
    }

    /// Gives `node`'s descendants without a parent their parent, depth first, until `target` has one.
    private func adoptChildren(of node: AccessibleObject, depth: Int, until target: AccessibleObject) -> Bool {
        guard depth < 16 else { return false }
        for child in node.listedChildren {
            if child.parent == nil { child.parent = node }
            if child === target || adoptChildren(of: child, depth: depth + 1, until: target) { return true }
        }
        return false
    }

    /// Its place among its parent's children; -1 for the root or an object in no tree.
    func indexInParent(_ object: AccessibleObject) -> Int {
        guard object !== root, let parent = parent(of: object) else { return -1 }
        return parent.index(of: object) ?? -1
    }

    private func reference(_ object: AccessibleObject?, in message: BusMessage) {
        if let object { message.reference(uniqueName, path(of: object)) } else { message.reference("", Self.nullPath) }
    }

    // MARK: - Properties

    func property(_ path: String, _ interface: String, _ property: String, into reply: OpaquePointer) -> Int32 {
        guard let object = object(at: path) else { return -ENOENT }
        let out = BusMessage(message: reply)
        switch (interface, property) {
        case (_, "Name"): out.string(object.name())
        case (_, "Description"): out.string(object.description())
        case (_, "Parent"):
            if object === root { out.reference(desktop.name, desktop.path) } else { reference(parent(of: object), in: out) }
        case (_, "ChildCount"): out.int32(Int32(clamping: object.childCount))
        case (_, "Locale"): out.string("")
        case (_, "AccessibleId"): out.string("")
        case (_, "HelpText"): out.string("")
        case (_, "ToolkitName"): out.string("Sweep")
        case (_, "Version"), (_, "ToolkitVersion"): out.string("1.0")
        case (_, "AtspiVersion"): out.string("2.1")
        case (_, "InterfaceVersion"): out.uint32(0)
        case (_, "Id"): out.int32(applicationID)
        case (_, "NSelectedChildren"): out.int32(Int32(clamping: object.selection?.selectedChildren().count ?? 0))
        case (_, "NActions"): out.int32(Int32(clamping: object.actions.count))
        case (_, "CharacterCount"): out.int32(Int32(clamping: object.text?().unicodeScalars.count ?? 0))
        case (_, "CaretOffset"): out.int32(Int32(clamping: object.caret?() ?? object.text?().unicodeScalars.count ?? 0))
        // Table
        case (_, "NRows"): out.int32(Int32(clamping: object.table?.rowCount ?? 0))
        case (_, "NColumns"): out.int32(Int32(clamping: object.table?.columnCount ?? 0))
        case (_, "Caption"), (_, "Summary"): reference(nil, in: out)
        case (_, "NSelectedRows"): out.int32(Int32(clamping: object.table?.selectedRowCount ?? 0))
        case (_, "NSelectedColumns"): out.int32(0)
        // TableCell
        case (_, "ColumnSpan"): out.int32(Int32(clamping: cell(of: object)?.columnSpan ?? 1))
        case (_, "RowSpan"): out.int32(1)
        case (_, "Position"):
            let position = cell(of: object)
            out.container("r", "ii") {
                out.int32(Int32(clamping: position?.row ?? -1))
                out.int32(Int32(clamping: position?.column ?? -1))
            }
        case (_, "Table"): reference(object.parent?.table != nil ? object.parent : nil, in: out)
        // Value
        case (_, "MinimumValue"): out.double(finite(object.value?.minimum()))
        case (_, "MaximumValue"): out.double(finite(object.value?.maximum()))
        case (_, "MinimumIncrement"): out.double(finite(object.value?.increment()))
        case (_, "CurrentValue"): out.double(finite(object.value?.current()))
        case ("org.a11y.atspi.Value", "Text"): out.string(object.value?.text() ?? "")
        default: return -EINVAL
        }
        return 0
    }

    /// A number for the bus: NaN and infinities (an empty range's arithmetic) are 0.
    private func finite(_ value: Double?) -> Double {
        guard let value, value.isFinite else { return 0 }
        return value
    }

    /// A screen reader set a property: the application's `Id`, or a value's `CurrentValue`.
    func setProperty(_ path: String, _ property: String, from message: OpaquePointer) -> Int32 {
        let input = BusMessage(message: message)
        switch property {
        case "Id":
            applicationID = input.readInt32() ?? 0
            return 0
        case "CurrentValue":
            guard let set = object(at: path)?.value?.setCurrent else { return -EPERM }
            guard let value = input.readDouble(), value.isFinite else { return -EINVAL }
            return set(value) ? 0 : -EINVAL
        default:
            return -EINVAL
        }
    }

    // MARK: - Methods

    func handleMethod(_ message: OpaquePointer) -> Int32 {
        guard let rawPath = sd_bus_message_get_path(message), let rawMember = sd_bus_message_get_member(message) else { return -ENOENT }
        if String(cString: rawPath) == Self.cachePath { return answerCache(message, member: String(cString: rawMember)) }
        guard let object = object(at: String(cString: rawPath)) else { return -ENOENT }
        let member = String(cString: rawMember)
        // Text and Accessible both have a GetAttributes (a run of text attributes, the object's).
        let isText = sd_bus_message_get_interface(message).map { String(cString: $0) } == "org.a11y.atspi.Text"
        let input = BusMessage(message: message)
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
        defer { sd_bus_message_unref(reply) }
        let out = BusMessage(message: reply)
        switch member {
        // Accessible
        case "GetChildAtIndex": reference(object.child(at: Int(input.readInt32() ?? -1)), in: out)
        case "GetChildren":
            out.container("a", "(so)") { for child in object.listedChildren { reference(child, in: out) } }
        case "GetIndexInParent": out.int32(Int32(indexInParent(object)))
        case "GetRelationSet":
            out.container("a", "(ua(so))") {
                for relation in object.relations() {
                    out.container("r", "ua(so)") {
                        out.uint32(relation.type.rawValue)
                        out.container("a", "(so)") { for target in relation.targets { reference(target, in: out) } }
                    }
                }
            }
        case "GetRole": out.uint32(object.role.rawValue)
        case "GetRoleName", "GetLocalizedRoleName": out.string(object.role.name)
        case "GetState":
            let states = object.states().rawValue
            out.container("a", "u") {
                out.uint32(UInt32(truncatingIfNeeded: states))
                out.uint32(UInt32(truncatingIfNeeded: states >> 32))
            }
        case "GetAttributes" where !isText:
            out.container("a", "{ss}") {
                for (key, value) in object.attributes().sorted(by: { $0.key < $1.key }) {
                    out.container("e", "ss") {
                        out.string(key)
                        out.string(value)
                    }
                }
            }
        case "GetApplication": reference(root, in: out)
        case "GetInterfaces": out.container("a", "s") { for name in interfaces(of: object) { out.string(name) } }
        // Application
        case "GetLocale": out.string("")
        case "GetApplicationBusAddress": out.string("")
        // Selection
        case "GetSelectedChild":
            let index = Int(input.readInt32() ?? -1), selected = object.selection?.selectedChildren() ?? []
            reference(selected.indices.contains(index) ? selected[index] : nil, in: out)
        case "SelectChild": out.bool(object.selection?.selectChild(at: Int(input.readInt32() ?? -1)) ?? false)
        case "DeselectChild": out.bool(object.selection?.deselectChild(at: Int(input.readInt32() ?? -1)) ?? false)
        case "DeselectSelectedChild":
            let index = Int(input.readInt32() ?? -1), selected = object.selection?.selectedChildren() ?? []
            let child = selected.indices.contains(index) ? selected[index] : nil
            let childIndex = child.flatMap { object.index(of: $0) }
            out.bool(childIndex.map { object.selection?.deselectChild(at: $0) ?? false } ?? false)
        case "IsChildSelected":
            out.bool(object.child(at: Int(input.readInt32() ?? -1))?.states().contains(.selected) ?? false)
        case "SelectAll": out.bool(object.selection?.selectAll() ?? false)
        case "ClearSelection": out.bool(object.selection?.clearSelection() ?? false)
        // Action
        case "GetName", "GetLocalizedName", "GetDescription":
            let index = Int(input.readInt32() ?? -1)
            out.string(object.actions.indices.contains(index) ? object.actions[index].name : "")
        // ATK's "<mnemonic>;<sequence>;<accelerator>": only the accelerator, for action 0.
        case "GetKeyBinding":
            let shortcut = Int(input.readInt32() ?? -1) == 0 ? object.shortcut() : ""
            out.string(shortcut.isEmpty ? "" : ";;\(shortcut)")
        case "GetActions":
            out.container("a", "(sss)") {
                for (index, action) in object.actions.enumerated() {
                    let shortcut = index == 0 ? object.shortcut() : ""
                    out.container("r", "sss") { out.string(action.name); out.string(action.name); out.string(shortcut.isEmpty ? "" : ";;\(shortcut)") }
                }
            }
        case "DoAction":
            let index = Int(input.readInt32() ?? -1)
            out.bool(object.actions.indices.contains(index) ? object.actions[index].perform() : false)
        // Component: window coordinates whatever is asked (Wayland has no screen coordinates).
        case "GetExtents":
            let rect = object.extents?() ?? .zero
            out.container("r", "iiii") {
                for value in [rect.minX, rect.minY, rect.width, rect.height] { out.int32(Int32(saturating: value.rounded())) }
            }
        case "GetPosition":
            let rect = object.extents?() ?? .zero
            out.container("r", "ii") { out.int32(Int32(saturating: rect.minX.rounded())); out.int32(Int32(saturating: rect.minY.rounded())) }
        case "GetSize":
            let rect = object.extents?() ?? .zero
            out.container("r", "ii") { out.int32(Int32(saturating: rect.width.rounded())); out.int32(Int32(saturating: rect.height.rounded())) }
        case "Contains":
            let x = Double(input.readInt32() ?? 0), y = Double(input.readInt32() ?? 0)
            out.bool(object.extents?().contains(Point(x: x, y: y)) ?? false)
        case "GetAccessibleAtPoint":
            let point = Point(x: Double(input.readInt32() ?? 0), y: Double(input.readInt32() ?? 0))
            reference(object.listedChildren.first { $0.extents?().contains(point) ?? false }, in: out)
        case "GetLayer": out.uint32(object.role == .frame ? 7 : 3)   // WINDOW, WIDGET
        case "GetMDIZOrder": out.int16(0)
        case "GrabFocus": out.bool(object.grabFocus?() ?? false)
        case "GetAlpha": out.double(1)
        // Text: character offsets count Unicode scalars, as GLib's do.
        case "GetText":
            let start = Int(input.readInt32() ?? 0), end = Int(input.readInt32() ?? -1)
            out.string(Self.slice(object.text?() ?? "", start, end))
        case "SetCaretOffset": out.bool(object.setCaret?(Int(input.readInt32() ?? -1)) ?? false)
        case "GetCharacterAtOffset":
            let offset = Int(input.readInt32() ?? -1), scalars = Array((object.text?() ?? "").unicodeScalars)
            out.int32(scalars.indices.contains(offset) ? Int32(bitPattern: scalars[offset].value) : 0)
        case "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset", "GetStringAtOffset":
            // One line of text: a character, a word or the whole line, at, before or after the offset.
            let scalars = Array((object.text?() ?? "").unicodeScalars)
            let offset = Int(input.readInt32() ?? 0), kind = Int(input.readUInt32() ?? 0)
            let unit: TextUnit = member == "GetStringAtOffset"
                ? (kind == 0 ? .character : kind == 1 ? .word : .line)    // granularity: char, word, sentence, line, paragraph
                : (kind == 0 ? .character : kind <= 2 ? .word : .line)    // boundary: char, word start/end, sentence…, line…
            var range = TextUnit.range(unit, at: offset, in: scalars)
            if member == "GetTextBeforeOffset" { range = range.lowerBound > 0 ? TextUnit.range(unit, at: range.lowerBound - 1, in: scalars) : 0..<0 }
            if member == "GetTextAfterOffset" { range = range.upperBound < scalars.count ? TextUnit.range(unit, at: range.upperBound, in: scalars) : scalars.count..<scalars.count }
            out.string(String(String.UnicodeScalarView(scalars[range])))
            out.int32(Int32(clamping: range.lowerBound))
            out.int32(Int32(clamping: range.upperBound))
        // One selection at most (a text field's), in Unicode scalars.
        case "GetNSelections": out.int32(object.textSelection?() == nil ? 0 : 1)
        case "GetSelection":
            let range = Int(input.readInt32() ?? -1) == 0 ? object.textSelection?() : nil
            out.int32(Int32(clamping: range?.lowerBound ?? 0))
            out.int32(Int32(clamping: range?.upperBound ?? 0))
        case "AddSelection":
            let start = Int(input.readInt32() ?? 0), end = Int(input.readInt32() ?? 0)
            out.bool(object.textSelection?() == nil && start < end ? object.setTextSelection?(start..<end) ?? false : false)
        case "SetSelection":
            let index = Int(input.readInt32() ?? -1), start = Int(input.readInt32() ?? 0), end = Int(input.readInt32() ?? 0)
            out.bool(index == 0 && start <= end ? object.setTextSelection?(start..<end) ?? false : false)
        case "RemoveSelection":
            out.bool(Int(input.readInt32() ?? -1) == 0 && object.textSelection?() != nil ? object.setTextSelection?(nil) ?? false : false)
        // No attributes (the whole text is one run without any): Orca asks at every caret move.
        case "GetAttributes", "GetAttributeRun":
            out.container("a", "{ss}") {}
            out.int32(0)
            out.int32(Int32(clamping: object.text?().unicodeScalars.count ?? 0))
        case "GetDefaultAttributes": out.container("a", "{ss}") {}
        case "GetAttributeValue": out.string("")
        // EditableText: the whole text replaced, or edited at character offsets.
        case "SetTextContents": out.bool(object.setText?(input.readString() ?? "") ?? false)
        case "InsertText":
            let position = Int(input.readInt32() ?? 0), inserted = input.readString() ?? ""
            let scalars = Array((object.text?() ?? "").unicodeScalars), at = max(0, min(position, scalars.count))
            if let replace = object.replaceText {
                out.bool(replace(at..<at, inserted))
                break
            }
            var edited = String.UnicodeScalarView(scalars[..<at])
            edited.append(contentsOf: inserted.unicodeScalars)
            edited.append(contentsOf: scalars[at...])
            out.bool(object.setText?(String(edited)) ?? false)
        case "DeleteText", "CutText":
            let start = Int(input.readInt32() ?? 0), end = Int(input.readInt32() ?? 0)
            let scalars = Array((object.text?() ?? "").unicodeScalars)
            let from = max(0, min(start, scalars.count)), to = max(from, min(end < 0 ? scalars.count : end, scalars.count))
            if let replace = object.replaceText {
                out.bool(replace(from..<to, ""))
                break
            }
            var edited = String.UnicodeScalarView(scalars[..<from])
            edited.append(contentsOf: scalars[to...])
            out.bool(object.setText?(String(edited)) ?? false)
        case "CopyText": break
        case "PasteText": out.bool(false)
        default:
            guard answerTable(member, of: object, input: input, out: out) else { return -EINVAL }
        }
        return sd_bus_send(nil, reply, nil) < 0 ? -EIO : 1
    }

    /// Where a table's child is: its row, column and column span; nil for an object not in a table.
    private func cell(of object: AccessibleObject) -> (row: Int, column: Int, columnSpan: Int)? {
        guard let parent = object.parent, let table = parent.table, let index = parent.index(of: object) else { return nil }
        return table.cell(ofChildAt: index)
    }

    /// The Table and TableCell methods; false for a member of neither.
    private func answerTable(_ member: String, of object: AccessibleObject, input: BusMessage, out: BusMessage) -> Bool {
        let table = object.table
        func rowAndColumn() -> (Int, Int) { (Int(input.readInt32() ?? -1), Int(input.readInt32() ?? -1)) }
        switch member {
        case "GetAccessibleAt":
            let (row, column) = rowAndColumn()
            reference(table?.childIndex(row: row, column: column).flatMap { object.child(at: $0) }, in: out)
        case "GetIndexAt":
            let (row, column) = rowAndColumn()
            out.int32(Int32(clamping: table?.childIndex(row: row, column: column) ?? -1))
        case "GetRowAtIndex": out.int32(Int32(clamping: table?.cell(ofChildAt: Int(input.readInt32() ?? -1))?.row ?? -1))
        case "GetColumnAtIndex": out.int32(Int32(clamping: table?.cell(ofChildAt: Int(input.readInt32() ?? -1))?.column ?? -1))
        case "GetRowDescription", "GetColumnDescription": out.string("")
        case "GetRowExtentAt":
            let (row, column) = rowAndColumn()
            out.int32(table?.childIndex(row: row, column: column) == nil ? 0 : 1)
        case "GetColumnExtentAt":
            let (row, column) = rowAndColumn()
            out.int32(Int32(clamping: table?.childIndex(row: row, column: column).flatMap { table?.cell(ofChildAt: $0)?.columnSpan } ?? 0))
        case "GetRowHeader": reference(nil, in: out)
        case "GetColumnHeader": reference(table?.columnHeader(Int(input.readInt32() ?? -1)), in: out)
        case "GetSelectedRows":
            out.container("a", "i") {
                guard let table else { return }
                var found = 0
                for row in 0..<table.rowCount where found < Self.selectedRowsLimit && table.isRowSelected(row) {
                    out.int32(Int32(clamping: row))
                    found += 1
                }
            }
        case "GetSelectedColumns": out.container("a", "i") {}
        case "IsRowSelected": out.bool(table?.isRowSelected(Int(input.readInt32() ?? -1)) ?? false)
        case "IsColumnSelected", "AddColumnSelection", "RemoveColumnSelection": out.bool(false)
        case "IsSelected":
            let (row, column) = rowAndColumn()
            out.bool(table?.isSelected(row: row, column: column) ?? false)
        case "AddRowSelection": out.bool(table?.setRow(Int(input.readInt32() ?? -1), selected: true) ?? false)
        case "RemoveRowSelection": out.bool(table?.setRow(Int(input.readInt32() ?? -1), selected: false) ?? false)
        case "GetRowColumnExtentsAtIndex":
            let index = Int(input.readInt32() ?? -1)
            let cell = table?.cell(ofChildAt: index)
            out.bool(cell != nil)
            out.int32(Int32(clamping: cell?.row ?? -1))
            out.int32(Int32(clamping: cell?.column ?? -1))
            out.int32(cell == nil ? 0 : 1)
            out.int32(Int32(clamping: cell?.columnSpan ?? 0))
            out.bool(cell.map { table?.isSelected(row: $0.row, column: $0.column) ?? false } ?? false)
        // TableCell
        case "GetRowHeaderCells": out.container("a", "(so)") {}
        case "GetColumnHeaderCells":
            let header = cell(of: object).flatMap { object.parent?.table?.columnHeader($0.column) }
            out.container("a", "(so)") { if let header { reference(header, in: out) } }
        case "GetRowColumnSpan":
            let cell = cell(of: object)
            out.int32(Int32(clamping: cell?.row ?? -1))
            out.int32(Int32(clamping: cell?.column ?? -1))
            out.int32(1)
            out.int32(Int32(clamping: cell?.columnSpan ?? 1))
        default: return false
        }
        return true
    }

    /// The Cache interface: nothing is cached ahead of time; screen readers ask.
    private func answerCache(_ message: OpaquePointer, member: String) -> Int32 {
        guard member == "GetItems" else { return -EINVAL }
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
        defer { sd_bus_message_unref(reply) }
        BusMessage(message: reply).container("a", "((so)(so)(so)iiassusau)") {}
        return sd_bus_send(nil, reply, nil) < 0 ? -EIO : 1
    }

    /// Characters `start` ..< `end` of `text` (an `end` of -1: to the end), clamped.
    static func slice(_ text: String, _ start: Int, _ end: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        let from = max(0, min(start, scalars.count)), to = end < 0 ? scalars.count : max(from, min(end, scalars.count))
        return String(String.UnicodeScalarView(scalars[from..<to]))
    }

    // MARK: - Events

    private func emit(_ object: AccessibleObject, _ interface: String, _ member: String, detail: String = "",
                      _ detail1: Int = 0, _ detail2: Int = 0, child: AccessibleObject? = nil, text: String? = nil) {
        guard let bus = serviceBus, phase == .serving else { return }
        let childPath = child.map { path(of: $0) }
        _ = path(of: object).withCString { objectPath in
            withOptionalCString(childPath) { childPathPointer in
                withOptionalCString(text) { textPointer in
                    sweep_a11y_emit(bus, objectPath, interface, member, detail, Int32(clamping: detail1), Int32(clamping: detail2),
                                    uniqueName, childPathPointer, textPointer)
                }
            }
        }
    }

    /// `object:text-changed:delete` and `:insert` for an edit from `old` to `new`:
    /// the part between their common start and common end, so deleting "w" from
    /// "kiwi" says "w" (not "wi" deleted and "i" inserted).
    public func textChanged(_ object: AccessibleObject, from old: String, to new: String) {
        let before = Array(old.unicodeScalars), after = Array(new.unicodeScalars)
        var start = 0
        while start < before.count && start < after.count && before[start] == after[start] { start += 1 }
        var end = 0
        while end < before.count - start && end < after.count - start && before[before.count - 1 - end] == after[after.count - 1 - end] {
            end += 1
        }
        if start < before.count - end {
            emit(object, "org.a11y.atspi.Event.Object", "TextChanged", detail: "delete", start, before.count - end - start,
                 text: String(String.UnicodeScalarView(before[start..<(before.count - end)])))
        }
        if start < after.count - end {
            emit(object, "org.a11y.atspi.Event.Object", "TextChanged", detail: "insert", start, after.count - end - start,
                 text: String(String.UnicodeScalarView(after[start..<(after.count - end)])))
        }
    }

    /// Says `message` once (a selection's count, a mode, a new folder): a notification of
    /// `frame` that shows, which Orca speaks whatever has the focus (and keeps in its
    /// notification history). Orca 43 reads neither `object:announcement` nor live regions
    /// outside web pages; a notification is what it speaks for native apps.
    public func announce(_ message: String, in frame: AccessibleObject) {
        let notification = announcer ?? AccessibleObject(role: .notification)
        announcer = notification
        notification.parent = frame
        notification.name = { message }
        notification.states = { AccessibleStates.usable }
        emit(notification, "org.a11y.atspi.Event.Object", "StateChanged", detail: "showing", 1)
    }

    /// `object:text-caret-moved` to the scalar `offset`.
    public func caretMoved(_ object: AccessibleObject, to offset: Int) {
        emit(object, "org.a11y.atspi.Event.Object", "TextCaretMoved", offset)
    }

    /// `object:text-selection-changed`: a text's selection grew, shrank or went.
    public func textSelectionChanged(_ object: AccessibleObject) {
        emit(object, "org.a11y.atspi.Event.Object", "TextSelectionChanged")
    }

    /// `object:state-changed:<state>` (focused, selected, active, defunct…).
    public func stateChanged(_ object: AccessibleObject, _ state: String, _ value: Bool) {
        if state == "focused" {
            if value { focusedObject = object } else if focusedObject === object { focusedObject = nil }
        }
        emit(object, "org.a11y.atspi.Event.Object", "StateChanged", detail: state, value ? 1 : 0)
    }

    /// `object:selection-changed` on a list or grid, once per committed change.
    public func selectionChanged(_ object: AccessibleObject) {
        emit(object, "org.a11y.atspi.Event.Object", "SelectionChanged")
    }

    /// `object:children-changed:add|remove` with the child.
    public func childrenChanged(_ object: AccessibleObject, added: Bool, index: Int, child: AccessibleObject) {
        emit(object, "org.a11y.atspi.Event.Object", "ChildrenChanged", detail: added ? "add" : "remove", index, child: child)
    }

    /// `object:property-change:accessible-name`.
    public func nameChanged(_ object: AccessibleObject) {
        // The new name travels with the event: Orca speaks the event's, and says nothing without one.
        emit(object, "org.a11y.atspi.Event.Object", "PropertyChange", detail: "accessible-name", text: object.name())
    }

    /// `object:property-change:accessible-value`: a value (a scroll bar's position) changed.
    public func valueChanged(_ object: AccessibleObject) {
        emit(object, "org.a11y.atspi.Event.Object", "PropertyChange", detail: "accessible-value")
    }

    /// `window:activate` / `window:deactivate` for a frame.
    public func windowActivated(_ frame: AccessibleObject, _ active: Bool) {
        if active { activeFrame = frame } else if activeFrame === frame { activeFrame = nil }
        emit(frame, "org.a11y.atspi.Event.Window", active ? "Activate" : "Deactivate")
        stateChanged(frame, "active", active)
    }

    /// Says again which window is active and what has the focus: what
    /// happened before the registry knew the app (the window took the
    /// keyboard before the bus answered) is what a screen reader starts from.
    func announceActiveWindowAndFocus() {
        guard let frame = activeFrame else { return }
        windowActivated(frame, true)
        if let focused = focusedObject, !focused.states().contains(.defunct) { stateChanged(focused, "focused", true) }
    }
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
