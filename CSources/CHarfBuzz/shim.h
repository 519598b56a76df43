// HarfBuzz, which shapes text into positioned glyphs. Only Sources/Canopy/Text/Shaper.swift
// sees its pointers.
#include <hb.h>
#include <hb-ot.h>
