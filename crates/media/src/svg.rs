//! SVG logos. The file is parsed as XML (a DOCTYPE, and with it every entity, is refused by
//! the parser) and accepted only when every element and attribute is on an allow-list of
//! inert drawing features and every reference points inside the file (`#id`). Anything
//! else is refused with a message that names it; nothing is rewritten, so what is stored is
//! exactly what was checked.

use kernel::MediaError;
use roxmltree::{Document, Node, NodeType, ParsingOptions};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// Shapes, text, grouping, paint servers, clipping, masking and the common filter
/// primitives: nothing that runs script, animates, embeds a document or loads a file.
const ELEMENTS: &[&str] = &[
    "svg", "g", "defs", "symbol", "use", "title", "desc", "style", "path", "rect", "circle", "ellipse", "line",
    "polyline", "polygon", "text", "tspan", "textPath", "linearGradient", "radialGradient", "stop", "clipPath",
    "mask", "pattern", "marker", "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feFuncR", "feFuncG",
    "feFuncB", "feFuncA", "feComposite", "feDropShadow", "feFlood", "feGaussianBlur", "feMerge", "feMergeNode",
    "feMorphology", "feOffset",
];

/// Geometry and presentation attributes (no namespace). `style` and references are
/// checked further; `data-*` is inert and allowed as well.
const ATTRIBUTES: &[&str] = &[
    "id", "class", "style", "version", "baseProfile", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx",
    "cy", "r", "rx", "ry", "fx", "fy", "fr", "d", "points", "pathLength", "viewBox", "preserveAspectRatio",
    "transform", "lang", "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap",
    "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity",
    "color", "display", "visibility", "overflow", "clip", "clip-path", "clip-rule", "clipPathUnits", "mask",
    "maskUnits", "maskContentUnits", "filter", "filterUnits", "primitiveUnits", "offset", "stop-color",
    "stop-opacity", "gradientUnits", "gradientTransform", "spreadMethod", "patternUnits", "patternContentUnits",
    "patternTransform", "markerWidth", "markerHeight", "markerUnits", "refX", "refY", "orient", "marker-start",
    "marker-mid", "marker-end", "font-family", "font-size", "font-size-adjust", "font-stretch", "font-style",
    "font-variant", "font-weight", "text-anchor", "text-decoration", "text-rendering", "dominant-baseline",
    "alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing", "writing-mode", "direction",
    "unicode-bidi", "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method", "spacing",
    "shape-rendering", "color-rendering", "image-rendering", "color-interpolation", "color-interpolation-filters",
    "vector-effect", "paint-order", "mix-blend-mode", "isolation", "enable-background", "in", "in2", "result",
    "mode", "type", "values", "operator", "k1", "k2", "k3", "k4", "stdDeviation", "edgeMode", "radius",
    "flood-color", "flood-opacity", "lighting-color", "tableValues", "slope", "intercept", "amplitude",
    "exponent", "media", "href",
];

/// CSS functions a style may call: colours, transforms and arithmetic. `url()` is
/// allowed only for `#id`; anything else (`expression()`, `image-set()`, ...) is refused.
const CSS_FUNCTIONS: &[&str] = &[
    "url", "rgb", "rgba", "hsl", "hsla", "translate", "translatex", "translatey", "scale", "scalex", "scaley",
    "rotate", "skewx", "skewy", "matrix", "calc", "var",
];

pub fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1024)]).to_ascii_lowercase();
    let trimmed = head.trim_start_matches('\u{feff}').trim_start();
    (trimmed.starts_with("<svg") || trimmed.starts_with("<?xml") || trimmed.starts_with("<!--")) && head.contains("<svg")
        || trimmed.starts_with("<svg")
}

/// Accepts only inert SVG; returns the declared width and height (0 when not given in
/// pixels).
pub fn check(bytes: &[u8]) -> Result<(u32, u32), MediaError> {
    let damaged = || MediaError::Invalid("The SVG file is damaged and cannot be read".into());
    let text = std::str::from_utf8(bytes).map_err(|_| MediaError::Invalid("The SVG file is not valid text".into()))?;
    let options = ParsingOptions { allow_dtd: false, nodes_limit: 100_000, ..ParsingOptions::default() };
    let doc = Document::parse_with_options(text.trim_start_matches('\u{feff}'), options).map_err(|e| match e {
        roxmltree::Error::DtdDetected => refuse("it declares a DOCTYPE (and with it entities), which is not allowed"),
        roxmltree::Error::NodesLimitReached => refuse("it has more than 100,000 parts"),
        _ => damaged(),
    })?;
    let root = doc.root_element();
    if root.tag_name().namespace() != Some(SVG_NS) || root.tag_name().name() != "svg" {
        return Err(refuse(r#"its root element must be <svg xmlns="http://www.w3.org/2000/svg">"#));
    }
    for node in doc.root().descendants() {
        match node.node_type() {
            NodeType::Element => check_element(&doc, node)?,
            NodeType::PI => {
                let target = node.pi().map_or("", |pi| pi.target);
                return Err(refuse(&format!("it contains the processing instruction <?{target}?>, which is not allowed")));
            }
            NodeType::Root | NodeType::Comment | NodeType::Text => {}
        }
    }
    Ok((pixels(root.attribute("width")), pixels(root.attribute("height"))))
}

/// The refusal every unsafe or unknown feature gets.
fn refuse(why: &str) -> MediaError {
    MediaError::Invalid(format!("This SVG cannot be used as a logo: {why}. Export it as a plain SVG without scripts, links or embedded files."))
}

/// The element's name as written in the file (with its prefix, if any).
fn written_name<'a>(doc: &'a Document, node: Node) -> &'a str {
    let tag = &doc.input_text()[node.range()];
    let name = tag.trim_start_matches('<');
    let end = name.find(|c: char| c.is_whitespace() || c == '>' || c == '/').unwrap_or(name.len());
    &name[..end]
}

fn check_element(doc: &Document, node: Node) -> Result<(), MediaError> {
    let tag = node.tag_name();
    let name = written_name(doc, node);
    if tag.namespace() != Some(SVG_NS) || !ELEMENTS.contains(&tag.name()) {
        return Err(refuse(&format!("it contains <{name}>, which is not allowed")));
    }
    for attribute in node.attributes() {
        let written = &doc.input_text()[attribute.range_qname()];
        let value = attribute.value();
        let allowed = match attribute.namespace() {
            None => ATTRIBUTES.contains(&attribute.name()) || attribute.name().starts_with("data-"),
            Some(XLINK_NS) => attribute.name() == "href",
            Some(XML_NS) => matches!(attribute.name(), "space" | "lang"),
            Some(_) => false,
        };
        if !allowed {
            return Err(refuse(&format!("<{name}> has the attribute {written}, which is not allowed")));
        }
        if attribute.name() == "href" && !value.trim_start().starts_with('#') {
            return Err(refuse(&format!("<{name}> points outside the file ({}); only #id references are allowed", shorten(value))));
        }
        if attribute.name() == "style" {
            check_css(value).map_err(|why| refuse(&format!("the style of <{name}> {why}")))?;
        } else if let Some(target) = outside_reference(value) {
            return Err(refuse(&format!("<{name}> points outside the file ({}); only #id references are allowed", shorten(target))));
        }
    }
    if tag.name() == "style" {
        if node.children().any(|child| !child.is_text()) {
            return Err(refuse("its <style> element holds more than text"));
        }
        let css: String = node.children().filter_map(|child| child.text()).collect();
        check_css(&css).map_err(|why| refuse(&format!("its <style> element {why}")))?;
    }
    Ok(())
}

/// The first `url(...)` in a value whose target is not `#id`.
fn outside_reference(value: &str) -> Option<&str> {
    let lower = value.to_ascii_lowercase();
    lower.match_indices("url(").find_map(|(at, _)| {
        let target = value[at + 4..].trim_start().trim_start_matches(['"', '\'']).trim_start();
        (!target.starts_with('#')).then_some(target)
    })
}

/// Plain declarations only: no escapes (they could spell anything), no at-rules
/// (`@import`, `@font-face`), only the functions on the allow-list, `url()` only for `#id`.
fn check_css(css: &str) -> Result<(), String> {
    let css = without_comments(css);
    if css.contains('\\') {
        return Err("uses escapes, which are not allowed".into());
    }
    if css.contains('@') {
        return Err("uses an at-rule such as @import, which is not allowed".into());
    }
    let bytes = css.as_bytes();
    for (open, _) in css.match_indices('(') {
        let start = bytes[..open]
            .iter()
            .rposition(|b| !(b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_'))
            .map_or(0, |p| p + 1);
        let function = css[start..open].to_ascii_lowercase();
        // An empty name is a plain parenthesis, as inside calc().
        if !function.is_empty() && !CSS_FUNCTIONS.contains(&function.as_str()) {
            return Err(format!("calls {function}(), which is not allowed"));
        }
    }
    if let Some(target) = outside_reference(&css) {
        return Err(format!("loads url({}); only url(#id) is allowed", shorten(target)));
    }
    Ok(())
}

fn without_comments(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        out.push(' ');
        rest = rest[start + 2..].find("*/").map_or("", |end| &rest[start + 2 + end + 2..]);
    }
    out.push_str(rest);
    out
}

/// A value short enough to quote in a message.
fn shorten(value: &str) -> String {
    let value = value.trim().trim_end_matches(')').trim_end_matches(['"', '\'']);
    if value.chars().count() > 60 {
        format!("{}…", value.chars().take(60).collect::<String>())
    } else {
        value.to_string()
    }
}

/// A length in pixels ("120", "120px", "120.5"), else 0.
fn pixels(value: Option<&str>) -> u32 {
    let value = value.unwrap_or("").trim();
    let number = value.strip_suffix("px").unwrap_or(value).trim();
    number.parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0).map_or(0, |n| n.min(f64::from(u32::MAX)) as u32)
}
