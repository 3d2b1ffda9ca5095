import FoundationEssentials
import Testing
@testable import SweepEventLog

@Suite struct EventLogTests {
    @Test func writesOneJSONObjectALineInOrder() throws {
        let path = "/tmp/sweep-event-log-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        let log = try EventLog(path: path)
        log.log(view: "list", event: "scroll", ["offset": .double(132)])
        log.log(view: "list", event: "selection", ["ranges": .array([.array([.int(0), .int(2), .int(5)])]), "count": .int(4),
                                                   "provisional": .bool(true), "title": .string("quote \" and\nnewline")])
        let lines = String(decoding: try Data(contentsOf: URL(filePath: path)), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("{\"seq\":1,\"t\":"))
        #expect(lines[0].hasSuffix("\"view\":\"list\",\"event\":\"scroll\",\"offset\":132}"))
        #expect(lines[1].contains("\"ranges\":[[0,2,5]],\"count\":4,\"provisional\":true,\"title\":\"quote \\\" and\\nnewline\"}"))
        for line in lines {
            #expect(throws: Never.self) { _ = try JSONDecoder().decode([String: JSONAny].self, from: Data(line.utf8)) }
        }
    }

    @Test func anUnwritableFileIsAClearError() {
        #expect(throws: EventLogError.self) { _ = try EventLog(path: "/nonexistent/dir/log.jsonl") }
    }

    @Test func aFullDiskIsReportedOnceAndLoggingStops() throws {
        // /dev/full accepts the open and fails every write with ENOSPC.
        let log = try EventLog(path: "/dev/full")
        var errors: [String] = []
        log.onError = { errors.append($0) }
        log.log(view: "list", event: "scroll")
        log.log(view: "list", event: "scroll")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("No space left") == true)
    }
}

/// Any JSON value, to check that lines parse.
struct JSONAny: Decodable {
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { return }
        if (try? container.decode(Bool.self)) != nil { return }
        if (try? container.decode(Double.self)) != nil { return }
        if (try? container.decode(String.self)) != nil { return }
        if (try? container.decode([JSONAny].self)) != nil { return }
        _ = try container.decode([String: JSONAny].self)
    }
}
