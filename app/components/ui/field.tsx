import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldMeta } from "~/utils/use-schema-form";

/** The attributes every control of a field carries: its name, first value and error wiring. */
export function controlProps(field: FieldMeta, options: { describedBy?: string } = {}) {
  const describedBy = [field.errors ? field.errorId : null, options.describedBy ?? null].filter(Boolean).join(" ");
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": field.errors ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

type InputType = "text" | "email" | "password" | "tel" | "number" | "search" | "url" | "date";

/** A labelled input with its error in a reserved line, wired for screen readers. */
export function TextField({
  label,
  field,
  type = "text",
  hint,
  trailing,
  ...rest
}: {
  label: string;
  field: FieldMeta;
  type?: InputType;
  hint?: string;
  trailing?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue">) {
  const input = <input {...controlProps(field, { describedBy: hint ? field.descriptionId : undefined })} type={type} defaultValue={type === "password" ? undefined : field.initialValue} {...rest} />;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {trailing ? (
        <div className="password-row">
          {input}
          {trailing}
        </div>
      ) : (
        input
      )}
      {hint ? <FieldHint id={field.descriptionId}>{hint}</FieldHint> : null}
      <p id={field.errorId} className="field-error">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

/** What a field is for, or who sees it: read by screen readers with the field. */
function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="muted" style={{ margin: 0, fontSize: ".85rem" }}>
      {children}
    </p>
  );
}

export function TextareaField({
  label,
  field,
  hint,
  ...rest
}: {
  label: string;
  field: FieldMeta;
  rows?: number;
  maxLength?: number;
  /** Only where the student just asked for this form (e.g. back from logging in to comment). */
  autoFocus?: boolean;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...controlProps(field, { describedBy: hint ? field.descriptionId : undefined })} defaultValue={field.initialValue} {...rest} />
      {hint ? <FieldHint id={field.descriptionId}>{hint}</FieldHint> : null}
      <p id={field.errorId} className="field-error">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

export function SelectField({
  label,
  field,
  placeholder,
  options,
}: {
  label: string;
  field: FieldMeta;
  placeholder?: string;
  /** `typed`: the labels are what admins or users wrote (category names), shown as written (`translate="no"`). */
  options: ReadonlyArray<{ value: string; label: string; typed?: boolean }>;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...controlProps(field)} defaultValue={field.initialValue ?? ""}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} translate={o.typed ? "no" : undefined}>
            {o.label}
          </option>
        ))}
      </select>
      <p id={field.errorId} className="field-error">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

/** A checkbox with its label beside it (the label may hold links). */
export function CheckboxField({ field, children }: { field: FieldMeta; children: ReactNode }) {
  return (
    <div className="field">
      <label className="check">
        <input {...controlProps(field)} type="checkbox" defaultChecked={field.initialValue === "on"} />
        <span>{children}</span>
      </label>
      <p id={field.errorId} className="field-error">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

/** Form-level errors (wrong password, rate limit) announced to screen readers. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} hidden />;
  return (
    <div id={id} className="alert alert-error" role="alert">
      {errors.map((e) => (
        <p key={e} style={{ margin: 0 }}>
          {e}
        </p>
      ))}
    </div>
  );
}
