#!/usr/bin/env python3
"""Writes the PNG fixtures of Tests/CodecsTests/Fixtures, chunk by chunk, with zlib and struct only.

Run once from the repository root; the output is committed and byte-for-byte reproducible.
`make-png-fixtures.py --check-convert PATH/TO/framegen` instead checks that `framegen image convert`
writes exactly libpng's 8-bit RGBA for every fixture, decoding its output with zlib alone.

decode/  one file for every colour type / bit depth / tRNS / interlace combination, named
         KIND BITS [-trns] [-adam7] -WxH .png (e.g. palette4-trns-adam7-13x11.png). Pixels follow
         sample() below; CodecsTests computes the expected 8-bit RGBA from the same formula,
         independently of this script. Rows cycle through all five filter types so that libpng's
         unfiltering is exercised in every format.
extra/   valid files with ancillary chunks the decoder must skip (gAMA, tEXt, a malformed iCCP).
corrupt/ broken files, each of which must be refused with a clear error.
"""

import os
import struct
import sys
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "CodecsTests", "Fixtures")

KINDS = {  # name: (PNG colour type, channels)
    "gray": (0, 1),
    "rgb": (2, 3),
    "palette": (3, 1),
    "grayalpha": (4, 2),
    "rgba": (6, 4),
}

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def sample(x, y, c, bits):
    """The stored sample (or palette index before the modulo) of channel c at (x, y)."""
    return (x * 4099 + y * 9001 + c * 1237 + x * y * 313 + 17) & ((1 << bits) - 1)


def palette_size(bits):
    return 200 if bits == 8 else 1 << bits


def palette_entry(i):
    return ((i * 67 + 13) % 256, (i * 151 + 71) % 256, (i * 199 + 5) % 256)


def palette_trns_count(bits):
    return max(1, palette_size(bits) // 2)


def palette_alpha(i):
    return (i * 97 + 31) % 256


def pixel(kind, bits, x, y):
    if kind == "palette":
        return [sample(x, y, 0, bits) % palette_size(bits)]
    return [sample(x, y, c, bits) for c in range(KINDS[kind][1])]


def chunk(name, data):
    body = name + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(samples, bits):
    if bits == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if bits == 8:
        return bytes(samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << bits) | s
        n += bits
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(ftype, raw, prior, bpp):
    out = bytearray([ftype])
    for i, v in enumerate(raw):
        left = raw[i - bpp] if i >= bpp else 0
        up = prior[i]
        upleft = prior[i - bpp] if i >= bpp else 0
        pred = [0, left, up, (left + up) // 2, paeth(left, up, upleft)][ftype]
        out.append((v - pred) & 0xFF)
    return bytes(out)


def image_data(kind, bits, w, h, interlaced):
    channels = KINDS[kind][1]
    bpp = max(1, bits * channels // 8)
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    out, row_number = bytearray(), 0
    for x0, y0, dx, dy in passes:
        xs, ys = list(range(x0, w, dx)), list(range(y0, h, dy))
        if not xs or not ys:
            continue  # empty passes are not stored
        prior = bytes(len(pack_row([0] * channels * len(xs), bits)))
        for y in ys:
            raw = pack_row([s for x in xs for s in pixel(kind, bits, x, y)], bits)
            out += filter_row(row_number % 5, raw, prior, bpp)
            prior = raw
            row_number += 1
    return bytes(out)


def ihdr(w, h, bits, ctype, interlaced):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, bits, ctype, 0, 0, 1 if interlaced else 0))


def trns_chunk(kind, bits):
    if kind == "palette":
        return chunk(b"tRNS", bytes(palette_alpha(i) for i in range(palette_trns_count(bits))))
    key = pixel(kind, bits, 3, 2)  # the colour of pixel (3, 2) is the transparent one
    return chunk(b"tRNS", b"".join(struct.pack(">H", s) for s in key))


def png(kind, bits, w, h, interlaced, trns, extra=b"", level=9):
    ctype = KINDS[kind][0]
    parts = [b"\x89PNG\r\n\x1a\n", ihdr(w, h, bits, ctype, interlaced), extra]
    if kind == "palette":
        parts.append(chunk(b"PLTE", b"".join(bytes(palette_entry(i)) for i in range(palette_size(bits)))))
    if trns:
        parts.append(trns_chunk(kind, bits))
    parts.append(chunk(b"IDAT", zlib.compress(image_data(kind, bits, w, h, interlaced), level)))
    parts.append(chunk(b"IEND", b""))
    return b"".join(parts)


def fixture_name(kind, bits, trns, interlaced, w, h):
    return f"{kind}{bits}{'-trns' if trns else ''}{'-adam7' if interlaced else ''}-{w}x{h}.png"


COMBOS = (
    [("gray", b, False) for b in (1, 2, 4, 8, 16)]
    + [("gray", b, True) for b in (1, 2, 8, 16)]
    + [("rgb", b, t) for b in (8, 16) for t in (False, True)]
    + [("palette", b, t) for b in (1, 2, 4, 8) for t in (False, True)]
    + [("grayalpha", b, False) for b in (8, 16)]
    + [("rgba", b, False) for b in (8, 16)]
)

# A few more sizes: 1 x 1 (six of the seven Adam7 passes empty) and thin images.
SMALL = [("rgba", 8, False, 1, 1), ("gray", 1, False, 1, 1), ("palette", 2, True, 3, 2),
         ("rgb", 16, True, 1, 9), ("gray", 4, False, 9, 1)]


def write(folder, name, data):
    os.makedirs(os.path.join(ROOT, folder), exist_ok=True)
    with open(os.path.join(ROOT, folder, name), "wb") as f:
        f.write(data)


def chunks_of(data):
    """(name, data) pairs of a PNG."""
    pos, out = 8, []
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        out.append((data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]))
        pos += 12 + n
    return out


def assemble(chunks):
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunk(n, d) for n, d in chunks)


def corrupt_files():
    good = png("rgb", 8, 13, 11, False, False)
    cs = chunks_of(good)  # IHDR, IDAT, IEND
    ihdr_c, idat_c, iend_c = cs
    raw = image_data("rgb", 8, 13, 11, False)
    files = {}
    files["truncated-in-idat.png"] = good[: len(good) // 2]
    files["truncated-before-iend.png"] = good[: -12]
    files["signature-only.png"] = good[:8]
    files["empty.png"] = b""
    bad_crc = bytearray(good)
    bad_crc[8 + 25 + 8 + len(idat_c[1]) + 1] ^= 0x40  # IDAT's CRC field: the data itself is intact
    files["bad-crc-idat.png"] = bytes(bad_crc)
    bad_ihdr_crc = bytearray(good)
    bad_ihdr_crc[8 + 8 + 13] ^= 0x01  # IHDR's CRC itself
    files["bad-crc-ihdr.png"] = bytes(bad_ihdr_crc)
    files["bad-zlib-header.png"] = assemble([ihdr_c, (b"IDAT", b"\x78\x00" + zlib.compress(raw)[2:]), iend_c])
    deflated = bytearray(zlib.compress(raw, 9))
    for i in range(6, len(deflated) - 4, 7):
        deflated[i] ^= 0xA5  # scrambles the deflate blocks, not the zlib header
    files["bad-zlib-data.png"] = assemble([ihdr_c, (b"IDAT", bytes(deflated)), iend_c])
    files["short-image-data.png"] = assemble([ihdr_c, (b"IDAT", zlib.compress(raw[: len(raw) // 2])), iend_c])
    bad_filter = bytearray(raw)
    bad_filter[0] = 7  # filter types are 0-4
    files["bad-filter-type.png"] = assemble([ihdr_c, (b"IDAT", zlib.compress(bytes(bad_filter))), iend_c])
    files["missing-ihdr.png"] = assemble([idat_c, iend_c])
    files["ihdr-after-idat.png"] = assemble([idat_c, ihdr_c, iend_c])
    files["missing-idat.png"] = assemble([ihdr_c, iend_c])
    pal = chunks_of(png("palette", 8, 13, 11, False, False))  # IHDR, PLTE, IDAT, IEND
    files["plte-after-idat.png"] = assemble([pal[0], pal[2], pal[1], pal[3]])
    files["missing-plte.png"] = assemble([pal[0], pal[2], pal[3]])
    half = len(idat_c[1]) // 2
    files["idat-split-by-text.png"] = assemble(
        [ihdr_c, (b"IDAT", idat_c[1][:half]), (b"tEXt", b"Comment\x00in the middle"), (b"IDAT", idat_c[1][half:]),
         iend_c])
    files["chunk-length-too-large.png"] = (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr_c[1]) + struct.pack(">I", 0x7FFFFF00) + b"tEXtComment\x00"
        + b"x" * 64)
    files["chunk-length-over-31-bits.png"] = (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr_c[1]) + struct.pack(">I", 0xFFFFFFF0) + b"IDAT" + b"\0" * 64)
    files["idat-length-too-large.png"] = (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr_c[1]) + struct.pack(">I", 0x10000000) + b"IDAT" + b"\0" * 64)
    state = 12345
    garbage = bytearray()
    for _ in range(997):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        garbage.append(state >> 16 & 0xFF)
    files["garbage.png"] = bytes(garbage)
    files["signature-then-garbage.png"] = b"\x89PNG\r\n\x1a\n" + bytes(garbage)
    files["huge-100000x100000.png"] = assemble(
        [(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)), (b"IDAT", zlib.compress(b"\0" * 64)),
         (b"IEND", b"")])
    files["zero-width.png"] = assemble(
        [(b"IHDR", struct.pack(">IIBBBBB", 0, 11, 8, 2, 0, 0, 0)), idat_c, iend_c])
    files["bad-bit-depth.png"] = assemble(
        [(b"IHDR", struct.pack(">IIBBBBB", 13, 11, 4, 2, 0, 0, 0)), idat_c, iend_c])
    files["bad-color-type.png"] = assemble(
        [(b"IHDR", struct.pack(">IIBBBBB", 13, 11, 8, 5, 0, 0, 0)), idat_c, iend_c])
    # A decompression bomb: valid rows, then 64 MiB more zeros in the same zlib stream.
    bomb = zlib.compressobj(9)
    bomb_data = bomb.compress(raw) + b"".join(bomb.compress(bytes(1 << 20)) for _ in range(64)) + bomb.flush()
    files["inflates-past-declared-size.png"] = assemble([ihdr_c, (b"IDAT", bomb_data), iend_c])
    return files


def expected_rgba8(kind, bits, trns, x, y):
    """The 8-bit straight RGBA that libpng's expansion gives for a fixture pixel."""
    def to8(v):
        return (v * 255 + 32895) >> 16 if bits == 16 else v if bits == 8 else v * 255 // ((1 << bits) - 1)
    p = pixel(kind, bits, x, y)
    if kind == "palette":
        i = p[0]
        alpha = palette_alpha(i) if trns and i < palette_trns_count(bits) else 255
        return list(palette_entry(i)) + [alpha]
    if kind in ("gray", "rgb"):
        alpha = 0 if trns and p == pixel(kind, bits, 3, 2) else 255
        colour = [to8(p[0])] * 3 if kind == "gray" else [to8(v) for v in p]
        return colour + [alpha]
    if kind == "grayalpha":
        return [to8(p[0])] * 3 + [to8(p[1])]
    return [to8(v) for v in p]


def read_rgba8(data):
    """Pixels of an 8-bit RGBA, non-interlaced PNG (what `framegen image convert` writes), decoded
    here with zlib alone so that the check does not go through libpng."""
    cs = chunks_of(data)
    w, h, bits, ctype, _, _, interlace = struct.unpack(">IIBBBBB", cs[0][1])
    assert (bits, ctype, interlace) == (8, 6, 0), "convert must write 8-bit RGBA, not interlaced"
    raw = zlib.decompress(b"".join(d for n, d in cs if n == b"IDAT"))
    rows, prior, stride = [], bytes(w * 4), w * 4 + 1
    for y in range(h):
        ftype, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
        for i in range(len(line)):
            left = line[i - 4] if i >= 4 else 0
            up = prior[i]
            upleft = prior[i - 4] if i >= 4 else 0
            line[i] = (line[i] + [0, left, up, (left + up) // 2, paeth(left, up, upleft)][ftype]) & 0xFF
        rows.append(bytes(line))
        prior = bytes(line)
    return w, h, rows


def check_convert(framegen):
    """Runs `framegen image convert` on every decode fixture and compares the output's pixels with
    the formula: exit status 0 when all match."""
    import re
    import subprocess
    import tempfile

    failures = 0
    folder = os.path.join(ROOT, "decode")
    with tempfile.TemporaryDirectory() as tmp:
        for name in sorted(os.listdir(folder)):
            m = re.match(r"([a-z]+)(\d+)((?:-trns)?)((?:-adam7)?)-(\d+)x(\d+)\.png$", name)
            kind, bits, trns = m.group(1), int(m.group(2)), bool(m.group(3))
            out = os.path.join(tmp, name)
            subprocess.run([framegen, "image", "convert", os.path.join(folder, name), out], check=True)
            w, h, rows = read_rgba8(open(out, "rb").read())
            bad = [(x, y) for y in range(h) for x in range(w)
                   if list(rows[y][x * 4:x * 4 + 4]) != expected_rgba8(kind, bits, trns, x, y)]
            if bad or (w, h) != (int(m.group(5)), int(m.group(6))):
                failures += 1
                print(f"{name}: {len(bad)} pixels differ, first {bad[:3]}")
    print(f"checked {len(os.listdir(folder))} fixtures, {failures} mismatched")
    return 1 if failures else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--check-convert":
        return check_convert(sys.argv[2])
    for kind, bits, trns in COMBOS:
        for interlaced in (False, True):
            write("decode", fixture_name(kind, bits, trns, interlaced, 13, 11), png(kind, bits, 13, 11, interlaced, trns))
    for kind, bits, trns, w, h in SMALL:
        for interlaced in (False, True):
            write("decode", fixture_name(kind, bits, trns, interlaced, w, h), png(kind, bits, w, h, interlaced, trns))
    gama_text = chunk(b"gAMA", struct.pack(">I", 100000)) + chunk(b"tEXt", b"Comment\x00gAMA 1.0 must not change pixels")
    write("extra", "rgba8-gama-text-13x11.png", png("rgba", 8, 13, 11, False, False, extra=gama_text))
    bad_iccp = chunk(b"iCCP", b"broken\x00\x00" + zlib.compress(b"not an ICC profile"))
    write("extra", "rgb16-bad-iccp-13x11.png", png("rgb", 16, 13, 11, False, False, extra=bad_iccp))
    for name, data in corrupt_files().items():
        write("corrupt", name, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
