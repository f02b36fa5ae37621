// A problem and its question in the page's address: JSON, compressed
// (deflate), in base64url.
async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export async function encodeShare(value) {
  const packed = await pipe(new TextEncoder().encode(JSON.stringify(value)), new CompressionStream("deflate-raw"));
  let text = "";
  for (const b of packed) text += String.fromCharCode(b);
  return "s=" + btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export async function decodeShare(hash) {
  const params = new URLSearchParams(hash);
  const code = params.get("s");
  if (!code) throw new Error("no problem in it");
  const text = atob(code.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const json = await pipe(bytes, new DecompressionStream("deflate-raw"));
  return JSON.parse(new TextDecoder().decode(json));
}
