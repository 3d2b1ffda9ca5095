import CWaylandServer
import CWaylandServerProtocols
import Glibc
import SweepEventLog

/// `zwp_text_input_manager_v3`: the compositor's side of input methods. It
/// follows the keyboard focus (`enter` and `leave` to the client's text
/// inputs), keeps what each text input committed (enabled, the surrounding
/// text with its cursor and anchor, the change's cause, the content type,
/// the cursor rectangle), and plays the script's input method: preedit,
/// commit, delete surrounding text, then `done` with the serial.
final class TextInputServer: ResourceOwner {
    /// One client text input's state: what the client sent since its last
    /// commit, and what that commit made current.
    final class Input {
        let resource: WLResource
        struct State: Equatable {
            var enabled = false
            var surrounding: (text: String, cursor: Int32, anchor: Int32)?
            var cause: UInt32 = 0
            var hint: UInt32 = 0, purpose: UInt32 = 0
            var rectangle: [Int32]?
            static func == (a: State, b: State) -> Bool {
                a.enabled == b.enabled && a.surrounding?.text == b.surrounding?.text && a.surrounding?.cursor == b.surrounding?.cursor
                    && a.surrounding?.anchor == b.surrounding?.anchor && a.cause == b.cause && a.hint == b.hint
                    && a.purpose == b.purpose && a.rectangle == b.rectangle
            }
        }
        var pending = State()
        var current = State()
        /// Commits received: the serial of a `done` answering the latest.
        var commits: UInt32 = 0
        /// Whether it was told `enter` for the focused surface.
        var entered: WLResource?
        init(resource: WLResource) { self.resource = resource }
    }

    private(set) var inputs: [Input] = []
    /// The surface with the keyboard focus (text input follows it).
    private var focus: WLResource?

    func resourceDestroyed(_ resource: WLResource?) {
        inputs.removeAll { $0.resource == resource }
    }

    /// The keyboard focus moved to `surface` (nil: away from the client):
    /// the client's text inputs hear `leave` and `enter`, as a compositor says.
    func keyboardFocusMoved(to surface: WLResource?) {
        focus = surface
        for input in inputs { tellFocus(input) }
    }

    private func tellFocus(_ input: Input) {
        if let old = input.entered, old != focus {
            zwp_text_input_v3_send_leave(input.resource, old)
            input.entered = nil
            // Leaving disables: the client enables again on the next enter.
            input.current.enabled = false
            input.pending = Input.State()
        }
        if let focus, input.entered == nil, wl_resource_get_client(focus) == wl_resource_get_client(input.resource) {
            zwp_text_input_v3_send_enter(input.resource, focus)
            input.entered = focus
        }
    }

    /// The text input the script's input method types into: the enabled one on the focus.
    var active: Input? { inputs.last { $0.entered != nil && $0.current.enabled } }

    /// Sends an input method's update to the active text input, then `done`
    /// with the serial of its latest commit (`staleBy` commits older for a
    /// stale one); false when no text input is enabled.
    func send(preedit: (text: String, begin: Int32, end: Int32)?, commit: String?, delete: (before: UInt32, after: UInt32)?,
              staleBy: UInt32) -> Bool {
        guard let input = active else { return false }
        if let preedit { zwp_text_input_v3_send_preedit_string(input.resource, preedit.text, preedit.begin, preedit.end) }
        if let delete { zwp_text_input_v3_send_delete_surrounding_text(input.resource, delete.before, delete.after) }
        if let commit { zwp_text_input_v3_send_commit_string(input.resource, commit) }
        zwp_text_input_v3_send_done(input.resource, input.commits &- staleBy)
        return true
    }

    /// Raw bytes as a commit (invalid UTF-8 included), to see what a client does with them.
    func sendRawCommit(_ bytes: [UInt8]) -> Bool {
        guard let input = active else { return false }
        var terminated = bytes.map { CChar(bitPattern: $0) }
        terminated.append(0)
        zwp_text_input_v3_send_commit_string(input.resource, terminated)
        zwp_text_input_v3_send_done(input.resource, input.commits)
        return true
    }

    /// The active text input's committed state as one JSON line (`enabled` false when none is).
    func statusLine(line: Int) -> String {
        guard let input = inputs.last(where: { $0.entered != nil }) else { return "{\"line\":\(line),\"enabled\":false}\n" }
        let state = input.current
        var fields = ["\"line\":\(line)", "\"enabled\":\(state.enabled)", "\"commits\":\(input.commits)",
                      "\"cause\":\(state.cause)", "\"hint\":\(state.hint)", "\"purpose\":\(state.purpose)"]
        if let surrounding = state.surrounding {
            fields.append("\"text\":\(EventLog.quote(surrounding.text))")
            fields.append("\"cursor\":\(surrounding.cursor)")
            fields.append("\"anchor\":\(surrounding.anchor)")
        }
        if let rectangle = state.rectangle { fields.append("\"rectangle\":[\(rectangle.map(String.init).joined(separator: ","))]") }
        return "{" + fields.joined(separator: ",") + "}\n"
    }

    // MARK: - Requests

    private static func input(_ resource: WLResource?) -> Input? {
        guard let server = Resource.object(resource, as: TextInputServer.self) else { return nil }
        return server.inputs.first { $0.resource == resource }
    }

    nonisolated(unsafe) static let managerRequests = requestTable(sweep_zwp_text_input_manager_v3_requests(
        destroy: Resource.destroy,
        get_text_input: { client, manager, id, _ in
            guard let server = Resource.object(manager, as: TextInputServer.self),
                  let resource = Resource.create(client: client, interface: sweep_server_zwp_text_input_v3_interface(),
                                                 version: UInt32(wl_resource_get_version(manager)), id: id,
                                                 requests: TextInputServer.inputRequests, object: server) else { return }
            let input = Input(resource: resource)
            server.inputs.append(input)
            server.tellFocus(input)
        }
    ))

    nonisolated(unsafe) static let inputRequests = requestTable(sweep_zwp_text_input_v3_requests(
        destroy: Resource.destroy,
        enable: { _, resource in
            // Enabling resets the state: what follows before the commit is all of it.
            guard let input = input(resource) else { return }
            input.pending = Input.State()
            input.pending.enabled = true
        },
        disable: { _, resource in input(resource)?.pending.enabled = false },
        set_surrounding_text: { _, resource, text, cursor, anchor in
            guard let input = input(resource) else { return }
            let string = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""
            input.pending.surrounding = (string, cursor, anchor)
        },
        set_text_change_cause: { _, resource, cause in input(resource)?.pending.cause = cause },
        set_content_type: { _, resource, hint, purpose in
            input(resource)?.pending.hint = hint
            input(resource)?.pending.purpose = purpose
        },
        set_cursor_rectangle: { _, resource, x, y, width, height in input(resource)?.pending.rectangle = [x, y, width, height] },
        commit: { _, resource in
            guard let input = input(resource) else { return }
            input.current = input.pending
            input.commits &+= 1
        }
    ))
}
