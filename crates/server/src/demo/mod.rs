//! The demo catalogue: a shop that looks real, made through the same services (and so the
//! same rules) as the back office. Seeding a catalogue that already has categories does
//! nothing, so running it twice changes nothing.

/// The pictures live in their own crate, compiled optimised in debug builds too.
pub use demo_art as art;

use catalog::{CatalogApi, CategoryInput, ParentChoice, ProductInput, VariantInput};
use content::{CompanyInput, ContentApi, LegalInput};
use kernel::IncomingFile;

use art::{garment_picture, hero_picture, Garment, Print};

pub struct SeedReport {
    pub categories: usize,
    pub products: usize,
}

struct Sub {
    name: &'static str,
    description: &'static str,
    garment: Garment,
    sizes: &'static [&'static str],
    products: &'static [(&'static str, u32)],
}

struct Top {
    name: &'static str,
    description: &'static str,
    garment: Garment,
    colour: &'static str,
    subs: &'static [Sub],
}

const LETTER: &[&str] = &["S", "M", "L", "XL"];
const WAIST: &[&str] = &["28", "30", "32", "34", "36"];
const KIDS: &[&str] = &["2-3Y", "4-5Y", "6-7Y", "8-9Y"];
const FREE: &[&str] = &["Free Size"];

/// (product name, price in rupees)
const CATALOGUE: &[Top] = &[
    Top {
        name: "Men",
        description: "Shirts, tees and denim for every day and every occasion",
        garment: Garment::Shirt,
        colour: "#1F3A5F",
        subs: &[
            Sub { name: "Shirts", description: "Cotton and linen shirts, casual to formal", garment: Garment::Shirt, sizes: LETTER, products: &[("Classic Oxford Shirt", 1499), ("Linen Casual Shirt", 1799), ("Slim Fit Formal Shirt", 1299), ("Checked Flannel Shirt", 1599), ("Mandarin Collar Shirt", 1199), ("Printed Rayon Shirt", 999)] },
            Sub { name: "T Shirts", description: "Soft cotton tees and polos", garment: Garment::TShirt, sizes: LETTER, products: &[("Essential Crew Neck Tee", 499), ("Pique Polo T Shirt", 899), ("Graphic Print Tee", 599), ("Henley Full Sleeve Tee", 749), ("Striped Cotton Tee", 649)] },
            Sub { name: "Jeans", description: "Denim in slim, straight and relaxed fits", garment: Garment::Jeans, sizes: WAIST, products: &[("Slim Fit Stretch Jeans", 1999), ("Straight Fit Dark Jeans", 2199), ("Relaxed Fit Light Jeans", 1899), ("Tapered Black Jeans", 2299), ("Distressed Skinny Jeans", 2499)] },
        ],
    },
    Top {
        name: "Women",
        description: "Dresses, kurtis and sarees in colours that last",
        garment: Garment::Dress,
        colour: "#9B2242",
        subs: &[
            Sub { name: "Dresses", description: "Maxi, midi and wrap dresses", garment: Garment::Dress, sizes: LETTER, products: &[("Floral Wrap Dress", 1899), ("Tiered Maxi Dress", 2299), ("A Line Midi Dress", 1699), ("Smocked Summer Dress", 1499), ("Shirt Dress with Belt", 1999), ("Ribbed Bodycon Dress", 1299)] },
            Sub { name: "Kurtis", description: "Everyday and festive kurtis", garment: Garment::Kurti, sizes: LETTER, products: &[("Block Print Cotton Kurti", 899), ("Anarkali Flared Kurti", 1499), ("Chikankari Straight Kurti", 1699), ("Mirror Work Festive Kurti", 1999), ("Angrakha Style Kurti", 1199), ("Ikat Print Kurti", 999)] },
            Sub { name: "Sarees", description: "Silk, cotton and chiffon sarees", garment: Garment::Saree, sizes: FREE, products: &[("Banarasi Silk Saree", 5499), ("Kanjeevaram Silk Saree", 7999), ("Chiffon Party Saree", 2499), ("Handloom Cotton Saree", 1899), ("Georgette Printed Saree", 1599)] },
        ],
    },
    Top {
        name: "Kids",
        description: "Comfortable clothes for growing children",
        garment: Garment::TShirt,
        colour: "#E0A526",
        subs: &[
            Sub { name: "Boys", description: "Tees, shirts and shorts for boys", garment: Garment::TShirt, sizes: KIDS, products: &[("Dino Print Tee", 399), ("Cotton Checked Shirt", 599), ("Denim Dungaree", 999), ("Festive Kurta Set", 1299)] },
            Sub { name: "Girls", description: "Frocks, tops and ethnic sets for girls", garment: Garment::Dress, sizes: KIDS, products: &[("Tutu Party Frock", 899), ("Floral Cotton Frock", 699), ("Lehenga Choli Set", 1799), ("Unicorn Print Top", 449)] },
        ],
    },
    Top {
        name: "Accessories",
        description: "Bags and scarves to finish the look",
        garment: Garment::Bag,
        colour: "#5B4636",
        subs: &[
            Sub { name: "Bags", description: "Totes, slings and backpacks", garment: Garment::Bag, sizes: FREE, products: &[("Canvas Tote Bag", 799), ("Leather Sling Bag", 1999), ("Jute Shopping Bag", 499), ("Quilted Handbag", 1499), ("Everyday Backpack", 1799)] },
            Sub { name: "Scarves", description: "Stoles, dupattas and scarves", garment: Garment::Scarf, sizes: FREE, products: &[("Pashmina Stole", 2499), ("Printed Silk Scarf", 999), ("Cotton Dupatta", 599), ("Woollen Muffler", 799)] },
        ],
    },
];

const COLOURS: &[(&str, &str)] = &[
    ("Navy Blue", "#000080"), ("Maroon", "#800000"), ("Olive Green", "#556B2F"), ("Mustard", "#FFDB58"),
    ("Black", "#000000"), ("White", "#FFFFFF"), ("Teal", "#008080"), ("Peach", "#FFE5B4"),
    ("Royal Blue", "#4169E1"), ("Charcoal", "#36454F"), ("Rose", "#FF007F"), ("Beige", "#F5F5DC"),
];

/// A small deterministic generator: the demo is the same on every machine.
fn pick(seed: usize, n: usize) -> usize {
    (seed.wrapping_mul(2_654_435_761) >> 7) % n.max(1)
}

fn jpeg(garment: Garment, hex: &str, print: Print, tint: usize) -> IncomingFile {
    IncomingFile { bytes: garment_picture(garment, hex, print, tint as u32) }
}

/// A top category's banner (the home page's hero): its garment and its subcategories' in its
/// colour and two of the shop's.
fn banner(top: &Top, tint: usize) -> IncomingFile {
    let mut garments = vec![top.garment];
    for sub in top.subs {
        if !garments.contains(&sub.garment) {
            garments.push(sub.garment);
        }
    }
    let colours = [top.colour, COLOURS[pick(tint + 3, COLOURS.len())].1, COLOURS[pick(tint + 8, COLOURS.len())].1];
    IncomingFile { bytes: hero_picture(&garments, &colours, tint as u32) }
}

fn variants(sizes: &[&str], colours: &[(&str, &str)], price: u32, seed: usize) -> Vec<VariantInput> {
    // Every third product is on sale: the saving is shown against the MRP.
    let discount = if seed.is_multiple_of(3) { (price / 5 / 50) * 50 } else { 0 };
    let mut rows = Vec::new();
    for (ci, (name, hex)) in colours.iter().enumerate() {
        for (si, size) in sizes.iter().enumerate() {
            let roll = pick(seed * 31 + ci * 7 + si, 10);
            // About one size in seven is sold out; a few are nearly gone.
            let stock = match roll {
                0 => 0,
                1 => 2,
                2 => 4,
                _ => 8 + roll * 3,
            };
            rows.push(VariantInput {
                id: None,
                size: Some(size.to_string()),
                color: Some(name.to_string()),
                color_hex: Some(hex.to_string()),
                stock: Some(stock.to_string()),
                original_price: Some(price.to_string()),
                discount_price: Some(discount.to_string()),
                sku: None,
                expected_stock: None,
            });
        }
    }
    rows
}

/// The HSN code of a demo subcategory, so the demo shop can issue tax invoices. A real
/// shop classifies each of its goods: sarees, for one, are woven fabric (chapters 50 to 55)
/// and need a rate of their own, which the default table does not have.
fn demo_hsn(subcategory: &str) -> &'static str {
    match subcategory {
        "Shirts" => "6205",
        "T Shirts" => "6109",
        "Jeans" | "Boys" => "6203",
        "Dresses" | "Girls" => "6204",
        "Bags" => "4202",
        "Scarves" => "6214",
        _ => "6211",
    }
}

pub fn seed(catalog: &dyn CatalogApi, content: &dyn ContentApi) -> Result<Option<SeedReport>, String> {
    if !catalog.snapshot().categories.is_empty() {
        return Ok(None);
    }
    let mut report = SeedReport { categories: 0, products: 0 };
    // The categories first, then the products one subcategory after another in turn: the
    // newest products (the home page's featured ones) then span the catalogue. Each product's
    // colours, stock and price follow its place in the catalogue, not the order it is made in.
    let mut shelves = Vec::new();
    let mut before = 0usize;
    for top in CATALOGUE {
        let parent = catalog
            .create_category(CategoryInput {
                name: Some(top.name.into()),
                description: Some(top.description.into()),
                parent: ParentChoice::TopLevel,
                hsn_code: None,
                files: vec![banner(top, report.categories)],
                deleted_upload_ids: Vec::new(),
            })
            .map_err(|e| format!("category {}: {e}", top.name))?;
        report.categories += 1;
        for sub in top.subs {
            let (_, sub_hex) = COLOURS[pick(report.categories, COLOURS.len())];
            let category = catalog
                .create_category(CategoryInput {
                    name: Some(sub.name.into()),
                    description: Some(sub.description.into()),
                    parent: ParentChoice::Under(parent.id.clone()),
                    hsn_code: Some(demo_hsn(sub.name).into()),
                    files: vec![jpeg(sub.garment, sub_hex, Print::for_product(sub.name, report.categories), report.categories)],
                    deleted_upload_ids: Vec::new(),
                })
                .map_err(|e| format!("category {}: {e}", sub.name))?;
            report.categories += 1;
            shelves.push((sub, category.id, before));
            before += sub.products.len();
        }
    }
    let most = shelves.iter().map(|(sub, _, _)| sub.products.len()).max().unwrap_or(0);
    for round in 0..most {
        for (sub, category_id, before) in &shelves {
            // Each subcategory's last product comes in the last round: the ten newest are one
            // of each.
            let Some(at) = (round + sub.products.len()).checked_sub(most) else { continue };
            let Some((name, price)) = sub.products.get(at) else { continue };
            let seed_index = before + at + 1;
            let first = pick(seed_index, COLOURS.len());
            let second = (first + 1 + pick(seed_index + 5, COLOURS.len() - 1)) % COLOURS.len();
            let colours = [COLOURS[first], COLOURS[second]];
            let colour_count = if sub.sizes.len() == 1 { 2 } else { 1 + seed_index % 2 };
            let chosen = &colours[..colour_count];
            let print = Print::for_product(name, seed_index);
            let files = chosen.iter().enumerate().map(|(i, (_, hex))| jpeg(sub.garment, hex, print, seed_index + i)).collect();
            let description = format!(
                "{name} from our {} collection. {}. Easy care, made to last, and sized for a comfortable fit.",
                sub.name.to_lowercase(),
                sub.description
            );
            catalog
                .create_product(ProductInput {
                    name: Some(name.to_string()),
                    category_id: Some(category_id.clone()),
                    description: Some(description),
                    hsn_code: None,
                    variants: Some(variants(sub.sizes, chosen, *price, seed_index)),
                    deleted_image_ids: Vec::new(),
                    files,
                    // Each picture is drawn in one of the product's colours.
                    new_image_colors: chosen.iter().map(|(colour, _)| Some(colour.to_string())).collect(),
                    image_colors: Vec::new(),
                    is_best_seller: Some(seed_index % 5 == 1),
                })
                .map_err(|e| format!("product {name}: {e}"))?;
            report.products += 1;
        }
    }
    content
        .update_company(CompanyInput {
            name: Some("Kapda Collective".into()),
            email: Some("hello@kapda.example".into()),
            phone: Some("9876543210".into()),
            address: Some("21 Residency Road, Bengaluru, Karnataka".into()),
            pincode: Some("560025".into()),
            legal_name: Some("Kapda Collective Private Limited".into()),
            // A GSTIN published as an example (Karnataka, 29): the demo issues tax invoices.
            gstin: Some("29AAGCB7383J1Z4".into()),
            state: Some("Karnataka".into()),
            invoice_prefix: Some("KC".into()),
            grievance_officer: Some("Meera Iyer".into()),
            grievance_designation: Some("Head of customer care".into()),
            grievance_email: Some("grievance@kapda.example".into()),
            grievance_phone: None,
            logo: None,
        })
        .map_err(|e| format!("company details: {e}"))?;
    for (slug, title, text) in [("privacy-policy", "Privacy Policy", PRIVACY), ("terms-conditions", "Terms and Conditions", TERMS)] {
        content
            .save_legal_page(LegalInput { slug: Some(slug.into()), title: Some(title.into()), content: Some(text.into()) })
            .map_err(|e| format!("legal page {slug}: {e}"))?;
    }
    Ok(Some(report))
}

/// The demo's legal pages, in Markdown: each `##` heading is a section of the page's
/// contents (the privacy policy's are the eight docs/PRODUCT.md lists). Neither has a Contact Us
/// section: the storefront adds its own, with the company details as they are now.
const PRIVACY: &str = "Kapda Collective respects your privacy. This policy explains what we collect, why, and what you can ask of us.

## Interpretation and Definitions

\"We\", \"us\" and \"our\" mean Kapda Collective Private Limited; \"you\" means anyone who visits or buys from this shop.

## Collecting Your Personal Data

We collect only what we need to deliver your orders:

- your name, e-mail address and phone number;
- your delivery addresses, with their PIN codes.

## Tracking Technologies and Cookies

We use cookies and browser storage only to keep you signed in and to remember your cart and wishlist. We use no advertising trackers.

## Usage of Your Personal Data

We use your details to process orders, send order updates and answer your questions. **We never sell your data.**

## Retention of Your Personal Data

Order records are kept for as long as tax law requires; you can delete your account at any time under My Account > Password, or ask us to.

## Security of Your Personal Data

Passwords are stored only as salted hashes and every page is served over an encrypted connection.

## Children's Privacy

We do not knowingly serve children under 13.
";

const TERMS: &str = "Please read these terms before you buy from Kapda Collective.

## Governing Law

These terms are governed by the laws of the State of Karnataka, India.

## Eligibility

You must be 18 or over to buy from this shop.

## Prices and Payment

Prices are in Indian rupees and include applicable taxes; payment is cash on delivery.

## Limitation of Liability

Our liability for any order is limited to the amount you paid for it, or 100 USD, whichever is lower.

## Changes to These Terms

We will give you 30 days' notice of any material change to these terms.

## Returns and Refunds

Cancellations and returns are accepted within 7 days; refunds are made within 14 days of receiving the returned goods.
";

#[cfg(test)]
mod tests {
    use super::{PRIVACY, TERMS};

    fn headings(text: &str) -> Vec<&str> {
        text.lines().filter_map(|l| l.strip_prefix("## ")).collect()
    }

    #[test]
    fn the_demo_privacy_policy_has_the_sections_spec_lists_before_the_shops_contact() {
        assert_eq!(
            headings(PRIVACY),
            [
                "Interpretation and Definitions",
                "Collecting Your Personal Data",
                "Tracking Technologies and Cookies",
                "Usage of Your Personal Data",
                "Retention of Your Personal Data",
                "Security of Your Personal Data",
                "Children's Privacy",
            ]
        );
    }

    #[test]
    fn the_demo_terms_state_what_spec_requires() {
        assert!(headings(TERMS).len() >= 5);
        for needle in ["State of Karnataka, India", "18 or over", "100 USD", "30 days' notice", "within 7 days", "14 days"] {
            assert!(TERMS.contains(needle), "{needle}");
        }
    }
}
