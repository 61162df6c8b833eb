import sanitizeHtml from "sanitize-html";

// Blog HTML is sanitised on the server whatever its source (seed, admin SQL, a
// future editor): only text formatting, links and images survive.
export function sanitizePostHtml(html: string) {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "h2", "h3", "h4", "strong", "em", "b", "i", "u", "ul", "ol", "li", "blockquote", "code", "pre", "a", "img", "hr"],
    allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "width", "height", "loading", "decoding"] },
    allowedSchemes: ["https", "http", "mailto"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
      img: sanitizeHtml.simpleTransform("img", { loading: "lazy", decoding: "async" }),
    },
  });
}
