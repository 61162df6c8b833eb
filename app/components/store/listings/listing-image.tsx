import { THUMB } from "~/models/media/images";

// A listing's picture at one of three sizes, always with its width and height (no
// layout shift); without a picture, a designed placeholder that names the category.

const HUES = [210, 260, 160, 20, 330, 45, 190, 290];
const hueOf = (category: string) => HUES[[...category].reduce((acc, ch) => acc + ch.charCodeAt(0), 0) % HUES.length]!;

type Props = {
  src: string | null;
  category: string;
  alt: string;
  /** `thumb`: the store grid (3:4); `icon`: a row in My Products; `display`: the product page. */
  size: "thumb" | "icon" | "display";
  width?: number | null;
  height?: number | null;
  /** Images in the first row load at once; the rest when they come near. */
  eager?: boolean;
};

export function ListingImage({ src, category, alt, size, width, height, eager = false }: Props) {
  const box = size === "display" ? { width: width ?? 960, height: height ?? 1280 } : size === "icon" ? { width: 48, height: 64 } : THUMB;
  if (!src) {
    return (
      <div className={`listing-placeholder is-${size}`} style={{ "--hue": hueOf(category) } as React.CSSProperties} role={alt ? "img" : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M5 4.5A2.5 2.5 0 0 1 7.5 2H19v17H7.5a2.5 2.5 0 0 0 0 5H19v-2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {size === "icon" ? null : <span translate="no">{category}</span>}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={box.width}
      height={box.height}
      className={`listing-image is-${size}`}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(size === "thumb" ? { srcSet: `${src} ${THUMB.width}w`, sizes: `(max-width: 640px) 45vw, ${THUMB.width}px` } : {})}
      {...(eager && size !== "icon" ? { fetchPriority: "high" as const } : {})}
    />
  );
}
