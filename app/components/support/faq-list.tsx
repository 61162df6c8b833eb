import { faqItems } from "~/models/support/faq";
import { useSupportContact } from "~/models/support/policy";

/**
 * Native <details> sharing one `name`: the browser keeps one open at a time, with
 * no JavaScript at all (older browsers simply allow several open).
 */
export function FaqList() {
  const { email } = useSupportContact();
  return (
    <div className="faq">
      {faqItems(email).map((item, i) => (
        <details key={item.q} name="faq" open={i === 0}>
          <summary>{item.q}</summary>
          <div>{item.a}</div>
        </details>
      ))}
    </div>
  );
}
