import Foundation
import SweepGestures
import SweepIcons
import SweepPNG
import SweepPixman
@testable import SweepUI
import Testing

@MainActor @Suite struct ButtonTests {
    private func makeButton(_ title: String = "Open", toggle: Bool = false) -> (Button, TestHost, () -> Int) {
        var count = 0
        let button = Button(title, toggle: toggle) { _ in count += 1 }
        let host = TestHost()
        button.attach(to: host)
        button.setFrame(Rect(x: 10, y: 10, width: 100, height: 34))
        return (button, host, { count })
    }

    private func click(_ host: TestHost, at point: Point, time: Double = 1000) {
        host.gestureArena.pointerMoved(to: point, time: time)
        host.gestureArena.pointerButton(pressed: true, modifiers: [], time: time + 10)
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: time + 60)
    }

    @Test func aTooltipShowsAfterTheHoverPauseAndGoesWithThePointer() {
        let (button, host, _) = makeButton()
        button.tooltip = "Open the selected file (Enter)"
        _ = button.hover(at: Point(x: 50, y: 20))
        host.advance(by: Button.tooltipDelay - 50)
        #expect(host.tooltip == nil, "not before the pause")
        host.advance(by: 60)
        #expect(host.tooltip?.text == "Open the selected file (Enter)" && host.tooltip?.area == button.frame)
        _ = button.hover(at: Point(x: 500, y: 20))
        #expect(host.tooltip == nil, "the pointer left: it goes")
        // A pointer that passes over without resting shows nothing; an activation takes it down too.
        _ = button.hover(at: Point(x: 50, y: 20))
        _ = button.hover(at: nil)
        host.advance(by: 1000)
        #expect(host.tooltip == nil)
        _ = button.hover(at: Point(x: 50, y: 20))
        host.advance(by: 600)
        button.activate()
        #expect(host.tooltip == nil)
        #expect(button.accessibleObject?.description() == "Open the selected file (Enter)", "screen readers hear it as the description")
    }

    @Test func aClickATapSpaceAndEnterActivateItOnceEach() {
        let (button, host, count) = makeButton()
        click(host, at: Point(x: 50, y: 20))
        #expect(count() == 1)
        host.gestureArena.handle(Input.touches(down: [(0, Point(x: 60, y: 25))], time: 2000))
        host.gestureArena.handle(Input.touches(up: [0], time: 2060))
        host.advance(by: 400)
        #expect(count() == 2, "a tap")
        #expect(button.handleKey(Input.key(.space)) && button.handleKey(Input.key(.returnKey)))
        #expect(count() == 4)
        #expect(!button.handleKey(Input.key(.a)) && !button.handleKey(Input.key(.space, .control)), "other keys go on")
        click(host, at: Point(x: 200, y: 20), time: 3000)
        #expect(count() == 4, "a click beside it does nothing")
    }

    /// Held down by the pointer it shows pressed; dragged off it comes up and a release there
    /// does nothing; back over it, the release activates it (GTK's buttons).
    @Test func aPointerHoldingItDownShowsItPressedAndOnlyAReleaseOverItActivates() {
        let (button, host, count) = makeButton()
        host.gestureArena.pointerMoved(to: Point(x: 50, y: 20), time: 1000)
        host.gestureArena.pointerButton(pressed: true, modifiers: [], time: 1010)
        #expect(button.isPressed && count() == 0, "pressed while held, not yet activated")
        host.gestureArena.pointerMoved(to: Point(x: 300, y: 20), time: 1100)
        #expect(!button.isPressed, "off the button it comes up")
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: 1200)
        #expect(count() == 0, "a release off it does nothing")
        host.gestureArena.pointerMoved(to: Point(x: 50, y: 20), time: 2000)
        host.gestureArena.pointerButton(pressed: true, modifiers: [], time: 2010)
        host.gestureArena.pointerMoved(to: Point(x: 300, y: 20), time: 2100)
        host.gestureArena.pointerMoved(to: Point(x: 60, y: 22), time: 2200)
        #expect(button.isPressed, "back over it, pressed again")
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: 2300)
        #expect(count() == 1)
    }

    /// A theme icon by name is found in the icon theme and decoded off the main actor, then drawn;
    /// a symbolic one in the title's colour. A name no theme has leaves the built-in icon.
    @Test func anIconFromTheIconThemeIsFoundDecodedAndASymbolicOneRecoloured() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("button-icons-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: "\(base)/hicolor/16x16/actions", withIntermediateDirectories: true)
        try "[Icon Theme]\nName=Hicolor\nDirectories=16x16/actions\n\n[16x16/actions]\nSize=16\nType=Threshold\n"
            .write(toFile: "\(base)/hicolor/index.theme", atomically: true, encoding: .utf8)
        // A black 16 × 16 square with a transparent border: the shape a symbolic icon is.
        let rgba = (0..<256).flatMap { index -> [UInt8] in
            let (x, y) = (index % 16, index / 16)
            return (2..<14).contains(x) && (2..<14).contains(y) ? [0, 0, 0, 255] : [0, 0, 0, 0]
        }
        try PNGCodec.write(PNGImage(width: 16, height: 16, rgba: rgba), to: "\(base)/hicolor/16x16/actions/go-next-symbolic.png")
        let saved = Button.iconLookup
        Button.iconLookup = IconLookup(theme: "hicolor", baseDirectories: [base])
        defer { Button.iconLookup = saved }
        let (button, _, _) = makeButton("")
        button.theme = .dark
        button.iconName = "go-next-symbolic"
        for _ in 0..<200 where button.themeIcon == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(button.themeIcon != nil, "found and decoded")
        let image = try #require(PixmanImage(width: 120, height: 50))
        button.draw(in: PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(button.frame))
        let text = Theme.dark.primaryText
        #expect(image.pixel(x: 60, y: 27) & 0xffffff == UInt32(text.red) << 16 | UInt32(text.green) << 8 | UInt32(text.blue),
                "the symbolic icon in the title's colour: \(String(image.pixel(x: 60, y: 27), radix: 16))")
        button.iconName = "no-such-icon"
        for _ in 0..<50 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(button.themeIcon == nil)
    }

    @Test func enterGoesToTheDefaultButtonAndAltWithALetterToItsMnemonicsButton() {
        let save = Button("Save", style: .suggested), open = Button("Open"), cancel = Button("Cancel")
        open.mnemonic = "o"
        let field = TextField()
        let components: [Component] = [field, open, cancel, save]
        let enter = KeyEvent(keysym: .returnKey, text: "\r", modifiers: [], isRepeat: false, time: 0)
        #expect(ButtonKeys.button(for: enter, defaultButton: save, among: components) === save)
        #expect(ButtonKeys.button(for: enter, defaultButton: nil, among: components) == nil, "no default: nothing")
        var shiftEnter = enter
        shiftEnter.modifiers = [.shift]
        #expect(ButtonKeys.button(for: shiftEnter, defaultButton: save, among: components) == nil)
        save.isEnabled = false
        #expect(ButtonKeys.button(for: enter, defaultButton: save, among: components) == nil, "a disabled default does nothing")
        let altO = KeyEvent(keysym: .o, text: "o", modifiers: [.alt], isRepeat: false, time: 0)
        #expect(ButtonKeys.button(for: altO, defaultButton: save, among: components) === open)
        var ctrlAltO = altO
        ctrlAltO.modifiers = [.alt, .control]
        #expect(ButtonKeys.button(for: ctrlAltO, defaultButton: save, among: components) == nil)
        var repeated = altO
        repeated.isRepeat = true
        #expect(ButtonKeys.button(for: repeated, defaultButton: save, among: components) == nil, "a held key activates once")
        // A text field without onSubmit passes Enter on (to the default button); with one, it takes it.
        #expect(!field.handleKey(enter))
        field.onSubmit = { _ in }
        #expect(field.handleKey(enter))
    }

    @Test func theMnemonicIsMatchedWithoutCase() {
        let (button, _, _) = makeButton("Open")
        button.mnemonic = "o"
        let altO = KeyEvent(keysym: .o, text: "O", modifiers: [.alt], isRepeat: false, time: 0)
        #expect(button.matchesMnemonic(altO))
        button.isEnabled = false
        #expect(!button.matchesMnemonic(altO), "a disabled button's mnemonic does nothing")
    }

    @Test func anActivationShowsPressedForAMoment() {
        let (button, host, _) = makeButton()
        button.activate()
        #expect(button.isPressed)
        host.advance(by: 200)
        #expect(!button.isPressed)
    }

    @Test func aDisabledButtonIgnoresPressesAndKeysAndTakesNoFocus() {
        let (button, host, count) = makeButton()
        button.isEnabled = false
        click(host, at: Point(x: 50, y: 20))
        #expect(!button.handleKey(Input.key(.space)))
        button.activate()
        #expect(count() == 0 && !button.acceptsFocus)
        #expect(button.accessibleObject?.states().contains(.enabled) == false)
        #expect(button.accessibleObject?.actions.first?.perform() == false)
    }

    @Test func aToggleButtonStaysPressedWhileOnAndSaysSo() {
        let (button, _, count) = makeButton("Bold", toggle: true)
        #expect(button.accessibleObject?.role == .toggleButton)
        #expect(button.accessibleObject?.actions.first?.perform() == true)
        #expect(button.isOn && button.isPressed && count() == 1)
        let states = button.accessibleObject?.states() ?? []
        #expect(states.contains(.pressed) && states.contains(.checked) && states.contains(.checkable))
        button.activate()
        #expect(!button.isOn)
    }

    @Test func aScreenReaderHearsAPushButtonByItsTitle() {
        let (button, _, count) = makeButton("New Folder")
        let object = button.accessibleObject
        #expect(object?.role == .pushButton && object?.name() == "New Folder")
        #expect(object?.actions.map(\.name) == ["click"])
        _ = object?.actions.first?.perform()
        #expect(count() == 1)
        #expect(object?.extents?() == Rect(x: 10, y: 10, width: 100, height: 34))
    }

    @Test func itAsksForItsTitlesWidthAndAThousandFitARowWithoutOverlap() {
        let short = Button("OK"), long = Button("Move to the Wastebasket")
        #expect(short.sizeNeeds.natural.height == 34 && short.sizeNeeds.natural.width >= 34)
        #expect(long.sizeNeeds.natural.width > short.sizeNeeds.natural.width + 100)
        let buttons = (0..<1000).map { Button("Button \($0)") }
        let row = Stack(.horizontal, spacing: 6, buttons.map { Stack.Item($0) })
        row.setFrame(Rect(x: 0, y: 0, width: 800, height: 40))
        #expect(buttons.allSatisfy { $0.frame.minX >= 0 && $0.frame.maxX <= 800 })
        for (left, right) in zip(buttons, buttons.dropFirst()) { #expect(left.frame.maxX <= right.frame.minX) }
    }

    @Test(arguments: [1.0, 2.0])
    func theStylesDrawInEachTheme(scale: Double) throws {
        for theme in [Theme.light, .dark] {
            let image = try #require(PixmanImage(width: Int(300 * scale), height: Int(40 * scale)))
            let canvas = PixmanCanvas(image: image, scale: scale, fonts: try FontSet(scale: scale))
            let suggested = Button("Save", style: .suggested, theme: theme)
            let normal = Button("Cancel", theme: theme)
            let destructive = Button("Delete", style: .destructive, theme: theme)
            for (index, button) in [suggested, normal, destructive].enumerated() {
                button.setFrame(Rect(x: Double(index) * 100, y: 0, width: 96, height: 40))
                button.draw(in: canvas, damage: Region(button.frame))
            }
            let px = { (x: Double, y: Double) in image.pixel(x: Int(x * scale), y: Int(y * scale)) }
            let opaque = { (c: Color) in 0xff00_0000 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue) }
            #expect(px(8, 20) == opaque(theme.accent), "the suggested button is accent-filled")
            #expect(px(0.2, 0.2) == opaque(theme.toolbarBackground), "its corner shows what it sits on")
            #expect(px(108, 20) == opaque(theme.toolbarBackground), "a plain button's fill")
            #expect(px(101.5, 20) == opaque(theme.separator), "and its hairline")
            var red = 0
            for y in 10..<30 { for x in 210..<290 where px(Double(x), Double(y)) & 0xff_0000 > 0x90_0000 && px(Double(x), Double(y)) & 0xff00 < 0x6000 { red += 1 } }
            #expect(red > 10, "the destructive title is red")
        }
    }
}
