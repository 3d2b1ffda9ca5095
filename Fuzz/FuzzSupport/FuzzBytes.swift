import CFuzzDriver
import Glibc

/// A fuzzer's input read as a stream of choices: bytes, numbers below a
/// bound, flags, runs of bytes. Past the end every read gives zero, so any
/// input decodes to something and a longer input only adds to it.
public struct FuzzBytes: Sendable {
    public let bytes: [UInt8]
    public private(set) var index = 0

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { index >= bytes.count }
    public var remaining: Int { max(0, bytes.count - index) }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<bound` (one byte, or two for bounds over 256).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        if bound <= 256 { return Int(byte()) % bound }
        return (Int(byte()) << 8 | Int(byte())) % bound
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A signed 16-bit number.
    public mutating func int16() -> Int { Int(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) }

    public mutating func uint32() -> UInt32 {
        (0..<4).reduce(UInt32(0)) { value, _ in value << 8 | UInt32(byte()) }
    }

    /// Up to `count` bytes (fewer at the end).
    public mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, index + max(0, count))
        defer { index = max(index, end) }
        return index < end ? Array(bytes[index..<end]) : []
    }

    /// A run of bytes whose length is the next byte.
    public mutating func chunk() -> [UInt8] { take(Int(byte())) }

    /// Everything left.
    public mutating func rest() -> [UInt8] { take(remaining) }
}

/// Stops the run with `message` when `condition` is false: the fuzzer
/// records the input as a crash.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #file, line: UInt = #line) {
    if !condition() { fatalError("invariant broken: \(message())", file: file, line: line) }
}

/// Runs libFuzzer on `body` (the target's `LLVMFuzzerTestOneInput`) with the
/// program's arguments (libFuzzer's: a corpus folder, `-max_total_time=N`,
/// an input to replay…) and exits with its status.
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}
