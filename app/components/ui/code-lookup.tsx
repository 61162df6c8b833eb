import { Form } from "@remix-run/react";

/**
 * A GET form that looks up one typed code (a certificate's code, a complaint's ticket):
 * it works without JavaScript and without signing in, keeps what was typed, and says a
 * refusal beside the field, read out when it appears.
 */
export function CodeLookupForm(props: { name: string; label: string; submit: string; typed: string; error: string | null; maxLength: number }) {
  const errorId = `${props.name}-error`;
  return (
    <Form method="get" className="form" noValidate>
      <div className="field">
        <label htmlFor={props.name}>{props.label}</label>
        <input
          id={props.name}
          name={props.name}
          defaultValue={props.typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={props.maxLength}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
        {props.error ? (
          <p id={errorId} className="field-error" role="alert">
            {props.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary">
        {props.submit}
      </button>
    </Form>
  );
}
