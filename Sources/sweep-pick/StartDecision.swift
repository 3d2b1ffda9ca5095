import Glibc
import PickCore

/// --select-1 and --exit-0 (fzf's names; --auto-select is --select-1, as
/// fuzzel users write it): the whole input is read first, and when the start
/// filter (--query) leaves exactly one record (--select-1) it is printed, or
/// none (--exit-0) the picker ends, without a window either way. Otherwise
/// the records read go to the picker as if they had just arrived.
enum StartDecision {
    /// The input, read to its end, with --header-lines' records set apart.
    struct Input {
        var bytes: [UInt8] = []
    }

    /// Reads every source to its end (blocking: there is no window yet); nil after an error, said on stderr.
    static func readAll(_ sources: [InputReader.Source]) -> Input? {
        var input = Input()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        for source in sources {
            while true {
                let count = chunk.withUnsafeMutableBytes { read(source.fd, $0.baseAddress, $0.count) }
                if count > 0 { input.bytes += chunk[0..<count]; continue }
                if count < 0 && errno == EINTR { continue }
                if count < 0 {
                    printError("cannot read \(source.name): \(String(cString: strerror(errno)))")
                    return nil
                }
                break
            }
        }
        return input
    }

    /// How a run ends without a window: its exit status, and for --select-1 the bytes of the
    /// record it printed (for --history).
    struct Decision {
        var status: Int32
        var chosen: [UInt8]?
    }

    /// What the options decide before any window: nil to go on and show the picker, else how
    /// the run ends (after printing the one record for --select-1).
    static func decide(_ input: Input, options: PickOptions) throws -> Decision? {
        let separator: UInt8 = options.read0 ? 0 : 0x0A
        // --header-lines' records are not records.
        var start = input.bytes.startIndex
        for _ in 0..<options.headerLines {
            guard let end = input.bytes[start...].firstIndex(of: separator) else { start = input.bytes.endIndex; break }
            start = end + 1
        }
        let store = RecordStore(separator: separator)
        input.bytes[start...].withUnsafeBytes { store.append($0) }
        store.finish()
        let pass = FilterPass(store: store, query: options.query, mode: options.plainMatchMode, foldsAccents: !options.literal,
                              fields: try options.matchFields(), delimiter: options.delimiter)
        while !pass.run(budget: 1 << 20) {}
        let matches = pass.result
        if options.exit0 && matches.count == 0 { return Decision(status: 1) }
        guard options.select1, matches.count == 1 else { return nil }
        let acceptFields = try options.acceptNth.map { try FieldSelector(parsing: $0) }
        let writer = OutputWriter(store: store, acceptFields: acceptFields, delimiter: options.delimiter)
        var ok = true
        writer.write(result: matches, format: options.output.format, terminator: options.print0 ? 0 : 0x0A,
                     query: options.printQuery ? options.query : nil) { chunk in
            if ok { ok = writeAll(chunk, to: STDOUT_FILENO) }
        }
        guard ok else { return Decision(status: 2) }
        return Decision(status: 0, chosen: store.withBytes(of: matches[0]) { Array($0) })
    }
}
