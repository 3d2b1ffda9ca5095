/// What a window's own title bar asked the compositor for (`AppWindow.onTitleBarRequest`).
public enum TitleBarRequest: String, CaseIterable, Sendable {
    case move, resize, maximize, unmaximize, minimize, windowMenu
}
