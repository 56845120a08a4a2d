//! Products as the read model keeps them. A shop with 100,000 products holds every one in
//! memory, so the layout matters: ids are 16-byte UUIDs instead of a 36-character `String`,
//! a variant's size and colour point at one copy shared within the snapshot, an image's
//! file name is not stored when it is just its upload id with an extension, and the
//! category is an index. About a third of the memory of the domain types; products are
//! expanded back into [`Product`] only for the few an answer shows.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::{Money, Price};
use uuid::Uuid;

use crate::models::{Category, ImageRef, Product, ProductImage, Variant};

/// An id: a canonical (lower-case, hyphenated) UUID, as the shop makes them, in 16 bytes;
/// anything else kept as text, so every id reads back exactly as it was stored.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Id {
    Uuid(Uuid),
    Text(Box<str>),
}

impl Id {
    pub fn new(raw: &str) -> Id {
        canonical_uuid(raw).map(Id::Uuid).unwrap_or_else(|| Id::Text(raw.into()))
    }
}

/// The UUID `raw` spells when it is in the one form that prints back as `raw` (uuid also
/// reads upper case, braces, URNs and bare hex, which would not).
fn canonical_uuid(raw: &str) -> Option<Uuid> {
    if raw.len() != 36 || raw.bytes().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    Uuid::try_parse(raw).ok()
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Uuid(uuid) => uuid.hyphenated().fmt(f),
            Id::Text(text) => f.write_str(text),
        }
    }
}

/// A map keyed by product id, for loading. FxHash is fast and not resistant to chosen
/// keys, which is fine here: the keys are ids the shop made, never text from a request.
pub type IdMap<V> = HashMap<Id, V, rustc_hash::FxBuildHasher>;

/// A variant's size and colour. Shops use a handful of combinations across thousands of
/// variants, so a snapshot stores each one once and its variants share it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Look {
    pub size: Box<str>,
    pub color: Box<str>,
    pub color_hex: Box<str>,
}

/// Hands out one shared [`Look`] per combination while a snapshot is built; the looks live
/// as long as a snapshot uses them.
#[derive(Default)]
pub struct Looks {
    seen: HashMap<Box<str>, Arc<Look>, rustc_hash::FxBuildHasher>,
    /// The lookup key, reused so that a known combination costs no allocation.
    key: String,
}

impl Looks {
    pub fn get(&mut self, size: &str, color: &str, color_hex: &str) -> Arc<Look> {
        self.set_key(size, color, color_hex);
        if let Some(found) = self.seen.get(self.key.as_str()) {
            return found.clone();
        }
        let new = Arc::new(Look { size: size.into(), color: color.into(), color_hex: color_hex.into() });
        self.seen.insert(self.key.as_str().into(), new.clone());
        new
    }

    /// Shares `look` with the variants loaded from now on (a product re-read after an
    /// order keeps pointing at the snapshot's copy instead of making its own).
    pub fn reuse(&mut self, look: &Arc<Look>) {
        self.set_key(&look.size, &look.color, &look.color_hex);
        if !self.seen.contains_key(self.key.as_str()) {
            self.seen.insert(self.key.as_str().into(), look.clone());
        }
    }

    fn set_key(&mut self, size: &str, color: &str, color_hex: &str) {
        self.key.clear();
        for (i, part) in [size, color, color_hex].into_iter().enumerate() {
            if i > 0 {
                // No validated size or colour contains it: keeps ("M", "Navy Blue") apart from ("M Navy", "Blue").
                self.key.push('\u{0}');
            }
            self.key.push_str(part);
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompactVariant {
    pub id: Id,
    pub look: Arc<Look>,
    pub stock: i32,
    pub position: i32,
    pub price: Price,
    pub sku: Option<Box<str>>,
}

impl CompactVariant {
    pub fn new(v: &Variant, looks: &mut Looks) -> CompactVariant {
        CompactVariant {
            id: Id::new(&v.id),
            look: looks.get(&v.size, &v.color, &v.color_hex),
            stock: v.stock,
            position: v.position,
            price: v.price,
            sku: v.sku.as_deref().map(Box::from),
        }
    }

    fn expand(&self) -> Variant {
        Variant {
            id: self.id.to_string(),
            size: self.look.size.to_string(),
            color: self.look.color.to_string(),
            color_hex: self.look.color_hex.to_string(),
            stock: self.stock,
            price: self.price,
            position: self.position,
            sku: self.sku.as_deref().map(str::to_string),
        }
    }
}

/// A stored file's name: usually `<upload id>.<extension>`, which needs no storage.
#[derive(Debug, Clone, PartialEq, Eq)]
enum FileName {
    IdWith(&'static str),
    Other(Box<str>),
}

const EXTENSIONS: &[&str] = &["jpg", "jpeg", "png", "webp", "gif", "svg", "avif"];

impl FileName {
    fn new(upload_id: &str, filename: &str) -> FileName {
        let extension = filename
            .strip_prefix(upload_id)
            .and_then(|rest| rest.strip_prefix('.'))
            .and_then(|ext| EXTENSIONS.iter().find(|known| **known == ext));
        match extension {
            Some(ext) => FileName::IdWith(ext),
            None => FileName::Other(filename.into()),
        }
    }

    fn expand(&self, upload_id: &str) -> String {
        match self {
            FileName::IdWith(ext) => format!("{upload_id}.{ext}"),
            FileName::Other(name) => name.to_string(),
        }
    }
}

/// An uploaded image; shared by every product image that links the same upload.
#[derive(Debug, PartialEq, Eq)]
pub struct Upload {
    id: Id,
    filename: FileName,
    width: u32,
    height: u32,
}

impl Upload {
    pub fn new(image: &ImageRef) -> Upload {
        Upload {
            id: Id::new(&image.upload_id),
            filename: FileName::new(&image.upload_id, &image.filename),
            width: image.width,
            height: image.height,
        }
    }

    fn expand(&self) -> ImageRef {
        let upload_id = self.id.to_string();
        ImageRef { filename: self.filename.expand(&upload_id), upload_id, width: self.width, height: self.height }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CompactImage {
    pub id: Id,
    pub upload: Arc<Upload>,
    pub position: i32,
    /// The colour the picture shows, when tagged (rare: no room taken otherwise).
    pub color: Option<Box<str>>,
}

impl CompactImage {
    /// The upload it shows (id, file name, size).
    pub fn image_ref(&self) -> ImageRef {
        self.upload.expand()
    }

    fn expand(&self) -> ProductImage {
        ProductImage {
            id: self.id.to_string(),
            image: self.upload.expand(),
            position: self.position,
            color: self.color.as_deref().map(str::to_string),
        }
    }
}

/// Hands out one shared [`Upload`] per upload id while a snapshot is built.
#[derive(Default)]
pub struct Uploads(IdMap<Arc<Upload>>);

impl Uploads {
    pub fn image(&mut self, image: &ProductImage) -> CompactImage {
        let upload = Upload::new(&image.image);
        let shared = self.0.entry(upload.id.clone()).or_insert_with(|| Arc::new(upload)).clone();
        CompactImage { id: Id::new(&image.id), upload: shared, position: image.position, color: image.color.as_deref().map(Box::from) }
    }
}

/// `None` marks a category the snapshot does not know (it shows as no category).
pub type CategoryIndex = Option<u32>;

/// A product in the read model, with what listing and search need precomputed.
#[derive(Debug)]
pub struct Entry {
    pub id: Id,
    pub category: CategoryIndex,
    pub is_best_seller: bool,
    pub images: Box<[CompactImage]>,
    pub variants: Box<[CompactVariant]>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub min_price: Money,
    /// The product's own HSN code, packed (see [`PackedHsn`]).
    pub hsn: Option<PackedHsn>,
    /// Name, slug, then the search text (lower-case name, description, category name and
    /// colours; see [`Entry::search_text`]), in one allocation. The description is read
    /// within the search text, or, when not ASCII, kept as written before it.
    texts: Box<str>,
    /// Where the name and slug end in `texts`, where the search text starts, where the
    /// lower-case name ends, and where the lower-case category name and colours start.
    ends: [u32; 6],
}

/// The parts of a product before it is placed in a catalogue.
pub struct Head {
    pub id: Id,
    /// Name, slug and description, ending at `ends`.
    texts: String,
    ends: [u32; 3],
    pub category_id: String,
    pub hsn: Option<PackedHsn>,
    pub is_best_seller: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// An HSN code (4 to 8 digits, leading zeros kept) in 4 bytes: the number of digits in the
/// top bits, their value below. Anything else is not kept (the store only holds checked codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackedHsn(std::num::NonZeroU32);

impl PackedHsn {
    pub fn pack(code: &str) -> Option<PackedHsn> {
        let digits = u32::try_from(code.len()).ok().filter(|n| (4..=8).contains(n))?;
        let value: u32 = code.parse().ok().filter(|_| code.bytes().all(|b| b.is_ascii_digit()))?;
        std::num::NonZeroU32::new(digits << 27 | value).map(PackedHsn)
    }

    pub fn unpack(self) -> String {
        let raw = self.0.get();
        let digits = (raw >> 27) as usize;
        format!("{:0digits$}", raw & ((1 << 27) - 1))
    }
}

fn end_of(text: &str) -> u32 {
    // Each part is checked to be short long before it gets here; a 4 GB text cannot be.
    u32::try_from(text.len()).unwrap_or(u32::MAX)
}

fn joined(name: &str, slug: &str, description: &str) -> (String, [u32; 3]) {
    let mut texts = String::with_capacity(name.len() + slug.len() + description.len());
    let mut ends = [0; 3];
    for (end, part) in ends.iter_mut().zip([name, slug, description]) {
        texts.push_str(part);
        *end = end_of(&texts);
    }
    (texts, ends)
}

impl Head {
    fn name(&self) -> &str {
        self.texts.get(..self.ends[0] as usize).unwrap_or("")
    }

    fn description(&self) -> &str {
        self.texts.get(self.ends[1] as usize..self.ends[2] as usize).unwrap_or("")
    }
}

impl From<Product> for Head {
    fn from(p: Product) -> Head {
        let (texts, ends) = joined(&p.name, &p.slug, &p.description);
        Head {
            id: Id::new(&p.id),
            texts,
            ends,
            category_id: p.category_id,
            hsn: p.hsn_code.as_deref().and_then(PackedHsn::pack),
            is_best_seller: p.is_best_seller,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

impl Entry {
    /// Places a product in the catalogue: `category` is its category's index and record.
    /// Images and variants are sorted by position (then id).
    pub fn assemble(
        head: Head,
        category: Option<(u32, &Category)>,
        mut images: Vec<CompactImage>,
        mut variants: Vec<CompactVariant>,
    ) -> Entry {
        images.sort_by(|a, b| a.position.cmp(&b.position).then_with(|| a.id.cmp(&b.id)));
        variants.sort_by(|a, b| a.position.cmp(&b.position).then_with(|| a.id.cmp(&b.id)));
        // Each part lower-cased on its own (the same as lower-casing them joined: a space
        // parts them), so ranking can read the category and colours without building them.
        let mut colours: Vec<&str> = variants.iter().map(|v| &*v.look.color).collect();
        colours.sort_unstable();
        colours.dedup();
        let [name_end, slug_end, _] = head.ends;
        let name_lc = head.name().to_lowercase();
        let description = head.description();
        let category_lc = category.map(|(_, c)| c.name.to_lowercase()).unwrap_or_default();
        let colours_lc: Vec<String> = colours.iter().map(|c| c.to_lowercase()).collect();
        // An ASCII description (nearly all) is searched as written, its letters folded per
        // compare (see [`Entry::search_text`]): no lower-case copy of it is kept. Any other
        // is followed by its lower-case copy, as before.
        let copied = (!description.is_ascii()).then(|| description.to_lowercase());
        let mut texts = String::with_capacity(
            slug_end as usize
                + copied.as_ref().map_or(0, |lc| description.len() + lc.len())
                + name_lc.len()
                + description.len()
                + category_lc.len()
                + colours_lc.iter().map(|c| c.len() + 1).sum::<usize>()
                + 2,
        );
        texts.push_str(head.texts.get(..slug_end as usize).unwrap_or(""));
        if copied.is_some() {
            texts.push_str(description);
        }
        let search_start = end_of(&texts);
        texts.push_str(&name_lc);
        let name_lc_end = end_of(&texts);
        texts.push(' ');
        texts.push_str(copied.as_deref().unwrap_or(description));
        texts.push(' ');
        let category_lc_start = end_of(&texts);
        texts.push_str(&category_lc);
        let colours_lc_start = end_of(&texts);
        for colour in &colours_lc {
            texts.push(' ');
            texts.push_str(colour);
        }
        Entry {
            min_price: variants.iter().map(|v| v.price.pay()).min().unwrap_or(Money::ZERO),
            id: head.id,
            category: category.map(|(i, _)| i),
            hsn: head.hsn,
            is_best_seller: head.is_best_seller,
            images: images.into_boxed_slice(),
            variants: variants.into_boxed_slice(),
            created_at: head.created_at,
            updated_at: head.updated_at,
            texts: texts.into_boxed_str(),
            ends: [name_end, slug_end, search_start, name_lc_end, category_lc_start, colours_lc_start],
        }
    }

    /// `texts` from byte `from` to byte `to` (or its end).
    fn span(&self, from: u32, to: Option<u32>) -> &str {
        let to = to.map_or(self.texts.len(), |t| t as usize);
        self.texts.get(from as usize..to).unwrap_or("")
    }

    pub fn name(&self) -> &str {
        self.span(0, Some(self.ends[0]))
    }

    pub fn slug(&self) -> &str {
        self.span(self.ends[0], Some(self.ends[1]))
    }

    pub fn description(&self) -> &str {
        let [_, slug_end, search_start, name_lc_end, category_lc_start, _] = self.ends;
        if search_start > slug_end {
            // Written before its lower-case copy (not ASCII).
            self.span(slug_end, Some(search_start))
        } else {
            // Written within the search text, between the name and the category.
            self.span(name_lc_end + 1, Some(category_lc_start - 1))
        }
    }

    /// Name, description, category name and colours, as search reads them: lower case, but
    /// for the ASCII letters of an ASCII description, kept as written. Compare with ASCII
    /// case folded on this side ([`crate::search::holds`]): the answer is that of the text
    /// lower-cased, without a second copy of every description.
    pub fn search_text(&self) -> &str {
        self.span(self.ends[2], None)
    }

    /// The name in lower case (the start of [`Entry::search_text`]).
    pub fn name_lc(&self) -> &str {
        self.span(self.ends[2], Some(self.ends[3]))
    }

    /// The category's name in lower case (part of [`Entry::search_text`]).
    pub fn category_lc(&self) -> &str {
        self.span(self.ends[4], Some(self.ends[5]))
    }

    /// The colours in lower case, each after a space (the end of [`Entry::search_text`]).
    pub fn colours_lc(&self) -> &str {
        self.span(self.ends[5], None)
    }

    /// The domain form of this product, for an answer that shows it.
    pub fn expand(&self, categories: &[Category]) -> Product {
        let category = self.category.and_then(|i| categories.get(i as usize));
        Product {
            id: self.id.to_string(),
            name: self.name().to_string(),
            slug: self.slug().to_string(),
            description: self.description().to_string(),
            is_best_seller: self.is_best_seller,
            category_id: category.map(|c| c.id.clone()).unwrap_or_default(),
            category_name: category.map(|c| c.name.clone()).unwrap_or_default(),
            hsn_code: self.hsn.map(PackedHsn::unpack),
            images: self.images.iter().map(CompactImage::expand).collect(),
            variants: self.variants.iter().map(CompactVariant::expand).collect(),
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_exactly_as_stored() {
        for raw in ["0f8fad5b-d9cb-469f-a165-70867728950e", "10000000-0000-4000-8000-000000000042"] {
            let id = Id::new(raw);
            assert!(matches!(id, Id::Uuid(_)), "{raw} is stored in 16 bytes");
            assert_eq!(id.to_string(), raw);
        }
        // Upper case, braces, URNs, bare hex or other text would not read back the same as a
        // UUID: kept as text.
        for raw in [
            "0F8FAD5B-D9CB-469F-A165-70867728950E",
            "0f8fad5b-D9cb-469f-a165-70867728950e",
            "{0f8fad5b-d9cb-469f-a165-70867728950e}",
            "urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e",
            "0f8fad5bd9cb469fa16570867728950e",
            "0f8fad5b-d9cb-469f-a165-70867728950g",
            "0f8fad5b-d9cb-469f-a16570-867728950e",
            "p1",
            "",
        ] {
            let id = Id::new(raw);
            assert!(matches!(id, Id::Text(_)), "{raw}");
            assert_eq!(id.to_string(), raw);
        }
        assert_ne!(Id::new("0f8fad5b-d9cb-469f-a165-70867728950e"), Id::new("0f8fad5b-d9cb-469f-a165-70867728950f"));
    }

    #[test]
    fn ids_that_differ_only_in_their_last_digits_spread_over_buckets() {
        use std::hash::BuildHasher;
        let hasher = *IdMap::<()>::default().hasher();
        let buckets: std::collections::HashSet<u64> = (0..1024)
            .map(|p| hasher.hash_one(Id::new(&format!("10000000-0000-4000-8000-{p:012}"))) & 1023)
            .collect();
        assert!(buckets.len() > 500, "only {} of 1024 buckets used", buckets.len());
    }

    #[test]
    fn a_product_expands_back_to_what_was_stored() {
        let category = Category {
            id: "c1".into(),
            name: "Kurtas".into(),
            slug: "kurtas".into(),
            description: String::new(),
            parent_id: None,
            image: None,
            hsn_code: Some("6211".into()),
            created_at: Utc::now(),
        };
        let upload = "0f8fad5b-d9cb-469f-a165-70867728950e";
        let product = Product {
            id: "7c9e6679-7425-40de-944b-e07fc1f90ae7".into(),
            name: "Festive Kurta".into(),
            slug: "festive-kurta".into(),
            description: "Silk, for weddings".into(),
            is_best_seller: true,
            category_id: "c1".into(),
            category_name: "Kurtas".into(),
            // Leading zeros and eight digits read back as they were.
            hsn_code: Some("06211000".into()),
            images: vec![
                ProductImage { id: "i2".into(), image: ImageRef { upload_id: "u2".into(), filename: "legacy name.PNG".into(), width: 3, height: 4 }, position: 1, color: None },
                ProductImage { id: "i1".into(), image: ImageRef { upload_id: upload.into(), filename: format!("{upload}.jpg"), width: 800, height: 1000 }, position: 0, color: Some("Red".into()) },
            ],
            variants: vec![Variant {
                id: "v1".into(),
                size: "XL".into(),
                color: "Navy Blue".into(),
                color_hex: "#000080".into(),
                stock: 4,
                price: Price::new(Money::from_paise(129_900), Money::from_paise(20_000)),
                position: 0,
                sku: Some("KUR-XL-NB".into()),
            }],
            created_at: Utc::now(),
            updated_at: Utc::now(),
        };
        let mut uploads = Uploads::default();
        let images = product.images.iter().map(|i| uploads.image(i)).collect();
        let mut looks = Looks::default();
        let variants = product.variants.iter().map(|v| CompactVariant::new(v, &mut looks)).collect();
        let entry = Entry::assemble(Head::from(product.clone()), Some((0, &category)), images, variants);
        let mut expected = product.clone();
        expected.images.reverse(); // sorted by position
        assert_eq!(entry.expand(std::slice::from_ref(&category)), expected);
        assert_eq!((entry.name(), entry.slug(), entry.description()), ("Festive Kurta", "festive-kurta", "Silk, for weddings"));
        assert_eq!(entry.name_lc(), "festive kurta");
        assert_eq!((entry.category_lc(), entry.colours_lc()), ("kurtas", " navy blue"));
        assert_eq!(entry.search_text(), "festive kurta Silk, for weddings kurtas navy blue");
        assert_eq!(entry.min_price, Money::from_paise(129_900));
        // A description that is not ASCII reads back as written and is searched lower case.
        let written = Product { description: "ÉTOILE Silk, für Hochzeiten".into(), ..product.clone() };
        let variants = written.variants.iter().map(|v| CompactVariant::new(v, &mut looks)).collect();
        let entry = Entry::assemble(Head::from(written), Some((0, &category)), Vec::new(), variants);
        assert_eq!((entry.name(), entry.slug(), entry.description()), ("Festive Kurta", "festive-kurta", "ÉTOILE Silk, für Hochzeiten"));
        assert_eq!(entry.search_text(), "festive kurta étoile silk, für hochzeiten kurtas navy blue");
        assert_eq!((entry.name_lc(), entry.category_lc(), entry.colours_lc()), ("festive kurta", "kurtas", " navy blue"));
    }

    #[test]
    fn hsn_codes_pack_into_four_bytes_and_read_back() {
        for code in ["6109", "0401", "42022210", "00000000", "99999999"] {
            assert_eq!(PackedHsn::pack(code).map(PackedHsn::unpack).as_deref(), Some(code));
        }
        for bad in ["610", "620442901", "61O9", "+610", ""] {
            assert_eq!(PackedHsn::pack(bad), None, "{bad}");
        }
    }

    #[test]
    fn equal_looks_are_one_shared_copy_that_lives_only_as_long_as_its_users() {
        let mut looks = Looks::default();
        let a = looks.get("M", "Navy Blue", "#000080");
        assert!(Arc::ptr_eq(&a, &looks.get("M", "Navy Blue", "#000080")));
        assert!(!Arc::ptr_eq(&a, &looks.get("L", "Navy Blue", "#000080")));
        assert!(!Arc::ptr_eq(&a, &looks.get("M Navy", "Blue", "#000080")), "parts are kept apart");
        assert_eq!((&*a.size, &*a.color, &*a.color_hex), ("M", "Navy Blue", "#000080"));
        // Another build has its own copies, and a dropped one frees them: nothing is kept
        // for the life of the process.
        assert!(!Arc::ptr_eq(&a, &Looks::default().get("M", "Navy Blue", "#000080")));
        let weak = Arc::downgrade(&a);
        drop((looks, a));
        assert!(weak.upgrade().is_none());
    }

    #[test]
    fn a_reused_look_is_handed_out_again() {
        let shared = Looks::default().get("S", "Olive", "#808000");
        let mut looks = Looks::default();
        looks.reuse(&shared);
        assert!(Arc::ptr_eq(&looks.get("S", "Olive", "#808000"), &shared));
        // The first copy of a combination stays the one handed out.
        let other = Looks::default().get("S", "Olive", "#808000");
        looks.reuse(&other);
        assert!(Arc::ptr_eq(&looks.get("S", "Olive", "#808000"), &shared));
    }
}
