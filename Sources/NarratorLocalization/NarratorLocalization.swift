/// String Catalog tables, CLDR plural rules, a safe formatter and the table linter.
///
/// Pure Swift: this module reads only the bytes it is given and imports no C or I/O module.
public enum NarratorLocalization {}
