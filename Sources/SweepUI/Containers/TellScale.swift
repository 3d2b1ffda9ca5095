/// Tells `component` and everything inside it (its `children`, theirs in
/// turn) that the window draws at `scale` now. Containers call it for the
/// children they hold but do not list (hidden, collapsed).
@MainActor
func tellScale(_ scale: Double, to component: Component, depth: Int = 0) {
    component.windowScaleDidChange(to: scale)
    guard depth < 32 else { return }
    for child in component.children where child !== component { tellScale(scale, to: child, depth: depth + 1) }
}
