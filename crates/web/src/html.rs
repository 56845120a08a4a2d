//! The HTML a page is sent as: the web app's index.html, cut once where a page adds to it,
//! and what one page adds (tags for its head, markup for its body).

use std::fmt::Write;

/// index.html with the places a page adds to, found once when the file is read.
#[derive(Debug)]
pub struct Template {
    html: String,
    /// Before the first `<script` of the head (or the end of the head): what must start
    /// downloading before the app's own files.
    early: usize,
    /// The end of the head.
    head_end: usize,
    /// Just inside the app's root element (`id="root"`), or the start of the body.
    root: usize,
    /// index.html's own `<title>…</title>`, which a page's title replaces.
    title: Option<(usize, usize)>,
    /// index.html's own `<meta name="description" …>`, which a page's description replaces.
    description: Option<(usize, usize)>,
    /// The app's entry script in the head (`<script type="module" … src=…></script>`): where it
    /// is and its address.
    entry: Option<(usize, usize, String)>,
}

/// What one page adds to index.html. Tags are built with [`Element`], so attribute values
/// are escaped in one place.
#[derive(Debug, Default)]
pub struct PageHtml {
    early: String,
    head: String,
    root: String,
    title: Option<String>,
    description: Option<String>,
    after_first_paint: bool,
    /// Preloads of the app's own files (see [`PageHtml::preload`]).
    preloads: String,
}

impl PageHtml {
    /// A tag the browser should see before the app's scripts: a picture preload, the data.
    pub fn early(&mut self, tag: &str) {
        self.early.push_str(tag);
    }

    /// A tag at the end of the head: chunk preloads; a page's own head tags.
    pub fn head(&mut self, tag: &str) {
        self.head.push_str(tag);
    }

    /// Markup inside the app's root element, shown until the app renders over it.
    pub fn root(&mut self, markup: &str) {
        self.root.push_str(markup);
    }

    /// The page's own title, in place of index.html's.
    pub fn title(&mut self, text: &str) {
        self.title = Some(text.to_string());
    }

    /// The page's own meta description, in place of index.html's (a search engine reads one).
    pub fn description(&mut self, text: &str) {
        self.description = Some(text.to_string());
    }

    /// Preloads of the app's files (the route's chunks and styles): at the end of the head, or,
    /// on a page that starts the app after its first paint, in an inert `<template>` that
    /// `after-first-paint.js` moves into the head when it starts the app. Fetched before that
    /// paint, they would share a phone's connection with the page's picture.
    pub fn preload(&mut self, tags: &str) {
        self.preloads.push_str(tags);
    }

    /// Starts the app once the browser has painted the page's HTML (`after-first-paint.js`
    /// of the web app's public files): the entry is preloaded where its script was.
    pub fn start_after_first_paint(&mut self) {
        self.after_first_paint = true;
    }
}

/// The classic script that starts the app's entry after the first paint.
const AFTER_FIRST_PAINT: &str = "/after-first-paint.js";
/// The `<template>` holding the preloads that script adds when it starts the app.
const DEFERRED_PRELOADS: &str = "shop-deferred-preloads";

impl Template {
    /// Without a `<head>`, the head's places are after the doctype (or first); without a root
    /// element, the root's place is the start of the body (or the end).
    pub fn new(html: String) -> Template {
        let lower = html.to_ascii_lowercase();
        let after_doctype = || lower.starts_with("<!doctype").then(|| lower.find('>').map(|i| i + 1)).flatten().unwrap_or(0);
        let (early, head_end) = match lower.find("</head>") {
            Some(end) => (lower[..end].find("<script").unwrap_or(end), end),
            None => (after_doctype(), after_doctype()),
        };
        let after_tag = |at: usize| lower[at..].find('>').map(|i| at + i + 1);
        let root = ["id=\"root\"", "id='root'", "id=root"]
            .iter()
            .filter_map(|attribute| lower.find(attribute))
            .min()
            .and_then(after_tag)
            .or_else(|| lower.find("<body").and_then(after_tag))
            .unwrap_or(html.len())
            .max(head_end);
        let title = lower[..head_end].find("<title").and_then(|start| {
            let end = lower[start..head_end].find("</title>")? + start + "</title>".len();
            Some((start, end))
        });
        let description = lower[..head_end].find("<meta name=\"description\"").and_then(|start| {
            let end = lower[start..head_end].find('>')? + start + 1;
            Some((start, end))
        });
        let entry = lower[early..head_end].starts_with("<script").then(|| {
            let end = lower[early..head_end].find("</script>")? + early + "</script>".len();
            let tag = &html[early..end];
            let module = tag.contains("type=\"module\"");
            let src = tag.split(" src=\"").nth(1)?.split('"').next()?;
            let plain = src.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'));
            (module && plain).then(|| (early, end, src.to_string()))
        });
        Template { html, early, head_end, root, title, description, entry: entry.flatten() }
    }

    /// The page: index.html with `page`'s additions in their places (and its title in
    /// place of index.html's).
    pub fn render(&self, page: &PageHtml) -> String {
        let html = &self.html;
        let title = page.title.as_ref().map(|t| format!("<title>{}</title>", attribute(t)));
        // Each cut: where it starts, where index.html resumes, what goes there.
        let mut cuts: Vec<(usize, usize, &str)> =
            vec![(self.early, self.early, &page.early), (self.head_end, self.head_end, &page.head), (self.root, self.root, &page.root)];
        if let (Some((start, end)), Some(title)) = (self.title, title.as_deref()) {
            cuts.push((start, end, title));
        }
        let description = page.description.as_ref().map(|d| Element::new("meta").attr("name", "description").attr("content", d).void());
        match (self.description, description.as_deref()) {
            (Some((start, end)), Some(tag)) => cuts.push((start, end, tag)),
            (None, Some(tag)) => cuts.push((self.head_end, self.head_end, tag)),
            _ => {}
        }
        let deferred = self.entry.as_ref().filter(|_| page.after_first_paint).map(|(start, end, src)| {
            let script = Element::new("script").attr("src", AFTER_FIRST_PAINT).attr("data-entry", src).flag("defer").void();
            (*start, *end, format!("{script}</script>"))
        });
        let preloads = match &deferred {
            Some(_) => format!(r#"<template id="{DEFERRED_PRELOADS}">{}</template>"#, page.preloads),
            None => page.preloads.clone(),
        };
        if !page.preloads.is_empty() {
            cuts.push((self.head_end, self.head_end, &preloads));
        }
        if let Some((start, end, markup)) = &deferred {
            cuts.push((*start, *end, markup));
        }
        cuts.sort_by_key(|(start, end, _)| (*start, *end));
        let mut out = String::with_capacity(html.len() + page.early.len() + page.head.len() + preloads.len() + page.root.len() + 200);
        let mut at = 0;
        for (start, end, insert) in cuts {
            out.push_str(&html[at..start.max(at)]);
            out.push_str(insert);
            at = end.max(at);
        }
        out.push_str(&html[at..]);
        out
    }

    /// Whether index.html already names `file` (so it needs no preload).
    pub fn names(&self, file: &str) -> bool {
        self.html.contains(file)
    }
}

/// An HTML element written attribute by attribute, values escaped.
pub struct Element {
    name: &'static str,
    html: String,
}

impl Element {
    pub fn new(name: &'static str) -> Element {
        Element { name, html: format!("<{name}") }
    }

    pub fn attr(mut self, name: &str, value: &str) -> Element {
        let _ = write!(self.html, r#" {name}="{}""#, attribute(value));
        self
    }

    /// An attribute without a value (`crossorigin`).
    pub fn flag(mut self, name: &str) -> Element {
        let _ = write!(self.html, " {name}");
        self
    }

    /// A void element (`<link …>`, `<meta …>`).
    pub fn void(mut self) -> String {
        self.html.push('>');
        self.html
    }

    /// A `<script type="application/json">` (or `application/ld+json`) with `json` as its
    /// content, made safe to sit inside the element.
    pub fn json(mut self, json: &str) -> String {
        let _ = write!(self.html, ">{}</{}>", script_safe(json), self.name);
        self.html
    }
}

/// JSON that cannot end the `<script>` element nor open a comment in it, and that stays
/// JavaScript-safe: `<`, `>`, `&`, U+2028 and U+2029 become `\uXXXX` escapes (they can only
/// appear inside JSON strings, where the escape means the same character).
pub fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Text for a double-quoted HTML attribute.
pub fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Text for an element's content: nothing in it reads as markup.
pub fn text(text: &str) -> String {
    attribute(text).replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(early: &str, head: &str, root: &str) -> PageHtml {
        let mut page = PageHtml::default();
        page.early(early);
        page.head(head);
        page.root(root);
        page
    }

    #[test]
    fn script_safe_json_cannot_close_the_element_and_still_parses() {
        let value = serde_json::json!({ "name": "</script><script>alert(1)</script> & <!-- \u{2028}\u{2029}" });
        let text = script_safe(&value.to_string());
        for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!text.contains(bad), "{bad:?} in {text}");
        }
        let back: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(back, value);
    }

    #[test]
    fn attribute_values_cannot_leave_their_quotes() {
        let tag = Element::new("meta").attr("content", r#"Kurta "Blue" <b> & co"#).flag("data-x").void();
        assert_eq!(tag, r#"<meta content="Kurta &quot;Blue&quot; &lt;b&gt; &amp; co" data-x>"#);
        let data = Element::new("script").attr("type", "application/json").json(r#"{"a":"</script>"}"#);
        assert_eq!(data, r#"<script type="application/json">{"a":"\u003c/script\u003e"}</script>"#);
    }

    #[test]
    fn early_tags_go_before_the_apps_script_late_ones_at_the_end_of_the_head_and_markup_in_the_root() {
        let index = "<html><head><title>x</title><script type=module src=/a.js></script><link rel=modulepreload href=/b.js></head><body><div id=\"root\"></div></body>";
        assert_eq!(
            Template::new(index.into()).render(&page("E", "L", "R")),
            "<html><head><title>x</title>E<script type=module src=/a.js></script><link rel=modulepreload href=/b.js>L</head><body><div id=\"root\">R</div></body>"
        );
        let cases = [
            ("<html><head><title>x</title></head><body>", "<html><head><title>x</title>EL</head><body>R"),
            ("<!doctype html><div id=root></div>", "<!doctype html>EL<div id=root>R</div>"),
            ("<div></div>", "EL<div></div>R"),
            ("<HTML><HEAD><SCRIPT SRC=/a.js></SCRIPT></HEAD><BODY ID='ROOT'>", "<HTML><HEAD>E<SCRIPT SRC=/a.js></SCRIPT>L</HEAD><BODY ID='ROOT'>R"),
        ];
        for (index, expected) in cases {
            assert_eq!(Template::new(index.into()).render(&page("E", "L", "R")), expected, "{index}");
        }
        // A page that starts the app after its first paint: the entry is preloaded, and started by
        // the classic script once the page is on screen.
        let mut late = page("E", "L", "R");
        late.preload("P");
        let built = "<head><script type=\"module\" crossorigin src=\"/assets/index-1.js\"></script></head><div id=root></div>";
        assert_eq!(
            Template::new(built.into()).render(&late),
            "<head>E<script type=\"module\" crossorigin src=\"/assets/index-1.js\"></script>LP</head><div id=root>R</div>"
        );
        // Nothing of the app's is fetched before that paint: its preloads wait in a template.
        late.start_after_first_paint();
        assert_eq!(
            Template::new(built.into()).render(&late),
            "<head>E<script src=\"/after-first-paint.js\" data-entry=\"/assets/index-1.js\" defer></script>L<template id=\"shop-deferred-preloads\">P</template></head><div id=root>R</div>"
        );
        // Nothing added: the file as it is.
        assert_eq!(Template::new(index.into()).render(&PageHtml::default()), index);
    }
}
