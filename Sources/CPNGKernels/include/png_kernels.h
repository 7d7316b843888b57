// Row kernels and a deflate specialised for PNG rows, for FlipbookPNG's writer.
//
// Swift compiles the package for baseline x86-64 (SSE2, no per-function target attribute,
// and Package.swift takes no -march flags), which has no byte shuffle, so the loops that run
// over every byte of every frame are C here, built for AVX2 with a target attribute and
// picked at run time. Every AVX2 loop has a portable twin that computes the very same bytes
// (tests compare them); flipbook_png_avx2_available() chooses.
#ifndef FLIPBOOK_PNG_KERNELS_H
#define FLIPBOOK_PNG_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// True when this CPU runs the AVX2 kernels (AVX2 and BMI1).
bool flipbook_png_avx2_available(void);

/// PNG filter choices for the filter_row functions: the filter types 0 (None), 1 (Sub) and
/// 2 (Up), and FLIPBOOK_PNG_FILTER_ADAPTIVE: per row, Up when it leaves more zero bytes than
/// Sub in a sample of the row (every fourth group of 8 pixels from pixel 1, the RGBA bytes;
/// every pixel of a row under 9 pixels), else Sub (the first row, which has no row above,
/// is always Sub).
enum {
  FLIPBOOK_PNG_FILTER_NONE = 0,
  FLIPBOOK_PNG_FILTER_SUB = 1,
  FLIPBOOK_PNG_FILTER_UP = 2,
  FLIPBOOK_PNG_FILTER_ADAPTIVE = 5,
};

/// Writes one filtered PNG line: the filter type byte at `line[0]`, then the filtered row.
///
/// `row` holds `pixels` RGBA8 pixels; `above` is the previous row in the same layout (NULL
/// for the first row: Up is then None, and the adaptive choice is Sub). With `rgb` the line
/// holds r, g, b of each pixel (3 bytes, the alpha dropped: colour type 2) and the function
/// returns the AND of the row's alpha bytes (255 when every pixel is opaque); otherwise all 4
/// bytes (colour type 6) and the return value is 255. Filters work on the output bytes (bpp
/// 3 or 4), so the result is exactly the PNG filter of the packed row. Stores whole vectors:
/// `line` needs 32 bytes of slack after the row. Only where flipbook_png_avx2_available().
uint8_t flipbook_png_filter_row_avx2(
    const uint8_t *row, const uint8_t *above, long pixels, bool rgb, int filter, uint8_t *line);
/// flipbook_png_filter_row_avx2 for every CPU: the same bytes.
uint8_t flipbook_png_filter_row_portable(
    const uint8_t *row, const uint8_t *above, long pixels, bool rgb, int filter, uint8_t *line);

/// A raw deflate stream being written by flipbook_deflate_block_*: the bits not yet a whole
/// byte, the Adler-32 of the input so far (the zlib trailer), and the symbol counts of the
/// last block, from which the next block's code is built (`blocks`: how many were written).
typedef struct {
  uint64_t bits;
  unsigned count;
  uint32_t adler;
  uint32_t blocks;
  uint32_t model[286];
} flipbook_deflate_stream;

/// Starts a stream: no pending bits, Adler-32 1, equal counts.
void flipbook_deflate_start(flipbook_deflate_stream *stream);

/// The most bytes a deflate_block function writes for `count` input bytes (its 8 bytes of
/// slack included).
size_t flipbook_deflate_block_bound(size_t count);

/// Compresses `count` bytes at `data` as one dynamic-Huffman deflate block (RFC 1951
/// §3.2.7) of literals and runs of zero bytes (a literal 0, then matches at distance 1), and
/// adds them to `stream->adler`. PNG rows after Sub or Up are mostly such runs. The code is
/// built from the previous block's symbol counts (for a stream's first block, from a trial
/// encoding of its first 64 KiB, whose output is dropped). Writes whole bytes to `out` (at most
/// flipbook_deflate_block_bound(count)) and returns their number; the last bits stay in the
/// stream for the next block. With `last`, the block is the stream's final one and its last
/// bits are written too, padded to a byte. The output depends only on the stream's state and
/// the input bytes. Only where flipbook_png_avx2_available().
size_t flipbook_deflate_block_avx2(
    flipbook_deflate_stream *stream, const uint8_t *data, size_t count, bool last, uint8_t *out);
/// flipbook_deflate_block_avx2 for every CPU: the same bytes (its zero scan and checksum are
/// scalar).
size_t flipbook_deflate_block_portable(
    flipbook_deflate_stream *stream, const uint8_t *data, size_t count, bool last, uint8_t *out);

#endif
