import { createContext, useContext } from "react";

// The request's CSP nonce, handed from entry.server.tsx to the <Scripts> of root.tsx.
// In the browser it is empty: the nonce is only needed in the server's HTML.
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
