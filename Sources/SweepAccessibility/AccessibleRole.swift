/// AT-SPI2 roles (`AtspiRole`): what an object is to a screen reader.
public enum AccessibleRole: UInt32, Sendable, CaseIterable {
    /// Not a role: what a gone object answers.
    case invalid = 0
    case alert = 2
    case checkBox = 7
    case checkMenuItem = 8
    case dialog = 16
    case filler = 20
    case frame = 23
    case icon = 26
    case image = 27
    case label = 29
    case list = 31
    case listItem = 32
    case menu = 33
    case menuItem = 35
    case pageTab = 37
    case pageTabList = 38
    case panel = 39
    case passwordText = 40
    case popupMenu = 41
    case pushButton = 43
    case radioButton = 44
    case radioMenuItem = 45
    case scrollBar = 48
    case scrollPane = 49
    case separator = 50
    case splitPane = 53
    case statusBar = 54
    case table = 55
    case text = 61
    case tableCell = 56
    case tableColumnHeader = 57
    case toggleButton = 62
    case toolBar = 63
    case tree = 65
    case treeTable = 66
    case application = 75
    case entry = 79
    case heading = 83
    case section = 85
    case link = 88
    case treeItem = 91
    case listBox = 98
    case grouping = 99
    case notification = 101
    case infoBar = 102
    case staticText = 116

    /// The role's name as AT-SPI spells it (`GetRoleName`).
    public var name: String {
        switch self {
        case .invalid: "invalid"
        case .alert: "alert"
        case .checkBox: "check box"
        case .checkMenuItem: "check menu item"
        case .dialog: "dialog"
        case .filler: "filler"
        case .frame: "frame"
        case .icon: "icon"
        case .image: "image"
        case .label: "label"
        case .scrollBar: "scroll bar"
        case .list: "list"
        case .listItem: "list item"
        case .menu: "menu"
        case .menuItem: "menu item"
        case .pageTab: "page tab"
        case .pageTabList: "page tab list"
        case .panel: "panel"
        case .passwordText: "password text"
        case .popupMenu: "popup menu"
        case .pushButton: "push button"
        case .radioButton: "radio button"
        case .radioMenuItem: "radio menu item"
        case .scrollPane: "scroll pane"
        case .separator: "separator"
        case .splitPane: "split pane"
        case .statusBar: "status bar"
        case .table: "table"
        case .text: "text"
        case .tableCell: "table cell"
        case .tableColumnHeader: "table column header"
        case .toggleButton: "toggle button"
        case .toolBar: "tool bar"
        case .tree: "tree"
        case .treeTable: "tree table"
        case .application: "application"
        case .entry: "entry"
        case .heading: "heading"
        case .section: "section"
        case .link: "link"
        case .treeItem: "tree item"
        case .listBox: "list box"
        case .grouping: "grouping"
        case .notification: "notification"
        case .infoBar: "info bar"
        case .staticText: "static"
        }
    }
}

/// AT-SPI2 states (`AtspiStateType`), as a 64-bit set of `1 << state`.
public struct AccessibleStates: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    private init(bit: Int) { rawValue = 1 << UInt64(bit) }

    public static let active = AccessibleStates(bit: 1)
    public static let checked = AccessibleStates(bit: 4)
    public static let collapsed = AccessibleStates(bit: 5)
    public static let defunct = AccessibleStates(bit: 6)
    public static let editable = AccessibleStates(bit: 7)
    public static let enabled = AccessibleStates(bit: 8)
    public static let expandable = AccessibleStates(bit: 9)
    public static let expanded = AccessibleStates(bit: 10)
    public static let focusable = AccessibleStates(bit: 11)
    public static let focused = AccessibleStates(bit: 12)
    public static let multiLine = AccessibleStates(bit: 17)
    public static let multiselectable = AccessibleStates(bit: 18)
    public static let pressed = AccessibleStates(bit: 20)
    public static let selectable = AccessibleStates(bit: 22)
    public static let selected = AccessibleStates(bit: 23)
    public static let sensitive = AccessibleStates(bit: 24)
    public static let showing = AccessibleStates(bit: 25)
    /// Made on demand and let go: a reader's library keeps none of its properties cached.
    public static let transient = AccessibleStates(bit: 28)
    public static let vertical = AccessibleStates(bit: 29)
    public static let visible = AccessibleStates(bit: 30)
    /// Its children are made on demand: a reader follows focus and active-descendant events, not selection-changed.
    public static let managesDescendants = AccessibleStates(bit: 31)
    public static let checkable = AccessibleStates(bit: 41)
    /// Text that can be read and selected but not changed.
    public static let readOnly = AccessibleStates(bit: 43)
    /// Text whose characters can be selected.
    public static let selectableText = AccessibleStates(bit: 38)

    /// What every object a person can use has: enabled, sensitive, visible, showing.
    public static let usable: AccessibleStates = [.enabled, .sensitive, .visible, .showing]
}
