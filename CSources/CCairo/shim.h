// Cairo, the rasteriser behind Canopy's drawing, with its FreeType font backend (glyphs found
// through fontconfig). Only Sources/Canopy/Drawing/Raster.swift sees their pointers.
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <fontconfig/fontconfig.h>
