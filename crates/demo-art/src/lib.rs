//! Demo product pictures drawn by the program: a garment silhouette in the variant's colour on a
//! soft background, with simple shading. No network, no bundled photos.

use std::io::Cursor;

use image::{ImageBuffer, ImageFormat, Rgb};

#[derive(Debug, Clone, Copy)]
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

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> Rgb<u8> {
    // Adding one half and truncating rounds these non-negative values like `round()`, without
    // a libm call per channel (the demo draws about a hundred pictures at start-up).
    let m = |x: u8, y: u8| (f32::from(x) * (1.0 - t) + f32::from(y) * t + 0.5) as u8;
    Rgb([m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])])
}

/// A 480 × 600 JPEG of the garment in the colour, on a background tinted by `tint`.
pub fn garment_picture(garment: Garment, hex: &str, tint: u32) -> Vec<u8> {
    let (width, height) = (480u32, 600u32);
    let colour = rgb(hex);
    let backgrounds = [[246, 241, 234], [236, 242, 246], [244, 238, 246], [238, 246, 240]];
    let background = backgrounds[(tint % 4) as usize];
    let shape = outline(garment);
    let img = ImageBuffer::from_fn(width, height, |px, py| {
        let x = px as f32 * 100.0 / width as f32;
        let y = py as f32 * 125.0 / height as f32;
        if inside(shape, x, y) {
            // Light from the top left; a seam line down the middle for texture.
            let shade = 0.18 * (x / 100.0) + 0.12 * (y / 125.0);
            let seam = if (x - 50.0).abs() < 0.4 { 0.15 } else { 0.0 };
            mix(colour, [20, 20, 20], (shade + seam).min(0.6))
        } else if inside(shape, x - 2.0, y - 2.0) {
            mix(background, [120, 110, 100], 0.25)
        } else {
            let vignette = ((x - 50.0).powi(2) + (y - 62.0).powi(2)).sqrt() / 90.0;
            mix(background, [200, 190, 180], (vignette * 0.3).min(0.3))
        }
    });
    let mut out = Cursor::new(Vec::new());
    // Writing into memory cannot fail for a well-formed buffer; an empty result is caught
    // by the media store's checks.
    let _ = img.write_to(&mut out, ImageFormat::Jpeg);
    out.into_inner()
}
