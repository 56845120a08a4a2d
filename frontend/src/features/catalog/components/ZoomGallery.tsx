import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';

export interface GalleryPicture {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  srcset?: string | null;
}

/** "url 400w, url 800w" → the lightbox's responsive sources. */
function sources(srcset: string | null | undefined) {
  if (!srcset) return undefined;
  const out = srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .map(([src, w]) => ({ src, width: Number.parseInt(w ?? '', 10), height: 0 }))
    .filter((s) => s.src && Number.isFinite(s.width));
  return out.length ? out : undefined;
}

interface Props {
  open: boolean;
  index: number;
  pictures: GalleryPicture[];
  onClose: () => void;
}

/**
 * The product's pictures full screen, to swipe through and zoom (pinch, double tap, wheel):
 * yet-another-react-lightbox with its zoom plugin, in a chunk of its own loaded on the first
 * tap on the main picture.
 */
export default function ZoomGallery({ open, index, pictures, onClose }: Props) {
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3, scrollToZoom: true }}
      carousel={{ finite: pictures.length <= 1 }}
      render={pictures.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      labels={{ Close: 'Close gallery', Previous: 'Previous picture', Next: 'Next picture', 'Zoom in': 'Zoom in', 'Zoom out': 'Zoom out' }}
      slides={pictures.map((p) => ({
        src: p.src,
        alt: p.alt,
        width: p.width,
        height: p.height,
        srcSet: sources(p.srcset)?.map((s) => ({ ...s, height: p.width && p.height ? Math.round((s.width * p.height) / p.width) : s.width })),
      }))}
    />
  );
}
