// A deflate encoder specialised for filtered PNG rows, in the manner of fpnge: no LZ77 match
// search, only literals and runs of zero bytes (a literal 0, then matches at distance 1),
// Huffman-coded and written 64 bits at a time, with the zlib stream's Adler-32 computed in
// the same pass.
//
// After Sub or Up, frames of flat shapes are about 96 % runs of zeros (the reference
// workload: 4 % of the bytes are not zero, in about 40 000 runs per 1080p frame), so one pass
// that finds the zeros 64 bytes at a time and writes one table entry per literal or run does
// what a general match finder spends most of its time on. Each call is one dynamic block
// whose code is built from the previous block's symbol counts (plus one for every symbol, so
// that any byte can be coded): strips of neighbouring rows have much the same statistics,
// and the data is read once. A stream's first block takes its counts from a trial run over
// its first 64 KiB, whose output is dropped (from equal counts, the literals of the first
// 512 KiB strip took 8–9 bits each: 5 KB more per 1080p frame).
#include "png_kernels.h"

#include <string.h>

/// Runs of fewer zeros than this are written as literal zeros: a literal zero is the most
/// frequent symbol (1–3 bits), a run costs a literal, a length code, extra bits and a
/// distance bit.
#define MIN_RUN 5

/// Length codes 257…285 (RFC 1951 §3.2.5): the first length of each, and its extra bits.
static const uint16_t length_base[29] = {
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/// The order in which the code-length code's lengths are sent (§3.2.7).
static const uint8_t cl_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// Bits on their way to `out`, least significant first (deflate's bit order).
typedef struct {
  uint8_t *out;
  uint64_t bits;
  unsigned count;  // bits in `bits`; below 8 after every flush
} writer;

/// Adds `n` bits (n + count ≤ 64).
static inline __attribute__((always_inline)) void put(writer *w, uint64_t v, unsigned n) {
  w->bits |= v << w->count;
  w->count += n;
}

/// Writes the whole bytes of the buffer (8 stored, count / 8 kept: the output has slack).
/// Every put adds at most 56 bits to at most 7, so count stays below 64.
static inline __attribute__((always_inline)) void flush(writer *w) {
  memcpy(w->out, &w->bits, 8);
  w->out += w->count >> 3;
  w->bits >>= w->count & ~7u;
  w->count &= 7;
}

static inline __attribute__((always_inline)) void put_flush(writer *w, uint64_t v, unsigned n) {
  put(w, v, n);
  flush(w);
}

/// Sorts `m` 32-bit keys (4 passes of a byte each, least significant first).
static void radix_sort(uint32_t *key, uint32_t *scratch, int m) {
  for (int shift = 0; shift < 32; shift += 8) {
    int count[257] = {0};
    for (int k = 0; k < m; k++) count[(key[k] >> shift & 0xFF) + 1]++;
    for (int d = 0; d < 256; d++) count[d + 1] += count[d];
    for (int k = 0; k < m; k++) scratch[count[key[k] >> shift & 0xFF]++] = key[k];
    memcpy(key, scratch, (size_t)m * sizeof *key);
  }
}

/// Huffman code lengths of at most `limit` bits for `n` symbols with counts `freq` (0 for
/// unused symbols, which get length 0). At least two symbols get a code (a one-symbol code
/// is not complete). Over-long codes are shortened as miniz does: the lengths' counts are
/// clamped to `limit`, then codes are moved one level down until Kraft's sum is exact.
static void build_lengths(const uint32_t *freq_in, int n, int limit, uint8_t *len) {
  uint32_t freq[320];
  int used = 0;
  bool large = false;
  for (int s = 0; s < n; s++) {
    freq[s] = freq_in[s];
    used += freq[s] != 0;
    large |= freq[s] >= 1u << 23;
  }
  for (int s = 0; used < 2; s++) {
    if (freq[s] == 0) {
      freq[s] = 1;
      used++;
    }
  }
  while (large) {
    large = false;
    for (int s = 0; s < n; s++) {
      if (freq[s]) freq[s] = (freq[s] >> 1) | 1;
      large |= freq[s] >= 1u << 23;
    }
  }
  // Leaves sorted by count, then symbol: the keys count · 2^9 + symbol are distinct and
  // fit 32 bits.
  uint32_t key[320], scratch[320], weight[640];
  int sym[320], parent[640];
  int m = 0;
  for (int s = 0; s < n; s++) {
    if (freq[s]) key[m++] = freq[s] << 9 | (uint32_t)s;
  }
  radix_sort(key, scratch, m);
  for (int k = 0; k < m; k++) {
    sym[k] = (int)(key[k] & 0x1FF);
    weight[k] = freq[sym[k]];
  }
  // Two queues: leaves in order, and internal nodes, which are made in order of weight.
  int leaf = 0, node = m, next = m;
  for (int k = 0; k < m - 1; k++) {
    int pick[2];
    for (int j = 0; j < 2; j++) {
      if (leaf < m && (node >= next || weight[leaf] <= weight[node])) {
        pick[j] = leaf++;
      } else {
        pick[j] = node++;
      }
    }
    weight[next] = weight[pick[0]] + weight[pick[1]];
    parent[pick[0]] = parent[pick[1]] = next;
    next++;
  }
  // Depths from the root (the last node) down, counted per length (longer ones as `limit`).
  uint16_t depth[640];
  int root = next - 1;
  if (root < 1) root = 1;  // m ≥ 2 leaves, so never taken (tells the compiler as much)
  depth[root] = 0;
  uint32_t lengths[16] = {0};
  for (int k = root - 1; k >= 0; k--) {
    depth[k] = (uint16_t)(depth[parent[k]] + 1);
    if (k < m) lengths[depth[k] > limit ? limit : depth[k]]++;
  }
  uint32_t total = 0;
  for (int l = 1; l <= limit; l++) total += lengths[l] << (limit - l);
  while (total > 1u << limit) {
    lengths[limit]--;
    for (int l = limit - 1; l > 0; l--) {
      if (lengths[l]) {
        lengths[l]--;
        lengths[l + 1] += 2;
        break;
      }
    }
    total--;
  }
  // The shortest lengths to the most frequent symbols.
  memset(len, 0, (size_t)n);
  int k = m - 1;
  for (int l = 1; l <= limit; l++) {
    for (uint32_t c = lengths[l]; c > 0; c--) len[sym[k--]] = (uint8_t)l;
  }
}

/// Canonical codes for `len` (§3.2.2), bit-reversed for deflate's LSB-first bit order.
static void build_codes(const uint8_t *len, int n, uint16_t *code) {
  uint16_t count[16] = {0}, next[16];
  for (int s = 0; s < n; s++) count[len[s]]++;
  count[0] = 0;
  uint16_t c = 0;
  for (int b = 1; b < 16; b++) {
    c = (uint16_t)((c + count[b - 1]) << 1);
    next[b] = c;
  }
  for (int s = 0; s < n; s++) {
    if (!len[s]) continue;
    uint32_t v = next[len[s]]++;
    // Reversed in 16 bits by swapping halves, bytes, nibbles, pairs and bits, then aligned.
    v = (v >> 8 & 0x00FF) | (v << 8 & 0xFF00);
    v = (v >> 4 & 0x0F0F) | (v << 4 & 0xF0F0);
    v = (v >> 2 & 0x3333) | (v << 2 & 0xCCCC);
    v = (v >> 1 & 0x5555) | (v << 1 & 0xAAAA);
    code[s] = (uint16_t)(v >> (16 - len[s]));
  }
}

/// Writes the dynamic block header for literal/length lengths `lit` (286) and the distance
/// code {1 bit, 1 bit} (two codes so that the code is complete; only distance 1 is used).
static void write_header(writer *w, const uint8_t *lit, bool last) {
  const int hlit = 286;
  uint8_t lens[288];
  memcpy(lens, lit, (size_t)hlit);
  lens[hlit] = 1;
  lens[hlit + 1] = 1;
  int total = hlit + 2;
  // The lengths run-length coded with symbols 0…18 (§3.2.7).
  uint8_t syms[288], extra[288];
  int ns = 0;
  uint32_t clfreq[19] = {0};
  for (int i = 0; i < total;) {
    int l = lens[i], run = 1;
    while (i + run < total && lens[i + run] == l) run++;
    if (l == 0 && run >= 3) {
      int r = run > 138 ? 138 : run;
      syms[ns] = r >= 11 ? 18 : 17;
      extra[ns++] = (uint8_t)(r >= 11 ? r - 11 : r - 3);
      i += r;
    } else if (l != 0 && run >= 4) {
      syms[ns] = (uint8_t)l;
      extra[ns++] = 0;
      int r = run - 1 > 6 ? 6 : run - 1;
      syms[ns] = 16;
      extra[ns++] = (uint8_t)(r - 3);
      i += 1 + r;
    } else {
      syms[ns] = (uint8_t)l;
      extra[ns++] = 0;
      i++;
    }
  }
  for (int k = 0; k < ns; k++) clfreq[syms[k]]++;
  uint8_t cllen[19];
  uint16_t clcode[19];
  build_lengths(clfreq, 19, 7, cllen);
  build_codes(cllen, 19, clcode);
  int hclen = 19;
  while (hclen > 4 && cllen[cl_order[hclen - 1]] == 0) hclen--;
  put(w, last ? 1 : 0, 1);
  put(w, 2, 2);  // BTYPE 10: dynamic Huffman codes
  put(w, (uint64_t)(hlit - 257), 5);
  put(w, 1, 5);  // HDIST: two distance codes
  put_flush(w, (uint64_t)(hclen - 4), 4);
  for (int k = 0; k < hclen; k++) put_flush(w, cllen[cl_order[k]], 3);
  static const uint8_t extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
  for (int k = 0; k < ns; k++) {
    put(w, clcode[syms[k]], cllen[syms[k]]);
    put_flush(w, extra[k], extra_bits[syms[k]]);
  }
}

/// One block being written: the bit writer, the code as one entry per literal (0…255) and
/// per match length (256 + 3…258), and the counts that will model the next block.
typedef struct {
  writer w;
  /// Bits in the low 24 bits of an entry (at most 15 + 5 + 1), their number in the top 8.
  uint32_t entry[256 + 259];
  /// The literal counts and the match lengths' counts.
  uint32_t literals[256];
  uint32_t lengths[259];
} block;

// The emitting functions take the writer as the scan's local, kept in
// registers (the block itself lives in memory).

static inline __attribute__((always_inline)) void emit_literal(block *b, writer *w, uint8_t byte) {
  uint32_t e = b->entry[byte];
  put_flush(w, e & 0xFFFFFF, e >> 24);
  b->literals[byte]++;
}

/// Writes a run of `run` zeros: literal zeros when short, else a literal zero and matches
/// at distance 1 (a leftover of 1 or 2 as literals).
static inline __attribute__((always_inline)) void emit_run(block *b, writer *w, size_t run) {
  if (run >= MIN_RUN) {
    // The literal zero and the first match share a flush (at most 7 + 15 + 21 bits).
    uint32_t zero = b->entry[0];
    put(w, zero & 0xFFFFFF, zero >> 24);
    b->literals[0]++;
    run--;
    do {
      size_t m = run > 258 ? 258 : run;
      uint32_t e = b->entry[256 + m];
      put_flush(w, e & 0xFFFFFF, e >> 24);
      b->lengths[m]++;
      run -= m;
    } while (run >= 3);
  }
  for (; run; run--) emit_literal(b, w, 0);
}

/// Builds the block's code from the stream's model (counts + 1) and writes the header.
static void begin_block(flipbook_deflate_stream *s, block *b, bool last, uint8_t *out) {
  uint32_t freq[286];
  uint8_t len[286];
  uint16_t code[286];
  for (int k = 0; k < 286; k++) freq[k] = s->model[k] + 1;
  build_lengths(freq, 286, 15, len);
  build_codes(len, 286, code);
  for (int k = 0; k < 256; k++) b->entry[k] = code[k] | (uint32_t)len[k] << 24;
  int sym = 0;
  for (int l = 3; l <= 258; l++) {
    while (sym < 28 && l >= length_base[sym + 1]) sym++;
    int c = 257 + sym;
    // The length code, its extra bits, then distance code 0 (distance 1): a single 0 bit.
    b->entry[256 + l] = (code[c] | (uint32_t)(l - length_base[sym]) << len[c]) |
                        (uint32_t)(len[c] + length_extra[sym] + 1) << 24;
  }
  b->entry[256] = code[256] | (uint32_t)len[256] << 24;  // end of block (no match has length 0)
  memset(b->literals, 0, sizeof b->literals);
  memset(b->lengths, 0, sizeof b->lengths);
  b->w = (writer){out, s->bits, s->count};
  write_header(&b->w, len, last);
}

/// Ends the block and keeps its counts as the next block's model; returns the bytes written.
static size_t end_block(flipbook_deflate_stream *s, block *b, bool last, uint8_t *out) {
  put_flush(&b->w, b->entry[256] & 0xFFFFFF, b->entry[256] >> 24);
  if (last && b->w.count) {
    *b->w.out++ = (uint8_t)b->w.bits;
    b->w.bits = 0;
    b->w.count = 0;
  }
  s->bits = b->w.bits;
  s->count = b->w.count;
  memcpy(s->model, b->literals, sizeof b->literals);
  memset(s->model + 256, 0, 30 * sizeof *s->model);
  s->model[256] = 1;
  s->blocks++;
  int sym = 0;
  for (int l = 3; l <= 258; l++) {
    while (sym < 28 && l >= length_base[sym + 1]) sym++;
    s->model[257 + sym] += b->lengths[l];
  }
  return (size_t)(b->w.out - out);
}

/// The block's tokens, written as they are found: `chunk` returns the zero bytes of 64 bytes
/// (bit k set when byte k is zero) and adds them to the Adler-32 in `adler`.
static inline __attribute__((always_inline)) void scan(
    block *b, const uint8_t *data, size_t count, uint64_t (*chunk)(void *, const uint8_t *), void *adler) {
  writer w = b->w;
  size_t run = 0, i = 0;
  for (; i + 64 <= count; i += 64) {
    uint64_t z = chunk(adler, data + i);
    if (z == ~(uint64_t)0) {
      run += 64;
      continue;
    }
    uint64_t literals = ~z;
    unsigned p = 0;
    while (literals) {
      unsigned q = (unsigned)__builtin_ctzll(literals);
      literals &= literals - 1;
      run += q - p;
      if (run) emit_run(b, &w, run);
      run = 0;
      // Literals come in short spans (an edge pixel's 3 bytes): up to three at a time, one
      // flush for all (at most 7 + 3 · 15 bits are then pending).
      uint8_t byte = data[i + q];
      uint32_t e = b->entry[byte];
      put(&w, e & 0xFFFFFF, e >> 24);
      b->literals[byte]++;
      for (int k = 0; k < 2 && (literals >> q & 2); k++) {
        literals &= literals - 1;
        q++;
        byte = data[i + q];
        e = b->entry[byte];
        put(&w, e & 0xFFFFFF, e >> 24);
        b->literals[byte]++;
      }
      flush(&w);
      p = q + 1;
    }
    run += 64 - p;
  }
  for (; i < count; i++) {
    if (data[i] == 0) {
      run++;
      continue;
    }
    if (run) emit_run(b, &w, run);
    run = 0;
    emit_literal(b, &w, data[i]);
  }
  if (run) emit_run(b, &w, run);
  b->w = w;
}

void flipbook_deflate_start(flipbook_deflate_stream *s) {
  memset(s, 0, sizeof *s);
  s->adler = 1;
}

size_t flipbook_deflate_block_bound(size_t count) {
  // Literals of at most 15 bits, runs of at most 21 bits per 4 bytes, the header (under 400
  // bytes), the end-of-block code, the pending byte and the flush's 8 bytes of slack.
  return count * 2 + 512;
}

/// Adler-32 (RFC 1950) of `count` bytes added to `adler`.
static uint32_t adler32_scalar(uint32_t adler, const uint8_t *p, size_t count) {
  uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
  while (count) {
    size_t n = count < 5552 ? count : 5552;  // zlib's NMAX: no overflow before the modulo
    count -= n;
    for (; n; n--) {
      s1 += *p++;
      s2 += s1;
    }
    s1 %= 65521;
    s2 %= 65521;
  }
  return s2 << 16 | s1;
}

static uint64_t chunk_portable(void *adler, const uint8_t *p) {
  uint64_t z = 0;
  for (int k = 0; k < 64; k++) z |= (uint64_t)(p[k] == 0) << k;
  *(uint32_t *)adler = adler32_scalar(*(uint32_t *)adler, p, 64);
  return z;
}

/// Bytes of a stream's first block encoded on trial for its counts.
enum { TRIAL = 64 * 1024 };

/// For a stream's first block: sets the model from a trial encoding of its first TRIAL
/// bytes by `scan_fn` into `out` (which the real block then overwrites), leaving the pending
/// bits and the checksum as they were.
static void trial_run(
    flipbook_deflate_stream *s, const uint8_t *data, size_t count, uint8_t *out,
    void (*scan_fn)(block *, const uint8_t *, size_t)) {
  if (s->blocks != 0) return;
  flipbook_deflate_stream saved = *s;
  block trial;
  begin_block(s, &trial, false, out);
  scan_fn(&trial, data, count < TRIAL ? count : TRIAL);
  end_block(s, &trial, false, out);
  s->bits = saved.bits;
  s->count = saved.count;
  s->adler = saved.adler;
}

static void scan_portable(block *b, const uint8_t *data, size_t count) {
  uint32_t ignored = 1;
  scan(b, data, count, chunk_portable, &ignored);
}

size_t flipbook_deflate_block_portable(
    flipbook_deflate_stream *s, const uint8_t *data, size_t count, bool last, uint8_t *out) {
  trial_run(s, data, count, out, scan_portable);
  block b;
  begin_block(s, &b, last, out);
  uint32_t adler = s->adler;
  scan(&b, data, count, chunk_portable, &adler);
  s->adler = adler32_scalar(adler, data + (count & ~(size_t)63), count & 63);
  return end_block(s, &b, last, out);
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Adler-32 over 64-byte chunks in vectors: per chunk k (in order) with byte sum S_k and
/// weighted sum W_k = Σ (64 − j)·byte_j, s1 grows by S_k and s2 by 64·s1 + W_k. `sums`
/// accumulates the S_k, `before` the sums before each chunk, `weighted` the W_k; they are
/// folded into s1 and s2 every `limit` chunks (before a 32-bit lane of `weighted` could
/// overflow) and at the end.
typedef struct {
  __m256i sums, before, weighted;
  uint64_t s1, s2, chunks;
} adler_avx2;

enum { ADLER_FOLD = 4096 };

__attribute__((target("avx2"), always_inline)) static inline uint64_t hsum64(__m256i v) {
  return (uint64_t)_mm256_extract_epi64(v, 0) + (uint64_t)_mm256_extract_epi64(v, 1) +
         (uint64_t)_mm256_extract_epi64(v, 2) + (uint64_t)_mm256_extract_epi64(v, 3);
}

__attribute__((target("avx2"), always_inline)) static inline void adler_fold(adler_avx2 *a) {
  __m256i w = a->weighted;
  __m256i w64 = _mm256_add_epi64(_mm256_and_si256(w, _mm256_set1_epi64x(0xFFFFFFFF)), _mm256_srli_epi64(w, 32));
  a->s2 = (a->s2 + 64 * a->chunks * a->s1 + hsum64(w64) + 64 * hsum64(a->before)) % 65521;
  a->s1 = (a->s1 + hsum64(a->sums)) % 65521;
  a->sums = a->before = a->weighted = _mm256_setzero_si256();
  a->chunks = 0;
}

__attribute__((target("avx2"))) static inline uint64_t chunk_avx2(void *state, const uint8_t *p) {
  adler_avx2 *a = state;
  __m256i zero = _mm256_setzero_si256();
  __m256i lo = _mm256_loadu_si256((const __m256i *)p);
  __m256i hi = _mm256_loadu_si256((const __m256i *)(p + 32));
  uint32_t zlo = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, zero));
  uint32_t zhi = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, zero));
  uint64_t z = (uint64_t)zhi << 32 | zlo;
  a->before = _mm256_add_epi64(a->before, a->sums);
  if (z != ~(uint64_t)0) {
    const __m256i wlo = _mm256_setr_epi8(
        64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49,
        48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33);
    const __m256i whi = _mm256_setr_epi8(
        32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
        16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1);
    a->sums = _mm256_add_epi64(a->sums, _mm256_add_epi64(_mm256_sad_epu8(lo, zero), _mm256_sad_epu8(hi, zero)));
    // Pairs of products fit 16 bits (255·(64 + 63)); their sums are widened before adding.
    __m256i w = _mm256_add_epi32(
        _mm256_madd_epi16(_mm256_maddubs_epi16(lo, wlo), ones), _mm256_madd_epi16(_mm256_maddubs_epi16(hi, whi), ones));
    a->weighted = _mm256_add_epi32(a->weighted, w);
  }
  if (++a->chunks == ADLER_FOLD) adler_fold(a);
  return z;
}

__attribute__((target("avx2,bmi"))) static void scan_avx2(block *b, const uint8_t *data, size_t count) {
  adler_avx2 a = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), 1, 0, 0};
  scan(b, data, count, chunk_avx2, &a);
}

__attribute__((target("avx2,bmi"))) size_t flipbook_deflate_block_avx2(
    flipbook_deflate_stream *s, const uint8_t *data, size_t count, bool last, uint8_t *out) {
  trial_run(s, data, count, out, scan_avx2);
  block b;
  begin_block(s, &b, last, out);
  adler_avx2 a = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), s->adler & 0xFFFF,
                  s->adler >> 16, 0};
  scan(&b, data, count, chunk_avx2, &a);
  adler_fold(&a);
  s->adler = adler32_scalar((uint32_t)(a.s2 << 16 | a.s1), data + (count & ~(size_t)63), count & 63);
  return end_block(s, &b, last, out);
}

#else

size_t flipbook_deflate_block_avx2(
    flipbook_deflate_stream *s, const uint8_t *data, size_t count, bool last, uint8_t *out) {
  return flipbook_deflate_block_portable(s, data, count, last, out);
}

#endif
