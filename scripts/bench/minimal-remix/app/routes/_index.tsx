export const meta = () => [{ title: "Minimal" }];

export default function Index() {
  return <h1>Hello from a minimal Remix app</h1>;
}
