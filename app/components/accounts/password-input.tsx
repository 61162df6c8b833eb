import { useState } from "react";
import { TextField } from "~/components/ui/field";
import { useT, type MessageId } from "~/utils/i18n";
import { useHydrated } from "~/utils/use-hydrated";
import type { FieldMeta } from "~/utils/use-schema-form";
import { passwordScore, strengthLabel, type StrengthLabel } from "~/models/accounts/passwords/password-strength";

// The words are the auth namespace's: every page with a password field loads it.
const STRENGTH: Record<StrengthLabel, MessageId> = { "Weak password": "auth.password.weak", "Good password": "auth.password.good", "Strong password": "auth.password.strong" };
const REQUIREMENTS: MessageId[] = ["auth.password.req.length", "auth.password.req.upper", "auth.password.req.number", "auth.password.req.special"];

/**
 * A password field; with JavaScript it gains a show/hide toggle and, if asked, a strength
 * meter. The toggle is in the server's HTML too, hidden until the page hydrates: adding
 * it then would wrap the input anew and wipe what was typed (or filled by a password
 * manager) before React arrived.
 */
export function PasswordField({
  label,
  field,
  autoComplete,
  meter = false,
}: {
  label: string;
  field: FieldMeta;
  autoComplete: "current-password" | "new-password";
  meter?: boolean;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState("");
  const { t } = useT();
  return (
    <>
      <TextField
        label={label}
        field={field}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        onInput={(e) => setValue(e.currentTarget.value)}
        trailing={
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            hidden={!hydrated}
            aria-pressed={visible}
            aria-controls={field.id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t("auth.password.hide") : t("auth.password.show")}
          </button>
        }
      />
      {meter && value ? <StrengthMeter password={value} /> : null}
    </>
  );
}

export function StrengthMeter({ password }: { password: string }) {
  const score = passwordScore(password);
  const { t } = useT();
  const label = t(STRENGTH[strengthLabel(score)]);
  const tone = score <= 2 ? "weak" : score <= 4 ? "good" : "strong";
  return (
    <div className="meter" aria-live="polite">
      <div className="meter-bar" aria-hidden="true">
        <span className={`meter-${tone}`} style={{ width: `${score * 20}%` }} />
      </div>
      <span className="muted">{label}</span>
    </div>
  );
}

export function PasswordRequirements() {
  const { t } = useT();
  return (
    <div className="requirements">
      <strong>{t("auth.password.requirements")}</strong>
      <ul>
        {REQUIREMENTS.map((r) => (
          <li key={r}>{t(r)}</li>
        ))}
      </ul>
    </div>
  );
}
