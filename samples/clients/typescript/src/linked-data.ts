// Sorcha's documents as linked data, through jsonld.js 9 (a real JSON-LD 1.1 processor): each path given is
// dereferenced by the processor itself (its node document loader sends Accept: application/ld+json, and the token),
// expanded, and compacted again with the context the document names, which the processor fetches from the gateway.
//
//   npx tsx src/linked-data.ts <gateway> <path>...    SORCHA_TOKEN: a bearer token for the documents
//
// Prints one line "linked {json}" per path: the document as answered, its expansion, the compaction and every URL the
// processor loaded. Safe mode is on: a member the context cannot map, or any other loss, fails the expansion. Exits 1
// when a fetch or the processor fails.
import jsonld, { type DocumentLoader } from "jsonld";

const [gateway, ...paths] = process.argv.slice(2);
const token = process.env.SORCHA_TOKEN;
if (!gateway || paths.length === 0 || !token) {
  console.error("usage: SORCHA_TOKEN=<token> tsx src/linked-data.ts <gateway> <path>...");
  process.exit(2);
}

const loaded: string[] = [];
const node = jsonld.documentLoaders.node({ headers: { Authorization: `Bearer ${token}` } });
const documentLoader: DocumentLoader = async (url) => {
  loaded.push(url);
  return node(url);
};

for (const path of paths) {
  const url = new URL(path, gateway).toString();
  const response = await fetch(url, { headers: { Accept: "application/ld+json", Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  }
  const document = (await response.json()) as Record<string, unknown>;
  loaded.length = 0;
  const expanded = await jsonld.expand(url, { documentLoader, safe: true });
  const compacted = await jsonld.compact(expanded, document["@context"], { documentLoader, safe: true });
  console.log(`linked ${JSON.stringify({ path, contentType: response.headers.get("content-type"), document, expanded, compacted, loaded })}`);
}
