import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * Whether *this* form is being sent: a navigation is under way with this form's action
 * and method. Another form on the page (the cookie banner, sign-out) does not count.
 */
export function useIsPending({ formAction, formMethod = "POST" }: { formAction?: string; formMethod?: "POST" | "GET" } = {}) {
  const navigation = useNavigation();
  const ownAction = useFormAction(formAction);
  return navigation.state !== "idle" && navigation.formAction === ownAction && navigation.formMethod === formMethod;
}
