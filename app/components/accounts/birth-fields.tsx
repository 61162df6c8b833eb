import { TextField } from "~/components/ui/field";
import { useT } from "~/utils/i18n";
import type { FieldMeta } from "~/utils/use-schema-form";

/**
 * The date of birth and, where a parent's consent is asked (PARENTAL_CONSENT), the
 * parent's e-mail: always shown, since a page without JavaScript cannot reveal it once
 * the date says under 18 (issue 46, point 4).
 */
export function BirthFields({
  birthDate,
  parentEmail,
  askParent,
  labels,
}: {
  birthDate: FieldMeta;
  parentEmail: FieldMeta;
  askParent: boolean;
  labels?: { birthDate: string; parentEmail: string };
}) {
  const { t } = useT();
  return (
    <>
      <TextField
        label={labels?.birthDate ?? t("auth.birthDate")}
        field={birthDate}
        type="date"
        autoComplete="bday"
        hint={askParent ? t("auth.birthDateHint") : undefined}
      />
      {askParent ? (
        <TextField label={labels?.parentEmail ?? t("auth.parentEmail")} field={parentEmail} type="email" autoComplete="off" inputMode="email" />
      ) : null}
    </>
  );
}
