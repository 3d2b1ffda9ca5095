/// Colours of the demo's light theme and of the test compositors' backgrounds,
/// as screenshots show them (0xRRGGBB).
enum DemoColors {
    static let toolbar: UInt32 = 0xf4f4f6
    static let listBackground: UInt32 = 0xffffff
    static let separator: UInt32 = 0xd8d8dc
    static let rowHover: UInt32 = 0xf0f0f5
    static let desktop: UInt32 = 0x202020
    static let toolbarHeight = 44
    static let rowHeight = 44
}
