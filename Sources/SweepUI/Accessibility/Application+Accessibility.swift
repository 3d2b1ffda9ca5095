import Glibc
internal import SweepWayland

/// The app's windows and components for assistive technologies (AT-SPI2):
/// the application object holds one frame per window, each frame the
/// window's components that have an `accessibleObject`.
extension Application {
    func startAccessibility() {
        let name = CommandLine.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "sweep"
        let bridge = AccessibilityBridge(applicationName: name)
        bridge.root.children = { [weak self] in self?.windows.map(\.accessibleFrame) ?? [] }
        let pump = BusPump(loop: connection.loop, fd: { bridge.fd }, events: { bridge.pollEvents },
                           timeout: { bridge.timeoutMilliseconds }, process: { bridge.process() })
        bridge.onPhaseChange = { [weak self] phase in
            if case .off = phase {
                // Nothing to serve: no bus traffic from here on.
                self?.accessibilityPump?.stop()
            }
        }
        bridge.start()
        if case .off = bridge.phase { return }
        accessibility = bridge
        accessibilityPump = pump
        pump.rearm()
    }
}

extension AppWindow {
    func makeAccessibleFrame() -> AccessibleObject {
        let frame = AccessibleObject(role: .frame)
        frame.parent = application.accessibility?.root
        frame.name = { [unowned self] in title }
        frame.states = { [unowned self] in isActive ? AccessibleStates.usable.union(.active) : .usable }
        frame.children = { [unowned self, unowned frame] in
            // A container that describes itself (its pages and its own parts) stands for them all.
            let children = content?.accessibleObjectsInTree() ?? []
            for child in children { child.parent = frame }
            // An open menu is the frame's too (its popups are the window's).
            return children + [menuSession?.root?.accessibleObject].compactMap { $0 }
        }
        frame.extents = { [unowned self] in Rect(origin: .zero, size: window.size) }
        return frame
    }

    /// The keyboard focus came to the window (or went): screen readers follow the active window.
    func setActive(_ active: Bool) {
        guard active != isActive else { return }
        isActive = active
        application.accessibility?.windowActivated(accessibleFrame, active)
        onActiveChange?(active)
    }
}
