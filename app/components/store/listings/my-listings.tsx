// The seller's listings on My Products (app/routes/store.my-products.tsx): a table on a
// desktop, a card per listing on a phone, each with its status and its actions.
import { Link } from "@remix-run/react";
import { ListingImage } from "~/components/store/listings/listing-image";
import { useT, type MessageId } from "~/utils/i18n";
import { formatINR } from "~/utils/money";

/** A listing as the seller's page reads it (models/store/listings/listings.server.ts, myListings). */
export type MyListing = { id: string; title: string; price: number; is_active: boolean; stock: number; thumbnail_url: string | null; category: string };

function statusOf(listing: { is_active: boolean; stock: number }): { label: MessageId; tone: string } {
  if (listing.stock === 0) return { label: "sell.status.sold", tone: "tone-blue" };
  return listing.is_active ? { label: "sell.status.active", tone: "tone-green" } : { label: "sell.status.inactive", tone: "tone-gray" };
}

export function Listings({ listings }: { listings: MyListing[] }) {
  const { t } = useT();
  return (
    <>
      {listings.length === 0 ? (
        <div className="card empty">
          <p>{t("sell.noListings")}</p>
          <Link to="/store/new" className="btn btn-primary">
            {t("sell.firstListing")}
          </Link>
        </div>
      ) : (
        // A table on a desktop; on a phone each row is a card (CSS), nothing scrolls sideways.
        <table className="my-products">
          <thead>
            <tr>
              <th scope="col">{t("sell.col.product")}</th>
              <th scope="col">{t("sell.col.category")}</th>
              <th scope="col">{t("sell.col.price")}</th>
              <th scope="col">{t("sell.col.status")}</th>
              <th scope="col">{t("sell.col.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {listings.map((listing) => {
              const status = statusOf(listing);
              return (
                <tr key={listing.id}>
                  <td data-label={t("sell.col.product")}>
                    <span className="my-product">
                      <ListingImage src={listing.thumbnail_url} category={listing.category} size="icon" alt="" />
                      <span translate="no">{listing.title}</span>
                    </span>
                  </td>
                  <td data-label={t("sell.col.category")} translate="no">
                    {listing.category}
                  </td>
                  <td data-label={t("sell.col.price")}>{formatINR(listing.price)}</td>
                  <td data-label={t("sell.col.status")}>
                    <span className={`badge ${status.tone}`}>{t(status.label)}</span>
                  </td>
                  <td data-label={t("sell.col.actions")}>
                    <span className="actions-row">
                      <Link to={`/store/${listing.id}/edit`} aria-label={t("sell.editLabel", { title: listing.title })}>{t("sell.edit")}</Link>
                      <Link to={`/store/${listing.id}/image`} aria-label={t("sell.uploadLabel", { title: listing.title })}>{t("sell.upload")}</Link>
                      <Link to={`/store/${listing.id}/productdetails`} aria-label={t("sell.viewLabel", { title: listing.title })}>{t("sell.view")}</Link>
                      <Link to={`/store/${listing.id}/delete`} className="danger-link" aria-label={t("sell.deleteLabel", { title: listing.title })}>{t("sell.delete")}</Link>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
