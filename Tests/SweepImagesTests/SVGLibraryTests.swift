import Dispatch
import Glibc
import Synchronization
@testable import SweepImages
import Testing

/// librsvg and cairo are loaded at run time: without them an SVG is an error, never a crash, and
/// the other formats do not need them.
@Suite struct SVGLibraryTests {
    let disc = Array("<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><circle cx='8' cy='8' r='6' fill='red'/></svg>".utf8)

    func message(_ result: Result<SVGLibrary, ImageError>) -> String? {
        if case .failure(.missingLibrary(let message)) = result { message } else { nil }
    }

    @Test func aMissingLibraryIsAnErrorThatNamesThePackage() throws {
        let noRsvg = SVGLibrary.load(rsvg: "libsweep-no-such-rsvg.so.2", cairo: SVGLibrary.cairoName)
        let text = try #require(message(noRsvg))
        #expect(text.hasPrefix("SVG needs librsvg (Debian: librsvg2-2): "))
        #expect(text.contains("libsweep-no-such-rsvg.so.2"), "dlerror's reason")
        let noCairo = SVGLibrary.load(rsvg: SVGLibrary.rsvgName, cairo: "libsweep-no-such-cairo.so.2")
        #expect(message(noCairo)?.hasPrefix("SVG needs cairo (Debian: libcairo2): ") == true)
        // A library that loads but lacks the functions (libc has none of them).
        let noFunctions = SVGLibrary.load(rsvg: "libc.so.6", cairo: "libc.so.6")
        #expect(message(noFunctions)?.contains("rsvg_handle_new_from_data not found") == true)

        #expect(throws: ImageError.missingLibrary(try #require(message(noRsvg)))) {
            try SVGDecoding.thumbnail(disc, fitting: 32, library: noRsvg)
        }
        #expect(ImageError.missingLibrary("SVG needs librsvg").description == "SVG needs librsvg")
        // The size limits still come first.
        #expect(throws: ImageError.tooLarge(width: 5000, height: 5000)) {
            try SVGDecoding.thumbnail(disc, fitting: 5000, library: noRsvg)
        }
    }

    @Test func theInstalledLibrariesLoadOnceFromAnyThread() {
        // The image loader decodes on several threads at once: each gets its picture.
        let centres = Mutex([Int: UInt32]())
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let bitmap = try? ImageDecoder.decode(disc, fitting: 32).bitmap
            centres.withLock { $0[index] = bitmap?.pixels[16 * 32 + 16] }
        }
        #expect(centres.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 0xFFFF_0000) }))
        #expect(message(SVGLibrary.shared) == nil)
    }
}
