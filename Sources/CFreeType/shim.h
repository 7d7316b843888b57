// Swift's view of FreeType: the headers plus the load flags, which are macros with casts
// that Swift does not import.
#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

/// Unhinted outlines, never embedded bitmaps: SwiftUI does not hint on Retina screens, and
/// glyphs are drawn as paths by the renderer's own rasterizer.
static const FT_Int32 CFREETYPE_LOAD_OUTLINE = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;

#endif
