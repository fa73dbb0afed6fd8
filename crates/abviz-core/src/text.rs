//! Text as abviz writes it for people: numbers with thousands separators, and user text made
//! safe inside XML, SVG and HTML. (Terminals have [`crate::safe_text`]; DOT and TikZ have their
//! own escaping in the drawing crate.)

/// `1234567` → `"1,234,567"`: every count abviz shows is written so.
///
/// ```
/// assert_eq!(abviz_core::text::thousands(1234567), "1,234,567");
/// assert_eq!(abviz_core::text::thousands(999), "999");
/// ```
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Names as a sentence lists them: "a", "a and b", "a, b and c" (`conjunction` is "and" or
/// "or"); nothing for no names.
///
/// ```
/// use abviz_core::text::list;
/// assert_eq!(list(&["minimax", "pvs", "mtdf"], "or"), "minimax, pvs or mtdf");
/// assert_eq!(list(&["C2"], "and"), "C2");
/// assert_eq!(list::<&str>(&[], "and"), "");
/// ```
pub fn list<S: AsRef<str>>(names: &[S], conjunction: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} {conjunction} {}", init.join(", "), last.as_ref())
        }
    }
}

/// Escapes text for XML content and attribute values: `&`, `<`, `>`, `"` and `'` become
/// entities; control characters that XML 1.0 forbids become spaces (tab, newline and carriage
/// return are written as character references so attribute values keep them).
///
/// ```
/// use abviz_core::text::escape_xml;
/// assert_eq!(escape_xml("<script>a&b\"c'</script>"), "&lt;script&gt;a&amp;b&quot;c&apos;&lt;/script&gt;");
/// assert_eq!(escape_xml("中\n\u{1}"), "中&#10; ");
/// ```
pub fn escape_xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}
