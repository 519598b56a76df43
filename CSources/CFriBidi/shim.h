// FriBidi, the Unicode bidirectional algorithm: the embedding level of each character of a
// paragraph and the visual order of each line. Only Sources/Canopy/Text/Bidi.swift calls it.
#include <fribidi.h>
