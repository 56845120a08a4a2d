//! What a snapshot precomputes so that a listing request works in proportion to its page
//! and its facet values, not to the catalogue: sort orders as permutations of entry
//! positions, and sets of entry positions (roaring bitmaps) per category, colour, size,
//! colour-and-size pair, price band and in-stock state. A request intersects sets, counts
//! with the cardinality of intersections and walks a sort order only until its page is full
//! (`crate::query::listing`).
//!
//! Variant filters must hold on one and the same variant, so the sets are kept per variant
//! property and per pair: "has a Navy Blue variant in size M in stock" is one set, not the
//! intersection of three. Price bands hold the products with a variant priced in the band
//! (and, separately, an in-stock variant), so a price range is a union of whole bands plus
//! an exact check of the products of at most two partial bands.
//!
//! Stock is the one thing that changes after every order: the in-stock sets are shared
//! per set (`Arc`), and a stock change copies only the sets its products are in.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use kernel::Money;
use roaring::RoaringBitmap;

use super::compact::{Entry, Look};

/// How large the index's pieces are.
#[derive(Debug, Clone, Copy)]
pub struct Pieces {
    /// Most variants in one price band (a band never splits one price, so one price held by
    /// more variants makes a larger band that is always either wholly in a range or out of it).
    pub band_variants: usize,
    /// Positions gathered as plain lists before they are added to the bitmaps.
    pub block: usize,
}

impl Pieces {
    pub const SHOP: Pieces = Pieces { band_variants: 1024, block: 8192 };
    /// Small pieces, so that the tests' random catalogues of a few dozen products have many
    /// bands and blocks.
    #[cfg(test)]
    pub const SMALL: Pieces = Pieces { band_variants: 3, block: 16 };

    pub fn current() -> Pieces {
        #[cfg(test)]
        return TEST_PIECES.with(std::cell::Cell::get);
        #[cfg(not(test))]
        Pieces::SHOP
    }
}

#[cfg(test)]
thread_local! {
    /// The pieces of indexes built on this test thread (figures set the shop's).
    pub static TEST_PIECES: std::cell::Cell<Pieces> = const { std::cell::Cell::new(Pieces::SMALL) };
}

/// Entry positions in one listing order.
pub type Order = Box<[u32]>;

/// A facet value (a colour or a size as the facets name it) with the products that have it.
#[derive(Debug, Default)]
pub struct FacetValue {
    /// Lower-case colour or upper-case size: the facet's key.
    pub key: String,
    pub products: RoaringBitmap,
    /// How the value is shown (name and colour hex, or size and ""), when every variant with
    /// this key shows it alike; otherwise it is read from the first product in scope.
    pub shown: Option<(Box<str>, Box<str>)>,
}

/// The sets and orders that do not change with stock.
#[derive(Debug, Default)]
struct Fixed {
    all: RoaringBitmap,
    best_sellers: RoaringBitmap,
    /// Products directly in each category, by category index.
    by_category: Vec<RoaringBitmap>,
    /// Filter keys: colours and sizes compared ignoring ASCII case, as the filters do.
    colour_ids: HashMap<String, u32>,
    size_ids: HashMap<String, u32>,
    pair_ids: HashMap<(u32, u32), u32>,
    colours: Vec<RoaringBitmap>,
    sizes: Vec<RoaringBitmap>,
    pairs: Vec<RoaringBitmap>,
    /// Lowest and highest price of each band, ascending, bands not overlapping.
    bands: Vec<(Money, Money)>,
    band_products: Vec<RoaringBitmap>,
    price_asc: Order,
    price_desc: Order,
    name: Order,
    discount: Order,
    best_seller_first: Order,
    colour_facets: Vec<FacetValue>,
    size_facets: Vec<FacetValue>,
}

/// The in-stock side of the sets, one `Arc` per set.
#[derive(Debug, Clone, Default)]
struct Stocked {
    all: Arc<RoaringBitmap>,
    colours: Vec<Arc<RoaringBitmap>>,
    sizes: Vec<Arc<RoaringBitmap>>,
    pairs: Vec<Arc<RoaringBitmap>>,
    bands: Vec<Arc<RoaringBitmap>>,
}

/// The listing index of one snapshot.
#[derive(Debug, Clone, Default)]
pub struct ListingIndex {
    fixed: Arc<Fixed>,
    stocked: Stocked,
}

/// The sets one variant is in.
#[derive(Debug, Clone, Copy)]
struct LookIds {
    colour: u32,
    size: u32,
    pair: u32,
    colour_facet: u32,
    size_facet: u32,
}

/// Sets of entry positions grown in position order: gathered as plain lists and added to
/// the bitmaps a block at a time, so a large catalogue never holds every list at once.
#[derive(Default)]
struct Lists {
    lists: Vec<Vec<u32>>,
    sets: Vec<RoaringBitmap>,
}

impl Lists {
    fn push(&mut self, id: u32, position: u32) {
        let id = id as usize;
        if self.lists.len() <= id {
            self.lists.resize_with(id + 1, Vec::new);
        }
        let list = &mut self.lists[id];
        if list.last() != Some(&position) {
            list.push(position);
        }
    }

    fn flush(&mut self) {
        self.sets.resize_with(self.lists.len(), RoaringBitmap::new);
        for (set, list) in self.sets.iter_mut().zip(self.lists.iter_mut()) {
            if !list.is_empty() {
                *set |= RoaringBitmap::from_sorted_iter(list.drain(..)).unwrap_or_default();
            }
        }
    }

    fn bitmaps(mut self, len: usize) -> Vec<RoaringBitmap> {
        self.flush();
        self.sets.resize_with(len, RoaringBitmap::new);
        self.sets
    }
}

fn id_of<K: std::hash::Hash + Eq>(map: &mut HashMap<K, u32>, key: K) -> u32 {
    let next = u32::try_from(map.len()).unwrap_or(u32::MAX);
    *map.entry(key).or_insert(next)
}

/// The largest percent off the MRP among a product's variants (the discount sort's key).
pub fn best_saving(e: &Entry) -> u32 {
    e.variants.iter().map(|v| v.price.percent_off()).max().unwrap_or(0)
}

fn position(i: usize) -> u32 {
    // A catalogue of 4 billion products does not fit in memory long before this matters.
    u32::try_from(i).unwrap_or(u32::MAX)
}

fn stable_order(entries: &[Arc<Entry>], compare: impl Fn(&Entry, &Entry) -> std::cmp::Ordering) -> Order {
    let mut order: Vec<u32> = (0..entries.len()).map(position).collect();
    // Stable: ties keep the catalogue's order (newest first), as the listing promises.
    order.sort_by(|a, b| compare(&entries[*a as usize], &entries[*b as usize]));
    order.into_boxed_slice()
}

impl ListingIndex {
    /// The index of these entries (in the snapshot's order), placed in `categories` categories.
    pub fn build(entries: &[Arc<Entry>], categories: usize) -> ListingIndex {
        let pieces = Pieces::current();
        let mut fixed = Fixed::default();
        let mut by_category = Lists::default();
        let mut best = Vec::new();
        let (mut colours, mut sizes, mut pairs) = (Lists::default(), Lists::default(), Lists::default());
        let (mut colours_in, mut sizes_in, mut pairs_in) = (Lists::default(), Lists::default(), Lists::default());
        let mut in_stock = Vec::new();
        let (mut colour_facets, mut size_facets) = (Lists::default(), Lists::default());
        let mut colour_facet_ids: HashMap<String, u32> = HashMap::new();
        let mut size_facet_ids: HashMap<String, u32> = HashMap::new();
        // How each facet value is shown; `None` inside once two variants show it differently.
        let (mut colour_shown, mut size_shown) = (Vec::new(), Vec::new());
        let mut seen: HashMap<*const Look, LookIds> = HashMap::new();
        let mut prices: Vec<(Money, u32, bool)> = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            let p = position(i);
            if i % pieces.block == 0 {
                for lists in [&mut by_category, &mut colours, &mut sizes, &mut pairs, &mut colours_in, &mut sizes_in, &mut pairs_in, &mut colour_facets, &mut size_facets] {
                    lists.flush();
                }
            }
            if let Some(c) = entry.category.filter(|c| (*c as usize) < categories) {
                by_category.push(c, p);
            }
            if entry.is_best_seller {
                best.push(p);
            }
            for v in entry.variants.iter() {
                let ids = *seen.entry(Arc::as_ptr(&v.look)).or_insert_with(|| {
                    let colour = id_of(&mut fixed.colour_ids, v.look.color.to_ascii_lowercase());
                    let size = id_of(&mut fixed.size_ids, v.look.size.to_ascii_lowercase());
                    let pair = id_of(&mut fixed.pair_ids, (colour, size));
                    let colour_facet = id_of(&mut colour_facet_ids, v.look.color.to_lowercase());
                    let size_facet = id_of(&mut size_facet_ids, v.look.size.to_uppercase());
                    LookIds { colour, size, pair, colour_facet, size_facet }
                });
                colours.push(ids.colour, p);
                sizes.push(ids.size, p);
                pairs.push(ids.pair, p);
                colour_facets.push(ids.colour_facet, p);
                size_facets.push(ids.size_facet, p);
                let stocked = v.stock > 0;
                if stocked {
                    colours_in.push(ids.colour, p);
                    sizes_in.push(ids.size, p);
                    pairs_in.push(ids.pair, p);
                    if in_stock.last() != Some(&p) {
                        in_stock.push(p);
                    }
                }
                note_shown(&mut colour_shown, ids.colour_facet, &v.look.color, &v.look.color_hex);
                note_shown(&mut size_shown, ids.size_facet, &v.look.size, "");
                prices.push((v.price.pay(), p, stocked));
            }
        }
        let bitmap = |list: Vec<u32>| RoaringBitmap::from_sorted_iter(list).unwrap_or_default();
        fixed.all = bitmap((0..entries.len()).map(position).collect());
        fixed.best_sellers = bitmap(best);
        fixed.by_category = by_category.bitmaps(categories);
        fixed.colours = colours.bitmaps(fixed.colour_ids.len());
        fixed.sizes = sizes.bitmaps(fixed.size_ids.len());
        fixed.pairs = pairs.bitmaps(fixed.pair_ids.len());
        let shared = |sets: Vec<RoaringBitmap>| sets.into_iter().map(Arc::new).collect::<Vec<_>>();
        let mut stocked = Stocked {
            all: Arc::new(bitmap(in_stock)),
            colours: shared(colours_in.bitmaps(fixed.colour_ids.len())),
            sizes: shared(sizes_in.bitmaps(fixed.size_ids.len())),
            pairs: shared(pairs_in.bitmaps(fixed.pair_ids.len())),
            bands: Vec::new(),
        };
        fixed.colour_facets = facet_values(colour_facet_ids, colour_facets, colour_shown);
        fixed.size_facets = facet_values(size_facet_ids, size_facets, size_shown);
        let (bands, any, stocked_bands) = price_bands(prices, pieces.band_variants);
        fixed.bands = bands;
        fixed.band_products = any;
        stocked.bands = shared(stocked_bands);
        fixed.price_asc = stable_order(entries, |a, b| a.min_price.cmp(&b.min_price));
        fixed.price_desc = stable_order(entries, |a, b| b.min_price.cmp(&a.min_price));
        fixed.name = stable_order(entries, |a, b| a.name_lc().cmp(b.name_lc()));
        let savings: Vec<u32> = entries.iter().map(|e| best_saving(e)).collect();
        let mut discount: Vec<u32> = (0..entries.len()).map(position).collect();
        discount.sort_by_key(|p| std::cmp::Reverse(savings[*p as usize]));
        fixed.discount = discount.into_boxed_slice();
        fixed.best_seller_first = stable_order(entries, |a, b| a.is_best_seller.cmp(&b.is_best_seller).reverse());
        ListingIndex { fixed: Arc::new(fixed), stocked }
    }

    /// This index after the stock of some products changed and nothing else the index reads
    /// (see [`ListingIndex::same_shape`]): `changed` holds each product's position, its old and
    /// its new entry. Only the in-stock sets those products are in are copied. `None` when a
    /// variant is not one the index knows (the caller rebuilds).
    pub fn with_stock(&self, changed: &[(u32, &Entry, &Entry)]) -> Option<ListingIndex> {
        let mut next = self.clone();
        for (p, old, new) in changed {
            for (v, add) in old.variants.iter().map(|v| (v, false)).chain(new.variants.iter().map(|v| (v, true))) {
                if v.stock <= 0 {
                    continue;
                }
                let colour = *self.fixed.colour_ids.get(&v.look.color.to_ascii_lowercase())?;
                let size = *self.fixed.size_ids.get(&v.look.size.to_ascii_lowercase())?;
                let pair = *self.fixed.pair_ids.get(&(colour, size))?;
                let band = self.band_of(v.price.pay())?;
                let s = &mut next.stocked;
                for set in [
                    &mut s.all,
                    s.colours.get_mut(colour as usize)?,
                    s.sizes.get_mut(size as usize)?,
                    s.pairs.get_mut(pair as usize)?,
                    s.bands.get_mut(band)?,
                ] {
                    let set = Arc::make_mut(set);
                    if add {
                        set.insert(*p);
                    } else {
                        set.remove(*p);
                    }
                }
            }
        }
        Some(next)
    }

    /// Whether `new` differs from `old` at most in its variants' stock: the one change
    /// [`ListingIndex::with_stock`] can apply.
    pub fn same_shape(old: &Entry, new: &Entry) -> bool {
        old.is_best_seller == new.is_best_seller
            && old.min_price == new.min_price
            && old.name_lc() == new.name_lc()
            && old.variants.len() == new.variants.len()
            && old.variants.iter().zip(new.variants.iter()).all(|(a, b)| a.price == b.price && a.look == b.look)
    }

    /// Whether both indexes share their sort orders and stock-free sets (the one is the
    /// other after a change of stock only).
    #[cfg(test)]
    pub fn shares_orders_with(&self, other: &ListingIndex) -> bool {
        Arc::ptr_eq(&self.fixed, &other.fixed)
    }

    /// Roughly how many bytes the index holds (figures only).
    pub fn approximate_bytes(&self) -> usize {
        let f = &self.fixed;
        let sets = |s: &[RoaringBitmap]| s.iter().map(RoaringBitmap::serialized_size).sum::<usize>();
        let shared = |s: &[Arc<RoaringBitmap>]| s.iter().map(|b| b.serialized_size()).sum::<usize>();
        let facets = |v: &[FacetValue]| v.iter().map(|f| f.products.serialized_size() + f.key.len() + 64).sum::<usize>();
        let orders = [&f.price_asc, &f.price_desc, &f.name, &f.discount, &f.best_seller_first].iter().map(|o| o.len() * 4).sum::<usize>();
        f.all.serialized_size()
            + f.best_sellers.serialized_size()
            + sets(&f.by_category)
            + sets(&f.colours)
            + sets(&f.sizes)
            + sets(&f.pairs)
            + sets(&f.band_products)
            + facets(&f.colour_facets)
            + facets(&f.size_facets)
            + orders
            + self.stocked.all.serialized_size()
            + shared(&self.stocked.colours)
            + shared(&self.stocked.sizes)
            + shared(&self.stocked.pairs)
            + shared(&self.stocked.bands)
    }

    fn band_of(&self, pay: Money) -> Option<usize> {
        let bands = &self.fixed.bands;
        let b = bands.partition_point(|(_, high)| *high < pay);
        bands.get(b).filter(|(low, _)| *low <= pay).map(|_| b)
    }

    pub fn all(&self) -> &RoaringBitmap {
        &self.fixed.all
    }

    pub fn best_sellers(&self) -> &RoaringBitmap {
        &self.fixed.best_sellers
    }

    /// Products directly in this category (by index).
    pub fn in_category(&self, index: usize) -> Option<&RoaringBitmap> {
        self.fixed.by_category.get(index)
    }

    /// Products with at least one variant in stock.
    pub fn in_stock(&self) -> &RoaringBitmap {
        &self.stocked.all
    }

    /// Products with a variant whose colour is one of `colours` and whose size is one of
    /// `sizes` (an empty list: any), in stock if asked, compared ignoring ASCII case.
    pub fn with_looks(&self, colours: &[String], sizes: &[String], in_stock: bool) -> RoaringBitmap {
        use roaring::MultiOps;
        let f = &self.fixed;
        let ids = |map: &HashMap<String, u32>, values: &[String]| {
            let mut ids: Vec<u32> = values.iter().filter_map(|v| map.get(&v.to_ascii_lowercase()).copied()).collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        let pick = |any: &[RoaringBitmap], stocked: &[Arc<RoaringBitmap>], ids: Vec<u32>| -> RoaringBitmap {
            if in_stock {
                ids.iter().filter_map(|i| stocked.get(*i as usize)).map(|s| &**s).union()
            } else {
                ids.iter().filter_map(|i| any.get(*i as usize)).union()
            }
        };
        match (colours.is_empty(), sizes.is_empty()) {
            (false, false) => {
                let (cs, ss) = (ids(&f.colour_ids, colours), ids(&f.size_ids, sizes));
                let pairs = cs.iter().flat_map(|c| ss.iter().filter_map(|s| f.pair_ids.get(&(*c, *s)).copied())).collect();
                pick(&f.pairs, &self.stocked.pairs, pairs)
            }
            (false, true) => pick(&f.colours, &self.stocked.colours, ids(&f.colour_ids, colours)),
            (true, false) => pick(&f.sizes, &self.stocked.sizes, ids(&f.size_ids, sizes)),
            (true, true) if in_stock => (*self.stocked.all).clone(),
            (true, true) => f.all.clone(),
        }
    }

    /// Price bands overlapping `low..=high`, each with its products (those with a variant
    /// priced in the band, in stock if asked) and whether the band lies wholly in the range.
    pub fn bands_within(&self, low: Money, high: Money, in_stock: bool) -> impl Iterator<Item = (&RoaringBitmap, bool)> {
        let f = &self.fixed;
        let first = f.bands.partition_point(|(_, h)| *h < low);
        f.bands[first..].iter().enumerate().take_while(move |(_, (l, _))| *l <= high).filter_map(move |(i, (l, h))| {
            let b = first + i;
            let set = if in_stock { self.stocked.bands.get(b).map(|s| &**s) } else { f.band_products.get(b) };
            set.map(|s| (s, low <= *l && *h <= high))
        })
    }

    /// Every price band's products (any stock), lowest prices first.
    pub fn bands(&self) -> impl DoubleEndedIterator<Item = (&RoaringBitmap, (Money, Money))> {
        self.fixed.band_products.iter().zip(self.fixed.bands.iter().copied())
    }

    /// Entry positions in a listing order other than newest first.
    pub fn price_asc(&self) -> &[u32] {
        &self.fixed.price_asc
    }
    pub fn price_desc(&self) -> &[u32] {
        &self.fixed.price_desc
    }
    pub fn name(&self) -> &[u32] {
        &self.fixed.name
    }
    pub fn discount(&self) -> &[u32] {
        &self.fixed.discount
    }
    pub fn best_seller_first(&self) -> &[u32] {
        &self.fixed.best_seller_first
    }

    /// Colour facet values in key order.
    pub fn colour_facets(&self) -> &[FacetValue] {
        &self.fixed.colour_facets
    }

    /// Size facet values in key order.
    pub fn size_facets(&self) -> &[FacetValue] {
        &self.fixed.size_facets
    }
}

/// How a facet value is shown, as the variants are read.
#[derive(Clone, Default)]
enum Shown {
    #[default]
    Unseen,
    Alike(Box<str>, Box<str>),
    /// Two variants with the key show it differently (`Navy Blue` and `navy blue`).
    Varied,
}

fn note_shown(shown: &mut Vec<Shown>, id: u32, name: &str, hex: &str) {
    let id = id as usize;
    if shown.len() <= id {
        shown.resize(id + 1, Shown::Unseen);
    }
    shown[id] = match &shown[id] {
        Shown::Unseen => Shown::Alike(name.into(), hex.into()),
        Shown::Alike(n, h) if &**n == name && &**h == hex => return,
        _ => Shown::Varied,
    };
}

fn facet_values(ids: HashMap<String, u32>, lists: Lists, mut shown: Vec<Shown>) -> Vec<FacetValue> {
    let mut sets = lists.bitmaps(ids.len());
    shown.resize(ids.len(), Shown::Unseen);
    let ordered: BTreeMap<String, u32> = ids.into_iter().collect();
    ordered
        .into_iter()
        .map(|(key, id)| {
            let id = id as usize;
            let shown = match shown.get_mut(id).map(std::mem::take) {
                Some(Shown::Alike(name, hex)) => Some((name, hex)),
                _ => None,
            };
            FacetValue { key, products: std::mem::take(&mut sets[id]), shown }
        })
        .collect()
}

/// Cuts the variants' prices into bands of about `band_variants` variants, never splitting
/// one price: the bands' ranges, products per band, in-stock products per band.
fn price_bands(mut prices: Vec<(Money, u32, bool)>, band_variants: usize) -> (Vec<(Money, Money)>, Vec<RoaringBitmap>, Vec<RoaringBitmap>) {
    prices.sort_unstable();
    let (mut bands, mut any, mut stocked) = (Vec::new(), Vec::new(), Vec::new());
    let mut start = 0;
    while start < prices.len() {
        let mut end = start;
        while end < prices.len() {
            // The variants at the next price, taken whole.
            let price = prices[end].0;
            let group_end = end + prices[end..].partition_point(|(p, _, _)| *p == price);
            if end > start && group_end - start > band_variants {
                break;
            }
            end = group_end;
            if end - start >= band_variants {
                break;
            }
        }
        let band = &prices[start..end];
        let set = |only_stocked: bool| {
            let mut ps: Vec<u32> = band.iter().filter(|(_, _, s)| *s || !only_stocked).map(|(_, p, _)| *p).collect();
            ps.sort_unstable();
            ps.dedup();
            RoaringBitmap::from_sorted_iter(ps).unwrap_or_default()
        };
        bands.push((band[0].0, band[band.len() - 1].0));
        any.push(set(false));
        stocked.push(set(true));
        start = end;
    }
    (bands, any, stocked)
}
