import { useT } from "~/utils/i18n";

type Photo = { image_url: string; thumbnail_url: string; width: number; height: number };

/**
 * A listing's photos on its page (issue 49, point 6): one at a time in a row the buyer
 * swipes (CSS scroll snap), each a link to itself at full size, and the small ones below
 * as links to each, so it works without JavaScript. Only the first loads at once; the rest as they come into view.
 */
export function PhotoGallery({ photos, title }: { photos: Photo[]; title: string }) {
  const { t } = useT();
  return (
    <div>
      {/* Each photo opens at full size, to look closely at the wear; the links also let a keyboard reach the row. */}
      <div className="gallery" role="group" aria-label={t("store.product.photos", { count: photos.length })}>
        {photos.map((p, i) => (
          <a key={p.image_url} id={`photo-${i + 1}`} href={p.image_url}>
            <img
              src={p.image_url}
              alt={i === 0 ? title : t("store.product.photo", { n: i + 1, count: photos.length })}
              width={p.width}
              height={p.height}
              loading={i === 0 ? "eager" : "lazy"}
              decoding="async"
              {...(i === 0 ? { fetchPriority: "high" as const } : {})}
            />
          </a>
        ))}
      </div>
      <p className="thumbs">
        {photos.map((p, i) => (
          <a key={p.image_url} href={`#photo-${i + 1}`}>
            <img src={p.thumbnail_url} alt={t("store.product.showPhoto", { n: i + 1 })} width={64} height={48} loading="lazy" decoding="async" />
          </a>
        ))}
      </p>
    </div>
  );
}
