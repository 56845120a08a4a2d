//! Demo pictures drawn by the program: garments of fabric with a weave, folds and rounded
//! shading, plain or printed (stripes, checks, block print, ikat), on a studio backdrop with a
//! floor shadow; a top category's banner shows three garments side by side. No network, no
//! bundled photos.
//!
//! Everything is smooth but the weave, so the JPEGs stay small; each picture is drawn once per
//! pixel (the demo draws about a hundred at start-up).

use std::f32::consts::PI;
use std::io::Cursor;

use image::{ImageBuffer, ImageFormat, Rgb};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Garment {
    Shirt,
    TShirt,
    Jeans,
    Dress,
    Kurti,
    Saree,
    Bag,
    Scarf,
}

/// What the fabric shows besides its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Print {
    Plain,
    Stripes,
    Checks,
    BlockPrint,
    Ikat,
}

impl Print {
    /// The print a product's name names ("Striped Cotton Tee", "Ikat Print Kurti"); other
    /// products are plain or, one in three by `seed`, printed anyway.
    pub fn for_product(name: &str, seed: usize) -> Print {
        let name = name.to_lowercase();
        let named = [
            (&["stripe", "breton"][..], Print::Stripes),
            (&["check", "flannel", "plaid", "madras"][..], Print::Checks),
            (&["ikat", "patola"][..], Print::Ikat),
            (&["block print", "printed", "floral", "print", "banarasi", "kanjeevaram"][..], Print::BlockPrint),
        ];
        for (words, print) in named {
            if words.iter().any(|w| name.contains(w)) {
                return print;
            }
        }
        match seed % 9 {
            1 => Print::Stripes,
            4 => Print::Checks,
            7 => Print::BlockPrint,
            _ => Print::Plain,
        }
    }
}

/// A product (or subcategory) picture: width × height.
pub const PRODUCT_SIZE: (u32, u32) = (640, 800);
/// A top category's banner, shown across the home page's hero: width × height.
pub const HERO_SIZE: (u32, u32) = (1600, 900);

/// Outline of each garment in a 100 × 125 box.
fn outline(g: Garment) -> &'static [(f32, f32)] {
    match g {
        Garment::Shirt => &[(35.0, 12.0), (45.0, 18.0), (55.0, 18.0), (65.0, 12.0), (88.0, 28.0), (80.0, 48.0), (70.0, 42.0), (70.0, 112.0), (30.0, 112.0), (30.0, 42.0), (20.0, 48.0), (12.0, 28.0)],
        Garment::TShirt => &[(36.0, 16.0), (44.0, 22.0), (56.0, 22.0), (64.0, 16.0), (86.0, 30.0), (78.0, 44.0), (70.0, 40.0), (70.0, 108.0), (30.0, 108.0), (30.0, 40.0), (22.0, 44.0), (14.0, 30.0)],
        Garment::Jeans => &[(30.0, 10.0), (70.0, 10.0), (74.0, 115.0), (56.0, 115.0), (50.0, 45.0), (44.0, 115.0), (26.0, 115.0)],
        Garment::Dress => &[(40.0, 10.0), (60.0, 10.0), (62.0, 35.0), (58.0, 50.0), (82.0, 115.0), (18.0, 115.0), (42.0, 50.0), (38.0, 35.0)],
        Garment::Kurti => &[(38.0, 12.0), (46.0, 18.0), (54.0, 18.0), (62.0, 12.0), (80.0, 26.0), (74.0, 60.0), (66.0, 50.0), (72.0, 116.0), (28.0, 116.0), (34.0, 50.0), (26.0, 60.0), (20.0, 26.0)],
        Garment::Saree => &[(30.0, 12.0), (62.0, 12.0), (84.0, 60.0), (70.0, 116.0), (24.0, 116.0), (34.0, 60.0)],
        Garment::Bag => &[(22.0, 45.0), (78.0, 45.0), (84.0, 110.0), (16.0, 110.0)],
        Garment::Scarf => &[(20.0, 20.0), (80.0, 20.0), (80.0, 34.0), (58.0, 34.0), (62.0, 115.0), (44.0, 115.0), (42.0, 34.0), (20.0, 34.0)],
    }
}

fn inside(polygon: &[(f32, f32)], x: f32, y: f32) -> bool {
    let mut inside = false;
    let mut j = polygon.len() - 1;
    for i in 0..polygon.len() {
        let (xi, yi) = polygon[i];
        let (xj, yj) = polygon[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// Reads `#RRGGBB`; grey for anything else.
pub fn rgb(hex: &str) -> [u8; 3] {
    let digits = hex.trim_start_matches('#');
    let channel = |i: usize| digits.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(128);
    [channel(0), channel(2), channel(4)]
}

/// A colour with channels from 0 to 1.
type Colour = [f32; 3];

fn colour(hex: &str) -> Colour {
    rgb(hex).map(|c| f32::from(c) / 255.0)
}

fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

fn scale(c: Colour, k: f32) -> Colour {
    c.map(|x| x * k)
}

fn luminance(c: Colour) -> f32 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

fn to_pixel(c: Colour) -> Rgb<u8> {
    // Adding one half and truncating rounds like `round()` without a libm call per channel.
    Rgb(c.map(|x| (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8))
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A cheap repeatable hash of an integer, from 0 to 1.
fn hash(n: u32) -> f32 {
    let mut x = n.wrapping_mul(0x9E37_79B9) ^ 0x85EB_CA6B;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x & 0xFFFF) as f32 / 65535.0
}

/// One garment placed on the picture: its 100 × 125 box at `origin`, `unit` pixels a unit.
struct Placed {
    garment: Garment,
    fabric: Fabric,
    origin: (f32, f32),
    unit: f32,
    /// Its box in pixels, to skip the outline test far from it.
    bounds: (f32, f32, f32, f32),
}

/// The cloth's colours and print.
struct Fabric {
    base: Colour,
    /// The print's colour: lighter on a dark cloth, darker on a light one.
    ink: Colour,
    /// A third colour for block-print centres and borders.
    accent: Colour,
    print: Print,
    /// Where the folds fall.
    phase: f32,
}

impl Fabric {
    fn new(hex: &str, print: Print, seed: u32) -> Fabric {
        let base = colour(hex);
        let light = luminance(base) > 0.55;
        let ink = if light { mix(scale(base, 0.45), [0.15, 0.2, 0.35], 0.4) } else { mix(base, [0.97, 0.94, 0.86], 0.78) };
        let accent = if light { [0.72, 0.22, 0.18] } else { [0.85, 0.66, 0.2] };
        Fabric { base, ink, accent, print, phase: hash(seed) * 2.0 * PI }
    }

    /// How much of the print's ink covers the cloth at (x, y) in garment units, and the ink.
    fn print_at(&self, x: f32, y: f32) -> (f32, Colour) {
        match self.print {
            Print::Plain => (0.0, self.ink),
            Print::Stripes => {
                // Bands 3 units apart, one wide, with soft edges.
                let s = (y * PI / 3.0).sin();
                (smoothstep(0.35, 0.6, s) * 0.85, self.ink)
            }
            Print::Checks => {
                let band = |v: f32| smoothstep(0.45, 0.7, (v * PI / 5.0).sin());
                let fine = |v: f32| smoothstep(0.9, 0.97, (v * PI / 1.25).sin()) * 0.5;
                let w = 0.45 * band(x) + 0.45 * band(y) + 0.3 * (fine(x) + fine(y));
                (w.min(0.9), self.ink)
            }
            Print::BlockPrint => {
                // A small flower on a half-drop grid, 9 units apart, with a dot of the accent.
                let row = (y / 9.0).floor();
                let shift = if (row as i32) % 2 == 0 { 0.0 } else { 4.5 };
                let (u, v) = ((x + shift).rem_euclid(9.0) - 4.5, y.rem_euclid(9.0) - 4.5);
                let r = (u * u + v * v).sqrt();
                if r > 3.4 {
                    return (0.0, self.ink);
                }
                if r < 0.8 {
                    return (0.9, self.accent);
                }
                let petals = 2.3 + 0.9 * (5.0 * v.atan2(u)).cos();
                (if r < petals { 0.85 } else { 0.0 }, self.ink)
            }
            Print::Ikat => {
                // Diamonds whose edges bleed sideways row by row, as resist-dyed yarn does.
                let row = (y * 2.0) as i32 as u32;
                let jitter = (hash(row) - 0.5) * 1.6;
                let (u, v) = ((x + jitter).rem_euclid(14.0) - 7.0, y.rem_euclid(20.0) - 10.0);
                let d = u.abs() / 7.0 + v.abs() / 10.0;
                let ring = smoothstep(0.42, 0.5, d) * (1.0 - smoothstep(0.7, 0.78, d));
                let core = 1.0 - smoothstep(0.12, 0.2, d);
                if core > 0.0 {
                    (core * 0.9, self.accent)
                } else {
                    (ring * 0.9, self.ink)
                }
            }
        }
    }
}

impl Placed {
    fn new(garment: Garment, fabric: Fabric, origin: (f32, f32), unit: f32) -> Placed {
        let bounds = (origin.0, origin.1, origin.0 + 100.0 * unit, origin.1 + 125.0 * unit);
        Placed { garment, fabric, origin, unit, bounds }
    }

    /// The garment's colour at pixel (px, py), or `None` off it.
    fn paint(&self, px: f32, py: f32) -> Option<Colour> {
        let (x0, y0, x1, y1) = self.bounds;
        if px < x0 || px >= x1 || py < y0 || py >= y1 {
            return None;
        }
        let (x, y) = ((px - self.origin.0) / self.unit, (py - self.origin.1) / self.unit);
        let extra = self.trim(x, y);
        if !inside(outline(self.garment), x, y) {
            return extra;
        }
        let f = &self.fabric;
        let (ink, ink_colour) = f.print_at(x, y);
        let mut cloth = mix(f.base, ink_colour, ink);
        // Details: plackets and buttons, a waistband, a saree's border and pallu.
        cloth = self.details(cloth, x, y);
        // Folds: soft vertical drapes that deepen towards the hem.
        let drape = (x * 0.33 + 1.8 * (y * 0.045 + f.phase).sin() + f.phase).sin();
        let depth = 0.05 + 0.11 * (y / 125.0);
        // Rounded body: darker towards the sides; light from the top left.
        let side = ((x - 50.0) / 42.0).powi(2).min(1.0);
        let light = (1.0 + depth * drape) * (1.0 - 0.3 * side) * (1.06 - 0.1 * (x / 100.0) - 0.08 * (y / 125.0));
        // The weave: a fine twill, faint enough to keep the picture small.
        let twill = if ((px as i32 + py as i32) & 3) < 2 { 1.018 } else { 0.982 };
        let shaded = scale(cloth, light * twill);
        // A sheen on the folds' crests, so that black cloth shows its folds too.
        let sheen = (0.07 * depth * 8.0 * drape.max(0.0)).min(0.08);
        Some(shaded.map(|c| c + sheen))
    }

    /// What a garment has outside its outline: a bag's handle, a scarf's fringe.
    fn trim(&self, x: f32, y: f32) -> Option<Colour> {
        match self.garment {
            Garment::Bag if y < 46.0 => {
                let r = ((x - 50.0).powi(2) + (y - 46.0).powi(2)).sqrt();
                (18.0..21.5).contains(&r).then(|| scale(self.fabric.base, 0.6 + 0.25 * (1.0 - (y - 25.0).abs() / 21.0)))
            }
            Garment::Scarf if (115.0..121.0).contains(&y) && (44.5..61.5).contains(&x) => {
                ((x * 1.6).fract() < 0.45).then(|| scale(self.fabric.base, 0.8))
            }
            _ => None,
        }
    }

    fn details(&self, cloth: Colour, x: f32, y: f32) -> Colour {
        let f = &self.fabric;
        match self.garment {
            Garment::Shirt | Garment::Kurti => {
                // A placket down the front with buttons (a kurti's stops at the chest).
                let (top, bottom) = if self.garment == Garment::Shirt { (18.0, 112.0) } else { (18.0, 50.0) };
                if y > top && y < bottom {
                    if (x - 50.0).abs() < 0.5 {
                        return scale(cloth, 0.8);
                    }
                    let at = top + 6.0 + 12.0 * ((y - top - 6.0) / 12.0).round();
                    if at < bottom - 2.0 && (x - 51.8).powi(2) + (y - at).powi(2) < 1.0 {
                        return mix(cloth, [0.95, 0.93, 0.88], 0.7);
                    }
                }
                cloth
            }
            Garment::Jeans => {
                if y < 16.0 {
                    return scale(cloth, 0.82);
                }
                // Contrast stitching down the outer seams.
                let outer = (x - (30.0 - 4.0 * (y - 10.0) / 105.0)).abs().min((x - (70.0 + 4.0 * (y - 10.0) / 105.0)).abs());
                if outer > 2.2 && outer < 2.6 && (y * 1.5).fract() < 0.6 {
                    return mix(cloth, [0.85, 0.6, 0.25], 0.7);
                }
                cloth
            }
            Garment::Dress if (49.0..51.0).contains(&y) => scale(cloth, 0.75),
            Garment::Saree => {
                // A gold border along the hem and the pallu falling from the shoulder.
                let pallu = ((y - 12.0) * 22.0 - (x - 30.0) * 48.0).abs() / (22.0f32.hypot(48.0));
                if y > 108.0 || pallu < 5.0 {
                    let zari = if ((x + y) * 0.9).sin() > 0.6 { 0.9 } else { 0.75 };
                    return mix(cloth, f.accent, zari);
                }
                cloth
            }
            _ => cloth,
        }
    }
}

/// The studio backdrop: a soft vertical gradient in one of four tints, a vignette and the
/// garments' floor shadows.
fn backdrop(tint: u32, px: f32, py: f32, width: f32, height: f32, shadows: &[(f32, f32, f32)]) -> Colour {
    let tints: [Colour; 4] = [[0.965, 0.945, 0.918], [0.925, 0.949, 0.965], [0.957, 0.933, 0.965], [0.933, 0.965, 0.941]];
    let top = tints[(tint % 4) as usize];
    let (u, v) = (px / width, py / height);
    let mut c = mix(top, scale(top, 0.86), v);
    let vignette = ((u - 0.5).powi(2) + (v - 0.45).powi(2)).sqrt();
    c = scale(c, 1.0 - 0.12 * smoothstep(0.35, 0.8, vignette));
    for &(cx, cy, r) in shadows {
        let d = ((px - cx) / r).powi(2) + ((py - cy) / (r * 0.12)).powi(2);
        c = scale(c, 1.0 - 0.22 * (1.0 - smoothstep(0.2, 1.0, d)));
    }
    c
}

fn render(width: u32, height: u32, tint: u32, placed: &[Placed]) -> Vec<u8> {
    let shadows: Vec<(f32, f32, f32)> =
        placed.iter().map(|p| (p.origin.0 + 50.0 * p.unit, p.origin.1 + 118.0 * p.unit, 40.0 * p.unit)).collect();
    let (w, h) = (width as f32, height as f32);
    let img = ImageBuffer::from_fn(width, height, |px, py| {
        let (x, y) = (px as f32, py as f32);
        let painted = placed.iter().find_map(|p| p.paint(x, y));
        to_pixel(painted.unwrap_or_else(|| backdrop(tint, x, y, w, h, &shadows)))
    });
    let mut out = Cursor::new(Vec::new());
    // Writing into memory cannot fail for a well-formed buffer; an empty result is caught
    // by the media store's checks.
    let _ = img.write_to(&mut out, ImageFormat::Jpeg);
    out.into_inner()
}

/// A [`PRODUCT_SIZE`] JPEG of the garment in the colour and print, on a backdrop tinted by
/// `tint` (which also moves its folds).
pub fn garment_picture(garment: Garment, hex: &str, print: Print, tint: u32) -> Vec<u8> {
    let (width, height) = PRODUCT_SIZE;
    let unit = height as f32 / 128.0;
    let origin = ((width as f32 - 100.0 * unit) / 2.0, 0.0);
    render(width, height, tint, &[Placed::new(garment, Fabric::new(hex, print, tint), origin, unit)])
}

/// A [`HERO_SIZE`] JPEG for a top category: three of its garments side by side in its colours,
/// the first in the middle (what a phone's portrait crop keeps).
pub fn hero_picture(garments: &[Garment], colours: &[&str], tint: u32) -> Vec<u8> {
    let (width, height) = HERO_SIZE;
    let (w, h) = (width as f32, height as f32);
    let garment = |i: usize| garments.get(i % garments.len().max(1)).copied().unwrap_or(Garment::Shirt);
    let hex = |i: usize| colours.get(i % colours.len().max(1)).copied().unwrap_or("#808080");
    let prints = [Print::Plain, Print::Stripes, Print::BlockPrint];
    // Middle, left, right: the sides a little smaller and further back.
    let slots = [(0.5, 0.96), (0.2, 0.8), (0.8, 0.8)];
    let mut placed = Vec::new();
    for (i, (centre, size)) in slots.iter().enumerate() {
        let unit = h * size / 128.0;
        let origin = (w * centre - 50.0 * unit, h - 125.0 * unit - h * 0.03);
        placed.push(Placed::new(garment(i), Fabric::new(hex(i), prints[i], tint + i as u32), origin, unit));
    }
    render(width, height, tint, &placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(bytes: &[u8]) -> image::RgbImage {
        image::load_from_memory(bytes).map(|i| i.to_rgb8()).unwrap_or_default()
    }

    #[test]
    fn pictures_are_jpegs_of_the_size_they_are_shown_at() {
        let product = decoded(&garment_picture(Garment::Kurti, "#9B2242", Print::Ikat, 3));
        assert_eq!(product.dimensions(), PRODUCT_SIZE);
        let hero = decoded(&hero_picture(&[Garment::Shirt, Garment::Jeans], &["#1F3A5F", "#556B2F"], 0));
        assert_eq!(hero.dimensions(), HERO_SIZE);
        assert!(HERO_SIZE.0 >= 1600);
    }

    #[test]
    fn the_garment_is_in_its_colour_and_a_print_shows() {
        let plain = decoded(&garment_picture(Garment::TShirt, "#800000", Print::Plain, 0));
        let striped = decoded(&garment_picture(Garment::TShirt, "#800000", Print::Stripes, 0));
        // The middle of the tee is maroon-ish: red above green and blue.
        let Rgb([r, g, b]) = *plain.get_pixel(320, 450);
        assert!(r > g + 40 && r > b + 40, "{r} {g} {b}");
        // Down the middle, the stripes alternate dark cloth and light ink.
        let column: Vec<u8> = (250..550).step_by(4).map(|y| striped.get_pixel(300, y)[1]).collect();
        let (lo, hi) = (column.iter().min().copied().unwrap_or(0), column.iter().max().copied().unwrap_or(0));
        assert!(hi > lo + 80, "{lo}..{hi}");
    }

    #[test]
    fn names_choose_prints() {
        assert_eq!(Print::for_product("Striped Cotton Tee", 0), Print::Stripes);
        assert_eq!(Print::for_product("Checked Flannel Shirt", 0), Print::Checks);
        assert_eq!(Print::for_product("Ikat Print Kurti", 0), Print::Ikat);
        assert_eq!(Print::for_product("Block Print Cotton Kurti", 0), Print::BlockPrint);
        assert_eq!(Print::for_product("Classic Oxford Shirt", 0), Print::Plain);
    }
}
