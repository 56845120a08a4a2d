//! SVG logos: accepted only when nothing in them can run or load anything.

use kernel::MediaError;

pub fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1024)]).to_ascii_lowercase();
    let trimmed = head.trim_start_matches('\u{feff}').trim_start();
    (trimmed.starts_with("<svg") || trimmed.starts_with("<?xml") || trimmed.starts_with("<!--")) && head.contains("<svg")
        || trimmed.starts_with("<svg")
}

/// Refuses scripts, event handlers, external references, entities and embedded documents;
/// returns the declared width and height (0 when not given in pixels).
pub fn check(bytes: &[u8]) -> Result<(u32, u32), MediaError> {
    let text = std::str::from_utf8(bytes).map_err(|_| MediaError::Invalid("The SVG file is not valid text".into()))?;
    let lower = text.to_ascii_lowercase();
    let unsafe_svg = || MediaError::Invalid("This SVG contains scripts or external references and cannot be used".into());
    const FORBIDDEN: &[&str] = &[
        "<script", "javascript:", "vbscript:", "<foreignobject", "<!entity", "<!doctype", "<iframe", "<embed",
        "<object", "@import", "<use", "<image", "<feimage", "<animate", "<set", "<handler", "<listener",
    ];
    if FORBIDDEN.iter().any(|f| lower.contains(f)) {
        return Err(unsafe_svg());
    }
    if has_event_handler(&lower) || has_external_reference(&lower) {
        return Err(unsafe_svg());
    }
    if !lower.contains("<svg") || !lower.contains("</svg>") && !lower.trim_end().ends_with("/>") {
        return Err(MediaError::Invalid("The SVG file is damaged and cannot be read".into()));
    }
    Ok((dimension(&lower, "width"), dimension(&lower, "height")))
}

/// An attribute named on... (onload, onclick, ...) anywhere in a tag.
fn has_event_handler(lower: &str) -> bool {
    let bytes = lower.as_bytes();
    lower.match_indices("on").any(|(i, _)| {
        let before_ok = i > 0 && matches!(bytes[i - 1], b' ' | b'\t' | b'\n' | b'\r' | b'/' | b'"' | b'\'');
        if !before_ok {
            return false;
        }
        let rest = &lower[i + 2..];
        let name_len = rest.bytes().take_while(|b| b.is_ascii_alphabetic()).count();
        name_len > 0 && rest[name_len..].trim_start().starts_with('=')
    })
}

/// href / xlink:href / url() pointing anywhere but inside the document (#id).
fn has_external_reference(lower: &str) -> bool {
    let attr_refs = lower.match_indices("href").any(|(i, _)| {
        let rest = lower[i + 4..].trim_start();
        let Some(value) = rest.strip_prefix('=') else { return false };
        let value = value.trim_start().trim_start_matches(['"', '\'']).trim_start();
        !value.starts_with('#')
    });
    let url_refs = lower.match_indices("url(").any(|(i, _)| {
        let value = lower[i + 4..].trim_start().trim_start_matches(['"', '\'']).trim_start();
        !value.starts_with('#')
    });
    attr_refs || url_refs
}

fn dimension(lower: &str, attribute: &str) -> u32 {
    let Some(svg_at) = lower.find("<svg") else { return 0 };
    let tag_end = lower[svg_at..].find('>').map(|e| svg_at + e).unwrap_or(lower.len());
    let tag = &lower[svg_at..tag_end];
    let pattern = format!(" {attribute}=");
    tag.find(&pattern)
        .map(|i| &tag[i + pattern.len()..])
        .map(|v| v.trim_start_matches(['"', '\'']))
        .map(|v| v.chars().take_while(char::is_ascii_digit).collect::<String>())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or(0)
}
