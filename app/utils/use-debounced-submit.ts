import { useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ChangeEvent } from "react";

/**
 * For a search field in a GET form: with JavaScript, results follow typing after a
 * pause; without it, the form's own submit button does the same.
 */
export function useDebouncedSubmit(ms: number) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(form, { replace: true }), ms);
  };
}
