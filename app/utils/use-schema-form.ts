import type { SubmissionResult } from "@conform-to/react";
import { useId, useState, type FormEvent } from "react";
import type { z } from "zod";

/** What a field component needs: its ids, name, value to start from and message. */
export type FieldMeta = {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  initialValue: string | undefined;
};

/** Every key of every member of a union (a form whose schema is a discriminated union). */
type KeysOf<T> = T extends unknown ? keyof T & string : never;

export type FormMeta = {
  id: string;
  errorId: string;
  errors: string[] | undefined;
  /** Spread on the <Form>: its id, and a message cleared as its field is edited. */
  props: { id: string; noValidate: true; onInput: (event: FormEvent<HTMLFormElement>) => void };
};

/**
 * A form checked by its action's zod schema on the server only (docs/product/style.md §3): the
 * browser gets the action's reply (Conform's `submission.reply()`), never Zod or
 * Conform themselves, which would cost every form page about 26 KB (issue 18). The
 * reply keeps the input and shows the messages, with JavaScript or without; with it, a
 * field's message clears as soon as the field is edited (docs/product/marketplace.md §5).
 * `Schema` is a type argument only: passing the schema object would ship Zod.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: { id?: string; defaultValue?: Record<string, unknown> } = {},
): [FormMeta, Record<KeysOf<z.input<Schema>>, FieldMeta>] {
  const generated = useId();
  const formId = options.id ?? `form${generated.replace(/:/g, "")}`;
  // Fields edited since the last reply; a new reply (a new object) starts afresh.
  const [edited, setEdited] = useState<{ reply: unknown; names: Set<string> }>({ reply: lastResult, names: new Set() });
  const names = edited.reply === lastResult ? edited.names : new Set<string>();
  const errorOf = (name: string) => (names.has(name) ? undefined : (lastResult?.error?.[name] ?? undefined) || undefined);
  const valueOf = (name: string) => {
    const value = (lastResult?.initialValue as Record<string, unknown> | undefined)?.[name] ?? options.defaultValue?.[name];
    return typeof value === "string" ? value : value === undefined || value === null ? undefined : String(value);
  };

  const fields = new Proxy({} as Record<string, FieldMeta>, {
    get(_, name) {
      if (typeof name !== "string") return undefined;
      const id = `${formId}-${name}`;
      return { id, name, errorId: `${id}-error`, descriptionId: `${id}-description`, errors: errorOf(name), initialValue: valueOf(name) };
    },
  });

  const form: FormMeta = {
    id: formId,
    errorId: `${formId}-form-error`,
    // A form's own message (a wrong password, a limit) stays until the next reply.
    errors: lastResult?.error?.[""] ?? undefined,
    props: {
      id: formId,
      noValidate: true,
      onInput: (event) => {
        const name = (event.target as HTMLInputElement).name;
        if (!name || names.has(name) || !lastResult?.error?.[name]) return;
        setEdited({ reply: lastResult, names: new Set([...names, name]) });
      },
    },
  };
  return [form, fields as Record<KeysOf<z.input<Schema>>, FieldMeta>];
}
