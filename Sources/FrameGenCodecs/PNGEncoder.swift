import CFrameGenPNG
import Dispatch
import FrameGenRaster

extension PNG {
    /// Encodes a premultiplied image as an 8-bit PNG (straight alpha for RGBA; see
    /// `PNGEncodingOptions.Channels` for RGB). The filter pass makes each row straight as it
    /// reads it (opaque rows are used as they are), so no straight copy of the image is made.
    /// `threads` > 1 filters (and with `.fast` and `.fastest`, compresses) row strips at once; the bytes never
    /// depend on it.
    public static func encode(_ image: Image, options: PNGEncodingOptions = .init(), threads: Int = 1)
        throws(ImageFileError) -> [UInt8]
    {
        // RGB output is defined as the premultiplied colour (the image over black).
        try image.bytes.withUnsafeBufferPointer { rows throws(ImageFileError) in
            try encodeRows(
                rows.baseAddress!, width: image.width, height: image.height, stride: image.stride,
                premultiplied: options.channels == .rgba, options: options, threads: threads)
        }
    }

    /// Encodes straight RGBA rows (e.g. a decoded `StraightImage`) unchanged as an 8-bit PNG.
    public static func encode(_ image: StraightImage, options: PNGEncodingOptions = .init(), threads: Int = 1)
        throws(ImageFileError) -> [UInt8]
    {
        try image.rgba.withUnsafeBufferPointer { rows throws(ImageFileError) in
            try encodeRows(
                rows.baseAddress!, width: image.width, height: image.height, stride: image.width * 4,
                premultiplied: false, options: options, threads: threads)
        }
    }

    /// Encodes and writes atomically (a temporary file in the same folder, then a rename): a
    /// failure leaves no partial file and throws `.cannotWrite`.
    public static func write(
        _ image: Image, to path: String, options: PNGEncodingOptions = .init(), threads: Int = 1,
        durable: Bool = false
    ) throws(ImageFileError) {
        try write(encode(image, options: options, threads: threads), to: path, durable: durable)
    }

    /// `write` for straight RGBA rows.
    public static func write(
        _ image: StraightImage, to path: String, options: PNGEncodingOptions = .init(), threads: Int = 1,
        durable: Bool = false
    ) throws(ImageFileError) {
        try write(encode(image, options: options, threads: threads), to: path, durable: durable)
    }

    static func write(_ bytes: [UInt8], to path: String, durable: Bool) throws(ImageFileError) {
        do { try FileIO.writeAtomically(bytes, to: path, durable: durable) } catch {
            throw ImageFileError(error)
        }
    }

    /// Rows per strip: the unit of parallel filtering and of `.fast`'s and `.fastest`'s independent
    /// deflate pieces, about 256 KiB of filtered bytes, fixed by the width alone so that the file
    /// is the same whatever the number of threads.
    static func stripRows(rowBytes: Int) -> Int { max(1, (1 << 18) / rowBytes) }

    static func encodeRows(
        _ rows: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, premultiplied: Bool,
        options: PNGEncodingOptions, threads: Int
    ) throws(ImageFileError) -> [UInt8] {
        if case .level(let n) = options.compression, !(0...9).contains(n) {
            throw ImageFileError(.invalidArgument, "compression level \(n) is not 0-9")
        }
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImageFileError(.invalidArgument, "cannot encode a \(width) x \(height) px image")
        }
        let channels = options.channels == .rgba ? 4 : 3
        let rowBytes = width * channels + 1
        let (total, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow, total <= Int(UInt32.max) else {
            throw ImageFileError(.invalidArgument, "a \(width) x \(height) px image is too large to encode")
        }
        let perStrip = stripRows(rowBytes: rowBytes)
        let strips = (height + perStrip - 1) / perStrip
        let workers = max(1, min(threads, strips))

        let stream: [UInt8]
        switch options.compression {
        case .level:
            // 1. Filter, strip by strip (each strip reads the row above it from the image).
            let filtered = try [UInt8](unsafeUninitializedCapacity: total) {
                buffer, count throws(ImageFileError) in
                let base = SendablePointer(buffer.baseAddress!)
                let source = SendableConstPointer(rows)
                let status = forEachStrip(strips, workers: workers) { s in
                    let y0 = s * perStrip
                    let y1 = min(height, y0 + perStrip)
                    return cpng_filter_rows(
                        source.pointer, UInt32(width), UInt32(height), stride, 4, Int32(channels),
                        premultiplied ? 1 : 0, options.filters.rawValue, UInt32(y0), UInt32(y1),
                        base.pointer + y0 * rowBytes)
                }
                count = status == CPNG_OK ? total : 0
                try check(status, "the PNG row filter failed")
            }
            // 2. Deflate into one zlib stream with each of the level's deflaters (framegen's
            // match finder strip by strip, or libdeflate); the smallest stream wins.
            var smallest: [UInt8]? = nil
            for deflater in options.compression.deflaters {
                let candidate: [UInt8]
                switch deflater {
                case .matchFinder(let search):
                    candidate = try matchFinderStream(
                        filtered, rowBytes: rowBytes, channels: channels, height: height, perStrip: perStrip,
                        strips: strips, search: search, headerHint: options.compression.zlibHeaderHint,
                        workers: workers)
                case .libdeflate(let level):
                    candidate = try filtered.withUnsafeBufferPointer { input throws(ImageFileError) in
                        try compressed(bound: cpng_zlib_bound(total)) { out, cap, written in
                            cpng_zlib_compress(level, input.baseAddress, total, out, cap, written)
                        }
                    }
                }
                if smallest == nil || candidate.count < smallest!.count {
                    smallest = candidate
                }
            }
            stream = smallest!
        case .fast, .fastest:
            stream = try fastStream(
                rows, width: width, height: height, stride: stride, premultiplied: premultiplied,
                options: options, channels: channels, perStrip: perStrip, strips: strips, workers: workers)
        }

        // 3. The container.
        return try compressed(bound: cpng_container_size(stream.count)) { out, cap, written in
            stream.withUnsafeBufferPointer {
                cpng_write_container(
                    UInt32(width), UInt32(height), Int32(channels), $0.baseAddress, $0.count, out, cap,
                    written)
            }
        }
    }

    /// Levels 1 to 6: each strip of the filtered image deflated by `cpng_lz_deflate` searching
    /// as `search` says (in parallel), its matches reaching back into the strips before it, the
    /// pieces joined behind a zlib header, the Adler-32 of all the filtered bytes behind them.
    static func matchFinderStream(
        _ filtered: [UInt8], rowBytes: Int, channels: Int, height: Int, perStrip: Int, strips: Int,
        search: cpng_lz_params, headerHint: UInt8 = 0x9C, workers: Int
    ) throws(ImageFileError) -> [UInt8] {
        let pieceBound = cpng_fast_deflate_bound(perStrip * rowBytes)
        var sizes = [Int](repeating: 0, count: strips)
        var status: Int32 = CPNG_OK
        let stream = [UInt8](unsafeUninitializedCapacity: 2 + pieceBound * strips + 4) { buffer, count in
            let base = buffer.baseAddress!
            status = filtered.withUnsafeBufferPointer { input in
                sizes.withUnsafeMutableBufferPointer { sizesBuffer in
                    let (source, pieces) = (
                        SendableConstPointer(input.baseAddress!), SendablePointer(base + 2)
                    )
                    let counts = SendablePointer(sizesBuffer.baseAddress!)
                    return forEachStrip(strips, workers: workers) { s in
                        let start = s * perStrip * rowBytes
                        let end = min(height, (s + 1) * perStrip) * rowBytes
                        var written = 0
                        var search = search
                        let status = cpng_lz_deflate(
                            source.pointer, start, end, channels, &search, s == strips - 1 ? 1 : 0,
                            pieces.pointer + s * pieceBound, pieceBound, &written)
                        counts.pointer[s] = written
                        return status
                    }
                }
            }
            guard status == CPNG_OK else {
                count = 0
                return
            }
            let adler = filtered.withUnsafeBufferPointer { cpng_adler32(1, $0.baseAddress, $0.count) }
            count = zlibStream(base, hint: headerHint, sizes: sizes, pieceBound: pieceBound, adler: adler)
        }
        try check(status, "the PNG compressor failed")
        return stream
    }

    /// A zlib stream in place around deflate pieces written after its two header bytes at
    /// multiples of `pieceBound`: the header (deflate, 32 KiB window, the level `hint`), the
    /// pieces joined, the Adler-32 of the data; returns the stream's length.
    static func zlibStream(
        _ base: UnsafeMutablePointer<UInt8>, hint: UInt8, sizes: [Int], pieceBound: Int, adler: UInt32
    ) -> Int {
        base[0] = 0x78
        base[1] = hint
        let end = joinPieces(base + 2, sizes: sizes, pieceBound: pieceBound) + 2
        for k in 0..<4 { base[end + k] = UInt8(truncatingIfNeeded: adler >> (24 - 8 * k)) }
        return end + 4
    }

    /// Moves pieces written at multiples of `pieceBound` down behind one another; returns their
    /// joined length.
    static func joinPieces(_ base: UnsafeMutablePointer<UInt8>, sizes: [Int], pieceBound: Int) -> Int {
        var end = 0
        for (s, size) in sizes.enumerated() {
            if end != s * pieceBound {  // overlapping ranges: memmove
                UnsafeMutableRawPointer(base + end).copyMemory(from: base + s * pieceBound, byteCount: size)
            }
            end += size
        }
        return end
    }

    /// `.fast` and `.fastest`: each strip filtered and deflated on its own (in parallel) while it
    /// is in cache, the pieces joined behind a zlib header, the Adler-32 of all the filtered bytes
    /// (combined from the strips') behind them.
    static func fastStream(
        _ rows: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, premultiplied: Bool,
        options: PNGEncodingOptions, channels: Int, perStrip: Int, strips: Int, workers: Int
    ) throws(ImageFileError) -> [UInt8] {
        let rowBytes = width * channels + 1
        let pieceBound = cpng_fast_deflate_bound(perStrip * rowBytes)
        var sizes = [Int](repeating: 0, count: strips)
        var adlers = [UInt32](repeating: 0, count: strips)
        // The pieces are written at fixed offsets, then moved down behind one another.
        var status: Int32 = CPNG_OK
        let stream = [UInt8](unsafeUninitializedCapacity: 2 + pieceBound * strips + 4) { buffer, count in
            let base = buffer.baseAddress!
            status = sizes.withUnsafeMutableBufferPointer { sizesBuffer in
                adlers.withUnsafeMutableBufferPointer { adlersBuffer in
                    let (source, pieces) = (SendableConstPointer(rows), SendablePointer(base + 2))
                    let (counts, sums) = (
                        SendablePointer(sizesBuffer.baseAddress!), SendablePointer(adlersBuffer.baseAddress!)
                    )
                    let strip = options.compression == .fastest ? cpng_fastest_strip : cpng_fast_strip
                    return forEachStrip(strips, workers: workers) { s in
                        let y0 = s * perStrip
                        let y1 = min(height, y0 + perStrip)
                        var written = 0
                        var adler: UInt32 = 1
                        let status = strip(
                            source.pointer, UInt32(width), UInt32(height), stride, Int32(channels),
                            premultiplied ? 1 : 0, options.filters.rawValue, UInt32(y0), UInt32(y1),
                            s == strips - 1 ? 1 : 0, pieces.pointer + s * pieceBound, pieceBound, &written,
                            &adler)
                        counts.pointer[s] = written
                        sums.pointer[s] = adler
                        return status
                    }
                }
            }
            guard status == CPNG_OK else {
                count = 0
                return
            }
            var adler: UInt32 = 1
            for s in 0..<strips {
                let y0 = s * perStrip
                adler = cpng_adler32_combine(adler, adlers[s], (min(height, y0 + perStrip) - y0) * rowBytes)
            }
            // 0x01: the "fastest" level hint.
            count = zlibStream(base, hint: 0x01, sizes: sizes, pieceBound: pieceBound, adler: adler)
        }
        try check(status, "the PNG compressor failed")
        return stream
    }

    /// Runs `body` for strips 0..<count on `workers` threads (strip s on worker s % workers);
    /// returns the first non-OK status.
    static func forEachStrip(_ count: Int, workers: Int, _ body: @Sendable (Int) -> Int32) -> Int32 {
        var statuses = [Int32](repeating: CPNG_OK, count: count)
        statuses.withUnsafeMutableBufferPointer { buffer in
            let slots = SendablePointer(buffer.baseAddress!)
            if workers <= 1 {
                for s in 0..<count { slots.pointer[s] = body(s) }
                return
            }
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                for s in Swift.stride(from: w, to: count, by: workers) { slots.pointer[s] = body(s) }
            }
        }
        return statuses.first { $0 != CPNG_OK } ?? CPNG_OK
    }

    /// Calls a C writer with a buffer of `bound` bytes and returns what it wrote.
    static func compressed(
        bound: Int, _ body: (UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<Int>) -> Int32
    ) throws(ImageFileError) -> [UInt8] {
        var written = 0
        var status: Int32 = CPNG_OK
        let bytes = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            status = body(buffer.baseAddress!, bound, &written)
            count = status == CPNG_OK ? written : 0
        }
        try check(status, "the PNG compressor failed")
        return bytes
    }
}

/// Pointers handed to the strip workers, each of which touches its own rows only.
struct SendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}

struct SendableConstPointer<T>: @unchecked Sendable {
    let pointer: UnsafePointer<T>
    init(_ pointer: UnsafePointer<T>) { self.pointer = pointer }
}
