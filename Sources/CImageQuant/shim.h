// Swift's view of libimagequant 2.x (Debian: libimagequant-dev), pngquant's palette library.
#ifndef CIMAGEQUANT_SHIM_H
#define CIMAGEQUANT_SHIM_H

#include <stddef.h>
#include <libimagequant.h>

#endif
