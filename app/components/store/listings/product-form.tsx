import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField, controlProps, FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { IMAGE_ACCEPT } from "~/models/media/images";
import { conditionKey } from "~/components/store/listings/product-card";
import { useT, type MessageId } from "~/utils/i18n";
import { LISTING_MAX, LISTING_PHOTOS_MAX, PHOTOS_FOR_WEAR, PRICE_MAX_RUPEES } from "~/models/store/listings/listing";
import type { ListingSchema } from "~/models/store/listings/listing-schema";
import { PRODUCT_CONDITIONS } from "~/utils/enums";
import { useIsPending } from "~/utils/use-is-pending";
import { useSchemaForm } from "~/utils/use-schema-form";
import { useScaledPhoto } from "~/components/store/listings/use-scaled-photo";

export type ListingDefaults = {
  title: string;
  description: string;
  price: string;
  category: string;
  author: string;
  publisher: string;
  isbn: string;
  condition: string;
  isActive: boolean;
};

export const NEW_LISTING: ListingDefaults = { title: "", description: "", price: "", category: "", author: "", publisher: "", isbn: "", condition: "Good", isActive: true };

/**
 * Its words are "sell" (and "store.state" for the conditions): the new and edit pages load them.
 *
 * The product form (docs/product/marketplace.md §2, §5): a plain multipart post, so it works without
 * JavaScript; with it, the text fields are checked as the seller types. After a refused
 * post every field comes back as typed, except the photos (browsers never refill a file
 * input), which the form asks for again. On the edit form, photos chosen are added to the
 * listing's own (its photos page reorders and removes them).
 */
export function ProductForm({
  lastResult,
  defaults,
  categories,
  currentImage,
  photoCount = 0,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaults: ListingDefaults;
  categories: ReadonlyArray<{ id: number; name: string }>;
  currentImage?: { url: string; width: number; height: number } | null;
  /** The photos the listing has (the edit form adds to them). */
  photoCount?: number;
}) {
  const pending = useIsPending();
  const photo = useScaledPhoto();
  const { t } = useT();
  const [form, fields] = useSchemaForm<typeof ListingSchema>(lastResult, {
    defaultValue: { ...defaults, isActive: defaults.isActive ? "on" : undefined },
  });
  return (
    <Form method="post" encType="multipart/form-data" className="form card" {...form.props}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label={t("sell.form.title")} field={fields.title} maxLength={LISTING_MAX.title} />
      <TextareaField label={t("sell.form.description")} field={fields.description} rows={5} maxLength={LISTING_MAX.description} />
      <div className="form-row">
        <TextField label={t("sell.form.price")} field={fields.price} inputMode="numeric" pattern="[0-9,]*" hint={t("sell.form.priceHint", { max: PRICE_MAX_RUPEES.toLocaleString("en-IN") })} />
        <SelectField label={t("sell.form.category")} field={fields.category} placeholder={t("sell.form.chooseCategory")} options={categories.map((c) => ({ value: String(c.id), label: c.name, typed: true }))} />
      </div>
      <div className="form-row">
        <TextField label={t("sell.form.author")} field={fields.author} maxLength={LISTING_MAX.author} autoComplete="off" />
        <TextField label={t("sell.form.publisher")} field={fields.publisher} maxLength={LISTING_MAX.publisher} autoComplete="off" />
      </div>
      <div className="form-row">
        <TextField label={t("sell.form.isbn")} field={fields.isbn} maxLength={LISTING_MAX.isbn} autoComplete="off" hint={t("sell.form.isbnHint")} />
        <SelectField label={t("sell.form.condition")} field={fields.condition} options={PRODUCT_CONDITIONS.map((c) => ({ value: c, label: t("store.state", { condition: conditionKey(c) }) }))} />
      </div>
      {/* What each grade means, where it is chosen (issue 49, point 6): the buyer reads the same words. */}
      <details>
        <summary>{t("sell.form.gradesHelp")}</summary>
        <dl className="facts-list">
          {PRODUCT_CONDITIONS.map((c) => (
            <div key={c}>
              <dt>{t("store.state", { condition: conditionKey(c) })}</dt>
              <dd>{t(`store.grade.${conditionKey(c)}` as MessageId)}</dd>
            </div>
          ))}
        </dl>
      </details>
      <CheckboxField field={fields.isActive}>{t("sell.form.active")}</CheckboxField>
      <div className="field">
        <label htmlFor={fields.image.id}>{t("sell.form.image")}</label>
        {currentImage ? (
          <img src={currentImage.url} alt={t("sell.form.current")} width={currentImage.width} height={currentImage.height} className="form-image-preview" loading="lazy" decoding="async" />
        ) : null}
        <input {...controlProps(fields.image, { describedBy: `${fields.image.id}-hint` })} type="file" accept={IMAGE_ACCEPT} multiple onChange={photo.onChange} />
        <p id={`${fields.image.id}-hint`} className="muted" style={{ margin: 0, fontSize: ".85rem" }} role={photo.scaling ? "status" : undefined}>
          {photo.scaling ? t("sell.msg.scaling") : `${t("sell.msg.imageHint")} · ${t("sell.form.photosHint", { max: LISTING_PHOTOS_MAX, count: PHOTOS_FOR_WEAR })}`}
          {photoCount > 0 && !photo.scaling ? t("sell.form.adds", { count: photoCount }) : ""}
        </p>
        <p id={fields.image.errorId} className="field-error">
          {fields.image.errors?.join(" ")}
        </p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending || photo.scaling}>
        {pending ? t("sell.form.saving") : t("sell.form.save")}
      </button>
    </Form>
  );
}
