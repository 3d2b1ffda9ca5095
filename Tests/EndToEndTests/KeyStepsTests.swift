import Foundation
import Testing

/// How a sway test's wtype-style arguments become script steps for its one virtual keyboard.
@Suite struct KeyStepsTests {
    @Test func textIsTypedByKeysymAndNamedKeysByName() throws {
        #expect(try HeadlessSway.keySteps(["a.\"\\", "-k", "Return"]) == [
            #"{"key":"0x61","op":"key.tap"}"#, #"{"key":"0x2e","op":"key.tap"}"#,
            #"{"key":"0x22","op":"key.tap"}"#, #"{"key":"0x5c","op":"key.tap"}"#,
            #"{"key":"Return","op":"key.tap"}"#,
        ])
    }

    @Test func aModifierLeftHeldIsReleasedAtTheEnd() throws {
        #expect(try HeadlessSway.keySteps(["-M", "ctrl", "-M", "shift", "z", "-m", "shift"]) == [
            #"{"key":"Control_L","op":"key.down"}"#, #"{"key":"Shift_L","op":"key.down"}"#,
            #"{"key":"0x7a","op":"key.tap"}"#, #"{"key":"Shift_L","op":"key.up"}"#,
            #"{"key":"Control_L","op":"key.up"}"#,
        ])
    }

    @Test func whatTheKeymapCannotTypeIsRefused() {
        #expect(throws: HarnessError.self) { try HeadlessSway.keySteps(["é"]) }
        #expect(throws: HarnessError.self) { try HeadlessSway.keySteps(["-M", "hyper"]) }
        #expect(throws: HarnessError.self) { try HeadlessSway.keySteps(["-k"]) }
        #expect(throws: HarnessError.self) { try HeadlessSway.keySteps(["-d", "10"]) }
    }
}
