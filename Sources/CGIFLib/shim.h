// Swift's view of giflib (Debian: libgif-dev): the encoder (EGif*) and decoder (DGif*).
#ifndef CGIFLIB_SHIM_H
#define CGIFLIB_SHIM_H

#include <gif_lib.h>

#endif
