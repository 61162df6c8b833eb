import type { ReactNode } from "react";

export function ContentPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <>
      <div className="page-head">
        <div className="container prose">
          <h1>{title}</h1>
          {intro ? <p className="muted" style={{ marginBottom: 0 }}>{intro}</p> : null}
        </div>
      </div>
      <article className="container prose section">{children}</article>
    </>
  );
}
