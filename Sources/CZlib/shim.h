// Swift's view of zlib: the header plus wrappers for the macros Swift cannot import.
//
// `deflateInit2` is a function-like macro (it passes ZLIB_VERSION and sizeof(z_stream) to
// `deflateInit2_`), so Swift cannot call it; the inline function below does.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/// A raw deflate stream (no zlib header or Adler-32 trailer: the PNG writer adds its own,
/// with a faster Adler-32) with a 32 KiB window.
static inline int czlib_deflate_init_raw(z_streamp stream, int level, int strategy) {
  return deflateInit2(stream, level, Z_DEFLATED, -15, 8, strategy);
}

#endif
