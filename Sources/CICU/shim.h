#ifndef NARRATOR_CICU_SHIM_H
#define NARRATOR_CICU_SHIM_H
// ICU (Debian: libicu-dev), used only by the tests: its rule-based number format is the independent
// implementation the spell-out conformance test checks NarratorLocalization's interpreter against.
// ICU renames its C functions per version (unum_open_72), so the calls go through these wrappers.
#include <stdint.h>
#include <unicode/unum.h>

/// Opens a rule-based formatter for an ICU rule description; *status is the UErrorCode.
static inline void *narrator_icu_open(const UChar *rules, int32_t length, const char *locale, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UParseError parse;
    UNumberFormat *format = unum_open(UNUM_PATTERN_RULEBASED, rules, length, locale, &parse, &code);
    *status = (int32_t)code;
    return format;
}

/// Chooses the rule set (`%spellout-cardinal-feminine`); returns the UErrorCode.
static inline int32_t narrator_icu_set_rule_set(void *format, const UChar *name, int32_t length) {
    UErrorCode code = U_ZERO_ERROR;
    unum_setTextAttribute((UNumberFormat *)format, UNUM_DEFAULT_RULESET, name, length, &code);
    return (int32_t)code;
}

/// Formats a whole number into out (UTF-16); returns its length, *status the UErrorCode.
static inline int32_t narrator_icu_format(void *format, int64_t value, UChar *out, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = unum_formatInt64((const UNumberFormat *)format, value, out, capacity, NULL, &code);
    *status = (int32_t)code;
    return length;
}

static inline void narrator_icu_close(void *format) { unum_close((UNumberFormat *)format); }
#endif
