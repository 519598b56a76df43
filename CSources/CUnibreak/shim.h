// libunibreak, the Unicode line breaking algorithm (UAX #14): where a line may break.
// Only Sources/Canopy/Text/BreakOpportunities.swift calls it.
#include <linebreak.h>
