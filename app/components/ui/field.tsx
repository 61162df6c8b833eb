import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";

type InputType = "text" | "email" | "password" | "tel" | "number" | "search" | "url";

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
  field: FieldMetadata<string>;
  type?: InputType;
  hint?: string;
  trailing?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue">) {
  const { key, ...props } = getInputProps(field, { type, ariaAttributes: true });
  const describedBy = [field.errors ? field.errorId : null, hint ? field.descriptionId : null].filter(Boolean).join(" ");
  const input = <input key={key} {...props} {...rest} aria-describedby={describedBy || undefined} />;
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
      {hint ? (
        <p id={field.descriptionId} className="muted" style={{ margin: 0, fontSize: ".85rem" }}>
          {hint}
        </p>
      ) : null}
      <p id={field.errorId} className="field-error">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

export function TextareaField({
  label,
  field,
  ...rest
}: {
  label: string;
  field: FieldMetadata<string>;
  rows?: number;
  maxLength?: number;
  /** Only where the student just asked for this form (e.g. back from logging in to comment). */
  autoFocus?: boolean;
}) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea key={key} {...props} {...rest} />
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
  field: FieldMetadata<string>;
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select key={key} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
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
export function CheckboxField({ field, children }: { field: FieldMetadata<string | boolean>; children: ReactNode }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  return (
    <div className="field">
      <label className="check">
        <input key={key} {...props} />
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
